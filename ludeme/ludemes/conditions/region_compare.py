"""Two regions compared, as Ludii's ``(= <region> <region>)`` and ``(!= <region>
<region>)``: whether they hold the same sites."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _same(a, b) -> bool:
    return set(a) == set(b)


@ludeme("=", T.Cond)
def regions_equal(c: CompileContext, a: T.Region, b: T.Region):
    """Whether two regions hold the same sites: ``(= (sites Occupied by:Mover) (sites
    P1 "Home"))``."""
    fa, fb = a.fn, b.fn
    return CondV(lambda s: _same(fa(s), fb(s)))


@ludeme("!=", T.Cond)
def regions_differ(c: CompileContext, a: T.Region, b: T.Region):
    """Whether two regions differ in a site."""
    fa, fb = a.fn, b.fn
    return CondV(lambda s: not _same(fa(s), fb(s)))
