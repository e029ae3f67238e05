"""``(forEach Site <region> <effect>)`` as a consequence: the effect at each site of the
region, chosen on the position before any of them applies (Ludii generates every
site's moves first, then applies them). Positions are built by hand."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(then: str, board: str = "(board (rectangle 1 5))", start: str = ""):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{{board} (piece "Disc" Each)}})
            (rules
                (start {{{start}}})
                (play (move Add (to (sites Empty)) (then {then})))
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def after(g, pieces: dict, move: str, who: int = 1) -> dict:
    s = position(g, pieces, who)
    s.apply(s.parse_move(move))
    return s.board()


GROW = """(forEach Site (sites Board)
            (if (and (is Empty (site))
                     (= 1 (count Sites in:(intersection (sites Around (site))
                                                        (sites Occupied by:All)))))
                (add (piece "Disc1") (to (site)))))"""


def test_every_site_is_decided_on_the_position_before_any_applies():
    g = make(GROW)
    # a1 placed: only b1 has one occupied neighbour then; c1 gets its neighbour b1 only
    # once b1 is filled, which the position before does not show
    assert after(g, {}, "a1") == {"a1": "Disc1", "b1": "Disc1"}
    # e1 already there, c1 placed: b1 and d1 each see one neighbour (c1; d1 sees c1 and
    # e1: two), so only b1 grows
    assert after(g, {"e1": "Disc1"}, "c1") == {"b1": "Disc1", "c1": "Disc1", "e1": "Disc1"}


def test_an_if_without_else_and_an_and_of_effects():
    then = """(forEach Site (sites Occupied by:Mover)
                (if (= (state at:(site)) 0)
                    (and (set State at:(site) 2) (addScore Mover 1))))"""
    g = make(then)
    s = position(g, {"a1": "Disc1", "b1": "Disc2"}, 1)
    s.apply(s.parse_move("c1"))
    b = g.board
    states = {b.labels[x]: s.site_state[x] for x in range(b.n_sites) if s.what[x]}
    # both of the mover's pieces (a1 and the new c1) get state 2 and a point each
    assert states == {"a1": 2, "b1": 0, "c1": 2}
    assert s.score[1] == 2
    # a piece whose state is already set is left alone
    s.apply(s.parse_move("d1"))
    s.apply(s.parse_move("e1"))
    assert s.score[1] == 3


def test_effects_apply_in_site_order_with_the_site_bound():
    then = "(forEach Site (sites Occupied by:Next) (remove (site)))"
    g = make(then)
    assert after(g, {"a1": "Disc2", "b1": "Disc1", "d1": "Disc2"}, "e1") == \
        {"b1": "Disc1", "e1": "Disc1"}
