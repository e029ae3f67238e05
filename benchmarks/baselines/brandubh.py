"""Brandubh, hand-written baseline.

Rules: /work/shared/rules/brandubh.md.  Squares are numbered
``row * 7 + column`` (a1 = 0, g7 = 48).  P1 (index 0) = attackers, who move
first; P2 (index 1) = defenders and king.  A move is ``(from, to)``.
"""

from __future__ import annotations

SIZE = 7
EMPTY, ATTACKER, DEFENDER, KING = 0, 1, 2, 3
THRONE = 3 * SIZE + 3  # d4
CORNERS = frozenset((0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1))
ATTACKERS, DEFENDERS = 0, 1


def _sq(name: str) -> int:
    return (int(name[1:]) - 1) * SIZE + ord(name[0]) - ord("a")


def square_name(sq: int) -> str:
    return f"{chr(ord('a') + sq % SIZE)}{sq // SIZE + 1}"


DELTAS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (dcol, drow): N, E, S, W


def _rays(sq: int) -> list[list[int]]:
    """For each direction, the squares met walking from ``sq`` to the edge."""
    rays = []
    for dc, dr in DELTAS:
        c, r = sq % SIZE + dc, sq // SIZE + dr
        ray = []
        while 0 <= c < SIZE and 0 <= r < SIZE:
            ray.append(r * SIZE + c)
            c += dc
            r += dr
        rays.append(ray)
    return rays


RAYS = [_rays(sq) for sq in range(SIZE * SIZE)]
NEXT_TO_THRONE = frozenset(ray[0] for ray in RAYS[THRONE])


def _owner(piece: int) -> int:
    return ATTACKERS if piece == ATTACKER else DEFENDERS


class State:
    def __init__(self, move_limit: int | None = 400):
        self.move_limit = move_limit
        board = [EMPTY] * (SIZE * SIZE)
        for name in ("d1", "d2", "a4", "b4", "f4", "g4", "d6", "d7"):
            board[_sq(name)] = ATTACKER
        for name in ("d3", "c4", "e4", "d5"):
            board[_sq(name)] = DEFENDER
        board[THRONE] = KING
        self.board = board
        self.current_player = ATTACKERS
        self.ply = 0
        self.winner = None  # None: undecided; 0/1: winner; -1: draw
        self.seen = {self._key(): 1}
        self._moves = None

    def _key(self):
        return (tuple(self.board), self.current_player)

    def clone(self) -> State:
        other = State.__new__(State)
        other.move_limit = self.move_limit
        other.board = self.board[:]
        other.current_player = self.current_player
        other.ply = self.ply
        other.winner = self.winner
        other.seen = dict(self.seen)
        other._moves = self._moves
        return other

    # ------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self.winner is not None:
            return []
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def _generate(self) -> list:
        board = self.board
        mine = (ATTACKER,) if self.current_player == ATTACKERS else (DEFENDER, KING)
        moves = []
        for frm in range(SIZE * SIZE):
            piece = board[frm]
            if piece not in mine:
                continue
            for ray in RAYS[frm]:
                for to in ray:
                    if board[to] != EMPTY:
                        break
                    if to == THRONE:
                        continue  # may pass over the empty throne, never stop
                    if to in CORNERS and piece != KING:
                        break
                    moves.append((frm, to))
        return moves

    def captures(self, move) -> list:
        """Squares captured by ``move`` played from this position, in notation order."""
        frm, to = move
        board = self.board
        piece = board[frm]
        mover = _owner(piece)

        def at(sq):  # the board as it is once the piece has moved
            if sq == to:
                return piece
            if sq == frm:
                return EMPTY
            return board[sq]

        captured = []
        for ray in RAYS[to]:
            if not ray:
                continue
            adj = ray[0]
            victim = at(adj)
            if victim == EMPTY or _owner(victim) == mover:
                continue
            beyond = ray[1] if len(ray) > 1 else None  # nothing against the edge
            if victim == KING:
                if adj == THRONE or adj in NEXT_TO_THRONE:
                    # Attackers on every side except the throne itself.
                    if all(at(r[0]) == ATTACKER for r in RAYS[adj] if r[0] != THRONE):
                        captured.append(adj)
                elif beyond is not None and (at(beyond) == ATTACKER or beyond in CORNERS):
                    captured.append(adj)
            elif beyond is not None:
                b = at(beyond)
                if (
                    (b != EMPTY and _owner(b) == mover)
                    or beyond in CORNERS
                    or (beyond == THRONE and b == EMPTY)
                ):
                    captured.append(adj)
        return sorted(captured, key=lambda sq: (sq % SIZE, sq // SIZE))

    # ------------------------------------------------------------------
    def apply(self, move) -> None:
        frm, to = move
        board = self.board
        piece = board[frm]
        captured = self.captures(move)
        board[to] = piece
        board[frm] = EMPTY
        king_captured = False
        for sq in captured:
            if board[sq] == KING:
                king_captured = True
            board[sq] = EMPTY
        self.ply += 1
        self.current_player = 1 - self.current_player
        self._moves = None
        # End checks, in the order of the rules page.
        if piece == KING and to in CORNERS:
            self.winner = DEFENDERS
            return
        if king_captured:
            self.winner = ATTACKERS
            return
        if captured and piece != ATTACKER and ATTACKER not in board:
            self.winner = DEFENDERS
            return
        key = self._key()
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        if count >= 3:
            self.winner = -1
            return
        if self.move_limit and self.ply >= self.move_limit:
            self.winner = -1
            return
        if not self.legal_moves():
            self.winner = -1

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None or self.winner == -1:
            return [0.0, 0.0]
        result = [-1.0, -1.0]
        result[self.winner] = 1.0
        return result


def new_state(move_limit: int | None = 400) -> State:
    return State(move_limit=move_limit)


def move_to_str(state: State, move) -> str:
    """``d1-c1``, ``Kd4-d6``, ``c4-c7xb7xc6`` (captures column first, then row)."""
    frm, to = move
    text = f"{square_name(frm)}-{square_name(to)}"
    if state.board[frm] == KING:
        text = "K" + text
    return text + "".join("x" + square_name(sq) for sq in state.captures(move))
