"""ludeme games through OpenSpiel: its own consistency checks, its algorithms."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability, mcts, minimax  # noqa: E402

import ludeme  # noqa: E402
from ludeme.errors import LudemeError  # noqa: E402
from ludeme.interop import openspiel as lo  # noqa: E402
from tests.interop.games import BUNDLED, DICE, TINY, options  # noqa: E402


@pytest.mark.parametrize("name", BUNDLED)
def test_random_sim_test(name):
    """OpenSpiel's own consistency test: legal actions sorted and within the action
    space, clones equal, serialization round trips, returns in the utility range,
    game length within max_game_length."""
    game = lo.load(name, options(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_type_and_info():
    game = lo.load("hex", ["Board Size/7x7"])
    t = game.get_type()
    assert t.short_name == "python_ludeme_hex"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.num_distinct_actions() == 50   # 49 cells and the pass of a stuck player
    assert game.max_game_length() == 1000
    assert game.get_parameters()["board_size"] == "7x7"
    assert game.observation_tensor_shape() == [4, 49]


def test_options_are_parameters():
    lo.register("brandubh")
    game = pyspiel.load_game("python_ludeme_brandubh(king=Weak,move_limit=None)")
    assert game.ludeme_game.options == {"Move Limit": "None", "King": "Weak"}
    # an item that reads as a number is quoted, so that the game string round trips
    default = lo.load("brandubh")
    assert "move_limit='400'" in str(default)
    assert str(pyspiel.load_game(str(default))) == str(default)
    with pytest.raises(ludeme.UsageError, match="not an option"):
        lo.load("brandubh", ["Board Size/9x9"])


def test_more_players_is_general_sum():
    game = lo.load("twigs-and-thorns", ["Players/3"])
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_ruleset_and_max_game_length():
    game = lo.load("tic-tac-toe", max_game_length=4)
    assert game.max_game_length() == 4
    s = game.new_initial_state()
    for a in (0, 1, 3, 4):
        s.apply_action(a)
    assert s.is_terminal() and s.returns() == [0.0, 0.0]   # stopped, drawn
    assert s.current_player() == pyspiel.PlayerId.TERMINAL


def test_states_and_notation():
    game = lo.load("tic-tac-toe")
    s = game.new_initial_state()
    assert s.current_player() == 0 and s.legal_actions() == list(range(9))
    s.apply_action(s.string_to_action("b2"))
    assert s.current_player() == 1
    assert s.legal_actions(0) == [] and 4 not in s.legal_actions(1)
    assert s.action_to_string(1, 0) == "a1"
    assert s.string_to_action(1, "A1") == 0           # any spelling ludeme accepts
    for a in s.legal_actions():
        assert s.string_to_action(s.action_to_string(1, a)) == a
    c = s.clone()
    c.apply_action(0)
    assert s.history() == [4] and c.history() == [4, 0]
    assert str(s) != str(c)
    with pytest.raises(LudemeError):
        s.string_to_action("b2")                      # occupied
    with pytest.raises(Exception, match="not legal"):
        s.apply_action(4)
    for a in (0, 3, 1, 6, 2):                         # P2 completes a1-b1-c1
        s.apply_action(a)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.legal_actions() == []


def test_captures_in_notation_through_openspiel():
    """Brandubh's action strings are ludeme's notation, captures included."""
    game = lo.load("brandubh")
    s = game.new_initial_state()
    rng = np.random.RandomState(3)
    found = False
    while not s.is_terminal() and not found:
        for a in s.legal_actions():
            text = s.action_to_string(s.current_player(), a)
            assert s.string_to_action(text) == a
            found = found or "x" in text
        s.apply_action(rng.choice(s.legal_actions()))
    assert found


def test_observation_tensor_through_openspiel():
    game = lo.load("tic-tac-toe")
    s = game.new_initial_state()
    s.apply_action(4)
    t = np.reshape(s.observation_tensor(0), game.observation_tensor_shape())
    assert t[0, 4] == 1 and t[0].sum() == 1 and not t[1].any()
    assert not t[2].any() and t[3].all()
    assert s.observation_tensor(0) == s.observation_tensor(1)
    assert s.observation_string(0) == str(s)


def test_serialization_and_pickle_round_trip():
    game = lo.load("brandubh")
    s = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(12):
        s.apply_action(rng.choice(s.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, s)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(g2) == str(game) and str(s2) == str(s) and s2.history() == s.history()
    assert s2.legal_actions() == s.legal_actions()
    s3 = pickle.loads(pickle.dumps(s))
    assert str(s3) == str(s) and s3.history() == s.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def _hex_one_move_from_winning():
    """Hex 7x7, P1 to move: a1..a6 are P1's, a7 connects the bottom to the top."""
    game = lo.load("hex", ["Board Size/7x7"])
    s = game.new_initial_state()
    for i in range(1, 7):
        s.apply_action(s.string_to_action(f"a{i}"))
        s.apply_action(s.string_to_action(f"g{i}"))
    return game, s, s.string_to_action("a7")


def test_mcts_bot_on_hex_finds_the_win():
    game, s, win = _hex_one_move_from_winning()
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=100,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0), solve=True)
    assert bot.step(s) == win


def test_alpha_beta_on_hex_finds_the_win():
    game, s, win = _hex_one_move_from_winning()
    value, action = minimax.alpha_beta_search(game, s, value_function=lambda st: 0.0,
                                              maximum_depth=2, maximizing_player_id=0)
    assert (value, action) == (1.0, win)


def _material(player: int):
    """The player's pieces minus the others', scaled into (-1, 1)."""
    def value(state) -> float:
        ls = state.ludeme_state
        owner = ls.game.pieces.owner
        return sum(1 if owner[p] == player + 1 else -1 for p in ls.what if p) / 100

    return value


def test_alpha_beta_on_brandubh_takes_a_capture():
    """Along a random game, whenever the mover can capture, a 1-ply alpha-beta search
    on material captures (or wins at once, which is worth more)."""
    game = lo.load("brandubh")
    s = game.new_initial_state()
    rng = np.random.RandomState(5)
    checked = 0
    while not s.is_terminal() and s.move_number() < 120:
        player = s.current_player()
        texts = [s.action_to_string(player, a) for a in s.legal_actions()]
        if any("x" in t for t in texts):
            _, action = minimax.alpha_beta_search(game, s, value_function=_material(player),
                                                  maximum_depth=1,
                                                  maximizing_player_id=player)
            after = s.clone()
            after.apply_action(action)
            wins = after.is_terminal() and after.returns()[player] == 1.0
            assert wins or "x" in s.action_to_string(player, action)
            checked += 1
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 0


def test_mcts_bot_plays_brandubh():
    game = lo.load("brandubh")
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    s = game.new_initial_state()
    for _ in range(4):
        a = bot.step(s)
        assert a in s.legal_actions()
        s.apply_action(a)


def test_cfr_on_a_tiny_description(tmp_path):
    """CFR solves a 2x2 game written as a description: the first player wins (a second
    disc orthogonally next to the first), so the average policy is unexploitable."""
    path = tmp_path / "two-by-two.lud"
    path.write_text(TINY)
    game = lo.load(path)
    assert game.get_type().short_name == "python_ludeme_two_by_two"
    solver = cfr.CFRSolver(game)
    for _ in range(30):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert exploitability.nash_conv(game, policy) < 0.05
    from open_spiel.python.algorithms import expected_game_score
    values = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)
    assert values[0] == pytest.approx(1.0, abs=0.05)


def test_one_short_name_per_description(tmp_path):
    a = tmp_path / "a" / "same.lud"
    b = tmp_path / "b" / "same.lud"
    for p in (a, b):
        p.parent.mkdir()
        p.write_text(TINY)
    lo.load(a)
    with pytest.raises(ludeme.UsageError, match="already registered"):
        lo.load(b)


def test_a_description_with_dice_is_explicitly_stochastic(tmp_path):
    """Where the dice are rolled the player is CHANCE, with every roll's probability;
    OpenSpiel's random simulation test (serialization included) passes."""
    path = tmp_path / "dice-line.lud"
    path.write_text(DICE)
    game = lo.load(path)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 16
    s = game.new_initial_state()
    assert s.is_chance_node() and s.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 16 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    roll = next(a for a, _ in outcomes if s.action_to_string(pyspiel.PlayerId.CHANCE, a)
                == "roll 2 3")
    s.apply_action(roll)
    assert s.current_player() == 0
    assert sorted(s.action_to_string(0, a) for a in s.legal_actions()) == ["c1-e1", "c1-f1"]
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    plain = lo.load("tic-tac-toe")
    assert plain.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
