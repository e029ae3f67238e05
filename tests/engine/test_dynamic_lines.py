"""(sites Row <n>) and (sites Column <n>) with a number worked out in play."""

import ludeme


def game(region: str):
    return ludeme.loads(f"""
        (game "Lines" (players 2)
            (equipment {{(board (square 3)) (piece "Disc" Each)}})
            (rules (play (move Add (to {region})))
                   (end (if (is Full) (result Mover Draw)))))""")


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_the_row_follows_the_mover_s_piece_count():
    g = game("(intersection (sites Empty) (sites Row (count Pieces Mover)))")
    s = g.new_initial_state()
    assert legal(s) == {"a1", "b1", "c1"}
    s.apply(s.parse_move("a1"))
    assert legal(s) == {"b1", "c1"}        # P2 has no piece yet: row 0
    s.apply(s.parse_move("b1"))
    assert legal(s) == {"a2", "b2", "c2"}  # P1 has one: row 1


def test_a_column_off_the_board_has_no_site():
    g = game("(sites Column (+ 2 (count Pieces Mover)))")
    s = g.new_initial_state()
    assert legal(s) == {"c1", "c2", "c3"}
    s.apply(s.parse_move("c1"))
    s.apply(s.parse_move("c2"))
    assert legal(s) == {"pass"}            # P1 has one piece: column 3 is off the board
