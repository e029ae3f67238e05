"""Wave 16's placement speed-ups, each checked with its switch on and off: the ring
patterns' entries named by ring positions and shared by the cells of one shape
(``planarcuts.SHARED_ENTRIES``); one cell placed asked in one loop with its ring's codes
(``planarcuts.ONE_LOOP``); the capture test counted in place (``around._counted_rest``,
against the condition asked of each neighbour); the kept counts following one change from its bit and
reading two levels at once (``neighbourcounts.ONE_CHANGE``, ``TWO_LEVELS``). On random
positions against the depth-first search or counting afresh, on games written for the
tests and on the seed games."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import planarcuts
from tests.engine.test_coral7_speedups import _searched_along
from tests.engine.test_planar_cuts import CAPTURING, _board, orthogonal_tracker
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off, compiled

SWITCHES = ((planarcuts, "SHARED_ENTRIES"), (planarcuts, "ONE_LOOP"))


@pytest.mark.parametrize("one_loop", [True, False])
@pytest.mark.parametrize("shared", [True, False])
@pytest.mark.parametrize("shape", ["hex 4", "square 6", "rectangle 3 7"])
def test_kept_cuts_with_shared_entries_and_one_loop_are_the_searched_ones(
        monkeypatch, shape, shared, one_loop):
    monkeypatch.setattr(planarcuts, "SHARED_ENTRIES", shared)
    monkeypatch.setattr(planarcuts, "ONE_LOOP", one_loop)
    tracker, nb, edge = orthogonal_tracker(shape)
    merged = []
    ask_moved = tracker._ask_moved
    tracker._ask_moved = lambda: merged.append(1) or ask_moved()
    looped = []
    asked = tracker._codes_asked
    tracker._codes_asked = lambda x: looped.append(x) or asked(x)
    missed = []
    miss = tracker._missed
    tracker._missed = lambda t, c: missed.append((t, c)) or miss(t, c)
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb)), games=40)
    assert compared > 400 and cuts and merged
    # the one loop ran (a single placement) only with its switch on
    assert bool(looped) == one_loop
    # shared: a pattern is missed once per shape, not once per cell
    shapes = {id(tracker.shape_codes[t]) for t in range(len(nb))}
    by_shape = {(id(tracker.shape_codes[t]), c) for t, c in missed}
    assert (len(by_shape) == len(missed)) == shared
    assert (len(shapes) < len(nb)) and (tracker.by_code is tracker.shape_codes) == shared


@pytest.mark.parametrize("board,region", [
    ("(square 5)", "(sites Empty)"), ("(hex 4)", "(sites Empty)"),
    ("(rectangle 4 7)", "(sites Board)"), ("(hex 3)", "(sites Board)"),
])
def test_capture_games_alike_with_shared_entries_and_one_loop(monkeypatch, board, region):
    text = CAPTURING.format(board=board, region=region)
    fast = compiled(text)
    for module, switch in SWITCHES:
        monkeypatch.setattr(module, switch, False)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=5) > 40


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7"]),
    ("brain-coral", ["Board/Square 7"]),
    ("brain-coral", ["Board/Hexagon 5"]),
])
def test_seed_games_alike_with_shared_entries_and_one_loop(monkeypatch, name, options):
    fast, slow = bundled_on_off(monkeypatch, name, options, *SWITCHES)
    assert agree_along_games(fast, slow, seed=19, games=3) > 40


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

@pytest.mark.parametrize("one_change", [True, False])
@pytest.mark.parametrize("two_levels", [True, False])
@pytest.mark.parametrize("shape", ["hex 4", "square 5"])
def test_kept_counts_alike_one_change_and_two_levels(monkeypatch, shape, one_change,
                                                     two_levels):
    from ludeme.compile import neighbourcounts

    monkeypatch.setattr(neighbourcounts, "ONE_CHANGE", one_change)
    monkeypatch.setattr(neighbourcounts, "TWO_LEVELS", two_levels)
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
    # one site changed: followed from its bit, the sites not listed, with the switch on
    assert (len(listed) < asked // 2) == one_change


@pytest.mark.parametrize("name,options", [
    ("brain-coral", ["Board/Hexagon 5"]),
    ("branching-coral", ["Board/Hexagon 5"]),
])
def test_seed_games_alike_one_change_and_two_levels(monkeypatch, name, options):
    from ludeme.compile import neighbourcounts

    fast, slow = bundled_on_off(monkeypatch, name, options,
                                (neighbourcounts, "ONE_CHANGE"),
                                (neighbourcounts, "TWO_LEVELS"))
    assert agree_along_games(fast, slow, seed=29, games=3) > 40


@pytest.mark.parametrize("board", ["(hex 4)", "(hex 3)"])
def test_capture_game_alike_one_change_and_two_levels(monkeypatch, board):
    from ludeme.compile import neighbourcounts

    text = CAPTURING.format(board=board, region="(sites Board)")
    fast = compiled(text)
    monkeypatch.setattr(neighbourcounts, "ONE_CHANGE", False)
    monkeypatch.setattr(neighbourcounts, "TWO_LEVELS", False)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=5) > 40


# -- wave 16, coral10: three local parts compared in place; the tracker's lane ---------

@pytest.mark.parametrize("three", [True, False])
@pytest.mark.parametrize("shape", ["square 6", "hex 4"])
def test_kept_cuts_alike_with_three_parts_compared(monkeypatch, shape, three):
    """``planarcuts.THREE_PARTS``: a cell with three local parts counts the distinct
    parts by comparing them; the tracker's answers are the depth-first search's either
    way, and cells with three local parts were asked."""
    monkeypatch.setattr(planarcuts, "THREE_PARTS", three)
    tracker, nb, edge = orthogonal_tracker(shape)
    threes = []
    is_cut = planarcuts._is_cut
    monkeypatch.setattr(planarcuts, "_is_cut",
                        lambda found, r, part: threes.append(found[2] == 3)
                        or is_cut(found, r, part))
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb) + 3), games=40)
    assert compared > 400 and cuts and any(threes)


def _lanes(monkeypatch) -> list:
    from ludeme.ludemes.conditions import connected

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
    """``connected.PLANAR_LANE``: the placements' table made from the tracker directly
    (the capture game of ``test_planar_cuts``, whose captures can leave an empty cell
    cut off: then the general path answers; A the empty sites, or every site: the
    stones' covering table) lists the same moves as through ``evaluate``; the lane is
    made only with the switch on."""
    from ludeme.ludemes.conditions import connected

    text = CAPTURING.format(board=board, region=region)
    made = _lanes(monkeypatch)
    fast = compiled(text)
    assert made
    monkeypatch.setattr(connected, "PLANAR_LANE", False)
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
def test_seed_game_alike_with_the_planar_lane_and_three_parts(monkeypatch, name, options):
    from ludeme.ludemes.conditions import connected

    made = _lanes(monkeypatch)
    fast, slow = bundled_on_off(monkeypatch, name, options, (connected, "PLANAR_LANE"),
                                (planarcuts, "THREE_PARTS"))
    assert made == [1]
    assert agree_along_games(fast, slow, seed=31, games=3) > 40
