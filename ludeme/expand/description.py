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

from ludeme.errors import Diagnostic, LudemeError, Span, UsageError, suggest
from ludeme.expand.defines import MAX_TREE_DEPTH, Budget, DefineExpander
from ludeme.syntax.ast import Angle, Array, Form, Name, Named, Node, Str
from ludeme.syntax.parser import check_depth, parse_text, read_source

MAX_VARIANT_DEPTH = 8
TOP_LEVEL = ("game", "define", "option", "rulesets", "metadata", "variant")

#: an "Option/Item" choice, with where it was written (None: on the command line)
Choice = tuple[str, Span | None]


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

    def item(self, name: str, span: Span | None = None) -> OptionItem:
        for i in self.items:
            if i.name == name:
                return i
        hint = (suggest(name, [i.name for i in self.items])
                or "its items: " + ", ".join(f'"{i.name}"' for i in self.items))
        msg = f"option \"{self.title}\" has no item \"{name}\""
        if span is None:
            raise UsageError(msg, hint=hint)
        raise LudemeError(Diagnostic(msg, span, hint))


@dataclass
class Ruleset:
    name: str
    choices: list[str]
    span: Span | None = None
    marks: int = 0
    choice_spans: list[Span | None] = field(default_factory=list)


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


def _str(node: Node | None) -> str | None:
    return node.value if isinstance(node, Str) else None


def _placeholder_name(angle: Node | None) -> str | None:
    if isinstance(angle, Angle) and len(angle.items) == 1 and isinstance(angle.items[0], Name):
        return angle.items[0].value
    return None


def _parse_option(form: Form) -> Option:
    pos = form.positional
    title = _str(pos[0]) if pos else None
    if title is None:
        raise LudemeError(Diagnostic("(option ...) needs a title string first", form.span,
                                     "(option \"Title\" <Key> args:{<a>} {(item ...) ...})"))
    if "/" in title:
        raise LudemeError(Diagnostic(f"option title \"{title}\" contains '/'", pos[0].span,
                                     "choices are written \"Title/Item\", so a title "
                                     "cannot contain '/'"))
    key_node = pos[1] if len(pos) > 1 else None
    key = _placeholder_name(key_node)
    if key is None:
        raise LudemeError(Diagnostic(f"option \"{title}\" needs a key like <Key> after its title",
                                     (key_node or form).span))
    arg_names = []
    named = form.named
    for extra in named:
        if extra != "args":
            raise LudemeError(Diagnostic(f"(option ...) has no argument '{extra}:'",
                                         named[extra].span, suggest(extra, ["args"])))
    if "args" in named:
        arr = named["args"].value
        for a in arr.items if isinstance(arr, Array) else (arr,):
            name = _placeholder_name(a)
            if name is None:
                raise LudemeError(Diagnostic("option arguments are written <name>", a.span))
            if name in arg_names:
                raise LudemeError(Diagnostic(f"option argument <{name}> declared twice", a.span))
            arg_names.append(name)
    else:
        arg_names = ["arg"]
    items_node = pos[2] if len(pos) > 2 else None
    if not isinstance(items_node, Array) or not items_node.items:
        raise LudemeError(Diagnostic(f"option \"{title}\" needs a list of (item ...)",
                                     (items_node or form).span,
                                     "{ (item \"Name\" <...> \"description\") ... }"))
    if len(pos) > 3:
        raise LudemeError(Diagnostic(f"option \"{title}\" has something after its items",
                                     pos[3].span))
    items = []
    for it in items_node.items:
        if not (isinstance(it, Form) and it.head == "item" and not it.head_is_string):
            raise LudemeError(Diagnostic("expected (item \"Name\" <...> \"description\")",
                                         it.span))
        ipos = it.positional
        name = _str(ipos[0]) if ipos else None
        if name is None:
            raise LudemeError(Diagnostic("(item ...) needs a name string first", it.span))
        if "/" in name:
            raise LudemeError(Diagnostic(f"item name \"{name}\" contains '/'", ipos[0].span,
                                         "choices are written \"Title/Item\""))
        angles = [a for a in ipos[1:] if isinstance(a, Angle)]
        strings = [a for a in ipos[1:] if isinstance(a, Str)]
        others = [a for a in it.args[1:] if not isinstance(a, (Angle, Str))]
        if others:
            raise LudemeError(Diagnostic("an item holds its arguments in < > and then its "
                                         "description", others[0].span,
                                         "(item \"Name\" <...> \"description\")"))
        if len(angles) != len(arg_names):
            raise LudemeError(Diagnostic(
                f"item \"{name}\" gives {len(angles)} argument(s); option \"{title}\" "
                f"declares {len(arg_names)}", it.span,
                "args: " + " ".join(f"<{a}>" for a in arg_names)))
        desc = strings[0].value if strings else ""
        items.append(OptionItem(name, {n: a.items for n, a in zip(arg_names, angles, strict=True)},
                                desc, it.marks, it.span))
    seen: set[str] = set()
    for i in items:
        if i.name in seen:
            raise LudemeError(Diagnostic(f"option \"{title}\" has two items named \"{i.name}\"",
                                         i.span))
        seen.add(i.name)
    return Option(title, key, arg_names, items, form.span)


def _parse_rulesets(form: Form) -> list[Ruleset]:
    out = []
    for arr in form.args:
        items = arr.items if isinstance(arr, Array) else (arr,)
        for rs in items:
            if not (isinstance(rs, Form) and rs.head == "ruleset" and rs.positional
                    and _str(rs.positional[0])):
                raise LudemeError(Diagnostic("expected (ruleset \"Name\" {\"Option/Item\" ...})",
                                             rs.span))
            choices, spans = [], []
            for a in rs.args[1:]:
                for c in (a.items if isinstance(a, Array) else (a,)):
                    if _str(c) is None:
                        raise LudemeError(Diagnostic("a ruleset lists \"Option/Item\" strings",
                                                     c.span))
                    choices.append(c.value)
                    spans.append(c.span)
            out.append(Ruleset(rs.positional[0].value, choices, rs.span, rs.marks, spans))
    return out


def _metadata(form: Form) -> dict:
    """Metadata as plain data: ``{"info": {"description": "...", "useFor": [...]}, ...}``.

    Unknown entries are kept as they are; a key given twice becomes a list.
    """

    def merge(into: dict, key: str, value) -> None:
        if key == "useFor":
            into.setdefault(key, []).append(value)
        elif key in into:
            old = into[key]
            into[key] = (old if isinstance(old, list) and key in repeated else [old]) + [value]
            repeated.add(key)
        else:
            into[key] = value

    repeated: set[str] = set()

    def data(node: Node):
        if isinstance(node, Form):
            if node.head == "useFor" and node.args:
                first = node.args[0]
                names = [_str(x) for x in (first.items if isinstance(first, Array) else (first,))]
                entry: dict = {"for": [n for n in names if n is not None]}
                for rest in node.args[1:]:
                    d = data(rest)
                    if isinstance(d, dict):
                        entry.update(d)
                return {"useFor": entry}
            values = [data(a) for a in node.args]
            if len(values) == 1 and not isinstance(node.args[0], Named):
                return {node.head: values[0]}
            return {node.head: values}
        if isinstance(node, Array):
            if all(isinstance(i, Form) for i in node.items):
                merged: dict = {}
                for i in node.items:
                    for k, v in data(i).items():
                        merge(merged, k, v)
                return merged
            return [data(i) for i in node.items]
        if isinstance(node, Named):
            return {node.name: data(node.value)}
        if isinstance(node, Angle):
            return None
        return getattr(node, "value", None)

    out: dict = {}
    for a in form.args:
        d = data(a)
        if isinstance(d, dict):
            for k, v in d.items():
                if isinstance(out.get(k), dict) and isinstance(v, dict):
                    out[k].update(v)
                else:
                    merge(out, k, v)
    return out


class _Substituter:
    """Replaces option placeholders by the chosen items' arguments."""

    def __init__(self, keys: dict[str, Option], chosen: dict[str, OptionItem], budget: Budget,
                 errors: list[Diagnostic]):
        self.keys = keys
        self.chosen = chosen
        self.budget = budget
        self.errors = errors

    def error(self, msg: str, span: Span, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(msg, span, hint))

    def all(self, nodes, active: tuple[str, ...] = (), depth: int = 1) -> list[Node]:
        return [x for n in nodes for x in self.sub(n, active, depth)]

    def placeholder(self, node: Angle, active: tuple[str, ...], depth: int) -> list[Node] | None:
        """The nodes a placeholder stands for; None if ``node`` is not a placeholder."""
        if len(node.items) != 1:
            return None
        ref = node.items[0]
        if isinstance(ref, Name):
            key, arg = ref.value, None
        elif isinstance(ref, Named) and isinstance(ref.value, Name):
            key, arg = ref.name, ref.value.value
        else:
            return None
        if key not in self.keys:
            self.error(f"no option has the key <{key}>", node.span,
                       suggest(key, self.keys) or ("this description declares no options"
                                                   if not self.keys else None))
            return []
        if key in active:
            chain = " -> ".join(f"<{k}>" for k in active[active.index(key):] + (key,))
            raise LudemeError(Diagnostic(f"option <{key}> refers to itself: {chain}", node.span))
        opt = self.keys[key]
        item = self.chosen[opt.title]
        name = arg or opt.arg_names[0]
        if name not in item.args:
            self.error(f"option \"{opt.title}\" has no argument <{key}:{name}>", node.span,
                       suggest(name, item.args) or "its arguments: "
                       + " ".join(f"<{key}:{a}>" for a in opt.arg_names))
            return []
        return self.all(item.args[name], active + (key,), depth + 1)

    def sub(self, node: Node, active: tuple[str, ...] = (), depth: int = 1) -> list[Node]:
        self.budget.spend(1, node, "substituting options")
        if depth > MAX_TREE_DEPTH:
            raise LudemeError(Diagnostic(f"options nest the description more than "
                                         f"{MAX_TREE_DEPTH} deep", node.span))
        if isinstance(node, Angle):
            out = self.placeholder(node, active, depth)
            if out is None:
                self.error("expected an option placeholder like <Key> or <Key:arg>", node.span,
                           "< ... > holds an item's argument only inside (option ...)")
                return []
            return out
        if isinstance(node, Form):
            args = self.all(node.args, active, depth + 1)
            if node.head_angle is None:
                return [Form(node.head, tuple(args), node.head_is_string, node.marks,
                             span=node.span)]
            head = self.sub(node.head_angle, active, depth + 1)
            if not head:
                return []
            first = head[0]
            if isinstance(first, (Name, Str)):
                return [Form(first.value, tuple(head[1:]) + tuple(args), isinstance(first, Str),
                             node.marks, span=node.span)]
            self.error("this option placeholder names a ludeme, so its item's argument must "
                       "start with a name", node.head_angle.span,
                       f"it starts with {type(first).__name__.lower()} at {first.span}")
            return []
        if isinstance(node, Array):
            return [Array(tuple(self.all(node.items, active, depth + 1)), span=node.span)]
        if isinstance(node, Named):
            v = self.sub(node.value, active, depth + 1)
            if len(v) != 1:
                self.error(f"'{node.name}:' needs exactly one value, but the option gives "
                           f"{len(v)}", node.span)
                return []
            return [Named(node.name, v[0], span=node.span)]
        return [node]


@dataclass
class _Parts:
    file: str
    source: str
    game: Form | None = None
    defines: dict[str, Form] = field(default_factory=dict)
    options: list[Option] = field(default_factory=list)
    rulesets: list[Ruleset] = field(default_factory=list)
    metadata: list[Form] = field(default_factory=list)
    variant: Form | None = None
    # what variant files choose: (ruleset, option choices) per variant, innermost first
    layers: list[tuple[Choice | None, list[Choice]]] = field(default_factory=list)
    name: str | None = None
    base: str | None = None
    base_source: str | None = None


def _split(nodes: list[Node], file: str, source: str) -> _Parts:
    parts = _Parts(file, source)
    if not nodes:
        what = "is empty" if not source.strip() else "holds only comments"
        raise LudemeError(Diagnostic(f"{file} {what}: there is no (game ...) to read",
                                     Span(file, 1, 1),
                                     "a description is a (game \"Name\" (players ...) "
                                     "(equipment ...) (rules ...)) form"))
    errors: list[Diagnostic] = []
    for n in nodes:
        if not isinstance(n, Form) or n.head_is_string or n.head_angle is not None:
            errors.append(Diagnostic(
                "expected a form at the top level: (game ...), (define ...), (option ...), "
                "(rulesets ...), (metadata ...) or (variant ...)", n.span))
            continue
        if n.head == "game":
            if parts.game is not None:
                errors.append(Diagnostic("a description has one (game ...)", n.span,
                                         f"the first is at {parts.game.span}"))
            parts.game = n
        elif n.head == "define":
            name = _str(n.args[0]) if n.args else None
            if name is None:
                errors.append(Diagnostic("(define ...) needs a name string first", n.span,
                                         "(define \"Name\" body)"))
            elif name in parts.defines:
                errors.append(Diagnostic(f"define \"{name}\" is defined twice", n.span,
                                         f"the first is at {parts.defines[name].span}"))
            else:
                parts.defines[name] = n
        elif n.head == "option":
            try:
                parts.options.append(_parse_option(n))
            except LudemeError as err:
                errors.extend(err.diagnostics)
        elif n.head == "rulesets":
            try:
                parts.rulesets.extend(_parse_rulesets(n))
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
    keys: dict[str, Option] = {}
    for o in parts.options:
        if o.title in titles:
            errors.append(Diagnostic(f"two options are titled \"{o.title}\"", o.span))
        if o.key in keys:
            errors.append(Diagnostic(f"two options have the key <{o.key}>", o.span,
                                     f"the other is \"{keys[o.key].title}\""))
        titles[o.title] = keys[o.key] = o
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


def _variant_settings(form: Form) -> tuple[Str, list[Choice], Choice | None, str | None]:
    pos = form.positional
    base = pos[0] if pos and isinstance(pos[0], Str) else None
    if base is None:
        raise LudemeError(Diagnostic("(variant ...) names its base description first",
                                     form.span, "(variant \"base\" options:{\"Title/Item\"} "
                                     "name:\"...\")"))
    if len(pos) > 1:
        raise LudemeError(Diagnostic("(variant ...) takes its base, then options:, ruleset: "
                                     "and name:", pos[1].span))
    named = form.named
    choices: list[Choice] = []
    for key in named:
        if key not in ("options", "ruleset", "name"):
            raise LudemeError(Diagnostic(f"(variant ...) has no argument '{key}:'",
                                         named[key].span,
                                         suggest(key, ["options", "ruleset", "name"])
                                         or "it takes options:, ruleset: and name:"))
    if "options" in named:
        v = named["options"].value
        for c in (v.items if isinstance(v, Array) else (v,)):
            if _str(c) is None:
                raise LudemeError(Diagnostic("options: lists \"Title/Item\" strings", c.span))
            choices.append((c.value, c.span))
    ruleset = None
    for key in ("ruleset", "name"):
        if key in named and _str(named[key].value) is None:
            raise LudemeError(Diagnostic(f"{key}: takes a string", named[key].value.span))
    if "ruleset" in named:
        ruleset = (named["ruleset"].value.value, named["ruleset"].value.span)
    name = named["name"].value.value if "name" in named else None
    return base, choices, ruleset, name


def _resolve_base(ref: Str, file: str) -> Path:
    """A variant's base: a path relative to the variant file, or a bundled name."""
    from ludeme.library import bundled

    here = Path(file).resolve().parent
    p = Path(ref.value)
    candidates = [p] if p.is_absolute() else [here / p]
    if p.suffix != ".lud":
        candidates.append(candidates[0].with_name(candidates[0].name + ".lud"))
    for c in candidates:
        if c.is_file():
            return _shortest(c.resolve())
    names = bundled()
    key = p.stem if p.suffix == ".lud" else ref.value
    if "/" not in ref.value and key in names:
        return names[key]
    local = [q.stem for q in here.glob("*.lud")] if here.is_dir() else []
    raise LudemeError(Diagnostic(f"base description \"{ref.value}\" not found", ref.span,
                                 suggest(key, list(names) + local)
                                 or f"a path relative to {here}, or a bundled name "
                                 "(see 'ludeme list')"))


def _shortest(path: Path) -> Path:
    """The path as messages should show it: relative to the working folder when it is
    inside it, absolute otherwise."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def _load(file: str, source: str, depth: int, seen: tuple[Path, ...]) -> _Parts:
    parts = _split(parse_text(source, file), file, source)
    if parts.variant is None:
        return parts
    vform = parts.variant
    if depth >= MAX_VARIANT_DEPTH:
        raise LudemeError(Diagnostic(f"variants based on variants more than "
                                     f"{MAX_VARIANT_DEPTH} deep", vform.span))
    base_ref, vchoices, vruleset, vname = _variant_settings(vform)
    base_path = _resolve_base(base_ref, file)
    resolved = base_path.resolve()
    if resolved in seen:
        raise LudemeError(Diagnostic(f"variant base \"{base_ref.value}\" leads back to this "
                                     "file: variants form a cycle", base_ref.span))
    base_text = read_source(base_path)
    base = _load(str(base_path), base_text, depth + 1, seen + (resolved,))
    errors = []
    for name, d in parts.defines.items():
        if name not in base.defines:
            errors.append(Diagnostic(f"define \"{name}\" is not in the base description",
                                     d.span, suggest(name, base.defines)
                                     or "a variant replaces its base's defines"))
        base.defines[name] = d
    if errors:
        raise LudemeError(errors)
    base.metadata.extend(parts.metadata)
    base.layers = base.layers + [(vruleset, vchoices)]
    base.name = vname or base.name
    base.base, base.base_source = str(base_path), base_text
    base.file, base.source = file, source
    return base


def _choose(parts: _Parts, layers: list[tuple[Choice | None, list[Choice]]],
            errors: list[Diagnostic]) -> tuple[dict[str, OptionItem], str | None]:
    """The chosen item of every option: defaults, then each layer (a variant's, then the
    command line's) applies its ruleset and then its explicit choices."""
    options, rulesets, file = parts.options, parts.rulesets, parts.file
    by_title = {o.title: o for o in options}
    chosen = {o.title: o.default for o in options}

    def pick(text: str, span: Span | None) -> None:
        title, sep, item = text.partition("/")
        if not sep:
            msg = f"option choice \"{text}\" should be \"Title/Item\""
            if span is None:
                raise UsageError(msg, hint=_titles_hint(by_title))
            errors.append(Diagnostic(msg, span, _titles_hint(by_title)))
            return
        if title not in by_title:
            hint = suggest(title, by_title) or _titles_hint(by_title)
            if span is None:
                raise UsageError(f"{file}: no option \"{title}\"", hint=hint)
            errors.append(Diagnostic(f"no option \"{title}\"", span, hint))
            return
        try:
            chosen[title] = by_title[title].item(item, span)
        except UsageError as err:  # from the command line: say which file
            d = err.diagnostics[0]
            raise UsageError(f"{file}: {d.message}", hint=d.hint) from None
        except LudemeError as err:
            errors.extend(err.diagnostics)

    # every ruleset is checked, chosen or not: a bad entry is a bug in the description
    for rs in rulesets:
        for text, span in zip(rs.choices, rs.choice_spans, strict=True):
            pick(text, span)
    chosen = {o.title: o.default for o in options}
    ruleset_name = None
    for ruleset, choices in layers:
        if ruleset is not None:
            name, span = ruleset
            rs = next((r for r in rulesets if r.name in (name, f"Ruleset/{name}")), None)
            if rs is None:
                hint = (suggest(name, [r.name for r in rulesets])
                        or ("rulesets: " + ", ".join(f'"{r.name}"' for r in rulesets)
                            if rulesets else "this description has no rulesets"))
                if span is None:
                    raise UsageError(f"{file}: no ruleset \"{name}\"", hint=hint)
                raise LudemeError(Diagnostic(f"no ruleset \"{name}\"", span, hint))
            ruleset_name = rs.name
            for text in rs.choices:
                title, _, item = text.partition("/")
                if title in by_title and any(i.name == item for i in by_title[title].items):
                    chosen[title] = by_title[title].item(item)
        for text, span in choices:
            pick(text, span)
    return chosen, ruleset_name


def _titles_hint(by_title: dict[str, Option]) -> str:
    if not by_title:
        return "this description has no options"
    return "options: " + ", ".join(f'"{t}"' for t in by_title)


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
    parts = _load(file, source, 0, seen)
    cli = ((ruleset, None) if ruleset else None, [(o, None) for o in options or []])
    return _finish(parts, [*parts.layers, cli])


def _finish(parts: _Parts, layers: list[tuple[Choice | None, list[Choice]]]) -> Description:
    errors: list[Diagnostic] = []
    chosen, ruleset_name = _choose(parts, layers, errors)
    budget = Budget()
    sub = _Substituter({o.key: o for o in parts.options}, chosen, budget, errors)
    assert parts.game is not None
    game_nodes = sub.sub(parts.game)
    defines = {}
    for name, d in parts.defines.items():
        defines[name] = Form(d.head, (d.args[0], *sub.all(d.args[1:])), span=d.span)
    expander = DefineExpander(defines, budget, errors)
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
        for k, v in _metadata(_quiet_expand(m, sub, expander)).items():
            if isinstance(metadata.get(k), dict) and isinstance(v, dict):
                metadata[k].update(v)
            else:
                metadata[k] = v
    name = parts.name or _str(game.args[0] if game.args else None) or Path(parts.file).stem
    return Description(parts.file, parts.source, game, name, parts.options,
                       {t: i.name for t, i in chosen.items()}, parts.rulesets, ruleset_name,
                       metadata, parts.base, parts.base_source, defines)


def _quiet_expand(form: Form, sub: _Substituter, expander: DefineExpander) -> Form:
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
