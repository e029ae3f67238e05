"""Branching Coral and Brain Coral (descriptions/branching-coral.lud and its variant
files): every rule on hand-built positions, perft, seeded games for every option, and
move sets cross-checked against the hand-written baseline in
benchmarks/baselines/branching_coral.py. Rules: /work/shared/rules/branching-coral.md."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest

import ludeme
from ludeme.api import _compile, load_description
from ludeme.errors import LudemeError
from ludeme.ludemes.conditions import connected as connectivity
from ludeme.runtime.position import from_diagram, position
from ludeme.runtime.search import perft

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.baselines import branching_coral as baseline  # noqa: E402

SIDE4 = "Board/Hexagon 4"
LEGEND = {"X": "Stone1", "O": "Stone2"}
BONUSES = {"Captured Stones": "captured", "Own Groups": "own", "Opponent Groups": "opponent",
           "None": "none"}
TIES = {"A: Cascade": "A", "B: Last to Place": "B"}


def load(*options: str, name: str = "branching-coral"):
    return ludeme.load(name, list(options))


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def at(s, label: str) -> str:
    """'X', 'O' or '.' on a cell."""
    p = s.what[s.game.board.site(label)]
    return "." if not p else "XO"[s.game.pieces.owner[p] - 1]


def side4(pieces: dict[str, str], mover: int = 1, *options: str, name="branching-coral"):
    g = load(SIDE4, *options, name=name)
    return position(g, {k: LEGEND[v] for k, v in pieces.items()}, mover=mover)


# -- board and notation ------------------------------------------------------------------


def test_board_is_a_hexagon_labelled_as_ludii_labels_it():
    g = load()
    b = g.board
    assert b.count["Cell"] == 91
    rows = b.rows["Cell"]
    assert [len(r) for r in rows] == [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
    # Ludii's labels: row numbers from the bottom, column letters along the lines
    # running up to the right (the bottom row is a1-f1, the top row f11-k11); f6 is
    # the centre
    assert b.centre["Cell"] == (b.site("f6"),)
    assert b.coords[b.site("a1")][1] == min(y for _, y in b.coords)
    assert b.coords[b.site("a1")][0] < b.coords[b.site("f1")][0]
    assert b.coords[b.site("k11")][1] == max(y for _, y in b.coords)
    assert len(b.nbrs["Orthogonal"][b.site("f6")]) == 6
    assert len(b.perimeter["Cell"]) == 30
    assert {len(load(f"Board/Hexagon {n}").board.sites["Cell"]) for n in (4, 9)} == {37, 217}


def test_notation_round_trips_and_the_diagram_is_labelled():
    s = load().new_initial_state()
    for text in ("a1", "k6", "k11", "f6"):
        m = s.parse_move(text)
        assert s.move_to_string(m) == text
    with pytest.raises(LudemeError):
        s.parse_move("g1")      # row 1 has 6 cells
    s.apply(s.parse_move("f6"))
    picture = str(s)
    lines = picture.splitlines()
    # every row is named by its number (Ludii's rows, 1 at the bottom) at both ends;
    # the columns lean, so the top row's letters stand above it, the bottom row's below
    rows = lines[1:12]
    assert [line.split()[0] for line in rows] == [str(r) for r in range(11, 0, -1)]
    assert [line.split()[-1] for line in rows] == [str(r) for r in range(11, 0, -1)]
    assert lines[0].split() == list("fghijk") and lines[12].split() == list("abcdef")
    assert "X" in rows[5]


# -- perft (figures of the hand-written baseline) -----------------------------------------


@pytest.mark.parametrize("depth,nodes", [(1, 91), (2, 8190)])
def test_perft_side_6(depth, nodes):
    assert perft(load().new_initial_state(), depth) == nodes


@pytest.mark.parametrize("depth,nodes", [(1, 37), (2, 1332), (3, 46584)])
def test_perft_side_4(depth, nodes):
    assert perft(load(SIDE4).new_initial_state(), depth) == nodes


def test_brain_coral_perft_side_4_matches_the_baseline():
    from benchmarks.baselines.common import perft as baseline_perft

    ours = load(SIDE4, name="brain-coral").new_initial_state()
    theirs = baseline.new_state(side=4, brain=True)
    assert [perft(ours, d) for d in (1, 2, 3)] == [baseline_perft(theirs, d) for d in (1, 2, 3)]


# -- placement -----------------------------------------------------------------------------


def test_a_stone_needs_two_empty_neighbours():
    # a1's neighbours are b1, a2, b2
    s = side4({"b1": "X"})
    assert "a1" in legal(s)
    s = side4({"b1": "X", "a2": "O"})
    assert "a1" not in legal(s)          # only b2 is empty around a1
    assert "b2" in legal(s)
    # Brain Coral has no such rule: a1 still touches the empty b2
    s = side4({"b1": "X", "a2": "O"}, 1, name="brain-coral")
    assert "a1" in legal(s)


def test_a_placement_that_would_enclose_empty_cells_is_illegal():
    # d4 is empty and walled in except for e5; filling e5 would cut d4 off
    walls = {"c3": "X", "d3": "O", "c4": "X", "e4": "O", "d5": "X"}
    s = side4(walls)
    moves = legal(s)
    assert "e5" not in moves
    assert "d4" not in moves             # one empty neighbour only
    assert {"f5", "e6", "f6", "a1"} <= moves
    # with a second way out (e5 open and d4 next to... nothing else): still illegal; once
    # the wall has a gap at c3 the same placement is fine
    del walls["c3"]
    assert "e5" in legal(side4(walls))


def test_perimeter_cells_join_empty_cells_to_the_edge():
    # b2 and c2 are walled in except through the perimeter cell b1
    walls = {"a1": "X", "c1": "O", "a2": "X", "d2": "O", "b3": "X", "c3": "O", "d3": "X"}
    s = side4(walls)
    assert "b1" not in legal(s)          # filling it would shut b2 and c2 in
    assert {"b2", "c2"} <= legal(s)      # each keeps a way out (b1) and 2 empty neighbours
    # open c1: c2 reaches the edge at c1, b2 through c2, so b1 may be filled
    del walls["c1"]
    assert "b1" in legal(side4(walls))
    # an empty perimeter cell counts as joined to itself: a1 walled in by stones on its
    # three neighbours does not forbid placements elsewhere
    s = side4({"b1": "X", "a2": "O", "b2": "X"})
    assert "a1" not in legal(s) and "d4" in legal(s)


def test_brain_coral_stones_must_touch_an_empty_cell_joined_to_the_edge():
    # d4 is P1's stone whose only empty neighbour is e5: in Brain Coral filling e5
    # leaves it without one, so e5 is illegal; Branching Coral allows it (and captures)
    stones = {"d4": "X", "c3": "O", "d3": "O", "c4": "O", "e4": "O", "d5": "O"}
    brain = side4(stones, 2, name="brain-coral")
    assert "e5" not in legal(brain)
    assert "f5" in legal(brain)
    # a stone placed on the perimeter needs an empty neighbour: a1 with b1 and a2 taken
    # still has b2; with b2 taken too it has none
    assert "a1" in legal(side4({"b1": "X", "a2": "O"}, 1, name="brain-coral"))
    assert "a1" not in legal(side4({"b1": "X", "a2": "O", "b2": "X"}, 1, name="brain-coral"))


# -- capture -------------------------------------------------------------------------------


CAPTURE = {
    # c3 (P1) and d3 (P2) each keep one empty neighbour, c2, once d4 is filled
    "c3": "X", "d3": "O",
    "b2": "O", "b3": "O", "c4": "O",     # c3's other neighbours
    "d2": "X", "e3": "X", "e4": "X",     # d3's other neighbours
}


def test_capture_is_simultaneous_and_takes_both_colours():
    s = side4(CAPTURE)
    s.apply(s.parse_move("d4"))
    # removed one after the other, the second would have kept 2 empty neighbours
    assert at(s, "c3") == "." and at(s, "d3") == "."
    # neighbours with 2 or more empty neighbours stay: c4 (b4 c5 d5), e4 (f4 e5 f5)
    assert at(s, "c4") == "O" and at(s, "e4") == "X" and at(s, "d4") == "X"
    # the others were never next to d4
    assert all(at(s, x) != "." for x in ("b2", "b3", "d2", "e3"))


def test_captured_opponent_stones_are_counted_for_the_placer():
    s = side4(CAPTURE)
    s.apply(s.parse_move("d4"))
    # P1 removed one of its own stones and one of P2's: only P2's counts
    assert s.score[1:] == [1, 0]
    assert s.scores()[0] == 4 + 1     # largest group {d2 e3 e4 d4} plus the capture
    # counted over the whole game: a later capture adds to it. e7 (P2) has the empty
    # neighbours e6 and d7; P1's e6 leaves it with d7 alone
    t = side4({**CAPTURE, "e7": "O", "d6": "X", "f7": "X"})
    for move in ("d4", "a1", "e6"):
        t.apply(t.parse_move(move))
    assert at(t, "e7") == "." and at(t, "d6") == "X" and at(t, "f7") == "X"
    assert t.score[1:] == [2, 0]


def test_brain_coral_does_not_capture():
    s = side4(CAPTURE, 1, name="brain-coral")
    s.apply(s.parse_move("d4"))      # c3 and d3 keep c2, joined to the edge at b1
    assert at(s, "c3") == "X" and at(s, "d3") == "O"
    assert s.score[1:] == [0, 0]


# -- scores --------------------------------------------------------------------------------


# P1: groups of 3 (a1 b1 c1) and 1 (d4); P2: groups of 2 (d7 e7), 2 (a4 a3) and 1 (g4)
GROUPS = {"a1": "X", "b1": "X", "c1": "X", "d4": "X",
          "d7": "O", "e7": "O", "a4": "O", "a3": "O", "g4": "O"}


@pytest.mark.parametrize("bonus,scores", [("Captured Stones", [3 + 2, 2 + 0]),
                                          ("Own Groups", [3 + 2, 2 + 3]),
                                          ("Opponent Groups", [3 + 3, 2 + 2]),
                                          ("None", [3, 2])])
def test_score_is_the_largest_group_plus_the_bonus(bonus, scores):
    s = side4(GROUPS, 1, f"Bonus/{bonus}")
    s.score[1] = 2          # two captures by P1 so far
    assert s.scores() == scores


def test_brain_coral_bonus_is_own_groups():
    assert side4(GROUPS, 1, name="brain-coral").scores() == [3 + 2, 2 + 3]


# -- the end and the tie-breakers ------------------------------------------------------------

# Final positions from seeded random games on side 4 (no bonus), one move before the end.

CASCADE = """
   . X . X
  O . X O .
 . X . O O .
O O . O . X X
 . X X . . .
  X . O O X
   . O . .
"""
# After P1 plays e4 (capturing e5), P2 cannot place. P1's groups: 3 3 2 1 1 1; P2's:
# 3 2 2 1 1: equal largest groups. Pairs cancel (3-3, 2-2, 1-1, 1-1) leaving P1 {3 1} and
# P2 {2}: P1's leftover is larger, so P1 loses although it placed last.

ALL_CANCEL = """
   . O . O
  . X O O .
 O X . . . X
. . O X O O .
 . X . . . .
  . X O X X
   X . O .
"""
# After P1 plays a3, P2 cannot place; both have groups 4 2 2 1 1: everything cancels and
# the last to place, P1, wins.

ALL_CANCEL_2 = """
   O . X .
  . X . X .
 O X O O . X
. O . . X O .
 O . X X . O
  O . . X .
   . X . .
"""
# After P2 plays c1, P1 cannot place; both have groups 4 2 2 1 1: P2, last to place, wins.


def finish(diagram: str, mover: int, move: str, *options: str):
    g = load(SIDE4, "Bonus/None", *options)
    s = from_diagram(g, diagram, LEGEND, mover=mover)
    assert not s.is_terminal()
    s.apply(s.parse_move(move))
    return s


def test_the_game_ends_when_the_player_to_move_cannot_place():
    s = finish(CASCADE, 1, "e4")
    assert s.legal_moves() == [] and s.is_terminal()
    assert s.scores() == [3, 3]
    assert sorted(s.returns()) == [-1.0, 1.0]


def test_cascade_the_larger_leftover_group_loses():
    s = finish(CASCADE, 1, "e4")
    assert s.winners() == [2]


def test_cascade_when_all_pairs_cancel_the_last_placer_wins():
    s = finish(ALL_CANCEL, 1, "a3")
    assert s.scores()[0] == s.scores()[1] and s.winners() == [1]
    s = finish(ALL_CANCEL_2, 2, "c1")
    assert s.scores()[0] == s.scores()[1] and s.winners() == [2]


def test_tie_breaker_b_the_last_placer_wins():
    s = finish(CASCADE, 1, "e4", "Tie-Breaker/B: Last to Place")
    assert s.winners() == [1]
    s = finish(ALL_CANCEL_2, 2, "c1", "Tie-Breaker/B: Last to Place")
    assert s.winners() == [2]


@pytest.mark.parametrize("diagram,mover,move", [(CASCADE, 1, "e4"), (ALL_CANCEL, 1, "a3"),
                                                (ALL_CANCEL_2, 2, "c1")])
def test_final_positions_agree_with_the_baseline(diagram, mover, move):
    for tie, code in TIES.items():
        s = finish(diagram, mover, move, f"Tie-Breaker/{tie}")
        b = baseline.new_state(side=4, bonus="none", tiebreak=code)
        b.set_board([-1 if not p else s.game.pieces.owner[p] - 1 for p in s.what])
        b.last_placer = s.prev_mover - 1
        b.current_player = s.mover - 1
        assert b.is_terminal()
        assert b.winner() + 1 == s.winners()[0]


# -- whole games ---------------------------------------------------------------------------


OPTION_SETS = [[f"Rules/{r}", f"Bonus/{b}", f"Tie-Breaker/{t}"]
               for r, b, t in itertools.product(("Branching Coral", "Brain Coral"), BONUSES,
                                                 TIES)]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "|".join(x.split("/")[1]
                                                                       for x in o))
@pytest.mark.parametrize("board", [SIDE4, "Board/Square 7"])
def test_seeded_random_games_end_with_a_winner(board, options):
    g = load(board, *options)
    for seed in range(2):
        rng = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
        assert s.legal_moves() == []
        assert sorted(s.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("name,board", [("branching-coral", f"Board/Hexagon {n}")
                                        for n in range(4, 10)]
                         + [("brain-coral", "Board/Hexagon 6"),
                            ("branching-coral", "Board/Square 9"),
                            ("branching-coral", "Board/Square 11")])
def test_default_boards_play_to_the_end(name, board):
    g = load(board, name=name)
    rng = random.Random(7)
    s = g.new_initial_state()
    while not s.is_terminal():
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    assert len(s.winners()) == 1


def test_variant_files():
    assert load(name="brain-coral").name == "Brain Coral"
    assert load(name="brain-coral").options["Bonus"] == "Own Groups"
    sq = load(name="branching-coral-square")
    assert sq.board.count["Cell"] == 81 and len(sq.board.nbrs["Orthogonal"][40]) == 4


# -- against the hand-written baseline -----------------------------------------------------


@pytest.mark.parametrize("side,brain,games,shape",
                         [(4, False, 12, "hex"), (5, False, 4, "hex"), (6, False, 3, "hex"),
                          (4, True, 8, "hex"), (6, True, 2, "hex"),
                          (7, False, 4, "square"), (7, True, 3, "square")])
def test_move_sets_and_results_match_the_baseline(side, brain, games, shape):
    rng = random.Random(side * 10 + brain)
    for i in range(games):
        bonus, tie = list(BONUSES)[i % 4], list(TIES)[i // 4 % 2]
        board = f"Board/Hexagon {side}" if shape == "hex" else f"Board/Square {side}"
        opts = [board, f"Bonus/{bonus}", f"Tie-Breaker/{tie}"]
        g = load(*opts, name="brain-coral" if brain else "branching-coral")
        ours = g.new_initial_state()
        theirs = baseline.new_state(side=side, bonus=BONUSES[bonus], tiebreak=TIES[tie],
                                    brain=brain, shape=shape)
        while True:
            want = {baseline.move_to_str(theirs, m) for m in theirs.legal_moves()}
            assert legal(ours) == want
            if not want:
                break
            text = sorted(want)[rng.randrange(len(want))]
            ours.apply(ours.parse_move(text))
            theirs.apply((theirs.names.index(text),))
            assert ours.score[1:] == (theirs.captured if not brain else [0, 0])
        assert ours.is_terminal() and theirs.is_terminal()
        assert ours.scores() == theirs.scores()
        assert ours.winners() == [theirs.winner() + 1]


# -- the connectivity test: local answers against the flood fill ------------------------------


def _compiled_without_fast_path(monkeypatch, name, options):
    """Compiled with no region taken for site-local: the flood fill answers."""
    local = connectivity._site_local
    monkeypatch.setattr(connectivity, "_site_local", lambda arg: False)
    try:
        return _compile(load_description(name, options))
    finally:
        monkeypatch.setattr(connectivity, "_site_local", local)


@pytest.mark.parametrize("name,options", [("branching-coral", [SIDE4]),
                                          ("branching-coral", ["Board/Hexagon 6"]),
                                          ("brain-coral", ["Board/Hexagon 5"]),
                                          ("branching-coral", ["Board/Square 7"]),
                                          ("brain-coral", ["Board/Square 7"])])
def test_local_test_agrees_with_the_flood_fill(monkeypatch, name, options):
    fast = _compile(load_description(name, options))
    slow = _compiled_without_fast_path(monkeypatch, name, options)
    rng = random.Random(11)
    checked = 0
    # positions reached in play
    for _ in range(6):
        s = fast.new_initial_state()
        while not s.is_terminal():
            t = position(slow, dict(s.board()), mover=s.mover)
            assert legal(s) == legal(t)
            checked += 1
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
    # arbitrary fillings, where empty cells may already be walled in (no invariant)
    labels = list(fast.board.labels)
    for _ in range(150):
        density = rng.random() * 0.7
        pieces = {lab: rng.choice(("Stone1", "Stone2")) for lab in labels
                  if rng.random() < density}
        a, b = position(fast, pieces), position(slow, pieces)
        assert legal(a) == legal(b)
        checked += 1
    assert checked > 200


def test_local_test_is_used(monkeypatch):
    monkeypatch.setattr(connectivity, "COUNT_STATS", True)
    stats = {"fast": 0, "walk": 0, "flood": 0, "base": 0}
    monkeypatch.setattr(connectivity, "STATS", stats)
    g = _compile(load_description("branching-coral", []))
    rng = random.Random(5)
    s = g.new_initial_state()
    while not s.is_terminal():
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    # one flood fill per position at most; every placement tried answered locally
    assert stats["flood"] == 0
    assert stats["base"] <= s.ply + 1 and stats["fast"] > 10 * stats["base"]


# -- errors --------------------------------------------------------------------------------


def test_is_connected_through_takes_a_region():
    text = """(game "G" (players 2) (equipment {(board (hex 3)) (piece "Stone" Each)})
      (rules (play (do (move Add (to (sites Empty)))
                       ifAfterwards:(is Connected (sites Empty) to:(sites Perimeter)
                                                  through:Mover)))
             (end (if (no Moves Next) (result Mover Win)))))"""
    with pytest.raises(LudemeError, match="through:"):
        ludeme.loads(text)


def test_byscore_needs_a_score_for_every_player():
    text = """(game "G" (players 2) (equipment {(board (hex 3)) (piece "Stone" Each)})
      (rules (play (move Add (to (sites Empty))))
             (end (if (is Full) (byScore {(score P1 (count Groups P1))})))))"""
    with pytest.raises(LudemeError, match="P2"):
        ludeme.loads(text)
