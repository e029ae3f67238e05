"""``(trackSite Move ...)`` with Ludii's ``End`` and ``Off``, on tracks per player, on
small descriptions written for these tests."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError

# P1 runs east to End, P2 west to End; every piece moves two elements along its track
RUN = """
(game "Two Steps"
    (players 2)
    (equipment {
        (board (rectangle 1 5)
            { (track "Track1" "0,E,End" P1 directed:True)
              (track "Track2" "4,W,End" P2 directed:True) })
        (piece "Disc" Each
            (if (= (trackSite Move steps:STEPS) End)
                (move Remove (from))
                (if (!= (trackSite Move steps:STEPS) Off)
                    (move (from) (to (trackSite Move steps:STEPS) if:(is Empty (to)))))))
    })
    (rules
        (start { (place "Disc1" {"A1" "D1" "E1"}) (place "Disc2" {"C1"}) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def moves(state) -> list[str]:
    return sorted(state.move_to_string(m) for m in state.legal_moves())


def test_steps_along_the_track_reach_end_then_go_off():
    state = ludeme.loads(RUN.replace("STEPS", "2")).new_initial_state()
    got = moves(state)
    # A1 -> C1 is blocked by P2's disc; D1 is one element before End: two steps reach
    # End and the disc leaves the board; E1 two steps on is past End: Off, no move
    assert len(got) == 1
    state.apply(state.legal_moves()[0])
    assert state.what[3] == 0 and state.what[4] != 0 and state.what[0] != 0


def test_one_step_from_the_last_site_reaches_end():
    state = ludeme.loads(RUN.replace("STEPS", "1")).new_initial_state()
    # A1 -> B1; D1 -> E1 is taken by a friend; E1 one step on is End: removed
    assert len(moves(state)) == 2
    removal = [m for m in state.legal_moves() if m.frm == 4]
    assert len(removal) == 1
    state.apply(removal[0])
    assert state.what[4] == 0


def test_the_other_player_follows_its_own_track():
    state = ludeme.loads(RUN.replace("STEPS", "1")).new_initial_state()
    state.apply([m for m in state.legal_moves() if m.frm == 0][0])
    # P2's disc on C1 runs west: one step is B1, where P1's disc now stands
    assert [(m.frm, m.to) for m in state.legal_moves()] == []


def test_coord_is_the_site_of_a_label():
    text = RUN.replace("STEPS", "1").replace('(place "Disc2" {"C1"})',
                                              '(place "Disc2" (coord "B1"))')
    state = ludeme.loads(text).new_initial_state()
    assert state.what[1] != 0 and state.what[2] == 0
    bad = RUN.replace("STEPS", "1").replace('(place "Disc2" {"C1"})',
                                             '(place "Disc2" (coord "Z9"))')
    with pytest.raises(LudemeError, match="Z9"):
        ludeme.loads(bad)
