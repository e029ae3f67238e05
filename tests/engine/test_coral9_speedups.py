"""Wave 16's placement speed-ups, each checked with its switch on and off: the ring
patterns' entries named by ring positions and shared by the cells of one shape
(``planarcuts.SHARED_ENTRIES``); one cell placed asked in one loop with its ring's codes
(``planarcuts.ONE_LOOP``). On random positions against the depth-first search, on a
capture game written for the planar cuts' tests and on the seed games."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import planarcuts
from tests.engine.test_coral7_speedups import _searched_along
from tests.engine.test_planar_cuts import CAPTURING, _board, _edge_cells
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off, compiled

SWITCHES = ((planarcuts, "SHARED_ENTRIES"), (planarcuts, "ONE_LOOP"))


@pytest.mark.parametrize("one_loop", [True, False])
@pytest.mark.parametrize("shared", [True, False])
@pytest.mark.parametrize("shape", ["hex 4", "square 6", "rectangle 3 7"])
def test_kept_cuts_with_shared_entries_and_one_loop_are_the_searched_ones(
        monkeypatch, shape, shared, one_loop):
    monkeypatch.setattr(planarcuts, "SHARED_ENTRIES", shared)
    monkeypatch.setattr(planarcuts, "ONE_LOOP", one_loop)
    board = _board(shape)
    nb = board.nbrs["Orthogonal"]
    edge = _edge_cells(board)
    tracker = planarcuts.tracker(board, nb, edge, len(nb))
    looped = []
    asked = tracker._codes_asked
    tracker._codes_asked = lambda x: looped.append(x) or asked(x)
    missed = []
    miss = tracker._missed
    tracker._missed = lambda t, c: missed.append((t, c)) or miss(t, c)
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb)), games=40)
    assert compared > 400 and cuts
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
