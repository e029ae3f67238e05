"""The counts of empty neighbours kept from the last position asked
(``neighbourcounts.kept_counts``, used on tables of more than ``KEPT_MIN_OFFSETS``
offsets), checked against counting site by site on random sequences of positions, and
games filtering placements by them against the shifts (a table of few offsets gets)."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import neighbourcounts
from tests.engine.test_coral_speedups import ROOMY_CASES, _board
from tests.engine.test_seed_speedups import ROOMY, agree_along_games, compiled
from tests.engine.test_speedups import agree_along_games_and_fillings


@pytest.mark.parametrize("shape", ["hex 4", "square 6", "tri 5"])
@pytest.mark.parametrize("relation", ["Orthogonal", "Adjacent"])
def test_kept_counts_are_the_counts_site_by_site(monkeypatch, shape, relation):
    monkeypatch.setattr(neighbourcounts, "KEPT_MIN_OFFSETS", 0)     # every table
    nb = _board(shape).nbrs[relation]
    n = len(nb)
    kept = neighbourcounts.kept_counts(nb, 3)
    assert kept is not None
    rng = random.Random(n)
    empty = bytearray(n)
    for _ in range(400):
        if rng.random() < 0.1:                  # a jump: many sites at once
            empty = bytearray(rng.random() < 0.5 for _ in range(n))
        else:
            for _ in range(rng.randrange(1, 4)):
                empty[rng.randrange(n)] ^= 1
        e = int.from_bytes(empty, "little")
        for level in range(3):
            above = kept.above(bytes(empty), e, level).to_bytes(n, "little")
            assert list(above) == [int(sum(empty[y] for y in nb[x]) > level)
                                   for x in range(n)]


def test_a_table_of_few_offsets_keeps_the_shifts():
    assert neighbourcounts.kept_counts(_board("square 6").nbrs["Orthogonal"], 2) is None
    assert neighbourcounts.kept_counts(_board("hex 6").nbrs["Orthogonal"], 2) is not None


@pytest.mark.parametrize("board,dirs,op,k", ROOMY_CASES)
def test_room_around_alike_with_kept_counts(monkeypatch, board, dirs, op, k):
    monkeypatch.setattr(neighbourcounts, "KEPT_MIN_OFFSETS", 0)     # every table
    text = ROOMY.format(board=board, dirs=dirs, op=op, k=k)
    made = []
    kept_counts = neighbourcounts.kept_counts
    monkeypatch.setattr(neighbourcounts, "kept_counts",
                        lambda *a: made.append(kept_counts(*a)) or made[-1])
    fast = compiled(text)
    assert made and made[-1] is not None
    monkeypatch.setattr(neighbourcounts, "kept_counts", lambda *a: None)     # the shifts
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=k, games=6) > 30
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=k) > 60


@pytest.mark.parametrize("options", [["Board/Hexagon 4"], ["Board/Square 7"]])
def test_branching_coral_alike_with_kept_counts(monkeypatch, options):
    monkeypatch.setattr(neighbourcounts, "KEPT_MIN_OFFSETS", 0)     # every table
    fast = _compile(load_description("branching-coral", options))
    monkeypatch.setattr(neighbourcounts, "kept_counts", lambda *a: None)     # the shifts
    slow = _compile(load_description("branching-coral", options))
    assert agree_along_games(fast, slow, seed=17, games=4) > 60
