"""Heuristics: how a description tells search agents to judge a position."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("heuristic", T.Heuristic,
        ludii="Ludii declares heuristics in (metadata (ai (heuristics ...))) from a fixed "
              "menu (material, mobility, ...); here a term is any integer expression.")
def heuristic(c: CompileContext, value: T.IntFn, *, weight: (T.Float, T.Int) = 1.0):
    """One term of the evaluation search agents use, ``weight`` x ``value``, where the
    value is worked out from the point of view of the player being judged (``Mover``
    is that player, ``Next`` the one after). The terms of ``(rules ... heuristics:{...})``
    are added up and kept within (-1, 1), so weights should scale each term to a
    fraction: ``(heuristic (- (count Pieces Mover) (count Pieces Next)) weight:0.1)``.
    Without heuristics, agents judge material, mobility and score."""
    fn = value.fn
    next_of = c.game.next_of

    def judge(s, player):
        # a position is judged from one player's view: bind Mover/Next to it
        who, nxt = s.who, s.nxt
        s.who, s.nxt = player, next_of[player]
        try:
            return fn(s)
        finally:
            s.who, s.nxt = who, nxt

    return (judge, float(weight))
