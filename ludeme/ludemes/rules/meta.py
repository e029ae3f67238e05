"""Meta rules: rules about the whole game rather than one move, ``(meta ...)``, first in
``(rules ...)``. ``(noRepeat)`` forbids a move that recreates an earlier position;
``(swap)`` is the swap rule."""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.checker import Lit
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


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


def _swap_again(s) -> None:
    s.nxt = s.who  # the same side moves again, now played by the other agent


def _no_action(s, m) -> None:
    """Taking the swap changes nothing on the board."""


@ludeme("swap", T.MetaRule)
def swap(c: CompileContext, value: T.Bool = True) -> Callable:
    """The swap rule (pie rule): on the second move of the game, the second player may
    instead take over the first player's side. As in Ludii, the option is one more legal
    move (``swap``, Ludii's ``Swap`` decision) added to the second player's moves on the
    game's second move; after it the player to move is the same side again (Ludii swaps
    which agent plays which side, so the agent who took over side 1 waits while the other
    agent now plays side 2). Sides, pieces and results are those of the sides, as Ludii's
    trials record them. ``(swap False)`` turns the rule off. Ludii: ``(swap [<boolean>])``."""
    on = value.value if isinstance(value, Lit) else bool(value)
    swap_ply = c.num_players - 1

    def apply(game) -> None:
        if on:
            game.swap_move = Move("swap", -1, -1, 0, 0, _no_action, _swap_again)
            game.swap_ply = swap_ply
            game.intern_moves(lambda: (game.swap_move,))

    return apply
