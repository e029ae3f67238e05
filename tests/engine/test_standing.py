"""Results with three or more players, as Ludii applies them (``runtime.standing``): a
player who wins or loses takes a rank and leaves the game, the turn passes over it,
and the others play on until one player (or none) is left. Every end rule is checked
after a move. The move sequences and ranks were worked out on paper and checked
against the real Ludii (``run.sh trace`` on these descriptions)."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.runtime.standing import next_loss_rank, next_win_rank


def game(end: str, players: int = 3, play: str = "(move Add (to (sites Empty)))"):
    return ludeme.loads(f"""
        (game "Ranks" (players {players})
            (equipment {{(board (square 5)) (piece "Disc" Each)}})
            (rules (play {play}) (end {end})))""", file="ranks.lud")


def play(g, *moves: str):
    s = g.new_initial_state()
    movers = []
    for text in moves:
        assert not s.is_terminal(), f"over before {text}"
        movers.append(s.mover)
        s.apply(s.parse_move(text))
    return s, movers


LINE_WINS = "(if (is Line 3) (result Mover Win))"


def test_a_winner_leaves_and_the_others_play_on():
    g = game(LINE_WINS)
    # P1 makes a line of three on its third move: first, and out of the game
    s, movers = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1")
    assert movers == [1, 2, 3, 1, 2, 3, 1]
    assert not s.is_terminal()
    assert s.standing.rank[1] == 1.0 and s.inactive == 0b001
    # P2 and P3 go on; P1's turns are passed over
    s2, movers = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1", "d4", "a3", "d2")
    assert movers[7:] == [2, 3, 2]
    assert s2.mover == 3
    # P2 then makes its line: second; P3, the last one left, is third
    s3, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1", "c5")
    assert s3.is_terminal()
    assert s3.returns() == [1.0, 0.0, -1.0]
    assert s3.standing.rank[1:] == (1.0, 2.0, 3.0)


def test_a_loser_takes_the_last_rank_and_the_last_two_decide_the_rest():
    g = game("(if (is Line 3) (result Mover Loss))")
    s, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1")
    assert s.standing.rank[1] == 3.0 and not s.is_terminal()
    # then P2 loses too: third from the bottom is second, and P3 (left alone) wins
    s, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1", "c5")
    assert s.is_terminal()
    assert s.standing.rank[1:] == (3.0, 2.0, 1.0)
    assert s.returns() == [-1.0, 0.0, 1.0]


def test_the_next_player_losing_passes_the_turn_on():
    g = game("(if (is Line 3) (result Next Loss))")
    s, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1")
    # P1's line makes P2 (next) lose: the turn goes to P3
    assert s.standing.rank[2] == 3.0
    assert s.mover == 3
    s.apply(s.parse_move("d4"))
    assert s.mover == 1  # and then P1, passing over P2


def test_players_losing_on_the_same_move_share_their_ranks():
    g = game("{(if (is Line 3) (result P2 Loss)) (if (is Line 3) (result P3 Loss))}")
    s, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1")
    assert s.is_terminal()
    assert s.standing.rank[1:] == (1.0, 2.5, 2.5)
    assert s.returns() == [1.0, -0.5, -0.5]


def test_a_player_out_of_the_game_gets_no_other_result():
    # P1 wins, then the same line would make it lose: it is no longer in the game
    g = game("{(if (is Line 3) (result Mover Win)) (if (is Line 3) (result Mover Loss))}")
    s, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1")
    assert s.standing.rank[1] == 1.0 and not s.is_terminal()


def test_by_score_ranks_everyone():
    scored = "(move Add (to (sites Empty)) (then (addScore Mover (count Sites in:(sites Occupied by:Mover)))))"
    g = game("(if (>= (count Moves) 5) (byScore))", play=scored)
    s, _ = play(g, "a1", "a2", "a3", "a4", "a5")
    # P1 and P2 moved twice (1 + 2 = 3 points each), P3 once: P1 and P2 share 1 and 2
    assert s.is_terminal()
    assert s.standing.rank[1:] == (1.5, 1.5, 3.0)
    assert s.returns() == [0.5, 0.5, -1.0]


def test_a_draw_after_a_win_keeps_the_winner_first():
    g = game("{(if (is Line 3) (result Mover Win)) (if (>= (count Moves) 9) (result Mover Draw))}")
    s, _ = play(g, "a1", "a5", "e5", "b1", "b5", "e3", "c1", "d4", "a3")
    assert s.is_terminal()
    # the two left share ranks 2 and 3
    assert s.standing.rank[1:] == (1.0, 2.5, 2.5)
    assert s.returns() == [1.0, -0.5, -0.5]


def test_two_players_end_at_the_first_result():
    g = game(LINE_WINS, players=2)
    s, _ = play(g, "a1", "a5", "b1", "b5", "c1")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_two_winners_on_one_move_rank_the_second_third():
    # as Ludii does it: the first win ends the game (the other player second), and
    # the second win still applies to the player left in it, who takes the next free
    # rank, 3 (a return of -3)
    g = game("{(if (is Line 3) (result Mover Win)) (if (is Line 3) (result Next Win))}",
             players=2)
    s, _ = play(g, "a1", "a5", "b1", "b5", "c1")
    assert s.is_terminal()
    assert s.standing.rank[1:] == (1.0, 3.0)
    assert s.returns() == [1.0, -3.0]


def test_a_loss_after_the_game_is_over_changes_nothing():
    # (Ludii never returns from this case: every rank is taken)
    g = game("{(if (is Line 3) (result Mover Win)) (if (is Line 3) (result Next Loss))}",
             players=2)
    s, _ = play(g, "a1", "a5", "b1", "b5", "c1")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


@pytest.mark.parametrize(("ranks", "win", "loss"), [
    ((0.0, 0.0, 0.0, 0.0, 0.0), 1.0, 4.0),
    ((0.0, 1.0, 0.0, 0.0, 0.0), 2.0, 4.0),
    ((0.0, 1.0, 0.0, 0.0, 4.0), 2.0, 3.0),
    ((0.0, 1.5, 1.5, 0.0, 0.0), 3.0, 4.0),
    ((0.0, 0.0, 3.5, 3.5, 0.0), 1.0, 2.0),
])
def test_next_free_ranks(ranks, win, loss):
    assert next_win_rank(ranks) == win
    assert next_loss_rank(ranks) == loss


@pytest.mark.parametrize("end", [
    LINE_WINS, "(if (is Line 3) (result Mover Loss))", "(if (is Line 3) (result Next Win))",
    "(if (is Line 3) (result All Draw))", "(if (is Line 3) (result Mover Draw))",
    "{(if (is Line 3) (result Mover Win)) (if (is Line 3) (result Next Win))}",
    "{(if (is Line 3) (result Mover Loss)) (if (is Full) (result All Draw))}"])
def test_two_players_first_results_kept_as_worked_out(end, monkeypatch):
    """The first result of a two-player game, kept from one game to the next
    (``standing._FIRST``), leaves the state as working it out does (a table that never
    answers: ``_FIRST.get`` gives None, so each result is worked out)."""
    import random

    from ludeme.runtime import standing

    class Forgetful(dict):
        def get(self, key, default=None):
            return None

    g = game(end, players=2)
    finals = {}
    for kept in (True, False):
        monkeypatch.setattr(standing, "_FIRST", {} if kept else Forgetful())
        rng = random.Random(4)
        finals[kept] = []
        for _ in range(12):
            s = g.new_initial_state()
            while not s.is_terminal():
                moves = s.legal_moves()
                s.apply(moves[rng.randrange(len(moves))])
            finals[kept].append((s.outcome, s.standing, s.inactive, s.mover, s.hash,
                                 s.returns(), s.winners()))
    assert finals[True] == finals[False]
    assert any(f[0] is not None for f in finals[True])
