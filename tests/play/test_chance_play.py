"""Games with dice through everything that plays them: seeded playouts, the agents
(MCTS with chance nodes in its tree, alpha-beta as expectimax), records that hold the
rolls and ``verify`` that replays them, and the terminal session."""

from __future__ import annotations

import io
import random

import pytest

import ludeme
from ludeme.agents.alphabeta import WIN
from ludeme.agents.base import make_agent
from ludeme.errors import LudemeError
from ludeme.play.session import Session, seat_players
from ludeme.play.terminal import PlainTerminal
from ludeme.records import GameRecord, agent_move, play_game, verify_record
from ludeme.runtime.search import perft, random_playout
from tests.interop.games import DICE

# a roll of a four-sided die: a 1 scores the point that wins, anything else passes
LUCKY = """
(game "Lucky One"
    (players 2)
    (equipment { (board (square 1)) (dice d:4 num:1) })
    (rules
        (play (do (roll) next:(if (= (count Pips) 1)
            (move Pass (then (addScore Mover 1))) (move Pass))))
        (end (if (>= (score Mover) 1) (result Mover Win)))
    )
)
"""


@pytest.fixture(scope="module")
def dice_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("dice") / "dice-line.lud"
    path.write_text(DICE)
    return ludeme.load(path)


@pytest.mark.parametrize("agents", [["random", "random"],
                                    ["mcts:iterations=60", "uct:iterations=40"],
                                    ["alphabeta:nodes=400", "random"]])
def test_agents_play_dice_games_and_records_replay(dice_game, agents):
    rec = play_game(dice_game, agents, seed=21)
    # a win, or Ludii's draw when both players could not move in a row
    assert rec.end == "rules" and rec.returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert rec.rolls and all(len(r) == 2 and all(1 <= v <= 4 for v in r) for r in rec.rolls)
    again = GameRecord.from_json(rec.to_json())
    assert again.rolls == rec.rolls
    report = verify_record(again)
    assert report.ok, report.divergence
    assert report.agents_checked == [1, 2]
    # the same seed plays the same game, dice included
    assert play_game(dice_game, agents, seed=21).to_dict() == rec.to_dict()


def test_verify_catches_changed_missing_and_extra_rolls(dice_game):
    rec = play_game(dice_game, ["random", "random"], seed=3)
    changed = GameRecord.from_dict({**rec.to_dict(), "rolls": [list(r) for r in rec.rolls]})
    changed.rolls[1] = [4, 4] if changed.rolls[1] != [4, 4] else [1, 1]
    assert "is not the one game seed 3 gives" in str(verify_record(changed).divergence)
    short = GameRecord.from_dict({**rec.to_dict(), "rolls": rec.rolls[:-1]})
    assert "no more rolls" in str(verify_record(short).divergence)
    extra = GameRecord.from_dict({**rec.to_dict(), "rolls": rec.rolls + [[1, 1]]})
    assert "rolls left over" in str(verify_record(extra).divergence)
    with pytest.raises(LudemeError, match="rolls"):
        GameRecord.from_dict({**rec.to_dict(), "rolls": [["3"]]})


def test_an_agent_is_not_asked_at_a_roll(dice_game):
    with pytest.raises(LudemeError, match="dice must be rolled"):
        agent_move(make_agent("random", 1), dice_game.new_initial_state())


def test_mcts_keeps_a_node_per_roll(dice_game):
    s = dice_game.new_initial_state()
    s.apply_chance((2, 3))
    agent = make_agent("mcts:iterations=300,prior=0", 5)
    agent_move(agent, s)
    # the mover plays both dice (two plies), then the tree branches on P2's rolls
    nodes, below = [agent.last_root], []
    while nodes:
        node = nodes.pop()
        nodes.extend(node.children)
        if node.rolls:
            below.append(node)
            nodes.extend(node.rolls.values())
    assert below, "no move led to a roll"
    assert max(len(n.rolls) for n in below) > 1
    for n in below:
        assert sum(r.visits for r in n.rolls.values()) <= n.visits
        assert all(r.move is None and r.player == 0 for r in n.rolls.values())


def test_alphabeta_values_a_roll_by_its_probabilities():
    g = ludeme.loads(LUCKY)
    s = g.new_initial_state()
    agent = make_agent("alphabeta:depth=1", 1)
    value, _ = agent.search(s, 1)
    # a quarter of the rolls win at once (ply 1); the others leave the game going on,
    # which the evaluation calls even
    assert value == pytest.approx(0.25 * (WIN - 1e-3))


def test_perft_branches_on_every_roll():
    g = ludeme.loads(LUCKY)
    s = g.new_initial_state()
    assert perft(s, 1) == 4            # one move under each of the four rolls
    assert perft(s, 2) == 3 * 4        # a 1 wins: the game is over under that roll


def test_random_playouts_roll_with_their_generator(dice_game):
    a, b = dice_game.new_initial_state(), dice_game.new_initial_state()
    random_playout(a, random.Random(9))
    random_playout(b, random.Random(9))
    assert a.rolls() == b.rolls() and a.is_terminal()


def test_the_session_says_the_rolls_and_records_them(dice_game):
    out = []
    seats, seed, _ = seat_players(2, {1: "random", 2: "random"}, 8, "random")
    term = PlainTerminal(io.StringIO(""), out.append)
    rec = Session(dice_game, seats, seed, terminal=term).run()
    text = "\n".join(out)
    assert "P1 (random) rolls " in text
    assert rec.rolls and verify_record(rec).ok
    assert len(rec.rolls) == text.count(" rolls ")


def test_a_simulated_game_is_reproduced_from_its_seed(dice_game):
    from ludeme.sim.runner import BatchSpec, Runner

    spec = BatchSpec(game=dice_game.description.path, options=(), ruleset=None,
                     agents=("random", "mcts:iterations=20"), seed=4)
    runner = Runner(spec)
    row = runner.play(3)
    assert runner.play(3)["moves"] == row["moves"]
    # the stored game seed plays the same game again, dice included, as a record
    rec = play_game(runner.game, list(spec.agents), seed=row["seed"], max_moves=10_000)
    assert rec.moves == row["moves"] and rec.rolls and verify_record(rec).ok
