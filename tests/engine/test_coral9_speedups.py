"""Wave 16's placement speed-ups: the ring patterns' entries named by ring positions and
shared by the cells of one shape, one cell placed asked in one loop with its ring's codes
and three local parts compared in place (``planarcuts``); the capture test counted in
place (``around._counted_rest``); the kept counts following one change from its bit and
reading two levels at once (``neighbourcounts.KeptCounts``); the placements' table made
from the tracker (``connected._planar_lane``). On random positions against the
depth-first search or counting afresh, on games written for the tests against the flood
fill or the condition asked of each neighbour, and on the seed games."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import planarcuts
from ludeme.ludemes.conditions import connected
from tests.engine.test_coral7_speedups import _searched_along
from tests.engine.test_planar_cuts import CAPTURING, _board, orthogonal_tracker
from tests.engine.test_seed_speedups import agree_along_games, compiled
from tests.engine.test_speedups import not_site_local


@pytest.mark.parametrize("shape", ["hex 4", "square 6", "rectangle 3 7"])
def test_kept_cuts_with_shared_entries_and_one_loop_are_the_searched_ones(shape):
    tracker, nb, edge = orthogonal_tracker(shape)
    merged = []
    ask_moved = tracker._ask_moved
    tracker._ask_moved = lambda: merged.append(1) or ask_moved()
    looped = []
    asked = tracker._placed
    tracker._placed = lambda x: looped.append(x) or asked(x)
    missed = []
    miss = tracker._missed
    tracker._missed = lambda t, c: missed.append((t, c)) or miss(t, c)
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb)), games=40)
    assert compared > 400 and cuts and merged
    # the one loop ran (a single placement)
    assert looped
    # shared: a pattern is missed once per shape, not once per cell
    shapes = {id(tracker.shape_codes[t]) for t in range(len(nb))}
    by_shape = {(id(tracker.shape_codes[t]), c) for t, c in missed}
    assert len(by_shape) == len(missed)
    assert len(shapes) < len(nb) and tracker.by_code is tracker.shape_codes


@pytest.mark.parametrize("board,region", [
    ("(square 5)", "(sites Empty)"), ("(hex 4)", "(sites Empty)"),
    ("(rectangle 4 7)", "(sites Board)"), ("(hex 3)", "(sites Board)"),
    ("(hex 4)", "(sites Board)"),
])
def test_capture_games_alike_with_the_flood_fill(monkeypatch, board, region):
    """The capture game of ``test_planar_cuts`` (the tracker's shared entries and one
    loop; with every site, the stones' table from the kept counts following one change
    and reading two levels at once) against the flood fill."""
    text = CAPTURING.format(board=board, region=region)
    fast = compiled(text)
    monkeypatch.setattr(connected, "_site_local", not_site_local)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=5) > 40


# -- (sites Around ... if:(and (is Occupied (to)) (<op> (count Sites in:...) k))) -------

SQUEEZE = """(define "Squeezed" (sites Around (last To) {dirs}
                          if:(and (is Occupied (to))
                                  ({op} (count Sites in:(sites Around (to) {dirs}
                                                           if:(is Empty (to)))) {k}))))
(game "Squeeze" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))
                 then:(and (addScore Mover (count Sites in:"Squeezed"))
                           (remove "Squeezed"))))
         (end {{(if (no Moves Next) (result Mover Win))
               (if (>= (count Moves) 50) (result Mover Draw))}})))"""


def _counting_rest(monkeypatch) -> list:
    from ludeme.ludemes.regions import around

    made = []
    counted_rest = around._counted_rest
    monkeypatch.setattr(around, "_counted_rest",
                        lambda c, cond: made.append(counted_rest(c, cond)) or made[-1])
    return made


@pytest.mark.parametrize("board,dirs,op,k", [
    ("(square 5)", "Adjacent", "=", 0), ("(hex 3)", "Orthogonal", "<", 2),
    ("(rectangle 4 6)", "Orthogonal", "<=", 1), ("(square 4)", "Adjacent", ">", 4),
])
def test_games_alike_with_the_rest_counted_in_place(monkeypatch, board, dirs, op, k):
    text = SQUEEZE.format(board=board, dirs=dirs, op=op, k=k)
    made = _counting_rest(monkeypatch)
    fast = compiled(text)
    assert made and all(m is not None for m in made)      # the counted path is taken
    made.clear()
    # the same condition not in the form: every neighbour asked the whole condition
    slow = compiled(text.replace("(and (is Occupied (to))", "(and (not (is Empty (to)))"))
    assert not any(made)
    assert agree_along_games(fast, slow, seed=len(board) + k, games=4) > 40


def test_seed_game_counts_the_rest_in_place(monkeypatch):
    made = _counting_rest(monkeypatch)
    _compile(load_description("branching-coral", ["Board/Hexagon 4"]))
    assert made and made[0] is not None


# -- the kept counts of empty neighbours: one change followed from its bit, two levels --

@pytest.mark.parametrize("shape", ["hex 4", "square 5"])
def test_kept_counts_alike_one_change_and_two_levels(monkeypatch, shape):
    from ludeme.compile import neighbourcounts

    listed = []
    changed_sites = neighbourcounts.changed_sites
    monkeypatch.setattr(neighbourcounts, "changed_sites",
                        lambda *a: listed.append(1) or changed_sites(*a))
    nb = _board(shape).nbrs["Orthogonal"]
    n = len(nb)
    kept = neighbourcounts.KeptCounts(nb)
    rng = random.Random(n)
    empty = bytearray(b"\1" * n)
    asked = 0
    for _step in range(400):
        for _ in range(1 if rng.random() < 0.8 else rng.randrange(2, 12)):
            empty[rng.randrange(n)] ^= 1         # one site changed, or a jump
        e = int.from_bytes(empty, "little")
        counts = [sum(empty[y] for y in around) for around in nb]
        want = [sum(1 << (8 * x) for x in range(n) if counts[x] > i) for i in range(3)]
        assert kept.above_two(empty, e) == (want[0], want[1])
        assert kept.above(empty, e, 2) == want[2]
        asked += 1
    # one site changed: followed from its bit, the sites not listed
    assert len(listed) < asked // 2


# -- wave 16, coral10: three local parts compared in place; the tracker's lane ---------

@pytest.mark.parametrize("shape", ["square 6", "hex 4"])
def test_kept_cuts_alike_with_three_parts_compared(monkeypatch, shape):
    """A cell with three local parts counts the distinct parts by comparing them
    (``planarcuts._is_cut``); the tracker's answers are the depth-first search's, and
    cells with three local parts were asked."""
    tracker, nb, edge = orthogonal_tracker(shape)
    threes = []
    is_cut = planarcuts._is_cut
    monkeypatch.setattr(planarcuts, "_is_cut",
                        lambda found, r, part: threes.append(found[2] == 3)
                        or is_cut(found, r, part))
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb) + 3), games=40)
    assert compared > 400 and cuts and any(threes)


def _lanes(monkeypatch) -> list:
    made = []
    lane = connected._planar_lane
    monkeypatch.setattr(connected, "_planar_lane", lambda *a: made.append(1) or lane(*a))
    return made


@pytest.mark.parametrize("board,region", [
    ("(square 5)", "(sites Empty)"), ("(hex 4)", "(sites Empty)"),
    ("(rectangle 4 7)", "(sites Empty)"), ("(hex 3)", "(sites Board)"),
    ("(square 5)", "(sites Board)"),
])
def test_capture_game_alike_with_the_planar_lane(monkeypatch, board, region):
    """``connected._planar_lane``: the placements' table made from the tracker directly
    (the capture game of ``test_planar_cuts``, whose captures can leave an empty cell
    cut off: then the general path answers; A the empty sites, or every site: the
    stones' covering table) lists the same moves as the flood fill."""
    text = CAPTURING.format(board=board, region=region)
    made = _lanes(monkeypatch)
    fast = compiled(text)
    assert made
    monkeypatch.setattr(connected, "_site_local", not_site_local)
    made.clear()
    slow = compiled(text)
    assert not made
    assert agree_along_games(fast, slow, seed=len(board) + 5, games=5) > 40


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7"]),
    ("brain-coral", ["Board/Square 7"]),
    ("brain-coral", ["Board/Hexagon 5"]),
])
def test_seed_game_takes_the_planar_lane(monkeypatch, name, options):
    made = _lanes(monkeypatch)
    _compile(load_description(name, options))
    assert made == [1]
