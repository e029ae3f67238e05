"""``(move Step ...)`` steps as Ludii's trajectories do: along a relation (Adjacent by
default, Orthogonal, Diagonal, All) to the sites in that relation, and along a compass
direction to every site one step that way. On a board drawn point by point a site may
have two neighbours in one compass direction, and a diagonal neighbour in a direction
other sites reach orthogonally: neither may be missed, nor taken for another relation."""

from __future__ import annotations

import pytest

import ludeme

# vertex 0 has two edges towards ENE (to 1 and 2), one N (to 3), and 4 as a diagonal
# neighbour (across the face 0-1-4-3) towards NE
BOARD = ("(board (graph vertices:{{0 0} {2 1} {2 0.9} {0 2} {2 2}} "
         "edges:{{0 1} {0 2} {0 3} {3 4} {4 1}}) use:Vertex)")


def _game(step: str):
    text = f"""(game "Steps" (players 2)
      (equipment {{{BOARD} (piece "Disc" Each)}})
      (rules (start (place "Disc1" 0))
        (play (forEach Piece {step}))
        (end (if (no Moves Next) (result Mover Win)))))"""
    return ludeme.loads(text)


@pytest.mark.parametrize(("step", "reached"), [
    ("(move Step (to if:(is Empty (to))))", {1, 2, 3}),
    ("(move Step Adjacent (to if:(is Empty (to))))", {1, 2, 3}),
    ("(move Step Orthogonal (to if:(is Empty (to))))", {1, 2, 3}),
    ("(move Step Diagonal (to if:(is Empty (to))))", {4}),
    ("(move Step (directions Diagonal) (to if:(is Empty (to))))", {4}),
    ("(move Step (directions {ENE}) (to if:(is Empty (to))))", {1, 2}),
    ("(move Step (directions {N NE}) (to if:(is Empty (to))))", {3, 4}),
])
def test_step_targets(step, reached):
    state = _game(step).new_initial_state()
    assert {m.to for m in state.legal_moves()} == reached
