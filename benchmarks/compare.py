"""Random-playout throughput of ludeme against reference implementations, in one run.

    python -m benchmarks.compare                 # every registered comparison
    python -m benchmarks.compare hex brandubh    # some of them
    python -m benchmarks.compare --seconds 10 --json

Each comparison plays uniformly random games with ludeme's compiled description and
with a reference (OpenSpiel's C++ games through pyspiel, or the straightforward
hand-written Python games in ``benchmarks/baselines``), alternating the two in
rounds so that load on the machine affects both alike, and prints moves/s for both
and ludeme's ratio. Targets (from the project's issues) are printed beside them.
Time is this process's CPU time (``--wall`` for the wall clock).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import ludeme
from ludeme.runtime.search import random_playout


@dataclass
class Comparison:
    name: str
    game: str                               # ludeme description
    options: list[str] = field(default_factory=list)
    reference: str = ""                     # "openspiel:<game>" or "baseline:<module>"
    reference_params: dict = field(default_factory=dict)
    target: float = 2.0                     # ludeme moves/s must be >= target x reference


COMPARISONS: list[Comparison] = [
    Comparison("hex", "hex", [], "openspiel:hex(board_size=11)", target=0.25),
    Comparison("connect-four", "connect-four", [], "openspiel:connect_four", target=0.25),
    Comparison("branches", "branches", [], "baseline:branches", {"size": 8, "length": 3}),
    Comparison("branches-young", "branches-young", [], "baseline:branches",
               {"size": 6, "length": 2}),
    Comparison("branches-club", "branches-club", [], "baseline:branches",
               {"size": 10, "length": 4}),
    Comparison("brandubh", "brandubh", [], "baseline:brandubh", {}),
    Comparison("twigs-2p", "twigs-and-thorns", [], "baseline:twigs_and_thorns",
               {"players": 2}),
    Comparison("twigs-4p", "twigs-and-thorns", ["Players/4"], "baseline:twigs_and_thorns",
               {"players": 4}),
    Comparison("branching-coral", "branching-coral", [], "baseline:branching_coral",
               {"side": 6}),
    Comparison("brain-coral", "brain-coral", [], "baseline:branching_coral",
               {"side": 6, "brain": True}),
]


def _ludeme_runner(cmp: Comparison) -> Callable[[random.Random], int]:
    game = ludeme.load(cmp.game, cmp.options)
    return lambda rng: random_playout(game.new_initial_state(), rng)


def _openspiel_runner(name: str) -> Callable[[random.Random], int]:
    import pyspiel

    game = pyspiel.load_game(name)

    def run(rng: random.Random) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            n += 1
        return n

    return run


def _baseline_runner(module: str, params: dict) -> Callable[[random.Random], int]:
    mod = importlib.import_module(f"benchmarks.baselines.{module}")

    def run(rng: random.Random) -> int:
        state = mod.new_state(**params)
        n = 0
        while not state.is_terminal():
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            n += 1
        return n

    return run


def reference_runner(cmp: Comparison) -> Callable[[random.Random], int]:
    kind, _, what = cmp.reference.partition(":")
    if kind == "openspiel":
        return _openspiel_runner(what)
    return _baseline_runner(what, cmp.reference_params)


def measure(runners: dict[str, Callable[[random.Random], int]], seconds: float,
            rounds: int = 6, seed: int = 0,
            clock: Callable[[], float] = time.process_time) -> dict[str, dict]:
    """Alternate the runners in ``rounds`` slices of ``seconds / rounds`` each, timed by
    ``clock``: by default this process's CPU time, which other work on a loaded machine
    does not inflate the way it inflates wall-clock time."""
    totals = {k: {"moves": 0, "playouts": 0, "seconds": 0.0} for k in runners}
    rngs = {k: random.Random(seed) for k in runners}
    for _ in range(rounds):
        for key, run in runners.items():
            t0 = clock()
            deadline = t0 + seconds / rounds
            while True:
                totals[key]["moves"] += run(rngs[key])
                totals[key]["playouts"] += 1
                if clock() >= deadline:
                    break
            totals[key]["seconds"] += clock() - t0
    for t in totals.values():
        t["moves_per_s"] = t["moves"] / t["seconds"]
        t["playouts_per_s"] = t["playouts"] / t["seconds"]
        t["mean_length"] = t["moves"] / t["playouts"]
    return totals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="comparisons to run (default: all)")
    ap.add_argument("--seconds", type=float, default=6.0, help="per side, per comparison")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--wall", action="store_true",
                    help="time by the wall clock instead of this process's CPU time")
    args = ap.parse_args(argv)
    chosen = [c for c in COMPARISONS if not args.names or c.name in args.names]
    results = []
    for cmp in chosen:
        try:
            runners = {"ludeme": _ludeme_runner(cmp), "reference": reference_runner(cmp)}
        except (ImportError, ludeme.LudemeError) as err:
            results.append({"name": cmp.name, "skipped": str(err).splitlines()[0]})
            continue
        m = measure(runners, args.seconds,
                    clock=time.perf_counter if args.wall else time.process_time)
        ratio = m["ludeme"]["moves_per_s"] / m["reference"]["moves_per_s"]
        results.append({"name": cmp.name, "reference": cmp.reference, "ludeme": m["ludeme"],
                        "reference_result": m["reference"], "ratio": ratio,
                        "target": cmp.target, "meets_target": ratio >= cmp.target})
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{'comparison':<18}{'ludeme moves/s':>16}{'reference moves/s':>19}{'ratio':>8}"
          f"{'target':>8}  reference")
    for r in results:
        if "skipped" in r:
            print(f"{r['name']:<18}  skipped: {r['skipped']}")
            continue
        print(f"{r['name']:<18}{r['ludeme']['moves_per_s']:>16,.0f}"
              f"{r['reference_result']['moves_per_s']:>19,.0f}{r['ratio']:>8.2f}"
              f"{r['target']:>7.2f}{'' if r['meets_target'] else '!'}  {r['reference']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
