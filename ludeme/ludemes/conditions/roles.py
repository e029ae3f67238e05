"""A number compared with a player, as Ludii writes it: ``(= (who at:(to)) P1)``,
``(!= (mover) Next)`` (Ludii's ``Equals``/``NotEqual`` take a role as their second
argument: the player's number)."""

from __future__ import annotations

import operator

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _compare_role(name: str, op):
    def compare_role(c: CompileContext, a: T.IntFn, b: T.Role):
        fa, fb = a.fn, b.fn
        if b.const is not None:
            k = b.const
            return CondV(lambda s: op(fa(s), k))
        return CondV(lambda s: op(fa(s), fb(s)))

    compare_role.__doc__ = (f"Whether ``a {name} b`` for a number and a player's number "
                            f"(``({name} (who at:(to)) P1)``, ``({name} (mover) Next)``).")
    compare_role.__qualname__ = f"compare_role_{op.__name__}"
    return ludeme(name, T.Cond)(compare_role)


for _name, _op in (("=", operator.eq), ("!=", operator.ne)):
    _compare_role(_name, _op)
