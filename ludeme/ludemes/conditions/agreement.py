"""Conditions of ending by agreement: ``(is Proposed ...)``, ``(is Decided ...)``
(what ``(propose ...)`` and ``(vote ...)`` leave on the state) and ``(is Cycle)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.moves.agreement import DECIDED, PROPOSITIONS, agreement_slot


@ludeme("is Proposed", T.Cond)
def is_proposed(c: CompileContext, proposition: T.Str):
    """Whether ``proposition`` was proposed (``(propose ...)``) since the last complete
    vote. As in Ludii: ``(if (is Proposed "End") (or (vote "End") (vote "No")) ...)``."""
    slot = agreement_slot(c)
    return CondV(lambda s: proposition in s.aux[slot][PROPOSITIONS])


@ludeme("is Decided", T.Cond)
def is_decided(c: CompileContext, decision: T.Str):
    """Whether the last complete vote decided ``decision`` (more than half of the
    players voted for it). As in Ludii: ``(if (is Decided "End") (byScore ...))``."""
    slot = agreement_slot(c)
    return CondV(lambda s: s.aux[slot][DECIDED] == decision)


@ludeme("is Cycle", T.Cond,
        ludii="Ludii 1.0.8 evaluates (is Cycle) as false in every position (its IsCycle "
              "returns false), so it is false here too: a description using it plays "
              "as in Ludii.")
def is_cycle(c: CompileContext):
    """Whether the game is going round in a cycle of positions. As in Ludii 1.0.8 it
    never holds: ``(if (is Cycle) (propose "End"))`` offers no proposal."""
    return CondV(lambda s: False, False)
