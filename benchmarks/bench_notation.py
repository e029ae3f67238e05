"""The cost of writing and reading a move: ``move_to_string`` and ``parse_move`` per call.

    python -m benchmarks.bench_notation
    python -m benchmarks.bench_notation --positions 20 --json

For each game (Brandubh, whose moves name the pieces they capture, ``e7-c7xb7xc6``; and
an Amazons-like game of queens on 10x10 with a hundred moves or more per position and
an end rule that asks for the next player's moves), it plays a random game from a fixed
seed, and in each of ``--positions`` positions along it writes every legal move and
reads every text back, timing both (CPU time). Writing a move should cost about the
length of its text, whatever the number of legal moves; reading one, a pass over the
legal moves.

Only the public API is used, so the script runs against any version of the package.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import ludeme

GAMES = {
    "brandubh": "brandubh",
    "queens-10x10": str(Path(__file__).resolve().parent.parent / "tests" / "engine" / "data"
                        / "amazons-like.lud"),
}


def measure(game_ref: str, positions: int, seed: int) -> dict:
    game = ludeme.load(game_ref)
    rng = random.Random(seed)
    state = game.new_initial_state()
    write = read = 0.0
    writes = reads = 0
    moves_seen = 0
    for _ in range(positions):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        moves_seen += len(legal)
        c0 = time.process_time()
        texts = [state.move_to_string(m) for m in legal]
        write += time.process_time() - c0
        writes += len(legal)
        c0 = time.process_time()
        for t in texts:
            state.parse_move(t)
        read += time.process_time() - c0
        reads += len(texts)
        state.apply(legal[rng.randrange(len(legal))])
    return {"positions": positions, "mean_legal_moves": moves_seen / max(positions, 1),
            "write_us_per_call": write / writes * 1e6, "read_us_per_call": read / reads * 1e6}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=10, help="positions per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    results = {name: measure(ref, args.positions, args.seed) for name, ref in GAMES.items()}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{'game':<14}{'legal moves':>12}{'write us/call':>15}{'read us/call':>14}")
    for name, r in results.items():
        print(f"{name:<14}{r['mean_legal_moves']:>12.0f}{r['write_us_per_call']:>15.1f}"
              f"{r['read_us_per_call']:>14.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
