"""Checking a description typed in the page: in a child process with a time limit, so
a description that takes too long to compile or to produce its first moves is
stopped and reported instead of holding the server. The parser's own limits (size,
nesting, tokens) and the expander's (nodes, define depth) apply as on the command
line."""

from __future__ import annotations

import multiprocessing as mp
import sys
from typing import Any

# imported here, not in the child: a child forked while another thread of the server
# holds the import lock would wait for it forever
from ludeme.api import compile_description, guarded
from ludeme.errors import LudemeError
from ludeme.expand import expand
from ludeme.render.svg import render_svg

CHECK_SECONDS = 5.0
MAX_TEXT = 256 * 1024    # bytes of description text accepted from the page


def diagnostics(err: LudemeError, file: str) -> list[dict[str, Any]]:
    out = []
    for d in err.diagnostics:
        span = d.span
        here = span is not None and span.file == file
        out.append({"line": span.line if here else None, "col": span.col if here else None,
                    "message": d.message, "hint": d.hint, "severity": d.severity,
                    "where": None if here or span is None else str(span)})
    return out


def check_text(text: str, file: str, options: list[str] | None = None) -> dict[str, Any]:
    """Expand, check and compile ``text`` (as the file ``file``), draw its start and
    count its first moves; the result as plain data."""
    try:
        with guarded("checking"):
            desc = expand(file, list(options or []), None, text=text)
            game = compile_description(desc)
            state = game.new_initial_state()
            moves = len(state.legal_moves())
            svg = render_svg(state)
    except LudemeError as err:
        return {"ok": False, "diagnostics": diagnostics(err, file)}
    warnings = [d for d in getattr(desc, "warnings", []) or []]
    return {"ok": True, "name": game.name, "players": game.num_players,
            "board": game.board.describe(), "moves": moves, "svg": svg,
            "diagnostics": diagnostics(LudemeError(warnings), file) if warnings else []}


def _child(conn, text: str, file: str, options) -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    try:
        conn.send(check_text(text, file, options))
    except BaseException as err:  # noqa: BLE001 - anything left is reported, not raised
        conn.send({"ok": False, "diagnostics": [{"line": None, "col": None, "hint": None,
                                                 "severity": "error", "where": None,
                                                 "message": f"{type(err).__name__}: {err}"}]})
    finally:
        conn.close()


def check_limited(text: str, file: str, options: list[str] | None = None,
                  seconds: float = CHECK_SECONDS) -> dict[str, Any]:
    """``check_text`` in a child process, stopped after ``seconds``."""
    if len(text.encode("utf-8", "replace")) > MAX_TEXT:
        return {"ok": False, "diagnostics": [{
            "line": None, "col": None, "severity": "error", "where": None,
            "message": f"the text is larger than {MAX_TEXT // 1024} KiB",
            "hint": "a description is a few pages"}]}
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, text, file, options), daemon=True)
    proc.start()
    child.close()
    try:
        if parent.poll(seconds):
            try:
                return parent.recv()
            except EOFError:
                pass
            return {"ok": False, "diagnostics": [{
                "line": None, "col": None, "severity": "error", "where": None, "hint": None,
                "message": "the check stopped without an answer (out of memory?)"}]}
        return {"ok": False, "diagnostics": [{
            "line": None, "col": None, "severity": "error", "where": None,
            "message": f"stopped: compiling this description and producing its first moves "
                       f"took longer than {seconds:g} s",
            "hint": "is a region, a path or a define much larger than intended?"}]}
    finally:
        parent.close()
        if proc.is_alive():
            proc.kill()
        proc.join(1)
