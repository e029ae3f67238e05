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

import operator
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
from ludeme.interop.actions import MASK, Legal, action_space
from ludeme.interop.observation import Observation
from ludeme.runtime.state import State


def env(game: str | Path, options: list[str] | tuple[str, ...] = (),
        ruleset: str | None = None, max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
        render_mode: str | None = None) -> AECEnv:
    """A description as a PettingZoo AEC environment, with PettingZoo's usual wrappers."""
    e = raw_env(game, options, ruleset, max_game_length, render_mode)
    e = _TerminateIllegal(e, illegal_reward=-1)
    e = _AssertOutOfBounds(e)
    return _OrderEnforcing(e)


# The AEC attributes every wrapper reads from the environment it wraps. PettingZoo's
# wrappers reach them through ``__getattr__`` on each layer (three layers, each checking
# the name), which costs more than a ludeme move in small games. Here the bare
# environment shares them with its wrappers instead: whenever it binds one anew (the
# dicts are changed in place otherwise), it binds the same object on each of its
# wrappers (``raw_env._share``), which then read them as their own attributes, as fast
# as the bare environment does. The values are PettingZoo's: those its ``__getattr__``
# would have found.
_SHARED = ("agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations",
           "truncations", "infos")


def _sharing(wrapper: type) -> type:
    """PettingZoo's ``wrapper``, given the AEC attributes by the bare environment (see
    ``_SHARED``). It has none of them before the first ``reset``, so the order-enforcing
    wrapper's ``__getattr__`` still refuses them then."""

    def __init__(self, env: AECEnv, *args, **kwargs) -> None:  # noqa: N807
        wrapper.__init__(self, env, *args, **kwargs)
        self._bare = bare = env.unwrapped
        self.__dict__["possible_agents"] = bare.possible_agents
        bare._views.append(self.__dict__)

    def action_space(self, agent: str) -> spaces.Space:
        # the bare environment's (no wrapper here changes the spaces), without a call per
        # layer: the out-of-bounds wrapper asks on every step
        return self._bare.action_spaces[agent]

    def observation_space(self, agent: str) -> spaces.Space:
        return self._bare.observation_spaces[agent]

    attrs = {"__init__": __init__, "action_space": action_space,
             "observation_space": observation_space}
    return type(wrapper.__name__, (wrapper,), attrs)


_TerminateIllegal = _sharing(wrappers.TerminateIllegalWrapper)
_AssertOutOfBounds = _sharing(wrappers.AssertOutOfBoundsWrapper)
_OrderEnforcing = _sharing(wrappers.OrderEnforcingWrapper)


class _Actions(spaces.Discrete):
    """gymnasium's ``Discrete`` with a quick ``contains`` for a Python int, which
    PettingZoo's out-of-bounds wrapper asks on every step (gymnasium's own, going
    through numpy, costs as much as a move in small games)."""

    def __init__(self, n: int):
        super().__init__(n)
        self._n = int(n)

    def contains(self, x) -> bool:
        if type(x) is int:
            return 0 <= x < self._n
        return super().contains(x)


class LazyObservation(dict):
    """An observation dict whose ``observation`` tensor is made when first read.

    The action mask is made at once (wrappers read it on every step); the tensor of the
    position (kept as the board's contents when observed, so a tensor read later is
    still the one of that position) costs as much as a move in small games, and a
    playout that only reads the mask never pays for it. Until it is made the dict holds
    the mask alone, so that reading the mask is a plain dict's lookup, and the tensor is
    made by ``__missing__``; every other way of reading the dict makes it first: it
    behaves as a plain dict of the two arrays, in that order.
    """

    __slots__ = ("_pending",)

    # made as ``LazyObservation(action_mask=mask)`` (a dict's own constructor), then
    # ``_pending`` set to (an ``Observation``, the board's ``what``, the mover, the dice)

    def _made(self) -> LazyObservation:
        pending = self._pending
        if pending is not None:
            self._pending = None
            maker, what, mover, dice = pending
            mask = dict.pop(self, "action_mask")
            dict.__setitem__(self, "observation", maker.tensor_of(what, mover, dice))
            dict.__setitem__(self, "action_mask", mask)
        return self

    def __missing__(self, key):
        if key == "observation" and self._pending is not None:
            return dict.__getitem__(self._made(), key)
        raise KeyError(key)

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or (key == "observation"
                                                and self._pending is not None)

    def __len__(self) -> int:
        return dict.__len__(self) + (self._pending is not None)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __iter__(self):
        return dict.__iter__(self._made())

    def keys(self):
        return dict.keys(self._made())

    def values(self):
        return dict.values(self._made())

    def items(self):
        return dict.items(self._made())

    def copy(self) -> dict:
        return dict(self._made().items())

    def __eq__(self, other) -> bool:
        return dict.__eq__(self._made(), other)

    __hash__ = None

    def __repr__(self) -> str:
        return dict.__repr__(self._made())

    def __reduce__(self):
        return (dict, (dict(self.items()),))


def _as_action(action) -> int:
    """An action given as a numpy integer (or anything ``operator.index`` takes) as an
    int; -1 for what is not an integer (never legal)."""
    try:
        return operator.index(action)
    except TypeError:
        return -1


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
        self.action_spaces = {a: _Actions(size) for a in self.possible_agents}
        self._initial = self.game.new_initial_state()
        self.state: State = self._initial.clone()
        self._legal: Legal | None = None
        self._size = self.actions.size
        self._moves: list | None = None        # the legal moves, once looked at (_look)
        self._tags: bytearray | None = None     # and their tags (ActionSpace.tags)
        self._observed: LazyObservation | None = None   # of the position, once asked
        self._no_actions = np.zeros(self.actions.size, np.int8)
        self._no_actions.flags.writeable = False
        self._views: list[dict] = []   # the wrappers' attributes (see ``_SHARED``)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _share(self, *names: str) -> None:
        """Bind the attributes ``names`` on the wrappers as they are bound here."""
        own = self.__dict__
        for view in self._views:
            for name in names:
                view[name] = own[name]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # the dice are rolled inside the environment, from ``seed`` when given
        if seed is not None or not hasattr(self, "_chance"):
            self._chance = random.Random(seed)
        self.state = self._initial.clone()
        self._roll()
        self._legal = self._observed = self._tags = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of[self.state.mover]
        self._check_over()
        self._share(*_SHARED)

    def _legal_now(self) -> Legal:
        legal = self._legal
        if legal is None:
            legal = self._legal = self.actions.legal(self.state)
        return legal

    def _look(self) -> bytearray:
        """The legal moves of the position (``_moves``) and their tags at their actions
        (``_tags``, ``ActionSpace.tags``: one pass over the moves), which give the action
        mask and each legal action's move."""
        moves = self._moves = self.state.legal_moves()
        tags = self._tags = self.actions.tags(moves)
        return tags

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # made once per position (wrappers and last() both ask for it): the arrays are
        # new after every step, so an observation kept by the caller stays as it was
        obs = self._observed
        if obs is None:
            s = self.state
            selected = self.agent_selection
            if self.terminations[selected] or self.truncations[selected]:
                mask = self._no_actions
            else:
                tags = self._tags
                if tags is None:
                    tags = self._look()
                # a new array per position, from a new buffer (C)
                mask = np.frombuffer(tags.translate(MASK), np.int8)
            obs = self._observed = LazyObservation(action_mask=mask)
            obs._pending = (self.observation_maker, s.what[:], s.mover,
                            s.dice.copy() if s.dice is not None else None)
        if agent == self.agent_selection:
            return obs
        # another agent sees the same tensor and no legal action
        return {"observation": obs["observation"], "action_mask": self._no_actions}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        tags = self._tags
        if tags is None:
            tags = self._look()
        # the move by the action: its tag here, then its place in the action space
        a = action if type(action) is int else _as_action(action)
        tag = tags[a] if 0 <= a < self._size else 0
        if not tag:
            raise ValueError(f"action {action} is not legal for {agent} here")
        move = self.actions.move_of(self._moves, a, tag)
        self._cumulative_rewards[agent] = 0.0
        s = self.state
        s.game.play(s, move)   # State.apply's work, without its call
        if s.dice is not None:
            self._roll()
        self._legal = self._observed = self._tags = None
        self.agent_selection = agent = self._agent_of[s.mover]
        for view in self._views:
            view["agent_selection"] = agent
        if s.outcome is not None or s.ply >= self.max_game_length or s.dice is not None:
            self._check_over()
            self._share(*_SHARED)
        if self.render_mode == "human":
            self.render()

    def _was_dead_step(self, action) -> None:
        super()._was_dead_step(action)
        self._observed = None   # the agent to act changed
        self._share("agent_selection")

    def _deads_step_first(self):
        agent = super()._deads_step_first()
        # the illegal-move wrapper binds new dicts on this environment, then calls this
        self._observed = None
        self._share(*_SHARED)
        return agent

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
