"""Numbers read off the board itself: ``(centrePoint)``, ``(count Steps ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV, SiteV
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


@ludeme("count Steps", T.IntFn,
        ludii="Only the default relation (Adjacent) and no step move: (count Steps "
              "<site> <site>).")
def count_steps(c: CompileContext, site1: T.Site, site2: T.Site):
    """How many steps between adjacent sites lead from ``site1`` to ``site2`` by the
    shortest way (0 from a site to itself, to a site off the board or one that cannot
    be reached, as in Ludii's distance table). Ludii: ``(count Steps [<siteType>]
    [<relationType>] [<step>] <int> <int>)``."""
    board = c.require_board()
    around = board.nbrs["Adjacent"]
    n = board.n_sites
    rows: dict[int, list[int]] = {}

    def row(a: int) -> list[int]:
        dist = rows.get(a)
        if dist is None:
            dist = [0] * n
            seen = {a}
            frontier, d = [a], 0
            while frontier:
                d += 1
                nxt = []
                for x in frontier:
                    for y in around[x]:
                        if y not in seen:
                            seen.add(y)
                            dist[y] = d
                            nxt.append(y)
                frontier = nxt
            rows[a] = dist
        return dist

    f1, f2 = site1.fn, site2.fn

    def steps(s) -> int:
        a, b = f1(s), f2(s)
        if not (0 <= a < n and 0 <= b < n):
            return 0
        return row(a)[b]

    return IntV(steps)


@ludeme("phase", T.IntFn)
def site_phase(c: CompileContext, site_type: T.SiteType = None, *, of: T.IntFn):
    """The phase of a site: the colour the board's chequering gives it (0, 1, ...; on
    a square board the colours of a chessboard), as ``(sites Phase <n>)`` groups
    them; -1 for a site off the board. Ludii: ``(phase [<siteType>] of:<int>)``."""
    board = c.require_board()
    t = site_type or c.site_type or board.default_type
    if t not in board.use:
        c.fail(f"the board does not use {t.lower()}s", "add it to the board's use:")
    table = [-1] * board.n_sites
    for k, sites in enumerate(board.phases[t]):
        for x in sites:
            table[x] = k
    n = board.n_sites
    site = of.fn
    if of.const is not None:
        k = table[of.const] if 0 <= of.const < n else -1
        return IntV(lambda s: k, k)

    def phase_of(s):
        x = site(s)
        return table[x] if 0 <= x < n else -1

    return IntV(phase_of)
