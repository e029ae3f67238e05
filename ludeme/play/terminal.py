"""Where a play session reads and writes: plain lines (a pipe, so sessions can be
scripted; the diagram is ``str(state)``) or a colour terminal (rich). The session
decides what to say; a terminal only decides how it looks and how a line is read."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

TIMED_OUT = "\x00timed out"      # a sentinel no typed line can equal (lines are stripped)
# The longest line kept; a longer one is read to its end and dropped, and comes back
# as its first MAX_LINE + 1 characters so the session can say it was too long.
MAX_LINE = 2_000


def read_line(stream: TextIO) -> str | None:
    """The next line of ``stream`` stripped, None at the end of input; a line longer
    than ``MAX_LINE`` costs no more memory than a short one (see ``MAX_LINE``)."""
    line = stream.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) > MAX_LINE and not line.endswith("\n"):
        rest = line
        while rest and not rest.endswith("\n"):
            rest = stream.readline(65_536)
        return line
    return line.strip()


class Terminal(Protocol):
    """What a session needs from the place it is played."""

    # whether a game between agents alone is drawn position by position
    shows_every_position: bool

    def say(self, text: str, style: str | None = None) -> None:
        """One line; ``style`` is a rich style, for terminals that have colour."""

    def show(self, state: State, last_move: Move | None, to_move: str | None,
             notes: list[str]) -> None:
        """The position, with the name of who is to move (None once the game is over)
        and notes such as the last move."""

    def read(self, name: str, until: float | None = None) -> str | None:
        """The next line player ``name`` types, stripped; None at the end of input,
        ``TIMED_OUT`` when the wait could be cut at ``until`` (``time.perf_counter``)."""

    def thinking(self, text: str) -> AbstractContextManager[object]:
        """Held while an agent chooses its move. What it gives (``with ... as status``)
        is None or has ``update(text)``, for a line that says what the agent has found."""


def _write_stdout(text: str) -> None:
    print(text, flush=True)


class PlainTerminal:
    """One line per event, no colour: reads ``lines`` and writes through ``write``."""

    shows_every_position = False

    def __init__(self, lines: TextIO | None = None,
                 write: Callable[[str], object] | None = None) -> None:
        self.lines = lines if lines is not None else sys.stdin
        self.write = write or _write_stdout

    def say(self, text: str, style: str | None = None) -> None:
        self.write(text)

    def show(self, state: State, last_move: Move | None, to_move: str | None,
             notes: list[str]) -> None:
        self.write(str(state))
        for n in notes:
            self.write(n)

    def read(self, name: str, until: float | None = None) -> str | None:
        """A stripped line, or None at the end of input. A pipe cannot be waited on
        with a timeout: the session judges a late line when it comes."""
        return read_line(self.lines)

    def thinking(self, text: str) -> AbstractContextManager[object]:
        return nullcontext()


class RichTerminal:
    """The board drawn in colour in a panel, a prompt with the player's name, a
    spinner while an agent thinks with what it has found so far."""

    shows_every_position = True

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False)

    def show(self, state: State, last_move: Move | None, to_move: str | None,
             notes: list[str]) -> None:
        from rich.panel import Panel
        from rich.text import Text

        from ludeme.render.rich_board import (
            board_text,
            legend,
            move_sites,
            number_lines,
            player_style,
        )

        name = state.game.name
        body = board_text(state, move_sites(last_move))
        body.append_text(legend(state))
        # the count of moves played, as the plain diagram gives it
        title = f"{name} · move {state.ply}" if state.history else name
        self.console.print(Panel(body, title=title, expand=False))
        if to_move is not None:
            self.console.print(Text(f"{to_move} to move", style=player_style(state.mover)))
        for line in number_lines(state):
            self.console.print(line, markup=False)
        for n in notes:
            self.console.print(n, style="bold yellow" if n.startswith("warning") else "dim",
                               markup=False)

    def read(self, name: str, until: float | None = None) -> str | None:
        """A stripped line, or None at the end of input. With a deadline (``until``, a
        ``time.perf_counter`` value) and a real terminal on stdin the wait stops there
        and ``TIMED_OUT`` comes back; otherwise the session judges a late line."""
        prompt = f"[bold]{name}>[/] "
        if until is not None and _tty_stdin():
            import select

            left = until - time.perf_counter()
            self.console.print(f"[dim]({max(left, 0):.0f} s)[/] " + prompt, end="")
            ready, _, _ = select.select([sys.stdin], [], [], max(left, 0.0))
            if not ready:
                self.console.print()
                return TIMED_OUT
            return read_line(sys.stdin)
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            return None

    def thinking(self, text: str) -> AbstractContextManager[object]:
        return self.console.status(text)


def _tty_stdin() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
