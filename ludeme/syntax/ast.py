"""AST nodes. Every node carries the span of the text it came from.

Nodes are immutable; expansion builds new trees (keeping the spans of the text
that produced each node, so errors after expansion still point at the source).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ludeme.errors import Span

_NOSPAN = Span("<generated>", 0, 0)


@dataclass(frozen=True, slots=True)
class Node:
    span: Span = field(default=_NOSPAN, compare=False, repr=False, kw_only=True)

    def with_span(self, span: Span) -> Node:
        return replace(self, span=span)


@dataclass(frozen=True, slots=True)
class Atom(Node):
    pass


@dataclass(frozen=True, slots=True)
class Int(Atom):
    value: int


@dataclass(frozen=True, slots=True)
class Float(Atom):
    value: float


@dataclass(frozen=True, slots=True)
class Bool(Atom):
    value: bool


@dataclass(frozen=True, slots=True)
class Str(Atom):
    value: str


@dataclass(frozen=True, slots=True)
class Name(Atom):
    """A bare identifier: P1, Mover, Orthogonal, Empty, ..."""

    value: str


@dataclass(frozen=True, slots=True)
class Param(Atom):
    """``#n`` inside a define body."""

    index: int


@dataclass(frozen=True, slots=True)
class Omit(Atom):
    """``~``: an argument left out of a define call, ``("Step" ~ Orthogonal)``."""


@dataclass(frozen=True, slots=True)
class Named(Node):
    """``name:value`` argument."""

    name: str
    value: Node


@dataclass(frozen=True, slots=True)
class Array(Node):
    """``{ item ... }``."""

    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Form(Node):
    """``(head arg ...)``. The head is a name, an operator, or a define's name (``("Name" ...)``).

    ``marks`` counts trailing ``*`` (default option items).
    """

    head: str
    args: tuple[Node, ...]
    head_is_string: bool = False
    marks: int = 0
    #: what stands for the head until expansion puts a name there: an option placeholder,
    #: ``(<Capture:type> ...)``, or a define's parameter, ``(#3 of:(from))``; ``head`` is
    #: then empty
    head_node: Angle | Param | None = None

    @property
    def positional(self) -> list[Node]:
        return [a for a in self.args if not isinstance(a, Named)]

    @property
    def named(self) -> dict[str, Named]:
        return {a.name: a for a in self.args if isinstance(a, Named)}


@dataclass(frozen=True, slots=True)
class Angle(Node):
    """``< ... >``: an option placeholder (``<Key>``, ``<Key:arg>``) or an item's argument."""

    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Range(Node):
    """``lo..hi`` whose ends are only known after expansion: ``"Entry".."Exit"`` where
    both are defines, or ``1..#1`` in a define's body. It becomes the numbers (or site
    labels) it spans once its ends are numbers (or labels)."""

    lo: Node
    hi: Node


@dataclass(frozen=True, slots=True)
class Fragment(Node):
    """Half a form, only in an option item's argument, as Ludii's textual options allow:
    ``<(dual >`` opens a form (``form`` holds its head and first arguments) and ``<)>``
    (``form`` None) closes it. Substituting options joins the nodes between the two
    placeholders into the form."""

    form: Form | None


def children(node: Node) -> tuple[Node, ...]:
    """The nodes directly inside ``node``."""
    if isinstance(node, Form):
        return node.args if node.head_node is None else (node.head_node, *node.args)
    if isinstance(node, (Array, Angle)):
        return node.items
    if isinstance(node, Named):
        return (node.value,)
    if isinstance(node, Range):
        return (node.lo, node.hi)
    if isinstance(node, Fragment) and node.form is not None:
        return (node.form,)
    return ()
