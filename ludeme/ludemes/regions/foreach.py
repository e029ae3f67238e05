"""Filtering a region site by site: ``(forEach <region> if:<cond>)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("forEach", T.Region)
def for_each_region(c: CompileContext, region: T.Region, *, if_: T.Cond):
    """The sites of ``region`` where ``if:`` holds, evaluated with ``(site)`` bound to
    each. As in Ludii: ``(forEach (sites Board) if:(= 0 (count Sites in:(sites Around
    (site) Orthogonal if:(is Empty (to))))))``."""
    sites, test = region.fn, if_.fn
    member = region.member()

    def fn(s):
        old = s.site
        out = []
        for x in sites(s):
            s.site = x
            if test(s):
                out.append(x)
        s.site = old
        return out

    def contains(s, x):
        if not member(s, x):
            return False
        old = s.site
        s.site = x
        ok = test(s)
        s.site = old
        return bool(ok)

    return RegionV(fn, None, contains, region.site_type)

