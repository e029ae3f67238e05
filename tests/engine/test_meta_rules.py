"""``(meta (swap))``: the swap rule as Ludii plays it, on a small placement game."""

from __future__ import annotations

import ludeme


def make(meta: str):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 3)) (piece "Disc" Each)}})
            (rules {meta}
                (play (move Add (to (sites Empty))))
                (end (if (is Line 3) (result Mover Win)))))""", file="test.lud")


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_swap_is_offered_on_the_second_move_only():
    g = make("(meta (swap))")
    s = g.new_initial_state()
    assert "swap" not in texts(s)
    s.apply(s.parse_move("b2"))
    assert s.current_player() == 2
    assert texts(s) == sorted(["swap", "a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"])
    s.apply(s.parse_move("a1"))
    assert "swap" not in texts(s)


def test_swap_is_offered_with_no_repeat_too():
    """The swap leaves the board as it is, yet it is no repetition: it changes which side
    each player has (Ludii keeps it under (noRepeat))."""
    g = make("(meta {(swap) (noRepeat)})")
    s = g.new_initial_state()
    s.apply(s.parse_move("b2"))
    assert "swap" in texts(s)


def test_after_the_swap_the_second_side_moves_again_and_the_board_is_unchanged():
    g = make("(meta (swap))")
    s = g.new_initial_state()
    s.apply(s.parse_move("b2"))
    before = s.board()
    s.apply(s.parse_move("swap"))
    assert s.board() == before
    assert s.current_player() == 2
    assert "swap" not in texts(s)
    s.apply(s.parse_move("a1"))
    assert s.current_player() == 1
    assert s.board() == {"b2": "Disc1", "a1": "Disc2"}


def test_without_meta_or_with_swap_false_there_is_no_swap():
    for meta in ("", "(meta (swap False))"):
        s = make(meta).new_initial_state()
        s.apply(s.parse_move("b2"))
        assert "swap" not in texts(s)
        assert len(s.legal_moves()) == 8


def test_no_moves_mover_holds_after_a_forced_pass():
    # P1 may only place on the first row: once it is full P1 is stuck and passes
    g = ludeme.loads("""
        (game "Test" (players 2)
            (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules (play (if (is Mover P1) (move Add (to (intersection (sites Empty)
                                                                     (sites Row 0))))
                             (move Add (to (intersection (sites Empty) (sites Row 2))))))
                   (end (if (no Moves Mover) (result Mover Loss)))))""", file="test.lud")
    s = g.new_initial_state()
    for move in ("a1", "a3", "b1", "b3", "c1"):
        s.apply(s.parse_move(move))
        assert not s.is_terminal()
    s.apply(s.parse_move("c3"))
    assert not s.is_terminal()
    assert [s.move_to_string(m) for m in s.legal_moves()] == ["pass"]
    s.apply(s.legal_moves()[0])
    assert s.returns() == [-1.0, 1.0]
