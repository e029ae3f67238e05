"""Placements kept by a condition's table of every empty site made for the kept sites
only (``generators._fused_keep``), checked against making every placement and filtering
them (``_fused_keep`` replaced by that, ``_unfused``), on placement games written here
and on Branching Coral."""

from __future__ import annotations

import pytest

from ludeme.ludemes.moves import generators
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off, compiled
from tests.engine.test_speedups import agree_along_games_and_fillings


def _unfused(gen, keep, kept_by, after_add, auto):
    """``generators._fused_keep`` for an oracle: every placement made, then filtered."""
    return lambda s: keep(s, gen(s))

#: room around each placement, and every empty site still joined to the empty edge
#: (or to the empty corners); with a score for the room around, or none
ROOMY_JOINED = """(game "Roomy Reef" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)
                               if:(>= (count Sites in:(sites Around (to) {dirs}
                                                         if:(is Empty (to)))) {k})))
                   ifAfterwards:(is Connected (sites Empty) {dirs}
                                    to:(intersection (sites {edge}) (sites Empty))
                                    through:(sites Empty))
                   {then}))
         (end (if (no Moves Next) (byScore)))))"""

SCORE = ("then:(addScore Mover (count Sites in:(sites Around (last To) Orthogonal "
         "if:(is Empty (to)))))")


@pytest.mark.parametrize("board,dirs,k,edge,then", [
    ("(square 5)", "Orthogonal", 2, "Perimeter", ""),
    ("(hex 4)", "Orthogonal", 1, "Perimeter", SCORE),
    ("(rectangle 4 6)", "Adjacent", 2, "Corners", SCORE),
])
def test_placements_alike_made_for_the_kept_sites(monkeypatch, spied, board, dirs, k, edge,
                                                  then):
    text = ROOMY_JOINED.format(board=board, dirs=dirs, k=k, edge=edge, then=then)
    made = spied(generators, "_fused_keep")
    fast = compiled(text)
    assert made
    monkeypatch.setattr(generators, "_fused_keep", _unfused)
    slow = compiled(text)
    assert len(made) == 1
    assert agree_along_games(fast, slow, seed=k, games=6) > 40
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=k) > 60


@pytest.mark.parametrize("options", [["Board/Hexagon 4"], ["Board/Square 7"]])
def test_branching_coral_alike_with_placements_for_the_kept_sites(monkeypatch, options):
    fast, slow = bundled_on_off(monkeypatch, "branching-coral", options,
                                (generators, "_fused_keep", _unfused))
    assert agree_along_games(fast, slow, seed=23, games=4) > 60
