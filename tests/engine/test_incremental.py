"""The incremental caches (placement move lists, union-find groups) always answer as
a recomputation from the position would, whatever happens to the state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludeme


def expected_moves(s) -> set[str]:
    b = s.game.board
    return {b.labels[x] for x in b.sites["Cell"] if not s.what[x]}


def connected_by_search(s, player: int) -> bool:
    """Whether some group of the player's touches all of the player's goal sides."""
    g = s.game
    b = g.board
    owner = g.pieces.owner
    # the goal sides of the bundled Hex description, in Ludii's names for the rhombus
    sides = [set(b.side("Cell", d)) for d in (("SE", "NW") if player == 1 else ("SW", "NE"))]
    seen: set[int] = set()
    for start in b.sites["Cell"]:
        if start in seen or not s.what[start] or owner[s.what[start]] != player:
            continue
        group, stack = {start}, [start]
        while stack:
            x = stack.pop()
            for y in b.nbrs["Adjacent"][x]:
                if y not in group and s.what[y] and owner[s.what[y]] == player:
                    group.add(y)
                    stack.append(y)
        seen |= group
        if all(group & side for side in sides):
            return True
    return False


def remove_piece(s, site: int) -> None:
    """Take a piece off by hand (as a capture would), keeping the hash right."""
    s.hash ^= s.game.zobrist[site][s.what[site]]
    s.what[site] = 0
    s._moves = None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), clone_at=st.integers(0, 40), removals=st.integers(0, 3))
def test_placement_lists_and_groups_match_recomputation(seed, clone_at, removals):
    g = ludeme.load("hex", ["Board Size/7x7"])
    rng = random.Random(seed)
    s = g.new_initial_state()
    other = None
    ply = 0
    while not s.is_terminal():
        moves = s.legal_moves()
        assert {s.move_to_string(m) for m in moves} == expected_moves(s)
        if ply == clone_at:
            other = s.clone()
        if removals and ply > 4 and rng.random() < 0.2:
            occupied = [x for x in g.board.sites["Cell"] if s.what[x]]
            remove_piece(s, rng.choice(occupied))
            removals -= 1
            continue
        m = moves[rng.randrange(len(moves))]
        s.apply(m)
        ply += 1
        if s.is_terminal():
            assert connected_by_search(s, s.prev_mover)
        else:
            assert not connected_by_search(s, s.prev_mover)
    if other is not None and not other.is_terminal():
        # the copy taken mid-game continues independently and stays right
        while not other.is_terminal():
            moves = other.legal_moves()
            assert {other.move_to_string(m) for m in moves} == expected_moves(other)
            other.apply(moves[rng.randrange(len(moves))])
        assert connected_by_search(other, other.prev_mover)
