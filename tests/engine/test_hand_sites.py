"""Hands as containers: their sites are numbered after the board's, as Ludii numbers its
containers' sites, and rules read and play from them as from board sites."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludeme
from ludeme.errors import LudemeError

# placement from hands (Ludii's (move (from (handSite Mover)) ...)), then stepping
PLACE = """
(game "HandSites"
    (players 2)
    (equipment { (board (square 3) use:Vertex) (hand Each) (hand Shared size:2)
                 (piece "Ball" Each (move Step (to if:(is Empty (to))))) (piece "Rock" Shared) })
    (rules
        (start { (place "Ball1" (handSite P1) count:2) (place "Ball2" (handSite P2) count:2)
                 (place "Rock" (handSite Shared 1) count:3) })
        phases:{
            (phase "Placement"
                (play (move (from (handSite Mover)) (to (sites Empty))))
                (nextPhase Mover (= 0 (count in:(sites Hand Mover))) "Movement"))
            (phase "Movement" (play (forEach Piece)))
        }
        (end (if (is Line 3) (result Mover Win)))
    )
)
"""


def test_hand_sites_follow_the_board_in_declaration_order():
    g = ludeme.loads(PLACE)
    # 9 points, then P1's hand (9), P2's (10), the shared hand's two sites (11, 12)
    assert g.hands.base == 9
    assert g.hands.first == {1: 9, 2: 10, 0: 11}
    assert g.hands.owner == [1, 2, 0, 0]
    rock = g.pieces.kind_index("Rock")
    assert g.hands.kind[3] == rock  # (place "Rock" (handSite Shared 1)) bound site 12


def test_moves_from_a_hand_site_place_its_pieces():
    g = ludeme.loads(PLACE)
    s = g.new_initial_state()
    legal = s.legal_moves()
    assert len(legal) == 9 and {m.frm for m in legal} == {9}
    assert {s.move_to_string(m) for m in legal} == {f"hand1-{c}{r}" for c in "abc"
                                                   for r in "123"}
    s.apply(s.parse_move("hand1-b2"))
    ball = g.pieces.kind_index("Ball")
    assert s.hand[1][ball] == 1 and s.board() == {"b2": "Ball1"}
    assert {m.frm for m in s.legal_moves()} == {10}  # P2 plays from its own hand site
    for text in ("hand2-a1", "hand1-a2", "hand2-c3"):
        s.apply(s.parse_move(text))
    # both hands are empty: each player has moved on to stepping its pieces
    assert s.player_phase[1:] == [1, 1]
    assert all(0 <= m.frm < 9 for m in s.legal_moves())


def test_counts_and_emptiness_of_hand_sites():
    src = PLACE.replace(
        '(play (move (from (handSite Mover)) (to (sites Empty))))',
        '(play (if (and { (= (count Cell at:(handSite Mover)) 2) (is Empty (handSite Shared)) '
        '(not (is Empty (handSite Shared 1))) (= 3 (count in:(sites Hand Shared))) '
        '(= 7 (count in:(sites Hand))) }) '
        '(move (from (handSite Mover)) (to (sites Empty))) (move Pass)))')
    g = ludeme.loads(src)
    s = g.new_initial_state()
    assert len(s.legal_moves()) == 9  # every condition held
    s.apply(s.legal_moves()[0])
    # P2 still holds 2, but the hands together now hold 6: only the pass
    assert [m.kind for m in s.legal_moves()] == ["pass"]


def test_hand_site_errors():
    with pytest.raises(LudemeError, match="has no hand"):
        ludeme.loads(PLACE.replace("(hand Each) (hand Shared size:2)", "(hand P1)"))
    with pytest.raises(LudemeError, match="already has a hand"):
        ludeme.loads(PLACE.replace("(hand Each)", "(hand Each) (hand P2)"))
    with pytest.raises(LudemeError, match="no site 5"):
        ludeme.loads(PLACE.replace("(handSite Shared 1)", "(handSite Shared 5)"))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_hash_equals_a_recomputation_along_random_games(seed):
    g = ludeme.loads(PLACE)
    s = g.new_initial_state()
    rng = random.Random(seed)
    for _ in range(30):
        if s.is_terminal():
            break
        legal = s.legal_moves()
        s = s.child(legal[rng.randrange(len(legal))]) if rng.random() < 0.3 else s
        if not s.is_terminal():
            legal = s.legal_moves()
            s.apply(legal[rng.randrange(len(legal))])
        assert s.hash == g._full_hash(s)


def test_what_reads_the_piece_a_hand_holds():
    # (what at:) of a hand site is the piece the hand holds there, none once it is empty
    g = ludeme.loads(PLACE.replace(
        "(end (if (is Line 3) (result Mover Win)))",
        '(end { (if (= (what at:(handSite P1)) 0) (result P2 Win))'
        ' (if (is Line 3) (result Mover Win)) })'))
    s = g.new_initial_state()
    for text in ("hand1-a1", "hand2-c3"):
        s.apply(s.parse_move(text))
        assert not s.is_terminal()
    s.apply(s.parse_move("hand1-a2"))   # P1's hand is empty: what it holds is no piece
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


PILES = """
(game "Piles" (players 2)
  (equipment {(board (rectangle 1 5))
    (piece "Ball" Each (move Step (directions {E W}) (to if:(not (is Friend (who at:(to)))))))
    (hand Each)})
  (rules
    (start {(place "Ball1" (handSite P1) count:4) (place "Ball2" (handSite P2) count:4)})
    (play (or (move (from (handSite Mover)) (to (sites Empty)) count:2) (forEach Piece)))
    (end (if (>= (count Moves) 30) (result Mover Draw)))))
"""


def test_a_step_moves_one_piece_of_a_pile():
    # as Ludii's ActionMove (this game plays as the real Ludii along 10 random
    # trajectories): one piece leaves the pile, joins a pile of its own kind where it
    # lands, and stands alone in place of an enemy pile it takes
    g = ludeme.loads(PILES)
    s = g.new_initial_state()

    def play(frm: int, to: int) -> None:
        (m,) = [m for m in s.legal_moves() if (m.frm, m.to) == (frm, to)]
        s.apply(m)

    hand1, hand2 = g.board.n_sites, g.board.n_sites + 1
    play(hand1, 0)
    play(hand2, 2)
    assert (s.what[:3], s.count[:3]) == ([1, 0, 2], [2, 0, 2])
    play(0, 1)                       # one of the two steps off
    assert (s.what[:3], s.count[:3]) == ([1, 1, 2], [1, 1, 2])
    play(2, 1)                       # one of P2's pile takes P1's piece
    assert (s.what[:3], s.count[:3]) == ([1, 2, 2], [1, 1, 1])
    play(0, 1)                       # and is taken back
    play(2, 1)
    assert (s.what[:3], s.count[:3]) == ([0, 2, 0], [0, 1, 0])
    play(hand1, 0)
    play(1, 2)                       # P2's lone piece moves on: its site is empty
    play(0, 1)
    play(2, 3)
    play(1, 2)
    assert (s.what[:4], s.count[:4]) == ([1, 0, 1, 2], [1, 0, 1, 1])
    assert s.hash == g._full_hash(s)
