"""Moves declared per piece against the same rules written at play level.

    python -m benchmarks.bench_pieces                 # about 2 x 8 s of playouts + perft
    python -m benchmarks.bench_pieces --seconds 20 --depth 4

Breakthrough on 8x8 written twice (``tests/engine/data/breakthrough-pieces.lud``: each
pawn carries ``(or {<step forward> <step diagonally>})``, played through ``(forEach
Piece)``; ``breakthrough-play.lud``: the same steps inside ``(play ...)``, from the sites
of the mover's pieces). It checks that both count the same perft, then times perft and
random playouts of both in alternating slices of CPU time (so that load on the machine
hits both alike). The per-piece form must cost at most 1.2 times the play-level form.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from benchmarks.bench_brandubh import measure
from ludeme.api import load
from ludeme.runtime.search import perft, random_playout

DATA = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data"
FORMS = {"per-piece": DATA / "breakthrough-pieces.lud", "play-level": DATA / "breakthrough-play.lud"}
TARGET = 1.2  # the per-piece form may take at most this many times the play-level time


def _playouts(game):
    return lambda rng: random_playout(game.new_initial_state(), rng)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=8.0, help="playout time per form (CPU)")
    ap.add_argument("--depth", type=int, default=4, help="perft depth timed")
    ap.add_argument("--rounds", type=int, default=6, help="alternating perft rounds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games = {k: load(str(p)) for k, p in FORMS.items()}
    counts = {k: perft(g.new_initial_state(), args.depth) for k, g in games.items()}
    if len(set(counts.values())) != 1:
        print(f"the two forms disagree: perft({args.depth}) {counts}", file=sys.stderr)
        return 1
    cpu = dict.fromkeys(games, 0.0)
    for _ in range(args.rounds):
        for k, g in games.items():
            c0 = time.process_time()
            perft(g.new_initial_state(), args.depth)
            cpu[k] += time.process_time() - c0
    runners = {k: _playouts(g) for k, g in games.items()}
    playouts = measure(runners, args.seconds)
    perft_ratio = cpu["per-piece"] / cpu["play-level"]
    playout_ratio = playouts["play-level"]["moves_per_s"] / playouts["per-piece"]["moves_per_s"]
    result = {
        "perft_depth": args.depth, "perft": counts["per-piece"],
        "perft_seconds": {k: v / args.rounds for k, v in cpu.items()},
        "playout_moves_per_s": {k: v["moves_per_s"] for k, v in playouts.items()},
        "time_ratio_perft": perft_ratio, "time_ratio_playouts": playout_ratio,
        "target": TARGET,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"perft({args.depth}) = {counts['per-piece']:,} in both forms")
    print(f"{'form':<12}{'perft s (CPU)':>15}{'playout moves/s':>18}")
    for k in games:
        print(f"{k:<12}{cpu[k] / args.rounds:>15.3f}{playouts[k]['moves_per_s']:>18,.0f}")
    for what, r in (("perft", perft_ratio), ("playouts", playout_ratio)):
        print(f"per-piece time / play-level time ({what}): {r:.2f} (target <= {TARGET})"
              + ("" if r <= TARGET else "  !"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
