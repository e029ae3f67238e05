"""A description file after expansion: the game form plus what surrounds it.

Order of work: options are chosen (defaults, then a ruleset, then explicit choices),
their placeholders are substituted everywhere, then defines are expanded. A variant
file names its base description and changes option choices or defines.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ludeme.errors import Diagnostic, LudemeError, Span, UsageError, suggest
from ludeme.expand.defines import DefineExpander
from ludeme.syntax.ast import Angle, Array, Form, Named, Node, Str
from ludeme.syntax.parser import parse_text, read_source

MAX_VARIANT_DEPTH = 8


@dataclass
class OptionItem:
    name: str
    args: dict[str, tuple[Node, ...]]
    description: str
    marks: int
    span: Span | None = None


@dataclass
class Option:
    title: str
    key: str
    arg_names: list[str]
    items: list[OptionItem]
    span: Span | None = None

    @property
    def default(self) -> OptionItem:
        best = max(i.marks for i in self.items)
        return next(i for i in self.items if i.marks == best) if best else self.items[0]

    def item(self, name: str) -> OptionItem:
        for i in self.items:
            if i.name == name:
                return i
        raise UsageError(f"option \"{self.title}\" has no item \"{name}\"",
                         hint=suggest(name, [i.name for i in self.items])
                         or "items: " + ", ".join(f'"{i.name}"' for i in self.items))


@dataclass
class Ruleset:
    name: str
    choices: list[str]
    span: Span | None = None


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

    @property
    def content_hash(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]

    def choice_strings(self) -> list[str]:
        return [f"{t}/{i}" for t, i in self.chosen.items()]


def _str(node: Node | None) -> str | None:
    return node.value if isinstance(node, Str) else None


def _parse_option(form: Form) -> Option:
    pos = form.positional
    title = _str(pos[0]) if pos else None
    if title is None:
        raise LudemeError(Diagnostic("(option ...) needs a title string first", form.span))
    key_node = pos[1] if len(pos) > 1 else None
    if not (isinstance(key_node, Angle) and len(key_node.items) == 1
            and type(key_node.items[0]).__name__ == "Name"):
        raise LudemeError(Diagnostic(f"option \"{title}\" needs a key like <Key> after its title",
                                     (key_node or form).span))
    key = key_node.items[0].value
    arg_names = []
    named = form.named
    if "args" in named:
        arr = named["args"].value
        items = arr.items if isinstance(arr, Array) else (arr,)
        for a in items:
            if not (isinstance(a, Angle) and len(a.items) == 1
                    and type(a.items[0]).__name__ == "Name"):
                raise LudemeError(Diagnostic("option arguments are written <name>", a.span))
            arg_names.append(a.items[0].value)
    else:
        arg_names = ["arg"]
    items_node = pos[2] if len(pos) > 2 else None
    if not isinstance(items_node, Array) or not items_node.items:
        raise LudemeError(Diagnostic(f"option \"{title}\" needs a list of (item ...)",
                                     (items_node or form).span))
    items = []
    for it in items_node.items:
        if not (isinstance(it, Form) and it.head == "item"):
            raise LudemeError(Diagnostic("expected (item \"Name\" <...> \"description\")",
                                         it.span))
        ipos = it.positional
        name = _str(ipos[0]) if ipos else None
        if name is None:
            raise LudemeError(Diagnostic("(item ...) needs a name string first", it.span))
        angles = [a for a in ipos[1:] if isinstance(a, Angle)]
        desc = next((_str(a) for a in ipos[1:] if isinstance(a, Str)), "") or ""
        if len(angles) != len(arg_names):
            raise LudemeError(Diagnostic(
                f"item \"{name}\" gives {len(angles)} argument(s); option \"{title}\" "
                f"declares {len(arg_names)}", it.span))
        items.append(OptionItem(name, {n: a.items for n, a in zip(arg_names, angles, strict=True)},
                                desc, it.marks, it.span))
    if len({i.name for i in items}) != len(items):
        raise LudemeError(Diagnostic(f"option \"{title}\" has two items of one name", form.span))
    return Option(title, key, arg_names, items, form.span)


def _parse_rulesets(form: Form) -> list[Ruleset]:
    out = []
    for arr in form.positional:
        items = arr.items if isinstance(arr, Array) else (arr,)
        for rs in items:
            if not (isinstance(rs, Form) and rs.head == "ruleset" and rs.positional
                    and _str(rs.positional[0])):
                raise LudemeError(Diagnostic("expected (ruleset \"Name\" {\"Option/Item\" ...})",
                                             rs.span))
            choices = []
            for a in rs.positional[1:]:
                for c in (a.items if isinstance(a, Array) else (a,)):
                    if _str(c) is None:
                        raise LudemeError(Diagnostic("a ruleset lists \"Option/Item\" strings",
                                                     c.span))
                    choices.append(c.value)
            out.append(Ruleset(rs.positional[0].value, choices, rs.span))
    return out


def _metadata(form: Form) -> dict:
    """Metadata as plain data: {"info": {"description": "...", ...}, ...}; unknown kept."""

    def data(node: Node):
        if isinstance(node, Form):
            pos = [data(a) for a in node.positional]
            if len(pos) == 1 and not node.named:
                return {node.head: pos[0]}
            return {node.head: pos}
        if isinstance(node, Array):
            merged: dict = {}
            for i in node.items:
                d = data(i)
                if isinstance(d, dict):
                    merged.update(d)
            return merged
        if isinstance(node, Named):
            return {node.name: data(node.value)}
        return getattr(node, "value", None)

    out: dict = {}
    for a in form.args:
        d = data(a)
        if isinstance(d, dict):
            out.update(d)
    return out


def _substitute(node: Node, keys: dict[str, Option], chosen: dict[str, OptionItem]) -> list[Node]:
    if isinstance(node, Angle):
        if len(node.items) == 1:
            ref = node.items[0]
            key, arg = None, None
            if type(ref).__name__ == "Name":
                key = ref.value
            elif isinstance(ref, Named) and type(ref.value).__name__ == "Name":
                key, arg = ref.name, ref.value.value
            if key is not None:
                if key not in keys:
                    raise LudemeError(Diagnostic(f"no option has the key <{key}>", node.span,
                                                 suggest(key, keys)))
                opt = keys[key]
                item = chosen[opt.title]
                name = arg or opt.arg_names[0]
                if name not in item.args:
                    raise LudemeError(Diagnostic(f"option \"{opt.title}\" has no argument "
                                                 f"<{key}:{name}>", node.span,
                                                 suggest(name, item.args)))
                out: list[Node] = []
                for n in item.args[name]:
                    out.extend(_substitute(n, keys, chosen))
                return out
        raise LudemeError(Diagnostic("expected an option placeholder like <Key> or <Key:arg>",
                                     node.span))
    if isinstance(node, Form):
        args = [x for a in node.args for x in _substitute(a, keys, chosen)]
        return [Form(node.head, tuple(args), node.head_is_string, node.marks, span=node.span)]
    if isinstance(node, Array):
        return [Array(tuple(x for i in node.items for x in _substitute(i, keys, chosen)),
                      span=node.span)]
    if isinstance(node, Named):
        v = _substitute(node.value, keys, chosen)
        if len(v) != 1:
            raise LudemeError(Diagnostic(f"'{node.name}:' needs exactly one value", node.span))
        return [Named(node.name, v[0], span=node.span)]
    return [node]


@dataclass
class _Parts:
    game: Form | None = None
    defines: dict[str, Form] = field(default_factory=dict)
    options: list[Option] = field(default_factory=list)
    rulesets: list[Ruleset] = field(default_factory=list)
    metadata: dict = field(default_factory=dict)
    variant: Form | None = None


def _split(nodes: list[Node], file: str) -> _Parts:
    parts = _Parts()
    for n in nodes:
        if not isinstance(n, Form):
            raise LudemeError(Diagnostic("expected a form at the top level: (game ...), "
                                         "(define ...), (option ...), (rulesets ...), "
                                         "(metadata ...) or (variant ...)", n.span))
        if n.head == "game":
            if parts.game is not None:
                raise LudemeError(Diagnostic("a description has one (game ...)", n.span))
            parts.game = n
        elif n.head == "define":
            name = _str(n.args[0]) if n.args else None
            if name is None:
                raise LudemeError(Diagnostic("(define ...) needs a name string first", n.span))
            if name in parts.defines:
                raise LudemeError(Diagnostic(f"define \"{name}\" is defined twice", n.span))
            parts.defines[name] = n
        elif n.head == "option":
            parts.options.append(_parse_option(n))
        elif n.head == "rulesets":
            parts.rulesets.extend(_parse_rulesets(n))
        elif n.head == "metadata":
            parts.metadata.update(_metadata(n))
        elif n.head == "variant":
            parts.variant = n
        else:
            raise LudemeError(Diagnostic(f"unexpected ({n.head} ...) at the top level", n.span,
                                         suggest(n.head, ["game", "define", "option",
                                                          "rulesets", "metadata", "variant"])))
    if parts.game is None and parts.variant is None:
        raise LudemeError(Diagnostic(f"{file}: no (game ...) in this description"))
    return parts


def _variant_settings(form: Form) -> tuple[str, list[str], str | None, str | None]:
    pos = form.positional
    base = _str(pos[0]) if pos else None
    if base is None:
        raise LudemeError(Diagnostic("(variant ...) names its base description first: "
                                     "(variant \"brandubh\" ...)", form.span))
    named = form.named
    choices: list[str] = []
    if "options" in named:
        v = named["options"].value
        for c in (v.items if isinstance(v, Array) else (v,)):
            if _str(c) is None:
                raise LudemeError(Diagnostic("options: lists \"Option/Item\" strings", c.span))
            choices.append(c.value)
    ruleset = _str(named["ruleset"].value) if "ruleset" in named else None
    name = _str(named["name"].value) if "name" in named else None
    for key in named:
        if key not in ("options", "ruleset", "name"):
            raise LudemeError(Diagnostic(f"(variant ...) has no argument '{key}:'",
                                         named[key].span,
                                         suggest(key, ["options", "ruleset", "name"])))
    return base, choices, ruleset, name


def _choose(options: list[Option], rulesets: list[Ruleset], ruleset: str | None,
            choices: list[str], file: str) -> dict[str, OptionItem]:
    by_title = {o.title: o for o in options}
    chosen = {o.title: o.default for o in options}
    picks: list[str] = []
    if ruleset is not None:
        rs = next((r for r in rulesets if r.name == ruleset), None)
        if rs is None:
            raise UsageError(f"{file}: no ruleset \"{ruleset}\"",
                             hint=suggest(ruleset, [r.name for r in rulesets])
                             or ("rulesets: " + ", ".join(f'"{r.name}"' for r in rulesets)
                                 if rulesets else "this description has no rulesets"))
        picks.extend(rs.choices)
    picks.extend(choices)
    for pick in picks:
        title, sep, item = pick.rpartition("/")
        if not sep:
            raise UsageError(f"option choice \"{pick}\" should be \"Option/Item\"")
        if title not in by_title:
            raise UsageError(f"{file}: no option \"{title}\"",
                             hint=suggest(title, by_title)
                             or ("options: " + ", ".join(f'"{t}"' for t in by_title)
                                 if by_title else "this description has no options"))
        chosen[title] = by_title[title].item(item)
    return chosen


def expand(path: str | Path, options: list[str] | None = None, ruleset: str | None = None,
           text: str | None = None, _depth: int = 0) -> Description:
    """Read, parse and expand one description (or variant) file."""
    file = str(path)
    source = text if text is not None else read_source(path)
    parts = _split(parse_text(source, file), file)
    if parts.variant is not None:
        if _depth >= MAX_VARIANT_DEPTH:
            raise LudemeError(Diagnostic("variants based on variants more than "
                                         f"{MAX_VARIANT_DEPTH} deep", parts.variant.span))
        base_ref, vchoices, vruleset, vname = _variant_settings(parts.variant)
        from ludeme.library import resolve

        base_path = resolve(base_ref, relative_to=Path(file).parent)
        base_text = read_source(base_path)
        base_parts = _split(parse_text(base_text, str(base_path)), str(base_path))
        if base_parts.variant is not None:
            inner = expand(base_path, [], None, base_text, _depth + 1)
            base_parts.game = inner.game
            base_parts.options = []
        for name, d in parts.defines.items():
            if name not in base_parts.defines:
                raise LudemeError(Diagnostic(f"define \"{name}\" is not in the base "
                                             "description", d.span,
                                             suggest(name, base_parts.defines)))
            base_parts.defines[name] = d
        base_parts.metadata.update(parts.metadata)
        desc = _finish(str(base_path), base_text, base_parts, vchoices + list(options or []),
                       ruleset or vruleset)
        desc.path, desc.source, desc.base = file, source, str(base_path)
        if vname:
            desc.name = vname
        return desc
    return _finish(file, source, parts, list(options or []), ruleset)


def _finish(file: str, source: str, parts: _Parts, choices: list[str],
            ruleset: str | None) -> Description:
    chosen = _choose(parts.options, parts.rulesets, ruleset, choices, file)
    keys = {o.key: o for o in parts.options}
    game_nodes = _substitute(parts.game, keys, chosen)
    defines = {}
    for name, d in parts.defines.items():
        sub = _substitute(d, keys, chosen)
        defines[name] = sub[0]
    expander = DefineExpander(defines)
    expanded = expander.expand(game_nodes[0])
    game = expanded[0]
    name = _str(game.args[0]) if game.args else None
    return Description(file, source, game, name or Path(file).stem, parts.options,
                       {t: i.name for t, i in chosen.items()}, parts.rulesets, ruleset,
                       parts.metadata)
