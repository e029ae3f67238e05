"""A region chosen by a condition, ``(if <cond> <region> <region>)``, and a region of
sites computed from the state, ``(sites {<int> ...})``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("if", T.Region)
def if_region(c: CompileContext, cond: T.Cond, then_: T.Region, else_: T.Region = None):
    """The sites of ``then`` when ``cond`` holds, else those of ``else`` (none without
    one). As in Ludii: ``(count in:(if (is Mover P1) (sites P2) (sites P1)))``."""
    test, a = cond.fn, then_.fn
    b = else_.fn if else_ is not None else (lambda s: ())
    in_a = then_.member()
    in_b = else_.member() if else_ is not None else (lambda s, x: False)
    return RegionV(lambda s: a(s) if test(s) else b(s), None,
                   lambda s, x: in_a(s, x) if test(s) else in_b(s, x))


@ludeme("sites", T.Region,
        ludii="As in Ludii 1.0.8, a value below 0 (no site) stands for site 0.")
def sites_of_values(c: CompileContext, values: T.ListOf(T.IntFn)):
    """The sites whose indices the integers are, worked out on the state each time:
    ``(sites {(value Pending)})``, ``(sites {(last To)})``, ``(sites {1 5 9})``."""
    if all(v.const is not None for v in values):
        return RegionV.of([max(v.const, 0) for v in values], c.site_type)
    fns = [v.fn for v in values]

    def fn(s):
        return tuple(dict.fromkeys([max(f(s), 0) for f in fns]))

    return RegionV(fn)
