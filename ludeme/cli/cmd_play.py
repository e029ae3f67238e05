"""``ludeme play GAME``: play any description from the terminal, against agents or
other people on the same keyboard.

On a terminal the board is drawn in colour (rich); on a pipe everything is plain
text (the diagram is ``str(state)``), one line per event, so sessions can be scripted:

    printf 'b2\\nresign\\n' | ludeme play tic-tac-toe --seed 3

What is typed at a human's turn is a move in the game's notation or a command:
``moves``, ``undo``, ``hint``, ``draw``, ``resign``, ``save FILE``, ``quit``, ``help``.
"""

from __future__ import annotations

import inspect
import random
import sys
import time
from dataclasses import dataclass

import click

from ludeme.cli.common import game_options, handle_errors, load_game
from ludeme.errors import LudemeError, UsageError
from ludeme.records import (
    END_AGREED,
    END_RESIGNED,
    END_RULES,
    END_TIME,
    END_UNFINISHED,
    GameRecord,
    agent_move,
    agent_seed,
    derive_seed,
    finish_record,
    new_record,
    save_records,
)

MAX_SEATS = 6
DRAW_MARGIN = 0.2        # a bot accepts a draw when it values its position at most this
BUDGET_PARAMS = ("iterations", "seconds", "nodes", "depth")
COMMANDS_HELP = ("commands: moves (legal moves), undo, hint, draw (offer a draw), resign, "
                 "save FILE, quit, help; anything else is read as a move")


@dataclass
class Seat:
    player: int
    spec: str                   # "human" or an agent spec
    seed: int | None = None
    agent: object | None = None

    @property
    def human(self) -> bool:
        return self.spec == "human"


def assign_seats(n: int, given: dict[int, str], seed: int | None, bot: str
                 ) -> tuple[list[str], bool]:
    """Seat specs for players 1..n, and whether the seed placed the human.

    Seats given explicitly stay. If nobody was seated as ``human``, one free seat gets
    the human (P1, or the seat the seed picks when a seed is given) and the other free
    seats get ``bot``; with a human already seated, free seats get ``bot``.
    """
    for p in given:
        if not 1 <= p <= n:
            raise UsageError(f"--p{p}: this game has {n} player{'s' if n > 1 else ''}")
    specs = [given.get(p) for p in range(1, n + 1)]
    free = [p for p in range(1, n + 1) if specs[p - 1] is None]
    by_seed = False
    if free and "human" not in specs:
        if seed is not None and len(free) > 1:
            human = free[random.Random(derive_seed(seed, "seats")).randrange(len(free))]
            by_seed = True
        else:
            human = free[0]
        specs[human - 1] = "human"
    return [s if s is not None else bot for s in specs], by_seed


def with_deadline(spec: str, seconds: float | None) -> str:
    """A bot spec given the move deadline as its thinking time when it has no budget
    of its own (an explicit budget wins)."""
    from ludeme.agents.base import AGENTS, _load_all, parse_spec

    if seconds is None or spec == "human":
        return spec
    _load_all()
    name, params = parse_spec(spec)
    cls = AGENTS.get(name)
    if cls is None or any(k in params for k in BUDGET_PARAMS):
        return spec
    if "seconds" not in inspect.signature(cls).parameters:
        return spec
    # leave a margin for the move's own bookkeeping
    budget = round(max(seconds * 0.8, 0.05), 3)
    return f"{name}:" + ",".join([*(f"{k}={v}" for k, v in params.items()), f"seconds={budget}"])


class Session:
    """One game at the terminal. ``plain`` selects pipe mode."""

    def __init__(self, game, seats: list[Seat], seed: int, plain: bool,
                 time_per_move: float | None = None, save_path: str | None = None,
                 hint_spec: str | None = None, by_seed: bool = False):
        from ludeme.agents.base import make_agent

        self.game = game
        self.seats = seats
        self.seed = seed
        self.plain = plain
        self.deadline = time_per_move
        self.save_path = save_path
        self.by_seed = by_seed
        self.state = game.new_initial_state()
        # (state before, move text, mover) for every move played, to undo and to record
        self.played: list[tuple[object, str, int]] = []
        self.last_move = None
        self.end = END_UNFINISHED
        self.end_by: int | None = None
        self.humans = [s.player for s in seats if s.human]
        bots = [s.spec for s in seats if not s.human]
        self.hint_spec = hint_spec or (bots[0] if bots else "mcts")
        self._hint_agent = None
        self.make_agent = make_agent
        if not plain:
            from rich.console import Console

            self.console = Console(highlight=False)
        self.stdin = click.get_text_stream("stdin")

    # -- output ------------------------------------------------------------------------
    def say(self, text: str, style: str | None = None) -> None:
        if self.plain:
            click.echo(text)
        else:
            self.console.print(text, style=style, markup=False)

    def error(self, err: LudemeError) -> None:
        d = err.diagnostics[0]
        self.say(f"error: {d.message}", "bold red")
        if d.hint:
            self.say(f" = {d.hint}", "red")

    def name(self, player: int) -> str:
        seat = self.seats[player - 1]
        if seat.human:
            return f"P{player} (you)" if len(self.humans) == 1 else f"P{player}"
        return f"P{player} ({seat.spec.partition(':')[0]})"

    def announce(self) -> None:
        parts = []
        for seat in self.seats:
            who = "human" if seat.human else seat.spec
            if seat.human and len(self.humans) == 1:
                who = "you"
            parts.append(f"P{seat.player} {who}")
        how = ", seat chosen by the seed" if self.by_seed else ""
        self.say(f"{self.game.name}: {', '.join(parts)} (seed {self.seed}{how})", "bold")

    def show(self) -> None:
        s = self.state
        notes = []
        if self.last_move is not None:
            notes.append(f"last move: {self.name(self.played[-1][2])} {self.played[-1][1]}")
        if s.outcome is None and s.repetitions() == 2:
            notes.append("warning: this position has occurred twice")
        if self.plain:
            click.echo(str(s))
            for n in notes:
                click.echo(n)
            return
        from rich.panel import Panel
        from rich.text import Text

        from ludeme.render.rich_board import board_text, legend, move_sites, number_lines

        body = board_text(s, move_sites(self.last_move))
        body.append_text(legend(s))
        title = f"{self.game.name} · move {s.ply + 1}" if s.outcome is None else self.game.name
        self.console.print(Panel(body, title=title, expand=False))
        if s.outcome is None:
            self.console.print(Text(f"{self.name(s.mover)} to move",
                                    style=_player_style(s.mover)))
        for line in number_lines(s):
            self.console.print(line, markup=False)
        for n in notes:
            self.console.print(n, style="bold yellow" if n.startswith("warning") else "dim",
                               markup=False)

    # -- input -------------------------------------------------------------------------
    def read(self, player: int, until: float | None = None) -> str | None:
        """A line from the player, or None at the end of input. On a terminal with a
        deadline (``until``, a ``time.perf_counter`` value) the wait stops there and
        ``TIMED_OUT`` comes back; on a pipe a late line is judged by the caller."""
        if self.plain:
            line = self.stdin.readline()
            return line.strip() if line else None
        prompt = f"[bold]{self.name(player)}>[/] "
        if until is not None and _tty_stdin():
            import select

            left = until - time.perf_counter()
            self.console.print(f"[dim]({max(left, 0):.0f} s)[/] " + prompt, end="")
            ready, _, _ = select.select([sys.stdin], [], [], max(left, 0.0))
            if not ready:
                self.console.print()
                return TIMED_OUT
            line = sys.stdin.readline()
            return line.strip() if line else None
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            return None

    # -- the game ----------------------------------------------------------------------
    def run(self) -> GameRecord:
        self.announce()
        shown = False
        while not self.state.is_terminal():
            seat = self.seats[self.state.mover - 1]
            if seat.human:
                if not shown:
                    self.show()
                    shown = True
                outcome = self.human_turn(seat)
                if outcome == "stop":
                    break
                if outcome == "moved":
                    shown = False
            else:
                if not self.plain and not shown and not self.humans:
                    self.show()         # watching bots: every position
                self.bot_turn(seat)
                shown = False
        if self.state.is_terminal() and self.end == END_UNFINISHED:
            self.end = END_RULES
        self.finish()
        return self.record()

    def play(self, move, seat: Seat) -> None:
        text = self.state.move_to_string(move)
        self.played.append((self.state.clone(), text, seat.player))
        self.state.apply(move)
        self.last_move = move
        self.say(f"{self.name(seat.player)} plays {text}")

    def bot_turn(self, seat: Seat) -> None:
        start = time.perf_counter()
        if self.plain:
            move = agent_move(seat.agent, self.state)
        else:
            with self.console.status(f"{self.name(seat.player)} is thinking..."):
                move = agent_move(seat.agent, self.state)
        took = time.perf_counter() - start
        if self.deadline is not None and took > self.deadline * 1.5 + 1:
            # a bot's time is its own budget; only say so when it ran far over
            self.say(f"({self.name(seat.player)} took {took:.1f} s)")
        self.play(move, seat)

    def human_turn(self, seat: Seat) -> str:
        """Read and act on lines until a move is made ("moved"), the game is decided or
        stopped ("stop"), or something else happened ("again")."""
        started = time.perf_counter()
        until = started + self.deadline if self.deadline is not None else None
        while True:
            line = self.read(seat.player, until)
            if line is None:
                self.say("input ended: the game stops unfinished")
                return "stop"
            if line is TIMED_OUT or (until is not None and time.perf_counter() > until):
                self.say(f"{self.name(seat.player)} let the {self.deadline:g} s deadline pass "
                         f"and loses on time")
                self.end, self.end_by = END_TIME, seat.player
                return "stop"
            if not line:
                continue
            word, _, rest = line.partition(" ")
            cmd = word.lower()
            if cmd == "help":
                self.say(COMMANDS_HELP)
            elif cmd == "moves":
                legal = [self.state.move_to_string(m) for m in self.state.legal_moves()]
                self.say(f"{len(legal)} legal moves: " + " ".join(legal))
            elif cmd == "undo":
                if self.undo():
                    return "moved"
            elif cmd == "hint":
                self.hint()
            elif cmd == "draw":
                if self.offer_draw(seat.player):
                    return "stop"
            elif cmd == "resign":
                self.say(f"{self.name(seat.player)} resigns")
                self.end, self.end_by = END_RESIGNED, seat.player
                return "stop"
            elif cmd == "quit":
                self.say("game stopped unfinished")
                return "stop"
            elif cmd == "save":
                if not rest.strip():
                    self.say("usage: save FILE")
                    continue
                try:
                    save_records(rest.strip(), [self.record()])
                    self.say(f"saved the game so far to {rest.strip()}")
                except LudemeError as err:
                    self.error(err)
            else:
                try:
                    move = self.state.parse_move(line)
                except LudemeError as err:
                    self.error(err)
                    continue
                self.play(move, seat)
                return "moved"

    def undo(self) -> bool:
        """Take back the last move a person made and the bots' moves after it."""
        if not any(self.seats[p - 1].human for _, _, p in self.played):
            self.say("nothing to undo")
            return False
        while self.played:
            before, text, player = self.played.pop()
            self.state = before
            self.say(f"took back {self.name(player)} {text}")
            if self.seats[player - 1].human:
                break
        self.last_move = self.state.history[-1] if self.state.history else None
        return True

    def hint(self) -> None:
        if self._hint_agent is None:
            spec = self.hint_spec if self.hint_spec != "human" else "mcts"
            self._hint_agent = self.make_agent(spec, derive_seed(self.seed, "hint"))
        agent = self._hint_agent
        move = agent_move(agent, self.state)
        text = f"hint ({agent.spec.partition(':')[0]}): {self.state.move_to_string(move)}"
        value = getattr(agent, "last_value", None)
        if value is not None and agent.name == "alphabeta":
            text += f" (evaluation {max(-1.0, min(1.0, value)):+.2f})"
        elif getattr(agent, "last_root", None) is not None and agent.last_root.children:
            best = max(agent.last_root.children, key=lambda ch: ch.visits)
            text += f" (evaluation {best.value / best.visits:+.2f})"
        self.say(text)

    def offer_draw(self, player: int) -> bool:
        """``player`` offers a draw; every other player must accept."""
        self.say(f"{self.name(player)} offers a draw")
        for seat in self.seats:
            if seat.player == player:
                continue
            if seat.human:
                self.say(f"{self.name(seat.player)}: accept the draw? (yes/no)")
                answer = self.read(seat.player)
                ok = bool(answer) and answer.lower() in ("y", "yes")
            else:
                value = self.bot_value(seat)
                ok = value is not None and value <= DRAW_MARGIN
                why = "no opinion" if value is None else f"it values its position {value:+.2f}"
                self.say(f"{self.name(seat.player)} {'accepts' if ok else 'declines'} ({why})")
            if not ok:
                if seat.human:
                    self.say(f"{self.name(seat.player)} declines")
                return False
        self.say("draw agreed")
        self.end, self.end_by = END_AGREED, None
        return True

    def bot_value(self, seat: Seat) -> float | None:
        agent = seat.agent
        if seat.seed is not None:
            agent.rng.seed(derive_seed(seat.seed, "draw", self.state.ply))
        if hasattr(agent, "value_for"):
            return agent.value_for(self.state, seat.player)
        if self.state.mover == seat.player:
            return agent.evaluate(self.state)
        return None

    # -- the end -----------------------------------------------------------------------
    def record(self) -> GameRecord:
        rec = new_record(self.game, [s.spec for s in self.seats], [s.seed for s in self.seats],
                         self.seed)
        rec.moves = [text for _, text, _ in self.played]
        end = self.end
        if end == END_UNFINISHED and self.state.is_terminal():
            end = END_RULES
        return finish_record(rec, self.state, end, self.end_by)

    def finish(self) -> None:
        rec = self.record()
        if self.state.is_terminal():
            self.last_move = self.state.history[-1] if self.state.history else None
            self.show()
        self.say(f"result: {rec.result_text()} after {len(rec.moves)} moves (seed {self.seed})",
                 "bold")
        if self.save_path:
            save_records(self.save_path, [rec])
            self.say(f"saved the game record to {self.save_path}")


TIMED_OUT = "\x00timed out"      # a sentinel no typed line can equal (lines are stripped)


def _tty_stdin() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _player_style(player: int) -> str:
    from ludeme.render.rich_board import player_style

    return player_style(player)


def _seat_option(n: int):
    return click.option(f"--p{n}", f"p{n}", default=None, metavar="SPEC",
                        help=f"Who plays P{n}: human, random, mcts[:iterations=..,c=..], "
                             f"alphabeta[:nodes=..,depth=..]." if n == 1 else
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
                   "sets a budget); a person who enters a move after it loses on time.")
@click.option("--save", "save_path", default=None, metavar="FILE",
              help="Write the game record here at the end (JSON; .jsonl for JSON Lines).")
@click.option("--hint-agent", default=None, metavar="SPEC",
              help="The agent that answers 'hint' (default: the first bot's spec, or mcts).")
@click.option("--plain/--color", "plain", default=None,
              help="Plain text or coloured output (default: colour on a terminal).")
@game_options
@handle_errors
def play(game, p1, p2, p3, p4, p5, p6, bot, seed, time_per_move, save_path, hint_agent, plain,
         options, ruleset):
    """Play GAME in the terminal: people and agents in any seats.

    By default you play one seat against the mcts agent: P1, or with --seed, the seat
    the seed picks (announced on the first line). Type moves in the game's notation;
    'help' lists the commands.
    """
    from ludeme.agents.base import make_agent

    g = load_game(game, options, ruleset)
    given = {p: spec for p, spec in enumerate((p1, p2, p3, p4, p5, p6), start=1) if spec}
    for p, spec in given.items():
        if spec.strip() == "human":
            given[p] = "human"
    specs, by_seed = assign_seats(g.num_players, given, seed, bot)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    seats = []
    for p, spec in enumerate(specs, start=1):
        spec = with_deadline(spec, time_per_move)
        if spec == "human":
            seats.append(Seat(p, spec))
            continue
        agent = make_agent(spec, agent_seed(seed, p))
        seats.append(Seat(p, agent.spec, agent.seed, agent))
    if plain is None:
        plain = not (sys.stdin.isatty() and sys.stdout.isatty())
    if hint_agent:
        make_agent(hint_agent)          # a bad spec is reported now, not at the first hint
    session = Session(g, seats, seed, plain, time_per_move, save_path, hint_agent, by_seed)
    session.run()


COMMANDS = [play]
