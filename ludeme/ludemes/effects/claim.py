"""Claiming sites: ``(claim (to ...))`` puts the mover's mark on a site."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


@ludeme("claim", T.Moves,
        ludii="Ludii's optional first <piece> argument is not supported: the piece is "
              "always the mover's.")
def claim(c: CompileContext, to: T.Region, *, then: T.Effect = None):
    """Claim each site of ``to`` (an empty one or not): the mover's piece, the piece
    whose number is the mover's (as in Ludii, P1 claims with the first piece, P2 with
    the second), is put there, replacing what stood there. As in Ludii: ``(claim (to
    Cell (site)) (then (addScore Mover 1)))``, Dots and Boxes' claim of a completed
    box."""
    g = c.game
    pieces = c.pieces
    n = c.num_players
    if len(pieces.names) <= n:
        c.fail("(claim ...) puts the mover's piece: declare one (piece ...) per player")
    z = g.zobrist
    clear = g.clear_site

    def act(s, m):
        to, p = m.to, m.piece
        if s.what[to]:
            clear(s, to)
        s.what[to] = p
        s.occ = None  # runtime.occupancy: not kept here
        s.hash ^= z[to][p]

    thenfn = then.fn if then is not None else None
    table = [[Move("add", -1, x, p, 0, act, thenfn) for x in range(g.board.n_sites)]
             for p in range(n + 1)]
    g.intern_moves(lambda: (m for row in table[1:] for m in row))
    region = to.fn

    def gen(s):
        row = table[s.who]
        return [row[x] for x in region(s) if x >= 0]

    return MovesV(gen)
