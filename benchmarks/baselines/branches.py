"""Branches (branch chess), hand-written baseline.

Rules: /work/shared/rules/branches.md.  Points are numbered ``y * (N + 1) + x``
(x = column from the left, y = row from the bottom), so a smaller number is
"lower" in the notation's sense (lower row, then further left).

A move is a tuple of point numbers: ``(p,)`` for an origin, or the L + 1
points of a branch in order, written from the end in the mover's tree (the
lower end when both ends are in the tree).  ``apply`` accepts either
direction.
"""

from __future__ import annotations

# Directions: index into the per-point edge-owner slots.
N, E, S, W = 0, 1, 2, 3
OPPOSITE = (S, W, N, E)
# Origin phase: P1, P2, P2, P1; then P2 draws first and players alternate.
ORIGIN_ORDER = (0, 1, 1, 0)
NOBODY = -1


class State:
    def __init__(self, size: int = 8, length: int = 3):
        self.size = size
        self.length = length
        self.width = size + 1  # points per row
        w = self.width
        self.num_points = w * w
        # neighbours[p] = list of (direction, neighbour point)
        self.neighbours = []
        for p in range(self.num_points):
            x, y = p % w, p // w
            nb = []
            if y < size:
                nb.append((N, p + w))
            if x < size:
                nb.append((E, p + 1))
            if y > 0:
                nb.append((S, p - w))
            if x > 0:
                nb.append((W, p - 1))
            self.neighbours.append(nb)
        # owner[4 * p + d] = player who drew the edge leaving p in direction d
        self.owner = [NOBODY] * (4 * self.num_points)
        self.origins = [[], []]
        self.tree = [set(), set()]
        self.ply = 0
        self.current_player = ORIGIN_ORDER[0]
        self._moves = None

    # ------------------------------------------------------------------
    def clone(self) -> State:
        other = State.__new__(State)
        other.size = self.size
        other.length = self.length
        other.width = self.width
        other.num_points = self.num_points
        other.neighbours = self.neighbours  # immutable after construction
        other.owner = self.owner[:]
        other.origins = [self.origins[0][:], self.origins[1][:]]
        other.tree = [set(self.tree[0]), set(self.tree[1])]
        other.ply = self.ply
        other.current_player = self.current_player
        other._moves = self._moves
        return other

    def in_origin_phase(self) -> bool:
        return self.ply < len(ORIGIN_ORDER)

    # ------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self._moves is None:
            if self.in_origin_phase():
                taken = set(self.origins[0]) | set(self.origins[1])
                self._moves = [(p,) for p in range(self.num_points) if p not in taken]
            else:
                self._moves = self._branches(self.current_player)
        return self._moves

    def _branches(self, player: int) -> list:
        """All legal branches of ``player``, one per set of edges."""
        tree = self.tree[player]
        owner = self.owner
        neighbours = self.neighbours
        length = self.length
        result = []

        def extend(path):
            last = path[-1]
            for d, q in neighbours[last]:
                if owner[4 * last + d] != NOBODY or q in path:
                    continue
                path.append(q)
                if len(path) == length + 1:
                    start = path[0]
                    # When both ends are in the tree the path is also found
                    # from the other end: keep only the walk from the lower end.
                    if not (q in tree and q < start) and not self._makes_cross(path, player):
                        result.append(tuple(path))
                else:
                    extend(path)
                path.pop()

        for start in sorted(tree):
            extend([start])
        return result

    def _direction(self, p: int, q: int) -> int:
        w = self.width
        if q == p + w:
            return N
        if q == p - w:
            return S
        if q == p + 1:
            return E
        return W

    def _makes_cross(self, path, player: int) -> bool:
        """Would drawing ``path`` for ``player`` leave a two-coloured X?"""
        new = {}
        for a, b in zip(path, path[1:], strict=False):
            d = self._direction(a, b)
            new[4 * a + d] = player
            new[4 * b + OPPOSITE[d]] = player
        owner = self.owner
        for p in path:
            n, e, s, w = (new.get(4 * p + d, owner[4 * p + d]) for d in (N, E, S, W))
            if n != NOBODY and n == s and e != NOBODY and e == w and n != e:
                return True
        return False

    # ------------------------------------------------------------------
    def apply(self, move) -> None:
        player = self.current_player
        if self.in_origin_phase():
            (p,) = move
            self.origins[player].append(p)
            self.tree[player].add(p)
        else:
            for a, b in zip(move, move[1:], strict=False):
                d = self._direction(a, b)
                self.owner[4 * a + d] = player
                self.owner[4 * b + OPPOSITE[d]] = player
            self.tree[player].update(move)
        self.ply += 1
        if self.ply < len(ORIGIN_ORDER):
            self.current_player = ORIGIN_ORDER[self.ply]
        elif self.ply == len(ORIGIN_ORDER):
            self.current_player = 1
        else:
            self.current_player = 1 - player
        self._moves = None

    def is_terminal(self) -> bool:
        return not self.in_origin_phase() and not self.legal_moves()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        loser = self.current_player
        result = [1.0, 1.0]
        result[loser] = -1.0
        return result

    # ------------------------------------------------------------------
    def point_name(self, p: int) -> str:
        return f"{chr(ord('a') + p % self.width)}{p // self.width + 1}"

    def point_from_name(self, name: str) -> int:
        x = ord(name[0].lower()) - ord("a")
        y = int(name[1:]) - 1
        if not (0 <= x < self.width and 0 <= y < self.width):
            raise ValueError(f"no point {name!r}")
        return y * self.width + x


def new_state(size: int = 8, length: int = 3) -> State:
    return State(size=size, length=length)


def move_to_str(state: State, move) -> str:
    """``e5`` for an origin, ``e5-e6-f6-f7`` for a branch (see module doc)."""
    if len(move) > 1:
        tree = state.tree[state.current_player]
        first, last = move[0], move[-1]
        if first not in tree or (last in tree and last < first):
            move = tuple(reversed(move))
    return "-".join(state.point_name(p) for p in move)


def parse_move(state: State, text: str):
    """Inverse of ``move_to_str``; either direction is accepted for branches."""
    points = tuple(state.point_from_name(part) for part in text.strip().split("-"))
    legal = state.legal_moves()
    for candidate in (points, tuple(reversed(points))):
        if candidate in legal:
            return candidate
    raise ValueError(f"illegal move {text!r}")
