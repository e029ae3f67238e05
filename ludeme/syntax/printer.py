"""AST -> text, canonically formatted. ``parse_text(format_nodes(nodes)) == nodes``.

A form that fits on its line is printed on one line. Otherwise its head and any
leading atoms stay on the first line, every other argument goes on a line of its own,
indented by four spaces, and the closing bracket gets a line at the form's indent:

    (game "Hex"
        (players 2)
        (equipment {
            (board (hex Diamond 11))
            (piece "Marker" Each)
        })
    )
"""

from __future__ import annotations

from decimal import Decimal

from ludeme.syntax.ast import (
    Angle,
    Array,
    Bool,
    Float,
    Form,
    Fragment,
    Int,
    Name,
    Named,
    Node,
    Omit,
    Param,
    Range,
    Str,
)

WIDTH = 100
INDENT = "    "
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}


def quote(text: str) -> str:
    """A string literal that reads back as ``text``."""
    return '"' + "".join(_ESCAPES.get(c, c) for c in text) + '"'


def _float(value: float) -> str:
    text = format(Decimal(repr(value)), "f")
    return text if "." in text else text + ".0"


def _atom(node: Node) -> str:
    if isinstance(node, Str):
        return quote(node.value)
    if isinstance(node, Bool):
        return "True" if node.value else "False"
    if isinstance(node, Int):
        return str(node.value)
    if isinstance(node, Float):
        return _float(node.value)
    if isinstance(node, Name):
        return node.value
    if isinstance(node, Param):
        return f"#{node.index}"
    if isinstance(node, Omit):
        return "~"
    raise TypeError(f"cannot print {type(node).__name__}")


class _Printer:
    def __init__(self, width: int):
        self.width = width
        self._flat: dict[int, tuple[Node, str]] = {}

    def head(self, form: Form) -> str:
        if form.head_node is not None:
            return self.flat(form.head_node)
        return quote(form.head) if form.head_is_string else form.head

    def flat(self, node: Node) -> str:
        """The node on one line (memoised: expanded trees share subtrees)."""
        hit = self._flat.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        if isinstance(node, Form):
            inner = " ".join([self.head(node), *(self.flat(a) for a in node.args)])
            text = f"({inner})" + "*" * node.marks
        elif isinstance(node, Array):
            text = "{" + " ".join(self.flat(i) for i in node.items) + "}"
        elif isinstance(node, Angle):
            text = "<" + " ".join(self.flat(i) for i in node.items) + ">"
        elif isinstance(node, Named):
            text = f"{node.name}:{self.flat(node.value)}"
        elif isinstance(node, Fragment):
            text = ")" if node.form is None else self.flat(node.form)[:-1]
        elif isinstance(node, Range):
            text = f"{self.flat(node.lo)}..{self.flat(node.hi)}"
        else:
            text = _atom(node)
        self._flat[id(node)] = (node, text)
        return text

    def fmt(self, node: Node, indent: int, col: int | None = None) -> str:
        """The node starting at column ``col`` (by default ``indent``) on a line indented
        by ``indent``; continuation lines carry their indent."""
        flat = self.flat(node)
        col = indent if col is None else col
        if col + len(flat) <= self.width or not _nested(node):
            return flat
        pad = " " * indent
        inner = indent + len(INDENT)
        if isinstance(node, Named):
            return f"{node.name}:" + self.fmt(node.value, indent, col + len(node.name) + 1)
        if isinstance(node, Form):
            first = [self.head(node)]
            rest = list(node.args)
            while rest and not _nested(rest[0]) and len(first) < 3:
                first.append(self.flat(rest.pop(0)))
            if not rest:
                return flat
            if len(rest) == 1 and isinstance(rest[0], Array):
                # (equipment { ... }) keeps its brace on the first line
                prefix = "(" + " ".join(first) + " "
                body = self.fmt(rest[0], indent, col + len(prefix))
                return prefix + body + ")" + "*" * node.marks
            lines = ["(" + " ".join(first)]
            lines += [" " * inner + self.fmt(a, inner) for a in rest]
            lines.append(pad + ")" + "*" * node.marks)
            return "\n".join(lines)
        if isinstance(node, (Array, Angle)):
            open_, close = ("{", "}") if isinstance(node, Array) else ("<", ">")
            if not node.items:
                return flat
            lines = [open_]
            if not any(_nested(i) for i in node.items):  # atoms: fill lines like a paragraph
                line = ""
                for i in node.items:
                    word = self.flat(i)
                    if line and inner + len(line) + 1 + len(word) > self.width:
                        lines.append(" " * inner + line)
                        line = word
                    else:
                        line = f"{line} {word}" if line else word
                lines.append(" " * inner + line)
            else:
                lines += [" " * inner + self.fmt(i, inner) for i in node.items]
            lines.append(pad + close)
            return "\n".join(lines)
        return flat


def _nested(node: Node) -> bool:
    return isinstance(node, (Form, Array, Angle, Named))


def format_node(node: Node, indent: int = 0, width: int = WIDTH) -> str:
    """One node, canonically formatted (the first line is not indented)."""
    return _Printer(width).fmt(node, indent)


def format_nodes(nodes: list[Node] | tuple[Node, ...], width: int = WIDTH) -> str:
    """Top-level nodes, canonically formatted, separated by blank lines."""
    printer = _Printer(width)
    return "\n\n".join(printer.fmt(n, 0) for n in nodes) + "\n"
