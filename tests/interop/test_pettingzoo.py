"""ludeme games as PettingZoo AEC environments."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import ludeme  # noqa: E402
from ludeme.interop import pettingzoo as lz  # noqa: E402
from ludeme.interop.actions import action_space  # noqa: E402
from ludeme.interop.observation import Observation  # noqa: E402
from tests.interop.games import BUNDLED, DICE, options  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Observation")


@pytest.mark.parametrize("name", BUNDLED)
def test_api_test(name):
    """PettingZoo's own API test."""
    api_test(lz.env(name, options(name)), num_cycles=100, verbose_progress=False)


def _random_game(env, seed: int) -> list[tuple]:
    """Play random legal actions; returns (agent, reward, terminated, truncated) per step."""
    rng = np.random.default_rng(seed)
    steps = []
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        steps.append((agent, reward, terminated, truncated))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return steps


def test_masks_observations_and_rewards_follow_the_game():
    """Each step's mask is the legal moves of ludeme's state, the observation is the
    shared tensor, and the final rewards are the game's returns."""
    e = lz.raw_env("connect-four")
    e.reset()
    game = ludeme.load("connect-four")
    space, obs = action_space(game), Observation(game)
    s = game.new_initial_state()
    rng = np.random.default_rng(4)
    while not s.is_terminal():
        agent = e.agent_selection
        assert agent == f"player_{s.current_player()}"
        o = e.observe(agent)
        assert list(np.flatnonzero(o["action_mask"])) == space.legal(s).ordered
        assert np.array_equal(o["observation"], obs.tensor(s))
        other = next(a for a in e.agents if a != agent)
        assert not e.observe(other)["action_mask"].any()
        a = int(rng.choice(np.flatnonzero(o["action_mask"])))
        e.step(a)
        s.apply(space.legal(s).move(a))
    assert all(e.terminations.values())
    assert [e._cumulative_rewards[a] for a in e.possible_agents] == s.returns()


def test_a_whole_game_through_the_wrapped_env():
    steps = _random_game(lz.env("tic-tac-toe"), seed=2)
    final = {agent: reward for agent, reward, done, _ in steps if done}
    assert set(final) == {"player_1", "player_2"}
    assert sum(final.values()) == 0 and set(final.values()) <= {-1.0, 0.0, 1.0}


def test_more_players():
    e = lz.env("twigs-and-thorns", ["Players/3"])
    steps = _random_game(e, seed=1)
    assert {a for a, *_ in steps} == {"player_1", "player_2", "player_3"}


def test_truncation_at_max_game_length():
    e = lz.raw_env("brandubh", max_game_length=6)
    e.reset()
    for _ in range(6):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_illegal_actions():
    raw = lz.raw_env("tic-tac-toe")
    raw.reset()
    raw.step(raw.string_to_action("b2"))
    assert raw.action_to_string(0) == "a1"
    with pytest.raises(ValueError, match="not legal"):
        raw.step(4)
    wrapped = lz.env("tic-tac-toe")    # PettingZoo's convention: the offender loses
    wrapped.reset()
    wrapped.step(4)
    wrapped.step(4)
    assert wrapped.rewards["player_2"] == -1
    assert all(wrapped.terminations.values())


def test_an_observation_kept_is_of_the_position_observed():
    """The tensor is made when first read (``LazyObservation``): read after later steps,
    it is still the position observed; every way of reading the dict sees both arrays."""
    import copy
    import pickle

    game = ludeme.load("tic-tac-toe")
    obs = Observation(game)
    e = lz.env("tic-tac-toe")
    e.reset()
    kept, states = [], []
    s = game.new_initial_state()
    for text in ("b2", "a1", "c3"):
        o, *_ = e.last()
        kept.append(o)
        states.append(s.clone())
        action = e.unwrapped.string_to_action(text)
        e.step(action)
        s.apply(s.parse_move(text))
    for o, then in zip(kept, states, strict=True):
        assert np.array_equal(o["observation"], obs.tensor(then))
    o = kept[1]
    for plain in (dict(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o)), {**o}):
        assert type(plain["observation"]) is np.ndarray
        assert np.array_equal(plain["observation"], o["observation"])
    assert all(isinstance(v, np.ndarray) for v in o.values())
    assert [k for k, _ in o.items()] == ["observation", "action_mask"]
    fresh, *_ = e.last()    # never read before: made from the position observed
    assert np.array_equal(dict(fresh)["observation"], obs.tensor(s))
def test_dice_are_rolled_inside_the_environment(tmp_path):
    """An agent always acts after the roll; the rolls follow reset's seed."""
    path = tmp_path / "dice-line.lud"
    path.write_text(DICE)
    api_test(lz.env(str(path)), num_cycles=100, verbose_progress=False)
    raw = lz.raw_env(str(path))

    def rolls(seed):
        _random_game(raw, seed)
        return raw.state.rolls()

    assert rolls(4) == rolls(4)
    assert rolls(4) != rolls(5)
    raw.reset(seed=1)
    assert not raw.state.is_chance_node() and raw.state.rolls()


def test_an_observation_not_read_yet_is_a_dict_of_both_arrays():
    """Before its tensor is made, the observation answers as the dict of both arrays."""
    e = lz.raw_env("tic-tac-toe")
    e.reset()
    o = e.observe(e.agent_selection)
    assert "observation" in o and "action_mask" in o and "x" not in o
    assert len(o) == 2
    assert o.get("missing", 7) == 7
    with pytest.raises(KeyError):
        o["missing"]
    assert list(o.keys()) == ["observation", "action_mask"]
    assert o["observation"].shape == Observation(e.game).shape


def test_wrappers_see_the_bare_environments_attributes():
    """The wrappers hold the AEC attributes the bare environment binds (no forwarding):
    refused before reset, as PettingZoo's order-enforcing wrapper does; the same
    objects after every step, through a game to its end and an illegal move."""
    e = lz.env("tic-tac-toe")
    with pytest.raises(AttributeError):
        getattr(e, "agent_selection")  # noqa: B009 - the attribute read is the test
    layers = []
    inner = e
    while inner is not e.unwrapped:
        layers.append(inner)
        inner = inner.env

    def agree():
        bare = e.unwrapped
        for layer in layers:
            for name in ("agents", "agent_selection", "rewards", "_cumulative_rewards",
                         "terminations", "truncations", "infos"):
                assert getattr(layer, name) is getattr(bare, name), name

    for illegal in (False, True):
        e.reset()
        agree()
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
            elif illegal and e.unwrapped.state.ply == 3:
                e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))   # an occupied cell
            else:
                e.step(int(np.flatnonzero(obs["action_mask"])[0]))
            agree()
        assert e.agents == [] and e.unwrapped.agents == []
