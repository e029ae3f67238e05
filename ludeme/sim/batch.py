"""Running a batch: choose or resume it in the store, play the missing games on a backend,
store each game as it finishes."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludeme.agents.base import make_agent
from ludeme.errors import UsageError
from ludeme.records import description_ref
from ludeme.sim.backends import run_games
from ludeme.sim.runner import BatchSpec, Runner
from ludeme.sim.store import Batch, Store


def split_agents(text: str) -> list[str]:
    """``"random,mcts:iterations=200,c=1.4"`` -> ``["random", "mcts:iterations=200,c=1.4"]``.

    Commas separate seats and also an agent's parameters: a piece that is ``key=value``
    (no ``name:`` before the ``=``) continues the previous agent. ``;`` always separates.
    """
    out: list[str] = []
    for group in text.split(";"):
        for piece in (p.strip() for p in group.split(",")):
            if not piece:
                continue
            key = piece.split("=", 1)[0]
            if "=" in piece and ":" not in key and out and ":" in out[-1]:
                out[-1] += "," + piece
            else:
                out.append(piece)
    if not out:
        raise UsageError("no agents given", hint='e.g. --agents random or --agents "random,mcts"')
    return out


def seat_agents(specs: Sequence[str], players: int) -> list[str]:
    """One canonical spec per seat (one spec means every seat); validates each spec."""
    if len(specs) == 1:
        specs = list(specs) * players
    if len(specs) != players:
        raise UsageError(f"{len(specs)} agents for a {players}-player game",
                         hint="give one agent for every seat, or one for all")
    return [make_agent(s, 0).spec for s in specs]


@dataclass
class Plan:
    """A batch ready to run: its stored row, the spec workers get, the games still to play."""

    batch: Batch
    spec: BatchSpec
    todo: list[int]
    runner: Runner
    resumed: bool


def plan_batch(store: Store, game_ref: str, n: int, agents: Sequence[str],
               options: Sequence[str] = (), ruleset: str | None = None,
               seed: int | None = None, resume: bool = False, max_moves: int | None = None,
               label: str | None = None) -> Plan:
    """Load the game, then find the batch to resume or make a new one."""
    if n < 1:
        raise UsageError("-n must be at least 1")
    from ludeme.api import load

    game = load(game_ref, list(options), ruleset)
    ref, _ = description_ref(game)
    specs = seat_agents(agents, game.num_players)
    chosen = [f"{t}/{i}" for t, i in game.options.items()]
    probe = BatchSpec(ref, tuple(options), ruleset, tuple(specs), seed or 0, max_moves)
    runner = Runner(probe)
    batch = None
    resumed = False
    if resume:
        found = store.find_resumable(ref=ref, chosen=chosen, ruleset=ruleset, agents=specs,
                                     seed=seed, max_moves=max_moves, label=label)
        if found:
            batch = found[0]
            resumed = True
            if batch.desc_hash != runner.hash:
                raise UsageError(
                    f"batch {batch.id} was played with a different version of {game.name} "
                    f"(its rules changed since)",
                    hint="resuming would mix two rule sets; run a new batch without --resume")
            if n > batch.n:
                store.set_n(batch.id, n)
                batch.n = n
    if batch is None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        first = game.new_initial_state().mover
        batch = store.new_batch(game=game.name, ref=ref, options=list(options), chosen=chosen,
                                ruleset=ruleset, agents=specs, seed=seed, n=n,
                                desc_hash=runner.hash, players=game.num_players,
                                first_mover=first, max_moves=max_moves, label=label)
    spec = BatchSpec(ref, tuple(batch.options), ruleset, tuple(specs), batch.seed, max_moves)
    runner.spec = spec
    done = store.done_indices(batch.id)
    todo = [i for i in range(batch.n) if i not in done]
    return Plan(batch, spec, todo, runner, resumed)


def run_plan(store: Store, plan: Plan, backend: str = "local", workers: int | None = None,
             address: str | None = None,
             on_game: Callable[[dict], None] | None = None) -> int:
    """Play the plan's missing games, storing each as it finishes; returns how many were
    played. ``on_game`` is called after each game is stored (progress bars, and tests
    that stop a run part-way by raising from it)."""
    played = 0
    rows = run_games(plan.spec, plan.todo, backend, workers, address, runner=plan.runner)
    try:
        for row in rows:
            if row["desc_hash"] != plan.batch.desc_hash:
                raise UsageError("a worker loaded a different version of the game "
                                 f"({row['desc_hash']} instead of {plan.batch.desc_hash})",
                                 hint="every worker must see the same description files")
            store.add_game(plan.batch.id, row)
            played += 1
            if on_game is not None:
                on_game(row)
    finally:
        rows.close()  # stops worker pools and Ray actors on any early exit
    return played
