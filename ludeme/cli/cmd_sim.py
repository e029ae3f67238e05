"""Commands for playing many games and reading the results: simulate, report, compare."""

from __future__ import annotations

import sys
from contextlib import contextmanager

import click

from ludeme.cli.common import emit_json, game_options, handle_errors
from ludeme.records import DEFAULT_MAX_MOVES

DEFAULT_DB = "results.sqlite"


def _run_options(fn):
    """The options simulate and compare share."""
    for opt in reversed([
        click.option("--games", "-n", "n", required=True, type=click.IntRange(1, None),
                     help="Games to play."),
        click.option("--agents", "-a", default="random", show_default=True, metavar="SPECS",
                     help='Agent spec per seat, comma-separated ("random,mcts:iterations=200"),'
                          ' or one spec for every seat.'),
        click.option("--seed", default=None, type=click.IntRange(0, None),
                     help="Batch seed: the same seed plays the same games (default: random)."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
                     show_default=True, help="Local worker processes, or a Ray cluster."),
        click.option("--workers", "-w", default=None, type=click.IntRange(1, None),
                     help="Worker processes (local: default = cores; ray: default = "
                          "the cluster's CPUs). 1 plays in this process."),
        click.option("--address", default=None, metavar="ADDR",
                     help='Ray cluster address ("auto", "ray://host:10001"); default: start '
                          "a local Ray instance."),
        click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(),
                     help="SQLite results database (created if missing)."),
        click.option("--resume", is_flag=True,
                     help="Continue the latest batch with the same game, options, agents "
                          "(and seed, if given) instead of starting a new one."),
        click.option("--max-moves", default=DEFAULT_MAX_MOVES, show_default=True,
                     type=click.IntRange(1, None),
                     help="Stop a game unfinished after this many moves (counted as no win; "
                          "the game's own end rules apply first)."),
        click.option("--json", "as_json", is_flag=True, help="Print the report as JSON."),
        click.option("--plot", "plot_dir", default=None, type=click.Path(file_okay=False),
                     help="Write charts (length histogram, wins per seat) to this folder."),
        click.option("--plot-format", type=click.Choice(["png", "svg"]), default="png",
                     show_default=True),
    ]):
        fn = opt(fn)
    return fn


def _console():
    from rich.console import Console

    return Console(stderr=True)


@contextmanager
def _progress(enabled: bool):
    """A rich progress bar with ETA on a terminal; nothing otherwise."""
    if not enabled:
        yield None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                  console=_console(), transient=False) as bar:
        yield bar


def _run(store, plan, bar, backend, workers, address) -> None:
    from ludeme.sim.batch import run_plan

    task = None
    if bar is not None:
        task = bar.add_task(f"{plan.batch.game} (batch {plan.batch.id})", total=plan.batch.n,
                            completed=plan.batch.n - len(plan.todo))
    on_game = (lambda row: bar.advance(task)) if bar is not None else None
    try:
        run_plan(store, plan, backend, workers, address, on_game=on_game)
    except KeyboardInterrupt:
        done = store.count(plan.batch.id)
        click.echo(f"interrupted: {done} of {plan.batch.n} games of batch {plan.batch.id} are "
                   f"stored in {store.path}; continue with --resume", err=True)
        sys.exit(130)


def _plan(store, game, n, agents, options, ruleset, seed, resume, max_moves, label=None):
    from ludeme.sim.batch import plan_batch, split_agents

    plan = plan_batch(store, game, n, split_agents(agents), options, ruleset, seed, resume,
                      max_moves, label)
    if resume and not plan.resumed and len(plan.todo) == plan.batch.n:
        click.echo(f"nothing to resume for {plan.batch.game}: starting batch {plan.batch.id}",
                   err=True)
    elif plan.resumed or len(plan.todo) < plan.batch.n:
        click.echo(f"resuming batch {plan.batch.id}: {plan.batch.n - len(plan.todo)} of "
                   f"{plan.batch.n} games already stored", err=True)
    return plan


def _interactive() -> bool:
    return _console().is_terminal


def _plots(plot_dir, fmt, reports, rows) -> None:
    from ludeme.sim.plots import write_plots

    for path in write_plots(plot_dir, reports, [[r["length"] for r in rs] for rs in rows], fmt):
        click.echo(f"wrote {path}", err=True)


def _print(renderable) -> None:
    from rich.console import Console

    Console().print(renderable)


@click.command()
@click.argument("game")
@_run_options
@game_options
@handle_errors
def simulate(game, n, agents, seed, backend, workers, address, db, resume, max_moves, as_json,
             plot_dir, plot_format, options, ruleset):
    """Play N games of GAME with seeded agents, store them in a database, report.

    Game i of a batch is seeded from the batch seed and i, so a batch is reproducible
    whichever backend and how many workers play it. Every finished game is stored at
    once: an interrupted run loses nothing and continues with --resume.
    """
    from ludeme.sim.report import summarize
    from ludeme.sim.store import open_store

    with open_store(db) as store:
        plan = _plan(store, game, n, agents, options, ruleset, seed, resume, max_moves)
        with _progress(_interactive() and not as_json) as bar:
            _run(store, plan, bar, backend, workers, address)
        rows = list(store.games(plan.batch.id))
        rep = summarize(store.batch(plan.batch.id), rows)
    _show(rep, rows, plot_dir, plot_format, as_json)


def _show(rep: dict, rows: list, plot_dir, plot_format: str, as_json: bool) -> None:
    """A batch's report as JSON or a table, and its charts when asked for."""
    from ludeme.sim.report import report_renderable

    if plot_dir:
        _plots(plot_dir, plot_format, [rep], [rows])
    if as_json:
        emit_json(rep)
    else:
        _print(report_renderable(rep))


@click.command()
@click.argument("db", type=click.Path())
@click.option("--batch", "batch_id", default=None, type=int,
              help="Which batch (default: the latest).")
@click.option("--list", "list_batches", is_flag=True, help="List the batches in the database.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--plot", "plot_dir", default=None, type=click.Path(file_okay=False),
              help="Write charts (length histogram, wins per seat) to this folder.")
@click.option("--plot-format", type=click.Choice(["png", "svg"]), default="png",
              show_default=True)
@handle_errors
def report(db, batch_id, list_batches, as_json, plot_dir, plot_format):
    """Print the report of a stored batch again (statistics, and charts with --plot)."""
    from ludeme.sim.report import summarize
    from ludeme.sim.store import open_store

    with open_store(db, create=False) as store:
        if list_batches:
            rows = [{**b.as_dict(), "stored": store.count(b.id)} for b in store.batches()]
            if as_json:
                emit_json(rows)
                return
            from rich.table import Table

            table = Table(title=f"Batches in {db}")
            for col in ("id", "game", "options", "agents", "seed", "games", "created"):
                table.add_column(col)
            for r in rows:
                table.add_row(str(r["id"]), r["game"] + (f" ({r['label']})" if r["label"] else ""),
                              ", ".join(r["options"]), ", ".join(r["agents"]), str(r["seed"]),
                              f"{r['stored']}/{r['n']}", r["created"])
            _print(table)
            return
        batch = store.batch(batch_id) if batch_id is not None else store.latest()
        rows = list(store.games(batch.id))
        rep = summarize(batch, rows)
    _show(rep, rows, plot_dir, plot_format, as_json)


@click.command()
@click.argument("game_a")
@click.argument("game_b")
@_run_options
@click.option("--option-a", "options_a", multiple=True, metavar="TITLE/ITEM",
              help="An option choice for GAME_A only (repeatable).")
@click.option("--option-b", "options_b", multiple=True, metavar="TITLE/ITEM",
              help="An option choice for GAME_B only (repeatable).")
@game_options
@handle_errors
def compare(game_a, game_b, n, agents, seed, backend, workers, address, db, resume, max_moves,
            as_json, plot_dir, plot_format, options_a, options_b, options, ruleset):
    """Play N games of GAME_A and of GAME_B (say a base and its variant) with the same
    agents and seeds, and show the reports side by side with significant differences marked.

    Proportions are compared with the pooled two-proportion z-test, game lengths with the
    Mann-Whitney U test (and Welch's t on the means), times with Welch's t; '*' marks
    p < 0.05 (two-sided, no correction for the number of metrics).
    """
    import random

    from ludeme.sim.report import compare as compare_reports
    from ludeme.sim.report import compare_renderable, summarize
    from ludeme.sim.store import open_store

    with open_store(db) as store:
        plan_a = _plan(store, game_a, n, agents, tuple(options) + tuple(options_a), ruleset,
                       seed if seed is not None or resume else
                       random.SystemRandom().randrange(2**31), resume, max_moves, "A")
        plan_b = _plan(store, game_b, n, agents, tuple(options) + tuple(options_b), ruleset,
                       plan_a.batch.seed, resume, max_moves, "B")
        with _progress(_interactive() and not as_json) as bar:
            for plan in (plan_a, plan_b):
                _run(store, plan, bar, backend, workers, address)
        rows_a = list(store.games(plan_a.batch.id))
        rows_b = list(store.games(plan_b.batch.id))
        rep_a = summarize(store.batch(plan_a.batch.id), rows_a)
        rep_b = summarize(store.batch(plan_b.batch.id), rows_b)
    diffs = compare_reports(rep_a, rep_b, rows_a, rows_b)
    if plot_dir:
        _plots(plot_dir, plot_format, [rep_a, rep_b], [rows_a, rows_b])
    if as_json:
        emit_json({"a": rep_a, "b": rep_b, "differences": diffs,
                   "tests": {"proportions": "pooled two-proportion z-test",
                             "length distribution": "Mann-Whitney U (normal approximation)",
                             "means": "Welch's t-test", "alpha": 0.05}})
    else:
        _print(compare_renderable(rep_a, rep_b, diffs))


COMMANDS = [simulate, report, compare]
