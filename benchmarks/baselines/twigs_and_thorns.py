"""Branches and Twigs and Thorns, hand-written baseline.

Rules: /work/shared/rules/twigs-and-thorns.md.  Squares are numbered
``row * columns + column`` (row 0 at the bottom); squares missing from the
five-player board are simply absent from ``state.squares``.

Moves: ``(square,)`` during setup (null or root, as the setup order says),
``(size, square, direction)`` for a pyramid, direction in ``"nesw"``.

Written as a Python programmer would for this game alone: board tables and
the move tuples built once per board, the squares where a pyramid can go
kept up to date move by move, and the null rule (the other squares stay
connected) decided for every square at once by one depth-first search
(articulation points).
"""

from __future__ import annotations

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


class _Board:
    """Geometry of one player count's board, shared by every state on it."""

    _cache: dict[int, _Board] = {}

    def __init__(self, players: int):
        self.cols, self.rows = cols, rows = BOARDS[players]

        def on_board(c, r):
            if not (0 <= c < cols and 0 <= r < rows):
                return False
            # Five players: the top-right 4x4 section (columns i-l, rows 5-8) is missing.
            return not (players == 5 and c >= 8 and r >= 4)

        self.squares = [r * cols + c for r in range(rows) for c in range(cols) if on_board(c, r)]
        n = cols * rows
        # neighbours[sq] = ((direction letter, neighbour square), ...); () off the board
        neighbours: list[tuple] = [()] * n
        for sq in self.squares:
            c, r = sq % cols, sq // cols
            neighbours[sq] = tuple(
                (letter, (r + dr) * cols + c + dc)
                for letter, (dc, dr) in zip(
                    DIRECTIONS, ((0, 1), (1, 0), (0, -1), (-1, 0)), strict=True
                )
                if on_board(c + dc, r + dr)
            )
        self.neighbours = neighbours
        self.adjacent = [tuple(nb for _, nb in pairs) for pairs in neighbours]
        self.toward = [dict(pairs) for pairs in neighbours]
        # pyramid moves by square, neighbour and the sizes left in the stash (a bit mask)
        self.pyramids = [
            [
                (nb, [tuple((s, sq, letter) for s in (1, 2, 3) if mask >> (s - 1) & 1)
                      for mask in range(8)])
                for letter, nb in neighbours[sq]
            ]
            for sq in range(n)
        ]
        self.setup_moves = [(sq,) for sq in range(n)]

    @classmethod
    def get(cls, players: int) -> _Board:
        if players not in cls._cache:
            cls._cache[players] = cls(players)
        return cls._cache[players]


class State:
    """Kept up to date by ``apply``: the empty squares next to an occupied one (where
    pyramids can go) and each player's stash as a bit mask of the sizes left."""

    def __init__(self, players: int = 2, alt3: bool = False):
        if players not in BOARDS:
            raise ValueError("players must be 2..6")
        if alt3 and players != 3:
            raise ValueError("alt3 is the alternative three-player setup")
        self.players = players
        geo = self.geo = _Board.get(players)
        self.cols, self.rows = geo.cols, geo.rows
        self.squares = geo.squares
        n = geo.cols * geo.rows
        self.kind = [EMPTY] * n
        self.owner = [-1] * n  # square -> player, for pyramids
        self.size = [0] * n  # square -> pyramid size
        self.stash = [list(STASH) for _ in range(players)]
        self.mask = [7] * players  # sizes left, bit s-1 for size s
        self.tokens = [START_TOKENS] * players
        self.frontier: set[int] = set()
        self.setup = SETUP_ALT3 if alt3 else SETUPS[players]
        self.ply = 0
        self.current_player = self.setup[0][0]
        self.finished = False
        self._moves = None

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.kind = self.kind[:]
        other.owner = self.owner[:]
        other.size = self.size[:]
        other.stash = [s[:] for s in self.stash]
        other.mask = self.mask[:]
        other.tokens = self.tokens[:]
        other.frontier = set(self.frontier)
        return other

    def in_setup(self) -> bool:
        return self.ply < len(self.setup)

    # ------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self.finished:
            return []
        if self._moves is None:
            if self.ply < len(self.setup):
                self._moves = self._setup_moves()
            else:
                self._moves = self._placements(self.current_player)
        return self._moves

    def _setup_moves(self) -> list:
        what = self.setup[self.ply][1]
        kind = self.kind
        table = self.geo.setup_moves
        if what == ROOT:
            return [table[sq] for sq in self.squares if kind[sq] == EMPTY]
        cut = self._cut_squares()
        return [table[sq] for sq in self.squares if kind[sq] == EMPTY and not cut[sq]]

    def _cut_squares(self) -> bytearray:
        """The squares whose becoming a null would split the squares that are not nulls
        (articulation points, one depth-first search)."""
        kind = self.kind
        adjacent = self.geo.adjacent
        disc = [0] * len(kind)
        cut = bytearray(len(kind))
        order = []

        def visit(v: int) -> int:
            order.append(v)
            d = disc[v] = len(order)
            low = d
            for w in adjacent[v]:
                if kind[w] != NULL:
                    dw = disc[w]
                    if dw:
                        if dw < low:
                            low = dw
                    else:
                        lw = visit(w)
                        if lw >= d:
                            cut[v] = 1
                        elif lw < low:
                            low = lw
            return low

        cells = [sq for sq in self.squares if kind[sq] != NULL]
        if not cells:
            return cut
        root = cells[0]
        order.append(root)
        disc[root] = 1
        children = 0
        for w in adjacent[root]:
            if kind[w] != NULL and not disc[w]:
                children += 1
                visit(w)
        cut[root] = children > 1
        if len(order) != len(cells):  # already split: every null keeps it split
            return bytearray(b"\x01" * len(kind))
        return cut

    def _placements(self, player: int) -> list:
        mask = self.mask[player]
        if not mask:
            return []
        kind = self.kind
        pyramids = self.geo.pyramids
        moves = []
        for sq in self.frontier:
            for nb, by_mask in pyramids[sq]:
                if kind[nb] >= ROOT:
                    moves += by_mask[mask]
        return moves

    def _can_place(self, player: int) -> bool:
        return bool(self.mask[player]) and bool(self.frontier)

    def _occupy(self, sq: int) -> None:
        frontier = self.frontier
        frontier.discard(sq)
        kind = self.kind
        for nb in self.geo.adjacent[sq]:
            if kind[nb] == EMPTY:
                frontier.add(nb)

    # ------------------------------------------------------------------
    def apply(self, move) -> None:
        mover = self.current_player
        self._moves = None
        kind = self.kind
        if self.ply < len(self.setup):
            (sq,) = move
            what = kind[sq] = self.setup[self.ply][1]
            if what == ROOT:
                self._occupy(sq)
            else:
                self.frontier.discard(sq)
            self.ply += 1
            if self.ply < len(self.setup):
                self.current_player = self.setup[self.ply][0]
                return
            mover = self.players - 1  # so that P1 is the first candidate below
        else:
            size, sq, letter = move
            target = self.geo.toward[sq][letter]
            kind[sq] = PYRAMID
            self.owner[sq] = mover
            self.size[sq] = size
            self._occupy(sq)
            stash = self.stash[mover]
            stash[size - 1] -= 1
            if not stash[size - 1]:
                self.mask[mover] &= ~(1 << (size - 1))
            if kind[target] == PYRAMID and self.owner[target] != mover:
                cost = self.size[target]
                if self.tokens[mover] < cost:
                    self.tokens = [t + BONUS_TOKENS for t in self.tokens]
                self.tokens[mover] -= cost
                self.tokens[self.owner[target]] += size
            self.ply += 1
        # Next player in turn order who can place; nobody -> game over.
        if self.frontier:
            mask = self.mask
            players = self.players
            for k in range(1, players + 1):
                p = (mover + k) % players
                if mask[p]:
                    self.current_player = p
                    return
        self.finished = True

    def is_terminal(self) -> bool:
        return self.finished or not self.legal_moves()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        # ranked by tokens, players with equal tokens sharing their ranks, and the ranks
        # made returns as Ludii's utilities: rank 1 is 1, the last rank -1, linearly
        n = self.players
        rank = [0.0] * n
        taken = 0
        for best in sorted(set(self.tokens), reverse=True):
            tied = [p for p in range(n) if self.tokens[p] == best]
            for p in tied:
                rank[p] = taken + (len(tied) + 1) / 2.0
            taken += len(tied)
        return [1.0 - (r - 1.0) * (2.0 / (n - 1)) for r in rank]

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
