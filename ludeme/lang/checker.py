"""The checker: resolves every form against the registry and checks argument types.

It reports all the errors it finds (each with its span and, where it fits, a "did you
mean"), and produces a checked tree of ``Call``/``Lit``/``Seq`` nodes that the compiler
turns into closures.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ludeme.errors import Diagnostic, LudemeError, shorten, suggest
from ludeme.lang import types as T
from ludeme.lang.registry import REGISTRY, Ludeme, heads, load_vocabulary, subs_of
from ludeme.syntax.ast import Angle, Array, Bool, Float, Form, Int, Name, Named, Node, Omit, Str
from ludeme.syntax.ast import Param as PNode

# Implicit conversions: an argument of the first type is accepted for the second.
_COERCE: set[tuple[str, str]] = {
    ("Str", "Site"), ("Int", "Site"), ("Site", "Region"), ("Str", "Region"), ("Int", "Region"),
    ("{Str}", "Region"), ("{Int}", "Region"), ("{Site}", "Region"), ("{Region}", "Region"),
    ("{Direction}", "Direction"), ("{Int}", "IntList"), ("{IntFn}", "IntList"),
    ("{Any}", "Region"), ("{Any}", "IntList"),
    # as in Ludii, where a site is an integer: (is In (count Pips) ...), (sites {(from) (to)})
    ("IntFn", "Site"), ("{IntFn}", "Region"),
}


#: the bare names that are values (P1, Orthogonal, Cell, Off, ...)
_KNOWN_NAMES = set(T.NAME_TYPES) | set(T.INT_NAMES)


@dataclass
class Lit:
    value: object
    type: T.LType
    node: Node


@dataclass
class Seq:
    items: list
    type: T.ListOf
    node: Node


@dataclass
class Call:
    decl: Ludeme
    args: dict[str, object]
    node: Form
    type: T.LType = field(init=False)

    def __post_init__(self) -> None:
        self.type = self.decl.returns


Checked = Call | Lit | Seq


def accepts(want, have) -> bool:
    """Whether an argument of type ``have`` fits a parameter of type ``want``."""
    if isinstance(want, tuple):
        return any(accepts(w, have) for w in want)
    if T.is_subtype(have, want):
        return True
    if isinstance(want, T.ListOf):
        if isinstance(have, T.ListOf) and have.item.name == "Any":
            return True
        return accepts(want.item, have) and not isinstance(have, T.ListOf)
    hn, wn = have.name, want.name
    if (hn, wn) in _COERCE:
        return True
    if isinstance(have, T.LType) and have.supertypes:
        return any((s, wn) in _COERCE for s in have.supertypes)
    return False


def ludii_name(word: str, known) -> str:
    """The name a bare word stands for: itself, or, as Ludii's compiler reads every bare
    name (it upper-cases the first letter before matching: ``(is in ...)`` is ``(is In
    ...)``, ``mover`` is ``Mover``), the word with its initial upper-cased when only
    that is ``known``."""
    if word in known or not word[:1].islower():
        return word
    upper = word[:1].upper() + word[1:]
    return upper if upper in known else word


def _type_name(t) -> str:
    if isinstance(t, tuple):
        return " or ".join(str(x) for x in t)
    return str(t)


class Checker:
    def __init__(self) -> None:
        load_vocabulary()
        self.errors: list[Diagnostic] = []

    def error(self, msg: str, node: Node, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(msg, node.span, hint))

    # -- entry points -----------------------------------------------------------------
    def check(self, node: Node) -> Checked | None:
        result = self.infer(node)
        return result

    def infer(self, node: Node) -> Checked | None:
        if isinstance(node, Form):
            return self._form(node)
        if isinstance(node, Array):
            items = [self.infer(i) for i in node.items]
            good = [i for i in items if i is not None]
            if len(good) != len(items):
                return None
            kinds = {i.type.name for i in good}
            if not good:
                item_t = T.Any
            elif len(kinds) == 1:
                item_t = good[0].type
            elif all(T.is_subtype(i.type, T.IntFn) for i in good):
                item_t = T.IntFn
            elif all(accepts(T.Region, i.type) for i in good):
                item_t = T.Region if any(i.type.name == "Region" for i in good) else T.Site
            else:
                item_t = T.Any
            if isinstance(item_t, T.ListOf):
                item_t = T.Any
            return Seq(good, T.ListOf(item_t), node)
        if isinstance(node, Int):
            return Lit(node.value, T.Int, node)
        if isinstance(node, Float):
            return Lit(node.value, T.Float, node)
        if isinstance(node, Bool):
            return Lit(node.value, T.Bool, node)
        if isinstance(node, Str):
            return Lit(node.value, T.Str, node)
        if isinstance(node, Name):
            value = ludii_name(node.value, _KNOWN_NAMES)
            if value in T.INT_NAMES:  # Ludii's global integer constants
                return Lit(T.INT_NAMES[value], T.Int, node)
            t = T.NAME_TYPES.get(value)
            if t is None:
                pool = list(T.NAME_TYPES) + [sub for _, sub in REGISTRY if sub]
                # a bare word is most often a string without its quotes (a piece, a
                # region, a define); a known name is offered only when spelt nearly so
                close = suggest(node.value, pool, cutoff=0.75)
                self.error(f"unknown name '{shorten(node.value)}'", node,
                           close or f'did you mean "{shorten(node.value)}"? (in quotes it is a '
                                    f'string: names of pieces, regions and defines are)')
                return None
            return Lit(value, t, node)
        if isinstance(node, Named):
            self.error(f"'{node.name}:' is not allowed here", node,
                       "named arguments go inside a ludeme's parentheses")
            return None
        if isinstance(node, PNode):
            self.error(f"parameter '#{node.index}' outside a define", node)
            return None
        if isinstance(node, Angle):
            self.error("option placeholder left unexpanded", node,
                       "is the option declared with (option ...)?")
            return None
        if isinstance(node, Omit):
            self.error("'~' stands for a left-out argument, only in a define's use", node,
                       "(\"Name\" ~ x) leaves #1 out")
            return None
        self.error(f"unexpected {type(node).__name__}", node)
        return None

    def _resolve(self, form: Form) -> tuple[list[Ludeme], list[Node]]:
        args = list(form.args)
        first = args[0] if args else None
        if isinstance(first, Name):
            kind = ludii_name(first.value, {s for h, s in REGISTRY if h == form.head})
            if (form.head, kind) in REGISTRY:
                return REGISTRY[(form.head, kind)], args[1:]
        # a name that is no value (Orthogonal, Mover...) after a head with kinds is a
        # misspelt kind, even when the head also has a kind-less form ((move (from) ...))
        misspelt = isinstance(first, Name) and \
            ludii_name(first.value, _KNOWN_NAMES) not in T.NAME_TYPES
        if (form.head, None) in REGISTRY and not (misspelt and subs_of(form.head)):
            return REGISTRY[(form.head, None)], args
        subs = subs_of(form.head)
        if subs:
            got = first.value if isinstance(first, Name) else None
            if got is not None:
                self.error(f"unknown kind '{shorten(str(got))}' of ({shorten(form.head)} ...)", first,
                           suggest(got, subs) or f"one of: {', '.join(subs)}")
                return [], args[1:]  # the kind is reported; it is not also an unknown name
            else:
                self.error(f"({form.head} ...) needs a kind first", form,
                           f"one of: {', '.join(subs)}")
            return [], args
        hint = suggest(form.head, heads())
        if form.head_is_string:
            self.error(f"unknown define \"{shorten(form.head)}\"", form, hint)
        else:
            self.error(f"unknown ludeme '{shorten(form.head)}'", form, hint)
        return [], args

    def _form(self, form: Form) -> Call | None:
        decls, args = self._resolve(form)
        positional = [a for a in args if not isinstance(a, Named)]
        named = [a for a in args if isinstance(a, Named)]
        values = [self.infer(a) for a in positional]
        named_values = [self.infer(a.value) for a in named]
        if not decls or any(v is None for v in values + named_values):
            return None
        first_errors: list[Diagnostic] | None = None
        for decl in decls:
            errors: list[Diagnostic] = []
            bound = self._bind(decl, form, positional, values, named, named_values, errors)
            if not errors:
                return Call(decl, bound, form)
            if first_errors is None:
                first_errors = errors
        self.errors.extend(first_errors or [])
        return None

    def _bind(self, decl: Ludeme, form: Form, nodes: list[Node], values: list,
              named: list[Named], named_values: list, errors: list[Diagnostic]) -> dict:
        def err(msg: str, node: Node, hint: str | None = None) -> None:
            errors.append(Diagnostic(msg, node.span, hint))

        bound: dict[str, object] = {}
        named_params = decl.named
        for a, value in zip(named, named_values, strict=True):
            p = named_params.get(a.name)
            if p is None:
                pool = list(named_params)
                err(f"({decl.name} ...) has no argument '{a.name}:'", a,
                    suggest(a.name, pool) or (f"its named arguments: {', '.join(pool)}" if pool
                                              else "it takes no named arguments"))
            elif p.name in bound:
                err(f"'{a.name}:' given twice", a)
            elif not accepts(p.type, value.type):
                err(f"'{a.name}:' of ({decl.name} ...) takes {p.type_name()}, not {value.type}",
                    a.value)
            else:
                bound[p.name] = value
        for p in named_params.values():
            if not p.optional and p.name not in bound:
                err(f"({decl.name} ...) needs '{p.name}:' ({p.type_name()})", form,
                    f"usage: {decl.signature()}")
        then_param = named_params.get("then")
        if then_param is not None and values and values[-1].type.name == "Then":
            # Ludii writes a move's consequences as its last argument, (then ...): it
            # fills the one ``then`` parameter, as ``then:`` does
            if then_param.name in bound:
                err("the consequences are given twice: (then ...) and 'then:'", nodes[-1])
            bound[then_param.name] = values[-1]
            nodes, values = nodes[:-1], values[:-1]
        i = 0
        for p in decl.positional:
            if p.variadic:
                items = []
                while i < len(values):
                    v = values[i]
                    if isinstance(v, Seq) and isinstance(v.type, T.ListOf) and \
                            accepts(T.ListOf(p.type) if not isinstance(p.type, T.ListOf)
                                    else p.type, v.type) and not accepts(p.type, v.type) \
                            and all(accepts(p.type, x.type) for x in v.items):
                        # {a b c} spreads over a "..." parameter (a list of mixed kinds,
                        # moves and effects say, only when each item fits)
                        items.extend(v.items)
                    elif accepts(p.type, v.type):
                        items.append(v)
                    else:
                        break
                    i += 1
                bound[p.name] = items
                continue
            if i < len(values) and accepts(p.type, values[i].type):
                bound[p.name] = values[i]
                i += 1
            elif not p.optional:
                if i < len(values):
                    err(f"({decl.name} ...) expects {p.type_name()} for <{p.name}>, "
                        f"got {values[i].type}", nodes[i], f"usage: {decl.signature()}")
                else:
                    err(f"({decl.name} ...) is missing <{p.name}> ({p.type_name()})",
                        form, f"usage: {decl.signature()}")
                return bound
        if i < len(values):
            err(f"({decl.name} ...) does not take {values[i].type} here", nodes[i],
                f"usage: {decl.signature()}")
        return bound


def check(node: Node) -> Checked:
    """Check one expanded top-level form; raise every error found at once."""
    checker = Checker()
    result = checker.check(node)
    if checker.errors:
        # a mistake inside a define used several times is reported once, at its source
        seen: set[tuple] = set()
        unique = []
        for d in checker.errors:
            key = (d.message, str(d.span), d.hint)
            if key not in seen:
                seen.add(key)
                unique.append(d)
        raise LudemeError(unique)
    assert result is not None
    return result
