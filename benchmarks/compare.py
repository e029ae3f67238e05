"""Random-playout throughput of ludeme against reference implementations, in one run.

    python -m benchmarks.compare                 # every registered comparison
    python -m benchmarks.compare hex brandubh    # some of them
    python -m benchmarks.compare 'coral-*' --seconds 10 --json
    python -m benchmarks.compare --list          # what each one passes to both sides
    python -m benchmarks.compare --check         # each pair plays the same rules

The seed games are compared on every option set issue 19 names: Branches on 6x6, 8x8
and 10x10 with branches of 2, 3 and 4 edges (``branches-<size>-<edges>``, the classic
8x8/3 is ``branches``), Brandubh, Twigs and Thorns for 2 to 6 players and the 3-player
alternative (``twigs-<n>p``, ``twigs-3p-alt``), Branching and Brain Coral on hexagons
of side 4, 6 and 9 and on the 9x9 square (``coral-<side>``, ``coral-square-9``,
``brain-...``). ``--seconds 2`` runs all of them in about three minutes of CPU time.

Each comparison plays uniformly random games with ludeme's compiled description and
with a reference (OpenSpiel's C++ games through pyspiel, or the straightforward
hand-written Python games in ``benchmarks/baselines``), alternating the two in
rounds so that load on the machine affects both alike, and prints moves/s for both
and ludeme's ratio. Targets (from the project's issues) are printed beside them.
Time is this process's CPU time (``--wall`` for the wall clock).
"""

from __future__ import annotations

import argparse
import fnmatch
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


def _seed_comparisons() -> list[Comparison]:
    """Every option set of the seed games that issue 19 names, each against the
    hand-written baseline with the same parameters."""
    out = []
    sizes = {6: "6x6", 8: "8x8", 10: "10x10"}
    for size, item in sizes.items():
        for length in (2, 3, 4):
            name = "branches" if (size, length) == (8, 3) else f"branches-{size}-{length}"
            out.append(Comparison(name, "branches",
                                  [f"Board Size/{item}", f"Branch Length/{length} edges"],
                                  "baseline:branches", {"size": size, "length": length}))
    out.append(Comparison("brandubh", "brandubh", [], "baseline:brandubh", {}))
    for players in range(2, 7):
        out.append(Comparison(f"twigs-{players}p", "twigs-and-thorns", [f"Players/{players}"],
                              "baseline:twigs_and_thorns", {"players": players}))
    out.append(Comparison("twigs-3p-alt", "twigs-and-thorns", ["Players/3 Alternative"],
                          "baseline:twigs_and_thorns", {"players": 3, "alt3": True}))
    for game, brain in (("branching-coral", False), ("brain-coral", True)):
        short = "coral" if not brain else "brain"
        for side in (4, 6, 9):
            out.append(Comparison(f"{short}-{side}", game, [f"Board/Hexagon {side}"],
                                  "baseline:branching_coral", {"side": side, "brain": brain}))
        out.append(Comparison(f"{short}-square-9", game, ["Board/Square 9"],
                              "baseline:branching_coral",
                              {"side": 9, "brain": brain, "shape": "square"}))
    return out


COMPARISONS: list[Comparison] = [
    Comparison("hex", "hex", [], "openspiel:hex(board_size=11)", target=0.25),
    Comparison("connect-four", "connect-four", [], "openspiel:connect_four", target=0.25),
    Comparison("tic-tac-toe", "tic-tac-toe", [], "openspiel:tic_tac_toe", target=0.25),
    *_seed_comparisons(),
]

#: names earlier sessions used for some of the comparisons above
ALIASES = {"branches-young": "branches-6-2", "branches-club": "branches-10-4",
           "branching-coral": "coral-6", "brain-coral": "brain-6"}


def select(names: list[str]) -> list[Comparison]:
    """The comparisons named (shell patterns such as ``'coral-*'`` or aliases), in
    registration order; all of them when ``names`` is empty."""
    if not names:
        return list(COMPARISONS)
    wanted = [ALIASES.get(n, n) for n in names]
    chosen = [c for c in COMPARISONS if any(fnmatch.fnmatchcase(c.name, w) for w in wanted)]
    unknown = [n for n, w in zip(names, wanted, strict=True)
               if not any(fnmatch.fnmatchcase(c.name, w) for c in COMPARISONS)]
    if unknown:
        raise SystemExit(f"unknown comparison {unknown[0]!r}; known: "
                         + ", ".join(c.name for c in COMPARISONS))
    return chosen


def check_pair(cmp: Comparison, plies: int = 60, seed: int = 0, depth: int = 2) -> list[str]:
    """Whether ludeme and a baseline play the same rules: perft at ``depth`` from the
    start, then the legal moves (by notation, which both sides share) at every ply of
    a seeded random game, up to ``plies`` plies. Returns the differences found."""
    from benchmarks.baselines.common import perft as baseline_perft
    from ludeme.runtime.search import perft

    kind, _, module = cmp.reference.partition(":")
    if kind != "baseline":
        return []
    mod = importlib.import_module(f"benchmarks.baselines.{module}")
    game = ludeme.load(cmp.game, cmp.options)
    ours, theirs = game.new_initial_state(), mod.new_state(**cmp.reference_params)
    problems = []
    a, b = perft(ours, depth), baseline_perft(theirs, depth)
    if a != b:
        problems.append(f"{cmp.name}: perft {depth} is {a:,} in ludeme, {b:,} in the baseline")
    rng = random.Random(seed)
    for ply in range(plies):
        mine = {ours.move_to_string(m): m for m in ours.legal_moves()}
        base = {mod.move_to_str(theirs, m): m for m in theirs.legal_moves()}
        if set(mine) != set(base):
            extra, missing = sorted(set(mine) - set(base)), sorted(set(base) - set(mine))
            problems.append(f"{cmp.name}: ply {ply} (seed {seed}): ludeme has {extra[:5]} "
                            f"more, {missing[:5]} fewer")
            break
        if not mine or ours.is_terminal() != theirs.is_terminal():
            if ours.is_terminal() != theirs.is_terminal():
                problems.append(f"{cmp.name}: ply {ply}: the game ends on one side only")
            break
        text = sorted(mine)[rng.randrange(len(mine))]
        ours.apply(mine[text])
        theirs.apply(base[text])
    return problems


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
    does not inflate the way it inflates wall-clock time. Each runner first plays one
    playout untimed (a warm-up)."""
    totals = {k: {"moves": 0, "playouts": 0, "seconds": 0.0} for k in runners}
    # one untimed playout each first: what either side makes on first use (tables,
    # generated code) is not counted against its steady rate
    for run in runners.values():
        run(random.Random(seed + 1))
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
    ap.add_argument("names", nargs="*",
                    help="comparisons to run, shell patterns allowed (default: all)")
    ap.add_argument("--seconds", type=float, default=6.0, help="per side, per comparison")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--wall", action="store_true",
                    help="time by the wall clock instead of this process's CPU time")
    ap.add_argument("--list", action="store_true", help="list the comparisons and stop")
    ap.add_argument("--check", action="store_true",
                    help="instead of timing, check that each pair plays the same rules "
                         "(perft 2 and the legal moves along a seeded random game)")
    args = ap.parse_args(argv)
    chosen = select(args.names)
    if args.list:
        for c in chosen:
            print(f"{c.name:<18}{c.game} {' '.join(c.options)}  vs {c.reference} "
                  f"{c.reference_params or ''}")
        return 0
    if args.check:
        problems = [p for c in chosen for p in check_pair(c)]
        print("\n".join(problems) or f"{len(chosen)} pairs play the same rules")
        return 1 if problems else 0
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
