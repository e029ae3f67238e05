"""The covering table of ``(is Connected (sites Board) ...)`` made from the counts hands
the placements' pick the empty sites it leaves open as an integer
(``connected._Allowed``, taken by ``generators``' ``kept_by.by_allowed``): the same
moves in the same order as the flood fill on a capture game written for the planar
cuts' tests, and the integer is taken on a seed game."""

from __future__ import annotations

import pytest

from ludeme.ludemes.conditions import connected
from tests.engine.test_planar_cuts import CAPTURING
from tests.engine.test_seed_speedups import agree_along_games, compiled
from tests.engine.test_speedups import not_site_local


def _counting_allowed(monkeypatch) -> list[bool]:
    """Records, for each table made, whether it carries the open sites as an integer."""
    made = []
    answer = connected._covering_answer

    def counted(loose, in_c):
        table = answer(loose, in_c)
        made.append(table.allowed is not None)
        return table

    monkeypatch.setattr(connected, "_covering_answer", counted)
    return made


@pytest.mark.parametrize("board", ["(hex 3)", "(square 5)"])
def test_games_alike_with_the_open_sites_as_an_integer(monkeypatch, board):
    text = CAPTURING.format(board=board, region="(sites Board)")
    fast = compiled(text)
    monkeypatch.setattr(connected, "_site_local", not_site_local)     # the flood fill
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=5) > 40


def test_the_open_sites_are_taken_as_an_integer(monkeypatch):
    """The tables carry the integer."""
    from ludeme.api import _compile, load_description

    made = _counting_allowed(monkeypatch)
    game = _compile(load_description("brain-coral", ["Board/Hexagon 4"]))
    agree_along_games(game, game, seed=5, games=1)
    assert sum(made) > 10
