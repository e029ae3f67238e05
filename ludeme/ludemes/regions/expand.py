"""A region grown by layers of neighbours (Ludii's ``expand``).

``(expand (sites Bottom))`` is the bottom row and the sites next to it;
``(expand (sites Centre) steps:2 Orthogonal)`` grows the centre twice along orthogonal
lines; ``(expand origin:(centrePoint) steps:3)`` grows one site.
"""

from __future__ import annotations

from ludeme.board import Board
from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV, RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme

RELATIONS = ("Orthogonal", "Diagonal", "Adjacent", "OffDiagonal", "All")


def step_table(board: Board, directions: tuple[str, ...] | None
               ) -> tuple[tuple[int, ...], ...]:
    """``nb[site]``: every site one step from each site along ``directions`` (Ludii's
    steps in those directions; the adjacent sites when None)."""
    if directions is None:
        return board.nbrs["Adjacent"]
    for rel in ("Orthogonal", "Adjacent", "Diagonal", "OffDiagonal", "All"):
        if set(directions) == set(board.directions[rel]):
            return board.nbrs[rel]
    by_dir = board.steps_by_dir
    return tuple(tuple(dict.fromkeys(y for d in directions for y in by_dir[x].get(d, ())))
                 for x in range(board.n_sites))


def grow(sites, nb: tuple[tuple[int, ...], ...], layers: int) -> tuple[int, ...]:
    """The sites and, ``layers`` times over, every neighbour of what is there so far;
    in increasing order (Ludii's region)."""
    region = set(sites)
    for _ in range(layers):
        region.update([y for x in region for y in nb[x]])
    return tuple(sorted(region))


@ludeme("expand", T.Region)
def expand(c: CompileContext, region: T.Region = None, directions: T.Direction = None,
           site_type: T.SiteType = None, *, origin: T.Site = None,
           steps: T.IntFn = None):
    """A region grown by ``steps`` layers (1 by default) of neighbours: each layer adds
    every site one step from the region so far, along ``directions`` (Adjacent by
    default; ``Orthogonal``, ``N``, ...). ``origin:`` grows from one site instead of a
    region. As in Ludii: ``(expand (sites Bottom) steps:2)``."""
    board = c.require_board()
    if (region is None) == (origin is None):
        c.fail("(expand ...) grows a region or an origin: site, one of them")
    if site_type is not None and site_type not in board.use:
        c.fail(f"the board does not use {site_type.lower()}s", "add it to the board's use:")
    nb = step_table(board, directions)
    layers = steps if steps is not None else IntV.of(1)
    if origin is not None:
        base = RegionV.of((origin.const,)) if isinstance(origin, SiteV) and \
            origin.const is not None else RegionV(lambda s, at=origin.fn: (at(s),))
    else:
        base = region
    if base.static is not None and layers.const is not None:
        if layers.const < 0:
            c.fail(f"steps:{layers.const} cannot be negative")
        return RegionV.of(grow(base.static, nb, layers.const), base.site_type)
    fn, count = base.fn, layers.fn
    return RegionV(lambda s: grow([x for x in fn(s) if x >= 0], nb, max(0, count(s))),
                   None, None, base.site_type)


@ludeme("sites Direction", T.Region, lazy=True)
def sites_direction(c: CompileContext, directions: T.Direction = None,
                    site_type: T.SiteType = None, *, from_: (T.Site, T.Region),
                    included: T.Cond = None, stop: T.Cond = None, stopIncluded: T.Cond = None,
                    distance: T.IntFn = None):
    """The sites in a line from ``from:`` (a site, or each site of a region) along each
    of ``directions`` (Adjacent by default), as far as ``distance:`` or until ``stop:``
    holds for a site (with ``(to)`` bound to it; ``stopIncluded:True`` keeps that site);
    ``included:True`` adds ``from:`` itself. As in Ludii:
    ``(sites Direction from:(last To) N stop:(is Occupied (to)))``."""
    board = c.require_board()
    dirs = c.compile(directions, T.Direction) if directions is not None \
        else board.directions["Adjacent"]
    start = c.compile(from_, (T.Site, T.Region))
    flags = [c.compile(x, T.Cond).fn if x is not None else None
             for x in (included, stop, stopIncluded)]
    with_start, stop_at, keep_stop = flags
    far = c.compile(distance, T.IntFn).fn if distance is not None else None
    ray = board.rays_of(dirs)
    rays = [ray[d] for d in dirs if d in ray]
    starts = (lambda s, at=start.fn: (at(s),)) if isinstance(start, SiteV) else start.fn

    def fn(s):
        out: list[int] = []
        limit = far(s) if far is not None else 1000
        keep = s.to if s is not None else None
        for x in starts(s):
            if x < 0:
                break
            if with_start is not None and with_start(s):
                out.append(x)
            for ray in rays:
                for y in ray[x][:max(0, limit)]:
                    if stop_at is not None:
                        s.to = y
                        if stop_at(s):
                            if keep_stop is not None and keep_stop(s):
                                out.append(y)
                            break
                    out.append(y)
        if s is not None:
            s.to = keep
        return out

    if all(f is None for f in flags) and far is None and isinstance(start, SiteV) \
            and start.const is not None:
        return RegionV.of(fn(None))
    return RegionV(fn)
