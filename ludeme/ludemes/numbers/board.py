"""Numbers read off the board itself: ``(centrePoint)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("centrePoint", T.Site)
def centre_point(c: CompileContext, site_type: T.SiteType = None):
    """The centre site of the board: the first of ``(sites Centre)`` (of the given
    type, the board's default by default). Ludii: ``(centrePoint [<siteType>])``; of
    edges it is -1 (off the board), as in Ludii."""
    board = c.require_board()
    t = site_type or c.site_type or board.default_type
    if t == "Edge":
        return SiteV(lambda s: -1, -1)
    if t not in board.use:
        c.fail(f"the board does not use {t.lower()}s", "add it to the board's use:")
    centre = board.centre[t]
    if not centre:
        c.fail("this board has no centre site")
    site = centre[0]
    return SiteV(lambda s: site, site)
