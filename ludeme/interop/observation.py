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
        self._ids = np.arange(1, self.num_pieces + 1, dtype=np.int32)[:, None]

    def write(self, s: State, out: np.ndarray) -> None:
        """Fill ``out`` (shape ``self.shape``) with the observation of ``s``."""
        k = self.num_pieces
        np.equal(np.asarray(s.what, dtype=np.int32)[None, :], self._ids, out=out[:k])
        out[k:] = 0.0
        out[k + s.mover - 1] = 1.0

    def tensor(self, s: State) -> np.ndarray:
        out = np.empty(self.shape, dtype=np.float32)
        self.write(s, out)
        return out
