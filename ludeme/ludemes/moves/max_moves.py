"""``(max Moves <moves>)``: Ludii's rule of the longest capture sequence (the majority
rule of capture races), a filter on moves."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("max Moves", T.Moves)
def max_moves(c: CompileContext, moves: T.Moves, *, then: T.Effect = None):
    """The moves that begin the longest sequences of moves by the same player: each move
    is tried on a copy of the position, and while the same player moves again
    (``(moveAgain)``), every legal move of the game is tried in turn; the count is the
    number of further moves the longest such chain holds. Ludii:
    ``(max Moves <moves> [<then>])``, with Ludii's counting (a chain that ends the game
    while the same player was to move again counts 0, as Ludii's does)."""
    if then is not None:
        return with_then(c, max_moves(c, moves), then)
    inner = moves.gen

    def chain(s, m, count: int) -> int:
        after = s.clone()
        who = after.mover
        after.apply(m)
        if after.mover != who:
            return count
        best = 0
        for nxt in after.legal_moves():
            n = chain(after, nxt, count + 1)
            if n > best:
                best = n
        return best

    def gen(s):
        found = inner(s)
        if len(found) <= 1:
            return found   # the longest of one is that one
        # the copies play from the position being generated for: its context is kept
        who, nxt, frm, to, between = s.who, s.nxt, s.frm, s.to, s.between
        try:
            counts = [chain(s, m, 0) for m in found]
        finally:
            s.who, s.nxt, s.frm, s.to, s.between = who, nxt, frm, to, between
        best = max(counts)
        return [m for m, k in zip(found, counts, strict=True) if k == best]

    return MovesV(gen)
