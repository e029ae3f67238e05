"""``ludeme play GAME``: play any description from the terminal, against agents or
other people on the same keyboard.

On a terminal the board is drawn in colour (rich); on a pipe everything is plain
text (the diagram is ``str(state)``), one line per event, so sessions can be scripted:

    printf 'b2\\nresign\\n' | ludeme play tic-tac-toe --seed 3

What is typed at a human's turn is a move in the game's notation or a command:
``moves``, ``undo``, ``hint``, ``draw``, ``resign``, ``save FILE``, ``quit``, ``help``.
The game itself is played by ``ludeme.play.Session``; this module reads the options.
"""

from __future__ import annotations

import sys

# ``time`` and the session's names stay reachable from here, where tests and scripts
# have used them (the deadline test replaces ``cmd_play.time.perf_counter``)
import time  # noqa: F401

import click

from ludeme.agents.base import DEFAULT_SECONDS_PER_MOVE
from ludeme.cli.common import game_options, handle_errors, load_game, tolerant_stdin
from ludeme.errors import plural
from ludeme.play.session import Seat, Session, seat_players, with_deadline  # noqa: F401
from ludeme.play.terminal import PlainTerminal, RichTerminal
from ludeme.records import DEFAULT_MAX_MOVES

MAX_SEATS = 6


def _seat_option(n: int):
    return click.option(f"--p{n}", f"p{n}", default=None, metavar="SPEC",
                        help=f"Who plays P{n}: human, random, mcts[:seconds=..,iterations=..,c=..], "
                             f"uct[:...], alphabeta[:nodes=..,depth=..]." if n == 1 else
                        f"Who plays P{n} (as --p1).")


def _seats(fn):
    for n in range(MAX_SEATS, 0, -1):
        fn = _seat_option(n)(fn)
    return fn


@click.command()
@click.argument("game")
@_seats
@click.option("--bot", default="mcts", show_default=True, metavar="SPEC",
              help="The agent for seats not given.")
@click.option("--seed", default=None, type=int,
              help="Seed for the agents (and, when you did not choose, your seat).")
@click.option("--time-per-move", "time_per_move", default=None,
              type=click.FloatRange(0.01, 7 * 24 * 3600),
              help="Deadline per move in seconds: a bot's thinking time (unless its spec "
                   "sets a budget; without this option bots think "
                   f"{DEFAULT_SECONDS_PER_MOVE:g} s); a person who enters a move after it "
                   "loses on time.")
@click.option("--save", "save_path", default=None, metavar="FILE",
              help="Write the game record here at the end: a .jsonl file is appended to; "
                   "a .json file must not exist yet (or give --force). Checked before the "
                   "game starts.")
@click.option("--force", is_flag=True, help="Let --save overwrite an existing .json record.")
@click.option("--max-moves", default=DEFAULT_MAX_MOVES, show_default=True,
              type=click.IntRange(1, None),
              help="Stop the game unfinished after this many moves (the game's own end "
                   "rules apply first).")
@click.option("--name", "names", multiple=True, metavar="NAME",
              help="The name of the person playing, kept in the game record (so 'ludeme "
                   "ratings DB --add-records' can rate them); repeat for each person, in "
                   "seat order.")
@click.option("--hint-agent", default=None, metavar="SPEC",
              help="The agent that answers 'hint' (default: the first bot's spec, or mcts).")
@click.option("--plain/--color", "plain", default=None,
              help="Plain text or coloured output (default: colour on a terminal).")
@game_options
@handle_errors
def play(game, p1, p2, p3, p4, p5, p6, bot, seed, time_per_move, save_path, force, max_moves,
         names, hint_agent, plain, options, ruleset):
    """Play GAME in the terminal: people and agents in any seats.

    By default you play one seat against the mcts agent: P1, or with --seed, the seat
    the seed picks (announced on the first line). Type moves in the game's notation;
    'help' lists the commands.
    """
    tolerant_stdin()
    g = load_game(game, options, ruleset)
    given = {p: spec for p, spec in enumerate((p1, p2, p3, p4, p5, p6), start=1) if spec}
    seats, seed, by_seed = seat_players(g.num_players, given, seed, bot, time_per_move,
                                        bot_seconds=DEFAULT_SECONDS_PER_MOVE)
    humans = [s for s in seats if s.human]
    if len(names) > len(humans):
        raise click.UsageError(f"{plural(len(names), 'name')} for {len(humans)} "
                               f"{'person' if len(humans) == 1 else 'people'} playing")
    for seat, name in zip(humans, names, strict=False):
        seat.name = name.strip() or None
    if plain is None:
        plain = not (sys.stdin.isatty() and sys.stdout.isatty())
    terminal = PlainTerminal(sys.stdin, click.echo) if plain \
        else RichTerminal()
    Session(g, seats, seed, time_per_move=time_per_move, save_path=save_path,
            hint_spec=hint_agent, by_seed=by_seed, terminal=terminal, max_moves=max_moves,
            force=force).run()


COMMANDS = [play]
