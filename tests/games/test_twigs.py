"""Branches and Twigs and Thorns (descriptions/twigs-and-thorns.lud) against the rules
page /work/shared/rules/twigs-and-thorns.md: setup constraints, placement and pointing,
stashes, every scoring case, skipping, the end, perft figures, seeded games for every
player count, and move sets cross-checked against the hand-written baseline in
benchmarks/baselines/twigs_and_thorns.py."""

from __future__ import annotations

import random

import pytest

import ludeme
from benchmarks.baselines import twigs_and_thorns as baseline
from ludeme.board.graph import DIRECTIONS
from ludeme.errors import LudemeError
from ludeme.runtime.editing import set_facing, set_hand, set_score, set_turn
from ludeme.runtime.search import perft

#: option item -> (players, the baseline's alt3, board squares)
COUNTS = {"2": (2, False, 32), "3": (3, False, 49), "3 Alternative": (3, True, 49),
          "4": (4, False, 64), "5": (5, False, 80), "6": (6, False, 96)}
SIZES = {"Small": 1, "Medium": 2, "Large": 3}


def load(players: str = "2"):
    return ludeme.load("twigs-and-thorns", [f"Players/{players}"])


def play(s, *moves: str):
    for text in moves:
        s.apply(s.parse_move(text))
    return s


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def grow(players: str = "2", setup: tuple[str, ...] = ("h1", "a1"), *moves: str):
    """A position of the growing phase: the setup squares, then ``moves``."""
    return play(load(players).new_initial_state(), *setup, *moves)


# -- boards and setup orders ------------------------------------------------------------

@pytest.mark.parametrize("players,order,kinds,squares,columns", [
    ("2", [1, 2], ["Null", "Root"], 32, "abcdefgh"),
    ("3", [1, 2, 2, 3], ["Root", "Null", "Null", "Root"], 49, "abcdefg"),
    ("3 Alternative", [1, 2, 3], ["Null", "Root", "Root"], 49, "abcdefg"),
    ("4", [1, 2, 3, 4], ["Null", "Null", "Root", "Root"], 64, "abcdefgh"),
    ("5", [1, 2, 3, 4, 5], ["Null", "Null", "Root", "Root", "Root"], 80, "abcdefghijkl"),
    ("6", [1, 2, 3, 4, 5, 6], ["Null", "Null", "Null", "Root", "Root", "Root"], 96,
     "abcdefghijkl"),
])
def test_board_and_setup_order_follow_the_table(players, order, kinds, squares, columns):
    g = load(players)
    assert g.board.count["Cell"] == squares
    assert {lab[0] for lab in g.board.labels} == set(columns)
    s = g.new_initial_state()
    # setup squares along the bottom row, away from each other, never cutting the board
    for i, (who, kind) in enumerate(zip(order, kinds, strict=True)):
        assert s.current_player() == who
        square = f"{columns[2 * i % len(columns)]}{2 + (2 * i) // len(columns)}"
        m = s.parse_move(square)
        assert g.pieces.kinds[m.piece] == kind
        s.apply(m)
    assert s.current_player() == 1 and g.phases[s.phase].name == "Grow"
    assert s.scores() == [5] * int(players[0])
    for p in range(1, int(players[0]) + 1):
        assert s.hand[p] == [0, 0, 5, 5, 5]  # Null, Root, Small, Medium, Large


def test_five_player_board_misses_its_top_right_section():
    g = load("5")
    labels = set(g.board.labels)
    assert "h8" in labels and "l4" in labels
    assert not {f"{c}{r}" for c in "ijkl" for r in range(5, 9)} & labels


def test_stashes_fill_every_empty_square_except_in_the_alternative_setup():
    for name, (n, _, squares) in COUNTS.items():
        setup = 4 if name == "3" else n if name != "3 Alternative" else 3
        assert squares - setup == 15 * n + (1 if name == "3 Alternative" else 0)


# -- nulls and roots ----------------------------------------------------------------------

def test_a_null_that_would_cut_the_board_is_illegal():
    s = load("2").new_initial_state()
    for label in ("d1", "d2", "d3"):          # a wall of nulls, one at a time
        play(s, label)
        set_turn(s, 1, phase="Nulls")
    moves = legal(s)
    # d4 would leave a-c and e-h apart; c4 or e4 would leave one side without its way
    # round the top of the wall
    assert not {"d4", "c4", "e4"} & moves
    assert {"b4", "f4", "a1", "h4", "c3"} <= moves
    with pytest.raises(LudemeError):
        s.parse_move("null d4")


def test_a_null_may_not_isolate_a_corner():
    s = play(load("4").new_initial_state(), "b1")
    assert s.current_player() == 2
    moves = legal(s)
    assert "a2" not in moves and "b1" not in moves
    assert {"a1", "c1", "b2"} <= moves


def test_a_root_may_isolate_part_of_the_board_but_not_go_on_a_null():
    s = play(load("4").new_initial_state(), "b1", "h8")   # P1's and P2's nulls
    assert s.current_player() == 3
    moves = legal(s)
    assert "b1" not in moves and "h8" not in moves          # not on a null
    assert "a2" in moves       # the root on a2 walls a1 in with the null on b1
    play(s, "a2")
    assert s.current_player() == 4 and "a1" in legal(s)
    s2 = play(load("3").new_initial_state(), "d4")  # P1's root
    assert s2.current_player() == 2
    assert "d4" not in legal(s2)          # a null may not go on a root
    assert {"c4", "e4"} <= legal(s2)


def test_setup_notation_is_the_bare_square_and_kind_prefixes_are_accepted():
    s = load("2").new_initial_state()
    m = s.parse_move("null c4")
    assert m == s.parse_move("c4") and s.move_to_string(m) == "c4"
    s.apply(m)
    assert s.move_to_string(s.parse_move("root e2")) == "e2"
    with pytest.raises(LudemeError):
        s.parse_move("null e2")  # P2 places a root, not a null


# -- placement and pointing ---------------------------------------------------------------

def test_placement_only_next_to_an_occupied_square_pointing_at_it():
    s = grow(setup=("h1", "a1"))
    assert legal(s) == {f"{k}{sq}" for k in "123" for sq in ("b1w", "a2s")}
    with pytest.raises(LudemeError, match=r"cannot place on b1 pointing n \(at b2\)"):
        s.parse_move("2b1n")
    assert s.move_to_string(s.parse_move("2B1W")) == "2b1w"


def test_pointing_only_at_occupied_neighbours_never_at_or_on_a_null():
    s = grow(setup=("c3", "c2"))         # null c3 right above the root c2
    assert legal(s) == {f"{k}{sq}" for k in "123" for sq in ("b2e", "d2w", "c1n")}
    play(s, "1d2w")
    moves = legal(s)
    assert "1d3s" in moves               # next to the pyramid on d2
    assert not any(m[1:3] == "c3" for m in moves)     # nothing on the null
    assert not any(m.endswith(("b3e", "d3w", "c4s")) for m in moves)  # nor pointing at it
    assert "1b3s" not in moves           # b3 has no occupied neighbour


def test_a_square_with_several_occupied_neighbours_offers_each_direction():
    s = grow("2", ("h1", "a1"), "1b1w", "1b2s")
    # a2 touches the root a1 (s) and P2's pyramid on b2 (e)
    moves = legal(s)
    assert {f"{k}a2{d}" for k in "123" for d in "se"} <= moves
    assert not {"1a2n", "1a2w"} & moves


def test_placed_pyramid_records_size_owner_and_direction():
    s = grow("2", ("h1", "a1"), "2b1w")
    x = s.game.board.site("b1")
    assert s.board()["b1"] == "Medium1"
    assert DIRECTIONS[s.rot[x] - 1] == "W"
    assert "X2<" in str(s)
    before = s.hash
    set_facing(s, "b1", "N")
    assert "X2^" in str(s) and s.hash != before


# -- stashes --------------------------------------------------------------------------------

def test_stash_counts_go_down_and_an_exhausted_size_cannot_be_placed():
    s = grow("2", ("h1", "a1"), "3b1w")
    assert s.hand[1][2:] == [5, 5, 4]
    set_hand(s, 2, "Small", 0)
    set_turn(s, 2)
    sizes = {m[0] for m in legal(s)}
    assert sizes == {"2", "3"}
    play(s, "2c1w")
    assert s.hand[2][2:] == [0, 4, 5]


def test_a_player_who_cannot_place_is_skipped():
    s = grow()
    for kind in SIZES:
        set_hand(s, 2, kind, 0)
    play(s, "1b1w")
    assert s.current_player() == 1 and not s.is_terminal()
    play(s, "1c1w")
    assert s.current_player() == 1


def test_the_game_ends_when_nobody_can_place():
    s = grow()
    for p in (1, 2):
        for kind in SIZES:
            set_hand(s, p, kind, 0)
    set_hand(s, 1, "Small", 1)
    play(s, "1b1w")
    assert s.is_terminal()
    assert s.returns() == [0.0, 0.0]  # 5 tokens each: a draw


# -- scoring --------------------------------------------------------------------------------

def test_pointing_at_a_root_or_an_own_pyramid_is_free():
    s = grow("2", ("h1", "a1"), "3b1w")      # at the root
    assert s.scores() == [5, 5]
    play(s, "1a2s")                          # P2 at the root too
    set_turn(s, 1)
    play(s, "2c1w")                          # P1 at its own pyramid on b1
    assert s.scores() == [5, 5]


@pytest.mark.parametrize("target,placed,mover_pays,owner_gets", [
    ("3", "1", 3, 1), ("1", "3", 1, 3), ("2", "2", 2, 2), ("3", "3", 3, 3)])
def test_pointing_at_an_enemy_pays_its_size_and_gives_the_placed_size(
        target, placed, mover_pays, owner_gets):
    s = grow("2", ("h1", "a1"), f"{target}b1w")
    play(s, f"{placed}c1w")                  # P2 points at P1's pyramid
    assert s.scores() == [5 + owner_gets, 5 - mover_pays]


def test_everybody_receives_five_when_the_mover_cannot_pay():
    s = grow("4", ("h8", "g8", "a1", "h1"), "3b1w")
    set_score(s, 2, 2)
    play(s, "1c1w")                          # P2 owes 3 but holds 2
    assert s.scores() == [5 + 5 + 1, 2 + 5 - 3, 10, 10]


def test_a_mover_with_exactly_enough_tokens_pays_without_the_bonus():
    s = grow("4", ("h8", "g8", "a1", "h1"), "3b1w")
    set_score(s, 2, 3)
    play(s, "2c1w")
    assert s.scores() == [5 + 2, 0, 5, 5]


def test_pointing_at_a_third_players_pyramid_pays_that_player():
    s = grow("3", ("d4", "g7", "g6", "a1"), "1d5s", "2b1w", "3c1w")
    assert s.scores() == [5, 5 + 3, 5 - 2]


def test_scores_are_in_the_state_the_diagram_and_the_returns():
    s = grow()
    assert s.scores() == [5, 5]
    assert "scores: P1 5  P2 5" in str(s)
    assert "P1 holds: Small x5, Medium x5, Large x5" in str(s)


def _finish(players: str, seed: int):
    g = load(players)
    s = g.new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    return s


def test_players_tied_for_most_tokens_share_the_win():
    # replay a finished three-player game up to its last move, then fix the tokens so
    # that after that move P1 and P3 tie for the most
    done = _finish("3", 7)
    s = load("3").new_initial_state()
    for m in done.history[:-1]:
        s.apply(m)
    last = done.history[-1]
    for p in range(1, 4):
        set_score(s, p, 50)                  # rich enough that nobody gets the bonus
    trial = s.child(last)
    delta = [a - b for a, b in zip(trial.scores(), s.scores(), strict=True)]
    want = [20, 10, 20]
    for p in range(1, 4):
        set_score(s, p, want[p - 1] - delta[p - 1])
    set_turn(s, last.piece and s.game.pieces.owner[last.piece], phase="Grow")
    s.apply(last)
    assert s.is_terminal() and s.scores() == want
    # as Ludii ranks by score: P1 and P3 share ranks 1 and 2 (1.5 each, a return of
    # 0.5), P2 is third (-1)
    assert s.returns() == [0.5, -1.0, 0.5]
    assert s.winners() == [1, 3]


# -- the end and whole games -----------------------------------------------------------------

def _replayed_tokens(s) -> list[int]:
    """The tokens a finished game should show, recomputed from its moves alone."""
    g = s.game
    n = g.num_players
    tokens = [5] * (n + 1)
    on: dict[int, tuple[int, int]] = {}        # site -> (owner, size)
    for m in s.history:
        owner = g.pieces.owner[m.piece]
        if not owner:
            continue                            # a null or a root
        size = SIZES[g.pieces.kinds[m.piece]]
        target = g.board.step["Orthogonal"][DIRECTIONS[m.extra - 1]][m.to]
        on[m.to] = (owner, size)
        if target in on and on[target][0] != owner:
            victim, t = on[target]
            if tokens[owner] < t:
                tokens = [v + 5 for v in tokens]
            tokens[owner] -= t
            tokens[victim] += size
    return tokens[1:]


@pytest.mark.parametrize("players", list(COUNTS))
def test_seeded_random_games_fill_the_board_and_add_up(players):
    n, _, squares = COUNTS[players]
    for seed in range(4):
        s = _finish(players, seed)
        pyramids = [m for m in s.history if s.game.pieces.owner[m.piece]]
        assert len(pyramids) == 15 * n                  # every pyramid was placed
        assert all(not any(h) for h in s.hand[1:])
        empty = sum(1 for x in s.game.board.sites["Cell"] if not s.what[x])
        assert empty == (1 if players == "3 Alternative" else 0)
        assert s.scores() == _replayed_tokens(s)
        best = max(s.scores())
        winners = [p for p, v in enumerate(s.scores(), start=1) if v == best]
        if len(winners) == n:
            assert s.returns() == [0.0] * n
        else:
            assert s.winners() == winners


@pytest.mark.parametrize("players", ["2", "4"])
def test_seeded_games_replay_identically(players):
    a, b = _finish(players, 11), _finish(players, 11)
    assert [x.key for x in a.history] == [x.key for x in b.history]
    assert a.returns() == b.returns()


# -- perft and the baseline ---------------------------------------------------------------

@pytest.mark.parametrize("players,depth,nodes", [
    ("2", 1, 32), ("2", 2, 992), ("2", 3, 9360), ("4", 1, 64), ("4", 2, 4024)])
def test_perft_matches_the_baseline_figures(players, depth, nodes):
    assert perft(load(players).new_initial_state(), depth) == nodes


@pytest.mark.parametrize("players", list(COUNTS))
def test_move_sets_match_the_baseline_along_random_games(players):
    n, alt3, _ = COUNTS[players]
    for seed in range(5):
        s = load(players).new_initial_state()
        b = baseline.new_state(players=n, alt3=alt3)
        rng = random.Random(seed)
        while True:
            ours = {s.move_to_string(m): m for m in s.legal_moves()}
            theirs = {baseline.move_to_str(b, m): m for m in b.legal_moves()}
            assert set(ours) == set(theirs)
            if s.is_terminal():
                assert b.is_terminal()
                break
            assert s.current_player() == b.current_player + 1
            key = sorted(ours)[rng.randrange(len(ours))]
            s.apply(ours[key])
            b.apply(theirs[key])
            assert s.scores() == b.tokens
        if max(b.tokens) != min(b.tokens) or n == 2:
            assert s.returns() == b.returns()
