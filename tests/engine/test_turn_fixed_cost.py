"""The fixed cost of a move (issue 19 items 2 and 3), checked against the paths it
replaces: the turn that makes the next player the mover first when the consequences
left it as the turn set it, Ludii's ``(counter)`` kept only in games that read or set
it (``Game.reads_counter``), placing from a hand with the board's hash change kept on
the move (checked against the hash worked out afresh), the playout loops that leave the mover's context as their listing set it, and the
ordered turn's pass over stuck players listing so too. Against the general turn
(``Game.play``) and, for the playouts, the game played step by step through the public
API (``stepped_playout``), seeded random games list the same moves, reach the same
positions, hashes, movers and flags, and end the same way.
Descriptions: one written here (three players placing from hands of up to 130 pieces,
turned pieces, a (moveAgain) and a (set NextPlayer ...) among the consequences, with and
without (counter) read by the end rules; a placement game with the swap rule, played by
the general playout loop), Tic-Tac-Toe, Connect Four, Hex and Twigs and
Thorns for 2 and 3 players."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.runtime.search import random_playout
from ludeme.runtime.state import listed_in_context
from tests.engine.test_turn_speedups import (
    closure,
    general_turn,
    play_alike,
    stepped_playout,
)

RELAY = """
(game "Relay" (players 3)
    (equipment {(board (rectangle 4 5)) (hand Each) (piece "Stick" Each) (piece "Stone" Each)})
    (rules
        (start {(place "Stick" (handSite Each) count:130) (place "Stone" (handSite Each) count:3)})
        (play
            (move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal
                then:(if (is Friend (who at:(ahead (to))))
                    (moveAgain)
                    (if (is Enemy (who at:(ahead (to))))
                        (and (addScore Mover 1) (set NextPlayer (player 1)))))))
        (end {END})
    )
)
"""

SWAPPED = """
(game "Swapped" (players 2)
    (equipment {(board (square 4)) (piece "Disc" Each)})
    (rules (meta (swap))
        (play (move Add (to (sites Empty))))
        (end (if (is Line 3) (result Mover Win)))))
"""

PLAIN_END = "(if (no Moves Next) (byScore))"
COUNTER_END = "{(if (= (counter) 11) (result Mover Win)) (if (no Moves Next) (byScore))}"

CASES = [(RELAY.replace("{END}", PLAIN_END), None),
         (RELAY.replace("{END}", COUNTER_END), None),
         (SWAPPED, None), ("tic-tac-toe", []), ("connect-four", []), ("hex", []),
         ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/3"])]
IDS = ["relay", "relay-counter", "swapped", "tic-tac-toe", "connect-four", "hex", "twigs-2p",
       "twigs-3p"]


def _load(monkeypatch, src, options):
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    return ludeme.loads(src) if options is None else ludeme.load(src, options)


def _same_playouts(fast, slow, seed: int, games: int) -> int:
    """``playouts_alike`` with ``slow`` played step by step (``stepped_playout``)."""
    total = 0
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        n = random_playout(a, ra, 2000)
        assert n == stepped_playout(b, rb, 2000)
        assert [m.key for m in a.history] == [m.key for m in b.history]
        assert a.what == b.what and a.rot == b.rot and a.hand == b.hand
        assert a.score == b.score and a.outcome == b.outcome and a.hash == b.hash
        assert a.hash == fast._full_hash(a)
        total += n
    return total


@pytest.mark.parametrize("src,options", CASES, ids=IDS)
def test_the_fixed_cost_paths_play_as_the_general_ones(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options)
    slow = general_turn(_load(monkeypatch, src, options))
    turn = closure(fast.play)
    assert turn["plain_next"] is (not any(ph.order is not None or ph.skip_stuck
                                          for ph in fast.phases))
    assert turn["counts"] is fast.reads_counter
    # listed in context, or found without listing where the generator can (found_in_context)
    in_context = turn["list_next"] is listed_in_context or \
        turn["list_next"].__qualname__ == "found_in_context.<locals>.found"
    assert in_context is (options == ["Players/2"] or options == ["Players/3"])
    plies = sum(play_alike(fast, slow, seed, plies=120) for seed in range(5))
    assert plies > 30
    assert _same_playouts(fast, slow, 3, 8) > 40


def test_the_counter_is_kept_where_read_and_left_where_not(monkeypatch):
    read = _load(monkeypatch, RELAY.replace("{END}", COUNTER_END), None)
    unread = _load(monkeypatch, RELAY.replace("{END}", PLAIN_END), None)
    assert read.reads_counter and not unread.reads_counter
    for game, after in ((read, 2), (unread, -1)):
        s = game.new_initial_state()
        for _ in range(3):
            s.apply(s.legal_moves()[0])
        assert s.counter == after
    # the end rule reading it gives the mover its win on the 13th move (it reads -1 on
    # the first), as with every turn counted: that player leaves the game
    rng = random.Random(0)
    for _ in range(5):
        s = read.new_initial_state()
        while s.ply < 13 and not s.is_terminal():
            moves = s.legal_moves()
            assert not s.inactive
            s.apply(moves[rng.randrange(len(moves))])
        assert s.ply == 13 and s.inactive


def test_the_written_game_takes_every_path_of_the_turn(monkeypatch):
    """Moves again, a next player named by the consequences, turned pieces, and hands
    past the hash keys' table (from 130 down) all happen in the written game."""
    game = _load(monkeypatch, RELAY.replace("{END}", PLAIN_END), None)
    again = named = turned = 0
    big = False
    for seed in range(10):
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            moves = s.legal_moves()
            m = moves[rng.randrange(len(moves))]
            who, following = s.mover, game.next_of[s.mover]
            big |= s.hand[who][0] >= 128
            s.apply(m)
            turned += m.extra > 0
            again += s.mover == who
            named += s.mover not in (who, following)
    assert again and named and turned and big


def test_the_swap_game_is_played_by_the_general_loop(monkeypatch):
    """The written swap game takes ``random_playout``'s general loop (the swap rule keeps
    it out of ``_plain_playout``), which lists by ``listed_in_context``;
    the swap move is played in some games."""
    game = _load(monkeypatch, SWAPPED, None)
    assert game.swap_ply >= 0 and game.dice is None
    rng = random.Random(2)
    swaps = 0
    for _ in range(20):
        s = game.new_initial_state()
        random_playout(s, rng)
        swaps += any(m is game.swap_move for m in s.history)
    assert swaps > 0
