"""(define "Name" body) with parameters #1..#n: expansion with bounded growth.

A define that refers to itself, a missing argument, or an expansion that grows past
``MAX_NODES`` is a clear error; the work done is bounded whatever the input.
"""

from __future__ import annotations

from ludeme.errors import Diagnostic, LudemeError, suggest
from ludeme.syntax.ast import Angle, Array, Form, Named, Node, Param, Str

MAX_NODES = 200_000
MAX_DEPTH = 64


class DefineExpander:
    def __init__(self, defines: dict[str, Form]):
        # name -> (body, definition form)
        self.defines: dict[str, tuple[Node, Form]] = {}
        for name, form in defines.items():
            body = form.args[1] if len(form.args) > 1 else None
            if body is None:
                raise LudemeError(Diagnostic(f"define \"{name}\" has no body", form.span))
            self.defines[name] = (body, form)
        self.budget = MAX_NODES
        self._sizes: dict[int, int] = {}

    def _size(self, node: Node) -> int:
        """Nodes in a (shared) subtree, memoised: substituted arguments count in full."""
        key = id(node)
        if key not in self._sizes:
            if isinstance(node, Form):
                kids = node.args
            elif isinstance(node, (Array, Angle)):
                kids = node.items
            elif isinstance(node, Named):
                kids = (node.value,)
            else:
                kids = ()
            self._sizes[key] = 1 + sum(self._size(k) for k in kids)
        return self._sizes[key]

    def _spend(self, node: Node, amount: int = 1) -> None:
        self.budget -= amount
        if self.budget < 0:
            raise LudemeError(Diagnostic(
                f"expanding defines produces more than {MAX_NODES:,} nodes", node.span,
                "a define probably uses another one many times over (a define bomb)"))

    def expand(self, node: Node, stack: tuple[str, ...] = (),
               params: tuple[tuple[Node, ...] | None, ...] | None = None) -> list[Node]:
        """Expand ``node``; returns a list because a parameter may stand for nothing."""
        self._spend(node)
        if isinstance(node, Param):
            if params is None:
                raise LudemeError(Diagnostic(f"parameter '#{node.index}' outside a define",
                                             node.span))
            if node.index < 1 or node.index > len(params) or params[node.index - 1] is None:
                raise LudemeError(Diagnostic(
                    f"define \"{stack[-1]}\" uses #{node.index} but was given "
                    f"{len(params)} argument{'s' if len(params) != 1 else ''}", node.span))
            values = params[node.index - 1]
            for v in values:
                self._spend(v, self._size(v))
            return list(values)
        if isinstance(node, Str) and node.value in self.defines:
            return self._call(node.value, (), node, stack)
        if isinstance(node, Form):
            args = self._expand_all(node.args, stack, params)
            if node.head_is_string:
                if node.head not in self.defines:
                    raise LudemeError(Diagnostic(f"unknown define \"{node.head}\"", node.span,
                                                 suggest(node.head, self.defines)))
                return self._call(node.head, tuple(args), node, stack)
            return [Form(node.head, tuple(args), False, node.marks, span=node.span)]
        if isinstance(node, Array):
            return [Array(tuple(self._expand_all(node.items, stack, params)), span=node.span)]
        if isinstance(node, Named):
            value = self.expand(node.value, stack, params)
            if len(value) != 1:
                raise LudemeError(Diagnostic(f"'{node.name}:' needs exactly one value",
                                             node.span))
            return [Named(node.name, value[0], span=node.span)]
        if isinstance(node, Angle):
            return [Angle(tuple(self._expand_all(node.items, stack, params)), span=node.span)]
        return [node]

    def _expand_all(self, nodes, stack, params) -> list[Node]:
        out: list[Node] = []
        for n in nodes:
            out.extend(self.expand(n, stack, params))
        return out

    def _call(self, name: str, args: tuple[Node, ...], at: Node, stack) -> list[Node]:
        if name in stack:
            chain = " -> ".join(f'"{n}"' for n in stack[stack.index(name):] + (name,))
            raise LudemeError(Diagnostic(f"define \"{name}\" refers to itself: {chain}",
                                         at.span, "a define cannot expand into itself"))
        if len(stack) >= MAX_DEPTH:
            raise LudemeError(Diagnostic(f"defines nested more than {MAX_DEPTH} deep", at.span))
        body, _ = self.defines[name]
        params = tuple((a,) for a in args)
        return self.expand(body, stack + (name,), params)
