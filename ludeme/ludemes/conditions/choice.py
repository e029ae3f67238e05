"""A condition chosen by a condition: Ludii's ``(if ...)`` among booleans."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("if", T.Cond)
def if_cond(c: CompileContext, cond: T.Cond, ok: T.Cond, else_: T.Cond = None):
    """The condition ``ok`` when ``cond`` holds, else ``else`` (false without one):
    ``(to if:(if ("InGoal" (from)) (is Empty (to)) (is In (to) (sites Board))))``.
    Ludii: ``(if <boolean> <boolean> [<boolean>])``."""
    test, a = cond.fn, ok.fn
    if else_ is None:
        return CondV(lambda s: test(s) and a(s))
    b = else_.fn
    return CondV(lambda s: a(s) if test(s) else b(s))
