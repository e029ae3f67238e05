"""Branching Coral / Brain Coral throughput, and what the local connectivity test buys.

    python -m benchmarks.bench_coral                  # 6 s per runner
    python -m benchmarks.bench_coral --seconds 20

Runs, alternating in rounds (so machine load hits all alike), uniformly random
playouts of:

* the compiled description with the local test of ``(is Connected ... to: ...)``;
* the same description compiled with the local test turned off (a flood fill of the
  board for every placement tried);
* the hand-written baseline (``benchmarks/baselines/branching_coral.py``);

for Branching Coral and Brain Coral on the side-6 board, and prints moves/s. Then it
counts, over a few games, how the connectivity condition was answered: locally, by a
flood fill of the position before the placement (once per position), or by a flood
fill of the position after it.
"""

from __future__ import annotations

import argparse
import random

from benchmarks.compare import _baseline_runner, measure
from ludeme.api import _compile, load_description
from ludeme.ludemes.conditions import connected as connectivity
from ludeme.runtime.search import random_playout


def compiled(name: str, options: list[str], fast: bool):
    """Compiled as it is, or (``fast`` False) with no region taken for site-local: then
    a flood fill answers every placement tried."""
    old = connectivity._site_local
    if not fast:
        connectivity._site_local = lambda arg: False
    try:
        return _compile(load_description(name, options))
    finally:
        connectivity._site_local = old


def runner(game):
    return lambda rng: random_playout(game.new_initial_state(), rng)


def answer_counts(name: str, options: list[str], games: int = 20) -> dict:
    connectivity.COUNT_STATS = True
    for k in connectivity.STATS:
        connectivity.STATS[k] = 0
    try:
        g = compiled(name, options, True)
    finally:
        connectivity.COUNT_STATS = False
    rng = random.Random(0)
    moves = sum(random_playout(g.new_initial_state(), rng) for _ in range(games))
    return {"moves": moves, **connectivity.STATS}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="per runner, per game")
    args = ap.parse_args(argv)
    for label, name, params in (("Branching Coral", "branching-coral", {"side": 6}),
                                ("Brain Coral", "brain-coral", {"side": 6, "brain": True})):
        runners = {
            "ludeme, local test": runner(compiled(name, [], True)),
            "ludeme, flood fill only": runner(compiled(name, [], False)),
            "hand-written baseline": _baseline_runner("branching_coral", params),
        }
        m = measure(runners, args.seconds)
        base = m["hand-written baseline"]["moves_per_s"]
        print(f"{label} (side 6), {args.seconds:g} s per runner")
        for key, r in m.items():
            print(f"  {key:<26}{r['moves_per_s']:>9,.0f} moves/s  x{r['moves_per_s'] / base:.2f}"
                  f"   mean length {r['mean_length']:.1f}")
        c = answer_counts(name, [])
        tried = c["fast"] + c["flood"]
        print(f"  connectivity answers over {c['moves']} moves: {c['fast']:,} local "
              f"({c['fast'] - c['walk']:,} by the arc table, {c['walk']:,} by forest walks), "
              f"{c['flood']:,} flood fills of the tried position "
              f"({c['flood'] / max(tried, 1):.1%}), {c['base']:,} flood fills of the "
              f"position before (one per position)")


if __name__ == "__main__":
    main()
