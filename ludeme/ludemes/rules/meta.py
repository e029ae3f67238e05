"""Rules about the game as a whole: ``(meta ...)`` and the swap rule ``(swap)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.checker import Lit
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


@ludeme("meta", T.Meta)
def meta(c: CompileContext, *rules: T.Meta):
    """Rules about the game as a whole, the first argument of ``(rules ...)``:
    ``(rules (meta (swap)) (play ...) (end ...))``. Ludii: ``(meta <metaRule>)`` or
    ``(meta {<metaRule> ...})``."""
    return list(rules)


def _swap_again(s) -> None:
    s.nxt = s.who  # the same side moves again, now played by the other agent


def _no_action(s, m) -> None:
    """Taking the swap changes nothing on the board."""


@ludeme("swap", T.Meta)
def swap(c: CompileContext, value: T.Bool = True):
    """The swap rule (pie rule): on the second move of the game, the second player may
    instead take over the first player's side. As in Ludii, the option is one more legal
    move (``swap``, Ludii's ``Swap`` decision) added to the second player's moves on the
    game's second move; after it the player to move is the same side again (Ludii swaps
    which agent plays which side, so the agent who took over side 1 waits while the other
    agent now plays side 2). Sides, pieces and results are those of the sides, as Ludii's
    trials record them. ``(swap False)`` turns the rule off. Ludii: ``(swap [<boolean>])``."""
    on = value.value if isinstance(value, Lit) else bool(value)
    g = c.game
    if on:
        g.swap_move = Move("swap", -1, -1, 0, 0, _no_action, _swap_again)
        g.swap_ply = c.num_players - 1
        g.intern_moves(lambda: (g.swap_move,))
    return None
