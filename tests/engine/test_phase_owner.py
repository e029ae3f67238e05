"""A phase that belongs to one player (Ludii's phase owner): each player starts in the
first phase that is its own or every player's, and the next player's moves, as end rules
ask for them, are those of its own phase."""

from __future__ import annotations

import ludeme

OWNED = """
(game "Owned Phases"
    (players 2)
    (equipment { (board (square 3) use:Vertex) (hand P1)
                 (piece "Ball" Each (move Step (to if:(is Empty (to))))) })
    (rules
        (start { (place "Ball1" (handSite P1) count:1) (place "Ball2" {"a1" "c1"}) })
        phases:{
            (phase "Placement" P1
                (play (move (from (handSite P1)) (to (sites Empty))))
                (nextPhase (is Empty (handSite P1)) "Movement"))
            (phase "Movement" (play (forEach Piece)))
        }
        (end (if (no Moves Next) (result Next Loss)))
    )
)
"""


def test_each_player_starts_in_its_own_phase():
    g = ludeme.loads(OWNED)
    s = g.new_initial_state()
    assert s.player_phase[1:] == [0, 1]   # P1 places; P2's first phase is Movement
    assert {m.frm for m in s.legal_moves()} == {g.hands.base}
    s.apply(s.parse_move("hand1-b2"))
    # P2 is not stuck: its moves are steps (Movement), not placements from a hand it
    # does not have
    assert not s.is_terminal()
    assert {s.move_to_string(m)[:2] for m in s.legal_moves()} == {"a1", "c1"}
    assert s.player_phase[1:] == [1, 1]   # P1's hand is empty: it moves on


def test_a_phase_owned_by_a_role_that_is_no_player_is_an_error():
    bad = OWNED.replace('(phase "Placement" P1', '(phase "Placement" Mover')
    try:
        ludeme.loads(bad)
    except ludeme.LudemeError as e:
        assert "a phase belongs to one player" in str(e)
    else:
        raise AssertionError("a phase of Mover compiled")
