"""Wave 14's placement speed-ups: placements kept by a condition's table picked in C from
the region's flags (``generators._kept_by_flags``, ``_kept_empty_by``; against the loop
over the sites and no table for the empty sites, ``PLAIN_KEPT``); against the flood fill
and the loops over the sites: the empty sites not counted again when the kept
articulation points answered and passed with the table (``connected``); the kept
trackers' positions counted afresh copied back for a position near them
(``planarcuts``' and ``neighbourcounts``' starts); the changed cells read off the
lowest bits; groups' sizes read from the board's bytes (``groups._sizes_by_bytes``,
against the loop over every site); the stones' table of ``(is Connected (sites Board)
...)`` from the kept counts (against the shifts); the tracker's ring patterns kept as
codes per cell (against the patterns' tuples of a ring too long for codes). On games
written here and on the seed games."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import neighbourcounts, planarcuts
from ludeme.ludemes.conditions import connected
from ludeme.ludemes.moves import generators
from tests.engine.test_planar_cuts import _board, orthogonal_tracker
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off, compiled
from tests.engine.test_speedups import (
    agree_along_games_and_fillings,
    counted_by_loops,
    not_site_local,
)

#: room around each placement, and every empty site still joined to the empty edge
ROOMY_JOINED = """(game "Roomy Atoll" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)
                               if:(>= (count Sites in:(sites Around (to) Orthogonal
                                                         if:(is Empty (to)))) {k})))
                   ifAfterwards:(is Connected (sites Empty) Orthogonal
                                    to:(intersection (sites Perimeter) (sites Empty))
                                    through:(sites Empty))
                   {then}))
         (end (if (no Moves Next) (byScore)))))"""

#: every stone next to an empty site joined to the edge, placements anywhere empty
TOUCHING = """(game "Breathing Stones" (players 2)
  (equipment {{(board {board}) (piece "Pebble" Each)}})
  (rules (play (do (move Add (to (sites Empty)))
                   ifAfterwards:(is Connected (sites Board) Orthogonal
                                    to:(intersection (sites Perimeter) (sites Empty))
                                    through:(sites Empty))))
         (end (if (no Moves Next) (result Mover Win)))))"""

CAPTURE = ("then:(remove (sites Around (last To) Orthogonal if:(and (is Occupied (to)) "
           "(< (count Sites in:(sites Around (to) Orthogonal if:(is Empty (to)))) 2))))")

GAMES = [
    (ROOMY_JOINED.format(board="(hex 4)", k=2, then=""), ("Disc1", "Disc2")),
    (ROOMY_JOINED.format(board="(square 6)", k=2, then=CAPTURE), ("Disc1", "Disc2")),
    (ROOMY_JOINED.format(board="(hex 3)", k=1, then=CAPTURE), ("Disc1", "Disc2")),
    (TOUCHING.format(board="(hex 4)"), ("Pebble1", "Pebble2")),
    (TOUCHING.format(board="(square 5)"), ("Pebble1", "Pebble2")),
]


#: the placements kept by a loop over the region's sites (``_kept_by_flags`` replaced),
#: and the empty sites' placements with no ``kept_by`` of their own (made, then filtered)
PLAIN_KEPT = ((generators, "_kept_by_flags", lambda table, flags, slow: slow),
              (generators, "_kept_empty_by", lambda table, first, stop: None))


@pytest.mark.parametrize("text,pieces", GAMES)
def test_placements_picked_from_flags_alike(monkeypatch, spied, text, pieces):
    made = spied(generators, "_kept_by_flags")
    spied(generators, "_kept_empty_by", into=made)
    fast = compiled(text)
    assert made                                 # the flags are read
    for module, name, plain in PLAIN_KEPT:
        monkeypatch.setattr(module, name, plain)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(text), games=6) > 40
    assert agree_along_games_and_fillings(fast, slow, pieces, seed=5) > 60


@pytest.mark.parametrize("text,pieces", GAMES)
def test_kept_answers_alike_with_the_flood_fill_and_the_loops(monkeypatch, text, pieces):
    fast = compiled(text)
    monkeypatch.setattr(connected, "_site_local", not_site_local)
    counted_by_loops(monkeypatch)
    slow = compiled(text)
    # several games in a row: each starts from the position a start was kept for
    assert agree_along_games(fast, slow, seed=7, games=8) > 50
    assert agree_along_games_and_fillings(fast, slow, pieces, seed=9) > 60


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7"]),
    ("brain-coral", ["Board/Hexagon 4"]),
    ("brain-coral", ["Board/Square 7"]),
])
def test_seed_games_alike_with_and_without(monkeypatch, name, options):
    fast, slow = bundled_on_off(monkeypatch, name, options,
                                *PLAIN_KEPT)
    assert agree_along_games(fast, slow, seed=31, games=5) > 60


@pytest.mark.parametrize("codes", [True, False])
@pytest.mark.parametrize("shape", ["hex 4", "square 6"])
def test_kept_starts_give_the_searched_cuts(monkeypatch, shape, codes):
    """A tracker asked again for positions at or near those it was reset for (jumps
    back to a few positions, as each game's start) answers as the search; with ring
    codes, or without (rings too long for them)."""
    from ludeme.ludemes.conditions.connected import _plain_articulation

    if not codes:
        monkeypatch.setattr(planarcuts, "CODES_MAX_RING", 0)
    tracker, nb, edge = orthogonal_tracker(shape)
    n = len(nb)
    assert tracker.codes == codes
    near = tracker._near_start
    hits = []
    tracker._near_start = lambda e: hits.append(near(e)) or hits[-1]
    rng = random.Random(n)
    starts = [bytearray(n)] + [bytearray(rng.random() < 0.3 for _ in range(n))
                               for _ in range(2)]
    compared = restored = 0
    for game in range(80):
        occupied = bytearray(starts[game % len(starts)])
        for _ in range(game % 3):                       # near a start, not at it
            occupied[rng.randrange(n)] ^= 1
        for _step in range(rng.randrange(3, n // 2)):
            in_c = bytearray(1 - v for v in occupied)
            e = int.from_bytes(in_c, "little")
            restored += e in tracker.starts
            seeds = [x for x in edge if in_c[x]]
            _, cut, _, order = _plain_articulation(seeds, in_c, nb, n)
            found = tracker.cuts(in_c)
            assert found == (None if len(order) - 1 != sum(in_c) else bytes(cut))
            compared += 1
            occupied[rng.randrange(n)] ^= 1
    assert compared > 300 and restored > 10
    assert sum(k is not None for k in hits) > 40         # copied back, then changed


def test_kept_counts_restored_at_a_start(monkeypatch):
    monkeypatch.setattr(neighbourcounts, "KEPT_MIN_OFFSETS", 0)
    nb = _board("square 6").nbrs["Orthogonal"]
    n = len(nb)
    kept = neighbourcounts.kept_counts(nb, 2)
    rng = random.Random(3)
    starts = [bytearray([1] * n), bytearray(rng.random() < 0.6 for _ in range(n))]
    for game in range(30):
        empty = bytearray(starts[game % 2])
        for _ in range(12):
            e = int.from_bytes(empty, "little")
            for level in range(2):
                above = kept.above(bytes(empty), e, level).to_bytes(n, "little")
                assert list(above) == [int(sum(empty[y] for y in nb[x]) > level)
                                       for x in range(n)]
            empty[rng.randrange(n)] ^= 1
    assert len(kept.starts) == 2


#: scores from the groups after every placement: the mover's largest, the other's count,
#: every owner's groups (a shared piece among them)
CLUMPS = """(game "Clumps" (players 2)
  (equipment {{(board {board}) (piece "Bead" Each) (piece "Rock" Shared)}})
  (rules
    (start (place "Rock0" {{"{rock}"}}))
    (play (move Add (to (sites Empty))
            (then (and (set Score P1 (+ (max (sizes Group {dirs} P1)) (count Groups {dirs} P2)))
                       (set Score P2 (+ (count Groups {dirs}) (max (sizes Group {dirs}))))))))
    (end (if (is Full) (byScore)))))"""


def _scores_along(fast, slow, seed: int, games: int) -> int:
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            moves = [a.move_to_string(m) for m in a.legal_moves()]
            m = moves[rng.randrange(len(moves))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
            assert a.scores() == b.scores()
            compared += 1
        assert b.is_terminal() and a.returns() == b.returns()
    return compared


def plain_group_sizes(monkeypatch) -> None:
    """Groups' sizes compiled to the loop over every site (what a board whose sites are
    not numbered 0..n-1 gets), not read from the board's bytes and kept per position."""
    from ludeme.ludemes.numbers import groups

    monkeypatch.setattr(groups, "_sizes_by_bytes", lambda nb, n, owner, players, slow: slow)


@pytest.mark.parametrize("board,dirs,rock", [
    ("(hex 3)", "Orthogonal", "C3"),
    ("(square 5)", "Adjacent", "C3"),
    ("(rectangle 3 6)", "Orthogonal", "A1"),
])
def test_group_sizes_by_bytes_alike(monkeypatch, spied, board, dirs, rock):
    from ludeme.ludemes.numbers import groups

    text = CLUMPS.format(board=board, dirs=dirs, rock=rock)
    made = spied(groups, "_sizes_by_bytes")
    fast = compiled(text)
    assert made
    plain_group_sizes(monkeypatch)
    slow = compiled(text)
    assert _scores_along(fast, slow, seed=11, games=6) > 50


@pytest.mark.parametrize("board,every_table", [("(hex 4)", False), ("(hex 5)", False),
                                               ("(square 6)", True)])
def test_stones_table_from_kept_counts_alike(monkeypatch, board, every_table):
    if every_table:
        monkeypatch.setattr(neighbourcounts, "KEPT_MIN_OFFSETS", 0)
    made = []
    kept_counts = neighbourcounts.kept_counts
    monkeypatch.setattr(neighbourcounts, "kept_counts",
                        lambda *a: made.append(kept_counts(*a)) or made[-1])
    text = TOUCHING.format(board=board)
    fast = compiled(text)
    assert any(k is not None for k in made)
    # the shifts (a table of few offsets gets them)
    monkeypatch.setattr(neighbourcounts, "kept_counts", lambda *a: None)
    made.clear()
    slow = compiled(text)
    assert not made
    assert agree_along_games(fast, slow, seed=41, games=8) > 80
    assert agree_along_games_and_fillings(fast, slow, ("Pebble1", "Pebble2"), seed=43) > 60
