"""Conditions on Ludii's state values: ``(is Pending)`` and ``(is Triggered ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("is Pending", T.Cond)
def is_pending(c: CompileContext):
    """Whether the last move set something pending, ``(set Pending ...)``. As in Ludii:
    ``(is Pending)``."""
    return CondV(lambda s: bool(s.pending))


@ludeme("is Triggered", T.Cond,
        ludii="As in Ludii 1.0.8, the event's name is not compared.")
def is_triggered(c: CompileContext, event: T.Str, who: (T.Role, T.IntFn)):
    """Whether an event was triggered for a player, ``(trigger <event> <player>)``. As in
    Ludii: ``(is Triggered "CaptureMade" Next)``."""
    player = who.fn

    def fn(s):
        p = player(s)
        return p > 0 and bool(s.triggered >> (p - 1) & 1)

    p = who.const
    if p is not None:
        bit = 1 << (p - 1) if p > 0 else 0

        def fn(s):  # noqa: F811 - a fixed player: its bit
            return bool(s.triggered & bit)

        # read in place by generated end checks (``ludeme.compile.endchecks``)
        fn.inline = ("s.triggered & {bit}", {"bit": bit})
    return CondV(fn)
