"""Branching Coral (and its parent Brain Coral), hand-written baseline.

Rules: /work/shared/rules/branching-coral.md.  Hexagonal board of side n in
axial coordinates (q, r), |q|, |r|, |q + r| <= n - 1; row r = -(n-1) is the
bottom row ("a") and q grows to the right.  Cells are numbered row by row
from the bottom-left.  ``shape="square"`` plays on an n x n square board
with orthogonal neighbours instead (cell ``row * n + column``, labels
``a1``..).  A move is ``(cell,)``.

The program a Python programmer would write for this game alone:

* neighbour tables built once per board and shared by every state;
* the number of empty neighbours of every cell kept up to date by ``apply``
  (the 2-empty-neighbour rule and the capture test read it directly);
* the connectivity rule decided for every candidate cell at once, by one
  depth-first search per position: in the graph of the empty cells plus one
  node standing for the outside (joined to every empty perimeter cell), a
  placement keeps every empty cell joined to the outside exactly when the
  cell is not an articulation point of that graph (the graph is connected
  before every move: see ``_cut_cells``).
"""

from __future__ import annotations

import sys

EMPTY = -1
# Axial directions in cyclic order round a cell: consecutive ones are neighbours.
HEX_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
BONUSES = ("captured", "own", "opponent", "none")


SQUARE_DIRS = ((1, 0), (0, 1), (-1, 0), (0, -1))


class _Board:
    """Geometry of one board (shape and side), shared by every state on it."""

    _cache: dict[tuple[str, int], _Board] = {}

    def __init__(self, side: int, shape: str = "hex"):
        if shape == "square":
            self._square(side)
        else:
            self._hexagon(side)
        self.perimeter = bytes(len(nb) < self.degree for nb in self.neighbours)
        self.rim = tuple(c for c in range(len(self.coords)) if self.perimeter[c])
        self.moves = tuple((c,) for c in range(len(self.coords)))

    def _square(self, side: int) -> None:
        coords = [(col, row) for row in range(side) for col in range(side)]
        index = {xy: i for i, xy in enumerate(coords)}
        self.coords = coords
        self.names = [f"{chr(ord('a') + col)}{row + 1}" for col, row in coords]
        self.degree = 4
        self.neighbours = tuple(
            tuple(index[(x + dx, y + dy)] for dx, dy in SQUARE_DIRS if (x + dx, y + dy) in index)
            for x, y in coords
        )

    def _hexagon(self, side: int) -> None:
        m = side - 1
        coords, names, index = [], [], {}
        for row, r in enumerate(range(-m, m + 1)):
            for pos, q in enumerate(range(max(-m, -m - r), min(m, m - r) + 1)):
                index[(q, r)] = len(coords)
                coords.append((q, r))
                # Ludii's label: column letter (the columns run up to the right, the
                # upper rows start further right) and row number from the bottom
                names.append(f"{chr(ord('a') + pos + max(0, row - m))}{row + 1}")
        self.coords = coords
        self.names = names
        self.degree = 6
        self.neighbours = tuple(
            tuple(index[(q + dq, r + dr)] for dq, dr in HEX_DIRS if (q + dq, r + dr) in index)
            for q, r in coords
        )

    @classmethod
    def get(cls, side: int, shape: str = "hex") -> _Board:
        key = (shape, side)
        if key not in cls._cache:
            cls._cache[key] = cls(side, shape)
        return cls._cache[key]


class State:
    def __init__(
        self,
        side: int = 6,
        bonus: str | None = None,
        tiebreak: str = "A",
        brain: bool = False,
        shape: str = "hex",
    ):
        if shape not in ("hex", "square"):
            raise ValueError("shape must be 'hex' or 'square'")
        if bonus is None:
            bonus = "own" if brain else "captured"
        if bonus not in BONUSES:
            raise ValueError(f"bonus must be one of {BONUSES}")
        if tiebreak not in ("A", "B"):
            raise ValueError("tiebreak must be 'A' or 'B'")
        self.side = side
        self.bonus = bonus
        self.tiebreak = tiebreak
        self.brain = brain
        geo = _Board.get(side, shape)
        self.geo = geo
        self.names = geo.names
        self.neighbours = geo.neighbours
        self.captured = [0, 0]  # opponent stones removed by each player's placements
        self.current_player = 0
        self.last_placer = None
        self.set_board([EMPTY] * len(geo.coords))

    def set_board(self, board: list[int]) -> None:
        """Put ``board`` (EMPTY, 0 or 1 per cell) on the state and recount what
        ``apply`` keeps up to date."""
        self.board = board
        self.free = [sum(1 for y in nb if board[y] == EMPTY) for nb in self.neighbours]
        # Brain Coral: the empty cells that are the last empty neighbour of a stone
        self.blocked = bytearray(len(board))
        for c, v in enumerate(board):
            if v != EMPTY and self.free[c] == 1:
                self._block(c)
        self._moves = None

    def _block(self, stone: int) -> None:
        board = self.board
        for y in self.neighbours[stone]:
            if board[y] == EMPTY:
                self.blocked[y] = 1

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other.free = self.free[:]
        other.blocked = self.blocked[:]
        other.captured = self.captured[:]
        return other

    # ------------------------------------------------------------------
    def _cut_cells(self) -> tuple[bytearray, list[int]] | None:
        """Articulation points of the empty cells plus the outside node (and the
        empty cells in the order visited), or None
        when some empty cell is not joined to the outside at all (then no
        placement can join it again, and none is legal).

        Branching Coral keeps the graph connected: a captured stone had at
        least 2 empty neighbours before the placement (every stone has after
        every move), so it keeps one empty neighbour that is joined to the
        outside.  Brain Coral captures nothing.
        """
        board = self.board
        neighbours = self.neighbours
        perimeter = self.geo.perimeter
        n = len(board)
        disc = [0] * n
        cut = bytearray(n)
        order = [-1]  # the outside node has discovery number 1

        def visit(v: int) -> int:
            order.append(v)
            d = disc[v] = len(order)
            low = 1 if perimeter[v] else d
            for w in neighbours[v]:
                if board[w] < 0:  # empty
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

        for v in self.geo.rim:
            if board[v] < 0 and not disc[v]:
                visit(v)
        if len(order) - 1 != n - board.count(0) - board.count(1):
            return None
        del order[0]
        return cut, order

    def legal_moves(self) -> list:
        moves = self._moves
        if moves is None:
            free = self.free
            found = self._cut_cells()
            table = self.geo.moves
            if found is None:
                moves = []
            elif self.brain:
                cut, empties = found
                blocked = self.blocked
                moves = [table[c] for c in empties if free[c] and not cut[c] and not blocked[c]]
            else:
                cut, empties = found
                moves = [table[c] for c in empties if free[c] >= 2 and not cut[c]]
            self._moves = moves
        return moves

    def apply(self, move) -> None:
        (cell,) = move
        player = self.current_player
        board = self.board
        free = self.free
        neighbours = self.neighbours
        board[cell] = player
        around = neighbours[cell]
        for y in around:
            free[y] -= 1
        if self.brain:
            # no capture: a stone left with one empty neighbour keeps it for ever
            if free[cell] == 1:
                self._block(cell)
            for y in around:
                if free[y] == 1 and board[y] != EMPTY:
                    self._block(y)
        else:
            doomed = [y for y in around if board[y] != EMPTY and free[y] < 2]
            for y in doomed:
                if board[y] != player:
                    self.captured[player] += 1
                board[y] = EMPTY
                for z in neighbours[y]:
                    free[z] += 1
        self.last_placer = player
        self.current_player = 1 - player
        self._moves = None

    def is_terminal(self) -> bool:
        return not self.legal_moves()

    # ------------------------------------------------------------------
    def group_sizes(self, player: int) -> list[int]:
        board = self.board
        seen = set()
        sizes = []
        for start, v in enumerate(board):
            if v != player or start in seen:
                continue
            seen.add(start)
            stack = [start]
            size = 0
            while stack:
                c = stack.pop()
                size += 1
                for nb in self.neighbours[c]:
                    if nb not in seen and board[nb] == player:
                        seen.add(nb)
                        stack.append(nb)
            sizes.append(size)
        return sorted(sizes, reverse=True)

    def scores(self) -> list[int]:
        groups = [self.group_sizes(0), self.group_sizes(1)]
        result = []
        for p in (0, 1):
            largest = groups[p][0] if groups[p] else 0
            bonus = {
                "captured": self.captured[p],
                "own": len(groups[p]),
                "opponent": len(groups[1 - p]),
                "none": 0,
            }[self.bonus]
            result.append(largest + bonus)
        return result

    def winner(self) -> int:
        s0, s1 = self.scores()
        if s0 != s1:
            return 0 if s0 > s1 else 1
        if self.tiebreak == "A":
            a, b = self.group_sizes(0), self.group_sizes(1)
            rest_a, rest_b = a[:], b[:]
            for size in a:
                if size in rest_b:
                    rest_b.remove(size)
                    rest_a.remove(size)
            top_a = max(rest_a, default=0)
            top_b = max(rest_b, default=0)
            if top_a != top_b:
                return 1 if top_a > top_b else 0  # the larger remaining group loses
        return self.last_placer

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        result = [-1.0, -1.0]
        result[self.winner()] = 1.0
        return result


# The depth-first search recurses once per empty cell (217 on side 9).
if sys.getrecursionlimit() < 2000:
    sys.setrecursionlimit(2000)


def new_state(
    side: int = 6, bonus: str | None = None, tiebreak: str = "A", brain: bool = False,
    shape: str = "hex",
) -> State:
    """Branching Coral; ``brain=True`` gives Brain Coral (default bonus: own groups);
    ``shape="square"`` an n x n square board of side ``side``."""
    return State(side=side, bonus=bonus, tiebreak=tiebreak, brain=brain, shape=shape)


def move_to_str(state: State, move) -> str:
    """Row letter from the bottom + position in the row from the left (``f6``)."""
    return state.names[move[0]]
