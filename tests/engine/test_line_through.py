"""``(is Line ...)`` through a given site (``through:``), through any site of a region
(``throughAny:``), and of a player's pieces of any kind or of given pieces, as Ludii
has them; on a hand-built 4x4 position, asked by an end rule after one move."""

from __future__ import annotations

import pytest

import ludeme

START = """(start {(place "Disc1" {"a1" "b1"}) (place "Cross1" "c1")
                   (place "Disc2" {"a2" "b2" "c2"})})"""


def _ends(condition: str) -> bool:
    g = ludeme.loads(f"""
        (game "T" (players 2)
            (equipment {{(board (square 4)) (piece "Disc" Each) (piece "Cross" Each)}})
            (rules {START}
                (play (move Add "Disc" (to (sites Empty))))
                (end (if {condition} (result P1 Win)))))""", file="t.lud")
    s = g.new_initial_state()
    s.apply(s.parse_move("d4"))
    return s.is_terminal()


@pytest.mark.parametrize(("condition", "ends"), [
    ('(is Line 3 Orthogonal through:"b2")', True),      # P2's three discs
    ('(is Line 4 Orthogonal through:"b2")', False),
    ('(is Line 3 Orthogonal through:"b1")', False),     # a disc, a disc, a cross
    ('(is Line 3 Orthogonal through:"b1" P1)', True),   # P1's pieces, of any kind
    ('(is Line 3 Orthogonal through:"b1" who:P1)', True),
    ('(is Line 3 Orthogonal through:"b1" P2)', False),  # b1 is not P2's
    ('(is Line 3 Orthogonal through:"d1")', True),      # d1, d2, d3: empty sites
    ('(is Line 4 Orthogonal through:"d1")', False),     # d4 is taken
    ('(is Line 2 Orthogonal through:"c3")', True),      # a line of empty sites, as Ludii
    ('(is Line 3 Orthogonal throughAny:(sites {"a1" "c1"}))', False),
    ('(is Line 3 Orthogonal throughAny:(sites {"a1" "b2"}))', True),
    ('(is Line 2 Diagonal through:"a1")', False),       # P1's disc, then P2's
    ('(is Line 3 Orthogonal through:"b2" what:(id "Disc" P2))', True),
    ('(is Line 3 Orthogonal through:"b2" what:(id "Disc" P1))', False),
    ('(is Line 3 Orthogonal through:"b1" whats:{(id "Disc" P1) (id "Cross" P1)})', True),
    ('(is Line 3 Orthogonal throughAny:(sites Row 0) what:(id "Disc" P1))', False),
    # if: every site of the line meets the condition, the first one included
    ('(is Line 3 Orthogonal through:"b2" if:(is In (to) (sites Row 1)))', True),
    ('(is Line 3 Orthogonal through:"b2" if:(not (is In (to) (sites {"a2"}))))', False),
    ('(is Line 3 Orthogonal through:"b2" if:(not (is In (to) (sites {"b2"}))))', False),
])
def test_lines_through_sites(condition: str, ends: bool):
    assert _ends(condition) is ends
