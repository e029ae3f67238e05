"""A stable action space for a compiled game: its interned moves, numbered once."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ludeme.errors import LudemeError
from ludeme.runtime.chance import dice_used

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State


class ActionSpace:
    """Moves <-> integers ``0 .. size-1`` (see ``ludeme.interop``).

    Built from ``game.interned_moves()`` when the game loads, which numbers each
    interned move (``Move.index``): looking a move's action up while playing is reading
    that number.

    In a game with dice, a move of ``(forEach Die ...)`` is the move it was made from
    and the dice it uses: its action is that move's action plus ``base`` times (1 + the
    index of those dice in ``uses``), so moves that differ only in their die differ.
    """

    def __init__(self, game: Game):
        self.game = game
        kinds = game.pieces.kinds
        self._kinds = kinds
        # keeping the interned objects here keeps their ids valid for ``_by_id``
        self._interned = game.interned_moves()
        keys = {self.key(m) for m in self._interned}
        try:
            ordered = sorted(keys)
        except TypeError:  # an ``extra`` of mixed types: any fixed order will do
            ordered = sorted(keys, key=repr)
        self._index = {k: i for i, k in enumerate(ordered)}
        self.base = len(ordered)
        self.uses = game.dice.uses() if game.dice is not None else []
        self._use_index = {u: i for i, u in enumerate(self.uses, start=1)}
        self.size = self.base * (1 + len(self.uses))
        self.examples: list[Move | None] = [None] * self.size
        for m in self._interned:
            a = m.index = self._index[self.key(m)]
            if self.examples[a] is None:
                self.examples[a] = m

    def key(self, m: Move) -> tuple:
        """What identifies a move as an action: its key without the piece when the piece
        comes from a site (the site says which piece it is) and without the owner."""
        extra = m.extra if isinstance(m.extra, tuple) else (m.extra,)
        return (m.kind, m.frm, m.to, self._kinds[m.piece] if m.frm < 0 else "", extra)

    def encode(self, m: Move) -> int:
        """The action of a move."""
        if m.index >= 0:
            return m.index
        a = self._index.get(self.key(m))
        if a is None:
            raise LudemeError(f"move {m!r} is not in {self.game.name}'s action space: "
                              "a generator made a move its MoveTable does not "
                              "list (ludeme.compile.movetable)")
        if self.uses:
            used = dice_used(m)
            if used is not None:
                a += self.base * self._use_index[used]
                if self.examples[a] is None:
                    self.examples[a] = m
        m.index = a
        return a

    def legal(self, s: State) -> Legal:
        """The legal actions of ``s``."""
        moves = s.legal_moves()
        # a comprehension reads a slot faster than map(attrgetter) (Python 3.11's
        # specialized attribute access)
        return Legal(self, moves, [m.index for m in moves])


class Legal:
    """The legal actions of a position: ``acts``, the action of each legal move in the
    moves' order (distinct, as a position's legal moves are), and ``moves``.

    It costs one pass reading the moves' numbers (``Move.index``); sorting them
    (``sorted_actions``) and finding an action's move (``move``) are left to those who
    ask. A move not numbered yet (-1: a move with dice the first time it is seen) is
    found there without another pass: first once sorted, or when an action is missing.
    """

    __slots__ = ("space", "acts", "moves")

    def __init__(self, space: ActionSpace, moves: list[Move], acts: list[int]):
        self.space = space
        self.moves = moves
        self.acts = acts

    def number(self) -> None:
        """Number the moves not numbered yet (``acts`` holds -1 for them)."""
        encode = self.space.encode
        self.acts = [encode(m) for m in self.moves]

    def sorted_actions(self) -> list[int]:
        """The legal actions, increasing (a new list)."""
        ordered = sorted(self.acts)
        if ordered and ordered[0] < 0:
            self.number()
            ordered = sorted(self.acts)
        return ordered

    @property
    def ordered(self) -> list[int]:
        """The legal actions, increasing (a new list)."""
        return self.sorted_actions()

    def move(self, action: int) -> Move | None:
        """The legal move of ``action``; None when it is not legal."""
        try:
            return self.moves[self.acts.index(action)]
        except ValueError:
            if -1 not in self.acts:
                return None
        self.number()
        return self.move(action)


_SPACES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def action_space(game: Game) -> ActionSpace:
    """The action space of a compiled game, built once per game object."""
    space = _SPACES.get(game)
    if space is None:
        space = _SPACES[game] = ActionSpace(game)
    return space
