"""The action of a plain move of a piece from one site to an empty one, with what it
changes worked out once per move.

Moving piece ``p`` from ``frm`` to an empty ``to`` changes the Zobrist hash by
``z[frm][p] ^ z[to][p]``, the kept occupancy (``runtime.occupancy``) by the two sites'
bits and the piece's placed bits by ``1 << frm | 1 << to``: the same three numbers
every time the move is made. The lean action keeps them on the move (``Move.keys``, made
the first time the move is made) and xors each once; any other case (a piece taken at
``to``, pieces with a direction, counts or state values, a board that does not hold the
move's piece at ``frm``) is the general action's.
"""

from __future__ import annotations

from collections.abc import Callable

from ludeme.runtime import occupancy

#: ``make_move_act``'s action takes the lean path for a move to an empty site (False:
#: the general action alone; tests compare the two)
LEAN = True


def lean_move_act(g, general: Callable) -> Callable:
    """``general`` (``slide.make_move_act``'s action for a game without stacks) with the
    plain move to an empty site made from keys kept on the move."""
    if not LEAN:
        return general
    z = g.zobrist
    bits = occupancy.double_bits(g.board.n_sites)

    def keys_of(m):
        frm, to, p = m.frm, m.to, m.piece
        k = m.keys = (z[frm][p] ^ z[to][p], bits[frm] ^ bits[to], (1 << frm) | (1 << to))
        return k

    def act(s, m):
        w = s.what
        frm = m.frm
        to = m.to
        p = m.piece
        rot = s.rot
        if w[to] or w[frm] != p or not p or frm == to or rot[frm] or rot[to] or \
                s.count is not None or s.site_state is not None:
            general(s, m)
            return
        hk, ok, pk = m.keys or keys_of(m)
        s.hash ^= hk
        occ = s.occ
        if occ is not None:
            s.occ = occ ^ ok
            s.placed[p] ^= pk
        w[frm] = 0
        w[to] = p

    return act
