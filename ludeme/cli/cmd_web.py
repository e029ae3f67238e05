"""``ludeme serve``: the local web app (play, edit, analyse in a browser)."""

from __future__ import annotations

from pathlib import Path

import click

from ludeme.cli.common import handle_errors
from ludeme.errors import UsageError


@click.command()
@click.argument("folders", nargs=-1, type=click.Path(exists=True, file_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the default answers this machine only).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--check-seconds", default=5.0, show_default=True, type=click.FloatRange(0.5, 60),
              help="How long a description edited in the page may take to compile and "
                   "produce its first moves before it is stopped.")
@handle_errors
def serve(folders, host, port, check_seconds):
    """Serve the web app: the bundled games and the .lud files in FOLDERS, to play
    (people and bots in any seats), edit (diagnostics as you type, the board drawn
    live) and analyse (a small simulation with its report and charts).

    The server reads descriptions only from the bundled set and FOLDERS, and writes no
    file: records are downloaded from the page.
    Needs the web extra: pip install 'ludeme[web]'.
    """
    try:
        import uvicorn

        from ludeme.web.app import create_app
    except ImportError as err:
        raise UsageError(f"ludeme serve needs {err.name}",
                         hint="pip install 'ludeme[web]'") from None
    app = create_app([Path(f) for f in folders], check_seconds=check_seconds)
    click.echo(f"ludeme: http://{host}:{port}/  (Ctrl-C to stop)")
    uvicorn.run(app, host=host, port=port, log_level="warning")


COMMANDS = [serve]
