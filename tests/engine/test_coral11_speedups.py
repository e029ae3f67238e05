"""Wave 19's placement speed-ups (coral11): the kept counts of empty neighbours as one
integer (``neighbourcounts.KeptCounts``: a change one addition, the levels read from the
bytes' top bits; the site-by-site oracle is ``test_kept_counts``); the filter's flags
with their range bound once (``around``'s ``flags_between``); the capture test's region
reading ``(to)`` in place in one frame (``around``'s ``counted_around``); one cell placed
in one frame of the tracker (``planarcuts.Tracker._placed``; the depth-first search's
oracle is ``test_coral9_speedups``). Each against a brute-force count or the same rules
written so that the fast path does not fire."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import neighbourcounts
from ludeme.ludemes.regions import around
from tests.engine.test_coral9_speedups import SQUEEZE, _counting_rest
from tests.engine.test_coral_speedups import _board
from tests.engine.test_planar_cuts import no_tracker
from tests.engine.test_seed_speedups import agree_along_games, compiled
from tests.engine.test_turn_speedups import general_turn


@pytest.mark.parametrize("shape,relation", [("hex 4", "Orthogonal"), ("square 6", "Adjacent"),
                                            ("tri 5", "Adjacent")])
@pytest.mark.parametrize("kept", [True, False])
def test_flags_between_are_the_counted_sites(shape, relation, kept):
    """``flags_between(lo, hi)``'s integer is, for every range and level, the empty sites
    of the range with more than ``level`` empty neighbours, counted site by site, with the
    kept counts and with the shifts; also when the list holds more sites than the board
    (a hand's, after the board's)."""
    board_nb = _board(shape).nbrs[relation]
    n = len(board_nb)
    rng = random.Random(n)
    for level in (0, 1, 2):
        for lo, hi, extra in ((0, n, 0), (3, n - 2, 0), (0, n, 4)):
            # a hand's sites have nothing around them (as ``sites Around`` tables them)
            nb = tuple(board_nb) + ((),) * extra
            count = neighbourcounts.counter(nb, level + 1)
            counts = neighbourcounts.KeptCounts(nb) if kept else None
            flags = around._range_select(count, level, None, counts).flags_between(lo, hi)
            for _ in range(60):
                w = [0 if rng.random() < 0.6 else rng.randrange(1, 3) for _ in range(n)]
                w += [rng.randrange(3) for _ in range(extra)]
                want = sum(1 << (8 * x) for x in range(lo, hi)
                           if not w[x] and sum(not w[y] for y in nb[x]) > level)
                assert flags(SimpleNamespace(what=w)) == want
                empty = bytearray(w).translate(neighbourcounts.EMPTY_FLAG)
                assert flags(SimpleNamespace(what=w), empty) == want


@pytest.mark.parametrize("board,dirs,op,k", [
    ("(hex 3)", "Orthogonal", "<", 2), ("(square 5)", "Adjacent", "=", 0),
    ("(rectangle 4 6)", "Orthogonal", "<=", 1),
])
def test_rest_counted_round_to_in_one_frame(monkeypatch, board, dirs, op, k):
    """The capture test round ``(to)`` (read in place) against the same condition not in
    the counted form (every neighbour asked the whole condition), and the general turn."""
    text = SQUEEZE.format(board=board, dirs=dirs, op=op, k=k).replace("(last To)", "(to)")
    made = _counting_rest(monkeypatch)
    fast = compiled(text)
    assert made and all(m is not None for m in made)
    made.clear()
    slow = compiled(text.replace("(and (is Occupied (to))", "(and (not (is Empty (to)))"))
    assert not any(made)
    assert agree_along_games(fast, slow, seed=len(board) + k, games=4) > 40
    plain = general_turn(compiled(text))
    assert agree_along_games(fast, plain, seed=k, games=3) > 30


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]), ("brain-coral", ["Board/Hexagon 5"]),
    ("branching-coral", ["Board/Square 7"]),
])
def test_seed_games_alike_without_the_tracker_and_kept_counts(monkeypatch, name, options):
    """The seed games (every change above on their path) against the depth-first search
    (no tracker), the shifts (no kept counts) and the general turn."""
    fast = _compile(load_description(name, options))
    no_tracker(monkeypatch)
    monkeypatch.setattr(neighbourcounts, "kept_counts", lambda *a: None)
    slow = general_turn(_compile(load_description(name, options)))
    assert agree_along_games(fast, slow, seed=19, games=3) > 40
