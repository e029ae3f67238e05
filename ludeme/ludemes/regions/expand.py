"""``(expand ...)``: a region grown by layers of neighbours."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("expand", T.Region,
        ludii="Board sites only (no container argument).")
def expand(c: CompileContext, region: T.Region = None, directions: T.Direction = None,
           site_type: T.SiteType = None, *, origin: T.Site = None, steps: T.IntFn = None):
    """The region (or the site ``origin:``) with ``steps:`` layers (1 by default) of
    neighbours added: each layer adds every site one step away, in ``directions`` when
    given, of any kind of adjacency otherwise (neighbours of the sites' own type). Ludii: ``(expand [<region>]
    [origin:<int>] [steps:<int>] [<absoluteDirection>] [<siteType>])``, exactly one of
    region and ``origin:``; the order of the sites does not matter (Ludii's regions are
    sets). ``(expand origin:(centrePoint) Orthogonal)`` is the centre and its four
    orthogonal neighbours."""
    if (region is None) == (origin is None):
        c.fail("(expand ...) grows either a region or origin:<site>, exactly one")
    board = c.require_board()
    if origin is not None:
        o = origin
        base = RegionV(lambda s: (o.fn(s),), (o.const,) if o.const is not None else None)
    else:
        base = region
    if directions is None:
        around = board.nbrs["Adjacent"]
    else:
        dirs = tuple(directions)
        around = tuple(tuple(dict.fromkeys(y for d in dirs for y in board.steps_by_dir[x].get(d, ())
                                           if board.site_type[y] == board.site_type[x]))
                       for x in range(board.n_sites))

    def grow(sites, layers: int) -> tuple[int, ...]:
        out = dict.fromkeys(x for x in sites if x >= 0)
        for _ in range(layers):
            for x in tuple(out):
                for y in around[x]:
                    out.setdefault(y, None)
        return tuple(sorted(out))

    if steps is None or steps.const is not None:
        layers = 1 if steps is None else steps.const
        if base.static is not None:
            return RegionV.of(grow(base.static, layers))
        fn = base.fn
        return RegionV(lambda s: grow(fn(s), layers))
    fn, nfn = base.fn, steps.fn
    return RegionV(lambda s: grow(fn(s), nfn(s)))
