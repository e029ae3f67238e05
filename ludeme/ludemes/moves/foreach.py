"""Iterating moves over sites: ``(forEach Site <region> <moves>)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("forEach Site", T.Moves)
def for_each_site(c: CompileContext, region: T.Region, moves: T.Moves, *,
                  noMoveYet: T.Moves = None, then: T.Effect = None):
    """The moves ``moves`` generates at each site of ``region``, with ``(site)``,
    ``(from)`` and ``(to)`` bound to the site; when there are none, those of
    ``noMoveYet:`` (without the ``then:`` consequences, as in Ludii). The region and every site's moves are worked out on the same
    position before any is made (as a consequence, all are then applied in order). As in
    Ludii: ``(forEach Site (sites Occupied by:Mover) (move Remove (site)))``."""
    if then is not None:
        # as in Ludii, the consequences follow the moves of the sites only: the moves of
        # noMoveYet: are made without them
        main = with_then(c, for_each_site(c, region, moves), then)
        if noMoveYet is None:
            return main
        gen_main, gen_else = main.gen, noMoveYet.gen
        return MovesV(lambda s: gen_main(s) or gen_else(s))
    sites, gen = region.fn, moves.gen
    otherwise = noMoveYet.gen if noMoveYet is not None else None

    def generate(s):
        old = s.site, s.frm, s.to
        out = []
        for x in sorted(sites(s)):  # in site order, as Ludii walks a region
            s.site = s.frm = s.to = x
            out.extend(gen(s))
        s.site, s.frm, s.to = old
        if not out and otherwise is not None:
            return otherwise(s)
        return out

    return MovesV(generate)
