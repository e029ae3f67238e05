"""Tablut (descriptions/tablut.lud) and Hnefatafl (descriptions/hnefatafl.lud), written
with the vocabulary of Brandubh: each rule on a hand-built position, and whole seeded
games cross-checked, move set by move set, against a small independent reference
implementation of the two rule sets written out below."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.runtime.position import position
from ludeme.runtime.search import perft

P1_WINS, P2_WINS, DRAW = [1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]


def tablut():
    return ludeme.load("tablut")


def hnefatafl():
    return ludeme.load("hnefatafl")


def play(s, *moves: str):
    for text in moves:
        s.apply(s.parse_move(text))
    return s


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def text_of(s, move: str) -> str:
    return s.move_to_string(s.parse_move(move))


# -- an independent reference ---------------------------------------------------------------

class Reference:
    """Tablut or Hnefatafl written directly: squares are (column, row) from (0, 0)."""

    def __init__(self, game: str):
        self.n = 9 if game == "tablut" else 11
        c = self.n // 2
        self.throne = (c, c)
        self.corners = {(0, 0), (0, self.n - 1), (self.n - 1, 0), (self.n - 1, self.n - 1)}
        self.game = game

    def label(self, sq) -> str:
        return f"{'abcdefghijk'[sq[0]]}{sq[1] + 1}"

    def on(self, sq) -> bool:
        return 0 <= sq[0] < self.n and 0 <= sq[1] < self.n

    def may_stop(self, piece: str, sq) -> bool:
        if sq == self.throne:
            return piece == "K" and self.game == "hnefatafl"  # back to the throne
        if sq in self.corners and self.game == "hnefatafl":
            return piece == "K"
        return True

    def moves(self, board: dict, side: int) -> list:
        mine = ("A",) if side == 1 else ("D", "K")
        out = []
        for sq, p in board.items():
            if p not in mine:
                continue
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                x, y = sq[0] + dx, sq[1] + dy
                while self.on((x, y)) and (x, y) not in board:
                    if self.may_stop(p, (x, y)):
                        out.append((sq, (x, y)))
                    x, y = x + dx, y + dy
        return out

    def hostile(self, board: dict, sq, side: int) -> bool:
        """Whether ``sq`` encloses an enemy of ``side`` (its pieces, hostile squares)."""
        p = board.get(sq)
        if p is not None:
            return (p == "A") == (side == 1)
        return sq == self.throne or (sq in self.corners and self.game == "hnefatafl")

    def play(self, board: dict, move, side: int) -> tuple[dict, list]:
        frm, to = move
        board = dict(board)
        board[to] = board.pop(frm)
        taken = []
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            v = (to[0] + dx, to[1] + dy)
            far = (v[0] + dx, v[1] + dy)
            p = board.get(v)
            if p is None or (p == "A") == (side == 1):
                continue
            if p == "K":
                if side == 1 and self.king_taken(board, v, to):
                    taken.append(v)
            elif self.on(far) and self.hostile(board, far, side):
                taken.append(v)
        for v in taken:
            del board[v]
        return board, taken

    def king_taken(self, board: dict, king, by) -> bool:
        sides = [(king[0] + dx, king[1] + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        near_throne = king == self.throne or self.throne in sides
        if self.game == "hnefatafl" or near_throne:
            if any(not self.on(sq) for sq in sides):
                return False                   # the edge never encloses
            return all(board.get(sq) == "A" or sq == self.throne for sq in sides)
        far = (2 * king[0] - by[0], 2 * king[1] - by[1])
        return board.get(far) == "A"            # tablut: two on opposite sides

    def result(self, board: dict, side: int, seen: dict, ply: int):
        king = next((sq for sq, p in board.items() if p == "K"), None)
        goal = self.corners if self.game == "hnefatafl" else {
            sq for sq in ((x, y) for x in range(self.n) for y in range(self.n))
            if 0 in sq or self.n - 1 in sq}
        if king in goal:
            return P2_WINS
        if king is None:
            return P1_WINS
        if "A" not in board.values():
            return P2_WINS
        if seen[(frozenset(board.items()), 3 - side)] >= 3:
            return DRAW
        if ply >= 400:
            return DRAW
        if not self.moves(board, 3 - side):
            return DRAW if self.game == "tablut" else ([-1.0, 1.0] if side == 2 else [1.0, -1.0])
        return None


def _board_of(s) -> dict:
    ref_names = {"Muscovite1": "A", "Attacker1": "A", "Swede2": "D", "Defender2": "D",
                 "King2": "K"}
    out = {}
    for label, name in s.board().items():
        out[("abcdefghijk".index(label[0]), int(label[1:]) - 1)] = ref_names[name]
    return out


@pytest.mark.parametrize("name", ["tablut", "hnefatafl"])
def test_seeded_games_match_the_reference(name):
    g = ludeme.load(name)
    ref = Reference(name)
    for seed in ((0, 1, 2, 3) if name == "tablut" else (0, 2)):  # wins, losses, the limit
        rng = random.Random(seed)
        s = g.new_initial_state()
        board = _board_of(s)
        seen = {(frozenset(board.items()), 1): 1}
        while not s.is_terminal():
            side = s.current_player()
            ours = {s.move_to_string(m).lstrip("K").split("x")[0]: m for m in s.legal_moves()}
            theirs = {f"{ref.label(a)}-{ref.label(b)}": (a, b)
                      for a, b in ref.moves(board, side)}
            assert set(ours) == set(theirs)
            key = sorted(ours)[rng.randrange(len(ours))]
            text = s.move_to_string(ours[key])
            board, taken = ref.play(board, theirs[key], side)
            king = "K" if board[theirs[key][1]] == "K" else ""
            assert text == king + key + "".join(
                "x" + ref.label(v) for v in sorted(taken))  # notation lists captures too
            s.apply(ours[key])
            assert _board_of(s) == board
            k = (frozenset(board.items()), 3 - side)
            seen[k] = seen.get(k, 0) + 1
            expected = ref.result(board, side, seen, s.ply)
            assert s.is_terminal() == (expected is not None)
        assert s.returns() == expected


# -- Tablut ----------------------------------------------------------------------------------

def test_tablut_start_and_first_moves():
    s = tablut().new_initial_state()
    b = s.board()
    assert sum(v == "Muscovite1" for v in b.values()) == 16
    assert sum(v == "Swede2" for v in b.values()) == 8 and b["e5"] == "King2"
    assert s.current_player() == 1
    ref = Reference("tablut")
    assert perft(s, 1) == len(ref.moves(_board_of(s), 1)) == 80


def tab(pieces: dict[str, str], mover: int = 1, ply: int = 0):
    names = {"A": "Muscovite1", "D": "Swede2", "K": "King2"}
    return position(tablut(), {sq: names[p] for sq, p in pieces.items()}, mover, ply)


def test_tablut_king_escapes_to_any_edge_square():
    s = tab({"d3": "K", "a9": "A"}, mover=2)
    play(s, "Kd3-d2")
    assert not s.is_terminal()                     # next to the edge is not enough
    play(s, "a9-a8", "Kd2-d1")
    assert s.is_terminal() and s.returns() == P2_WINS
    s = tab({"e3": "K", "a9": "A"}, mover=2)
    play(s, "Ke3-i3")
    assert s.returns() == P2_WINS

def test_tablut_corners_are_ordinary_squares():
    s = tab({"b1": "D", "h5": "A", "c3": "K", "e1": "A"}, mover=2)
    assert "b1-a1" in legal(s)                    # anyone may stop on a corner
    s = tab({"b1": "D", "d1": "A", "c5": "K", "h8": "A"})
    assert text_of(s, "d1-c1") == "d1-c1"         # a1 is not hostile: b1 survives


def test_tablut_castle_is_hostile_when_empty_and_closed_to_everyone():
    s = tab({"e4": "D", "e2": "A", "b8": "K"})
    assert text_of(s, "e2-e3") == "e2-e3xe4"      # against the empty castle
    s = tab({"d5": "A", "b5": "D", "b8": "K", "h8": "A"}, mover=2)
    assert text_of(s, "b5-c5") == "b5-c5xd5"
    s = tab({"e3": "K", "a9": "A"}, mover=2)
    assert "Ke3-e5" not in legal(s) and "Ke3-e7" in legal(s)   # over it, not onto it


def test_tablut_king_in_the_castle_needs_four():
    s = tab({"e5": "K", "d5": "A", "f5": "A", "e6": "A", "e1": "A"})
    move = s.parse_move("e1-e4")
    assert s.move_to_string(move) == "e1-e4xe5"
    s.apply(move)
    assert s.returns() == P1_WINS
    s = tab({"e5": "K", "d5": "A", "f5": "A", "e1": "A"})
    assert text_of(s, "e1-e4") == "e1-e4"


def test_tablut_king_beside_the_castle_needs_three():
    s = tab({"e6": "K", "d6": "A", "f6": "A", "e9": "A"})
    assert text_of(s, "e9-e7") == "e9-e7xe6"
    s = tab({"e6": "K", "d6": "A", "a6": "A"})
    assert text_of(s, "a6-c6") == "a6-c6"
    s = tab({"e6": "K", "e7": "A", "a6": "A", "h1": "A"})
    assert text_of(s, "a6-d6") == "a6-d6"


def test_tablut_king_elsewhere_is_taken_by_two_and_is_armed():
    s = tab({"c7": "K", "b7": "A", "d1": "A"})
    move = s.parse_move("d1-d7")
    assert s.move_to_string(move) == "d1-d7xc7"
    s.apply(move)
    assert s.returns() == P1_WINS
    s = tab({"c7": "K", "c8": "A", "c6": "A", "d1": "A", "a1": "A"})
    assert text_of(s, "d1-d7") == "d1-d7"          # a pair on the other axis: nothing
    s = tab({"a3": "K", "a2": "A", "c4": "A"})
    assert text_of(s, "c4-a4") == "c4-a4xa3"       # along the edge, like any piece
    s = tab({"b3": "K", "d3": "A", "e3": "D", "a9": "A"}, mover=2)
    assert text_of(s, "Kb3-c3") == "Kb3-c3xd3"     # the king captures

# -- Hnefatafl -----------------------------------------------------------------------------

def hne(pieces: dict[str, str], mover: int = 1, ply: int = 0):
    names = {"A": "Attacker1", "D": "Defender2", "K": "King2"}
    return position(hnefatafl(), {sq: names[p] for sq, p in pieces.items()}, mover, ply)


def test_hnefatafl_start_and_first_moves():
    s = hnefatafl().new_initial_state()
    b = s.board()
    assert sum(v == "Attacker1" for v in b.values()) == 24
    assert sum(v == "Defender2" for v in b.values()) == 12 and b["f6"] == "King2"
    ref = Reference("hnefatafl")
    assert perft(s, 1) == len(ref.moves(_board_of(s), 1)) == 116


def test_hnefatafl_king_escapes_to_a_corner_only():
    s = hne({"c1": "K", "h8": "A"}, mover=2)
    play(s, "Kc1-c2")
    assert not s.is_terminal()                     # an edge square is not enough
    play(s, "h8-h7", "Kc2-a2")
    assert not s.is_terminal()
    play(s, "h7-h6", "Ka2-a1")
    assert s.returns() == P2_WINS


def test_hnefatafl_only_the_king_stops_on_the_throne_and_he_may_go_back():
    s = hne({"f3": "K", "f9": "D", "k5": "A"}, mover=2)
    moves = legal(s)
    assert "Kf3-f6" in moves and "f9-f6" not in moves and "f9-f4" in moves
    assert "Kf3-f8" in moves and "Kf3-f9" not in moves    # over the throne, up to f9
    s = hne({"b1": "D", "f6": "K", "k5": "A"}, mover=2)
    assert "b1-a1" not in legal(s)


def test_hnefatafl_king_needs_four_attackers_or_three_and_the_throne():
    s = hne({"c3": "K", "b3": "A", "d3": "A", "c4": "A", "c1": "A", "k9": "D"})
    move = s.parse_move("c1-c2")
    assert s.move_to_string(move) == "c1-c2xc3"
    s = hne({"c3": "K", "b3": "A", "d3": "A", "c1": "A", "k9": "D"})
    assert text_of(s, "c1-c2") == "c1-c2"          # two on opposite sides are not enough
    s = hne({"f7": "K", "e7": "A", "g7": "A", "f11": "A"})
    assert text_of(s, "f11-f8") == "f11-f8xf7"     # three and the throne
    s = hne({"e1": "K", "d1": "A", "f1": "A", "e4": "A"})
    assert text_of(s, "e4-e2") == "e4-e2"          # on the edge he cannot be captured


def test_hnefatafl_corners_and_empty_throne_are_hostile():
    s = hne({"b1": "D", "d1": "A", "f9": "K"})
    assert text_of(s, "d1-c1") == "d1-c1xb1"
    s = hne({"f5": "A", "f3": "D", "b9": "K"}, mover=2)
    assert text_of(s, "f3-f4") == "f3-f4xf5"       # against the empty throne
    s = hne({"f5": "D", "f3": "A", "f6": "K", "a5": "A"})
    assert text_of(s, "f3-f4") == "f3-f4"          # the king on it is not hostile


def test_hnefatafl_a_side_that_cannot_move_loses():
    # the king on the edge cannot be captured; his only defender is walled in
    walled = {"c1": "K", "b1": "A", "d1": "A", "c2": "D", "b2": "A", "d2": "A", "c3": "A",
              "h8": "A"}
    s = hne(walled)
    play(s, "h8-h7")
    assert s.legal_moves() == [] and s.is_terminal() and s.returns() == P1_WINS
    del walled["c3"]
    s = hne(walled)
    play(s, "h8-h7")
    assert not s.is_terminal() and "c2-c3" in legal(s)
