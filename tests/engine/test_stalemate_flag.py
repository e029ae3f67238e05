"""Ludii's per-player stalemate flag: ``(no Moves P1)`` reads P1's flag, set when P1
passes having no legal move and cleared by any other move of P1; ``(no Moves Next)``
works it out for the player to move and leaves it set for later end rules."""

from __future__ import annotations

import pytest

import ludeme

# P1's single piece steps right along a row of 4 cells; P2 only passes. P1 is stuck
# once its piece reaches d1.
HUNT = """
(game "Stuck"
    (players 2)
    (equipment { (board (rectangle 1 4))
                 (piece "Ball" P1 (move Step E (to if:(is Empty (to)))))
                 (piece "Ball" P2) })
    (rules
        (start (place "Ball1" "a1"))
        (play (or (forEach Piece) (if (is Mover P2) (move Pass))))
        (end (if (no Moves P1) (result P2 Win)))
    )
)
"""


def _play(s, text):
    s.apply(s.parse_move(text))


def test_a_player_flag_is_set_only_when_it_passes_stuck():
    g = ludeme.loads(HUNT)
    s = g.new_initial_state()
    for step in ("a1-b1", "pass", "b1-c1", "pass", "c1-d1", "pass"):
        _play(s, step)
        assert not s.is_terminal()
    # P1 cannot move: its only move is the pass Ludii inserts; once it has made it,
    # its flag is up and the end rule gives the win to P2
    assert s.legal_moves() == [g.auto_pass_move]
    s.apply(g.auto_pass_move)
    assert s.is_terminal()
    assert s.returns() == [-1.0, 1.0]


def test_no_moves_next_sets_the_flag_later_rules_read():
    """(no Moves P1) alone waits for P1's pass (see above); a (no Moves Next) before it
    works P1's flag out after P2's move, and the rule after it sees it set."""
    asks = HUNT.replace("(end (if (no Moves P1) (result P2 Win)))",
                        "(end { (if (and (no Moves Next) (= 1 0)) (result P1 Win)) "
                        "(if (no Moves P1) (result P2 Win)) })")
    g = ludeme.loads(asks)
    s = g.new_initial_state()
    for step in ("a1-b1", "pass", "b1-c1", "pass", "c1-d1"):
        _play(s, step)
        assert not s.is_terminal()
    _play(s, "pass")
    assert s.is_terminal()
    assert s.returns() == [-1.0, 1.0]


def test_a_pass_the_rules_give_does_not_set_the_flag():
    """A player whose rules give it a pass has a move: passing does not stalemate it."""
    g = ludeme.loads(HUNT.replace("(no Moves P1) (result P2 Win)",
                                  "(no Moves P2) (result P1 Win)"))
    s = g.new_initial_state()
    _play(s, "a1-b1")
    _play(s, "pass")
    assert not s.is_terminal()


def test_no_moves_of_a_set_of_players_is_an_error():
    with pytest.raises(ludeme.LudemeError, match="asks about one player"):
        ludeme.loads(HUNT.replace("(no Moves P1)", "(no Moves All)"))


def test_no_moves_prev_before_anyone_moved_is_false():
    """During the first move's end rules the previous player is nobody (0)."""
    g = ludeme.loads(HUNT.replace("(no Moves P1)", "(no Moves Prev)"))
    s = g.new_initial_state()
    _play(s, "a1-b1")
    assert not s.is_terminal()
