"""Wave 15's placement speed-ups: a stone taken off whose ring's stones stay joined leaves
its part as it is, and a ring pattern met for the first time is found through its
shape's table by code (``planarcuts``), on random positions against the depth-first
search and on capture games written here against the flood fill; the group sizes of one
position shared by the ludemes that ask them (``groups._sizes_memo``), against the loop
over every site."""

from __future__ import annotations

import random

import pytest

from ludeme.ludemes.conditions import connected
from ludeme.ludemes.numbers import groups
from tests.engine.test_coral5_speedups import CLUMPS, _scores_along, plain_group_sizes
from tests.engine.test_planar_cuts import (
    CAPTURING,
    cuts_checked,
    orthogonal_tracker,
)
from tests.engine.test_seed_speedups import agree_along_games, compiled
from tests.engine.test_shared_regions import _playouts
from tests.engine.test_speedups import agree_along_games_and_fillings, not_site_local


def _searched_along(tracker, nb, edge, rng, games: int) -> tuple[int, int]:
    """The tracker's answers against the search along random placements and removals
    (removals mostly next to the last placement, as captures are); (positions, cuts)."""
    n = len(nb)
    compared = cuts = 0
    for _game in range(games):
        occupied = bytearray(n)
        for _step in range(rng.randrange(n // 2, 2 * n)):
            x = rng.randrange(n)
            if occupied[x]:
                if rng.random() < 0.6:
                    continue
                occupied[x] = 0                          # a removal alone
            else:
                occupied[x] = 1                          # a placement, and its captures
                for y in nb[x]:
                    if occupied[y] and rng.random() < 0.3:
                        occupied[y] = 0
            compared += 1
            cuts += cuts_checked(tracker, occupied, nb, edge) or 0
    return compared, cuts


@pytest.mark.parametrize("shape", ["hex 4", "square 6", "rectangle 3 7"])
def test_kept_cuts_with_local_removals_are_the_searched_ones(shape):
    tracker, nb, edge = orthogonal_tracker(shape)
    kinds = []
    remove = tracker._remove
    tracker._remove = lambda x: kinds.append(remove(x)) or kinds[-1]
    missed = []
    count = tracker._count
    tracker._count = lambda t, key: missed.append(t) or count(t, key)
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb)), games=40)
    assert compared > 400 and cuts
    # the local path ran (part kept, no flood), and floods
    assert False in kinds and True in kinds
    # a shape's count made once per code: no more counts than shapes x codes
    assert len(missed) <= sum(map(len, {id(t): t for t in tracker.shape_codes}.values()))


@pytest.mark.parametrize("board,region", [
    ("(square 5)", "(sites Empty)"), ("(hex 4)", "(sites Empty)"),
    ("(rectangle 4 7)", "(sites Board)"),
])
def test_capture_games_alike_with_local_removals(monkeypatch, board, region):
    text = CAPTURING.format(board=board, region=region)
    fast = compiled(text)
    monkeypatch.setattr(connected, "_site_local", not_site_local)     # the flood fill
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board) + 3, games=6) > 60
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=6) > 80


@pytest.mark.parametrize("board,dirs,rock", [
    ("(hex 3)", "Orthogonal", "C3"),
    ("(square 5)", "Adjacent", "C3"),
    ("(rectangle 3 6)", "Orthogonal", "A1"),
])
def test_group_sizes_shared_alike(monkeypatch, board, dirs, rock):
    text = CLUMPS.format(board=board, dirs=dirs, rock=rock)
    floods = []
    flooded = groups._flooded
    monkeypatch.setattr(groups, "_flooded", lambda *a: floods.append(1) or flooded(*a))
    fast = compiled(text)
    plain_group_sizes(monkeypatch)
    slow = compiled(text)
    assert _scores_along(fast, slow, seed=13, games=4) > 30
    floods.clear()
    shared = _playouts(fast, seed=17, games=3)
    floods_shared = len(floods)
    floods.clear()
    assert _playouts(slow, seed=17, games=3) == shared
    # four asks a move (P1's sizes, P2's count, every owner's count and sizes): the last
    # two read one owner table, flooded once
    assert 0 < floods_shared < len(floods)
