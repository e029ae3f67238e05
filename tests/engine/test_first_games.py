"""The first games prove the engine: exhaustive counts, perft tables, seeded replays."""

from __future__ import annotations

import random

import pytest

from ludeme.runtime.search import perft


def count_games(state) -> int:
    if state.is_terminal():
        return 1
    return sum(count_games(state.child(m)) for m in state.legal_moves())


def test_tic_tac_toe_has_255168_games(load):
    assert count_games(load("tic-tac-toe").new_initial_state()) == 255168


@pytest.mark.parametrize("depth,nodes", [(1, 9), (2, 72), (3, 504), (4, 3024), (5, 15120),
                                         (6, 54720), (7, 148176), (8, 200448), (9, 127872)])
def test_tic_tac_toe_perft(load, depth, nodes):
    # known values: games end early on three in a row from depth 5 on
    assert perft(load("tic-tac-toe").new_initial_state(), depth) == nodes


@pytest.mark.parametrize("depth,nodes", [(1, 7), (2, 49), (3, 343), (4, 2401), (5, 16807),
                                         (6, 117649), (7, 823536)])
def test_connect_four_perft(load, depth, nodes):
    # the first win is possible at ply 7: 7^7 - 7^7 + 823536 counts the 7 ended games' loss
    assert perft(load("connect-four").new_initial_state(), depth) == nodes


@pytest.mark.parametrize("size,depth,nodes", [("7x7", 1, 49), ("7x7", 2, 49 * 48),
                                              ("7x7", 3, 49 * 48 * 47), ("11x11", 2, 121 * 120)])
def test_hex_perft(load, size, depth, nodes):
    assert perft(load("hex", f"Board Size/{size}").new_initial_state(), depth) == nodes


def test_connect_four_drop_lands_on_lowest_empty_cell(load):
    s = load("connect-four").new_initial_state()
    for text in ("d1", "d2", "d3"):
        s.apply(s.parse_move(text))
    assert "d4" in [s.move_to_string(m) for m in s.legal_moves()]
    assert "d1" not in [s.move_to_string(m) for m in s.legal_moves()]


def test_connect_four_vertical_four_wins(load):
    s = load("connect-four").new_initial_state()
    for text in ("a1", "b1", "a2", "b2", "a3", "b3"):
        s.apply(s.parse_move(text))
    assert not s.is_terminal()
    s.apply(s.parse_move("a4"))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_hex_connection_wins_and_a_blocked_path_does_not(load):
    g = load("hex", "Board Size/7x7")
    s = g.new_initial_state()
    # P1 joins bottom (row 1) to top (row 7) up column a; P2 plays harmlessly on g
    for row in range(1, 7):
        s.apply(s.parse_move(f"a{row}"))
        s.apply(s.parse_move(f"g{row}"))
    assert not s.is_terminal()
    s.apply(s.parse_move("a7"))
    assert s.is_terminal() and s.winners() == [1]


@pytest.mark.parametrize("name", ["tic-tac-toe", "connect-four", "hex"])
def test_seeded_random_games_replay_identically(load, name):
    g = load(name)

    def play(seed):
        rng = random.Random(seed)
        s = g.new_initial_state()
        moves = []
        while not s.is_terminal():
            legal = s.legal_moves()
            m = legal[rng.randrange(len(legal))]
            moves.append(s.move_to_string(m))
            s.apply(m)
        return moves, s.returns()

    first = play(7)
    assert play(7) == first
    # replaying the notation through parse_move reaches the same result
    s = g.new_initial_state()
    for text in first[0]:
        s.apply(s.parse_move(text))
    assert s.returns() == first[1]
    assert s.is_terminal()


def test_hex_board_cannot_fill_without_a_winner(load):
    g = load("hex", "Board Size/7x7")
    for seed in range(20):
        rng = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            legal = s.legal_moves()
            s.apply(legal[rng.randrange(len(legal))])
        assert s.winners() in ([1], [2])


def test_move_notation_round_trips(load):
    g = load("connect-four")
    s = g.new_initial_state()
    rng = random.Random(3)
    while not s.is_terminal():
        for m in s.legal_moves():
            assert s.parse_move(s.move_to_string(m)) == m
        legal = s.legal_moves()
        s.apply(legal[rng.randrange(len(legal))])


def test_zobrist_hash_is_incremental(load):
    g = load("connect-four")
    s = g.new_initial_state()
    rng = random.Random(5)
    while not s.is_terminal():
        assert s.hash == g._full_hash(s)
        legal = s.legal_moves()
        s.apply(legal[rng.randrange(len(legal))])
