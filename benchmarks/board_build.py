"""Time to build a board (graph, numbering, measurements, steps) from its shape.

    python -m benchmarks.board_build [--size 19] [--repeat 9] [--json]

Prints the median CPU time (process time, so that other work on the machine counts
less) of building a square board of cells, a square board of points (Go's ``(board
(square 19) use:Vertex)``), a square board of points with its lines, and a hex
rhombus, each ``--size`` wide, as the ``(board ...)`` ludeme builds them: this is what
every game pays. A board builds the lines a piece slides along (``Board.ray``) on first
use, which only some games make; the second column adds them. The goal for a 19x19
board of cells is under 50 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from ludeme.board import Board
from ludeme.board.shapes import hex_shape, rectangle

GOAL_MS = 50.0


def build_ms(make, repeat: int, rays: bool = False) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        board = make()
        if rays:
            board.ray   # noqa: B018 - built on first use
        times.append((time.process_time() - t) * 1000.0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    n = args.size
    cases = {
        f"square {n} cells": lambda: Board(rectangle(n, n, counts="Site"), ["Cell"]),
        f"square {n} points": lambda: Board(rectangle(n, n, counts="Site"), ["Vertex"]),
        f"square {n} points and lines": lambda: Board(rectangle(n, n, counts="Site"),
                                                      ["Vertex", "Edge"]),
        f"hex Diamond {n}": lambda: Board(hex_shape(n, "Diamond"), ["Cell"]),
    }
    result = {name: round(build_ms(make, args.repeat), 1) for name, make in cases.items()}
    with_rays = {name: round(build_ms(make, args.repeat, rays=True), 1)
                 for name, make in cases.items()}
    if args.json:
        print(json.dumps({"median_ms": result, "with_rays_median_ms": with_rays,
                          "goal_ms": GOAL_MS}))
        return 0
    print(f"{'board':<32} {'built':>10} {'with rays':>10}")
    for name, ms in result.items():
        print(f"{name:<32} {ms:7.1f} ms {with_rays[name]:7.1f} ms")
    print(f"goal: square {n} cells under {GOAL_MS:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
