"""What every worker does: load the game once, then play game i of a batch on request.

A batch is fully described by a ``BatchSpec``; game i is seeded with
``game_seed(batch seed, i)``, and every agent from that game seed and its seat (as
``play_game`` does), so a game's moves depend only on the spec and its index — never on
which worker, process or machine played it.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ludeme.agents.base import Agent, make_agent
from ludeme.errors import UsageError
from ludeme.records import DEFAULT_MAX_MOVES, agent_seed, derive_seed, play_game

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.state import State


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch seeded ``batch_seed`` (a SHA-256 derivation,
    stable across runs and machines)."""
    return derive_seed(batch_seed, "game", index)


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker needs to play any game of a batch (picklable, JSON-able).

    ``game`` is a loadable reference (bundled name or absolute path); ``options`` the
    explicit option choices; ``agents`` one spec per seat.
    """

    game: str
    options: tuple[str, ...]
    ruleset: str | None
    agents: tuple[str, ...]
    seed: int
    max_moves: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def description_hash(game: Game) -> str:
    """A hash of the expanded game (after options, defines and variants): changes when
    the rules the batch plays change, whichever file they came from. AST reprs leave
    source spans out, so editing comments or layout does not change it."""
    desc = getattr(game, "description", None)
    text = repr(desc.game) if desc is not None else game.name
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class _Counting(Agent):
    """Wraps an agent to record how many legal moves it chose from (the branching factor
    at each decision). Shares the inner agent's seed and RNG, so reseeding before each
    decision (``agent_move``) reaches the inner agent unchanged."""

    def __init__(self, inner: Agent, counts: list[int]):
        self.inner = inner
        self.counts = counts
        self.seed = inner.seed
        self.rng = inner.rng
        self.params = inner.params
        self.name = inner.name

    @property
    def spec(self) -> str:
        return self.inner.spec

    def choose(self, state: State):
        self.counts.append(len(state.legal_moves()))
        return self.inner.choose(state)

    def evaluate(self, state: State) -> float | None:
        return self.inner.evaluate(state)


class Runner:
    """Loads the game once; ``play(i)`` plays game i and returns its result row."""

    def __init__(self, spec: BatchSpec):
        from ludeme.api import load

        self.spec = spec
        self.game = load(spec.game, list(spec.options), spec.ruleset)
        if len(spec.agents) != self.game.num_players:
            raise UsageError(f"{self.game.name} has {self.game.num_players} players but "
                             f"{len(spec.agents)} agents were given")
        self.hash = description_hash(self.game)

    def play(self, index: int) -> dict[str, Any]:
        spec = self.spec
        seed = game_seed(spec.seed, index)
        counts: list[int] = []
        seats = [_Counting(make_agent(a, agent_seed(seed, i)), counts)
                 for i, a in enumerate(spec.agents, start=1)]
        t0 = time.perf_counter()
        # a batch stored without a cap still stops a game that never ends
        cap = spec.max_moves if spec.max_moves is not None else DEFAULT_MAX_MOVES
        rec = play_game(self.game, seats, seed, max_moves=cap)
        seconds = time.perf_counter() - t0
        return {
            "idx": index, "seed": seed, "agents": list(rec.agents),
            "options": list(rec.options), "desc_hash": self.hash,
            "returns": list(rec.returns), "winners": rec.winners, "end": rec.end,
            "length": len(rec.moves), "seconds": seconds, "moves": list(rec.moves),
            "branching_sum": sum(counts), "branching_max": max(counts, default=0),
            "decisions": len(counts),
        }

    def play_many(self, indices: Sequence[int]) -> list[dict[str, Any]]:
        return [self.play(i) for i in indices]


# -- the per-process worker (local process pools) ---------------------------------------
_RUNNER: Runner | None = None


def init_worker(spec: BatchSpec) -> None:
    """Process pool initializer: load the game once per worker process."""
    global _RUNNER
    _RUNNER = Runner(spec)


def run_chunk(indices: Sequence[int]) -> list[dict[str, Any]]:
    assert _RUNNER is not None, "init_worker was not called"
    return _RUNNER.play_many(indices)
