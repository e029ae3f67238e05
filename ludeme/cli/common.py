"""What every command shares: loading a game from arguments, errors, JSON output."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from ludeme.errors import LudemeError, UsageError


def game_options(fn: Callable) -> Callable:
    """Adds ``--option "Title/Item"`` (repeatable) and ``--ruleset NAME``."""
    fn = click.option("--ruleset", "ruleset", default=None, metavar="NAME",
                      help="Choose a ruleset declared in the description.")(fn)
    fn = click.option("--option", "-o", "options", multiple=True, metavar="TITLE/ITEM",
                      help='Choose an option item, e.g. -o "Board Size/10x10" (repeatable).')(fn)
    return fn


def handle_errors(fn: Callable) -> Callable:
    """Print a LudemeError as a diagnostic and exit 1 (2 for usage errors); never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except UsageError as err:
            click.echo(err.format(), err=True)
            sys.exit(2)
        except LudemeError as err:
            click.echo(err.format(), err=True)
            sys.exit(1)
        except RecursionError:
            click.echo("error: input nested too deeply", err=True)
            sys.exit(1)
        except MemoryError:
            click.echo("error: out of memory", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    return wrapper


def tolerant_stdin() -> None:
    """Bytes on standard input that are not text in the locale's encoding become U+FFFD
    (then an unknown move or command), never a UnicodeDecodeError."""
    try:
        sys.stdin.reconfigure(errors="replace")
    except (AttributeError, ValueError, OSError):
        pass    # not a text stream we can reconfigure (a test's input, a closed stdin)


def load_game(game: str, options: tuple[str, ...] = (), ruleset: str | None = None):
    from ludeme.api import load

    return load(game, list(options), ruleset)


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False))
