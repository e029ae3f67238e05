"""Branches and Twigs and Thorns, hand-written baseline.

Rules: /work/shared/rules/twigs-and-thorns.md.  Squares are numbered
``row * columns + column`` (row 0 at the bottom); squares missing from the
five-player board are simply absent from ``state.squares``.

Moves: ``(square,)`` during setup (null or root, as the setup order says),
``(size, square, direction)`` for a pyramid, direction in ``"nesw"``.
"""

from __future__ import annotations

from collections import deque

EMPTY, NULL, ROOT, PYRAMID = 0, 1, 2, 3
DIRECTIONS = "nesw"
STASH = (5, 5, 5)  # pyramids of size 1, 2, 3
START_TOKENS = 5
BONUS_TOKENS = 5

# players -> setup order: (player, what the player places)
SETUPS = {
    2: [(0, NULL), (1, ROOT)],
    3: [(0, ROOT), (1, NULL), (1, NULL), (2, ROOT)],
    4: [(0, NULL), (1, NULL), (2, ROOT), (3, ROOT)],
    5: [(0, NULL), (1, NULL), (2, ROOT), (3, ROOT), (4, ROOT)],
    6: [(0, NULL), (1, NULL), (2, NULL), (3, ROOT), (4, ROOT), (5, ROOT)],
}
SETUP_ALT3 = [(0, NULL), (1, ROOT), (2, ROOT)]
# players -> (columns, rows); the 5-player board also misses its top-right 4x4
BOARDS = {2: (8, 4), 3: (7, 7), 4: (8, 8), 5: (12, 8), 6: (12, 8)}


class State:
    def __init__(self, players: int = 2, alt3: bool = False):
        if players not in BOARDS:
            raise ValueError("players must be 2..6")
        if alt3 and players != 3:
            raise ValueError("alt3 is the alternative three-player setup")
        self.players = players
        self.cols, self.rows = BOARDS[players]
        cols, rows = self.cols, self.rows

        def on_board(c, r):
            if not (0 <= c < cols and 0 <= r < rows):
                return False
            # Five players: the top-right 4x4 section (columns i-l, rows 5-8) is missing.
            return not (players == 5 and c >= 8 and r >= 4)

        self.squares = [r * cols + c for r in range(rows) for c in range(cols) if on_board(c, r)]
        # neighbours[sq] = list of (direction letter, neighbour square)
        self.neighbours = {}
        for sq in self.squares:
            c, r = sq % cols, sq // cols
            nb = []
            for letter, (dc, dr) in zip(
                DIRECTIONS, ((0, 1), (1, 0), (0, -1), (-1, 0)), strict=True
            ):
                if on_board(c + dc, r + dr):
                    nb.append((letter, (r + dr) * cols + c + dc))
            self.neighbours[sq] = nb
        self.kind = dict.fromkeys(self.squares, EMPTY)
        self.owner = {}  # square -> player, for pyramids
        self.size = {}  # square -> pyramid size
        self.stash = [list(STASH) for _ in range(players)]
        self.tokens = [START_TOKENS] * players
        self.setup = SETUP_ALT3 if alt3 else SETUPS[players]
        self.ply = 0
        self.current_player = self.setup[0][0]
        self.finished = False
        self._moves = None

    def clone(self) -> State:
        other = State.__new__(State)
        other.players = self.players
        other.cols, other.rows = self.cols, self.rows
        other.squares = self.squares
        other.neighbours = self.neighbours
        other.kind = dict(self.kind)
        other.owner = dict(self.owner)
        other.size = dict(self.size)
        other.stash = [s[:] for s in self.stash]
        other.tokens = self.tokens[:]
        other.setup = self.setup
        other.ply = self.ply
        other.current_player = self.current_player
        other.finished = self.finished
        other._moves = self._moves
        return other

    def in_setup(self) -> bool:
        return self.ply < len(self.setup)

    # ------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self.finished:
            return []
        if self._moves is None:
            if self.in_setup():
                self._moves = self._setup_moves()
            else:
                self._moves = self._placements(self.current_player)
        return self._moves

    def _setup_moves(self) -> list:
        what = self.setup[self.ply][1]
        free = [sq for sq in self.squares if self.kind[sq] == EMPTY]
        if what == ROOT:
            return [(sq,) for sq in free]
        return [(sq,) for sq in free if self._connected_without(sq)]

    def _connected_without(self, hole: int) -> bool:
        """Are the non-null squares still one orthogonal region if ``hole`` is a null?"""
        kind = self.kind
        cells = [sq for sq in self.squares if kind[sq] != NULL and sq != hole]
        if not cells:
            return True
        seen = {cells[0]}
        queue = deque([cells[0]])
        while queue:
            sq = queue.popleft()
            for _, nb in self.neighbours[sq]:
                if nb not in seen and nb != hole and kind[nb] != NULL:
                    seen.add(nb)
                    queue.append(nb)
        return len(seen) == len(cells)

    def _placements(self, player: int) -> list:
        sizes = [i + 1 for i, n in enumerate(self.stash[player]) if n > 0]
        kind = self.kind
        moves = []
        for sq in self.squares:
            if kind[sq] != EMPTY:
                continue
            for letter, nb in self.neighbours[sq]:
                if kind[nb] == ROOT or kind[nb] == PYRAMID:
                    for size in sizes:
                        moves.append((size, sq, letter))
        return moves

    def _can_place(self, player: int) -> bool:
        if not any(self.stash[player]):
            return False
        kind = self.kind
        for sq in self.squares:
            if kind[sq] == EMPTY:
                for _, nb in self.neighbours[sq]:
                    if kind[nb] == ROOT or kind[nb] == PYRAMID:
                        return True
        return False

    # ------------------------------------------------------------------
    def apply(self, move) -> None:
        mover = self.current_player
        self._moves = None
        if self.in_setup():
            (sq,) = move
            self.kind[sq] = self.setup[self.ply][1]
            self.ply += 1
            if self.in_setup():
                self.current_player = self.setup[self.ply][0]
                return
            mover = self.players - 1  # so that P1 is the first candidate below
        else:
            size, sq, letter = move
            target = dict(self.neighbours[sq])[letter]
            self.kind[sq] = PYRAMID
            self.owner[sq] = mover
            self.size[sq] = size
            self.stash[mover][size - 1] -= 1
            if self.kind[target] == PYRAMID and self.owner[target] != mover:
                cost = self.size[target]
                if self.tokens[mover] < cost:
                    self.tokens = [t + BONUS_TOKENS for t in self.tokens]
                self.tokens[mover] -= cost
                self.tokens[self.owner[target]] += size
            self.ply += 1
        # Next player in turn order who can place; nobody -> game over.
        for k in range(1, self.players + 1):
            p = (mover + k) % self.players
            if self._can_place(p):
                self.current_player = p
                return
        self.finished = True

    def is_terminal(self) -> bool:
        return self.finished or not self.legal_moves()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        best = max(self.tokens)
        winners = [t == best for t in self.tokens]
        if self.players == 2 and all(winners):
            return [0.0, 0.0]
        return [1.0 if w else -1.0 for w in winners]

    # ------------------------------------------------------------------
    def square_name(self, sq: int) -> str:
        return f"{chr(ord('a') + sq % self.cols)}{sq // self.cols + 1}"


def new_state(players: int = 2, alt3: bool = False) -> State:
    return State(players=players, alt3=alt3)


def move_to_str(state: State, move) -> str:
    """``c4`` for a setup move, ``2c3n`` for a pyramid."""
    if len(move) == 1:
        return state.square_name(move[0])
    size, sq, letter = move
    return f"{size}{state.square_name(sq)}{letter}"
