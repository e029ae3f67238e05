"""Any description as a PettingZoo AEC environment.

    from ludeme.interop import pettingzoo as lz
    env = lz.env("tic-tac-toe")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        mask = obs["action_mask"]
        env.step(None if terminated or truncated else int(mask.nonzero()[0][0]))

Agents are ``player_1`` .. ``player_n`` (ludeme's P1 .. Pn); the agent to act is the
player to move, whatever the description's turn order. An observation is a dict:
``observation``, the tensor described in ``ludeme.interop`` (the same for every agent:
the game has no hidden information), and ``action_mask``, 1 for the legal actions of
the agent to act (all 0 for the others). Actions are the integers of the stable action
space (``ludeme.interop``); ``action_to_string``/``string_to_action`` on the raw
environment use ludeme's notation. Rewards come once, when the game ends: each agent's
return (1 win, -1 loss, 0 draw). A game that reaches ``max_game_length`` plies without
ending is truncated.

``env()`` wraps the raw environment as PettingZoo's classic games are (an illegal action
ends the game with reward -1 for the agent that played it); ``raw_env`` is the bare one.

In a game with dice the environment rolls them itself, with a generator seeded by
``reset(seed=...)``: an agent always acts after the roll, and reads the dice from the
state (``env.unwrapped.state.dice``).
"""

from __future__ import annotations

import random
from pathlib import Path

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError('ludeme.interop.pettingzoo needs PettingZoo: '
                      'pip install "ludeme[pettingzoo]"') from err

import numpy as np

import ludeme
from ludeme.interop import DEFAULT_MAX_GAME_LENGTH
from ludeme.interop.actions import Legal, action_space
from ludeme.interop.observation import Observation
from ludeme.runtime.state import State


def env(game: str | Path, options: list[str] | tuple[str, ...] = (),
        ruleset: str | None = None, max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
        render_mode: str | None = None) -> AECEnv:
    """A description as a PettingZoo AEC environment, with PettingZoo's usual wrappers."""
    e = raw_env(game, options, ruleset, max_game_length, render_mode)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """A ludeme game as an AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "ludeme", "is_parallelizable": False}

    def __init__(self, game: str | Path, options: list[str] | tuple[str, ...] = (),
                 ruleset: str | None = None, max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
                 render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = ludeme.load(game, list(options), ruleset)
        self.metadata = {**self.metadata, "name": f"ludeme_{self.game.source_name}"}
        self.render_mode = render_mode
        self.max_game_length = max_game_length
        self.actions = action_space(self.game)
        self.observation_maker = Observation(self.game)
        n = self.game.num_players
        self.possible_agents = [f"player_{p}" for p in range(1, n + 1)]
        self._agent_of = [None, *self.possible_agents]
        size = self.actions.size
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, self.observation_maker.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._initial = self.game.new_initial_state()
        self.state: State = self._initial.clone()
        self._legal: Legal | None = None
        self._observed: tuple | None = None
        self._no_actions = np.zeros(self.actions.size, np.int8)
        self._no_actions.flags.writeable = False

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # the dice are rolled inside the environment, from ``seed`` when given
        if seed is not None or not hasattr(self, "_chance"):
            self._chance = random.Random(seed)
        self.state = self._initial.clone()
        self._roll()
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of[self.state.mover]
        self._check_over()

    def _legal_now(self) -> Legal:
        if self._legal is None:
            self._legal = self.actions.legal(self.state)
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # made once per position (wrappers and last() both ask for it): the arrays are
        # new after every step, so an observation kept by the caller stays as it was
        cached = self._observed
        if cached is None or cached[0] is not self.state or cached[1] != self.state.ply:
            mask = np.zeros(self.actions.size, np.int8)
            if not (self.terminations[self.agent_selection]
                    or self.truncations[self.agent_selection]):
                ordered = self._legal_now().ordered
                mask[np.fromiter(ordered, np.intp, len(ordered))] = 1
            cached = self._observed = (self.state, self.state.ply,
                                       self.observation_maker.tensor(self.state), mask)
        mask = cached[3] if agent == self.agent_selection else self._no_actions
        return {"observation": cached[2], "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal_now().move(int(action))
        if move is None:
            raise ValueError(f"action {action} is not legal for {agent} here")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(move)
        self._roll()
        self._legal = None
        self.agent_selection = self._agent_of[self.state.mover]
        self._check_over()
        if self.render_mode == "human":
            self.render()

    def _roll(self) -> None:
        """Roll the dice wherever the rules roll them: agents see the position after the
        roll (``state.dice``), as players do."""
        if self.state.dice is not None:
            self.state.settle(self._chance)

    def _check_over(self) -> None:
        s = self.state
        if s.is_terminal():
            self.rewards = dict(zip(self.agents, s.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif s.ply >= self.max_game_length:
            self.truncations = dict.fromkeys(self.agents, True)

    def action_to_string(self, action: int) -> str:
        """An action of the agent to act, in ludeme's notation."""
        move = self._legal_now().move(action)
        if move is None:
            raise ValueError(f"action {action} is not legal here")
        return self.state.move_to_string(move)

    def string_to_action(self, text: str) -> int:
        """A move in ludeme's notation, as an action."""
        return self.actions.encode(self.state.parse_move(text))

    def render(self) -> str | None:
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
