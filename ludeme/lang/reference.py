"""The ludeme reference, generated from the registry (``ludeme doc``).

Everything printed here comes from the declarations: the signature from the compile
function's parameters, the types from their annotations, the text from the
docstring, and ``ludii=`` notes where a form differs from Ludii's.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from ludeme.errors import UsageError, suggest
from ludeme.lang import types as T
from ludeme.lang.registry import Ludeme, Param, all_ludemes

#: categories (the modules of ludeme.ludemes) in reading order; others follow, sorted
CATEGORY_ORDER = ("rules", "equipment", "containers", "regions", "moves", "effects",
                  "conditions", "numbers", "chance")

LANGUAGE = """\
A description is a tree of forms `(name argument ...)`. Arguments are positional
or named (`name:value`); `{a b c}` is a list; strings are in double quotes and may
span lines; `//` starts a comment. Around the `(game ...)` form a file may hold:

- `(define "Name" body)`: a named piece of description, used as `"Name"`, or as
  `("Name" a b)` when its body uses the parameters `#1`, `#2`, ... As in Ludii, a
  parameter given no argument (fewer arguments, or `~` in its place) stands for
  nothing: it is left out, with its `name:` if it has one. A parameter may stand for
  a form's name: `(#1 of:(from))`. Defines may use defines; one that uses itself, or
  an expansion that grows past a fixed size, is an error. If a define is written
  twice, the first counts. The standard defines (below, and `ludeme doc defines`)
  need no declaration; a description's own define of the same name replaces one.
- `(option "Title" <Key> args:{<a> <b>} {(item "Name" <...> <...> "description")* ...})`:
  alternatives chosen with `-o "Title/Item"`; `<Key:a>` (or `<Key>` for the first
  argument) stands for the chosen item's argument anywhere in the game, even as a
  form's name: `(<Capture:type> ...)`. `*` marks the default item.
  An item may give fewer arguments than the option declares; several options may
  share a key (`<Key:a>` is the first one declaring `a`). An item's argument may
  hold half a form, `<(dual >` and `<)>`, joining what stands between them.
- `(rulesets {(ruleset "Ruleset/Name" {"Title/Item" ...}) ...})`: named sets of
  option choices, chosen with `--ruleset`; an entry naming no existing item is an
  error only when its ruleset is chosen.
- `(metadata (info {(description "...") (rules "...")}) ...)`: shown by
  `ludeme info`; other metadata is kept, never an error.
- A variant file holds `(variant "base" options:{"Title/Item" ...} ruleset:"..."
  name:"...")` and any defines it replaces. The base is a path relative to the
  variant file, or the name of a bundled description.

Ranges as in Ludii: `1..4` is `1 2 3 4`; `"A1".."B2"` is `"A1" "A2" "B1" "B2"`;
ends that are defines, `"Entry".."Exit"`, count once expanded. Numbers may be
written `.5` and `-.5`; doubled parentheses `((name ...))` are one form; `(match
"Name" ...)` takes the place of `(game ...)` for a match of several games.
"""


def category_order(categories: Iterable[str]) -> list[str]:
    cats = set(categories)
    return [c for c in CATEGORY_ORDER if c in cats] + sorted(cats - set(CATEGORY_ORDER))


def _title(category: str) -> str:
    return category.replace("_", " ").capitalize()


def select(name: str | None) -> list[Ludeme]:
    """The declarations a ``ludeme doc NAME`` asks for: a ludeme (``move Add``), every
    kind of a head (``move``), or a category (``regions``)."""
    decls = all_ludemes()
    if not name:
        return decls
    wanted = " ".join(name.split())
    for test in (lambda d: d.name == wanted or d.head == wanted,
                 lambda d: d.category == wanted.lower(),
                 lambda d: d.fn.__module__.rsplit(".", 1)[-1] == wanted.lower(),
                 lambda d: d.name.lower() == wanted.lower()):
        found = [d for d in decls if test(d)]
        if found:
            return found
    pool = sorted({d.name for d in decls} | {d.category for d in decls})
    raise UsageError(f"no ludeme or category named '{name}'",
                     hint=suggest(wanted, pool) or "run 'ludeme doc' for the whole reference")


def _default(p: Param) -> str:
    if p.variadic:
        return "any number"
    if not p.optional:
        return "required"
    if p.default is None:
        return "optional"
    value = p.default
    if isinstance(value, bool):
        value = "True" if value else "False"
    return f"optional, default {value}"


def _param_name(p: Param) -> str:
    return f"{p.name}:" if p.named else f"<{p.name}>"


def _doc(decl: Ludeme) -> str:
    return decl.doc.strip() or "(no description)"


# -- plain text ------------------------------------------------------------------------

def text(decls: list[Ludeme], detailed: bool = False) -> str:
    """The reference as plain text; ``detailed`` adds each parameter and its type."""
    out: list[str] = []
    by_cat = _by_category(decls)
    for cat in category_order(by_cat):
        if not detailed:
            out.append(_title(cat).upper())
        for d in by_cat[cat]:
            out.append(("" if detailed else "  ") + d.signature())
            body_indent = "    " if detailed else "      "
            if detailed:
                out.append(f"    category: {cat}")
                for p in d.params:
                    out.append(f"    {_param_name(p):<14} {p.type_name():<24} {_default(p)}")
                out.append("")
            for para in _doc(d).split("\n\n"):
                out.append(textwrap.fill(" ".join(para.split()), 92, initial_indent=body_indent,
                                         subsequent_indent=body_indent))
            if d.ludii:
                out.append(textwrap.fill("Ludii: " + " ".join(d.ludii.split()), 92,
                                         initial_indent=body_indent,
                                         subsequent_indent=body_indent))
            out.append("")
    if detailed:
        used = _types_of(decls)
        out.append("Types:")
        for t in used:
            out.append(f"  {t.name:<12} {_type_doc(t)}")
    return "\n".join(out).rstrip() + "\n"


# -- the standard defines --------------------------------------------------------------

def is_defines_request(name: str | None) -> bool:
    """``ludeme doc defines``, or one standard define's name (quoted or not)."""
    from ludeme.expand.prelude import prelude

    return bool(name) and (name.strip().lower() == "defines"
                           or name.strip().strip('"') in prelude())


def _define_call(d) -> str:
    args = " ".join(f"#{i}" for i in range(1, d.arity + 1))
    return f'("{d.name}" {args})' if args else f'"{d.name}"'


def defines_text(name: str | None = None) -> str:
    """The standard defines as plain text: all, or the one named."""
    from ludeme.expand.prelude import prelude
    from ludeme.syntax.printer import format_nodes

    defs = prelude()
    wanted = name.strip().strip('"') if name else None
    chosen = [d for n, d in defs.items() if wanted in (None, "defines", "Defines", n)]
    out = ["STANDARD DEFINES (usable in any description; its own define of the same name "
           "replaces one)"] if len(chosen) > 1 else []
    for d in chosen:
        out.append("  " + _define_call(d))
        ind = "      "
        out.append(textwrap.fill(d.summary, 92, initial_indent=ind, subsequent_indent=ind))
        for p, what in d.params:
            out.append(textwrap.fill(f"{p}: {what}", 92, initial_indent=ind,
                                     subsequent_indent=ind + "    "))
        if d.example:
            out.append(f"{ind}e.g. {d.example}")
        if len(chosen) == 1:
            body = format_nodes(list(d.form.args[1:])).rstrip("\n")
            out += ["", "    expands to:"] + ["    " + line for line in body.splitlines()]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _defines_markdown() -> list[str]:
    from ludeme.expand.prelude import prelude

    out = ["## Standard defines", "",
           "Ludii's standard defines, with its names and meanings, written for ludeme "
           "(`grammar/prelude.lud`). Any description may use them without declaring them; "
           "its own define of the same name replaces one. A parameter left out stands "
           "for nothing.", "", "| define | meaning |", "| --- | --- |"]
    for d in prelude().values():
        meaning = d.summary + "".join(f" `{p}` {what}." if not what.endswith(".")
                                      else f" `{p}` {what}" for p, what in d.params)
        if d.example:
            meaning += f" E.g. `{d.example}`."
        out.append(f"| `{_define_call(d)}` | {meaning} |")
    out.append("")
    return out


# -- Markdown --------------------------------------------------------------------------

def _anchor(text_: str) -> str:
    keep = "".join(c for c in text_.lower() if c.isalnum() or c in " -_")
    return keep.replace(" ", "-")


def markdown(decls: list[Ludeme] | None = None) -> str:
    """The whole reference as Markdown (``docs/ludemes.md``)."""
    decls = all_ludemes() if decls is None else decls
    by_cat = _by_category(decls)
    cats = category_order(by_cat)
    out = ["# Ludeme reference", "",
           "Generated from the ludeme registry by `ludeme doc --format md`; do not edit by "
           "hand.", "", f"{len(decls)} declarations in {len(cats)} categories.", "",
           "## Contents", "", "- [The language](#the-language)", "- [Types](#types)",
           "- [Standard defines](#standard-defines)"]
    for cat in cats:
        names = ", ".join(f"`{n}`" for n in dict.fromkeys(d.name for d in by_cat[cat]))
        out.append(f"- [{_title(cat)}](#{_anchor(_title(cat))}): {names}")
    out += ["", "## The language", "", LANGUAGE.rstrip(), "", "## Types", "",
            "| type | values |", "| --- | --- |"]
    used = [t for t in _types_of(decls) if t.name not in T.ALL_TYPES]
    for t in [*T.ALL_TYPES.values(), *used]:
        out.append(f"| `{t.name}` | {_type_doc(t)} |")
    out.append("")
    out += _defines_markdown()
    for cat in cats:
        out += [f"## {_title(cat)}", ""]
        for d in by_cat[cat]:
            out += _md_entry(d)
    return "\n".join(out).rstrip() + "\n"


def _md_entry(d: Ludeme) -> list[str]:
    out = [f"### `{d.name}`", "", "```", d.signature(), "```", ""]
    if d.params:
        out += ["| argument | type | |", "| --- | --- | --- |"]
        for p in d.params:
            out.append(f"| `{_param_name(p)}` | `{p.type_name()}` | {_default(p)} |")
        out.append("")
    out += [_doc(d), ""]
    if d.ludii:
        out += ["**Ludii:** " + " ".join(d.ludii.split()), ""]
    return out


def _by_category(decls: list[Ludeme]) -> dict[str, list[Ludeme]]:
    out: dict[str, list[Ludeme]] = {}
    for d in decls:
        out.setdefault(d.category or "other", []).append(d)
    return out


def _type_doc(t: T.LType) -> str:
    text_ = t.doc
    if t.values:
        text_ += ": " + " ".join(t.values)
    return text_


def _types_of(decls: list[Ludeme]) -> list[T.LType]:
    seen: dict[str, T.LType] = {}

    def add(t) -> None:
        if isinstance(t, tuple):
            for x in t:
                add(x)
        elif isinstance(t, T.ListOf):
            add(t.item)
        elif isinstance(t, T.LType):
            seen.setdefault(t.name, t)

    for d in decls:
        add(d.returns)
        for p in d.params:
            add(p.type)
    return [seen[k] for k in sorted(seen)]
