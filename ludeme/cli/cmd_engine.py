"""Commands that exercise the engine: perft, random, bench, list."""

from __future__ import annotations

import random
import resource
import time

import click

from ludeme.cli.common import emit_json, game_options, handle_errors, load_game
from ludeme.errors import UsageError, plural
from ludeme.records import DEFAULT_MAX_MOVES


@click.command()
@click.argument("game")
@click.option("--depth", "-d", default=3, show_default=True, type=click.IntRange(0, 12),
              help="Plies to count.")
@click.option("--divide", is_flag=True, help="Show the count under each first move.")
@click.option("--moves", "prefix", default="", metavar="M1,M2,...",
              help="Play these moves (in notation) first, comma-separated.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@game_options
@handle_errors
def perft(game, depth, divide, prefix, as_json, options, ruleset):
    """Count the positions reachable in exactly 1..DEPTH plies (perft; depth 0 counts
    the position itself, 1). In a game with dice every roll is a branch (not a ply)."""
    from ludeme.runtime.search import divide as divide_fn
    from ludeme.runtime.search import perft as perft_fn

    g = load_game(game, options, ruleset)
    state = g.new_initial_state()
    for text in filter(None, (t.strip() for t in prefix.split(","))):
        state.apply(state.parse_move(text))
    if divide and depth == 0:
        raise UsageError("--divide needs a depth of 1 or more",
                         hint="at depth 0 there is no first move to divide by")
    rows = []
    # perft 0 is 1 by definition: the position itself
    for d in ([0] if depth == 0 else range(1, depth + 1)):
        t0 = time.perf_counter()
        n = perft_fn(state, d)
        rows.append({"depth": d, "nodes": n, "seconds": round(time.perf_counter() - t0, 3)})
        if not as_json:
            click.echo(f"perft {d}: {n:>12,}   ({rows[-1]['seconds']:.2f} s)")
    out = {"game": g.name, "perft": rows}
    if divide and depth >= 1:
        split = divide_fn(state, depth)
        out["divide"] = split
        if not as_json:
            for move, n in split.items():
                click.echo(f"  {move}: {n:,}")
    if as_json:
        emit_json(out)


@click.command("random")
@click.argument("game")
@click.option("--seed", default=None, type=int, help="Seed; the same seed plays the same game.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--show/--no-show", default=False, help="Print the final position.")
@click.option("--max-moves", default=DEFAULT_MAX_MOVES, show_default=True,
              type=click.IntRange(1, None),
              help="Stop the game unfinished after this many moves (the game's own end "
                   "rules apply first).")
@game_options
@handle_errors
def random_game(game, seed, as_json, show, max_moves, options, ruleset):
    """Play one uniformly random game and print its moves and result (and the dice
    rolled, in a game with dice: the seed rolls them too)."""
    g = load_game(game, options, ruleset)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    state = g.new_initial_state()
    moves = []
    while len(moves) < max_moves:
        if state.dice is not None:
            state.settle(rng)
        if state.is_terminal():
            break
        legal = state.legal_moves()
        m = legal[rng.randrange(len(legal))]
        moves.append(state.move_to_string(m))
        state.apply(m)
    finished = state.is_terminal()
    result = {"game": g.name, "seed": seed, "moves": moves,
              "returns": state.returns() if finished else [0.0] * g.num_players,
              "winners": [f"P{p}" for p in state.winners()] if finished else [],
              "length": len(moves), "end": "rules" if finished else "unfinished"}
    if state.dice is not None:
        result["rolls"] = [list(faces) for _, faces in state.rolls()]
    if as_json:
        emit_json(result)
        return
    click.echo(f"seed {seed}")
    click.echo(" ".join(moves))
    if "rolls" in result:
        click.echo("rolls: " + " ".join("-".join(map(str, r)) for r in result["rolls"]))
    if show:
        click.echo(str(state))
    w = result["winners"]
    if not finished:
        click.echo(f"result: unfinished after {plural(len(moves), 'move')} (the move cap)")
        return
    click.echo(f"result: {', '.join(w) + ' won' if w else 'draw'} after "
               f"{plural(len(moves), 'move')}")


@click.command()
@click.argument("game")
@click.option("--seconds", default=5.0, show_default=True, type=click.FloatRange(0.1, 3600),
              help="How long to play random playouts.")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@game_options
@handle_errors
def bench(game, seconds, seed, as_json, options, ruleset):
    """Uniformly random playouts for a while: playouts/s, moves/s, mean length, peak memory."""
    result = run_bench(load_game(game, options, ruleset), seconds, seed)
    if as_json:
        emit_json(result)
        return
    click.echo(f"{result['game']}: {result['playouts']} playouts in {result['seconds']:.1f} s")
    click.echo(f"  playouts/s  {result['playouts_per_s']:,.1f}")
    click.echo(f"  moves/s     {result['moves_per_s']:,.0f}")
    click.echo(f"  mean length {result['mean_length']:.1f}")
    click.echo(f"  peak memory {result['peak_rss_mb']:.1f} MB")


def run_bench(g, seconds: float, seed: int = 0) -> dict:
    from ludeme.runtime.search import random_playout

    rng = random.Random(seed)
    playouts = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        moves += random_playout(g.new_initial_state(), rng)
        playouts += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"game": g.name, "playouts": playouts, "moves": moves, "seconds": elapsed,
            "playouts_per_s": playouts / elapsed, "moves_per_s": moves / elapsed,
            "mean_length": moves / playouts,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def player_range(desc, players: int) -> tuple[int, int]:
    """The fewest and most players a description allows over its options' items: the
    item of every option the ``(players ...)`` form depends on is tried in turn (the
    text is expanded, not compiled)."""
    from ludeme.api import load_description

    counts = {players}
    for o in desc.options:
        for item in o.items:
            if item.name == desc.chosen.get(o.title):
                continue
            try:
                other = load_description(desc.path, [f"{o.title}/{item.name}"])
            except Exception:  # noqa: BLE001 - an item that does not expand says nothing
                continue
            n = _players_of(other.game)
            if n is not None:
                counts.add(n)
    return min(counts), max(counts)


def _players_of(game_form) -> int | None:
    for a in game_form.args:
        if getattr(a, "head", None) == "players" and a.args:
            value = getattr(a.args[0], "value", None)
            return value if isinstance(value, int) else None
    return None


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def list_games(as_json):
    """The bundled descriptions, with players, board and options."""
    from ludeme.api import compile_description, load_description
    from ludeme.errors import LudemeError
    from ludeme.library import bundled

    rows = []
    for name, path in bundled().items():
        try:
            desc = load_description(path)
            g = compile_description(desc)
            low, high = player_range(desc, g.num_players)
            rows.append({"name": name, "game": g.name, "players": g.num_players,
                         "players_min": low, "players_max": high,
                         "board": g.board.describe(), "variant_of": desc.base and
                         desc.base.rsplit("/", 1)[-1].removesuffix(".lud"),
                         "options": {o.title: [i.name for i in o.items] for o in desc.options}})
        except LudemeError as err:
            rows.append({"name": name, "error": err.diagnostics[0].message})
    if as_json:
        emit_json(rows)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Bundled descriptions")
    for col in ("name", "game", "players", "board", "options"):
        table.add_column(col)
    for r in rows:
        if "error" in r:
            table.add_row(r["name"], "[red]error[/red]", "", r["error"], "")
            continue
        opts = "; ".join(f"{t}: {'/'.join(i)}" for t, i in r["options"].items())
        name = r["name"] + (f" (variant of {r['variant_of']})" if r["variant_of"] else "")
        players = str(r["players_min"]) if r["players_min"] == r["players_max"] \
            else f"{r['players_min']}-{r['players_max']}"
        table.add_row(name, r["game"], players, r["board"], opts)
    Console().print(table)


COMMANDS = [perft, random_game, bench, list_games]
