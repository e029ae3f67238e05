"""``(is Triggered "Event" <player>)``: whether ``(trigger ...)`` (``effects.trigger``)
has marked a player."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.effects.trigger import TALLY


@ludeme("is Triggered", T.Cond)
def is_triggered(c: CompileContext, event: T.Str, who: (T.Role, T.IntFn)):
    """Whether ``(trigger ...)`` has marked the player ``who`` (Ludii: ``(is Triggered
    <string> (<int> | <roleType>))``; the event's name is not compared, as in Ludii)."""
    slot = c.tally(TALLY)
    player = who.fn
    return CondV(lambda s: s.tally[slot][player(s)] != 0)
