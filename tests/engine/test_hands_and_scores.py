"""Generic ludemes on small descriptions: hands and placing from them, turned pieces,
what is on a site, score effects, and whether a region forms one group."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludeme
from ludeme.board import Board
from ludeme.board.shapes import rectangle
from ludeme.errors import LudemeError
from ludeme.ludemes.conditions.cohesion import analyse

STASH = """
(game "Stash"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) (piece "Big" Each value:2)
                 (hand Each) })
    (rules
        (start { (place "Disc" (handSite Each) count:2) (place "Big2" (handSite P2)) })
        (play (move Add (handSite Mover) (to (sites Empty))) skipStuck:True)
        (end (if (no Moves Next) (byScore)))
    )
)
"""


def texts(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_hands_hold_what_start_places_and_lose_what_is_played():
    g = ludeme.loads(STASH)
    s = g.new_initial_state()
    disc, big = g.pieces.kind_index("Disc"), g.pieces.kind_index("Big")
    assert s.hand[1][disc] == 2 and s.hand[1][big] == 0
    assert s.hand[2][disc] == 2 and s.hand[2][big] == 1
    assert len(s.legal_moves()) == 9                     # P1: a disc on any of 9 cells
    s.apply(s.legal_moves()[0])
    assert s.hand[1][disc] == 1
    assert len(s.legal_moves()) == 2 * 8                 # P2: a disc or the big one
    movers = []
    while not s.is_terminal():
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    # P1 runs out after two discs and is skipped; P2 plays its three pieces
    assert movers == [2, 1, 2, 2]
    assert not any(s.hand[1]) and not any(s.hand[2])


SHARED = """
(game "Pool"
    (players 2)
    (equipment { (board (square 3)) (piece "Stone" Shared) (hand Shared) })
    (rules
        (start (place "Stone" (handSite Shared) count:3))
        (play (move Add (handSite Shared) (to (sites Empty))))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_a_shared_hand_is_drawn_on_by_everybody():
    g = ludeme.loads(SHARED)
    s = g.new_initial_state()
    for _ in range(3):
        s.apply(s.legal_moves()[0])
    assert s.is_terminal() and s.winners() == [1]    # P1 took the last stone
    assert s.hand[0] == [0]


TURNED = """
(game "Turned"
    (players 2)
    (equipment { (board (rectangle 2 3)) (piece "Arrow" Each value:1) (hand Each) })
    (rules
        (start { (place "Arrow" (handSite Each) count:3) (set Score Each 10) })
        (play
            (move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal
                then:(if (is Enemy (who at:(ahead (to))))
                         (and (addScore Mover (- 1))
                              (addScore (who at:(ahead (to))) (value Piece at:(to))))
                         (if (= (who at:(ahead (to))) 0) (addScore All 100))))
        )
        (end (if (no Moves Next) (byScore)))
    )
)
"""


def test_rotations_without_facing_turn_the_piece_every_way():
    g = ludeme.loads(TURNED)
    s = g.new_initial_state()
    assert len(s.legal_moves()) == 6 * 4
    assert {"a1n", "a1e", "a1s", "a1w"} <= texts(s)


def test_ahead_who_and_score_effects():
    g = ludeme.loads(TURNED)
    s = g.new_initial_state()
    s.apply(s.parse_move("a1e"))         # P1 points at b1, empty: (who) is 0
    assert s.scores() == [110, 110]      # (addScore All 100)
    s.apply(s.parse_move("b1w"))         # P2 points at P1's arrow on a1
    assert s.scores() == [111, 109]
    s.apply(s.parse_move("a2s"))         # P1 points at its own arrow: nothing
    assert s.scores() == [111, 109]
    s.apply(s.parse_move("c1n"))         # P2 points off... at c2, empty
    assert s.scores() == [211, 209]
    assert "X>  O<  O^" in str(s) and "Xv" in str(s)


def test_set_score_and_add_score_on_a_player_number():
    g = ludeme.loads(TURNED)
    s = g.new_initial_state()
    assert s.scores() == [10, 10]
    s.apply(s.parse_move("b1n"))         # at b2, empty
    s.apply(s.parse_move("b2s"))         # P2 at P1's arrow: P2 -1, P1 +1
    assert s.scores() == [111, 109]


@pytest.mark.parametrize("text,message", [
    ('(move Add (handSite Mover) (to (sites Empty)) facing:(sites Occupied))',
     "facing: needs rotations:"),
    ('(move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal then:'
     '(addScore (who at:(ahead (to) SameDirection)) 1))', "SameDirection"),
    ('(move Add (handSite Mover) "Nope" (to (sites Empty)))', "no piece 'Nope'"),
    ('(move Add (handSite Mover) (to (sites Occupied component:"Nope")))', "no piece 'Nope'"),
])
def test_bad_forms_are_clear_errors(text, message):
    src = STASH.replace("(move Add (handSite Mover) (to (sites Empty)))", text)
    with pytest.raises(LudemeError, match=message):
        ludeme.loads(src)


def test_hands_must_be_declared():
    src = STASH.replace("(hand Each)", "")
    with pytest.raises(LudemeError, match="hand"):
        ludeme.loads(src)


def test_placing_an_unknown_piece_in_hand_is_an_error():
    src = STASH.replace('(place "Big2" (handSite P2))', '(place "Big3" (handSite P2))')
    with pytest.raises(LudemeError, match="Big3"):
        ludeme.loads(src)


# -- one group ------------------------------------------------------------------------

HOLES = """
(game "Holes"
    (players 2)
    (equipment { (board (rectangle 3 4)) (piece "Hole" Shared) })
    (rules
        (play (do (move Add "Hole" (to (sites Empty)))
                  ifAfterwards:(is Connected (difference (sites Board)
                                                         (sites Occupied component:"Hole"))
                                             Orthogonal)))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def _groups(cells: set[int], nbrs) -> int:
    seen: set[int] = set()
    count = 0
    for start in cells:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        todo = deque([start])
        while todo:
            x = todo.popleft()
            for y in nbrs[x]:
                if y in cells and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return count


def test_holes_never_cut_the_board_in_random_games():
    g = ludeme.loads(HOLES)
    nbrs = g.board.nbrs["Orthogonal"]
    for seed in range(20):
        rng = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            free = {x for x in range(12) if not s.what[x]}
            legal = {m.to for m in s.legal_moves()}
            # exactly the holes after which the rest is still one group
            assert legal == {x for x in free if _groups(free - {x}, nbrs) <= 1}
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])


BOARD = Board(rectangle(4, 5))
NBR_BITS = [sum(1 << y for y in BOARD.nbrs["Orthogonal"][x]) for x in range(20)]


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 20) - 1))
def test_one_group_and_cut_sites_match_brute_force(mask):
    cells = {x for x in range(20) if mask >> x & 1}
    nbrs = BOARD.nbrs["Orthogonal"]
    whole, cut = analyse(mask, NBR_BITS)
    assert whole == (_groups(cells, nbrs) <= 1)
    if whole:
        for x in cells:
            assert bool(cut >> x & 1) == (_groups(cells - {x}, nbrs) > 1)


def test_hand_counts_are_part_of_the_position_hash():
    import random

    g = ludeme.load("twigs-and-thorns")
    s = g.new_initial_state()
    rng = random.Random(11)
    while not s.is_terminal():
        assert s.hash == g._full_hash(s)
        legal = s.legal_moves()
        s.apply(legal[rng.randrange(len(legal))])
    assert s.hash == g._full_hash(s)
