"""Score effects: add to or set players' scores (points, tokens passed between players).

A player is a role (``Mover``, ``P2``; ``All``/``Each`` for every player) or a player
number computed from the state (``(who at:(ahead (to)))``), as in Ludii.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludeme.compile.compiler import CompileContext, reads_mover
from ludeme.compile.inlined import Code, effect
from ludeme.compile.values import EffectV, IntV, RoleV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _players(who: RoleV | IntV) -> Callable[[object], Sequence[int]] | None:
    """Several players at once (``All``), or None for one player."""
    if isinstance(who, RoleV) and who.many is not None:
        return who.many
    return None


@ludeme("addScore", T.Effect)
def add_score(c: CompileContext, who: (T.Role, T.IntFn), amount: T.IntFn):
    """Add ``amount`` (negative to take away) to the score of ``who``: a role
    (``(addScore Mover 1)``; ``All`` adds to every player's) or a player number
    (``(addScore (who at:(to)) 2)``; 0, nobody, is ignored)."""
    amt = amount.fn
    many = _players(who)
    if many is not None:
        def run_many(s):
            n = amt(s)
            sc = s.score
            for p in many(s):
                sc[p] += n

        return EffectV(effect(run_many, _scores_writer(many, amount, "+=")))
    if reads_mover(who):
        def run_mover(s):
            p = s.who
            if p > 0:
                s.score[p] += amt(s)

        return EffectV(effect(run_mover, _score_writer(None, amount, "+=")))
    fn = who.fn
    if amount.const is not None:
        k = amount.const

        def run_const(s):
            p = fn(s)
            if p > 0:
                s.score[p] += k

        return EffectV(effect(run_const, _score_writer(who, amount, "+=")))

    def run(s):
        p = fn(s)
        if p > 0:
            s.score[p] += amt(s)

    return EffectV(effect(run, _score_writer(who, amount, "+=")))


def _score_writer(who, amount, op: str):
    """``inline_effect`` (compile.inlined) of changing one player's score by ``op``
    (``+=``, ``=``): the player ``who`` (None: the mover, ``s.who``), skipped when 0."""
    def write(code: Code, indent: str) -> list[str]:
        p = code.fresh("p")
        player = "s.who" if who is None else code.expr(who)
        return [f"{indent}{p} = {player}",
                f"{indent}if {p} > 0:",
                f"{indent}    s.score[{p}] {op} {code.expr(amount)}"]

    return write


def _scores_writer(many, amount, op: str):
    """``inline_effect`` of changing the score of each of several players (``All``)."""
    def write(code: Code, indent: str) -> list[str]:
        n, sc, p = code.fresh("n"), code.fresh("sc"), code.fresh("p")
        return [f"{indent}{n} = {code.expr(amount)}",
                f"{indent}{sc} = s.score",
                f"{indent}for {p} in {code.value(many)}(s):",
                f"{indent}    {sc}[{p}] {op} {n}"]

    return write


@ludeme("set Score", T.Effect)
def set_score(c: CompileContext, who: (T.Role, T.IntFn), amount: T.IntFn):
    """Set the score of ``who`` (a role, ``Each``/``All`` for every player, or a player
    number) to ``amount``: ``(set Score Each 5)`` as a start rule."""
    amt = amount.fn
    many = _players(who)
    if many is not None:
        def run_many(s):
            n = amt(s)
            sc = s.score
            for p in many(s):
                sc[p] = n

        return EffectV(effect(run_many, _scores_writer(many, amount, "=")))
    fn = who.fn

    def run(s):
        p = fn(s)
        if p > 0:
            s.score[p] = amt(s)

    return EffectV(effect(run, _score_writer(who, amount, "=")))
