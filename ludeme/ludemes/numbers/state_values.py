"""Ludii's state values as numbers: ``(counter)``, ``(var)``, ``(value Pending)`` and
``(value Player ...)`` (set by the effects of ``effects.state_values``)."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("counter", T.IntFn)
def counter(c: CompileContext):
    """Ludii's move counter: -1 at the start, one more after each move, and what
    ``(set Counter ...)`` makes it (the move setting it then counts as 0). The end rules
    read it before the move that is ending counts. As in Ludii: ``(counter)``."""
    c.reads_counter = True  # the turn keeps it (Game.reads_counter)
    return IntV(lambda s: s.counter)


@ludeme("var", T.IntFn, ludii="As in Ludii 1.0.8 there is one variable, without a name.")
def var(c: CompileContext):
    """The game's variable, set by ``(set Var ...)``; -1 until it is set."""
    return IntV(lambda s: s.temp)


@ludeme("value Pending", T.IntFn)
def value_pending(c: CompileContext):
    """The value ``(set Pending ...)`` marked during the last move, when it marked exactly
    one; 0 otherwise. As in Ludii: ``(value Pending)``."""
    return IntV(lambda s: s.pending[0] if len(s.pending) == 1 else 0)


@ludeme("value Player", T.IntFn,
        ludii="As in Ludii, a value of 0 reads as -1 (Ludii cannot tell it from no value).")
def value_player(c: CompileContext, who: (T.Role, T.IntFn)):
    """A player's value, set by ``(set Value <player> <value>)``; -1 when it was never
    set (or set to 0, as in Ludii). As in Ludii: ``(value Player Mover)``."""
    player = who.fn

    def fn(s):
        v = s.player_value[player(s)]
        return v if v else -1

    return IntV(fn)
