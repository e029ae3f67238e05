"""The move's application (issue 14, the fixed cost of a ply) checked against the path
it replaces: the lean action of a plain move to an empty site, its hash and occupancy
changes kept on the move (``compile.moveacts.lean_move_act``). Against the general
action alone (``lean_move_act`` giving it back), seeded random games must list the
same moves at every ply, reach the same positions,
hashes, kept occupancy and flags, and end the same way."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludeme.ludemes.moves import slide
from ludeme.runtime.game import Game
from tests.engine.test_occupancy import CROWNS, RAIDERS
from tests.engine.test_speedups import ARROWS, compiled_with
from tests.engine.test_turn_speedups import play_alike, playouts_alike

DESCRIPTIONS = Path(__file__).resolve().parents[2] / "descriptions"

def _general(g, general):
    """``slide.lean_move_act`` for an oracle: the general action alone."""
    return general


_FLAGS = {"lean": (slide, "lean_move_act")}

# pawns that step forward to an empty site or take diagonally forward (a step onto an
# occupied site: the general action), a race to the far row (a lone end test)
STEPPERS = """(game "Steppers" (players {(player N) (player S)})
  (equipment {(board (square 5))
     (piece "Pawn" Each (or (move Step Forward (to if:(is Empty (to))))
        (move Step (directions {FR FL}) (to if:(is Enemy (who at:(to)))
                                           (apply (remove (to)))))))
     (regions "Goal" P1 (sites Top)) (regions "Goal" P2 (sites Bottom))})
  (rules
    (start {(place "Pawn1" (sites Row 0)) (place "Pawn2" (sites Row 4))})
    (play (forEach Piece))
    (end (if (is In (last To) (sites Mover "Goal")) (result Mover Win)))))"""

# any piece of the mover to any empty site (Ludii's FromTo), a count of moves to end
HOPPERS = """(game "Hoppers" (players 2)
  (equipment {(board (square 4)) (piece "Disc" Each)})
  (rules
    (start {(place "Disc1" {"a1" "b1"}) (place "Disc2" {"c4" "d4"})})
    (play (move (from (sites Occupied by:Mover)) (to (sites Empty))))
    (end (if (= (count Moves) 30) (result Mover Draw)))))"""

GAMES = {
    "tablut": (DESCRIPTIONS / "tablut.lud").read_text(),
    "brandubh": (DESCRIPTIONS / "brandubh.lud").read_text(),
    "arrows": ARROWS.format(board="(square 5)", dirs="", p1='"a2" "e2"', p2='"a4" "e4"'),
    "raiders": RAIDERS,
    "crowns": CROWNS,
    "steppers": STEPPERS,
    "hoppers": HOPPERS,
}


def compiled(text: str, **flags):
    return compiled_with(_FLAGS, text, **flags)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_lean_act_plays_as_before(name):
    text = GAMES[name]
    fast, slow = compiled(text), compiled(text, lean=_general)
    plies = sum(play_alike(fast, slow, seed) for seed in range(6))
    assert plies > 40
    assert playouts_alike(fast, slow, 7, games=6) > 40


@pytest.mark.parametrize("name", ["tablut", "steppers", "raiders"])
def test_lean_act_plays_as_game_play(name):
    """The compiled turn with the lean action and ``Game.play`` (the method) play the
    same games, the occupancy the lean action keeps matching the board's."""
    from ludeme.runtime import occupancy
    from tests.engine.test_play_speedups import plays_as_game_play

    game = compiled(GAMES[name])
    assert getattr(game.play, "__func__", None) is not Game.play
    assert plays_as_game_play(game) > 20
    s = game.new_initial_state()
    rng = random.Random(5)
    while not s.is_terminal() and s.ply < 200:
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
        if s.occ is not None:
            kept, placed = s.occ, list(s.placed)
            s.occ = None
            assert occupancy.read(s) == kept
            n = len(placed)
            assert s.placed[:n] == placed and not any(s.placed[n:])


def test_lean_act_keeps_its_keys_on_the_move():
    game = compiled(GAMES["hoppers"])
    s = game.new_initial_state()
    m = s.legal_moves()[0]
    assert m.keys is None
    s.apply(m)
    assert m.keys is not None and m.keys[0] == game.zobrist[m.frm][m.piece] ^ \
        game.zobrist[m.to][m.piece]
    slow = compiled(GAMES["hoppers"], lean=_general)
    t = slow.new_initial_state()
    t.apply(t.legal_moves()[0])
    assert t.legal_moves()[0].keys is None and t.hash == s.hash
