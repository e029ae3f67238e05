"""Growing a region by layers of neighbours: ``(expand <region> steps:<n>)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.regions.around import neighbour_table


@ludeme("expand", T.Region,
        ludii="A container other than the board (Ludii's first argument) is not "
              "supported.")
def expand(c: CompileContext, region: T.Region = None, directions: T.Direction = None,
           site_type: T.SiteType = None, *, origin: T.Site = None, steps: T.IntFn = None):
    """``region`` (or the one site ``origin:``) with ``steps`` layers (1 by default) of
    neighbours added: each layer adds every site next to the region so far, along
    ``directions`` (every adjacent site by default). As in Ludii: ``(expand (sites
    Bottom) steps:2)``, the two bottom rows; ``(expand origin:(centrePoint)
    Orthogonal)``."""
    if (region is None) == (origin is None):
        c.fail("(expand ...) grows one region: (expand <region>) or (expand origin:<site>)")
    if origin is not None:
        o = origin.fn
        region = RegionV.of((origin.const,)) if origin.const is not None else \
            RegionV(lambda s: (o(s),), None, lambda s, x: o(s) == x)
    nb = neighbour_table(c, tuple(directions) if directions else None)
    layers = steps if steps is not None else None

    def grow(sites, n: int) -> tuple[int, ...]:
        out = dict.fromkeys(x for x in sites if x >= 0)
        for _ in range(n):
            layer = [y for x in out for y in nb[x] if y not in out]
            if not layer:
                break
            out.update(dict.fromkeys(layer))
        return tuple(sorted(out))

    count = layers.const if layers is not None else 1
    if region.static is not None and count is not None:
        return RegionV.of(grow(region.static, count), region.site_type)
    base = region.fn
    nfn = layers.fn if layers is not None else (lambda s: 1)
    return RegionV(lambda s: grow(base(s), nfn(s)), None, None, region.site_type)
