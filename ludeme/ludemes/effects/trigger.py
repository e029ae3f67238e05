"""Ludii's triggers: ``(trigger "Event" <player>)`` marks a player, ``(is Triggered
"Event" <player>)`` asks whether the mark is set (a king captured, a player checkmated).

As in Ludii the mark is one flag per player, whatever the event's name, and it stays
set for the rest of the game. It is kept as a per-player tally named ``Triggered``.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV, IntV, RoleV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme

TALLY = "Triggered"


def _player(who: RoleV | IntV):
    return who.fn


@ludeme("trigger", T.Effect,
        ludii="then: is not supported.")
def trigger(c: CompileContext, event: T.Str, who: (T.Role, T.IntFn)):
    """Mark the player ``who`` as having met the event (Ludii: ``(trigger <string>
    (<int> | <roleType>) [<then>])``); ``(is Triggered ...)`` reads the mark. The mark is
    the player's, not the event's, and it is never cleared, as in Ludii."""
    slot = c.tally(TALLY)
    player = _player(who)

    def fn(s):
        s.tally[slot][player(s)] = 1

    return EffectV(fn)
