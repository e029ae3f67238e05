"""What the OpenSpiel and PettingZoo adapters cost: random playouts through each, against
ludeme's own API, on any descriptions.

    python -m benchmarks.bench_interop                      # the default games, ~2 min
    python -m benchmarks.bench_interop hex -o "Board Size/7x7" --seconds 6
    python -m benchmarks.bench_interop path/to/Game.lud --check

Each runner plays uniformly random games through one API: ludeme's
(``legal_moves``/``apply``), OpenSpiel's (``legal_actions``/``apply_action``/
``is_terminal`` on ``ludeme.interop.openspiel.load``) and PettingZoo's (``agent_iter``/
``last``/``step`` with the action mask, every observation built), both on
``ludeme.interop.pettingzoo.env`` (with PettingZoo's usual wrappers) and on the bare
``raw_env``. They alternate in short slices of CPU time (see
``bench_brandubh.measure``), so load on the machine hits them alike. The ratio is an
adapter's moves per CPU second over ludeme's; the target is at least 0.7 (the adapters
cost at most 30% of the throughput).

``--breakdown`` adds three runners that say where an adapter's time goes (not ways to
use the adapters): ``ludeme_api``, the same playouts through ludeme's public API
(``is_terminal``/``legal_moves``/``apply``; ``random_playout`` reads the engine's
fields directly); ``numbered``, that loop also reading each position's legal actions as
an adapter must (the moves' numbers, sorted, and the chosen action's move looked up);
``openspiel_no_bridge``, OpenSpiel's loop calling the state's Python ``_apply_action``
directly instead of pyspiel's ``apply_action`` (which reaches it from C++ through
pybind11, with ``current_player`` on the way): the difference is what the bridge costs.

``--floor`` adds a do-nothing game (``benchmarks.interop_floor``) played through each
adapter's loop: what OpenSpiel's and PettingZoo's own machinery (and the loop) cost a
move. It gives each adapter's ceiling, the ratio it would have if it added nothing to
ludeme's move but that cost: where a ceiling is below the target, the library alone
keeps the adapter below it on that game.

``--check`` runs the consistency checks instead, for descriptions that are not bundled
(Ludii's library games, once ludeme runs them): OpenSpiel's ``random_sim_test`` (with
serialization) and PettingZoo's ``api_test``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable

from benchmarks.bench_brandubh import measure
from ludeme.api import load
from ludeme.runtime.search import random_playout

DEFAULT_GAMES = ["tic-tac-toe", "connect-four", "hex", "brandubh", "branches", "twigs-and-thorns"]
TARGET = 0.7


def ludeme_runner(game: str, options: list[str]) -> Callable[[random.Random], int]:
    g = load(game, options)
    return lambda rng: random_playout(g.new_initial_state(), rng)


def openspiel_runner(game: str, options: list[str], bridge: bool = True
                     ) -> Callable[[random.Random], int]:
    """Random playouts through ``ludeme.interop.openspiel``; ``bridge=False`` calls the
    state's ``_apply_action`` from Python: not a way to use the adapter (pyspiel's
    history is not kept), only to measure the bridge's cost (``--breakdown``)."""
    from ludeme.interop import openspiel

    return openspiel_loop(openspiel.load(game, options), bridge)


def openspiel_loop(g, bridge: bool = True) -> Callable[[random.Random], int]:
    """Random playouts of the ``pyspiel.Game`` ``g`` (see ``openspiel_runner``)."""

    def run(rng: random.Random) -> int:
        s = g.new_initial_state()
        apply = s.apply_action if bridge else s._apply_action
        n = 0
        randrange = rng.randrange
        while not s.is_terminal():
            actions = s.legal_actions()
            apply(actions[randrange(len(actions))])
            n += 1
        return n

    return run


def ludeme_api_runner(game: str, options: list[str], numbered: bool = False
                      ) -> Callable[[random.Random], int]:
    """Random playouts through ludeme's public API; ``numbered``: also reading the legal
    actions as the adapters do (see ``--breakdown``)."""
    g = load(game, options)
    if numbered:
        from ludeme.interop import action_space

        action_space(g)  # numbers the moves (Move.index)

    def run(rng: random.Random) -> int:
        s = g.new_initial_state()
        n = 0
        randrange = rng.randrange
        while not s.is_terminal():
            moves = s.legal_moves()
            if numbered:
                acts = [m.index for m in moves]
                ordered = sorted(acts)
                s.apply(moves[acts.index(ordered[randrange(len(ordered))])])
            else:
                s.apply(moves[randrange(len(moves))])
            n += 1
        return n

    return run


def pettingzoo_runner(game: str, options: list[str], wrapped: bool = True
                      ) -> Callable[[random.Random], int]:
    from ludeme.interop import pettingzoo

    env = pettingzoo.env(game, options) if wrapped else pettingzoo.raw_env(game, options)
    return pettingzoo_loop(env)


def pettingzoo_loop(env) -> Callable[[random.Random], int]:
    """Random playouts of the AEC environment ``env``, reading the action mask."""

    def run(rng: random.Random) -> int:
        env.reset()
        n = 0
        randrange = rng.randrange
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[randrange(len(legal))]))
            n += 1
        return n

    return run


FLOORS = ("openspiel", "pettingzoo", "pettingzoo_raw")


def floor_runners(game: str, options: list[str]) -> dict[str, Callable[[random.Random], int]]:
    """The do-nothing game of ``benchmarks.interop_floor`` with ``game``'s action space,
    through each adapter's loop."""
    from benchmarks.interop_floor import openspiel_null_game, pettingzoo_null_env
    from ludeme.interop import action_space

    size = action_space(load(game, options)).size
    return {"openspiel_floor": openspiel_loop(openspiel_null_game(size)),
            "pettingzoo_floor": pettingzoo_loop(pettingzoo_null_env(game, options)),
            "pettingzoo_raw_floor": pettingzoo_loop(
                pettingzoo_null_env(game, options, wrapped=False))}


def ceilings(m: dict[str, dict]) -> dict[str, float]:
    """Each adapter's ceiling: its ratio if it added nothing to ludeme's own time per move
    but the library's (the do-nothing game's time per move through its loop)."""
    own = 1.0 / m["ludeme"]["moves_per_s"]
    return {k: round(own / (own + 1.0 / m[k + "_floor"]["moves_per_s"]), 3) for k in FLOORS}


def check(game: str, options: list[str], sims: int) -> None:
    import pyspiel
    from pettingzoo.test import api_test

    from ludeme.interop import openspiel, pettingzoo

    pyspiel.random_sim_test(openspiel.load(game, options), num_sims=sims, serialize=True,
                            verbose=False)
    print(f"{game}: OpenSpiel random_sim_test passed ({sims} games)")
    api_test(pettingzoo.env(game, options), num_cycles=200, verbose_progress=False)
    print(f"{game}: PettingZoo api_test passed")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", metavar="GAME",
                    help="bundled names or .lud paths (default: " + " ".join(DEFAULT_GAMES) + ")")
    ap.add_argument("-o", "--option", action="append", default=[],
                    help="an option choice for every game given, e.g. 'Board Size/7x7'")
    ap.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per runner per game")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", action="store_true",
                    help="run OpenSpiel's and PettingZoo's consistency checks instead")
    ap.add_argument("--sims", type=int, default=3, help="games of random_sim_test with --check")
    ap.add_argument("--breakdown", action="store_true",
                    help="also measure where the adapters' time goes (see the module doc)")
    ap.add_argument("--floor", action="store_true",
                    help="also measure the libraries' own cost: a do-nothing game through "
                    "the same loops, and each adapter's ceiling (see benchmarks.interop_floor)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    games = args.games or DEFAULT_GAMES
    if args.check:
        for game in games:
            check(game, args.option, args.sims)
        return 0
    results = {}
    for game in games:
        runners = {"ludeme": ludeme_runner(game, args.option),
                   "openspiel": openspiel_runner(game, args.option),
                   "pettingzoo": pettingzoo_runner(game, args.option),
                   "pettingzoo_raw": pettingzoo_runner(game, args.option, wrapped=False)}
        if args.breakdown:
            runners.update(ludeme_api=ludeme_api_runner(game, args.option),
                           numbered=ludeme_api_runner(game, args.option, numbered=True),
                           openspiel_no_bridge=openspiel_runner(game, args.option, bridge=False))
        if args.floor:
            runners.update(floor_runners(game, args.option))
        m = measure(runners, args.seconds, seed=args.seed)
        base = m["ludeme"]["moves_per_s"]
        results[game] = {k: {"moves_per_s": round(v["moves_per_s"]),
                             "ratio": round(v["moves_per_s"] / base, 3)} for k, v in m.items()}
        if args.floor:
            results[game]["ceiling"] = ceilings(m)
        if not args.json:
            r = results[game]
            print(f"{game:20} ludeme {r['ludeme']['moves_per_s']:>8} moves/s | "
                  f"openspiel {r['openspiel']['moves_per_s']:>8} ({r['openspiel']['ratio']:.2f}x)"
                  f" | pettingzoo {r['pettingzoo']['moves_per_s']:>8} "
                  f"({r['pettingzoo']['ratio']:.2f}x), raw_env "
                  f"{r['pettingzoo_raw']['moves_per_s']:>8} "
                  f"({r['pettingzoo_raw']['ratio']:.2f}x)", flush=True)
            if args.breakdown:
                print(f"{'':20} where it goes: " + " | ".join(
                    f"{k} {r[k]['moves_per_s']:>8} ({r[k]['ratio']:.2f}x)"
                    for k in ("ludeme_api", "numbered", "openspiel_no_bridge")), flush=True)
            if args.floor:
                us = {k: 1e6 / m[k + "_floor"]["moves_per_s"] for k in FLOORS}
                print(f"{'':20} library's own cost (do-nothing game): " + " | ".join(
                    f"{k} {us[k]:.1f} us/move, ceiling {r['ceiling'][k]:.2f}x"
                    for k in FLOORS), flush=True)
    if args.json:
        print(json.dumps({"target_ratio": TARGET, "games": results}, indent=2))
    else:
        print(f"target: each adapter at least {TARGET}x ludeme's moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
