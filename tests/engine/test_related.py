"""``(is Related <relation> <site> <site or region>)``: whether a site is one step from
another site, or from any site of a region, along a relation; on a hand-built 3x3."""

from __future__ import annotations

import ludeme


def _game(relation: str, region: str):
    return ludeme.loads(f"""
        (game "T" (players 2)
            (equipment {{(board (square 3)) (piece "Disc" Each)}})
            (rules
                (start (place "Disc2" "b2"))
                (play (move Add (to (sites Empty)
                                    if:(is Related {relation} (to) {region}))))
                (end (if (is Full) (result Mover Draw)))))""", file="t.lud")


def _targets(g) -> set[str]:
    s = g.new_initial_state()
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_orthogonal_diagonal_and_all_relations_to_a_region():
    orth = {"b1", "a2", "c2", "b3"}
    diag = {"a1", "c1", "a3", "c3"}
    assert _targets(_game("Orthogonal", "(sites Occupied by:Next)")) == orth
    assert _targets(_game("Diagonal", "(sites Occupied by:Next)")) == diag
    assert _targets(_game("All", "(sites Occupied by:Next)")) == orth | diag
    # the board's Adjacent relation (on squares, Ludii's takes the diagonals too)
    assert _targets(_game("Adjacent", "(sites Occupied by:Next)")) == orth | diag


def test_related_to_one_site_and_to_an_empty_region():
    assert _targets(_game("Orthogonal", "(centrePoint)")) == {"b1", "a2", "c2", "b3"}
    assert _targets(_game("Orthogonal", '"a1"')) == {"b1", "a2"}
    assert _targets(_game("All", "(sites Occupied by:Mover)")) == {"pass"}  # stuck
