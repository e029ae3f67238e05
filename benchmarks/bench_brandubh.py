"""Brandubh throughput: the compiled description against the hand-written baseline.

    python -m benchmarks.bench_brandubh                 # 6 s per runner
    python -m benchmarks.bench_brandubh --seconds 20

Runs uniformly random playouts of ``descriptions/brandubh.lud`` and of
``benchmarks/baselines/brandubh.py``, alternating in rounds (so machine load hits both
alike, see ``benchmarks.compare``), and prints moves/s for each and their ratio; then
the same for the tafl variants written with the same ludemes (no baseline: moves/s
only). The target is a ratio of at least 1.
"""

from __future__ import annotations

import argparse

from benchmarks.compare import _baseline_runner, measure
from ludeme.api import load
from ludeme.runtime.search import random_playout


def _runner(name: str, options: list[str] | None = None):
    game = load(name, options or [])
    return lambda rng: random_playout(game.new_initial_state(), rng)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="per runner")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    m = measure({"ludeme": _runner("brandubh"),
                 "baseline": _baseline_runner("brandubh", {})}, 2 * args.seconds,
                seed=args.seed)
    ours, theirs = m["ludeme"], m["baseline"]
    ratio = ours["moves_per_s"] / theirs["moves_per_s"]
    print(f"{'brandubh':<22}{'moves/s':>10}{'playouts/s':>12}{'mean length':>13}")
    for label, r in (("ludeme (compiled)", ours), ("baseline (Python)", theirs)):
        print(f"  {label:<20}{r['moves_per_s']:>10,.0f}{r['playouts_per_s']:>12,.1f}"
              f"{r['mean_length']:>13.1f}")
    print(f"  ratio ludeme/baseline: {ratio:.2f} (target >= 1.00)")
    others = {name: _runner(name) for name in ("brandubh-weak-king", "tablut", "hnefatafl")}
    m = measure(others, args.seconds * len(others), rounds=3, seed=args.seed)
    for name, r in m.items():
        print(f"  {name:<20}{r['moves_per_s']:>10,.0f}{r['playouts_per_s']:>12,.1f}"
              f"{r['mean_length']:>13.1f}")
    return 0 if ratio >= 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
