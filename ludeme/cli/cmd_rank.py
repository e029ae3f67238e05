"""Tournaments and ratings: ``ludeme tournament GAME --agents A B C -n N`` plays a round
robin and prints a leaderboard; ``ludeme ratings DB`` shows it again, and adds people's
game records to it by name."""

from __future__ import annotations

import itertools
import random

import click

from ludeme.cli.common import emit_json, game_options, handle_errors
from ludeme.errors import UsageError

DEFAULT_DB = "results.sqlite"


def _entrants(tokens: tuple[str, ...]) -> list[tuple[str, str]]:
    """(name as given, canonical spec) of every distinct entrant."""
    from ludeme.agents.base import make_agent
    from ludeme.sim.batch import split_agents

    out: list[tuple[str, str]] = []
    for token in tokens:
        for spec in split_agents(token):
            if spec == "human":
                raise UsageError("a tournament is played by agents",
                                 hint="add people's games with 'ludeme ratings DB "
                                      "--add-records FILE'")
            canonical = make_agent(spec, 0).spec
            if all(c != canonical for _, c in out):
                out.append((spec, canonical))
    if len(out) < 2:
        raise UsageError("a tournament needs two different agents at least",
                         hint="e.g. --agents random mcts uct")
    return out


def _leaderboard(ratings, title: str, as_json: bool, extra: dict) -> None:
    from ludeme.sim.ratings import leaderboard_rows

    rows = leaderboard_rows(ratings)
    if as_json:
        emit_json({**extra, "model": "Bradley-Terry (choix), Elo scale, 95% bootstrap "
                                     "interval", "leaderboard": rows})
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for col, justify in (("#", "right"), ("entrant", "left"), ("rating", "right"),
                         ("95% interval", "right"), ("games", "right"), ("W/D/L", "right"),
                         ("score", "right")):
        table.add_column(col, justify=justify)
    for r in rows:
        table.add_row(str(r["rank"]), r["name"], f"{r['rating']:.0f}",
                      f"{r['low']:.0f}-{r['high']:.0f}", str(r["games"]),
                      f"{r['wins']}/{r['draws']}/{r['losses']}", f"{r['score']:.0%}")
    Console().print(table)
    if not rows:
        click.echo("no rated games yet")


@click.command()
@click.argument("game")
@click.argument("more_agents", nargs=-1, metavar="")
@click.option("--agents", "-a", "agents", multiple=True, metavar="A B C ...",
              help="The entrants: agent specs after --agents (up to the next option), or "
                   "--agents repeated.")
@click.option("--games", "-n", "n", required=True, type=click.IntRange(1, None),
              help="Games per pairing in each seat order (every pair plays 2N games).")
@click.option("--seed", default=None, type=click.IntRange(0, None),
              help="Tournament seed: the same seed plays the same games (default: random).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="Local worker processes, or a Ray cluster.")
@click.option("--workers", "-w", default=None, type=click.IntRange(1, None),
              help="Worker processes (default: the cores); 1 plays in this process.")
@click.option("--address", default=None, metavar="ADDR", help="Ray cluster address.")
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(),
              help="SQLite results database (created if missing).")
@click.option("--max-moves", default=None, type=click.IntRange(1, None),
              help="Stop a game unfinished after this many moves (not rated).")
@click.option("--json", "as_json", is_flag=True, help="Print the leaderboard as JSON.")
@game_options
@handle_errors
def tournament(game, more_agents, agents, n, seed, backend, workers, address, db, max_moves,
               as_json, options, ruleset):
    """A round robin of agents at GAME (two players), then a leaderboard.

    Every pair of entrants plays N games in each seat order, on the simulation backends,
    stored in the results database like any batch. Ratings: Bradley-Terry strengths on
    the Elo scale with 95% bootstrap intervals ('ludeme ratings DB' shows them again).

        ludeme tournament tic-tac-toe --agents random uct:iterations=200 mcts -n 10
    """
    from ludeme.api import load
    from ludeme.cli.cmd_sim import _interactive, _progress
    from ludeme.records import derive_seed, description_ref
    from ludeme.sim import ratings as R
    from ludeme.sim.batch import plan_batch, run_plan
    from ludeme.sim.store import open_store

    entrants = _entrants(tuple(agents) + tuple(more_agents))
    g = load(game, list(options), ruleset)
    if g.num_players != 2:
        raise UsageError(f"a round robin is for two-player games; {g.name} has "
                         f"{g.num_players} players")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    ref, _ = description_ref(g)
    with open_store(db) as store:
        R.ensure_schema(store.conn)
        t = R.new_tournament(store.conn, game=g.name, ref=ref, options=list(options),
                             entrants=entrants, n=n, seed=seed)
        plans = []
        for (i, a), (j, b) in itertools.combinations(enumerate(entrants), 2):
            for order, seats in enumerate(((a, b), (b, a))):
                batch_seed = derive_seed(seed, "tournament", i, j, order) % 2**31
                plan = plan_batch(store, game, n, [s for s, _ in seats], options, ruleset,
                                  batch_seed, max_moves=max_moves, label=f"tournament {t.id}")
                R.link_batch(store.conn, t.id, plan.batch.id)
                plans.append(plan)
        with _progress(_interactive() and not as_json) as bar:
            task = bar.add_task(f"{g.name} round robin", total=n * len(plans)) \
                if bar is not None else None
            for plan in plans:
                run_plan(store, plan, backend, workers, address,
                         on_game=(lambda row: bar.advance(task)) if bar is not None else None)
        # the bootstrap seed of "ludeme ratings" by default, so it shows the same table
        ratings = R.fit_ratings(R.collect_results(store.conn, g.name, t.id), seed=0)
    _leaderboard(ratings, f"{g.name}: tournament {t.id} ({len(entrants)} entrants, "
                          f"{n * len(plans)} games)", as_json,
                 {"game": g.name, "tournament": t.id, "db": db, "seed": seed,
                  "games": n * len(plans)})


@click.command()
@click.argument("db", type=click.Path())
@click.option("--game", default=None, metavar="NAME",
              help="Whose leaderboard (a game's name; default: the latest tournament's).")
@click.option("--tournament", "tournament_id", default=None, type=int,
              help="Only this tournament's games (default: every rated game of the game).")
@click.option("--add-records", "record_files", multiple=True, type=click.Path(),
              metavar="FILE", help="Add the games of these records (JSON or JSON Lines, "
                                   "from 'play --save') first (repeatable).")
@click.option("--name", "default_name", default=None, metavar="NAME",
              help="With --add-records: the name of a person whose record has none "
                   "(records made with 'play --name' carry theirs).")
@click.option("--list", "list_all", is_flag=True, help="List the tournaments in DB.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, None),
              help="Seed of the bootstrap behind the intervals.")
@handle_errors
def ratings(db, game, tournament_id, record_files, default_name, list_all, as_json, seed):
    """The leaderboard of a results database: tournaments' games and people's records.

    People are rated by the names in their records: 'ludeme play GAME --name ANN --save
    g.jsonl', then 'ludeme ratings DB --add-records g.jsonl'. Agents in records join the
    table under the name a tournament gave them when their spec is the same.
    """
    from ludeme.records import load_records
    from ludeme.sim import ratings as R
    from ludeme.sim.store import open_store

    with open_store(db, create=bool(record_files)) as store:
        R.ensure_schema(store.conn)
        added = skipped = 0
        for path in record_files:
            for rec in load_records(path):
                names = R.record_names(rec, default_name)
                if any(nm is None for nm in names):
                    skipped += 1
                    continue
                if R.add_record(store.conn, rec, names):
                    added += 1
                    game = game or rec.game
        if record_files and not as_json:
            note = f"; {skipped} skipped (a person without a name: give --name)" \
                if skipped else ""
            click.echo(f"added {added} game record{'s' * (added != 1)}{note}", err=True)
        if list_all:
            rows = [t.__dict__ for t in R.tournaments(store.conn)]
            if as_json:
                emit_json(rows)
            else:
                for t in rows:
                    click.echo(f"{t['id']}: {t['game']}, {len(t['entrants'])} entrants, "
                               f"{t['n']} games per pairing and seat order, seed {t['seed']}, "
                               f"{t['created']}: " + ", ".join(e[0] for e in t["entrants"]))
            return
        games = R.games_in(store.conn)
        if game is None:
            if not games:
                raise UsageError(f"{db}: no rated games",
                                 hint="run 'ludeme tournament GAME --agents A B -n N --db "
                                      f"{db}' or add records with --add-records")
            game = games[0]
        elif game not in games:
            raise UsageError(f"{db}: no rated games of '{game}'",
                             hint=("games: " + ", ".join(games)) if games else None)
        results = R.collect_results(store.conn, game, tournament_id)
    what = f"tournament {tournament_id}" if tournament_id is not None else "all rated games"
    _leaderboard(R.fit_ratings(results, seed=seed), f"{game}: {what} ({len(results)} "
                 f"comparisons)", as_json,
                 {"game": game, "tournament": tournament_id, "db": db,
                  "comparisons": len(results)})


COMMANDS = [tournament, ratings]
