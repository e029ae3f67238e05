"""Entry point: a click group; commands live in ``cmd_*`` modules, discovered at start."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

import ludeme.cli as pkg


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="ludeme")
def cli() -> None:
    """ludeme: board games written as Ludii-style descriptions, compiled and played.

    GAME is a path to a .lud file or the name of a bundled description
    (see 'ludeme list').
    """


def _register() -> None:
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if info.name.startswith("cmd_"):
            module = importlib.import_module(f"{pkg.__name__}.{info.name}")
            for command in getattr(module, "COMMANDS", ()):
                cli.add_command(command)


_register()


def main() -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    cli()


if __name__ == "__main__":
    main()
