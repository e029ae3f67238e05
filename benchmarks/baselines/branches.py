"""Branches (branch chess), hand-written baseline.

Rules: /work/shared/rules/branches.md.  Points are numbered ``y * (N + 1) + x``
(x = column from the left, y = row from the bottom), so a smaller number is
"lower" in the notation's sense (lower row, then further left).

A move is a tuple of point numbers: ``(p,)`` for an origin, or the L + 1
points of a branch in order, written from the end in the mover's tree (the
lower end when both ends are in the tree).  ``apply`` accepts either
direction.

Written as a Python programmer would for this game alone: every branch from
every point (its points, edges and the points where it could complete an X)
is listed once per board size and length; a position is the owner of each
edge and each player's tree.
"""

from __future__ import annotations

# Directions, in the order branches are walked.
N, E, S, W = 0, 1, 2, 3
# Origin phase: P1, P2, P2, P1; then P2 draws first and players alternate.
ORIGIN_ORDER = (0, 1, 1, 0)
NOBODY = -1


class _Board:
    """Tables of one (size, length), shared by every state: the edges, and every
    branch from every point (its points, its edges, and the edges round each of its
    points that could complete an X)."""

    _cache: dict[tuple[int, int], _Board] = {}

    def __init__(self, size: int, length: int):
        w = size + 1
        n = w * w
        # edge ids: the edge leaving p northwards is 2p, eastwards 2p + 1
        round_point = []  # (n, e, s, w) edge ids round p, -1 off the board
        steps = []  # steps[p] = ((q, edge), ...) in the order N, E, S, W
        for p in range(n):
            x, y = p % w, p // w
            en = 2 * p if y < size else -1
            ee = 2 * p + 1 if x < size else -1
            es = 2 * (p - w) if y > 0 else -1
            ew = 2 * (p - 1) + 1 if x > 0 else -1
            round_point.append((en, ee, es, ew))
            steps.append(tuple((q, e) for q, e in ((p + w, en), (p + 1, ee), (p - w, es),
                                                   (p - 1, ew)) if e >= 0))
        self.n_points = n
        self.n_edges = 2 * n
        crossable = [all(e >= 0 for e in r) for r in round_point]
        self.branches = []  # per start point: (points, edge ids, end point, X checks)
        self.edges_of = {}  # points in either direction -> edge ids
        for start in range(n):
            found = []

            def walk(path, edges, found):
                last = path[-1]
                for q, e in steps[last]:
                    if q in path:
                        continue
                    path.append(q)
                    edges.append(e)
                    if len(edges) == length:
                        pts = tuple(path)
                        checks = tuple(round_point[p] for p in pts if crossable[p])
                        found.append((pts, tuple(edges), q, checks))
                        self.edges_of[pts] = tuple(edges)
                    else:
                        walk(path, edges, found)
                    path.pop()
                    edges.pop()

            walk([start], [], found)
            self.branches.append(tuple(found))
        self.origin_moves = [(p,) for p in range(n)]

    @classmethod
    def get(cls, size: int, length: int) -> _Board:
        key = (size, length)
        if key not in cls._cache:
            cls._cache[key] = cls(size, length)
        return cls._cache[key]


class State:
    def __init__(self, size: int = 8, length: int = 3):
        self.size = size
        self.length = length
        self.width = size + 1  # points per row
        self.geo = _Board.get(size, length)
        self.num_points = self.geo.n_points
        self.owner = [NOBODY] * self.geo.n_edges  # player who drew each edge
        self.origins = [[], []]
        self.tree = [set(), set()]
        self.ply = 0
        self.current_player = ORIGIN_ORDER[0]
        self._moves = None

    # ------------------------------------------------------------------
    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.owner = self.owner[:]
        other.origins = [self.origins[0][:], self.origins[1][:]]
        other.tree = [set(self.tree[0]), set(self.tree[1])]
        return other

    def in_origin_phase(self) -> bool:
        return self.ply < len(ORIGIN_ORDER)

    # ------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self._moves is None:
            if self.ply < len(ORIGIN_ORDER):
                taken = set(self.origins[0]) | set(self.origins[1])
                table = self.geo.origin_moves
                self._moves = [table[p] for p in range(self.num_points) if p not in taken]
            else:
                self._moves = self._branches(self.current_player)
        return self._moves

    def _branches(self, player: int) -> list:
        """All legal branches of ``player``, one per set of edges."""
        tree = self.tree[player]
        owner = self.owner
        branches = self.geo.branches
        result = []
        for start in sorted(tree):
            for pts, edges, end, checks in branches[start]:
                # When both ends are in the tree the path is also found from the
                # other end: keep only the walk from the lower end.
                if end < start and end in tree:
                    continue
                for e in edges:
                    if owner[e] != NOBODY:
                        break
                else:
                    # would the branch complete a two-coloured X at one of its points?
                    for e in edges:
                        owner[e] = player
                    crossed = False
                    for en, ee, es, ew in checks:
                        o = owner[en]
                        if o != NOBODY and o == owner[es]:
                            p = owner[ee]
                            if p != NOBODY and p != o and p == owner[ew]:
                                crossed = True
                                break
                    for e in edges:
                        owner[e] = NOBODY
                    if not crossed:
                        result.append(pts)
        return result

    # ------------------------------------------------------------------
    def apply(self, move) -> None:
        player = self.current_player
        if self.ply < len(ORIGIN_ORDER):
            (p,) = move
            self.origins[player].append(p)
            self.tree[player].add(p)
        else:
            owner = self.owner
            for e in self.geo.edges_of[tuple(move)]:
                owner[e] = player
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
