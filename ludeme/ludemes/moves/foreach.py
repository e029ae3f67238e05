"""Iterating moves over sites: ``(forEach Site <region> <moves>)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme

# the moves of a generator that makes at most one move per site (``MovesV.at_site``)
# are found by its test alone (False: every site's list, as before; tests compare them)
FOLD_AT_SITE = True


@ludeme("forEach Site", T.Moves)
def for_each_site(c: CompileContext, region: T.Region, moves: T.Moves, *,
                  noMoveYet: T.Moves = None, then: T.Effect = None):
    """The moves ``moves`` generates at each site of ``region``, with ``(site)``,
    ``(from)`` and ``(to)`` bound to the site; when there are none, those of
    ``noMoveYet:``. The region and every site's moves are worked out on the same
    position before any is made (as a consequence, all are then applied in order). As in
    Ludii: ``(forEach Site (sites Occupied by:Mover) (move Remove (site)))``."""
    if then is not None:
        return with_then(c, for_each_site(c, region, moves, noMoveYet=noMoveYet), then)
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

    if moves.at_site is not None and FOLD_AT_SITE:
        # at most one move per site, known by a test: no list per site
        test, move_at = moves.at_site

        def generate(s):  # noqa: F811
            old = s.site, s.frm, s.to
            found = []
            for x in sorted(sites(s)):
                s.site = s.frm = s.to = x
                if test(s):
                    found.append(x)
            s.site, s.frm, s.to = old
            if not found and otherwise is not None:
                return otherwise(s)
            return list(map(move_at, found))

    return MovesV(generate)
