"""Branching Coral (and its parent Brain Coral), hand-written baseline.

Rules: /work/shared/rules/branching-coral.md.  Hexagonal board of side n in
axial coordinates (q, r), |q|, |r|, |q + r| <= n - 1; row r = -(n-1) is the
bottom row ("a") and q grows to the right.  Cells are numbered row by row
from the bottom-left.  A move is ``(cell,)``.
"""

from __future__ import annotations

from collections import deque

EMPTY = -1
# Axial directions in cyclic order round a cell: consecutive ones are neighbours.
HEX_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
BONUSES = ("captured", "own", "opponent", "none")


class State:
    def __init__(
        self,
        side: int = 6,
        bonus: str | None = None,
        tiebreak: str = "A",
        brain: bool = False,
    ):
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
        m = side - 1
        self.coords = []  # cell -> (q, r)
        self.names = []
        index = {}
        for row, r in enumerate(range(-m, m + 1)):
            for pos, q in enumerate(range(max(-m, -m - r), min(m, m - r) + 1)):
                index[(q, r)] = len(self.coords)
                self.coords.append((q, r))
                # Ludii's label: column letter (the columns run up to the right, the
                # upper rows start further right) and row number from the bottom
                self.names.append(f"{chr(ord('a') + pos + max(0, row - m))}{row + 1}")
        n = len(self.coords)
        # ring[c] = the six neighbours in cyclic order (None off the board)
        self.ring = [[index.get((q + dq, r + dr)) for dq, dr in HEX_DIRS] for q, r in self.coords]
        self.neighbours = [[x for x in ring if x is not None] for ring in self.ring]
        self.perimeter = [len(nb) < 6 for nb in self.neighbours]
        self.board = [EMPTY] * n
        self.captured = [0, 0]  # opponent stones removed by each player's placements
        self.current_player = 0
        self.last_placer = None
        self._moves = None

    def clone(self) -> State:
        other = State.__new__(State)
        other.side, other.bonus, other.tiebreak, other.brain = (
            self.side,
            self.bonus,
            self.tiebreak,
            self.brain,
        )
        # Board geometry is shared: it never changes after construction.
        other.coords, other.names = self.coords, self.names
        other.ring, other.neighbours, other.perimeter = self.ring, self.neighbours, self.perimeter
        other.current_player = self.current_player
        other.last_placer = self.last_placer
        other._moves = self._moves
        other.board = self.board[:]
        other.captured = self.captured[:]
        return other

    # ------------------------------------------------------------------
    def _empty_count(self, cell: int, extra: int) -> int:
        """Empty neighbours of ``cell`` with ``extra`` treated as occupied."""
        board = self.board
        return sum(1 for nb in self.neighbours[cell] if nb != extra and board[nb] == EMPTY)

    def _empties_reach_perimeter(self, filled: int) -> bool:
        """With ``filled`` occupied, is every empty cell joined to an empty perimeter cell?"""
        board = self.board
        perimeter = self.perimeter
        # Shortcut (the invariant holds before every move): if the empty
        # neighbours of ``filled`` form one unbroken arc round it, a path
        # through it can go round it instead; a path that ended at it (a
        # perimeter cell) can end at an empty perimeter cell of the arc.
        ring = [x is not None and board[x] == EMPTY for x in self.ring[filled]]
        breaks = sum(1 for i in range(6) if ring[i] and not ring[i - 1])
        if breaks <= 1 and (
            not perimeter[filled]
            or any(perimeter[x] and board[x] == EMPTY for x in self.neighbours[filled])
        ):
            return True
        seen = set()
        queue = deque()
        total = 0
        for c, v in enumerate(board):
            if v == EMPTY and c != filled:
                total += 1
                if perimeter[c]:
                    seen.add(c)
                    queue.append(c)
        while queue:
            c = queue.popleft()
            for nb in self.neighbours[c]:
                if nb not in seen and nb != filled and board[nb] == EMPTY:
                    seen.add(nb)
                    queue.append(nb)
        return len(seen) == total

    def _is_legal(self, cell: int) -> bool:
        board = self.board
        if board[cell] != EMPTY:
            return False
        if self.brain:
            # Every stone must keep an empty neighbour (empties all reach the perimeter).
            if self._empty_count(cell, cell) < 1:
                return False
            for nb in self.neighbours[cell]:
                if board[nb] != EMPTY and self._empty_count(nb, cell) < 1:
                    return False
        elif self._empty_count(cell, cell) < 2:
            return False
        return self._empties_reach_perimeter(cell)

    def legal_moves(self) -> list:
        if self._moves is None:
            self._moves = [(c,) for c in range(len(self.board)) if self._is_legal(c)]
        return self._moves

    def apply(self, move) -> None:
        (cell,) = move
        player = self.current_player
        board = self.board
        board[cell] = player
        if not self.brain:
            doomed = [
                nb
                for nb in self.neighbours[cell]
                if board[nb] != EMPTY and self._empty_count(nb, -1) < 2
            ]
            for nb in doomed:
                if board[nb] != player:
                    self.captured[player] += 1
                board[nb] = EMPTY
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


def new_state(
    side: int = 6, bonus: str | None = None, tiebreak: str = "A", brain: bool = False
) -> State:
    """Branching Coral; ``brain=True`` gives Brain Coral (default bonus: own groups)."""
    return State(side=side, bonus=bonus, tiebreak=tiebreak, brain=brain)


def move_to_str(state: State, move) -> str:
    """Row letter from the bottom + position in the row from the left (``f6``)."""
    return state.names[move[0]]
