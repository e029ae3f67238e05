"""Agents: legal choices in every bundled game, reproducible with a seed, MCTS far
stronger than random, alpha-beta sees a win in one and a loss in one."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.agents import make_agent
from ludeme.errors import UsageError
from ludeme.library import bundled
from ludeme.records import agent_move, play_game

# every bundled description, and the games the project is adding, skipped only while
# their description file does not exist
EXPECTED = ["tic-tac-toe", "connect-four", "hex", "brandubh", "tablut", "hnefatafl",
            "branches", "twigs-and-thorns", "branching-coral"]
BUNDLED = sorted(set(bundled()) | set(EXPECTED))
SPECS = ["random", "mcts:iterations=20,playout=40", "alphabeta:nodes=200"]

# three players on a 4x4 board, three in a row wins: exercises n-player agents
THREE = """
(game "Three Rows" (players 3)
    (equipment { (board (square 4)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end { (if (is Line 3) (result Mover Win)) (if (is Full) (result Mover Draw)) })))
"""


def _positions(game, plies=(0, 3, 8)):
    """A few positions of a seeded random game."""
    rec = play_game(game, ["random"] * game.num_players, seed=7, max_moves=max(plies))
    state = game.new_initial_state()
    out = []
    for i, text in enumerate(rec.moves + [None]):
        if i in plies and not state.is_terminal():
            out.append(state.clone())
        if text is None:
            break
        state.apply(state.parse_move(text))
    return out


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("spec", SPECS)
def test_agents_choose_legal_moves(load, name, spec):
    if name not in bundled():
        pytest.skip(f"descriptions/{name}.lud does not exist yet")
    game = load(name)
    for state in _positions(game):
        agent = make_agent(spec, 3)
        move = agent_move(agent, state)
        assert move in state.legal_moves()
        # the same seed in the same position chooses the same move
        assert agent_move(make_agent(spec, 3), state) == move


@pytest.mark.parametrize("spec", SPECS)
def test_agents_with_three_players(spec):
    game = ludeme.loads(THREE)
    rec = play_game(game, [spec, "random", "random"], seed=2)
    assert rec.end == "rules" and len(rec.returns) == 3
    state = game.new_initial_state()
    for text in rec.moves[:4]:
        state.apply(state.parse_move(text))
    agent = make_agent(spec, 1)
    if hasattr(agent, "value_for"):
        for p in (1, 2, 3):
            assert -1.0 <= agent.value_for(state, p) <= 1.0


def test_mcts_beats_random_at_tic_tac_toe(load):
    game = load("tic-tac-toe")
    wins = losses = 0
    for i in range(10):
        seat = 1 + i % 2
        specs = ["random", "random"]
        specs[seat - 1] = "mcts:iterations=300"
        r = play_game(game, specs, seed=100 + i).returns[seat - 1]
        wins += r > 0
        losses += r < 0
    assert losses == 0 and wins >= 7


def test_mcts_takes_a_win_in_one(load):
    state = load("tic-tac-toe").new_initial_state()
    for text in ["a1", "b1", "a2", "b2"]:
        state.apply(state.parse_move(text))
    agent = make_agent("mcts:iterations=300", 5)
    assert state.move_to_string(agent_move(agent, state)) == "a3"
    assert agent.evaluate(state) > 0.8


def _connect_four_threat():
    state = ludeme.load("connect-four").new_initial_state()
    # P1 stacks three in column a; P2 plays elsewhere
    for text in ["a1", "g1", "a2", "g2", "a3"]:
        state.apply(state.parse_move(text))
    return state


def test_alphabeta_finds_a_win_in_one(load):
    state = load("tic-tac-toe").new_initial_state()
    for text in ["a1", "b1", "a2", "b2"]:
        state.apply(state.parse_move(text))
    agent = make_agent("alphabeta", 1)
    assert state.move_to_string(agent.choose(state)) == "a3"
    assert agent.last_value > 1.0 and agent.reached == 1   # proven at the first iteration
    assert agent.evaluate(state) == 1.0

    c4 = _connect_four_threat()
    c4.apply(c4.parse_move("g3"))   # P2 ignores the threat
    assert c4.move_to_string(make_agent("alphabeta:nodes=2000", 1).choose(c4)) == "a4"


def test_alphabeta_blocks_a_loss_in_one():
    state = _connect_four_threat()
    agent = make_agent("alphabeta:nodes=2000", 1)
    assert state.move_to_string(agent.choose(state)) == "a4"


def test_alphabeta_solves_tic_tac_toe(load):
    agent = make_agent("alphabeta", 1)
    state = load("tic-tac-toe").new_initial_state()
    assert agent.evaluate(state) == 0.0      # a draw with best play
    assert agent.reached == 9                # the whole tree, then it stopped deepening


def test_bad_agent_specs():
    with pytest.raises(UsageError, match="no parameter 'iters'"):
        make_agent("mcts:iters=5")
    with pytest.raises(UsageError, match="iterations"):
        make_agent("mcts:iterations=0")
    with pytest.raises(UsageError, match="no agent"):
        make_agent("mtcs")
    with pytest.raises(UsageError, match="depth"):
        make_agent("alphabeta:depth=x")
