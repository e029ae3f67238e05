"""Brandubh (descriptions/brandubh.lud and its variants) against the rules page
/work/shared/rules/brandubh.md: every capture and end rule on hand-built positions
(each with a case where it applies and one where it does not), perft figures,
notation, repetition, the move limit, and move sets and results cross-checked against
the hand-written baseline in benchmarks/baselines/brandubh.py."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.position import from_diagram, position, set_piece
from ludeme.runtime.search import perft

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.baselines import brandubh as baseline  # noqa: E402

LEGEND = {"A": "Attacker1", "D": "Defender2", "K": "King2"}
ATTACKERS_WIN, DEFENDERS_WIN, DRAW = [1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]


def game(*options: str):
    return ludeme.load("brandubh", list(options))


def board(text: str, mover: int = 1, ply: int = 0, g=None):
    """A position drawn with A (attacker), D (defender), K (king), row 7 first. A
    drawing without a king gets one on g5, out of the way: without him the game would
    be over (the king captured) after the first move."""
    s = from_diagram(g or game(), text, LEGEND, mover, ply)
    if "K" not in text:
        set_piece(s, "g5", "King2")
    return s


def play(s, *moves: str):
    for text in moves:
        s.apply(s.parse_move(text))
    return s


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def pieces(s) -> dict[str, str]:
    return s.board()


# -- start, perft, notation -----------------------------------------------------------------

def test_start_position_and_first_mover():
    s = game().new_initial_state()
    assert s.current_player() == 1
    assert pieces(s) == {**{sq: "Attacker1" for sq in ("d1", "d2", "a4", "b4", "f4", "g4",
                                                       "d6", "d7")},
                         **{sq: "Defender2" for sq in ("d3", "c4", "e4", "d5")},
                         "d4": "King2"}


@pytest.mark.parametrize("depth,nodes", [(1, 40), (2, 960), (3, 39_512), (4, 1_007_392)])
def test_perft(depth, nodes):
    # 40 is the rules page's figure; the others agree with the baseline's perft
    assert perft(game().new_initial_state(), depth) == nodes


def test_move_notation_and_parsing():
    s = game().new_initial_state()
    assert "d1-c1" in legal(s) and "a4-a7" not in legal(s)  # a7 is a corner
    play(s, "d2-c2", "d5-c5")
    assert s.current_player() == 1
    s = board("""
        . . . . . . .
        . . . A . . .
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . . . . . . A
    """, mover=2)
    assert "Kd4-d5" in legal(s) and "Kd4-a4" in legal(s)
    assert s.move_to_string(s.parse_move("d4-d5")) == "Kd4-d5"   # bare form accepted
    assert s.move_to_string(s.parse_move("kd4-d5")) == "Kd4-d5"
    with pytest.raises(LudemeError):
        s.parse_move("Kd4-d4")


def test_capture_notation_lists_squares_column_first_and_must_agree():
    s = board("""
        . A . . D . .
        . . A . . . .
        . . D . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """, mover=2)
    m = s.parse_move("e7-c7")
    # b7 against the corner a7, c6 against the defender on c5: column b before c
    assert s.move_to_string(m) == "e7-c7xb7xc6"
    assert s.parse_move("e7-c7xb7xc6") == m
    assert s.parse_move("e7-c7") == m                # without the capture part
    for wrong in ("e7-c7xb7", "e7-c7xc6xb7", "e7-c7xb7xc6xd7", "Ke7-c7"):
        with pytest.raises(LudemeError):
            s.parse_move(wrong)                      # parts that disagree
    s = board("""
        . . . . . . .
        . . . . A . .
        . . . . D . .
        . . . . . . A
        . . . . D . .
        . . . . A . .
        . . . . . . .
    """)
    m = s.parse_move("g4-e4")
    assert s.move_to_string(m) == "g4-e4xe3xe5"      # one column: lower row first

# -- captures --------------------------------------------------------------------------------

def test_a_piece_between_two_enemies_is_captured_diagonals_do_not_count():
    s = board("""
        . . . . . . .
        . . . . . . .
        . A D . . . .
        . . . . . . .
        . . . . A . .
        . . . . . . .
        . . . . . . .
    """)
    play(s, "e3-d3")            # no line through c5: nothing happens
    assert pieces(s)["c5"] == "Defender2"
    s = board("""
        . . . . . . .
        . . . . . . .
        . A D . . . .
        . . . . . . .
        . . . A . . .
        . . . . . . .
        . . . . . . .
    """)
    m = s.parse_move("d3-d5")
    assert s.move_to_string(m) == "d3-d5xc5"
    s.apply(m)
    assert "c5" not in pieces(s)


def test_corners_are_hostile_to_both_sides():
    s = board("""
        . D . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . A . . . .
        . . . . . . .
    """)
    assert s.move_to_string(s.parse_move("c2-c7")) == "c2-c7xb7"   # against a7
    s = board("""
        . D . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . A . . .
        . . . . . . .
    """)
    assert s.move_to_string(s.parse_move("d2-d7")) == "d2-d7"      # d7 does not touch b7
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . D . .
        . . . . . . A
        . . . . . . .
    """, mover=2)
    assert s.move_to_string(s.parse_move("e3-g3")) == "e3-g3xg2"   # against g1
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . D . .
        . . . . . A .
        . . . . . . .
    """, mover=2)
    assert s.move_to_string(s.parse_move("e3-f3")) == "e3-f3"      # f1 is no corner

def test_the_empty_throne_is_hostile_to_both_sides_the_occupied_one_is_not():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . D . . .
        . . . . . . .
        . . . A . . .
    """)
    assert s.move_to_string(s.parse_move("d1-d2")) == "d1-d2xd3"    # d3 against d4
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . A . .
        . . . . . D .
        . . . . . . .
        . . . . . . .
    """, mover=2)
    assert s.move_to_string(s.parse_move("f3-f4")) == "f3-f4xe4"    # e4 against d4
    # with the king on it the throne is no hostile square for the attackers
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . K D . .
        . . . . . . .
        . . . . . . .
        . . . . . A .
    """)
    assert s.move_to_string(s.parse_move("f1-f4")) == "f1-f4"
    # ...but the king there is a defender: the defenders capture against him
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . K A . .
        . . . . . D .
        . . . . . . .
        . . . . . . .
    """, mover=2)
    assert s.move_to_string(s.parse_move("f3-f4")) == "f3-f4xe4"

def test_nothing_is_captured_against_the_edge():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        D . . . . . A
        . . . . . . .
        . . . . . . .
    """)
    assert s.move_to_string(s.parse_move("g3-b3")) == "g3-b3"       # a3: the edge beyond
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . D . . . .
        . . . . . . A
    """)
    assert s.move_to_string(s.parse_move("g1-c1")) == "g1-c1"       # c2: c3 empty beyond
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . . . . .
        . . . . . . .
        D . . . . . .
        . . . . . . .
    """)
    # along the edge a piece is enclosed as anywhere else: a2 between a3 and the corner a1
    assert s.move_to_string(s.parse_move("a4-a3")) == "a4-a3xa2"

def test_moving_in_between_two_enemies_is_safe():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . A . A . .
        . . . . . . .
        . . . D . . .
        . . . . . . .
        . . . . . . .
    """, mover=2)
    play(s, "d3-d5")            # walks in between c5 and e5
    assert pieces(s)["d5"] == "Defender2"
    play(s, "c5-c6", "Kg5-g6")  # an attacker steps away...
    move = s.parse_move("c6-c5")
    assert s.move_to_string(move) == "c6-c5xd5"   # ...and closes on it: captured


def test_the_king_captures_as_hammer_and_as_anvil():
    hammer = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . K . A D .
        . . . . . . .
        . . . . . . .
    """, mover=2)
    assert hammer.move_to_string(hammer.parse_move("Kc3-d3")) == "Kc3-d3xe3"
    anvil = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . K A . . D
        . . . . . . .
        . . . . . . .
    """, mover=2)
    assert anvil.move_to_string(anvil.parse_move("g3-e3")) == "g3-e3xd3"


def test_one_move_captures_up_to_three_pieces_together():
    s = board("""
        . . . . A . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . A D . D A
        . . . . D . .
        . . . . A . .
    """)
    move = s.parse_move("e7-e3")
    assert s.move_to_string(move) == "e7-e3xd3xe2xf3"
    s.apply(move)
    assert {"d3", "e2", "f3"}.isdisjoint(pieces(s))
    assert s.board()["e3"] == "Attacker1"

# -- capturing the king ----------------------------------------------------------------------

THRONE_3 = """
    . . . . . . .
    . . . . . . .
    . . . A . . .
    . . A K A . .
    . . . . . . .
    . . . . . . .
    . . . A . . .
"""


def test_king_on_the_throne_needs_four_attackers():
    s = board(THRONE_3)
    move = s.parse_move("d1-d3")
    assert s.move_to_string(move) == "d1-d3xd4"
    s.apply(move)
    assert s.is_terminal() and s.returns() == ATTACKERS_WIN
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . A . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . . . A . . .
    """)
    assert s.move_to_string(s.parse_move("d1-d3")) == "d1-d3"     # two are not enough
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . A . . .
        . . A K D . .
        . . . . . . .
        . . . . . . .
        . . . A . . .
    """)
    assert s.move_to_string(s.parse_move("d1-d3")) == "d1-d3"     # three and a defender


def test_king_beside_the_throne_needs_three_attackers():
    s = board("""
        . . . A . . .
        . . . . . . .
        . . A K A . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """)
    # the page's example: d7-d6 closes the third side, the throne is the fourth
    move = s.parse_move("d7-d6")
    assert s.move_to_string(move) == "d7-d6xd5"
    s.apply(move)
    assert s.returns() == ATTACKERS_WIN and "d5" not in pieces(s)
    # two attackers on opposite sides do not capture him beside the throne
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . K A . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . A . . . .
    """)
    assert s.move_to_string(s.parse_move("c1-c5")) == "c1-c5"

def test_king_elsewhere_needs_two_attackers_or_one_and_a_corner():
    s = board("""
        . . . . . . .
        . A K . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . A . . .
    """)
    move = s.parse_move("d1-d6")
    assert s.move_to_string(move) == "d1-d6xc6"
    s.apply(move)
    assert s.returns() == ATTACKERS_WIN
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . K . . . . A
    """)
    move = s.parse_move("g1-c1")
    assert s.move_to_string(move) == "g1-c1xb1"     # against the corner a1
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . K . . . A
    """)
    assert s.move_to_string(s.parse_move("g1-d1")) == "g1-d1"   # c1: edge, not a corner


def test_a_pair_already_standing_on_the_other_axis_does_not_capture():
    s = board("""
        . . . . . . .
        . . A . . . .
        . . K . . . .
        . . A . . . .
        . . . . . . .
        . . . . . . .
        . A . . . . .
    """)
    move = s.parse_move("b1-b5")
    assert s.move_to_string(move) == "b1-b5"        # the king is not enclosed by b5
    s.apply(move)
    assert not s.is_terminal()
    assert pieces(s)["c5"] == "King2"


def test_weak_king_variant_is_captured_by_two_on_and_beside_the_throne():
    weak = game("King/Weak")
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . A . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . . . A . . .
    """, g=weak)
    assert s.move_to_string(s.parse_move("d1-d3")) == "d1-d3xd4"
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . K A . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . A . . . .
    """, g=weak)
    assert s.move_to_string(s.parse_move("c1-c5")) == "c1-c5xd5"
    # the same move with the standard king captures nothing
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . K A . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . A . . . .
    """)
    assert s.move_to_string(s.parse_move("c1-c5")) == "c1-c5"
    assert ludeme.load("brandubh-weak-king").options["King"] == "Weak"


# -- moving --------------------------------------------------------------------------------

def test_only_the_king_stops_on_a_corner():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . D . K
    """, mover=2)
    moves = legal(s)
    assert "Kg1-g7" in moves and "e1-a1" not in moves and "e1-b1" in moves


def test_nobody_stops_on_the_throne_not_even_the_king_once_he_has_left():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        A . . . . . .
    """, mover=2)
    play(s, "Kd4-d6", "a1-a2")
    moves = legal(s)
    assert "Kd6-d4" not in moves
    assert "Kd6-d5" in moves and "Kd6-d1" in moves      # passing over the empty throne


def test_any_piece_passes_over_the_empty_throne():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """)
    moves = legal(s)
    assert "a4-d4" not in moves and {"a4-c4", "a4-e4", "a4-g4"} <= moves
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . K . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """)
    assert "a4-e4" not in legal(s)                       # not over the king


# -- the end ---------------------------------------------------------------------------------

def test_king_on_a_corner_wins_for_the_defenders():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . . . . .
        . . . . . . K
    """, mover=2)
    play(s, "Kg1-g2")
    assert not s.is_terminal()
    play(s, "a2-a3", "Kg2-g7")
    assert s.is_terminal() and s.returns() == DEFENDERS_WIN


def test_last_attacker_captured_wins_for_the_defenders():
    last = """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . D A . . K .
        . . . . . . .
    """
    s = board(last, mover=2)
    move = s.parse_move("Kf2-d2")
    assert s.move_to_string(move) == "Kf2-d2xc2"
    s.apply(move)
    assert s.is_terminal() and s.returns() == DEFENDERS_WIN
    s = board(last.replace(". . . . . . .", "A . . . . . .", 2).replace(
        "A . . . . . .", ". . . . . . .", 1), mover=2)
    assert s.board()["a6"] == "Attacker1"
    play(s, "Kf2-d2")                           # one attacker is left on a6
    assert not s.is_terminal()

def test_third_repetition_is_a_draw_and_the_second_is_announced():
    s = game().new_initial_state()
    assert s.repetitions() == 1                  # the start counts as the first time
    cycle = ("d2-c2", "d5-c5", "c2-d2", "c5-d5")
    play(s, *cycle)
    assert s.repetitions() == 2 and not s.is_terminal()
    play(s, *cycle[:3])                          # each of these positions a second time
    assert s.repetitions() == 2 and not s.is_terminal()
    twin = s.clone()                             # the record travels with a copy
    play(s, cycle[3])
    assert s.repetitions() == 3
    assert s.is_terminal() and s.returns() == DRAW
    assert twin.child(twin.parse_move(cycle[3])).returns() == DRAW
    other = twin.child(twin.parse_move("c5-b5"))  # a new position instead
    assert other.repetitions() == 1 and not other.is_terminal()


def test_the_same_pieces_with_the_other_side_to_move_is_another_position():
    s = game().new_initial_state()
    play(s, "d2-c2", "d5-c5", "c2-b2", "c5-d5", "b2-d2")
    # pieces as at the start, but the defenders to move
    assert s.board() == game().new_initial_state().board()
    assert s.current_player() == 2 and s.repetitions() == 1


def test_400_moves_draw_unless_the_400th_wins():
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . . . . .
        . . . . . . K
    """, mover=2, ply=398)
    play(s, "Kg1-g2")
    assert not s.is_terminal() and s.ply == 399
    play(s, "a2-a3")
    assert s.is_terminal() and s.returns() == DRAW and s.ply == 400
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . . . . K
        . . . . . . .
    """, mover=2, ply=399)
    play(s, "Kg2-g1")                           # the 400th move reaches a corner
    assert s.returns() == DEFENDERS_WIN
    s = board("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        A . . . . . .
        . . . . . . K
    """, mover=2, ply=398, g=ludeme.load("brandubh-no-limit"))
    play(s, "Kg1-g2", "a2-a3", "Kg2-g3")
    assert not s.is_terminal() and s.ply == 401


def test_the_400_move_limit_is_reached_in_a_real_game():
    # random moves that do not end the game, until only the limit can end it
    rng = random.Random(400)
    s = game().new_initial_state()
    while not s.is_terminal():
        moves = s.legal_moves()
        going_on = [m for m in moves if not s.child(m).is_terminal()]
        drawn = [m for m in moves if s.child(m).returns() == DRAW]
        pool = going_on or drawn
        s.apply(pool[rng.randrange(len(pool))])
    assert s.ply == 400 and s.returns() == DRAW
    assert s.repetitions() < 3

def test_no_legal_move_is_a_draw():
    s = board("""
        . . . . . . .
        . . . A . . A
        . . A D A . .
        . A D K D A .
        . . A D A . .
        . . . A . . .
        . . . . . . .
    """, mover=1)
    play(s, "g6-g5")
    assert s.legal_moves() == [] and s.is_terminal() and s.returns() == DRAW
    s = board("""
        . . . . . . .
        . . . A . . A
        . . A D . . .
        . A D K D A .
        . . A D A . .
        . . . A . . .
        . . . . . . .
    """, mover=1)
    play(s, "g6-g5")                         # d5 can still move to e5
    assert not s.is_terminal() and "d5-e5" in legal(s)

# -- against the hand-written baseline ----------------------------------------------------------

def _baseline_state(s):
    b = baseline.new_state()
    kinds = {"Attacker1": baseline.ATTACKER, "Defender2": baseline.DEFENDER,
             "King2": baseline.KING}
    b.board = [baseline.EMPTY] * 49
    for label, name in s.board().items():
        b.board[baseline._sq(label)] = kinds[name]
    b.current_player = s.current_player() - 1
    b.ply = s.ply
    b.seen = {b._key(): 1}
    b._moves = None
    return b


def _compare(s, b):
    ours = {(m.frm, m.to): m for m in s.legal_moves()}
    theirs = set(b.legal_moves())
    assert set(ours) == theirs
    for (frm, to), m in ours.items():
        assert s.move_to_string(m) == baseline.move_to_str(b, (frm, to))
    return ours


def test_moves_and_results_match_the_baseline_over_seeded_games():
    g = game()
    for seed in range(12):
        rng = random.Random(seed)
        s, b = g.new_initial_state(), baseline.new_state()
        while not s.is_terminal():
            ours = _compare(s, b)
            frm, to = sorted(ours)[rng.randrange(len(ours))]
            s.apply(ours[(frm, to)])
            b.apply((frm, to))
            assert s.board() == {baseline.square_name(x): ("Attacker1", "Defender2",
                                                             "King2")[p - 1]
                                 for x, p in enumerate(b.board) if p}
            assert s.is_terminal() == b.is_terminal()
        assert s.returns() == b.returns()


def test_moves_and_results_match_the_baseline_on_random_positions():
    g = game()
    rng = random.Random(7)
    squares = [f"{c}{r}" for c in "abcdefg" for r in range(1, 8)]
    checked = 0
    for _ in range(150):
        n_att, n_def = rng.randint(1, 8), rng.randint(0, 4)
        # the king and the pieces anywhere but the corners (pieces never stop there)
        spots = rng.sample([q for q in squares if q not in ("a1", "a7", "g1", "g7")],
                           1 + n_att + n_def)
        layout = {spots[0]: "King2"}
        layout.update({q: "Attacker1" for q in spots[1:1 + n_att]})
        layout.update({q: "Defender2" for q in spots[1 + n_att:]})
        s = position(g, layout, mover=rng.choice((1, 2)))
        b = _baseline_state(s)
        ours = _compare(s, b)
        for (frm, to), m in ours.items():
            after, b_after = s.child(m), b.clone()
            b_after.apply((frm, to))
            assert after.board() == {baseline.square_name(x): ("Attacker1", "Defender2",
                                                                 "King2")[p - 1]
                                     for x, p in enumerate(b_after.board) if p}
            assert after.returns() == b_after.returns()
            checked += 1
    assert checked > 2000
