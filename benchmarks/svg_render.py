"""How long an SVG of a position takes: a 19x19 board (Hex 19x19, 150 random moves
played; a Go-sized square board of points and lines) against the 50 ms target.

    python -m benchmarks.svg_render [--repeat 50]
"""

from __future__ import annotations

import argparse
import random
import time

import ludeme
from ludeme.render.svg import render_svg

TARGET_MS = 50.0
CASES = (("hex", ["Board Size/19x19"]), ("branches", []), ("tic-tac-toe", []))


def position(name: str, options: list[str], plies: int, seed: int = 0):
    game = ludeme.load(name, options=options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    for name, options in CASES:
        state = position(name, options, 150)
        render_svg(state)                       # the board's geometry is cached once
        t, c = time.perf_counter(), time.process_time()
        for _ in range(args.repeat):
            render_svg(state)
        ms = (time.perf_counter() - t) / args.repeat * 1000
        cpu = (time.process_time() - c) / args.repeat * 1000  # steadier on a busy machine
        sites = state.game.board.n_sites
        verdict = "ok" if cpu < TARGET_MS else "SLOW"
        print(f"{name:12} {' '.join(options):18} {sites:4} sites  {ms:6.2f} ms wall  "
              f"{cpu:6.2f} ms CPU per SVG  (target < {TARGET_MS:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
