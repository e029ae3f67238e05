"""A condition chosen by a condition: ``(if <cond> <cond> <cond>)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("if", T.Cond)
def if_cond(c: CompileContext, cond: T.Cond, then_: T.Cond, else_: T.Cond = None):
    """Whether ``then`` holds when ``cond`` does, else whether ``else`` holds (false
    without one). As in Ludii: ``ifAfterwards:(if (is Mover P1) (< 0 (count in:(sites
    P2))) (< 0 (count in:(sites P1))))``."""
    test, a = cond.fn, then_.fn
    if else_ is None:
        return CondV(lambda s: test(s) and a(s))
    b = else_.fn
    return CondV(lambda s: a(s) if test(s) else b(s))
