"""A region chosen by a condition: Ludii's ``(if ...)`` among regions."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("if", T.Region)
def if_region(c: CompileContext, cond: T.Cond, ok: T.Region, else_: T.Region = None):
    """The region ``ok`` when ``cond`` holds, else ``else`` (no site without one):
    ``(if (is Mover P1) (sites Top) (sites Bottom))``. Ludii: ``(if <boolean> <region>
    [<region>])``."""
    test, a = cond.fn, ok.fn
    if else_ is None:
        return RegionV(lambda s: a(s) if test(s) else ())
    b = else_.fn
    return RegionV(lambda s: a(s) if test(s) else b(s))
