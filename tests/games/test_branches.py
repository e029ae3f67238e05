"""Branches (descriptions/branches.lud and its house-rule variants) against the rules
page /work/shared/rules/branches.md: every rule on a hand-built position, perft
figures, notation, seeded games, and move sets cross-checked against the hand-written
baseline in benchmarks/baselines/branches.py."""

from __future__ import annotations

import random
import sys
from itertools import pairwise
from pathlib import Path

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.search import perft

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.baselines import branches as baseline  # noqa: E402

DESCRIPTION = ROOT / "descriptions" / "branches.lud"
SIZES = {6: "6x6", 8: "8x8", 10: "10x10"}
LENGTHS = {2: "2 edges", 3: "3 edges", 4: "4 edges"}


def load(size: int = 8, length: int = 3):
    return ludeme.load("branches", [f"Board Size/{SIZES[size]}",
                                    f"Branch Length/{LENGTHS[length]}"])


def position(g, origins: dict[int, list[str]], lines: dict[int, list[str]], mover: int):
    """A hand-built position in the drawing phase: origins (points) and drawn lines
    (points joined by '-', any number of edges) per player, ``mover`` to draw."""
    s = g.new_initial_state()
    board = g.board
    pen = {p: g.pieces.find("Pen", p) for p in (1, 2)}
    for p, points in origins.items():
        for label in points:
            s.what[board.site(label, "Vertex")] = pen[p]
    for p, paths in lines.items():
        for path in paths:
            points = [board.site(x, "Vertex") for x in path.split("-")]
            for a, b in pairwise(points):
                s.what[board.edge_between[(a, b)]] = pen[p]
    s.phase = 1  # the "Branches" phase
    s.order_pos = 0
    s.ply = 4
    s.mover = s.who = mover
    s.nxt = 3 - mover
    s.hash = g._full_hash(s)
    s._moves = None
    return s


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def is_legal(s, text: str) -> bool:
    try:
        s.parse_move(text)
    except LudemeError:
        return False
    return True


# -- origins and turn order ------------------------------------------------------------

def test_origin_phase_order_and_then_the_second_player_draws_first():
    g = load()
    s = g.new_initial_state()
    movers = []
    for text in ("e5", "a1", "i9", "d4"):       # corners and the border are allowed
        movers.append(s.mover)
        assert len(s.legal_moves()) == 81 - len(movers) + 1
        s.apply(s.parse_move(text))
    assert movers == [1, 2, 2, 1]
    assert s.mover == 2
    assert all("-" in t for t in legal(s))      # now every move is a branch
    assert s.board() == {"e5": "Pen1", "a1": "Pen2", "i9": "Pen2", "d4": "Pen1"}
    # P2's first branch starts at one of P2's origins
    assert {t.split("-")[0] for t in legal(s)} == {"a1", "i9"}
    s.apply(s.parse_move("a1-a2-a3-a4"))
    assert s.mover == 1


def test_origins_are_distinct_points():
    s = load().new_initial_state()
    s.apply(s.parse_move("e5"))
    assert not is_legal(s, "e5")
    assert "e5" not in legal(s) and "e6" in legal(s)


@pytest.mark.parametrize("depth,nodes", [(1, 81), (2, 6480), (3, 511_920),
                                         (4, 39_929_760)])
def test_origin_phase_perft_8x8(depth, nodes):
    assert perft(load().new_initial_state(), depth) == nodes


@pytest.mark.parametrize("depth,nodes", [(1, 49), (2, 2352), (3, 110_544), (4, 5_085_024)])
def test_perft_6x6_from_the_start_matches_the_baseline(depth, nodes):
    assert perft(load(6).new_initial_state(), depth) == nodes


@pytest.mark.parametrize("depth,nodes", [(1, 70), (2, 3332), (3, 262_056)])
def test_perft_6x6_after_a_fixed_origin_phase(depth, nodes):
    # figures of the hand-written baseline (depth 3 computed with it for this test)
    s = load(6).new_initial_state()
    for text in ("c3", "d4", "e5", "f6"):
        s.apply(s.parse_move(text))
    assert s.mover == 2
    assert perft(s, depth) == nodes


# -- a branch ----------------------------------------------------------------------------

@pytest.mark.parametrize("size,length,centre,count", [
    (8, 3, "e5", 36), (6, 3, "d4", 36), (10, 3, "f6", 36),
    (8, 2, "e5", 12),
    (8, 4, "e5", 100),     # 4 * 3 * 3 * 3 walks less the 8 closed squares
])
def test_branches_from_a_lone_central_origin(size, length, centre, count):
    s = position(load(size, length), {2: [centre]}, {}, mover=2)
    moves = legal(s)
    assert len(moves) == count
    assert all(t.startswith(centre + "-") and t.count("-") == length for t in moves)


def test_a_corner_origin_has_fewer_branches():
    s = position(load(), {2: ["a1"]}, {}, mover=2)
    assert len(legal(s)) == 10


def test_shapes_straight_bent_step_u_and_zigzag_are_branches_but_not_loops():
    s = position(load(length=4), {2: ["e5"]}, {}, mover=2)
    for text in ("e5-e6-e7-e8-e9", "e5-f5-f6-f7-f8", "e5-f5-f6-g6-g7", "e5-f5-f6-e6-e7",
                 "e5-f5-f4-g4-g3"):
        assert is_legal(s, text), text
    assert not is_legal(s, "e5-f5-f6-e6-e5")  # a closed square repeats a point
    s3 = position(load(), {2: ["e5"]}, {}, mover=2)
    assert not is_legal(s3, "e5-e6-e7")       # too short
    assert not is_legal(s3, "e5-e6-e8-e9")    # not joined by grid edges


def test_a_branch_starts_only_at_the_movers_tree():
    # P2's tree: origin e5 and the points of the drawn line e5-e6-f6-f7
    s = position(load(), {1: ["a1", "b2"], 2: ["e5", "i9"]}, {2: ["e5-e6-f6-f7"]}, mover=2)
    starts = {t.split("-")[0] for t in legal(s)}
    assert starts == {"e5", "e6", "f6", "f7", "i9"}
    assert is_legal(s, "f6-g6-h6-i6")          # from a joint of the tree
    assert not is_legal(s, "c3-c4-c5-c6")      # nowhere near the tree
    assert not is_legal(s, "a1-a2-a3-a4")      # the opponent's origin is not P2's tree
    # the end in the tree decides, whichever way the branch is written
    assert s.parse_move("c7-d7-e7-f7") == s.parse_move("f7-e7-d7-c7")
    assert s.move_to_string(s.parse_move("c7-d7-e7-f7")) == "f7-e7-d7-c7"


def test_one_move_per_set_of_edges_printed_from_the_lower_end_when_both_are_in_the_tree():
    s = position(load(), {2: ["e5", "e8"]}, {}, mover=2)
    moves = s.legal_moves()
    board = s.game.board
    edge_sets = {frozenset(board.edge_between[(a, b)] for a, b in pairwise(m.extra))
                 for m in moves}
    assert len(edge_sets) == len(moves)
    # e5-e6-e7-e8 joins both origins: one move, written from e5 (the lower row)
    assert "e5-e6-e7-e8" in legal(s) and "e8-e7-e6-e5" not in legal(s)
    assert s.move_to_string(s.parse_move("e8-e7-e6-e5")) == "e5-e6-e7-e8"
    # on one row, the end further left comes first
    t = position(load(), {2: ["b3", "e3"]}, {}, mover=2)
    assert "b3-c3-d3-e3" in legal(t) and "e3-d3-c3-b3" not in legal(t)


def test_no_edge_is_drawn_twice():
    s = position(load(), {1: ["a1"], 2: ["e5"]}, {1: ["e6-e7"], 2: ["e5-f5"]}, mover=2)
    assert not is_legal(s, "e5-e6-e7-e8")      # e6-e7 is P1's
    assert not is_legal(s, "e5-f5-g5-h5")      # e5-f5 is P2's own
    assert is_legal(s, "f5-g5-h5-i5")          # continuing from the end of an own line
    assert is_legal(s, "e5-e6-d6-d7")


def test_touching_the_opponent_and_crossing_oneself_are_legal():
    g = load()
    # P1 has a vertical line through d4
    s = position(g, {1: ["d3"], 2: ["a4"]}, {1: ["d3-d4-d5"]}, mover=2)
    assert is_legal(s, "a4-b4-c4-d4")          # T: ends on P1's line
    assert is_legal(s, "a4-b4-c4-c3")
    s = position(g, {1: ["d2"], 2: ["c4"]}, {1: ["d2-d3-d4"]}, mover=2)
    assert is_legal(s, "c4-d4-d5-d6")          # passes d4 where P1's line ends: a T
    # both colours bend through one point
    s = position(g, {1: ["d2"], 2: ["c4"]}, {1: ["d2-d3-d4-e4"]}, mover=2)
    assert is_legal(s, "c4-d4-d5-e5")
    # own X: P2 crosses its own vertical line
    s = position(g, {2: ["d3", "c4"]}, {2: ["d3-d4-d5"]}, mover=2)
    assert is_legal(s, "c4-d4-e4-f4")
    s = position(g, {2: ["d3", "g4"]}, {2: ["d3-d4-d5", "c4-d4"]}, mover=2)
    assert is_legal(s, "g4-f4-e4-d4")          # an own X completed at the branch's end


def test_a_two_colour_x_is_illegal_whichever_edge_completes_it():
    g = load()
    # P1 has a vertical line through d4: P2 may not draw straight across it
    s = position(g, {1: ["d3"], 2: ["b4", "c4"]}, {1: ["d3-d4-d5"]}, mover=2)
    assert not is_legal(s, "c4-d4-e4-f4")      # the point is the branch's second point
    assert not is_legal(s, "b4-c4-d4-e4")      # ... or its third
    assert not is_legal(s, "c4-d4-e4-e5")
    assert is_legal(s, "b4-c4-c5-d5")          # meeting the end of P1's line is fine
    assert is_legal(s, "c4-c5-d5-e5")          # a T at d5
    # P2 already has the west edge at d4: a branch that only ends at d4, from the east,
    # completes the X, and so does one that starts there
    s = position(g, {1: ["d3"], 2: ["c4", "g4"]}, {1: ["d3-d4-d5"], 2: ["c4-d4"]}, mover=2)
    assert not is_legal(s, "g4-f4-e4-d4")
    assert not is_legal(s, "d4-e4-f4-f5")
    assert is_legal(s, "g4-g5-f5-e5")
    assert not is_legal(s, "d4-c4-c3-b3")      # c4-d4 is drawn already
    # the other way round: P1's line is horizontal, P2 comes vertically
    s = position(g, {1: ["c4"], 2: ["d2"]}, {1: ["c4-d4-e4"]}, mover=2)
    assert not is_legal(s, "d2-d3-d4-d5")
    s = position(g, {1: ["c4"], 2: ["d5", "d1"]}, {1: ["c4-d4-e4"], 2: ["d4-d5"]}, mover=2)
    assert not is_legal(s, "d1-d2-d3-d4")
    assert is_legal(s, "d1-d2-d3-c3")


def test_a_t_junction_with_the_other_colour_is_legal():
    s = position(load(), {1: ["d3"], 2: ["a4"]}, {1: ["d3-d4-d5"]}, mover=2)
    assert is_legal(s, "a4-b4-c4-d4")


def test_a_player_with_free_edges_but_no_branch_loses():
    g = load()
    # P1's origins sit in corners whose only free edge leads into a dead end
    s = position(g, {1: ["a1", "i9"], 2: ["e5", "h9"]},
                 {2: ["a1-a2", "c1-b1-b2", "i9-i8", "h9-g9"]}, mover=2)
    assert not s.is_terminal()
    assert {t.split("-")[0] for t in legal(s)} >= {"h9"}
    s.apply(s.parse_move("h9-h8-h7-h6"))
    assert s.legal_moves() == []
    assert s.is_terminal()
    assert s.returns() == [-1.0, 1.0] and s.winners() == [2]
    board = g.board
    a1, b1 = board.site("a1", "Vertex"), board.site("b1", "Vertex")
    assert not s.what[board.edge_between[(a1, b1)]]   # P1 still had a free edge


def test_blocked_only_by_the_crossing_rule():
    g = load(6, 2)
    # from a2, P1's only free edge leads to b2, where P2's vertical line b1-b2-b3 runs:
    # a2-b2-c2 would cross it, and every other way out of a2 is drawn
    blocked = position(g, {1: ["a2"], 2: ["b1", "f6"]}, {2: ["b1-b2-b3", "a2-a1", "a2-a3"]},
                       mover=1)
    # no branch to draw: its only move is the pass Ludii gives a stuck player (in play
    # the end rule, (no Moves Next), ends the game before it)
    assert [m.kind for m in blocked.legal_moves()] == ["pass"]
    assert blocked.game.stuck(blocked)
    opened = position(g, {1: ["a2"], 2: ["b1", "f6"]}, {2: ["b1-b2-b3", "a2-a1"]}, mover=1)
    assert legal(opened) == {"a2-a3-a4", "a2-a3-b3"}


# -- the diagram ------------------------------------------------------------------------

def test_the_diagram_shows_grid_lines_of_both_colours_and_origins():
    g = load(6)
    s = position(g, {1: ["b2", "f6"], 2: ["d4", "a7"]}, {1: ["b2-c2-c3"], 2: ["d4-d5-e5"]},
                 mover=1)
    rows = str(s).splitlines()
    assert rows[:10] == [
        "  7 o . . . . . .",     # P2's origins lower case, P1's upper case
        "  6 . . . . . X .",
        "  5 . . . .=. . .",     # P2's edges: = and !
        "          !",
        "  4 . . . o . . .",
        "  3 . . . . . . .",
        "        |",             # P1's edges: - and |
        "  2 . X-. . . . .",
        "  1 . . . . . . .",
        "    a b c d e f g",
    ]


# -- games ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [6, 8, 10])
@pytest.mark.parametrize("length", [2, 3, 4])
def test_seeded_random_games_end_with_a_winner(size, length):
    g = load(size, length)
    rng = random.Random(size * 10 + length)
    s = g.new_initial_state()
    n = 0
    while not s.is_terminal():
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
        n += 1
    assert n > 4
    assert sorted(s.returns()) == [-1.0, 1.0]
    assert s.winners() == [3 - s.mover]        # the player who cannot draw loses


@pytest.mark.parametrize("name,size,length", [("branches-young", 6, 2),
                                               ("branches-club", 10, 4)])
def test_house_rule_variants(name, size, length):
    g = ludeme.load(name)
    assert g.name.startswith("Branches (")
    assert g.board.count["Edge"] == 2 * size * (size + 1)
    centre = "abcdefghijk"[size // 2] + str(size // 2 + 1)
    s = position(g, {2: [centre]}, {}, mover=2)
    assert {t.count("-") for t in legal(s)} == {length}


@pytest.mark.parametrize("size,length,games", [(6, 3, 4), (8, 3, 3), (6, 2, 3), (8, 4, 3),
                                               (10, 3, 2), (10, 4, 1)])
def test_move_sets_match_the_hand_written_baseline(size, length, games):
    g = load(size, length)
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = g.new_initial_state(), baseline.new_state(size=size, length=length)
        while True:
            mine = sorted(ours.move_to_string(m) for m in ours.legal_moves())
            base = sorted(baseline.move_to_str(theirs, m) for m in theirs.legal_moves())
            assert mine == base, (size, length, seed, ours.ply)
            if not mine:
                break
            text = mine[rng.randrange(len(mine))]
            ours.apply(ours.parse_move(text))
            theirs.apply(baseline.parse_move(theirs, text))
        assert ours.returns() == theirs.returns()


def test_in_place_trial_matches_trying_each_move_on_a_copy():
    # (or G G) hides the generator's in-place trial from (do ...), which then tries each
    # path on a copy of the state; checking every vertex gives the same answer too
    text = DESCRIPTION.read_text()
    fast = '(move Path length:<Length:n> from:("Tree"))'
    assert fast in text
    slow = ludeme.loads(text.replace(fast, f"(or {fast} {fast})"), ["Board Size/6x6"])
    full = ludeme.loads(text.replace("(is Crossing mixed:True)",
                                     "(is Crossing (sites Board Vertex) mixed:True)"),
                        ["Board Size/6x6"])
    g = load(6)
    for seed in range(3):
        rng = random.Random(seed)
        states = [x.new_initial_state() for x in (g, slow, full)]
        while not states[0].is_terminal():
            sets = [sorted(s.move_to_string(m) for m in s.legal_moves()) for s in states]
            assert sets[0] == sets[1] == sets[2]
            pick = sets[0][rng.randrange(len(sets[0]))]
            for s in states:
                s.apply(s.parse_move(pick))
        assert all(s.is_terminal() for s in states)


def test_origin_order_option_and_abab_variant():
    import ludeme

    for name, origins, first_drawer in (("branches", [1, 2, 2, 1], 2),
                                        ("branches-abab", [1, 2, 1, 2], 1)):
        s = ludeme.load(name, ["Board Size/6x6"]).new_initial_state()
        movers = []
        for label in ("a1", "f6", "a6", "f1"):
            movers.append(s.current_player())
            s.apply(s.parse_move(label))
        assert movers == origins
        assert s.current_player() == first_drawer
