"""Shared interface and helpers for the hand-written baseline games.

Every game module provides ``new_state(**params) -> State`` and
``move_to_str(state, move) -> str``.  A ``State`` offers:

* ``current_player`` -- 0-based index of the player to move;
* ``legal_moves()`` -- list of hashable moves (empty when terminal);
* ``apply(move)`` -- play a move in place;
* ``clone()`` -- an independent copy;
* ``is_terminal()``;
* ``returns()`` -- one float per player (+1 win, -1 loss, 0 draw; shared
  wins give +1 to every winner).

Run ``python -m benchmarks.baselines.common`` from the repository root to print
perft tables and throughput figures for all four games.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Hashable
from typing import Protocol


class GameState(Protocol):
    current_player: int

    def legal_moves(self) -> list[Hashable]: ...

    def apply(self, move: Hashable) -> None: ...

    def clone(self) -> GameState: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...


def random_playout(state: GameState, rng: random.Random) -> tuple[int, list[float]]:
    """Play uniformly random moves on a copy of ``state`` until the game ends."""
    state = state.clone()
    n_moves = 0
    while not state.is_terminal():
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        n_moves += 1
    return n_moves, state.returns()


def perft(state: GameState, depth: int) -> int:
    """Number of legal move sequences of exactly ``depth`` plies from ``state``.

    A terminal position reached before ``depth`` contributes nothing (it has
    no legal moves), as in chess perft.
    """
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.clone()
        child.apply(move)
        total += perft(child, depth - 1)
    return total


def divide(state: GameState, depth: int, move_to_str: Callable | None = None) -> dict:
    """Perft split by first move (handy when comparing against another engine)."""
    out = {}
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        key = move_to_str(state, move) if move_to_str else move
        out[key] = perft(child, depth - 1)
    return out


def bench(new_state_fn: Callable[[], GameState], seconds: float, seed: int = 0) -> dict:
    """Random playouts for about ``seconds`` seconds; returns throughput figures."""
    rng = random.Random(seed)
    playouts = 0
    moves = 0
    start = time.perf_counter()
    elapsed = 0.0
    while playouts == 0 or elapsed < seconds:
        n, _ = random_playout(new_state_fn(), rng)
        playouts += 1
        moves += n
        elapsed = time.perf_counter() - start
    return {
        "playouts_per_s": playouts / elapsed,
        "moves_per_s": moves / elapsed,
        "mean_length": moves / playouts,
        "playouts": playouts,
        "seconds": elapsed,
    }


# --------------------------------------------------------------------------
# Command-line report
# --------------------------------------------------------------------------


def _perft_rows(label: str, state: GameState, depths) -> None:
    for d in depths:
        t = time.perf_counter()
        n = perft(state, d)
        print(f"  {label:<40} depth {d}: {n:>14,}   ({time.perf_counter() - t:.2f}s)")


def main(argv=None) -> None:
    from . import branches, branching_coral, brandubh, twigs_and_thorns

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="bench time per game")
    parser.add_argument("--no-perft", action="store_true")
    parser.add_argument("--no-bench", action="store_true")
    args = parser.parse_args(argv)

    if not args.no_perft:
        print("perft")
        _perft_rows("brandubh", brandubh.new_state(), [1, 2, 3])
        _perft_rows("branches 6x6 (origin phase)", branches.new_state(size=6), [1, 2, 3, 4])
        s = branches.new_state(size=6)
        for name in ("c3", "d4", "e5", "f6"):
            s.apply(branches.parse_move(s, name))
        _perft_rows("branches 6x6 after c3 d4 e5 f6", s, [1, 2])
        _perft_rows("twigs 2 players", twigs_and_thorns.new_state(players=2), [1, 2, 3])
        _perft_rows("twigs 4 players", twigs_and_thorns.new_state(players=4), [1, 2])
        _perft_rows("branching coral side 6", branching_coral.new_state(side=6), [1, 2])
        _perft_rows("branching coral side 4", branching_coral.new_state(side=4), [1, 2, 3])
    if not args.no_bench:
        print(f"bench ({args.seconds:g}s each, random playouts)")
        games = [
            ("branches 8x8", lambda: branches.new_state()),
            ("brandubh", lambda: brandubh.new_state()),
            ("twigs 2p", lambda: twigs_and_thorns.new_state(players=2)),
            ("twigs 4p", lambda: twigs_and_thorns.new_state(players=4)),
            ("branching coral side 6", lambda: branching_coral.new_state()),
            ("brain coral side 6", lambda: branching_coral.new_state(brain=True)),
        ]
        for label, fn in games:
            r = bench(fn, args.seconds)
            print(
                f"  {label:<24} {r['moves_per_s']:>10,.0f} moves/s  "
                f"{r['playouts_per_s']:>8,.1f} playouts/s  mean length {r['mean_length']:.1f}"
            )


if __name__ == "__main__":
    main()
