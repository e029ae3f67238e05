"""(is Connected <region> to: through:) against its definition, computed by brute force
on random positions, for several choices of the three regions (pieces chained to an
edge, empty sites reaching the edge, every site touching the empty edge), on square
and hexagonal boards; and (sites Around ... if:), (sizes Group ...), (difference ...
multiset:) on small cases."""

from __future__ import annotations

import random
import zlib

import pytest

import ludeme
from ludeme.runtime.position import position

GAME = """(game "Reach" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)))
                   ifAfterwards:(is Connected {a} Orthogonal to:{b} {through})))
         (end (if (no Moves Next) (result Mover Win)))))"""

CASES = {
    # every stone of the mover chained through the mover's stones to the bottom edge
    "chain": ("(sites Occupied Mover)", "(sites Side S)", "through:(sites Occupied Mover)"),
    # every empty site reaches the edge through empty sites (edge sites count as reached)
    "empties": ("(sites Empty)", "(sites Perimeter)", "through:(sites Empty)"),
    # every site touches an empty site joined to the empty edge (through: by default)
    "all": ("(sites Board)", "(intersection (sites Perimeter) (sites Empty))", ""),
}


def region(s, text: str) -> set[int]:
    """The three regions of CASES, evaluated directly on a position."""
    g, w = s.game, s.what
    b = g.board
    owner = g.pieces.owner
    if text == "(sites Occupied Mover)":
        return {x for x in range(b.n_sites) if w[x] and owner[w[x]] == s.mover}
    if text == "(sites Side S)":
        return set(b.side("Cell", "S"))
    if text == "(sites Empty)":
        return {x for x in range(b.n_sites) if not w[x]}
    if text == "(sites Perimeter)":
        return set(b.perimeter["Cell"])
    if text == "(sites Board)":
        return set(range(b.n_sites))
    assert text == "(intersection (sites Perimeter) (sites Empty))"
    return {x for x in b.perimeter["Cell"] if not w[x]}


def holds(s, a_text, b_text, c_text) -> bool:
    """The definition: every site of A is in B or has a chain to B whose sites after
    the first are all in C."""
    nb = s.game.board.nbrs["Orthogonal"]
    a, b, c = region(s, a_text), region(s, b_text), region(s, c_text)
    for start in a:
        if start in b:
            continue
        seen, stack, ok = {start}, [start], False
        while stack and not ok:
            x = stack.pop()
            for y in nb[x]:
                if y in c and y not in seen:
                    if y in b:
                        ok = True
                        break
                    seen.add(y)
                    stack.append(y)
        if not ok:
            return False
    return True


def expected_moves(s, case) -> set[str]:
    a_text, b_text, through = CASES[case]
    c_text = through.removeprefix("through:") or "(sites Empty)"
    out = set()
    for x in range(s.game.board.n_sites):
        if s.what[x]:
            continue
        t = s.clone()
        t.what[x] = s.game.pieces.find("Disc", s.mover)
        if holds(t, a_text, b_text, c_text):
            out.add(s.game.board.labels[x])
    return out


@pytest.mark.parametrize("board", ["(square 5)", "(hex 3)"])
@pytest.mark.parametrize("case", list(CASES))
def test_is_connected_to_matches_its_definition(board, case):
    a, b, through = CASES[case]
    g = ludeme.loads(GAME.format(board=board, a=a, b=b, through=through))
    rng = random.Random(zlib.crc32(f"{board}{case}".encode()))
    labels = list(g.board.labels)
    for i in range(60):
        density = rng.random() * 0.8
        pieces = {lab: rng.choice(("Disc1", "Disc2")) for lab in labels
                  if rng.random() < density}
        s = position(g, pieces, mover=1 + i % 2)
        got = {s.move_to_string(m) for m in s.legal_moves()}
        # a player with no placement passes, as in Ludii
        assert got == (expected_moves(s, case) or {"pass"}), (case, board, pieces)


def test_sites_around_if_groups_and_multiset_difference():
    g = ludeme.loads("""(game "G" (players 2)
      (equipment {(board (square 4)) (piece "Disc" Each)})
      (rules (play (move Add (to (sites Empty))))
             (end (if (no Moves Next)
                      (byScore {(score P1 (count Sites in:(sites Around (to) Orthogonal
                                                                   if:(is Empty (to)))))
                                (score P2 (max (difference (sizes Group Orthogonal P2)
                                                           (sizes Group Orthogonal P1)
                                                           multiset:True)))})))))""")
    s = position(g, {"a1": "Disc1", "b1": "Disc1", "d4": "Disc1",
                     "a4": "Disc2", "b4": "Disc2", "d1": "Disc2", "c3": "Disc2"})
    s.to = g.board.site("b2")       # the site (to) the first score looks around
    # b2's orthogonal neighbours: a2, c2 empty; b1 a stone; b3 empty
    # P2's groups: {a4 b4}, {c3}, {d1} -> 2 1 1; P1's: {a1 b1}, {d4} -> 2 1; one 2 and
    # one 1 cancel, leaving {1} (a plain difference would remove every 1 and 2)
    assert s.scores() == [3, 1]
