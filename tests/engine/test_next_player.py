"""Choosing who moves next, on small games written for these tests: (set NextPlayer
(player <n>)) and (swap Players <a> <b>)."""

import ludeme


def make(then: str, players: int = 3):
    return ludeme.loads(f"""
        (game "Next" (players {players})
            (equipment {{(board (square 3)) (piece "Disc" Each)}})
            (rules (play (move Add (to (sites Empty)) (then {then})))
                   (end (if (is Full) (result Mover Draw)))))""")


def test_set_next_player_names_any_player():
    # after P1 and P2 the next is P1 again, never P3
    s = make('(if (is Mover P2) (set NextPlayer (player 1)))').new_initial_state()
    movers = []
    for _ in range(5):
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    assert movers == [1, 2, 1, 2, 1]


def test_set_next_player_takes_a_role_and_ignores_a_number_with_no_player():
    s = make("(set NextPlayer Mover)").new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 1
    s = make("(set NextPlayer (player 7))").new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 2        # no player 7: the turn passes as usual


def test_swap_players_lets_the_same_side_move_again():
    # (count Moves) in a consequence counts the move itself, as in Ludii: 1 after the first
    s = make("(if (= (count Moves) 1) (swap Players P1 P2))", players=2).new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 1        # the side that moved moves again
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 2
