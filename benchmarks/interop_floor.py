"""What OpenSpiel's and PettingZoo's own machinery costs a move: a game that does
nothing, played through the same loops as ``bench_interop`` plays the adapters.

The do-nothing game has the action space of a real game (its size), every action legal
at every position (one list and one mask, made once: no work per move) and a fixed
length; a move changes nothing but who moves and the ply. Its moves per second through
a loop is the most any adapter can reach through that loop: what is left of an
adapter's time once its game costs nothing. ``bench_interop --floor`` measures it beside
the adapters and gives each adapter's ceiling (the ratio it would have if it added
nothing to ludeme's move but the library's own cost).

- OpenSpiel: a Python game registered with ``pyspiel.register_game``, as the adapter is,
  so that ``apply_action`` crosses pybind11 the same way (C++ ``ApplyAction`` asking the
  Python ``current_player``, then calling the Python ``_apply_action``).
- PettingZoo: a subclass of the adapter's bare environment whose ``observe`` and
  ``step`` do nothing but the AEC bookkeeping every environment does (the agent to act,
  terminations and rewards at the end), wrapped by the adapter's wrappers (PettingZoo's
  usual three) or bare.
"""

from __future__ import annotations

import numpy as np

NULL_LENGTH = 50   # plies of a do-nothing game


def openspiel_null_game(num_actions: int, length: int = NULL_LENGTH):
    """A do-nothing ``pyspiel.Game`` with ``num_actions`` actions, all legal."""
    import pyspiel

    name = "python_ludeme_bench_null"
    game_type = pyspiel.GameType(
        short_name=name, long_name="a game that does nothing (bench_interop --floor)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification={"num_actions": 9, "length": NULL_LENGTH})

    class NullState(pyspiel.State):
        def __init__(self, game, legal: list[int], length: int):
            super().__init__(game)
            self._legal = legal
            self._length = length
            self._ply = 0

        def current_player(self) -> int:
            if self._ply >= self._length:
                return int(pyspiel.PlayerId.TERMINAL)
            return self._ply & 1

        def legal_actions(self, player=None) -> list[int]:
            return self._legal if self._ply < self._length else []

        def _legal_actions(self, player: int) -> list[int]:
            return self._legal

        def _apply_action(self, action: int) -> None:
            self._ply += 1

        def is_terminal(self) -> bool:
            return self._ply >= self._length

        def returns(self) -> list[float]:
            return [0.0, 0.0]

        def __str__(self) -> str:
            return str(self._ply)

    class NullGame(pyspiel.Game):
        def __init__(self, params=None):
            params = params or {}
            n = int(params.get("num_actions", 9))
            self._n, self._length = n, int(params.get("length", NULL_LENGTH))
            info = pyspiel.GameInfo(num_distinct_actions=n, max_chance_outcomes=0,
                                    num_players=2, min_utility=-1.0, max_utility=1.0,
                                    utility_sum=0.0, max_game_length=self._length)
            super().__init__(game_type, info, params)
            self._legal = list(range(n))

        def new_initial_state(self):
            return NullState(self, self._legal, self._length)

    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type, NullGame)
    return pyspiel.load_game(name, {"num_actions": int(num_actions), "length": int(length)})


def pettingzoo_null_env(game: str, options: list[str], wrapped: bool = True,
                        length: int = NULL_LENGTH):
    """A do-nothing AEC environment with the action space of ``game``'s adapter; wrapped
    as ``ludeme.interop.pettingzoo.env`` wraps (``wrapped``) or bare."""
    from ludeme.interop import pettingzoo as lpz

    class NullEnv(lpz.raw_env):
        def reset(self, seed=None, options=None) -> None:
            super().reset(seed, options)
            self._ply = 0
            n = self.actions.size
            self._obs = {"observation": np.zeros(self.observation_maker.shape, np.float32),
                         "action_mask": np.ones(n, np.int8)}

        def observe(self, agent: str) -> dict:
            return self._obs

        def step(self, action) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self._ply += 1
            agents = self.possible_agents
            self.agent_selection = nxt = agents[self._ply % len(agents)]
            for view in self._views:
                view["agent_selection"] = nxt
            if self._ply >= length:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self.terminations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()
                self._share("rewards", "terminations")

    e = NullEnv(game, options)
    if not wrapped:
        return e
    return lpz._OrderEnforcing(lpz._AssertOutOfBounds(lpz._TerminateIllegal(e, -1)))
