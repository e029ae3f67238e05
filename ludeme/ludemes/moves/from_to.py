"""Moving a piece from one site to another, anywhere: Ludii's ``FromTo``, written
``(move (from ...) (to ...))`` or ``(fromTo (from ...) (to ...))``.

Unlike a step, a slide or a hop, the destinations are a region worked out for each
origin (``(from)`` bound to it), so there is no ray table to fold; the moves themselves
are interned per (origin, destination, piece) the first time they are made (a
``MoveTable``, which lists them all for a stable action space).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.moveparts import FROM, FromPart
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV, RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move

_LUDII = ("Only board sites: a hand as (from ...) is not supported, nor count:, copy:, "
          "stack:, levels, a mover role or (to ... (apply ...)).")


def origins_of(from_: FromPart | SiteV):
    """``(from ...)`` as the sites a move may start from in a state (a function) and the
    ``if:`` condition they must meet (``None`` when there is none)."""
    if isinstance(from_, SiteV):
        from_ = FromPart(site=from_)
    if from_.site is not None:
        site_fn = from_.site.fn
        origins = lambda s: (site_fn(s),)  # noqa: E731
    else:
        origins = from_.region.fn
    return origins, (from_.cond.fn if from_.cond is not None else None)


@ludeme("fromTo", T.Moves, ludii=_LUDII)
@ludeme("move", T.Moves, ludii=_LUDII)
def move_from_to(c: CompileContext, from_: (FROM, T.Site), to: T.Region, *,
                 then: T.Effect = None):
    """Move the piece standing on a ``(from ...)`` site to a ``(to ...)`` site, as
    Ludii's ``FromTo``: ``(move (from (sites Occupied by:Mover)) (to (sites Empty)))``.
    ``from`` is a site (``(from)``: the site of the piece whose moves these are) or a
    region, with ``if:`` evaluated with ``(from)`` bound to each; any piece standing there
    moves, whoever owns it (as in Ludii: say ``by:Mover`` in the region). ``to`` is a site
    or a region evaluated with ``(from)`` bound to the origin, filtered by ``(to ...
    if:<cond>)`` with ``(to)`` bound to each; a piece standing there is taken. ``then:``
    runs after the move with ``(last To)`` its destination."""
    from ludeme.ludemes.moves.slide import make_move_act  # registration order: see hopping

    n = c.require_board().n_sites
    origins, cond = origins_of(from_)
    if isinstance(to, SiteV):
        to_site = to.fn
        targets = lambda s: (to_site(s),)  # noqa: E731
    elif isinstance(to, RegionV):
        targets = to.fn
    act = make_move_act(c)
    thenfn = then.fn if then is not None else None
    takes = then.victims if then is not None else None
    # any piece may move from any site to any site: every such move is registered
    pieces = range(1, len(c.pieces.names))
    interned = MoveTable(
        c.game, lambda frm, x, p: Move("move", frm, x, p, 0, act, thenfn, takes),
        lambda: ((frm, x, p) for p in pieces for frm in range(n) for x in range(n)))

    def gen(s):
        out: list[Move] = []
        w = s.what
        for frm in tuple(origins(s)):
            if not 0 <= frm < n:
                continue
            p = w[frm]
            if not p:
                continue
            s.frm = frm
            if cond is not None and not cond(s):
                continue
            for x in tuple(targets(s)):
                if 0 <= x < n:
                    out.append(interned[frm, x, p])
        return out

    return MovesV(gen)

