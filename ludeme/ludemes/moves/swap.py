"""Swapping the pieces of two sites: ``(move Swap Pieces ...)``, as in Ludii."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


@ludeme("move Swap", T.Moves, ludii="Board sites only; (move Swap Players ...) "
        "is not supported.")
def move_swap(c: CompileContext, what: T.SwapType, a: T.Site = None, b: T.Site = None, *,
              then: T.Effect = None):
    """``(move Swap Pieces ...)``: exchange the pieces standing on two sites (``(last From)`` and ``(last To)`` by
    default), as one move from the first site to the second, whatever stands on them
    (an empty site swaps too). The first piece keeps its state value (Ludii's
    ``(state at:...)``), the second arrives without one, as in Ludii.

    ``(move Swap Pieces (from) (last To))``"""
    if what != "Pieces":
        c.fail("(move Swap Players ...) is not supported yet: only (move Swap Pieces ...)")
    n = c.require_board().n_sites
    g = c.game
    z, zr = g.zobrist, g.zobrist_rot
    set_state = g.set_site_state
    first = a.fn if a is not None else (lambda s: s.history[-1].frm if s.history else -1)
    second = b.fn if b is not None else (lambda s: s.history[-1].to if s.history else -1)
    thenfn = then.fn if then is not None else None
    takes = then.victims if then is not None else None

    def act(s, m):
        w, rot = s.what, s.rot
        x, y = m.frm, m.to
        p, q, r, t = w[x], w[y], rot[x], rot[y]
        h = s.hash
        # an empty site and an unturned piece are not in the hash
        if p:
            h ^= z[x][p] ^ z[y][p]
        if q:
            h ^= z[y][q] ^ z[x][q]
        if r:
            h ^= zr[x][r] ^ zr[y][r]
        if t:
            h ^= zr[y][t] ^ zr[x][t]
        w[x], w[y], rot[x], rot[y] = q, p, t, r
        s.occ = None  # runtime.occupancy: not kept here
        s.hash = h
        ss = s.site_state
        if ss is not None and (ss[x] or ss[y]):
            # as Ludii's swap (a move from the first site, then an add of the second
            # piece there): the first piece's state value goes with it, the second
            # piece arrives without one
            set_state(s, y, ss[x])
            set_state(s, x, 0)

    interned = MoveTable(c.game, lambda x, y: Move("swap", x, y, 0, 0, act, thenfn, takes),
                         lambda: ((x, y) for x in range(n) for y in range(n)))

    def gen(s):
        x, y = first(s), second(s)
        if not (0 <= x < n and 0 <= y < n):
            return []
        return [interned[x, y]]

    return MovesV(gen)
