"""``(is Connected <region>)``'s search for cut sites with numbers kept in lists
(``cohesion.analyse_lists``) against the search over bit masks and dicts (``analyse``,
which a fixed region still uses): the same answer on random regions of several boards.
Every placement of a position answered at once from those cut sites (a site-local
region, its placed site's membership read from the piece) against the condition asked
of each placement made (as for a region that is not site-local): the same moves along
games of a description written here (holes that may not cut the board), and the same
games and playouts of Twigs and Thorns (its nulls) for 4 and 6 players."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.ludemes.conditions import cohesion
from tests.engine.test_speedups import (
    HOLES,
    agree_along_games_and_fillings,
    compiled_with,
    not_site_local,
)
from tests.engine.test_turn_speedups import play_alike, playouts_alike


def _grid(cols: int, rows: int, diagonal: bool) -> list[tuple[int, ...]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            if diagonal:
                steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            out.append(tuple((r + dr) * cols + c + dc for dc, dr in steps
                             if 0 <= c + dc < cols and 0 <= r + dr < rows))
    return out


@pytest.mark.parametrize("cols,rows,diagonal", [(4, 8, False), (7, 7, True), (12, 8, False),
                                                (1, 6, False), (3, 3, True)])
def test_the_cut_sites_are_the_same(cols, rows, diagonal):
    nbrs = _grid(cols, rows, diagonal)
    n = len(nbrs)
    nbr_bits = [sum(1 << y for y in set(ys)) for ys in nbrs]
    rng = random.Random(n)
    cuts = 0
    for _ in range(800):
        p = rng.random()
        mask = sum(1 << x for x in range(n) if rng.random() < p)
        got = cohesion.analyse_lists(mask, nbrs, n)
        assert got == cohesion.analyse(mask, nbr_bits)
        cuts += got[1] != 0
    assert cuts > 50  # regions with cut sites were among those tried


@pytest.mark.parametrize("board,dirs", [("(hex 3)", "Orthogonal"), ("(square 5)", "Adjacent")])
def test_holes_placed_alike_at_once_and_one_by_one(monkeypatch, board, dirs):
    region = '(difference (sites Board) (sites Occupied component:"Hole"))'
    text = HOLES.format(board=board, region=region, dirs=dirs)
    made = []
    cond = cohesion.CondV
    monkeypatch.setattr(cohesion, "CondV", lambda *a, **k: made.append(k) or cond(*a, **k))
    flags = {"local": (cohesion, "_site_local")}
    fast = compiled_with(flags, text)
    after_add = made[-1]["after_add"]
    # the placed site's membership read from the piece, without placing it
    assert after_add(fast.new_initial_state()).__name__ == "decide_read"
    made.clear()
    slow = compiled_with(flags, text, local=not_site_local)
    assert made and "after_add" not in made[-1]
    assert agree_along_games_and_fillings(fast, slow, ("Hole", "Stone1", "Stone2"),
                                          seed=len(board)) > 80


@pytest.mark.parametrize("players", ["4", "6"])
def test_twigs_nulls_alike_at_once_and_one_by_one(monkeypatch, players):
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    fast = ludeme.load("twigs-and-thorns", [f"Players/{players}"])
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    monkeypatch.setattr(cohesion, "_site_local", not_site_local)
    slow = ludeme.load("twigs-and-thorns", [f"Players/{players}"])
    assert sum(play_alike(fast, slow, seed) for seed in range(4)) > 40
    assert playouts_alike(fast, slow, 5, games=6) > 40
