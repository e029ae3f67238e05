"""Where a site lies on the board: ``(row of:...)`` and ``(column of:...)``; the site
of a coordinate, ``(coord "F2")``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _coordinate(c: CompileContext, table: list[int], site) -> IntV:
    if site.const is not None:
        return IntV.of(table[site.const])
    fn, n = site.fn, len(table)

    def value(s):
        x = fn(s)
        return table[x] if 0 <= x < n else -1

    return IntV(value)


@ludeme("row", T.IntFn, ludii="Ludii's site-type argument is not supported.")
def row(c: CompileContext, *, of: T.Site):
    """The row of a site, from 0 at the bottom (Ludii's rows, as ``(sites Row n)``
    counts them): ``(row of:(from))``. Ludii: ``(row of:<int>)``."""
    return _coordinate(c, c.require_board().row_of, of)


@ludeme("column", T.IntFn, ludii="Ludii's site-type argument is not supported.")
def column(c: CompileContext, *, of: T.Site):
    """The column of a site, from 0 at the left: ``(column of:(from))``. Ludii:
    ``(column of:<int>)``."""
    return _coordinate(c, c.require_board().col_of, of)


@ludeme("coord", T.Site)
def coord(c: CompileContext, label: T.Str):
    """The site of a coordinate label of the board (of its default site type):
    ``(coord "F2")``, as Ludii writes it where a number is expected."""
    site = c.site_of(label)
    return SiteV(lambda s: site, site)
