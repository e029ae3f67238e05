"""The covering table of ``(is Connected (sites Board) ...)`` made from the counts hands
the placements' pick the empty sites it leaves open as an integer
(``connected.ALLOWED_BITS``, taken by ``generators``' ``kept_by.by_allowed``): the same
moves in the same order with it on and off, on the seed games and on a capture game
written for the planar cuts' tests, and the integer is taken on them."""

from __future__ import annotations

import pytest

from ludeme.ludemes.conditions import connected
from tests.engine.test_planar_cuts import CAPTURING
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off, compiled


def _counting_allowed(monkeypatch) -> list[bool]:
    """Records, for each table made, whether it carries the open sites as an integer."""
    made = []
    with_empty = connected._with_empty

    def counted(table, in_c):
        made.append(table.allowed is not None)
        return with_empty(table, in_c)

    monkeypatch.setattr(connected, "_with_empty", counted)
    return made


@pytest.mark.parametrize("name,options", [
    ("brain-coral", ["Board/Hexagon 4"]),
    ("brain-coral", ["Board/Square 7"]),
    ("branching-coral", ["Board/Hexagon 4"]),
])
def test_seed_games_alike_with_the_open_sites_as_an_integer(monkeypatch, name, options):
    fast, slow = bundled_on_off(monkeypatch, name, options, (connected, "ALLOWED_BITS"))
    assert agree_along_games(fast, slow, seed=31, games=4) > 40


@pytest.mark.parametrize("board", ["(hex 3)", "(square 5)"])
def test_games_alike_with_the_open_sites_as_an_integer(monkeypatch, board):
    text = CAPTURING.format(board=board, region="(sites Board)")
    fast = compiled(text)
    monkeypatch.setattr(connected, "ALLOWED_BITS", False)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=5) > 40


def test_the_open_sites_are_taken_as_an_integer(monkeypatch):
    """With the switch on the tables carry the integer; with it off none does (the
    comparisons above compare two paths, not one twice)."""
    from ludeme.api import _compile, load_description

    made = _counting_allowed(monkeypatch)
    game = _compile(load_description("brain-coral", ["Board/Hexagon 4"]))
    agree_along_games(game, game, seed=5, games=1)
    assert sum(made) > 10
    made.clear()
    monkeypatch.setattr(connected, "ALLOWED_BITS", False)
    game = _compile(load_description("brain-coral", ["Board/Hexagon 4"]))
    agree_along_games(game, game, seed=5, games=1)
    assert made and not any(made)
