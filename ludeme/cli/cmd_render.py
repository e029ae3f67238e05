"""``ludeme svg GAME``: a picture of a position (after some moves, or a record's ply)."""

from __future__ import annotations

from pathlib import Path

import click

from ludeme.cli.common import game_options, handle_errors, load_game
from ludeme.errors import LudemeError, UsageError


def _play_moves(state, moves: list[str], rolls=None):
    """Play ``moves`` (texts); in a game with dice, the rolls come from ``rolls`` (an
    iterator over a record's) where the game rolls."""
    from ludeme.records import feed_rolls

    last = None
    for ply, text in enumerate(moves, start=1):
        if rolls is not None:
            feed_rolls(state, rolls)
        if state.is_chance_node():
            raise UsageError(f"move {ply} ('{text}'): the dice are rolled first, and only a "
                             f"record (--record) says how they fell")
        if state.is_terminal():
            raise UsageError(f"move {ply} ('{text}'): the game is already over")
        try:
            last = state.parse_move(text)
        except LudemeError as err:
            raise UsageError(f"move {ply} ('{text}') cannot be played: "
                             f"{err.diagnostics[0].message}",
                             hint=err.diagnostics[0].hint) from None
        state.apply(last)
    if rolls is not None:
        feed_rolls(state, rolls)
    return last


def position_from(game_ref: str | None, options, ruleset, moves: str | None,
                  record: str | None, ply: int | None, index: int):
    """The state to draw and its last move, from a game and moves or from a record."""
    if record:
        from ludeme.records import load_record_game, load_records

        recs = load_records(record)
        if not 1 <= index <= len(recs):
            raise UsageError(f"{record} holds {len(recs)} records; there is no record {index}")
        rec = recs[index - 1]
        game = load_record_game(rec)
        texts = rec.moves if ply is None else rec.moves[:max(ply, 0)]
        if ply is not None and ply > len(rec.moves):
            raise UsageError(f"the record has {len(rec.moves)} moves; there is no ply {ply}")
    else:
        if not game_ref:
            raise UsageError("give a GAME, or --record FILE")
        game = load_game(game_ref, options, ruleset)
        texts = moves.split() if moves else []
    state = game.new_initial_state()
    last = _play_moves(state, texts, iter(rec.rolls) if record else None)
    return state, last


@click.command()
@click.argument("game", required=False)
@click.option("--moves", default=None, metavar='"M1 M2 ..."',
              help="Moves to play from the start, in the game's notation.")
@click.option("--record", "record", default=None, type=click.Path(dir_okay=False),
              help="Draw a position of this game record (GAME is then not needed).")
@click.option("--ply", type=click.IntRange(0), default=None,
              help="With --record: the position after this many moves (default: the end).")
@click.option("--index", "-n", type=click.IntRange(1), default=1, show_default=True,
              help="With --record: which record of a JSON Lines file.")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False),
              help="The file to write (.svg; with --png, a PNG).")
@click.option("--png", is_flag=True, help="Write PNG instead of SVG (needs cairosvg: "
                                          "pip install 'ludeme[svg]').")
@click.option("--legal", is_flag=True, help="Mark the sites where the mover's legal moves "
                                            "end.")
@click.option("--size", type=click.IntRange(50, 8000), default=None,
              help="The picture's larger side in pixels (default: 48 px between sites).")
@game_options
@handle_errors
def svg(game, moves, record, ply, index, out, png, legal, size, options, ruleset):
    """Draw a position of GAME as SVG (or PNG): the board from its geometry, pieces by
    owner (colour, shade and text), pointing pieces, players' edges in their colour and
    line style, named regions, coordinates, the last move and, with --legal, targets.

    Options are chosen with -o "Title/Item" as everywhere; the file goes to --out.

    \b
      ludeme svg my-game.lud --moves "b2 a1" --legal --out my-game.svg
      ludeme svg --record game.json --ply 10 --out ply10.png --png
    """
    from ludeme.render.model import move_sites
    from ludeme.render.svg import render_svg, svg_to_png

    if record and (moves or game):
        raise UsageError("give either GAME [--moves ...] or --record FILE, not both")
    if ply is not None and not record:
        raise UsageError("--ply goes with --record")
    state, last = position_from(game, options, ruleset, moves, record, ply, index)
    targets: list[int] = []
    if legal:
        for m in state.legal_moves():
            sites = move_sites(m)
            if sites:
                targets.append(sites[-1])
    text = render_svg(state, last=last, targets=sorted(set(targets)), size=size)
    path = Path(out)
    if png:
        svg_to_png(text, str(path))
    else:
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as err:
            raise UsageError(f"{out}: cannot write: {err.strerror or err}") from None
    click.echo(f"wrote {out} ({state.game.name}, after {len(state.history)} "
               f"move{'s' * (len(state.history) != 1)})")


COMMANDS = [svg]
