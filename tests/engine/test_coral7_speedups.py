"""Wave 15's placement speed-ups, each checked with its switch on and off: a stone taken
off whose ring's stones stay joined leaves its part as it is (``planarcuts.LOCAL_REMOVE``);
a ring pattern met for the first time found through its shape's table by code
(``planarcuts.SHAPE_CODES``); the group sizes of one position shared by the ludemes that
ask them (``groups._sizes_memo``, against the loop over every site); the board's list read as a bytearray
(``neighbourcounts.BYTEARRAY_READS``). On random positions against the depth-first
search, on games written here and on the seed games."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import planarcuts
from ludeme.ludemes.numbers import groups
from tests.engine.test_coral5_speedups import CLUMPS, _scores_along, plain_group_sizes
from tests.engine.test_planar_cuts import (
    CAPTURING,
    cuts_checked,
    orthogonal_tracker,
)
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off, compiled
from tests.engine.test_shared_regions import _playouts
from tests.engine.test_speedups import agree_along_games_and_fillings


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


@pytest.mark.parametrize("local_remove", [True, False])
@pytest.mark.parametrize("shape_codes", [True, False])
@pytest.mark.parametrize("shape", ["hex 4", "square 6", "rectangle 3 7"])
def test_kept_cuts_with_local_removals_are_the_searched_ones(monkeypatch, shape,
                                                             shape_codes, local_remove):
    monkeypatch.setattr(planarcuts, "LOCAL_REMOVE", local_remove)
    monkeypatch.setattr(planarcuts, "SHAPE_CODES", shape_codes)
    tracker, nb, edge = orthogonal_tracker(shape)
    kinds = []
    remove = tracker._remove
    tracker._remove = lambda x: kinds.append(remove(x)) or kinds[-1]
    missed = []
    count = tracker._count
    tracker._count = lambda t, key: missed.append(t) or count(t, key)
    compared, cuts = _searched_along(tracker, nb, edge, random.Random(len(nb)), games=40)
    assert compared > 400 and cuts
    # the local path ran (part kept, no flood) only with the switch on; floods both ways
    assert (False in kinds) == local_remove and True in kinds
    if shape_codes:
        # a shape's count made once per code: no more counts than shapes x codes
        assert len(missed) <= sum(map(len, {id(t): t for t in tracker.shape_codes}.values()))


@pytest.mark.parametrize("board,region", [
    ("(square 5)", "(sites Empty)"), ("(hex 4)", "(sites Empty)"),
    ("(rectangle 4 7)", "(sites Board)"),
])
def test_capture_games_alike_with_local_removals(monkeypatch, board, region):
    text = CAPTURING.format(board=board, region=region)
    fast = compiled(text)
    monkeypatch.setattr(planarcuts, "LOCAL_REMOVE", False)
    monkeypatch.setattr(planarcuts, "SHAPE_CODES", False)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board) + 3, games=6) > 60
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=6) > 80


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7", "Bonus/Own Groups"]),
    ("brain-coral", ["Board/Hexagon 5"]),
])
def test_seed_games_alike_with_local_removals(monkeypatch, name, options):
    fast, slow = bundled_on_off(monkeypatch, name, options, (planarcuts, "LOCAL_REMOVE"),
                                (planarcuts, "SHAPE_CODES"))
    assert agree_along_games(fast, slow, seed=23, games=5) > 60


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


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7"]),
    ("brain-coral", ["Board/Hexagon 4"]),
])
def test_seed_games_alike_with_boards_read_as_bytearrays(monkeypatch, name, options):
    from ludeme.compile import neighbourcounts

    assert neighbourcounts.board_reader() is bytearray
    fast, slow = bundled_on_off(monkeypatch, name, options,
                                (neighbourcounts, "BYTEARRAY_READS"))
    assert neighbourcounts.board_reader() is bytes
    assert agree_along_games(fast, slow, seed=29, games=5) > 60


@pytest.mark.parametrize("board,region", [("(square 5)", "(sites Empty)"),
                                          ("(hex 3)", "(sites Board)")])
def test_games_alike_with_boards_read_as_bytearrays(monkeypatch, board, region):
    """A capture game (the connectivity test's position key and empty sites read through
    the reader) and a group-scoring one (the owners' table), written here."""
    from ludeme.compile import neighbourcounts

    text = CAPTURING.format(board=board, region=region)
    fast = compiled(text)
    monkeypatch.setattr(neighbourcounts, "BYTEARRAY_READS", False)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=5) > 50
    monkeypatch.setattr(neighbourcounts, "BYTEARRAY_READS", True)
    clumps = CLUMPS.format(board=board, dirs="Orthogonal", rock="A1")
    fast = compiled(clumps)
    monkeypatch.setattr(neighbourcounts, "BYTEARRAY_READS", False)
    slow = compiled(clumps)
    assert _scores_along(fast, slow, seed=3, games=3) > 20
