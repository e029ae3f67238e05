"""``(intervene ...)``: a piece that moves between two enemies in a line takes both, with
Ludii's meaning (its ``Intervene``). Positions are built by hand and the captures worked
out on paper; Ludii examines each pair of opposite lines once, from the line that comes
first clockwise from north (N before S, E before W)."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(rule: str, board: str = "(board (square 5) use:Vertex)"):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{{board}
                (piece "Disc" Each (move Step (to if:(is Empty (to))) (then {rule})))}})
            (rules
                (play (forEach Piece))
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


TAKE = "(intervene (from (last To)) (to if:(is Enemy (who at:(to))) (apply (remove (to)))))"


def after(g, pieces: dict, move: str) -> dict:
    s = position(g, pieces, 1)
    s.apply(s.parse_move(move))
    return s.board()


def test_both_enemies_on_either_side_are_taken():
    g = make(TAKE)
    got = after(g, {"c2": "Disc1", "b3": "Disc2", "d3": "Disc2", "c4": "Disc2"}, "c2-c3")
    # b3 and d3 flank c3 east and west; c4 has nothing across (c2 was left empty)
    assert got == {"c3": "Disc1", "c4": "Disc2"}


def test_the_default_target_and_effect_are_an_enemy_removed():
    g = make("(intervene (from (last To)))")
    got = after(g, {"c2": "Disc1", "c4": "Disc2", "b3": "Disc2", "a1": "Disc2"}, "c2-c3")
    # c4 and c2 (just left, empty): no pair; b3 alone: no pair
    assert got == {"c3": "Disc1", "c4": "Disc2", "b3": "Disc2", "a1": "Disc2"}
    got = after(g, {"b2": "Disc1", "c4": "Disc2", "c2": "Disc2"}, "b2-b3")
    assert got == {"b3": "Disc1", "c4": "Disc2", "c2": "Disc2"}
    got = after(g, {"d3": "Disc1", "c4": "Disc2", "c2": "Disc2"}, "d3-c3")
    assert got == {"c3": "Disc1"}


def test_directions_limit_the_lines():
    pieces = {"b3": "Disc1", "c4": "Disc2", "c2": "Disc2", "d3": "Disc2"}
    # every line: c4 and c2 flank c3; d3 has b3 (just left) across
    assert after(make("(intervene (from (last To)))"), pieces, "b3-c3") == \
        {"c3": "Disc1", "d3": "Disc2"}
    # the line east only (with the one across it): d3, with b3 empty across
    g = make("(intervene (from (last To)) E (to if:(is Enemy (who at:(to)))))")
    assert after(g, pieces, "b3-c3") == {"c3": "Disc1", "c4": "Disc2", "c2": "Disc2",
                                         "d3": "Disc2"}
    pieces = {"c2": "Disc1", "b3": "Disc2", "d3": "Disc2", "c4": "Disc2"}
    assert after(g, pieces, "c2-c3") == {"c3": "Disc1", "c4": "Disc2"}


def test_an_unmet_site_across_still_gets_the_effect_as_in_ludii():
    # Ludii 1.0.8: the east line meets the condition (d3, an enemy), the west one does not
    # (b3, a friend): its effect is applied to b3 all the same, and d3 stays
    g = make(TAKE)
    got = after(g, {"c2": "Disc1", "b3": "Disc1", "d3": "Disc2"}, "c2-c3")
    assert got == {"c3": "Disc1", "d3": "Disc2"}
    # the west line is examined only as the one across the east line
    got = after(g, {"c2": "Disc1", "d3": "Disc1", "b3": "Disc2"}, "c2-c3")
    assert got == {"c3": "Disc1", "d3": "Disc1", "b3": "Disc2"}


def test_runs_of_sites_with_a_range():
    g = make("""(intervene (from (last To)) Orthogonal (between (range 1 2))
                  (to if:(is Enemy (who at:(to)))))""", "(board (square 7) use:Vertex)")
    got = after(g, {"d2": "Disc1", "c3": "Disc2", "b3": "Disc2", "e3": "Disc2",
                    "d4": "Disc2"}, "d2-d3")
    # west: c3, b3 (two); east: e3 (one): all three go; north d4 has nothing across
    assert got == {"d3": "Disc1", "d4": "Disc2"}
