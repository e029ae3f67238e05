"""The sites moves start from or go to: Ludii's ``(sites From <moves>)`` and ``(sites To
<moves>)``, of the moves generated in the current position."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _sites_of_moves(moves, site_of) -> RegionV:
    gen = moves.gen

    def fn(s):
        # generating may set the evaluation context (from, to, between): keep it
        saved = s.who, s.nxt, s.frm, s.to, s.between
        try:
            found = gen(s)
        finally:
            s.who, s.nxt, s.frm, s.to, s.between = saved
        return tuple(sorted({site_of(m) for m in found} - {-1}))

    return RegionV(fn, None, lambda s, x: x in fn(s))


@ludeme("sites From", T.Region)
def sites_from(c: CompileContext, moves: T.Moves):
    """The sites the given moves start from, generated in the current position (a move
    with no origin, a placement, counts by its destination, as Ludii's does): Ludii's
    ``(sites From (max Moves ...))`` remembers which pieces could capture."""
    return _sites_of_moves(moves, lambda m: m.frm if m.frm >= 0 else m.to)


@ludeme("sites To", T.Region)
def sites_to(c: CompileContext, moves: T.Moves):
    """The sites the given moves go to, generated in the current position: Ludii's
    ``(sites To <moves>)``."""
    return _sites_of_moves(moves, lambda m: m.to)
