"""How much stronger an agent is than another, game by game, with both seats.

    python -m benchmarks.agent_strength                       # MCTS vs random, every game
    python -m benchmarks.agent_strength --game brandubh --games 20
    python -m benchmarks.agent_strength --iterations 1000 --workers 2 --json
    # the new MCTS against plain UCT (the previous default) at equal time per move
    python -m benchmarks.agent_strength --seconds 0.3 --games 40 \
        --game tests/front/data/gomoku.lud --game brandubh --game branches -o "Board Size/6x6"

Game i of a description is seeded ``--seed + i`` and puts the measured agent (``--agent``,
default ``mcts:iterations=N``) in seat 1 + i mod n (so with two players it plays first
in half the games); the other seats are ``--opponent`` (default random). ``--seconds S``
compares at equal time instead: ``mcts:seconds=S`` against ``uct:seconds=S`` unless
``--agent``/``--opponent`` say otherwise. Games run in parallel worker processes
(``--workers``, default 2). A game is a win for the measured agent when its return is
positive; the table gives the win rate with its Wilson 95% interval. The targets: 90%
for MCTS with 1,000 iterations against random, 70% for MCTS against UCT at equal time.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import sys
import time
from collections import defaultdict

TARGET_VS_RANDOM = 0.90
TARGET_VS_AGENT = 0.70


def _task(args: tuple[str, tuple[str, ...], int, str, str, int, int | None]) -> dict:
    name, options, i, agent, opponent, seed, max_moves = args
    import ludeme
    from ludeme.records import play_game

    game = ludeme.load(name, list(options))
    n = game.num_players
    seat = 1 + i % n
    specs = [opponent] * n
    specs[seat - 1] = agent
    t0 = time.perf_counter()
    rec = play_game(game, specs, seed=seed + i, max_moves=max_moves)
    return {"game": name, "i": i, "seat": seat, "return": rec.returns[seat - 1],
            "moves": len(rec.moves), "seconds": time.perf_counter() - t0, "end": rec.end}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% confidence interval for a rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def _applicable(name: str, options: list[str]) -> tuple[str, ...]:
    """The options a description declares, with an item of that name (an option is
    given once for all games)."""
    import ludeme

    items = {(o.title, it.name) for o in ludeme.load_description(name).options
             for it in o.items}
    return tuple(o for o in options if tuple(o.split("/", 1)) in items)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", default=None,
                    help="a description name (repeatable; default: every bundled game)")
    ap.add_argument("--option", "-o", action="append", default=[],
                    help='an option, e.g. "Board Size/7x7", for the games that declare it '
                         '(repeatable)')
    ap.add_argument("--games", type=int, default=100, help="games per description")
    ap.add_argument("--iterations", type=int, default=1000, help="MCTS iterations per move")
    ap.add_argument("--seconds", type=float, default=None,
                    help="compare at this many seconds per move: mcts against uct")
    ap.add_argument("--agent", default=None, help="the measured agent's spec "
                    "(default mcts:iterations=N, or mcts:seconds=S with --seconds)")
    ap.add_argument("--opponent", default=None, help="the other seats' agent spec "
                    "(default random, or uct:seconds=S with --seconds)")
    ap.add_argument("--max-moves", type=int, default=None,
                    help="stop a game after this many moves (unfinished: not a win)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)

    from ludeme.library import bundled

    names = args.game or sorted(bundled())
    if args.seconds is not None:
        agent = args.agent or f"mcts:seconds={args.seconds}"
        opponent = args.opponent or f"uct:seconds={args.seconds}"
    else:
        agent = args.agent or f"mcts:iterations={args.iterations}"
        opponent = args.opponent or "random"
    target = TARGET_VS_RANDOM if opponent == "random" else TARGET_VS_AGENT
    tasks = [(name, _applicable(name, args.option), i, agent, opponent, args.seed,
              args.max_moves) for name in names for i in range(args.games)]
    results: dict[str, list[dict]] = defaultdict(list)
    start = time.perf_counter()
    done = 0
    ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(max(1, args.workers)) as pool:
        for r in pool.imap_unordered(_task, tasks):
            results[r["game"]].append(r)
            done += 1
            if not args.json and sys.stderr.isatty():
                print(f"\r{done}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)

    rows = []
    for name in names:
        rs = sorted(results[name], key=lambda r: r["i"])
        n = len(rs)
        wins = sum(r["return"] > 0 for r in rs)
        draws = sum(r["return"] == 0 for r in rs)
        by_seat = defaultdict(lambda: [0, 0])
        for r in rs:
            by_seat[r["seat"]][0] += r["return"] > 0
            by_seat[r["seat"]][1] += 1
        lo, hi = wilson(wins, n)
        rows.append({
            "game": name, "games": n, "agent": agent, "opponent": opponent,
            "wins": wins, "draws": draws, "losses": n - wins - draws,
            "win_rate": wins / n if n else 0.0, "ci95": [round(lo, 3), round(hi, 3)],
            "by_seat": {f"P{s}": {"wins": w, "games": g} for s, (w, g) in sorted(by_seat.items())},
            "mean_moves": sum(r["moves"] for r in rs) / max(n, 1),
            "seconds_per_game": sum(r["seconds"] for r in rs) / max(n, 1),
            "meets_target": n > 0 and wins / n >= target,
        })
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({"rows": rows, "seconds": elapsed, "workers": args.workers}, indent=2))
        return 0
    print(f"{agent} vs {opponent}, {args.games} games per description, seats alternating, "
          f"{args.workers} workers" + (f", options {args.option}" if args.option else ""))
    print(f"{'game':<24} {'win rate':>9} {'95% CI':>13} {'W/D/L':>11}  {'by seat':<24} "
          f"{'moves':>6} {'s/game':>7}")
    for r in rows:
        seats = " ".join(f"{s} {v['wins']}/{v['games']}" for s, v in r["by_seat"].items())
        mark = "" if r["meets_target"] else f"  < {target:.0%}"
        print(f"{r['game']:<24} {r['win_rate']:>8.0%} {r['ci95'][0]:>6.2f}-{r['ci95'][1]:<6.2f} "
              f"{r['wins']:>3}/{r['draws']}/{r['losses']:<3}  {seats:<24} {r['mean_moves']:>6.1f} "
              f"{r['seconds_per_game']:>7.2f}{mark}")
    print(f"total {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
