"""Ludii's forms around the game itself: ``(mode ...)`` after the players, players with
names, and a ``(map ...)`` written as a list of keys and a list of values."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError

RULES = """(rules (play (move Add (to (sites Empty))))
                  (end (if (is Line 3) (result Mover Win))))"""


def _text(players: str = "(players 2)", mode: str = "", extra: str = "",
          rules: str = RULES) -> str:
    return f"""(game "Forms" {players} {mode}
      (equipment {{(board (square 3)) (piece "Disc" Each) {extra}}})
      {rules})"""


@pytest.mark.parametrize("mode", ["(mode)", "(mode Alternating)"])
def test_mode_alternating_is_turn_by_turn(mode):
    plain = ludeme.loads(_text()).new_initial_state()
    with_mode = ludeme.loads(_text(mode=mode)).new_initial_state()
    for _ in range(4):
        assert with_mode.current_player() == plain.current_player()
        assert [str(m) for m in with_mode.legal_moves()] == [str(m) for m in plain.legal_moves()]
        plain.apply(plain.legal_moves()[0])
        with_mode.apply(with_mode.legal_moves()[0])


def test_mode_simultaneous_is_a_clear_error():
    with pytest.raises(LudemeError) as err:
        ludeme.loads(_text(mode="(mode Simultaneous)"))
    assert "(mode Simultaneous) is not supported" in str(err.value)


def test_players_with_names():
    g = ludeme.loads(_text(players='(players {(player "Red") (player "Blue" S)})'))
    assert g.num_players == 2
    # the facing after the name still counts: P2 faces south
    state = g.new_initial_state()
    assert len(state.legal_moves()) == 9


def test_map_of_two_lists():
    # the i-th key maps to the i-th value; the longer list's extra items are left out
    extra = '(map "Next" {0 1 2} {4 7 8 5})'
    rules = """(rules (start {(place "Disc1" (mapEntry "Next" 1))
                                (place "Disc2" (mapEntry "Next" 2))
                                (place "Disc2" (mapEntry "Next" 3))})
      (play (move Add (to (sites Empty))))
      (end (if (is Line 3) (result Mover Win))))"""
    state = ludeme.loads(_text(extra=extra, rules=rules)).new_initial_state()
    # site 3 has no entry: (mapEntry ...) gives the key itself, as in Ludii
    assert {x for x in range(9) if state.what[x]} == {7, 8, 3}
