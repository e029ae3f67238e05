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


# tags are bytes; this one means "search for the move": a move's tag until it is
# numbered (Move.tag), and the tag of a move that copies another's number
MAX_TAG = 255
# bytes.translate's table from tags to an action mask: 0 stays 0, every tag is 1
MASK = bytes([0] + [1] * 255)


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
        # carriers[a]: the move objects numbered a, from 1 (moves of different
        # generators, or a combinator's copies, can share an action); each move's
        # ``tag`` is its place there, so that a position's legal moves, written as the
        # tag of each at its action (``tags``), give an action's move without a search
        self.carriers: list[list[Move | None]] = [[None] for _ in range(self.size)]
        for m in self._interned:
            m.index = self._index[self.key(m)]
            self._seen(m)

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
        m.index = a
        self._seen(m)
        return a

    def _seen(self, m: Move) -> None:
        """Give the newly numbered ``m`` its tag: its place among the moves of its action
        (``carriers``). Past ``MAX_TAG - 1`` moves of one action (moves made afresh each
        time, as moves with dice are, pile up) a move's tag is ``MAX_TAG``: found by a
        search (``move_of``), not kept."""
        a = m.index
        if self.examples[a] is None:
            self.examples[a] = m
        carriers = self.carriers[a]
        if len(carriers) < MAX_TAG:
            m.tag = len(carriers)
            carriers.append(m)
        else:
            m.tag = MAX_TAG

    def tags(self, moves: list[Move]) -> bytearray:
        """The tag of each of ``moves`` (a position's legal moves, distinct actions) at its
        action, 0 elsewhere: a new bytearray of ``size`` bytes. ``tags(...).translate(
        MASK)`` is the moves' action mask (0 or 1), and ``move_of`` reads a move from it."""
        size = self.size
        tags = bytearray(size + 1)
        for m in moves:  # cheaper than numpy's fancy indexing from a list
            tags[m.index] = m.tag
        if tags[size]:  # a move not numbered yet (-1: a move with dice, first seen)
            encode = self.encode
            tags = bytearray(size + 1)
            for m in moves:
                tags[encode(m)] = m.tag
        del tags[size]
        return tags

    def move_of(self, moves: list[Move], a: int, tag: int) -> Move:
        """The move of action ``a`` and tag ``tag`` (read from ``tags(moves)``) among the
        legal ``moves``: a look-up, or a search for a move without a place of its own
        (``MAX_TAG``: one of too many, or a copy given its original's number)."""
        if tag != MAX_TAG:
            return self.carriers[a][tag]
        for m in moves:
            if m.index == a:
                return m
        raise ValueError(f"action {a} is not among the moves given")

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
