"""Options and rulesets: declaring them, choosing an item of every option, and putting
the chosen items' arguments where the description writes <Key> or <Key:arg>.

A broken declaration stops at once (nothing after it can be read the same way); a bad
choice or placeholder inside the description is collected with the other errors.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ludeme.errors import Diagnostic, LudemeError, Span, UsageError, suggest
from ludeme.expand.defines import MAX_TREE_DEPTH, Budget
from ludeme.syntax.ast import Angle, Array, Form, Fragment, Name, Named, Node, Range, Str

#: an "Option/Item" choice, with where it was written (None: on the command line)
Choice = tuple[str, Span | None]
#: what one variant file, or the command line, chooses: a ruleset, then option choices
Layer = tuple[Choice | None, list[Choice]]

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


def str_value(node: Node | None) -> str | None:
    """The text of a string node; None for any other node."""
    return node.value if isinstance(node, Str) else None


def _placeholder_name(angle: Node | None) -> str | None:
    if isinstance(angle, Angle) and len(angle.items) == 1 and isinstance(angle.items[0], Name):
        return angle.items[0].value
    return None


def parse_option(form: Form) -> Option:
    pos = form.positional
    title = str_value(pos[0]) if pos else None
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
        name = str_value(ipos[0]) if ipos else None
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
        if len(angles) > len(arg_names):
            raise LudemeError(Diagnostic(
                f"item \"{name}\" gives {len(angles)} arguments; option \"{title}\" "
                f"declares {len(arg_names)}", angles[len(arg_names)].span,
                "args: " + " ".join(f"<{a}>" for a in arg_names)))
        # an item may give fewer arguments than declared (Ludii allows it): the rest are
        # missing, an error only where a placeholder asks for one
        desc = strings[0].value if strings else ""
        items.append(OptionItem(name, {n: a.items for n, a in zip(arg_names, angles, strict=False)},
                                desc, it.marks, it.span))
    seen: set[str] = set()
    for i in items:
        if i.name in seen:
            raise LudemeError(Diagnostic(f"option \"{title}\" has two items named \"{i.name}\"",
                                         i.span))
        seen.add(i.name)
    return Option(title, key, arg_names, items, form.span)


def parse_rulesets(form: Form) -> list[Ruleset]:
    out = []
    for arr in form.args:
        items = arr.items if isinstance(arr, Array) else (arr,)
        for rs in items:
            if not (isinstance(rs, Form) and rs.head == "ruleset" and rs.positional
                    and str_value(rs.positional[0])):
                raise LudemeError(Diagnostic("expected (ruleset \"Name\" {\"Option/Item\" ...})",
                                             rs.span))
            choices, spans = [], []
            for a in rs.args[1:]:
                for c in (a.items if isinstance(a, Array) else (a,)):
                    if str_value(c) is None:
                        raise LudemeError(Diagnostic("a ruleset lists \"Option/Item\" strings",
                                                     c.span))
                    choices.append(c.value)
                    spans.append(c.span)
            out.append(Ruleset(rs.positional[0].value, choices, rs.span, rs.marks, spans))
    return out



class Substituter:
    """Replaces option placeholders by the chosen items' arguments."""

    def __init__(self, keys: dict[str, list[Option]], chosen: dict[str, OptionItem], budget: Budget,
                 errors: list[Diagnostic]):
        self.keys = keys
        self.chosen = chosen
        self.budget = budget
        self.errors = errors

    def error(self, msg: str, span: Span, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(msg, span, hint))

    def all(self, nodes, active: tuple[str, ...] = (), depth: int = 1,
            join: bool = True) -> list[Node]:
        """Every node substituted; an item's half forms, <(dual > ... <)>, join the nodes
        between them into one form (``join``; not yet within the item itself)."""
        if not join:
            return [x for n in nodes for x in self.sub(n, active, depth)]
        out: list[Node] = []
        opened: list[tuple[Fragment, list[Node]]] = []
        for n in nodes:
            for x in self.sub(n, active, depth):
                if isinstance(x, Fragment):
                    if x.form is not None:
                        opened.append((x, []))
                        continue
                    if not opened:
                        self.error("this option closes a form that none opened", n.span,
                                   "an item's <)> closes what an earlier <(name > opened")
                        continue
                    frag, inside = opened.pop()
                    f = frag.form
                    x = Form(f.head, (*f.args, *inside), f.head_is_string, f.marks,
                             f.head_node, span=f.span)
                (opened[-1][1] if opened else out).append(x)
        for frag, _ in opened:
            self.error(f"this option opens ({frag.form.head} ... but nothing closes it",
                       frag.span, "an item's <(name > needs an item's <)> after it, in the "
                       "same list")
        return out

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
        options = self.keys.get(key)
        if not options:
            self.error(f"no option has the key <{key}>", node.span,
                       suggest(key, self.keys) or ("this description declares no options"
                                                   if not self.keys else None))
            return []
        if key in active:
            chain = " -> ".join(f"<{k}>" for k in active[active.index(key):] + (key,))
            raise LudemeError(Diagnostic(f"option <{key}> refers to itself: {chain}", node.span))
        # several options may share a key (Ludii substitutes them in turn): <Key:arg> is the
        # first one that declares arg, <Key> the first one's first argument
        opt = next((o for o in options if arg in o.arg_names), None) if arg else options[0]
        if opt is None:
            declared = [f"<{key}:{a}>" for o in options for a in o.arg_names]
            self.error(f"option \"{options[0].title}\" has no argument <{key}:{arg}>",
                       node.span, suggest(arg, [a for o in options for a in o.arg_names])
                       or "its arguments: " + " ".join(declared))
            return []
        item = self.chosen[opt.title]
        name = arg or opt.arg_names[0]
        if name not in item.args:
            self.error(f"item \"{item.name}\" of option \"{opt.title}\" gives no argument "
                       f"<{key}:{name}>", node.span,
                       f"it gives {len(item.args)} of the option's {len(opt.arg_names)} "
                       "arguments")
            return []
        return self.all(item.args[name], active + (key,), depth + 1, join=False)

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
            if not isinstance(node.head_node, Angle):  # a name, or a define's #n: kept
                return [Form(node.head, tuple(args), node.head_is_string, node.marks,
                             node.head_node, span=node.span)]
            head = self.sub(node.head_node, active, depth + 1)
            if not head:
                return []
            first = head[0]
            if isinstance(first, (Name, Str)):
                return [Form(first.value, tuple(head[1:]) + tuple(args), isinstance(first, Str),
                             node.marks, span=node.span)]
            self.error("this option placeholder names a ludeme, so its item's argument must "
                       "start with a name", node.head_node.span,
                       f"it starts with {type(first).__name__.lower()} at {first.span}")
            return []
        if isinstance(node, Array):
            return [Array(tuple(self.all(node.items, active, depth + 1)), span=node.span)]
        if isinstance(node, Fragment):
            if node.form is None:
                return [node]
            f = node.form
            return [Fragment(Form(f.head, tuple(self.all(f.args, active, depth + 1)),
                                  f.head_is_string, f.marks, f.head_node, span=f.span),
                             span=node.span)]
        if isinstance(node, Range):
            ends = [self.sub(e, active, depth + 1) for e in (node.lo, node.hi)]
            if any(len(e) != 1 for e in ends):
                self.error("each end of a range '..' must be one number or site label",
                           node.span)
                return []
            return [Range(ends[0][0], ends[1][0], span=node.span)]
        if isinstance(node, Named):
            v = self.sub(node.value, active, depth + 1)
            if len(v) != 1:
                self.error(f"'{node.name}:' needs exactly one value, but the option gives "
                           f"{len(v)}", node.span)
                return []
            return [Named(node.name, v[0], span=node.span)]
        return [node]


def choose(options: list[Option], rulesets: list[Ruleset], file: str, layers: list[Layer],
           errors: list[Diagnostic]) -> tuple[dict[str, OptionItem], str | None]:
    """The chosen item of every option: defaults, then each layer (a variant's, then the
    command line's) applies its ruleset and then its explicit choices."""
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

    # as in Ludii, a ruleset may name options or items that do not exist; that is an
    # error only when the ruleset is chosen
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
            for text, at in zip(rs.choices, rs.choice_spans, strict=True):
                pick(text, at)
        picked: dict[str, str] = {}      # title -> item, within this layer's choices
        for text, span in choices:
            title, _, item = text.partition("/")
            if title in picked and picked[title] != item:
                # one option, two items: which one was meant cannot be guessed
                msg = (f"option \"{title}\" is chosen twice: \"{picked[title]}\" and "
                       f"\"{item}\"")
                hint = "choose one item of each option"
                if span is None:
                    raise UsageError(f"{file}: {msg}", hint=hint)
                errors.append(Diagnostic(msg, span, hint))
                continue
            picked[title] = item
            pick(text, span)
    return chosen, ruleset_name


def _titles_hint(by_title: dict[str, Option]) -> str:
    if not by_title:
        return "this description has no options"
    return "options: " + ", ".join(f'"{t}"' for t in by_title)

