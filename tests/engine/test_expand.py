"""(expand ...) grows a region by layers of neighbours, as Ludii's."""

import ludeme


def game(region: str, board: str = "(square 5)"):
    return ludeme.loads(f"""
        (game "Grow" (players 2)
            (equipment {{(board {board}) (piece "Disc" Each)}})
            (rules (play (move Add (to (intersection (sites Empty) {region}))))
                   (end (if (is Full) (result Mover Draw)))))""")


def legal(region: str, board: str = "(square 5)") -> set[str]:
    s = game(region, board).new_initial_state()
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_steps_add_rows():
    assert legal("(expand (sites Bottom))") == {f"{c}{r}" for c in "abcde" for r in "12"}
    # three layers added to the top row: four rows
    assert legal("(expand (sites Top) steps:3)") == {f"{c}{r}" for c in "abcde"
                                                      for r in "2345"}


def test_directions_limit_the_neighbours():
    assert legal('(expand origin:"c3" Orthogonal)') == {"c3", "b3", "d3", "c2", "c4"}
    assert legal('(expand (sites {"c3"}))') == {f"{c}{r}" for c in "bcd" for r in "234"}
    assert legal('(expand (sites {"a1"}) steps:2 E)') == {"a1", "b1", "c1"}


def test_steps_worked_out_in_play():
    g = game('(expand (sites {"a1"}) steps:(count Pieces Mover) E)')
    s = g.new_initial_state()

    def moves():
        return {s.move_to_string(m) for m in s.legal_moves()}

    assert moves() == {"a1"}          # P1 has no piece: no layer
    s.apply(s.parse_move("a1"))
    assert moves() == {"pass"}        # P2 has none either: a1 alone, taken
    s.apply(s.parse_move("pass"))
    assert moves() == {"b1"}          # P1 has one: one layer, a1 and b1
