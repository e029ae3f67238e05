"""The agent interface and its registry.

An agent is made from a spec string, ``name[:key=value,...]`` (``random``,
``mcts:iterations=1000,c=1.4``), and a seed; the same spec and seed choose the same
moves in the same positions, which is what makes game records verifiable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludeme.errors import UsageError, suggest
from ludeme.runtime.move import Move
from ludeme.runtime.state import State


class Agent:
    """Base class. Subclasses implement ``choose``."""

    name = "agent"

    def __init__(self, seed: int | None = None, **params: Any):
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = params

    def choose(self, state: State) -> Move:
        raise NotImplementedError

    def evaluate(self, state: State) -> float | None:
        """The agent's estimate of the position for the player to move, in [-1, 1], if it
        has one (used to answer draw offers)."""
        return None

    @property
    def spec(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))


class RandomAgent(Agent):
    """Picks a legal move uniformly at random."""

    name = "random"

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent}

# a bot in a game with people thinks about this long per move unless told otherwise
DEFAULT_SECONDS_PER_MOVE = 2.0
# the parameters that set an agent's budget: a spec that gives one keeps it
BUDGET_PARAMS = ("iterations", "seconds", "nodes", "depth")


def register_agent(cls: type[Agent]) -> type[Agent]:
    AGENTS[cls.name] = cls
    return cls


def _value(text: str) -> Any:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=200,c=1.4"`` -> ``("mcts", {"iterations": 200, "c": 1.4})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, val = part.partition("=")
        if not eq:
            raise UsageError(f"agent parameter '{part}' should be key=value")
        params[key.strip()] = _value(val.strip())
    return name, params


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """An agent from its spec string."""
    _load_all()
    name, params = parse_spec(spec)
    if name not in AGENTS:
        raise UsageError(f"no agent '{name}'",
                         hint=suggest(name, AGENTS) or "agents: " + ", ".join(sorted(AGENTS)))
    try:
        return AGENTS[name](seed=seed, **params)
    except TypeError as err:
        raise UsageError(f"agent '{name}': {err}") from None


def timed_spec(spec: str, seconds: float = DEFAULT_SECONDS_PER_MOVE) -> str:
    """``spec`` with a thinking time of ``seconds`` per move, when the agent takes a time
    budget and the spec sets no budget of its own (an explicit ``iterations``, ``nodes``,
    ``depth`` or ``seconds`` wins, so reproducible specs stay as they are)::

        timed_spec("mcts") == "mcts:seconds=2.0"
        timed_spec("mcts:iterations=500") == "mcts:iterations=500"
    """
    import inspect

    if spec == "human":
        return spec
    _load_all()
    name, params = parse_spec(spec)
    cls = AGENTS.get(name)
    if cls is None or any(k in params for k in BUDGET_PARAMS):
        return spec
    if "seconds" not in inspect.signature(cls).parameters:
        return spec
    return f"{name}:" + ",".join([*(f"{k}={v}" for k, v in params.items()),
                                  f"seconds={round(seconds, 3)}"])


def _load_all() -> None:
    import importlib
    import pkgutil

    import ludeme.agents as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name != "base":
            importlib.import_module(f"{pkg.__name__}.{info.name}")
