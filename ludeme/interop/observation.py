"""The observation tensor shared by the adapters (see ``ludeme.interop``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.state import State


class Observation:
    """Planes over the board's sites: one per piece (kind and owner), one per player
    marking the player to move."""

    def __init__(self, game: Game):
        self.num_pieces = len(game.pieces.names) - 1
        self.num_players = game.num_players
        self.num_sites = game.board.n_sites
        self.plane_names = [*game.pieces.names[1:],
                            *(f"to move: P{p}" for p in range(1, self.num_players + 1))]
        self.shape = (len(self.plane_names), self.num_sites)
        # column p of _planes is the observation of a site holding piece p (0: empty);
        # taking columns by the sites' contents builds the piece planes in one call
        self._planes = np.zeros((self.shape[0], self.num_pieces + 1), np.float32)
        self._planes[np.arange(self.num_pieces), np.arange(1, self.num_pieces + 1)] = 1.0

    def tensor(self, s: State) -> np.ndarray:
        """The observation of ``s``: a new float32 array of shape ``self.shape``."""
        return self.tensor_of(s.what, s.mover)

    def tensor_of(self, what: list[int], mover: int) -> np.ndarray:
        """The observation of a board holding ``what`` (a state's ``what``: the piece on
        each site) with ``mover`` to move."""
        out = self._planes.take(np.fromiter(what, np.intp, self.num_sites), axis=1)
        out[self.num_pieces + mover - 1] = 1.0
        return out

    def write(self, s: State, out: np.ndarray) -> None:
        """Fill ``out`` (shape ``self.shape``) with the observation of ``s``."""
        what = np.fromiter(s.what, np.intp, self.num_sites)
        self._planes.take(what, axis=1, out=out)
        out[self.num_pieces + s.mover - 1] = 1.0
