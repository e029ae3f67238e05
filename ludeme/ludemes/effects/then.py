"""Consequences and turn effects: ``(then ...)``, ``(moveAgain)``.

A move's consequences are written, as in Ludii, as the last argument of the ludeme
that makes the move: ``(move Add (to (sites Empty)) (then (moveAgain)))``. They fill
the ludeme's ``then`` parameter (which ``then:`` also names), so one mechanism runs
them: after the move's own action, with ``(last To)`` its destination.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.checker import Lit
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import move_again as runtime_move_again


@ludeme("then", T.Then,
        ludii="applyAfterAllMoves:True is not supported.")
def then_(c: CompileContext, consequences: T.Effect, *, applyAfterAllMoves: T.Bool = False):
    """The consequences of a move, as the last argument of the ludeme making it:
    ``(then <effect or moves>)``. A move generator given as consequence has all its
    moves applied, in order (Ludii's nondecision moves). The consequences run after the
    move's action, within the same move. Ludii: ``(then <nonDecision>
    [applyAfterAllMoves:<boolean>])``; ``then:<effect>`` is the same parameter by name."""
    after = applyAfterAllMoves.value if isinstance(applyAfterAllMoves, Lit) \
        else bool(applyAfterAllMoves)
    if after:
        c.fail("(then ... applyAfterAllMoves:True) is not supported")
    return consequences


@ludeme("moveAgain", T.Effect)
def move_again(c: CompileContext):
    """The player who moved moves again: the next player becomes the mover (Ludii sets
    the state's next player to the mover, so ``Next`` means the mover for the rest of
    the move's consequences). Used as a consequence: ``(then (moveAgain))``, or
    ``(then (if <cond> (moveAgain)))``. Ludii: ``(moveAgain)``."""
    return EffectV(runtime_move_again)
