"""Ludii's draw when every player passed in a row is one of its end rules: it is checked
after a move in a phase that has end rules (its own or the game's), never in a phase
without any."""

from __future__ import annotations

import ludeme

GAME = """(game "Passing" (players 2)
  (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules
    phases:{{
      (phase "Wait" (play (move Pass)) {wait_end} (nextPhase (>= (count Moves) 4) "Place"))
      (phase "Place" (play (move Add (to (sites Empty))))
        (end (if (is Line 3) (result Mover Win))))
    }}))"""


def _pass_four_times(wait_end: str):
    state = ludeme.loads(GAME.format(wait_end=wait_end)).new_initial_state()
    for _ in range(4):
        if state.is_terminal():
            break
        (move,) = state.legal_moves()
        assert move.kind == "pass"
        state.apply(move)
    return state


def test_passes_in_a_phase_without_end_rules_do_not_end_the_game():
    state = _pass_four_times("")
    assert not state.is_terminal()
    assert len(state.legal_moves()) == 9  # the placement phase has begun


def test_passes_in_a_phase_with_end_rules_draw():
    state = _pass_four_times("(end (if (is Full) (result Mover Win)))")
    assert state.is_terminal()
    assert list(state.returns()) == [0.0, 0.0]
