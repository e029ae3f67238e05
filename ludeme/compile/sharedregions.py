"""A region written more than once in one move's consequences (``then:``), worked out
once per evaluation: a common subexpression of the description.

A description names a region once (a ``(define ...)``) and uses it in several effects of
one ``then:``: say, the sites to count for a score and then to remove. Each use compiles
to its own function, so the region would be worked out once per use. ``repeated`` finds
the region expressions of a ``then:`` that occur twice or more (structurally equal
checked trees) and read only the pieces on the board and the move's context, and
``shared`` gives each use a function that keeps the last value worked out together with
what it depends on (the state object, its ply and board hash, ``(from)``, ``(to)`` and
the mover): a later use on the same position returns it, any change works it out again.
"""

from __future__ import annotations

import dataclasses

from ludeme.lang.checker import Call, Lit, Seq

#: the ludemes whose value is read off the pieces on the board (which the state's hash
#: follows) and ``(from)``, ``(to)`` alone; a region built of these only may be shared
_BOARD_READS = frozenset({
    "sites Around", "sites Empty", "is Occupied", "is Empty", "count Sites", "to", "from",
    "and", "or", "not", "<", "<=", ">", ">=", "=", "!=", "intersection", "union",
    "difference",
})


def key(arg) -> tuple | None:
    """A hashable key equal for structurally equal checked trees; None for a part this
    does not know how to compare (then the tree is not shared)."""
    if isinstance(arg, Call):
        parts = []
        for k in sorted(arg.args):
            sub = key(arg.args[k])
            if sub is None:
                return None
            parts.append((k, sub))
        return ("call", id(arg.decl), tuple(parts))
    if isinstance(arg, Lit):
        v = arg.value
        if not isinstance(v, (int, str, bool, float)):
            return None
        return ("lit", type(v).__name__, v, arg.type.name)
    if isinstance(arg, (Seq, list)):
        items = arg.items if isinstance(arg, Seq) else arg
        subs = tuple(key(i) for i in items)
        if any(s is None for s in subs):
            return None
        return ("seq", subs)
    return None


def _board_only(arg) -> bool:
    if isinstance(arg, Call):
        return arg.decl.name in _BOARD_READS and all(_board_only(v) for v in arg.args.values())
    if isinstance(arg, Seq):
        return all(_board_only(i) for i in arg.items)
    if isinstance(arg, list):
        return all(_board_only(i) for i in arg)
    return isinstance(arg, Lit)


def _children(arg) -> list:
    """The parts of ``arg`` evaluated in its own context: not a region's conditions
    (``if:``), asked of each site with ``(to)`` bound to it, where a value kept for the
    consequence's ``(to)`` would be asked again for another site at each use."""
    if isinstance(arg, Call):
        if arg.type.name == "Region":
            return [v for v in arg.args.values()
                    if not (isinstance(v, Call) and v.type.name == "Cond")]
        return list(arg.args.values())
    if isinstance(arg, Seq):
        return list(arg.items)
    if isinstance(arg, list):
        return list(arg)
    return []


def _regions(then, stop=lambda k, a: False):
    """The region expressions of ``then`` with their keys, outermost first; the parts of
    one for which ``stop(key, expression)`` holds are not looked into."""
    stack = [then]
    while stack:
        a = stack.pop()
        if isinstance(a, Call) and a.type.name == "Region":
            k = key(a)
            if k is not None:
                yield k, a
                if stop(k, a):
                    continue
        stack.extend(_children(a))


def repeated(then) -> dict:
    """The region expressions of the checked ``then`` that occur twice or more and read
    the board only, outermost ones (a repeated one inside another is left alone): a
    dict from their key to the memory the uses share."""
    counts: dict = {}
    for k, _a in _regions(then):
        counts[k] = counts.get(k, 0) + 1

    def kept(k, a) -> bool:
        return counts[k] >= 2 and _board_only(a)

    return {k: [None] * 3 for k, a in _regions(then, kept) if kept(k, a)}


def shared(memo: dict, arg, value):
    """``value`` (a compiled region of ``arg``) reading the memory its structurally equal
    uses share when ``arg`` is one of ``memo`` (from ``repeated``); else itself."""
    if not memo or not isinstance(arg, Call):
        return value
    cell = memo.get(key(arg))
    if cell is None or getattr(value, "static", True) is not None:
        return value
    fn = value.fn

    def once_keyed(s):
        # what the value depends on compared as one tuple (the state's board hash, ply,
        # ``(from)``, ``(to)`` and mover)
        key = (s.hash, s.ply, s.to, s.frm, s.who)
        if cell[1] == key and cell[0] is s:
            return cell[2]
        out = fn(s)
        if out.__class__ is not tuple:
            out = tuple(out)  # a use must not change what the others read
        cell[0] = s
        cell[1] = key
        cell[2] = out
        return out

    return dataclasses.replace(value, fn=once_keyed)
