"""Pulling pieces towards a site: ``(attract ...)``, as Ludii's ``effect/Attract``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.moveparts import FROM, FromPart
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.moves.from_to import make_board_act


@ludeme("attract", T.Effect,
        ludii="A site type in (from ...) is not supported; pieces keep no state or "
              "rotation when they move, as in Ludii.")
def attract(c: CompileContext, from_: FROM = None, directions: T.Direction = None):
    """Every piece on the lines out of the ``(from ...)`` site (``(from)`` by default),
    along ``directions`` (the adjacent ones by default), slides towards it: on each
    line the pieces, in their order, close up next to the site with no gap, as Ludii's
    ``(attract (from (last To)))``. Ludii: ``(attract [<from>] [<absoluteDirection>])``."""
    board = c.require_board()
    if from_ is not None and (from_.site is None or from_.cond is not None):
        c.fail("(attract (from ...)) pulls towards one site: (from (last To))")
    at = from_.site.fn if isinstance(from_, FromPart) else (lambda s: s.frm)
    dirs = tuple(directions) if directions else board.directions["Adjacent"]
    n = board.n_sites
    # per site, its lines out (nearest site first), one per direction that has one
    lines = [tuple(board.ray[d][x] for d in dirs if board.ray[d][x]) for x in range(n)]
    clear = c.game.clear_site
    put = make_board_act(c)

    def run(s):
        x = at(s)
        if not 0 <= x < n:
            return
        w = s.what
        for line in lines[x]:
            pieces = [w[y] for y in line if w[y]]
            if not pieces:
                continue
            for y in line:
                if w[y]:
                    clear(s, y)
            for y, p in zip(line, pieces, strict=False):
                put(s, y, p)

    return EffectV(run)
