"""Incidence between the site types of a board: the vertices of edges, the edges of
cells, and so on. Line-drawing games read a player's network of edges through them
(the points an owner's edges reach), area games the cells an edge borders."""

from __future__ import annotations

from ludeme.board.graph import CELL, EDGE, VERTEX, Board
from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def incidence_table(board: Board, of: str, want: str) -> list[tuple[int, ...]]:
    """``table[x]`` = the sites of type ``want`` incident to site ``x`` of type ``of``
    (empty for sites of other types). Built from the board's incidence tables."""
    n = board.n_sites
    table: list[tuple[int, ...]] = [()] * n
    pairs: dict[tuple[str, str], list[tuple[int, tuple[int, ...]]]] = {}
    if VERTEX in board.use and EDGE in board.use:
        edges = board.sites[EDGE]
        pairs[(EDGE, VERTEX)] = [(e, board.edge_ends[i]) for i, e in enumerate(edges)]
        pairs[(VERTEX, EDGE)] = [(v, board.vertex_edges[v]) for v in board.sites[VERTEX]]
    if CELL in board.use and EDGE in board.use:
        pairs[(CELL, EDGE)] = [(c, board.cell_edges[i]) for i, c in enumerate(board.sites[CELL])]
    if CELL in board.use and VERTEX in board.use:
        pairs[(CELL, VERTEX)] = [(c, board.cell_vertices[i])
                                 for i, c in enumerate(board.sites[CELL])]
    # the reverse relations (edges of cells -> cells of edges, ...)
    for (a, b), rows in list(pairs.items()):
        if (b, a) not in pairs:
            rev: dict[int, list[int]] = {}
            for x, ys in rows:
                for y in ys:
                    rev.setdefault(y, []).append(x)
            pairs[(b, a)] = [(y, tuple(xs)) for y, xs in sorted(rev.items())]
    rows = pairs.get((of, want))
    if rows is None:
        raise KeyError((of, want))
    for x, ys in rows:
        table[x] = tuple(ys)
    return table


@ludeme("sites Incident", T.Region, ludii="at: may also be a region (Ludii: one site).")
def sites_incident(c: CompileContext, site_type: T.SiteType, *, of: T.SiteType = None,
                   at: T.Region = None):
    """The sites of type ``site_type`` incident to the sites ``at:`` of type ``of:``: the
    end points of edges (``(sites Incident Vertex of:Edge at:(sites Occupied Mover
    Edge))``: every point the mover's edges reach), the edges around a vertex or a cell,
    the cells beside an edge. ``at:`` may be one site or a region (each incident site is
    listed once)."""
    board = c.require_board()
    if of is None or at is None:
        c.fail("(sites Incident ...) needs of: (the type of the given sites) and at:",
               "e.g. (sites Incident Vertex of:Edge at:(last To))")
    for t in (site_type, of):
        if t not in board.use:
            c.fail(f"the board does not use {t.lower()}s", "add it to the board's use:")
    if site_type == of:
        c.fail(f"(sites Incident {site_type} of:{of} ...) relates two different site types",
               "for neighbours of the same type use (sites Around ...)")
    try:
        table = incidence_table(board, of, site_type)
    except KeyError:
        c.fail(f"this board has no incidence between {of.lower()}s and {site_type.lower()}s")
        raise
    if at.static is not None:
        return RegionV.of([y for x in at.static for y in table[x]], site_type)
    reverse = incidence_table(board, site_type, of)
    at_fn, at_has = at.fn, at.member()

    def fn(s):
        out: dict[int, None] = {}
        for x in at_fn(s):
            for y in table[x]:
                out[y] = None
        return tuple(out)

    def contains(s, y):
        return any(at_has(s, x) for x in reverse[y])

    per_owned = None
    if at.per_owned is not None:
        # read from one player's pieces site by site: so is this (its sites' sites)
        role, who, sites, contrib = at.per_owned
        per_owned = (role, who, sites,
                     {x: tuple(dict.fromkeys(y for z in zs for y in table[z]))
                      for x, zs in contrib.items()})
    return RegionV(fn, None, contains, site_type, per_owned=per_owned)
