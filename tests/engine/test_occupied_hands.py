"""``(move Remove ...)`` on a hand site empties it (Ludii's removal clears a site whatever
its count); ``(sites Occupied ...)`` with no container is the board's sites."""

from __future__ import annotations

import ludeme

GAME = """(game "Hands" (players 2)
  (equipment {{(board (square 3)) (hand Each) (piece "Disc" Each)}})
  (rules (start {{(place "Disc" "Hand" count:3) (place "Disc1" 0) (place "Disc2" 8)}})
    (play (move Remove {region}))
    (end (if (no Moves Next) (result Mover Win)))))"""


def _state(region: str):
    return ludeme.loads(GAME.format(region=region)).new_initial_state()


def test_occupied_sites_on_the_board():
    state = _state("(sites Occupied by:Next)")
    assert sorted(m.to for m in state.legal_moves()) == [8]


def test_removing_from_a_hand_empties_it():
    state = _state("(union (sites Occupied by:Next) (sites Hand Next))")
    hand2 = 9 + 1  # hands are numbered after the 9 cells, P1's then P2's
    assert sorted(m.to for m in state.legal_moves()) == [8, hand2]
    state.apply(next(m for m in state.legal_moves() if m.to == hand2))
    assert state.hand[2] == [0] * len(state.hand[2])
    # P2 then removes from P1: the board's site 0 and P1's hand
    assert sorted(m.to for m in state.legal_moves()) == [0, 9]
    state.apply(next(m for m in state.legal_moves() if m.to == 0))
    # the emptied hand has nothing left to remove
    assert sorted(m.to for m in state.legal_moves()) == [8]
