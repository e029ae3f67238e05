"""Moves: small immutable values, interned by the generators that make them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Move:
    """One legal action.

    ``kind`` names the primitive (``add``, ``move``, ``path``, ``pass``); ``frm``/``to``
    are sites (-1 when unused); ``piece`` is a piece id (0 when unused); ``extra`` holds
    what else identifies the move (a rotation, a path of sites). ``act`` applies the
    primitive and ``then`` the consequences the description attached (captures, scores).
    ``takes(state)``, when the consequences can take pieces, lists the sites they would
    take them from, worked out without changing the state, with the context set as for
    ``then`` and the board as ``act`` leaves it (see ``Notation.captures``): the
    notation names them. Two moves are equal when they do the same thing, whatever
    generator made them. ``index`` is a number a front end may give an interned move
    (``ludeme.interop`` numbers the actions of a game this way); -1 until one does.
    ``tag`` tells apart the moves a front end gives the same number (255, "not told
    apart", until it does; ``ludeme.interop.actions.ActionSpace``). ``keys`` is what an
    action keeps of its own for the move (``compile.moveacts``: the hash and occupancy
    changes of a plain move), None until it makes it.
    """

    __slots__ = ("kind", "frm", "to", "piece", "extra", "act", "then", "takes", "_key",
                 "_hash", "index", "tag", "keys")

    def __init__(self, kind: str, frm: int, to: int, piece: int, extra: Any,
                 act: Callable, then: Callable | None = None,
                 takes: Callable | None = None):
        self.kind = kind
        self.frm = frm
        self.to = to
        self.piece = piece
        self.extra = extra
        self.act = act
        self.then = then
        self.takes = takes
        self._key = (kind, frm, to, piece, extra)
        self._hash = hash(self._key)
        self.index = -1
        self.tag = 255
        self.keys = None

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Move) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Move({self.kind}, frm={self.frm}, to={self.to}, piece={self.piece}, extra={self.extra!r})"

    @property
    def key(self) -> tuple:
        return self._key


def no_action(s: Any, m: Move) -> None:
    """The action of a move that changes nothing itself (a pass, a selection: its
    consequences act); ``Game.play`` does not call it."""


def move_again(s: Any) -> None:
    """``(moveAgain)``'s effect: the player who moved is the next player (Ludii sets the
    state's next player to the mover). One function for every game, so that a turn can
    tell it by identity and make its change without the call (``Game.plain_turns``)."""
    s.nxt = s.who
