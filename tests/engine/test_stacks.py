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


# -- stacking games: piles placed at the start, moves of the top piece, captures of it --

# sheep start piled on the centre; a wolf steps or hops a sheep, taking the top one
HERD = """
(game "Herd"
  (players 2)
  (equipment {
    (board (square 3) use:Vertex)
    (piece "Sheep" P1 (move Step (to if:(is Empty (to)))))
    (piece "Wolf" P2 (or (move Step (to if:(is Empty (to))))
                         (move Hop (between if:(is Enemy (who at:(between)))
                                            (apply (remove (between))))
                                   (to if:(is Empty (to))))))
  })
  (rules
    (start { (place Stack "Sheep1" 4 count:3) (place "Wolf2" 3) })
    (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Win)))))
"""


def move(s, frm: int, to: int) -> None:
    (m,) = [m for m in s.legal_moves() if (m.frm, m.to) == (frm, to)]
    s.apply(m)


def pile(s, x: int) -> tuple[int, ...]:
    return (*s.stack[x], s.what[x]) if s.what[x] else ()


def test_place_stack_piles_the_count_on_the_site():
    g = ludeme.loads(HERD)
    s = g.new_initial_state()
    assert g.uses_stacks and pile(s, 4) == (1, 1, 1) and pile(s, 3) == (2,)
    assert s.hash == g._full_hash(s)


def test_a_step_takes_the_top_piece_and_a_hop_captures_only_the_top_piece():
    g = ludeme.loads(HERD)
    s = g.new_initial_state()
    # every sheep of the pile could step: the moves are those of the top one, once
    assert sorted((m.frm, m.to) for m in s.legal_moves()) == [(4, 1), (4, 5), (4, 7)]
    move(s, 4, 1)
    assert pile(s, 4) == (1, 1) and pile(s, 1) == (1,)
    move(s, 3, 5)  # the wolf hops the pile from 3 to 5
    assert pile(s, 4) == (1,) and pile(s, 5) == (2,) and pile(s, 3) == ()
    assert s.hash == g._full_hash(s)


def test_a_piece_steps_onto_a_pile_and_tops_it():
    g = ludeme.loads(HERD.replace("(move Step (to if:(is Empty (to))))",
                                  "(move Step (to if:(not (is Enemy (who at:(to))))))", 1))
    s = g.new_initial_state()
    move(s, 4, 1)
    move(s, 3, 0)
    move(s, 4, 1)  # the next sheep of the pile joins the first: no capture
    assert pile(s, 1) == (1, 1) and pile(s, 4) == (1,)
    assert s.hash == g._full_hash(s)


STACKS = """
(game "Towers"
  (players 2)
  (equipment {
    (board (rectangle 1 5))
    (piece "Disc" Each (move Step E stack:True (to if:True)))
  })
  (rules
    (start { (place Stack "Disc1" (sites {0 2}) counts:{2 1}) (place Stack "Disc2" 1)
             (place Stack items:{"Disc2" "Disc1"} 4) })
    (play (forEach Piece <top>))
    (end (if (>= (size Stack in:(sites Occupied by:Mover top:False)) 9)
             (result Mover Win)))))
"""


def towers(top: str = ""):
    return ludeme.loads(STACKS.replace("<top>", top))


def test_counts_and_items_build_the_piles_bottom_first():
    s = towers().new_initial_state()
    assert [pile(s, x) for x in range(5)] == [(1, 1), (2,), (1,), (), (2, 1)]


def test_stack_true_moves_the_whole_pile_onto_the_next():
    g = towers()
    s = g.new_initial_state()
    move(s, 0, 1)
    assert pile(s, 0) == () and pile(s, 1) == (2, 1, 1)
    assert s.hash == g._full_hash(s)


def test_every_piece_of_a_pile_makes_moves_unless_top_true():
    s = towers().new_initial_state()
    s.apply([m for m in s.legal_moves() if m.frm == 2][0])  # P1: 2 -> 3
    # P2 owns the bottom of site 4 under P1's disc, and site 1
    assert sorted(m.frm for m in s.legal_moves()) == [1]  # site 4 has no E neighbour
    s = towers().new_initial_state()
    s.apply([m for m in s.legal_moves() if m.frm == 0][0])  # P1: the pile 0 -> 1
    # site 1 is (2, 1, 1): P2's disc at the bottom still moves the pile, site 4 none
    assert sorted(m.frm for m in s.legal_moves()) == [1]
    s = towers("top:True").new_initial_state()
    s.apply([m for m in s.legal_moves() if m.frm == 0][0])
    assert s.legal_moves()[0].kind == "pass"  # no pile of P2's is topped by P2


LEVELS = """
(game "Levels"
  (players 2)
  (equipment {
    (board (rectangle 1 4))
    (piece "Disc" Each (move (from (from) level:(level)) (to (ahead (from) E))))
  })
  (rules
    (start { (place Stack items:{"Disc1" "Disc2" "Disc1"} 0) })
    (play (forEach Piece))
    (end (if (= (what at:1 level:0) (id "Disc" P1)) (result Mover Win)))))
"""


def test_level_moves_the_piece_from_inside_the_pile():
    g = ludeme.loads(LEVELS)
    s = g.new_initial_state()
    moves = s.legal_moves()
    assert sorted((m.frm, m.to, m.extra) for m in moves) == [(0, 1, 0), (0, 1, 2)]
    s.apply([m for m in moves if m.extra == 0][0])  # the bottom disc leaves
    assert pile(s, 0) == (2, 1) and pile(s, 1) == (1,)
    assert s.hash == g._full_hash(s) and s.is_terminal()


TOPS = """
(game "Tops"
  (players 2)
  (equipment { (board (rectangle 1 3)) (piece "Disc" Each) })
  (rules
    (start { (place Stack items:{"Disc1" "Disc2" "Disc2"} 1) })
    (play (move Add (to (sites Board) if:(< (topLevel at:(to)) 2)) stack:True))
    (end (if (= (who at:1 level:1) (who at:0)) (result Mover Win)))))
"""


def test_top_level_and_levels_of_what_and_who():
    g = ludeme.loads(TOPS)
    s = g.new_initial_state()
    # (topLevel) is 2 on the pile of three, 0 on an empty site: the pile takes no more
    assert sorted(m.to for m in s.legal_moves()) == [0, 2]
    move(s, -1, 0)  # P1 adds on site 0: its owner is not that of level 1 of the pile
    assert not s.is_terminal()
    move(s, -1, 0)  # P2 tops site 0: (who at:0) is P2, as is level 1 of site 1
    assert s.is_terminal() and s.winners() == [2]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 99), max_size=30))
def test_the_hash_follows_stacking_moves_and_captures(choices):
    for text in (HERD, STACKS.replace("<top>", ""), LEVELS):
        g = ludeme.loads(text)
        s = g.new_initial_state()
        for k in choices:
            if s.is_terminal():
                break
            moves = s.legal_moves()
            t = s.clone()
            s.apply(moves[k % len(moves)])
            assert s.hash == g._full_hash(s)
            assert t.hash == g._full_hash(t)  # the copy kept its own piles


COVER = """
(game "Cover" (players 2)
  (equipment {(board (rectangle 1 4)) (piece "Disc" Each (move Step E (to if:True)))})
  (rules
    (start {(place Stack "Disc1" 0 count:2) (place Stack "Disc2" 1)})
    (play (forEach Piece))
    (end {(if (= (count Pieces Next) 0) (result Mover Win))
          (if (= (count Pieces Mover) 2) (result Next Win))})))
"""


def test_count_pieces_counts_every_level_of_the_stacks():
    # as the real Ludii plays it (run.sh trace: Move:0->1, winner 2): the disc stepping
    # onto the enemy's covers it, which still counts; the mover's two discs count two
    g = ludeme.loads(COVER)
    s = g.new_initial_state()
    move(s, 0, 1)
    assert pile(s, 1) == (2, 1) and pile(s, 0) == (1,)
    assert s.is_terminal() and s.winners() == [2]
