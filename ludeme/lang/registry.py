"""The ludeme registry: every ludeme declared once, by decorating its compile function.

The function's signature *is* the ludeme's signature: positional parameters after the
compile context are positional arguments, keyword-only parameters are ``name:``
arguments, a default makes a parameter optional, ``*args`` takes any number. The
annotations are ludeme types (``ludeme.lang.types``) and the docstring is the
reference text ``ludeme doc`` prints. The checker, the compiler and the docs read
this one declaration.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field

from ludeme.lang.types import ListOf, LType

PType = LType | ListOf | tuple  # a tuple means "any of these"


@dataclass(frozen=True)
class Param:
    name: str
    type: PType
    named: bool
    optional: bool
    default: object = None
    variadic: bool = False

    def type_name(self) -> str:
        if isinstance(self.type, tuple):
            return " | ".join(str(t) for t in self.type)
        return str(self.type)

    def signature(self) -> str:
        text = f"{self.name}:{self.type_name()}" if self.named else f"<{self.type_name()}>"
        if self.variadic:
            text += " ..."
        return f"[{text}]" if self.optional else text


@dataclass(frozen=True)
class Ludeme:
    head: str
    sub: str | None
    params: tuple[Param, ...]
    returns: LType
    doc: str
    fn: Callable = field(repr=False)
    lazy: bool = False
    category: str = ""  # the family: the subpackage of ludeme.ludemes (moves, regions, ...)
    ludii: str = ""  # how the form differs from Ludii's, when it does

    @property
    def name(self) -> str:
        return f"{self.head} {self.sub}" if self.sub else self.head

    @property
    def positional(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if not p.named)

    @property
    def named(self) -> dict[str, Param]:
        return {p.name: p for p in self.params if p.named}

    def signature(self) -> str:
        parts = [self.head] + ([self.sub] if self.sub else [])
        parts += [p.signature() for p in self.params]
        return "(" + " ".join(parts) + f") -> {self.returns}"


#: (head, sub-kind) -> its overloads, tried in declaration order (``if`` is an end rule,
#: a move generator or an effect, depending on its arguments)
REGISTRY: dict[tuple[str, str | None], list[Ludeme]] = {}


def ludeme(name: str, returns: LType, *, lazy: bool = False, ludii: str = "") -> Callable:
    """Declare a ludeme. ``name`` is its head, with a sub-kind when it has one: ``"move Add"``.
    Overloads of one name must not bind the same arguments: the checker takes the first
    that binds, and modules register in alphabetical order."""
    head, _, sub = name.partition(" ")

    def register(fn: Callable) -> Callable:
        sig = inspect.signature(fn, eval_str=True)
        params = []
        for i, (pname, p) in enumerate(sig.parameters.items()):
            if i == 0:
                continue  # the compile context
            ann = p.annotation
            if ann is inspect.Parameter.empty:
                raise TypeError(f"ludeme {name}: parameter {pname} has no type")
            params.append(Param(
                name=pname.rstrip("_"),
                type=ann,
                named=p.kind is inspect.Parameter.KEYWORD_ONLY,
                optional=p.default is not inspect.Parameter.empty
                or p.kind is inspect.Parameter.VAR_POSITIONAL,
                default=None if p.default is inspect.Parameter.empty else p.default,
                variadic=p.kind is inspect.Parameter.VAR_POSITIONAL,
            ))
        names = [p.name for p in params]
        if len(set(names)) != len(names):
            raise TypeError(f"ludeme {name}: two parameters share a name: {names}")
        key = (head, sub or None)
        decl = Ludeme(head, sub or None, tuple(params), returns,
                      inspect.cleandoc(fn.__doc__ or ""), fn, lazy,
                      family_of(fn.__module__), ludii)
        if any(d.fn.__qualname__ == fn.__qualname__ and d.fn.__module__ == fn.__module__
               for d in REGISTRY.get(key, [])):
            return fn  # module imported twice (e.g. as a script): already declared
        REGISTRY.setdefault(key, []).append(decl)
        return fn

    return register


def family_of(module: str) -> str:
    """The family of a ludeme declared in ``module``: its subpackage of ``ludeme.ludemes``
    (``ludeme.ludemes.moves.step`` is in ``moves``); a module elsewhere is its own."""
    parts = module.split(".")
    if parts[:2] == ["ludeme", "ludemes"] and len(parts) > 3:
        return parts[2]
    return parts[-1]


def load_vocabulary() -> dict[tuple[str, str | None], list[Ludeme]]:
    """Import every module of ``ludeme.ludemes`` so that their declarations register:
    first those of ``LOAD_ORDER`` (the order in which a head's overloads are tried),
    then any other, by name."""
    import importlib
    import pkgutil

    import ludeme.ludemes as pkg

    for name in pkg.LOAD_ORDER:
        importlib.import_module(f"{pkg.__name__}.{name}")
    for info in sorted(pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."),
                       key=lambda i: i.name):
        if not info.ispkg:
            importlib.import_module(info.name)
    # A module imported early (by a test, a benchmark) registers early: put overloads
    # back in load order, so the checker tries them the same way whatever was imported.
    rank = {f"{pkg.__name__}.{name}": i for i, name in enumerate(pkg.LOAD_ORDER)}
    for decls in REGISTRY.values():
        decls.sort(key=lambda d: rank.get(d.fn.__module__, len(rank)))
    return REGISTRY


def heads() -> set[str]:
    return {h for h, _ in REGISTRY}


def subs_of(head: str) -> list[str]:
    return sorted(s for h, s in REGISTRY if h == head and s)


def all_ludemes() -> list[Ludeme]:
    """Every declaration, sorted by name."""
    load_vocabulary()
    return sorted((d for ds in REGISTRY.values() for d in ds), key=lambda d: (d.name, d.returns.name))
