"""Brandubh throughput: the compiled description against the hand-written baseline.

    python -m benchmarks.bench_brandubh                 # about 2 x 12 s
    python -m benchmarks.bench_brandubh --seconds 30

Plays uniformly random games of ``descriptions/brandubh.lud`` and of
``benchmarks/baselines/brandubh.py`` in alternating slices (so that load on the
machine hits both alike), and reports moves per second of CPU time used by this
process (steadier than wall-clock time on a shared machine; wall-clock rates are shown
too) and their ratio; then the rates of the tafl variants written with the same
ludemes (no baseline: moves/s only). The target is a ratio of at least 1.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from benchmarks.compare import _baseline_runner
from ludeme.api import load
from ludeme.runtime.search import random_playout


def _runner(name: str, options: list[str] | None = None) -> Callable[[random.Random], int]:
    game = load(name, options or [])
    return lambda rng: random_playout(game.new_initial_state(), rng)


def measure(runners: dict[str, Callable[[random.Random], int]], seconds: float,
            rounds: int = 12, seed: int = 0) -> dict[str, dict]:
    """Alternate the runners in ``rounds`` slices of ``seconds / rounds`` (CPU time)."""
    totals = {k: {"moves": 0, "playouts": 0, "cpu": 0.0, "wall": 0.0} for k in runners}
    rngs = {k: random.Random(seed) for k in runners}
    for _ in range(rounds):
        for key, run in runners.items():
            t = totals[key]
            c0, w0 = time.process_time(), time.perf_counter()
            deadline = c0 + seconds / rounds
            while True:
                t["moves"] += run(rngs[key])
                t["playouts"] += 1
                if time.process_time() >= deadline:
                    break
            t["cpu"] += time.process_time() - c0
            t["wall"] += time.perf_counter() - w0
    for t in totals.values():
        t["moves_per_s"] = t["moves"] / t["cpu"]
        t["wall_moves_per_s"] = t["moves"] / t["wall"]
        t["mean_length"] = t["moves"] / t["playouts"]
    return totals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=12.0, help="CPU seconds per runner")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    m = measure({"ludeme": _runner("brandubh"),
                 "baseline": _baseline_runner("brandubh", {})}, args.seconds, seed=args.seed)
    ours, theirs = m["ludeme"], m["baseline"]
    ratio = ours["moves_per_s"] / theirs["moves_per_s"]
    print(f"{'brandubh':<24}{'moves/s (CPU)':>14}{'moves/s (wall)':>16}{'mean length':>13}")
    for label, r in (("ludeme (compiled)", ours), ("baseline (Python)", theirs)):
        print(f"  {label:<22}{r['moves_per_s']:>14,.0f}{r['wall_moves_per_s']:>16,.0f}"
              f"{r['mean_length']:>13.1f}")
    print(f"  ratio ludeme/baseline: {ratio:.2f} (target >= 1.00)")
    others = {name: _runner(name) for name in ("brandubh-weak-king", "tablut", "hnefatafl")}
    for name, r in measure(others, args.seconds / 3, rounds=3, seed=args.seed).items():
        print(f"  {name:<22}{r['moves_per_s']:>14,.0f}{r['wall_moves_per_s']:>16,.0f}"
              f"{r['mean_length']:>13.1f}")
    return 0 if ratio >= 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
