"""Commands about the language: parse, check, doc, info."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ludeme.cli.common import emit_json, game_options, handle_errors
from ludeme.errors import LudemeError, UsageError

# exit statuses
OK, DESCRIPTION_ERROR, USAGE_ERROR = 0, 1, 2


def _each(files: tuple[str, ...], work: Callable[[str], str | None]) -> None:
    """Run ``work`` on every file, printing its errors and carrying on; exit with the
    worst status (2 when any file was a usage error, 1 for description errors)."""
    from ludeme.api import guarded

    status = OK
    for f in files:
        try:
            with guarded("reading"):
                line = work(f)
        except UsageError as err:
            click.echo(err.format(), err=True)
            status = USAGE_ERROR
        except LudemeError as err:
            click.echo(err.format(), err=True)
            status = max(status, DESCRIPTION_ERROR)
        else:
            if line:
                click.echo(line)
    sys.exit(status)


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--expanded", is_flag=True,
              help="Print the expanded game (options and defines substituted), formatted "
                   "canonically.")
@game_options
def parse(files, expanded, options, ruleset):
    """Read FILE... (paths or bundled names): syntax, options, defines and variants only.

    Exits 0 when every file parses, 1 on errors in a description, 2 on usage errors
    (a missing file, an unknown option).
    """
    from ludeme.api import load_description
    from ludeme.syntax.printer import format_nodes

    def work(f: str) -> str | None:
        desc = load_description(f, options, ruleset)
        if expanded:
            return format_nodes([desc.game]).rstrip("\n")
        return f"ok  {f}: \"{desc.name}\""

    _each(files, work)


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@game_options
def check(files, options, ruleset):
    """Check FILE... (paths or bundled names) against the ludeme vocabulary and compile it.

    Every error is reported with its file, line and column. Exits 0 when every file
    compiles, 1 on errors in a description, 2 on usage errors.
    """
    from ludeme.api import compile_description, load_description

    def work(f: str) -> str:
        desc = load_description(f, options, ruleset)
        game = compile_description(desc)
        for w in game.warnings:
            click.echo(w.format(), err=True)
        warned = f" ({len(game.warnings)} warning{'s' * (len(game.warnings) != 1)})" \
            if game.warnings else ""
        return (f"ok  {f}: \"{game.name}\", {game.num_players} players, "
                f"{game.board.describe()}{warned}")

    _each(files, work)


@click.command()
@click.argument("name", required=False, nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "md"]), default="text",
              show_default=True, help="Plain text, or Markdown (for docs/ludemes.md).")
@click.option("--out", "out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of the terminal.")
@handle_errors
def doc(name, fmt, out):
    """The ludeme reference, generated from the registry: signatures, types, docs.

    NAME is a ludeme ('move Add', 'sites'), a category ('regions'), 'defines' (the
    standard defines every description may use) or one of them ('HopCapture');
    without it, everything. 'ludeme doc interop' describes games as OpenSpiel games and
    PettingZoo environments (actions, observation tensor). 'ludeme doc --format md --out
    docs/ludemes.md' regenerates the Markdown reference.
    """
    from ludeme.lang import reference

    wanted = " ".join(name) if name else None
    if wanted == "interop":  # a topic, not a ludeme: the same Markdown text either way
        from ludeme.interop import reference as interop_reference

        decls, text, what = [], interop_reference(), "the interop reference"
    elif reference.is_defines_request(wanted):
        decls, text, what = [], reference.defines_text(wanted), "the standard defines"
    else:
        decls = reference.select(wanted)
        what = f"{len(decls)} declarations"
        if fmt == "md":
            text = reference.markdown(decls if wanted else None)
        else:
            text = reference.text(decls, detailed=bool(wanted))
            if not wanted:
                text += "\n" + reference.defines_text()
    if out:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as err:
            raise UsageError(f"{out}: cannot write: {err.strerror or err}") from None
        click.echo(f"wrote {out} ({what})")
    else:
        click.echo(text, nl=False)


def game_info(desc, game=None, errors: list[str] | None = None) -> dict[str, Any]:
    """What ``ludeme info`` shows, as plain data."""
    from ludeme.syntax.printer import format_node

    players: Any = game.num_players if game is not None else None
    board: Any = game.board.describe() if game is not None else None
    if game is None:  # fall back on the text of the description
        for a in desc.game.args:
            head = getattr(a, "head", None)
            if head == "players" and a.args:
                players = getattr(a.args[0], "value", None)
            if head == "equipment":
                for item in getattr(a.args[0], "items", a.args) if a.args else ():
                    if getattr(item, "head", None) == "board":
                        board = format_node(item, width=10_000)
    info = {k: desc.info(k) for k in ("description", "rules", "source", "origin", "aliases",
                                      "credit", "version")}
    own_keys, variant_choices = _variant_own(desc)
    return {
        "name": desc.name,
        "path": desc.path,
        "variant_of": desc.base,
        "players": players,
        "board": board,
        "options": [{
            "title": o.title, "key": o.key,
            "items": [{"name": i.name, "description": i.description,
                       "default": i is o.default, "chosen": desc.chosen.get(o.title) == i.name}
                      for i in o.items]} for o in desc.options],
        "rulesets": [{"name": r.name, "choices": r.choices, "chosen": r.name == desc.ruleset}
                     for r in desc.rulesets],
        "info": {k: v for k, v in info.items() if v},
        # for a variant: the info texts its own file does not give (they are its base's)
        # and the option choices its file makes
        "info_from_base": [k for k, v in info.items() if v and desc.base and k not in own_keys],
        "variant_options": variant_choices,
        "errors": errors or [],
    }


def _variant_own(desc) -> tuple[set[str], list[str]]:
    """The metadata info keys a variant file gives itself and the option choices it makes
    (nothing for a description that is not a variant)."""
    if not desc.base:
        return set(), []
    from ludeme.expand.description import _read
    from ludeme.expand.metadata import plain_metadata
    from ludeme.expand.variants import _variant_settings

    try:
        parts = _read(desc.path, desc.source)
        choices = [c for c, _ in _variant_settings(parts.variant)[1]] if parts.variant else []
    except LudemeError:
        return set(), []
    own: set[str] = set()
    for form in parts.metadata:
        info = plain_metadata(form).get("info")
        if isinstance(info, dict):
            own |= set(info)
    return own, choices


def _wrap(text: str, indent: str = "    ") -> str:
    paras = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "\n".join(textwrap.fill(" ".join(p.split()), 92, initial_indent=indent,
                                   subsequent_indent=indent) for p in paras)


@click.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@game_options
@handle_errors
def info(game, as_json, options, ruleset):
    """A game's name, players, board, options, rulesets and rules text.

    GAME is a path or a bundled name. A description that does not check is still
    described, from its text, with its errors counted.
    """
    from ludeme.api import compile_description, load_description

    desc = load_description(game, options, ruleset)
    errors: list[str] = []
    try:
        g = compile_description(desc)
    except UsageError:
        raise
    except LudemeError as err:
        g = None
        errors = [d.format().splitlines()[0] for d in err.diagnostics if d.severity == "error"]
    data = game_info(desc, g, errors)
    if as_json:
        emit_json(data)
        return
    lines = [data["name"], f"  file:      {data['path']}"]
    if data["variant_of"]:
        lines.append(f"  variant of {data['variant_of']}")
    lines.append(f"  players:   {data['players'] if data['players'] is not None else '?'}")
    lines.append(f"  board:     {data['board'] or '?'}")
    if data["options"]:
        lines.append("  options (* chosen):")
        for o in data["options"]:
            lines.append(f"    {o['title']}  <{o['key']}>")
            width = max(len(i["name"]) for i in o["items"])
            for i in o["items"]:
                mark = "*" if i["chosen"] else " "
                extra = "  (default)" if i["default"] else ""
                lines.append(f"      {mark} {i['name']:<{width}}  {i['description']}{extra}"
                             .rstrip())
    if data["rulesets"]:
        lines.append("  rulesets (* chosen):")
        for r in data["rulesets"]:
            mark = "*" if r["chosen"] else " "
            choices = ", ".join(r["choices"]) or "the default options"
            lines.append(f"    {mark} {r['name']}: {choices}")
    base_name = Path(data["variant_of"]).stem if data["variant_of"] else None
    for key, text in data["info"].items():
        if key in data["info_from_base"]:
            chosen = ", ".join(data["variant_options"]) or "none"
            lines.append(f"  {key} (the text of {base_name}; this variant chooses: {chosen}):")
        else:
            lines.append(f"  {key}:")
        lines.append(_wrap(text))
    if errors:
        lines.append(f"  does not check: {len(errors)} error{'s' * (len(errors) != 1)} "
                     f"(run 'ludeme check {game}')")
    click.echo("\n".join(lines))


COMMANDS = [parse, check, doc, info]
