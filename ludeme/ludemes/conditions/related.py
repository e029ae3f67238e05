"""Relations between sites: ``(is Related ...)``, as Ludii's ``booleans/is/related``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV, RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.regions.expand import step_table


@ludeme("is Related", T.Cond,
        ludii="Ludii's OffDiagonal relation is not supported (it is not a name ludeme "
        "knows).")
def is_related(c: CompileContext, relation: T.Direction, site_type: T.SiteType = None,
               site: T.Site = None, other: T.Region = None):
    """Whether ``site`` is one step, along ``relation`` (``Adjacent``, ``Orthogonal``,
    ``Diagonal``, ``All``), from ``other`` (a site, or any site of a region):
    ``(is Related Adjacent (from) (sites Occupied by:Next))`` holds when the piece
    moving stands next to one of the next player's pieces. Ludii: ``(is Related
    <relationType> [<siteType>] <int> (<int> | <sitesFunction>))``."""
    board = c.require_board()
    if site is None or other is None:
        c.fail("(is Related ...) relates a site to a site or a region: "
               "(is Related Adjacent (from) (sites Occupied by:Next))")
    if site_type is not None and site_type not in board.use:
        c.fail(f"the board does not use {site_type.lower()}s", "add it to the board's use:")
    nbrs = step_table(board, relation)
    n = len(nbrs)
    at = site.fn
    region: RegionV = other
    if isinstance(site, SiteV) and site.const is not None and region.static is not None:
        near = set(nbrs[site.const]) if 0 <= site.const < n else set()
        return CondV.of(any(x in near for x in region.static))
    sites = region.fn
    member = region.member()

    def fn(s):
        x = at(s)
        if not 0 <= x < n:
            return False
        return any(member(s, y) for y in nbrs[x])

    if region.contains is None:
        def fn(s):  # noqa: F811 - no membership test: list the region once
            x = at(s)
            if not 0 <= x < n:
                return False
            near = nbrs[x]
            return any(y in near for y in sites(s))
    return CondV(fn)
