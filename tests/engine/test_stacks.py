"""Stacks per site, ``(move Add ... stack:True)``, ``(size Stack at:...)`` and
``(is Line ... byLevel:True)`` on small descriptions written for these tests (Ludii's
meaning: the reference's stacking games are compared in benchmarks.ludii_compare)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ludeme

# five columns of at most three discs; three in a row through the last disc wins
PILES = """
(game "Piles"
  (players 2)
  (equipment { (board (rectangle 1 5)) (piece "Disc" Each) })
  (rules
    (play (move Add (to (forEach (sites Board) if:(< (size Stack at:(site)) 3))) stack:True))
    (end (if (is Line 3 byLevel:True) (result Mover Win)))))
"""

FLAT = """
(game "Flat"
  (players 2)
  (equipment { (board (rectangle 1 5)) (piece "Disc" Each) })
  (rules
    (play (move Add (to (forEach (sites Board) if:(is Empty (site))))))
    (end (if (is Line 3) (result Mover Win)))))
"""


def play(s, *sites: int) -> None:
    for x in sites:
        (m,) = [m for m in s.legal_moves() if m.to == x]
        s.apply(m)


def heights(s) -> list[int]:
    return [len(below) + (1 if top else 0) for below, top in zip(s.stack, s.what, strict=True)]


def test_discs_pile_up_to_the_size_limit():
    g = ludeme.loads(PILES)
    s = g.new_initial_state()
    play(s, 0, 0, 0)
    assert heights(s) == [3, 0, 0, 0, 0]
    assert s.stack[0] == (1, 2) and s.what[0] == 1  # bottom first, the top in what
    assert sorted(m.to for m in s.legal_moves()) == [1, 2, 3, 4]  # the full pile is out


def test_a_game_without_stacks_keeps_none():
    g = ludeme.loads(FLAT)
    s = g.new_initial_state()
    assert s.stack is None and not g.uses_stacks
    play(s, 2)
    assert sorted(m.to for m in s.legal_moves()) == [0, 1, 3, 4]


def test_asking_for_a_stack_size_makes_a_stacking_game_as_in_ludii():
    # Ludii's (size Stack) sets the game's stacking flag: sites then hold stacks
    g = ludeme.loads(FLAT.replace("(is Empty (site))", "(= (size Stack at:(site)) 0)"))
    s = g.new_initial_state()
    assert g.uses_stacks and s.stack == [()] * 5
    play(s, 2)
    assert sorted(m.to for m in s.legal_moves()) == [0, 1, 3, 4]


def test_a_line_down_the_pile_wins():
    s = ludeme.loads(PILES).new_initial_state()
    play(s, 0, 1, 0, 1)
    assert not s.is_terminal()
    play(s, 0)
    assert s.is_terminal() and s.winners() == [1]


def test_a_line_along_one_level_wins():
    s = ludeme.loads(PILES).new_initial_state()
    play(s, 0, 0, 1, 1)
    assert not s.is_terminal()
    play(s, 2)  # P1 holds level 0 of sites 0, 1 and 2
    assert s.is_terminal() and s.winners() == [1]


def test_a_line_climbing_one_level_per_site_wins():
    s = ludeme.loads(PILES).new_initial_state()
    play(s, 0, 1, 1, 2, 3, 2)
    assert not s.is_terminal()
    play(s, 2)  # P1 at site 0 level 0, site 1 level 1, site 2 level 2
    assert s.is_terminal() and s.winners() == [1]


def test_discs_at_different_levels_are_no_line():
    s = ludeme.loads(PILES).new_initial_state()
    play(s, 0, 1, 1, 3, 2)  # P1 at levels 0, 1, 0 of sites 0, 1, 2
    assert not s.is_terminal()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 99), max_size=14), st.lists(st.integers(0, 4), max_size=4))
def test_the_hash_follows_every_push_and_pop(choices, pops):
    g = ludeme.loads(PILES)
    s = g.new_initial_state()
    for k in choices:
        if s.is_terminal():
            break
        moves = s.legal_moves()
        s.apply(moves[k % len(moves)])
        assert s.hash == g._full_hash(s)
    for x in pops:
        before = heights(s)[x]
        g.clear_site(s, x)  # takes the top disc off
        assert heights(s)[x] == max(before - 1, 0)
        assert s.hash == g._full_hash(s)


def test_the_hash_tells_piles_apart_by_their_order():
    g = ludeme.loads(PILES)
    a, b = g.new_initial_state(), g.new_initial_state()
    play(a, 0, 0, 1, 1)  # site 0: P1 under P2; site 1 the same
    play(b, 1, 1, 0, 0)
    assert a.stack == b.stack and a.hash == b.hash
    c = g.new_initial_state()
    play(c, 1, 0, 0, 1)  # site 0: P2 under P1
    assert c.stack != a.stack and c.hash != a.hash


def test_setting_a_piece_replaces_the_whole_pile():
    from ludeme.runtime.position import position, set_piece

    g = ludeme.loads(PILES)
    s = g.new_initial_state()
    play(s, 0, 0, 0)
    label = g.board.labels[0]
    set_piece(s, label, "Disc2")
    assert heights(s)[0] == 1 and s.what[0] == 2 and s.hash == g._full_hash(s)
    p = position(g, {label: "Disc1"})
    assert p.stack == [()] * 5 and heights(p) == [1, 0, 0, 0, 0]
