"""Meta rules: rules about the whole game rather than one move, ``(meta ...)``, first in
``(rules ...)``. ``(noRepeat)`` forbids a move that recreates an earlier position."""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("meta", T.Meta)
def meta(c: CompileContext, rules: (T.MetaRule, T.ListOf(T.MetaRule))):
    """The game's meta rules, applied to the whole game: ``(meta (noRepeat))`` or
    ``(meta {<rule> ...})``. As in Ludii, it comes first in ``(rules ...)``."""
    return list(rules) if isinstance(rules, list) else [rules]


@ludeme("noRepeat", T.MetaRule,
        ludii="InTurn (no repetition within one player's turn of several moves) is not "
              "supported.")
def no_repeat(c: CompileContext, type_: T.RepetitionType = "InGame") -> Callable:
    """No move may recreate a position that occurred before in the game (positional
    superko): a legal move whose result, pieces on the board and in the hands, equals
    a position recorded earlier is removed from the legal moves. As in Ludii, a
    position is recorded after each move made by another player than the one before
    (and at the start), the player to move is not part of it, and passes are always
    allowed. ``Situational`` is the same rule as ``InGame`` in Ludii 1.0.8. Ludii:
    ``(noRepeat [<repetitionType>])``."""
    if type_ == "InTurn":
        c.fail("(noRepeat InTurn) is not supported; (noRepeat) forbids repeating any "
               "earlier position of the game")

    def apply(game) -> None:
        game.no_repeat = True

    return apply
