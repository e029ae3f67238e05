"""Counts of the turn: Ludii's ``(count Turns)`` and ``(count MovesThisTurn)``, read
from the turn bookkeeping of ``ludeme.ludemes.rules.turns``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.rules.turns import turn_record


@ludeme("count Turns", T.IntFn)
def count_turns(c: CompileContext):
    """The number of the current turn: 1 for the first, one more each time the turn
    passes to another player (moves made again by the same player in its turn, after
    ``(moveAgain)``, do not count). Ludii: ``(count Turns)``."""
    slot = turn_record(c)
    return IntV(lambda s: s.aux[slot][1])


@ludeme("count MovesThisTurn", T.IntFn)
def count_moves_this_turn(c: CompileContext):
    """How many moves the mover has already made in the current turn (0 for its first
    move; 1 after a ``(moveAgain)``, ...). Ludii: ``(count MovesThisTurn)``."""
    slot = turn_record(c)
    return IntV(lambda s: s.aux[slot][0])

