"""(define "Name" body) with parameters #1..#n: expansion with bounded work.

A define is used as ``("Name" arg ...)`` or, without arguments, as a bare ``"Name"``.
Its body may use other defines. As in Ludii, a parameter ``#n`` with no argument (the
call gives fewer than n arguments, or ``~`` in n-th place) stands for nothing: it is
left out of the form around it, and a ``name:#n`` argument is left out with it.

A parameter may stand for a form's head, ``(#3 of:(from))``: the argument's first
name becomes the head. An argument that is a whole form, ``(#1)`` given ``(sites
Empty)``, stands for that form, as Ludii reads the doubled parentheses ``((sites
Empty))``. A range whose ends are defines or parameters, ``"Entry".."Exit"``, becomes
its numbers once they are known.

A define written inside a define's body (an option item may put one there) is
declared as that body expands, with its enclosing define's arguments in place of every
#n (Ludii expands text: it substitutes them all).

A define that refers to itself, a parameter standing for a head without an argument,
or an expansion that grows past ``MAX_NODES`` or nests deeper than ``MAX_TREE_DEPTH``
is a clear error; the work done is bounded whatever the input, and nothing here can
overflow Python's stack.
"""

from __future__ import annotations

from dataclasses import replace

from ludeme.errors import Diagnostic, LudemeError, Span, suggest
from ludeme.syntax.ast import (
    Angle,
    Array,
    Form,
    Name,
    Named,
    Node,
    Omit,
    Param,
    Range,
    Str,
    children,
)
from ludeme.syntax.parser import MAX_DEPTH, expand_range

MAX_NODES = 100_000       # nodes an expansion may produce (a real game has a few thousand)
MAX_CALL_DEPTH = 64       # defines used inside defines
MAX_TREE_DEPTH = MAX_DEPTH
_PROTECTED = ("game", "match", "instance")


class Budget:
    """Work shared by every expansion step of one description."""

    def __init__(self, nodes: int = MAX_NODES):
        self.limit = nodes
        self.left = nodes

    def spend(self, amount: int, node: Node, what: str = "expanding defines") -> None:
        self.left -= amount
        if self.left < 0:
            raise LudemeError(Diagnostic(
                f"{what} produces more than {self.limit:,} nodes", node.span,
                "a define (or option) probably uses another one many times over, "
                "so the description grows exponentially"))


def _respan(node: Node, via: tuple[Span, str] | None) -> Span:
    if via is None:
        return node.span
    s = node.span  # built directly: dataclasses.replace is the bottleneck of a define bomb
    return Span(s.file, s.line, s.col, s.length, s.source, via[0], via[1])


def _atom_with_span(node: Node, span: Span) -> Node:
    if isinstance(node, Param):
        return Param(node.index, span=span)
    if isinstance(node, Omit):
        return Omit(span=span)
    value = getattr(node, "value", None)
    if value is not None:
        return type(node)(value, span=span)
    return replace(node, span=span)


def lift_defines(nodes: list[Node]) -> tuple[list[Node], list[Form]]:
    """``(define ...)`` forms written inside other forms (an option item may hold one,
    so that choosing the item declares it): the nodes without them, and the defines in
    the order they are written. As in Ludii, a define counts wherever it is written."""
    found: list[Form] = []

    def lift(node: Node) -> Node | None:
        if isinstance(node, Form):
            if node.head == "define" and not node.head_is_string and node.args \
                    and isinstance(node.args[0], Str):
                found.append(node)
                return None
            args = _lift_all(node.args)
            if args is node.args:
                return node
            return Form(node.head, args, node.head_is_string, node.marks, node.head_node,
                        span=node.span)
        if isinstance(node, Array):
            items = _lift_all(node.items)
            return node if items is node.items else Array(items, span=node.span)
        if isinstance(node, Named):
            value = lift(node.value)
            if value is node.value:
                return node
            return None if value is None else Named(node.name, value, span=node.span)
        return node

    def _lift_all(items: tuple[Node, ...]) -> tuple[Node, ...]:
        out = [lift(i) for i in items]
        if all(a is b for a, b in zip(out, items, strict=True)):
            return items
        return tuple(i for i in out if i is not None)

    kept = [n for n in (lift(n) for n in nodes) if n is not None]
    return kept, found


class DefineExpander:
    def __init__(self, defines: dict[str, Form], budget: Budget | None = None,
                 errors: list[Diagnostic] | None = None):
        # name -> (body nodes, definition form)
        self.defines: dict[str, tuple[tuple[Node, ...], Form]] = {
            name: (form.args[1:], form) for name, form in defines.items()}
        self.budget = budget or Budget()
        #: errors that do not stop expansion (the rest of the description is still
        #: expanded so that all of them are reported at once)
        self.errors = errors if errors is not None else []
        self._sizes: dict[int, tuple[Node, int]] = {}
        #: defines declared inside the body of another define, as it expanded
        self.declared: dict[str, Form] = {}
        #: id -> (node, True when nothing in it expands): such a subtree outside any
        #: define's body is kept as it is, not rebuilt
        self._plain_memo: dict[int, tuple[Node, bool]] = {}

    def error(self, msg: str, span: Span, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(msg, span, hint))

    def _size(self, node: Node) -> int:
        """Nodes in a (shared) subtree, memoised: substituted arguments count in full."""
        key = id(node)
        hit = self._sizes.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        # iterative post-order, so deep trees cannot overflow the stack
        stack: list[tuple[Node, bool]] = [(node, False)]
        while stack:
            n, done = stack.pop()
            kids = children(n)
            if done:
                total = 1 + sum(self._sizes[id(k)][1] for k in kids)
                self._sizes[id(n)] = (n, total)
                continue
            hit = self._sizes.get(id(n))
            if hit is not None and hit[0] is n:
                continue
            stack.append((n, True))
            stack.extend((k, False) for k in kids)
        return self._sizes[key][1]

    def _plain(self, node: Node) -> bool:
        """True when nothing in ``node`` is a define's use, a parameter, a range or a
        declaration (memoised; iterative, so deep trees cannot overflow the stack)."""
        memo = self._plain_memo
        hit = memo.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        work: list[tuple[Node, bool]] = [(node, False)]
        while work:
            n, done = work.pop()
            kids = children(n)
            if done:
                own = not (isinstance(n, (Param, Range))
                           or (isinstance(n, Str) and n.value in self.defines)
                           or (isinstance(n, Form) and (n.head_is_string or n.head == "define"
                                                        or isinstance(n.head_node, Param))))
                memo[id(n)] = (n, own and all(memo[id(k)][1] for k in kids))
                continue
            hit = memo.get(id(n))
            if hit is not None and hit[0] is n:
                continue
            work.append((n, True))
            work.extend((k, False) for k in kids)
        return memo[id(node)][1]

    def expand(self, node: Node, stack: tuple[str, ...] = (),
               params: tuple[tuple[Node, ...] | None, ...] | None = None,
               via: tuple[Span, str] | None = None, depth: int = 1) -> list[Node]:
        """Expand ``node``; returns a list because a parameter may stand for nothing
        (or a define for several nodes)."""
        self.budget.left -= 1
        if self.budget.left < 0:
            self._exhausted(node, via)
        if depth > MAX_TREE_DEPTH:
            raise LudemeError(Diagnostic(
                f"expanding defines nests the description more than {MAX_TREE_DEPTH} deep",
                _respan(node, via), "a define probably wraps its argument in itself many times"))
        if via is None and isinstance(node, (Form, Array)) and self._plain(node):
            self.budget.left -= self._size(node) - 1
            if self.budget.left < 0:
                self._exhausted(node, via)
            return [node]  # the game's own text with nothing to expand: kept as it is
        if isinstance(node, Param):
            if params is None:
                self.error(f"parameter '#{node.index}' outside a define", _respan(node, via),
                           "#1, #2, ... stand for a define's arguments, inside its body")
                return []
            if node.index < 1 or node.index > len(params) or params[node.index - 1] is None:
                return []  # no argument: the parameter stands for nothing (Ludii's rule)
            values = params[node.index - 1]
            for v in values:
                self.budget.left -= self._size(v)
                if self.budget.left < 0:
                    self._exhausted(node, via)
            return list(values)
        if isinstance(node, Str) and node.value in self.defines:
            return self._call(node.value, (), node, stack, via, depth)
        if isinstance(node, Form) and isinstance(node.head_node, Param):
            return self._param_head(node, stack, params, via, depth)
        if isinstance(node, Form) and node.head == "define" and not node.head_is_string \
                and node.args and isinstance(node.args[0], Str):
            return self._declare(node, stack, params, via, depth)
        if isinstance(node, Form):
            if node.head_is_string:
                args = self._expand_args(node.args, stack, params, via, depth)
                if node.head not in self.defines:
                    self.error(f"unknown define \"{node.head}\"", _respan(node, via),
                               suggest(node.head, self.defines)
                               or ("no defines are declared" if not self.defines else None))
                    return []
                return self._call(node.head, tuple(args), node, stack, via, depth)
            if node.head in _PROTECTED and node.args and isinstance(node.args[0], Str):
                # a game's name is never a define use, even if a define has that name
                rest = self._expand_all(node.args[1:], stack, params, via, depth)
                args = [_atom_with_span(node.args[0], _respan(node.args[0], via)), *rest]
            else:
                args = self._expand_all(node.args, stack, params, via, depth)
            head_node = node.head_node
            return [Form(node.head, tuple(args), False, node.marks, head_node,
                         span=_respan(node, via))]
        if isinstance(node, Array):
            return [Array(tuple(self._expand_all(node.items, stack, params, via, depth)),
                          span=_respan(node, via))]
        if isinstance(node, Named):
            value = self.expand(node.value, stack, params, via, depth + 1)
            if not value:
                return []  # a left-out argument, or its value's error is reported already
            if len(value) != 1:
                self.error(f"'{node.name}:' needs exactly one value, but its value expands "
                           f"to {len(value)}", _respan(node, via))
                return []
            return [Named(node.name, value[0], span=_respan(node, via))]
        if isinstance(node, Angle):
            return [Angle(tuple(self._expand_all(node.items, stack, params, via, depth)),
                          span=_respan(node, via))]
        if isinstance(node, Range):
            return self._range(node, stack, params, via, depth)
        if via is not None:
            return [_atom_with_span(node, _respan(node, via))]
        return [node]

    def _declare(self, node: Form, stack, params, via, depth) -> list[Node]:
        """A ``(define ...)`` inside a define's body (an option item may put one there):
        declared with the enclosing define's arguments in place of its parameters (Ludii
        substitutes every #n of the enclosing body's text); the first of a name counts."""
        name = node.args[0].value
        if name not in self.defines:
            body = self._expand_all(node.args[1:], stack, params, via, depth)
            form = Form("define", (node.args[0], *body), span=_respan(node, via))
            self.defines[name] = (tuple(body), form)
            self.declared[name] = form
            self._plain_memo.clear()  # a string may now name a define
        return []

    def _param_head(self, node: Form, stack, params, via, depth) -> list[Node]:
        """``(#n arg ...)``: the n-th argument's first name is the head."""
        span = _respan(node, via)
        head = self.expand(node.head_node, stack, params, via, depth + 1)
        if not head:
            if params is not None:  # outside a define, the parameter is reported already
                self.error(f"'#{node.head_node.index}' stands for this form's head, but the "
                           "define was given no argument for it", span,
                           "give the define a ludeme name (or a define's name) there")
            return []
        first = head[0]
        if isinstance(first, Str) and first.value in self.defines:  # (#1 ...) given "Name"
            args = [(x,) for x in head[1:]]
            args += self._expand_args(node.args, stack, params, via, depth)
            return self._call(first.value, tuple(args), node, stack, via, depth)
        args = self._expand_all(node.args, stack, params, via, depth)
        if isinstance(first, Form) and len(head) == 1 and not args:
            return head  # (#1) given (sites Empty): Ludii's doubled parentheses
        if isinstance(first, (Name, Str)):
            return [Form(first.value, (*head[1:], *args), isinstance(first, Str), node.marks,
                         span=span)]
        self.error(f"'#{node.head_node.index}' stands for this form's head, but its argument "
                   "does not start with a name", span, f"it starts with {first.span}")
        return []

    def _range(self, node: Range, stack, params, via, depth) -> list[Node]:
        span = _respan(node, via)
        ends = []
        for end in (node.lo, node.hi):
            value = self.expand(end, stack, params, via, depth + 1)
            if len(value) != 1:
                self.error("each end of a range '..' must be one number or site label",
                           span, f"this end expands to {len(value)} items")
                return []
            ends.append(value[0])
        out = expand_range(ends[0], ends[1], span)
        if isinstance(out, Range):
            self.error("a range '..' runs between two numbers or two site labels", span,
                       "its ends are defines or parameters that stand for numbers, like "
                       "\"Entry\"..\"Exit\" with (define \"Entry\" 0)")
            return []
        self.budget.spend(len(out), node)
        return out

    def _exhausted(self, node: Node, via: tuple[Span, str] | None) -> None:
        """Report a define bomb at its outermost use: the define the game asked for."""
        if via is None:
            self.budget.spend(0, node)
            return
        span, name = via
        while span.via is not None and span.via_define is not None:
            span, name = span.via, span.via_define
        raise LudemeError(Diagnostic(
            f"define \"{name}\" expands to more than {self.budget.limit:,} nodes", span,
            "it (or a define it uses) probably uses another define many times over, so it "
            "grows exponentially"))

    def _expand_all(self, nodes, stack, params, via, depth) -> list[Node]:
        out: list[Node] = []
        for n in nodes:
            out.extend(self.expand(n, stack, params, via, depth + 1))
        return out

    def _expand_args(self, nodes, stack, params, via, depth) -> list[tuple[Node, ...] | None]:
        """A define call's arguments, each expanded on its own (``~`` is no argument)."""
        out: list[tuple[Node, ...] | None] = []
        for n in nodes:
            if isinstance(n, Omit):
                out.append(())
            else:
                out.append(tuple(self.expand(n, stack, params, via, depth + 1)))
        return out

    def _call(self, name: str, args: tuple, at: Node, stack, via, depth) -> list[Node]:
        at_span = _respan(at, via)
        if name in stack:
            chain = " -> ".join(f'"{n}"' for n in stack[stack.index(name):] + (name,))
            raise LudemeError(Diagnostic(f"define \"{name}\" refers to itself: {chain}",
                                         at_span, "a define cannot expand into itself"))
        if len(stack) >= MAX_CALL_DEPTH:
            raise LudemeError(Diagnostic(f"defines used inside defines more than "
                                         f"{MAX_CALL_DEPTH} deep", at_span))
        body, _ = self.defines[name]
        out: list[Node] = []
        for b in body:
            out.extend(self.expand(b, stack + (name,), tuple(args), (at_span, name), depth))
        return out


