"""``(forEach Direction ...)``: a horse (a knight whose leg may be blocked) written as
Ludii writes it (an orthogonal step to an empty site, then the directions turning right
and left of that step), on a hand-built 5x5 position."""

from __future__ import annotations

import ludeme

HORSE = """
(game "T" (players 2)
    (equipment {
        (board (square 5))
        (piece "Horse" Each
            (forEach Direction Orthogonal
                (to if:(is Empty (to))
                    (apply
                        (forEach Direction (from (to)) (directions {FR FL})
                            (if (not (is Friend (who at:(to))))
                                (move (from)
                                    (to (apply if:(is Enemy (who at:(to)))
                                               (remove (to)))))))))))})
    (rules
        (start {(place "Horse1" "c3") (place "Horse2" {"d5" "c4"})})
        (play (forEach Piece))
        (end (if (is Full) (result Mover Draw)))))
"""


def _moves(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_the_horse_steps_then_turns_right_and_left_of_its_step():
    g = ludeme.loads(HORSE, file="t.lud")
    s = g.new_initial_state()
    # north is blocked at c4 (the leg), so neither b5 nor d5 can be reached
    assert {m.split("x")[0] for m in _moves(s)} == {
        "c3-e2", "c3-e4", "c3-b1", "c3-d1", "c3-a4", "c3-a2"}


def test_the_horse_captures_where_it_lands_and_not_its_own_pieces():
    g = ludeme.loads(HORSE.replace('{"d5" "c4"}', '{"d5" "b4"}')
                     .replace('(place "Horse1" "c3")', '(place "Horse1" {"c3" "b5"})'),
                     file="t.lud")
    s = g.new_initial_state()
    targets = {m.split("-")[1].split("x")[0] for m in _moves(s) if m.startswith("c3")}
    # c4 is free: d5 (an enemy, taken) is reached; b5 (a friend) is not
    assert "d5" in targets and "b5" not in targets
    s.apply(next(m for m in s.legal_moves() if s.move_to_string(m).startswith("c3-d5")))
    assert s.board().get("d5") == "Horse1" and "c3" not in s.board()


def test_relative_directions_of_a_relation_on_a_grid_of_vertices():
    # on vertices, the adjacent directions are orthogonal: FR of a step north is then
    # east, unless the directions are taken of:All (north-east)
    def targets(directions: str) -> set[str]:
        text = HORSE.replace("(board (square 5))", "(board (square 5) use:Vertex)") \
            .replace("(directions {FR FL})", directions)
        g = ludeme.loads(text, file="t.lud")
        s = g.new_initial_state()
        return {s.move_to_string(m).split("-")[1] for m in s.legal_moves()}

    assert targets("(directions {FR FL} of:All)") == {"e2", "e4", "b1", "d1", "a4", "a2"}
    # turning among the orthogonal directions: a step east then south or north, ...
    assert targets("(directions {FR FL})") == {"d2", "d4", "b2", "b4"}
