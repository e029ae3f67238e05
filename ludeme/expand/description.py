"""A description file after expansion: the game form plus what surrounds it.

Order of work: options are chosen (defaults, then a ruleset, then explicit choices),
their placeholders are substituted everywhere, then defines are expanded. A variant
file names its base description and changes option choices, defines or metadata.

Errors that leave the rest of the description meaningful (an unknown define, a
missing argument, a bad ruleset entry) are collected and reported together; errors
that make the rest meaningless (a broken option declaration, a define bomb) stop at
once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ludeme.errors import Diagnostic, LudemeError, Span, suggest
from ludeme.expand.defines import MAX_TREE_DEPTH, Budget, DefineExpander, lift_defines
from ludeme.expand.metadata import plain_metadata
from ludeme.expand.options import (
    Layer,
    Option,
    Ruleset,
    Substituter,
    choose,
    parse_option,
    parse_rulesets,
    str_value,
)
from ludeme.expand.prelude import prelude_defines
from ludeme.expand.variants import load
from ludeme.syntax.ast import Form, Node
from ludeme.syntax.parser import check_depth, parse_text, read_source

#: the form a description is about: one game, or a match of several (Ludii's (match ...))
GAME_FORMS = ("game", "match")
TOP_LEVEL = ("game", "match", "define", "option", "rulesets", "metadata", "variant")


@dataclass
class Description:
    path: str
    source: str
    game: Form
    name: str
    options: list[Option] = field(default_factory=list)
    chosen: dict[str, str] = field(default_factory=dict)     # option title -> item name
    rulesets: list[Ruleset] = field(default_factory=list)
    ruleset: str | None = None
    metadata: dict = field(default_factory=dict)
    base: str | None = None                                   # for a variant: its base path
    base_source: str | None = None
    defines: dict[str, Form] = field(default_factory=dict)    # after option substitution

    @property
    def content_hash(self) -> str:
        text = self.source + "\0" + (self.base_source or "")
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def choice_strings(self) -> list[str]:
        return [f"{t}/{i}" for t, i in self.chosen.items()]

    def info(self, key: str) -> str | None:
        """A metadata info text (``description``, ``rules``, ``source``...), preferring
        a ``(useFor ...)`` entry that applies to the chosen ruleset or options."""
        info = self.metadata.get("info")
        if not isinstance(info, dict):
            return None
        active = set(self.choice_strings())
        if self.ruleset:
            active.add(self.ruleset)
        uses = info.get("useFor", [])
        for entry in uses if isinstance(uses, list) else [uses]:
            if isinstance(entry, dict) and key in entry and active & set(entry.get("for", [])):
                return _text(entry[key])
        return _text(info.get(key))


def _text(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


@dataclass
class Parts:
    """One file's top level, split; after loading a variant, its base's with the
    variant laid over them."""

    file: str
    source: str
    game: Form | None = None
    defines: dict[str, Form] = field(default_factory=dict)
    options: list[Option] = field(default_factory=list)
    rulesets: list[Ruleset] = field(default_factory=list)
    metadata: list[Form] = field(default_factory=list)
    variant: Form | None = None
    # what variant files choose: (ruleset, option choices) per variant, innermost first
    layers: list[Layer] = field(default_factory=list)
    name: str | None = None
    base: str | None = None
    base_source: str | None = None


def _split(nodes: list[Node], file: str, source: str) -> Parts:
    parts = Parts(file, source)
    if not nodes:
        what = "is empty" if not source.strip() else "holds only comments"
        raise LudemeError(Diagnostic(f"{file} {what}: there is no (game ...) to read",
                                     Span(file, 1, 1),
                                     "a description is a (game \"Name\" (players ...) "
                                     "(equipment ...) (rules ...)) form"))
    errors: list[Diagnostic] = []
    for n in nodes:
        if not isinstance(n, Form) or n.head_is_string or n.head_node is not None:
            errors.append(Diagnostic(
                "expected a form at the top level: (game ...), (define ...), (option ...), "
                "(rulesets ...), (metadata ...) or (variant ...)", n.span))
            continue
        if n.head in GAME_FORMS:
            if parts.game is not None:
                errors.append(Diagnostic("a description has one (game ...) or (match ...)",
                                         n.span, f"the first is at {parts.game.span}"))
            parts.game = n
        elif n.head == "define":
            name = str_value(n.args[0]) if n.args else None
            if name is None:
                errors.append(Diagnostic("(define ...) needs a name string first", n.span,
                                         "(define \"Name\" body)"))
            elif name not in parts.defines:  # defined twice: the first wins, as in Ludii
                parts.defines[name] = n
        elif n.head == "option":
            try:
                parts.options.append(parse_option(n))
            except LudemeError as err:
                errors.extend(err.diagnostics)
        elif n.head == "rulesets":
            try:
                parts.rulesets.extend(parse_rulesets(n))
            except LudemeError as err:
                errors.extend(err.diagnostics)
        elif n.head == "metadata":
            parts.metadata.append(n)
        elif n.head == "variant":
            if parts.variant is not None:
                errors.append(Diagnostic("a variant file has one (variant ...)", n.span))
            parts.variant = n
        else:
            errors.append(Diagnostic(f"unexpected ({n.head} ...) at the top level", n.span,
                                     suggest(n.head, TOP_LEVEL) or "expected one of: "
                                     + ", ".join(f"({t} ...)" for t in TOP_LEVEL)))
    titles: dict[str, Option] = {}
    for o in parts.options:  # options may share a key (Ludii substitutes them in turn)
        if o.title in titles:
            errors.append(Diagnostic(f"two options are titled \"{o.title}\"", o.span))
        titles[o.title] = o
    if parts.variant is not None:
        if parts.game is not None:
            errors.append(Diagnostic("a variant file has no (game ...): it changes its base's",
                                     parts.game.span))
        for what, present in (("option", parts.options), ("rulesets", parts.rulesets)):
            if present:
                span = present[0].span
                errors.append(Diagnostic(f"a variant file cannot declare ({what} ...)", span,
                                         "choose the base's options with options:{\"Title/Item\"}"))
    elif parts.game is None and not errors:
        errors.append(Diagnostic(f"{file}: no (game ...) in this description", Span(file, 1, 1),
                                 "a description is a (game \"Name\" ...) form, possibly with "
                                 "defines, options, rulesets and metadata around it"))
    if errors:
        raise LudemeError(errors)
    return parts


def _read(file: str, source: str) -> Parts:
    return _split(parse_text(source, file), file, source)


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diags:
        key = (d.message, str(d.span), d.hint)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def expand(path: str | Path, options: list[str] | None = None, ruleset: str | None = None,
           text: str | None = None) -> Description:
    """Read, parse and expand one description (or variant) file."""
    file = str(path)
    source = text if text is not None else read_source(path)
    seen = (Path(file).resolve(),) if text is None else ()
    parts = load(file, source, _read, seen=seen)
    cli = ((ruleset, None) if ruleset else None, [(o, None) for o in options or []])
    return _finish(parts, [*parts.layers, cli])


def _finish(parts: Parts, layers: list[Layer]) -> Description:
    errors: list[Diagnostic] = []
    chosen, ruleset_name = choose(parts.options, parts.rulesets, parts.file, layers, errors)
    budget = Budget()
    keys: dict[str, list[Option]] = {}
    for o in parts.options:
        keys.setdefault(o.key, []).append(o)
    sub = Substituter(keys, chosen, budget, errors)
    assert parts.game is not None
    game_nodes = sub.sub(parts.game)
    defines = {}
    for name, d in parts.defines.items():
        defines[name] = Form(d.head, (d.args[0], *sub.all(d.args[1:])), span=d.span)
    # defines written inside the game, where a chosen option item put them; the first
    # of a name counts (those inside other defines are declared as those expand)
    game_nodes, inner = lift_defines(game_nodes)
    for d in inner:
        defines.setdefault(d.args[0].value, d)
    # the prelude's defines, unless the description declares its own of the same name
    known = {**prelude_defines(), **defines}
    expander = DefineExpander(known, budget, errors)
    expanded = [x for n in game_nodes for x in expander.expand(n)]
    if expander.declared and errors:
        # a define declared inside another one is known everywhere, as in Ludii, even
        # where it is used before the define that declares it is expanded: once more
        # with it known from the start
        errors.clear()
        budget = Budget()
        expander = DefineExpander({**known, **expander.declared}, budget, errors)
        expanded = [x for n in game_nodes for x in expander.expand(n)]
    if errors:
        raise LudemeError(_dedupe(errors))
    if len(expanded) != 1 or not isinstance(expanded[0], Form):
        raise LudemeError(Diagnostic("the (game ...) form does not expand to one form",
                                     parts.game.span))
    game = expanded[0]
    # arguments substituted into defines can nest the tree deeper than any one text
    check_depth([game], MAX_TREE_DEPTH, "expanding defines and options nests the game")
    metadata: dict = {}
    for m in parts.metadata:
        for k, v in plain_metadata(_quiet_expand(m, sub, expander)).items():
            if isinstance(metadata.get(k), dict) and isinstance(v, dict):
                metadata[k].update(v)
            else:
                metadata[k] = v
    name = parts.name or str_value(game.args[0] if game.args else None) or Path(parts.file).stem
    return Description(parts.file, parts.source, game, name, parts.options,
                       {t: i.name for t, i in chosen.items()}, parts.rulesets, ruleset_name,
                       metadata, parts.base, parts.base_source, defines)


def _quiet_expand(form: Form, sub: Substituter, expander: DefineExpander) -> Form:
    """Metadata with options and defines expanded where they can be: metadata is kept
    whatever it holds, never an error."""
    saved = (list(sub.errors), list(expander.errors))
    try:
        out = [x for n in sub.sub(form) for x in expander.expand(n)]
    except LudemeError:
        out = []
    failed = len(sub.errors) != len(saved[0]) or len(expander.errors) != len(saved[1])
    sub.errors[:] = saved[0]
    expander.errors[:] = saved[1]
    if failed or len(out) != 1 or not isinstance(out[0], Form):
        return form
    return out[0]
