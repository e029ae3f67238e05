"""Conditions on integers: ``(is Even ...)``, ``(is Odd ...)``, ``(is Visited ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.rules.turns import turn_record, visited_slot


@ludeme("is Even", T.Cond)
def is_even(c: CompileContext, value: T.IntFn):
    """Whether the integer is even: ``(is Even (count Moves))``. Ludii: ``(is Even
    <int>)``."""
    if value.const is not None:
        return CondV.of(value.const % 2 == 0)
    return _parity_test(value.fn, 0)


@ludeme("is Odd", T.Cond)
def is_odd(c: CompileContext, value: T.IntFn):
    """Whether the integer is odd. Ludii: ``(is Odd <int>)``."""
    if value.const is not None:
        return CondV.of(value.const % 2 == 1)
    return _parity_test(value.fn, 1)


def _parity_test(fn, parity: int) -> CondV:
    """Whether ``fn``'s value has the parity given (0 even, 1 odd). Of the number of
    moves played it says which parity of the ply it holds at (``ply_parity``), so that
    ``(if (is Even (count Moves)) ...)`` of moves chooses by the ply alone."""
    if getattr(fn, "counts_plies", False):
        def test(s):
            return s.ply % 2 == parity

        test.ply_parity = parity
        return CondV(test)

    def test(s):
        return fn(s) % 2 == parity

    return CondV(test)


@ludeme("is Visited", T.Cond)
def is_visited(c: CompileContext, site: T.Site):
    """Whether the mover has already been on ``site`` in the current turn: it is the
    origin or the destination of one of the moves the mover made before this one in the
    same turn (after ``(moveAgain)``). Ludii: ``(is Visited <int>)``."""
    slot = turn_record(c)
    visited_slot(c)[0] = slot   # (can Move ...) then visits the last move's sites
    fn = site.fn
    return CondV(lambda s: fn(s) in s.aux[slot][2])

