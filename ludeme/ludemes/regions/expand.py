"""Growing a region by its neighbours: ``(expand ...)``, as in Ludii."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("expand", T.Region,
        ludii="Ludii's container, origin: and site-type arguments are not supported.")
def expand(c: CompileContext, region: T.Region, direction: T.Direction = None, *,
           steps: T.IntFn = None):
    """The region with the sites next to it added, ``steps:`` times (once by default):
    next to means adjacent (Ludii's ``adjacent()`` of each site), or one step in the
    given directions when a direction follows: ``(expand (sites Bottom))`` is the two
    bottom rows of a square board, ``(expand (sites Outer) steps:2 Orthogonal)``.
    Ludii: ``(expand <region> [steps:<int>] [<absoluteDirection>])``."""
    board = c.require_board()
    if direction is None:
        nbrs = board.nbrs["Adjacent"]
    else:
        step = board.step["All"]
        nbrs = [tuple(y for d in direction for y in (step[d][x],) if y >= 0)
                for x in range(board.n_sites)]
    site_type = board.site_type

    def grow(sites, times: int) -> tuple[int, ...]:
        out = dict.fromkeys(sites)
        for _ in range(times):
            new = [y for x in tuple(out) for y in nbrs[x]
                   if y not in out and site_type[y] == site_type[x]]
            if not new:
                break
            out.update(dict.fromkeys(new))
        return tuple(out)

    if steps is not None and steps.const is None:
        count, base = steps.fn, region.fn
        return RegionV(lambda s: grow(base(s), count(s)))
    times = 1 if steps is None else steps.const
    if region.static is not None:
        return RegionV.of(grow(region.static, times), region.site_type)
    base = region.fn
    return RegionV(lambda s: grow(base(s), times))
