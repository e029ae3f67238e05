"""A region written more than once in one ``then:`` worked out once per position
(``compile.sharedregions``), checked against working out every use (as a region written
once is), on a game
written here (whose consequence changes the board between two uses, which must then
see different regions) and on Branching Coral."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import sharedregions
from tests.engine.test_seed_speedups import agree_along_games, compiled

#: the stones next to the one placed that have at most one empty neighbour: counted,
#: removed, then counted again on the board the removal left (never any left)
CROWDED = """(define "Crowded"
    (sites Around (to) {dirs} if:(and (is Occupied (to))
        (<= (count Sites in:(sites Around (to) {dirs} if:(is Empty (to)))) 1))))
(game "Crowded Reef" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))
                 then:(and {{
                     (addScore Mover (count Sites in:(intersection "Crowded" (sites Occupied Next))))
                     (remove "Crowded")
                     (addScore Mover (* 100 (count Sites in:"Crowded")))}})))
         (end {{(if (>= (score Mover) 6) (result Mover Win))
                (if (no Moves Next) (result Mover Loss))}})))"""


def each_use(monkeypatch) -> None:
    """Every region compiled as one written once: each use works it out."""
    monkeypatch.setattr(sharedregions, "repeated", lambda then: {})


def _playouts(game, games: int, seed: int) -> list:
    """Scores after every move and the results of seeded random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
            out.append(tuple(s.score))
        out.append(tuple(s.returns()))
    return out


@pytest.mark.parametrize("board,dirs", [
    ("(square 5)", "Orthogonal"),
    ("(hex 3)", "Orthogonal"),
    ("(rectangle 4 6)", "Adjacent"),
])
def test_a_repeated_region_alike_worked_out_once(monkeypatch, board, dirs):
    text = CROWDED.format(board=board, dirs=dirs)
    wrapped = []
    share = sharedregions.shared

    def spy(memo, arg, value):
        out = share(memo, arg, value)
        if out is not value:
            wrapped.append(arg)
        return out

    monkeypatch.setattr(sharedregions, "shared", spy)
    fast = compiled(text)
    assert len(wrapped) == 3  # the three uses of "Crowded", not the room counted inside
    each_use(monkeypatch)
    slow = compiled(text)
    assert len(wrapped) == 3
    assert agree_along_games(fast, slow, seed=5, games=6) > 40
    played = _playouts(fast, 8, seed=9)
    assert played == _playouts(slow, 8, seed=9)
    # the use after the removal sees the board it left: nothing crowded, never 100 points
    scores = [x for score in played for x in score]
    assert max(scores) < 100
    assert max(scores) > 0


def test_a_region_read_from_more_than_the_board_is_not_shared(monkeypatch):
    text = CROWDED.format(board="(square 4)", dirs="Orthogonal").replace(
        "(is Occupied (to))", "(> (score Mover) -1)")
    wrapped = []
    share = sharedregions.shared
    monkeypatch.setattr(sharedregions, "shared",
                        lambda memo, arg, value: wrapped.append(memo) or share(memo, arg, value))
    compiled(text)
    assert not any(wrapped)


@pytest.mark.parametrize("options", [["Board/Hexagon 4"], ["Board/Square 7"]])
def test_branching_coral_alike_with_its_doomed_region_shared(monkeypatch, options):
    fast = _compile(load_description("branching-coral", options))
    each_use(monkeypatch)
    slow = _compile(load_description("branching-coral", options))
    assert agree_along_games(fast, slow, seed=31, games=4) > 60
    assert _playouts(fast, 6, seed=3) == _playouts(slow, 6, seed=3)
