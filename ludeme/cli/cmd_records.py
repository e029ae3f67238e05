"""``ludeme replay RECORD`` and ``ludeme verify RECORD``: game records on the board and
checked against the description and the seeded agents."""

from __future__ import annotations

import sys

import click

from ludeme.cli.common import emit_json, handle_errors
from ludeme.errors import LudemeError, UsageError, plural
from ludeme.records import GameRecord, load_record_game, load_records, verify_record


def _pick(records: list[GameRecord], index: int | None, path: str) -> list[tuple[int, GameRecord]]:
    if index is None:
        return list(enumerate(records, start=1))
    if not 1 <= index <= len(records):
        raise UsageError(f"{path} holds {len(records)} record{'s' if len(records) != 1 else ''}; "
                         f"there is no record {index}")
    return [(index, records[index - 1])]


def _positions(rec: GameRecord):
    """The initial state, then (state, move, move text, mover) after every move."""
    game = load_record_game(rec)
    state = game.new_initial_state()
    out = [(state.clone(), None, None, 0)]
    for ply, text in enumerate(rec.moves, start=1):
        mover = state.mover
        try:
            move = state.parse_move(text)
        except LudemeError as err:
            raise LudemeError(f"move {ply} ('{text}', P{mover}) cannot be played: "
                              f"{err.diagnostics[0].message}",
                              hint="'ludeme verify' reports what is wrong with a record") from None
        state.apply(move)
        out.append((state.clone(), move, text, mover))
    return out


def _header(rec: GameRecord, n: int, total: int) -> str:
    seats = ", ".join(f"P{p} {spec}" for p, spec in enumerate(rec.agents, start=1))
    opts = f" [{'; '.join(rec.options)}]" if rec.options else ""
    head = f"record {n}: " if total > 1 else ""
    return f"{head}{rec.game}{opts}: {seats} (seed {rec.seed})"


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--step", is_flag=True,
              help="Step through the positions: Enter for the next, 'b' back, a number to "
                   "jump to that move, 'q' to stop.")
@click.option("--index", "-n", type=int, default=None,
              help="Which record of a JSON Lines file (1-based; default: all).")
@click.option("--plain/--color", "plain", default=None,
              help="Plain text or coloured diagrams (default: colour on a terminal).")
@handle_errors
def replay(record, step, index, plain):
    """Show a game record position by position on the board diagram."""
    records = load_records(record)
    chosen = _pick(records, index, record)
    if plain is None:
        plain = not sys.stdout.isatty()
    for n, rec in chosen:
        positions = _positions(rec)
        click.echo(_header(rec, n, len(records)))
        if step:
            _step(positions, rec, plain)
        else:
            for i in range(len(positions)):
                _show(positions, i, plain)
        click.echo(f"result: {rec.result_text()} after {plural(len(rec.moves), 'move')}")


def _show(positions, i: int, plain: bool) -> None:
    state, move, text, mover = positions[i]
    if i:
        click.echo(f"{i}. P{mover} {text}")
    if plain:
        click.echo(str(state))
        return
    from rich.console import Console
    from rich.panel import Panel

    from ludeme.render.rich_board import board_text, legend, move_sites, number_lines

    body = board_text(state, move_sites(move))
    body.append_text(legend(state))
    console = Console(highlight=False)
    console.print(Panel(body, title=f"after move {i}" if i else "start", expand=False))
    for line in number_lines(state):
        console.print(line, markup=False)


def _step(positions, rec: GameRecord, plain: bool) -> None:
    stdin = sys.stdin
    i = 0
    last = len(positions) - 1
    while True:
        _show(positions, i, plain)
        click.echo(f"[{i}/{last}] Enter: next, b: back, number: jump, q: quit")
        line = stdin.readline()
        if not line:
            return
        cmd = line.strip().lower()
        if cmd == "q":
            return
        if cmd == "b":
            i = max(i - 1, 0)
        elif cmd.isdigit():
            i = min(int(cmd), last)
        elif cmd == "":
            if i == last:
                return
            i += 1
        else:
            click.echo("Enter: next, b: back, number: jump, q: quit")


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--index", "-n", type=int, default=None,
              help="Which record of a JSON Lines file (1-based; default: all).")
@click.option("--no-agents", is_flag=True,
              help="Check the moves and the result only, not the seeded agents' choices.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def verify(record, index, no_agents, as_json):
    """Check a game record: recompile its description with its options (the content hash
    must match), replay every move (each must be legal), confirm the result, and re-run
    the seeded agents to confirm they choose the recorded moves. Reports the first point
    of divergence and exits 1 when any record fails."""
    records = load_records(record)
    chosen = _pick(records, index, record)
    rows = []
    failed = 0
    for n, rec in chosen:
        report = verify_record(rec, check_agents=not no_agents)
        row = {"record": n, "game": rec.game, "moves": len(rec.moves), "ok": report.ok,
               "agents_checked": [f"P{p}" for p in report.agents_checked],
               "agents_skipped": {f"P{p}": why for p, why in report.agents_skipped.items()}}
        if not report.ok:
            failed += 1
            row["ply"] = report.divergence.ply + 1 if not report.divergence.at_end \
                else report.divergence.ply
            row["divergence"] = str(report.divergence)
        rows.append(row)
        if as_json:
            continue
        name = f"record {n} ({rec.game}, {plural(len(rec.moves), 'move')})"
        if report.ok:
            checked = ", ".join(row["agents_checked"])
            extra = f"; agents re-run: {checked}" if checked else ""
            click.echo(f"{name}: ok, {rec.result_text()}{extra}")
        else:
            click.echo(f"{name}: FAILED {report.divergence}")
        for p, why in report.agents_skipped.items():
            click.echo(f"  P{p}'s agent not re-run: {why}")
    if as_json:
        emit_json(rows if len(rows) != 1 else rows[0])
    elif len(rows) > 1:
        click.echo(f"{len(rows) - failed} of {len(rows)} records verified")
    if failed:
        sys.exit(1)


COMMANDS = [replay, verify]
