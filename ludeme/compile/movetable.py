"""The interned moves of one generator: ``MoveTable``, the one way generators register
their moves with the game.

Moves are interned values: a generator makes each move once and hands out the same
object every time (so that equal moves are cheap to compare and a front end can number
them once, ``Move.index``). A generator declares its moves as a table from a key (the
sites, the piece, the extra that vary) to the move, with ``make(*key)`` building the
move of a key and ``keys()`` every key it can ever ask for. The table builds a move the
first time its key is looked up (``table[key]``: a plain dict lookup afterwards, so
generators that build moves while generating pay nothing more), and registers itself
with ``Game.intern_moves``: when a front end asks for every move of the game
(``Game.interned_moves``, the stable action space of ``ludeme.interop``), the table
makes the moves of all its keys. ``keys()`` may list keys the generator never asks
for (their moves are simply never legal); it must list every key it does ask for.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator

from ludeme.runtime.game import Game
from ludeme.runtime.move import Move


class MoveTable(dict):
    """``key -> Move``, each move made by ``make(*key)`` when its key is first looked up
    (see the module docstring)."""

    __slots__ = ("_make", "_keys")

    def __init__(self, game: Game, make: Callable[..., Move],
                 keys: Callable[[], Iterable[tuple[Hashable, ...]]]):
        super().__init__()
        self._make = make
        self._keys = keys
        game.intern_moves(self.every)

    def __missing__(self, key: tuple) -> Move:
        m = self[key] = self._make(*key)
        return m

    def every(self) -> Iterator[Move]:
        """Every move the generator can make (making those not made yet)."""
        for key in self._keys():
            yield self[key]
