"""The observation tensor shared by the adapters (see ``ludeme.interop``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.state import State


class Observation:
    """Planes over the board's sites: one per piece (kind and owner), one per player
    marking the player to move; in a game with dice, for each die one per face it can
    show (all 1 for the face it shows) and one marking it as still to use."""

    def __init__(self, game: Game):
        self.num_pieces = len(game.pieces.names) - 1
        self.num_players = game.num_players
        self.num_sites = game.board.n_sites
        self.plane_names = [*game.pieces.names[1:],
                            *(f"to move: P{p}" for p in range(1, self.num_players + 1))]
        # per die: the row of each face it can show, and the row saying it is unused
        self._face_rows: list[dict[int, int]] = []
        self._left_rows: list[int] = []
        for i, faces in enumerate(game.dice.faces if game.dice is not None else ()):
            rows = {}
            for f in sorted(set(faces)):
                rows[f] = len(self.plane_names)
                self.plane_names.append(f"die {i + 1}: {f}")
            self._face_rows.append(rows)
            self._left_rows.append(len(self.plane_names))
            self.plane_names.append(f"die {i + 1}: to use")
        self.shape = (len(self.plane_names), self.num_sites)
        # column p of _planes is the observation of a site holding piece p (0: empty);
        # taking columns by the sites' contents builds the piece planes in one call
        self._planes = np.zeros((self.shape[0], self.num_pieces + 1), np.float32)
        self._planes[np.arange(self.num_pieces), np.arange(1, self.num_pieces + 1)] = 1.0

    def tensor(self, s: State) -> np.ndarray:
        """The observation of ``s``: a new float32 array of shape ``self.shape``."""
        return self.tensor_of(s.what, s.mover, s.dice)

    def tensor_of(self, what: list[int], mover: int, dice=None) -> np.ndarray:
        """The observation of a board holding ``what`` (a state's ``what``: the piece on
        each site) with ``mover`` to move and, in a game with dice, the dice ``dice``
        (a state's ``dice``)."""
        out = self._planes.take(np.fromiter(what, np.intp, self.num_sites), axis=1)
        out[self.num_pieces + mover - 1] = 1.0
        if dice is not None:
            self._dice(dice, out)
        return out

    def write(self, s: State, out: np.ndarray) -> None:
        """Fill ``out`` (shape ``self.shape``) with the observation of ``s``."""
        what = np.fromiter(s.what, np.intp, self.num_sites)
        self._planes.take(what, axis=1, out=out)
        out[self.num_pieces + s.mover - 1] = 1.0
        if s.dice is not None:
            self._dice(s.dice, out)

    def _dice(self, dice, out: np.ndarray) -> None:
        for rows, left_row, value, left in zip(self._face_rows, self._left_rows,
                                               dice.values, dice.left, strict=True):
            row = rows.get(value)
            if row is not None:
                out[row] = 1.0
            if left:
                out[left_row] = 1.0
