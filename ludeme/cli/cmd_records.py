"""``ludeme replay RECORD`` and ``ludeme verify RECORD``: game records on the board and
checked against the description and the seeded agents."""

from __future__ import annotations

import sys

import click

from ludeme.cli.common import emit_json, handle_errors, tolerant_stdin
from ludeme.errors import LudemeError, UsageError, plural, shorten
from ludeme.play.terminal import read_line
from ludeme.records import (
    MAX_RECORD_BYTES,
    GameRecord,
    feed_rolls,
    load_record_game,
    load_records,
    verify_record,
)


def _pick(records: list[GameRecord], index: int | None, path: str) -> list[tuple[int, GameRecord]]:
    if index is None:
        return list(enumerate(records, start=1))
    if not 1 <= index <= len(records):
        raise UsageError(f"{path} holds {len(records)} record{'s' if len(records) != 1 else ''}; "
                         f"there is no record {index}")
    return [(index, records[index - 1])]


def _moves(rec: GameRecord):
    """The game and (move, move text, mover) for every move, each checked legal. Moves
    rather than states are kept, so a long record costs memory in proportion to its
    length."""
    game = load_record_game(rec)
    state = game.new_initial_state()
    rolls = iter(rec.rolls)
    # the first entry holds the rolls before the first move; each other entry a move
    # (move, text, mover) and the rolls after it
    out: list[tuple] = [(None, "", 0, feed_rolls(state, rolls))]
    for ply, text in enumerate(rec.moves, start=1):
        mover = state.mover
        try:
            move = state.parse_move(text)
        except LudemeError as err:
            raise LudemeError(f"move {ply} ('{shorten(text)}', P{mover}) cannot be played: "
                              f"{err.diagnostics[0].message}",
                              hint="'ludeme verify' reports what is wrong with a record") from None
        state.apply(move)
        out.append((move, text, mover, feed_rolls(state, rolls)))
    return game, out


def _play(state, entry) -> None:
    """Play one entry of ``_moves``: its move, then the rolls after it."""
    move, _, _, rolls = entry
    if move is not None:
        state.apply(move)
    for roll in rolls:
        state.apply_chance(roll)


def _position(game, moves, i: int):
    """The state after the first ``i`` moves (and the rolls that follow them)."""
    state = game.new_initial_state()
    for entry in moves[:i + 1]:
        _play(state, entry)
    return state


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
    tolerant_stdin()
    records = load_records(record)
    chosen = _pick(records, index, record)
    if plain is None:
        plain = not sys.stdout.isatty()
    for n, rec in chosen:
        game, moves = _moves(rec)
        click.echo(_header(rec, n, len(records)))
        if step:
            _step(game, moves, plain)
        else:
            state = _position(game, moves, 0)
            _show(state, moves, 0, plain)
            for i in range(1, len(moves)):
                _play(state, moves[i])
                _show(state, moves, i, plain)
        click.echo(f"result: {rec.result_text()} after {plural(len(rec.moves), 'move')}")


def _show(state, moves, i: int, plain: bool) -> None:
    move, text, mover, rolls = moves[i]
    if i:
        click.echo(f"{i}. P{mover} {text}")
    for roll in rolls:
        click.echo(f"P{state.mover} rolls {' '.join(map(str, roll))}")
    if state.dice is not None:
        click.echo(f"dice: {' '.join(map(str, state.dice.values))}")
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


def _step(game, moves, plain: bool) -> None:
    stdin = sys.stdin
    i = 0
    last = len(moves) - 1       # the last entry holds the rolls after the last move
    state = _position(game, moves, 0)
    while True:
        _show(state, moves, i, plain)
        click.echo(f"[{i}/{last}] Enter: next, b: back, number: jump, q: quit")
        line = read_line(stdin)
        if line is None:
            return
        cmd = line.strip().lower()
        if cmd == "q":
            return
        if cmd == "b":
            i = max(i - 1, 0)
            state = _position(game, moves, i)
        elif cmd.isdigit() and len(cmd) < 12:
            i = min(int(cmd), last)
            state = _position(game, moves, i)
        elif cmd == "":
            if i == last:
                return
            i += 1
            _play(state, moves[i])
        else:
            click.echo("Enter: next, b: back, number: jump, q: quit")


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--index", "-n", type=int, default=None,
              help="Which record of a JSON Lines file (1-based; default: all).")
@click.option("--no-agents", is_flag=True,
              help="Check the moves and the result only, not the seeded agents' choices.")
@click.option("--unlimited", is_flag=True,
              help="Re-run agents whatever budget their spec asks for (by default verify "
                   "refuses more than iterations=100,000, nodes=1,000,000, playout=10,000 "
                   "or depth=64 per move), replay more than 100,000 moves and read "
                   "records of any size.")
@click.option("--max-size", "max_mb", type=click.FloatRange(0, None, min_open=True), default=None,
              metavar="MB", help=f"Read record files up to this size (default "
                                 f"{MAX_RECORD_BYTES // 2**20} MB).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def verify(record, index, no_agents, unlimited, max_mb, as_json):
    """Check a game record: recompile its description with its options (the content hash
    must match), replay every move (each must be legal), confirm the result, and re-run
    the seeded agents to confirm they choose the recorded moves. Reports the first point
    of divergence and exits 1 when any record fails. A record whose seats were all
    played by people (or with --no-agents) is checked for its moves and result only,
    and says so."""
    limit = None if unlimited else MAX_RECORD_BYTES
    if max_mb is not None:
        limit = int(max_mb * 2**20)
    records = load_records(record, limit)
    chosen = _pick(records, index, record)
    rows = []
    failed = 0
    for n, rec in chosen:
        report = verify_record(rec, check_agents=not no_agents, unlimited=unlimited)
        row = {"record": n, "game": rec.game, "moves": len(rec.moves), "ok": report.ok,
               "agents_checked": [f"P{p}" for p in report.agents_checked],
               "agents_skipped": {f"P{p}": why for p, why in report.agents_skipped.items()},
               # false: the moves and the result were checked, no agent's choice was
               "agents_rerun": bool(report.agents_checked)}
        if not report.ok:
            failed += 1
            row["ply"] = report.divergence.ply + 1 if not report.divergence.at_end \
                else report.divergence.ply
            row["divergence"] = str(report.divergence)
        rows.append(row)
        if as_json:
            continue
        name = f"record {n} ({shorten(rec.game)}, {plural(len(rec.moves), 'move')})"
        if report.ok and report.agents_checked:
            checked = ", ".join(row["agents_checked"])
            click.echo(f"{name}: ok, {rec.result_text()}; agents re-run: {checked}")
        elif report.ok:
            click.echo(f"{name}: moves and result check out ({rec.result_text()}), but no "
                       f"agent was re-run, so its choices are not confirmed")
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
