"""Removing a piece as a move: ``(move Remove ...)``, as in Ludii (a capture chosen by
the player, as after a mill, or bearing a piece off).

The moves are interned per site at compile time; generating them is one test per site
of the region (is there a piece?).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.movetable import MoveTable
from ludeme.compile.piecemoves import describe
from ludeme.compile.values import MovesV, PieceMovesV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.numbers.expressions import FROM_SITE
from ludeme.runtime.move import Move


@ludeme("move Remove", T.Moves,
        ludii="Ludii's at:EndOfTurn (a removal put off to the end of the turn), count: and "
              "a site type are not supported.")
def move_remove(c: CompileContext, where: (T.Site, T.Region), *, then: T.Effect = None):
    """Take a piece off one site of ``where`` (a site or a region), one move per site that
    holds a piece (a hand site holding pieces: all of them go, as in Ludii), whoever owns it (as in Ludii: say whose in the region,
    ``(move Remove (sites Occupied by:Next))``). ``then:`` runs after the removal with
    ``(last To)`` the site emptied.

    ``(move Remove (sites Occupied by:Next) then:(moveAgain))``"""
    from ludeme.ludemes.containers.hands import hand_layout

    n = c.require_board().n_sites
    clear = c.game.clear_site
    thenfn = then.fn if then is not None else None
    hands = hand_layout(c)
    stop, base, count = hands.stop, hands.base, hands.count
    owner, kind, change = hands.owner, hands.kind, c.game.change_hand

    def act(s, m):
        x = m.to
        if x < n:
            clear(s, x)
        else:  # a hand site: it is emptied, as Ludii's removal clears a site whatever
            # its count
            change(s, owner[x - base], kind[x - base], -count(s, x))

    # Ludii's removal is a move from the site to itself
    interned = MoveTable(c.game, lambda x: Move("remove", x, x, 0, 0, act, thenfn),
                         lambda: ((x,) for x in range(stop)))
    table = [interned[x,] for x in range(stop)]

    def holds(s, x: int) -> bool:
        return bool(s.what[x]) if x < n else count(s, x) > 0

    if isinstance(where, SiteV):
        site = where.fn

        def gen_site(s):
            x = site(s)
            return [table[x]] if 0 <= x < stop and holds(s, x) else []

        if site is FROM_SITE:
            # in a piece's moves: the removal of the piece on its own site, appended
            # without a list per piece (anchored: it starts where the piece stands)
            def at(s, frm, out):
                s.frm = frm
                if 0 <= frm < stop and holds(s, frm):
                    out.append(table[frm])

            describe(at, anchored=True)
            return PieceMovesV(gen_site, for_piece=lambda pid: at)
        return MovesV(gen_site)
    region = where.fn
    if stop == n:  # no hands: board sites only
        def gen(s):
            w = s.what
            return [table[x] for x in dict.fromkeys(region(s)) if 0 <= x < n and w[x]]

        return MovesV(gen)

    def gen_with_hands(s):
        return [table[x] for x in dict.fromkeys(region(s)) if 0 <= x < stop and holds(s, x)]

    return MovesV(gen_with_hands)
