"""``(is Threatened ...)`` as Ludii works it out, ``(forEach Piece <role>)``, and the
castling slide ``(move Slide ... (between (exact n) if:...))``, on small positions
written for these tests."""

from __future__ import annotations

import pytest

import ludeme

# Kings and rooks on a 5x5 board; a move may not leave the mover's king threatened;
# the game is won by a threat to the next king that it cannot escape (checkmate).
CHECKS = """
(game "Checks"
    (players {(player N) (player S)})
    (equipment {
        (board (square 5))
        (piece "King" Each (move Step (to if:(or (is Empty (to)) (is Enemy (who at:(to))))
                                        (apply (remove (to))))))
        (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
                                                     (apply (remove (to))))))
    })
    (rules
        (start { (place "King1" "a1") (place "Rook1" "e2") (place "King2" "c5") })
        (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))))
        (end {
            (if (and (is Threatened (id "King" Next))
                     (not (can Move (do (forEach Piece Next)
                                        ifAfterwards:(not (is Threatened (id "King" Next)))))))
                (result Mover Win))
        })
    )
)
"""


def _moves(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def _play(s, *moves):
    for text in moves:
        s.apply(s.parse_move(text))


def test_a_king_may_not_step_onto_a_threatened_site():
    g = ludeme.loads(CHECKS)
    s = g.new_initial_state()
    _play(s, "e2-e4")           # the rook holds the fourth row
    kings = {m for m in _moves(s) if m.startswith("c5")}
    # c4, b4 and d4 are on the rook's row; b5 and d5 are safe
    assert kings == {"c5-b5", "c5-d5"}


def test_a_king_may_take_the_piece_threatening_it_unless_it_is_defended():
    g = ludeme.loads(CHECKS)
    s = g.new_initial_state()
    _play(s, "e2-d2", "c5-c4", "d2-d4")     # the rook next to the king, undefended
    # b4 (behind the king on the rook's row), d3 and d5 (its file) are threatened
    assert _moves(s) == {"c4-b3", "c4-b5", "c4-c3", "c4-c5", "c4-d4"}
    g = ludeme.loads(CHECKS.replace('(place "King1" "a1")', '(place "King1" "e3")'))
    s = g.new_initial_state()
    _play(s, "e2-d2", "c5-c4", "d2-d4")     # now the king on e3 defends it
    assert _moves(s) == {"c4-b3", "c4-b5", "c4-c3", "c4-c5"}


def test_a_move_that_exposes_the_king_is_not_legal():
    # the black rook on c3 stands between the white rook on c1 and its king on c5
    desc = CHECKS.replace('(place "Rook1" "e2")', '(place "Rook1" "c1") (place "Rook2" "c3")')
    g = ludeme.loads(desc)
    s = g.new_initial_state()
    _play(s, "a1-a2")
    rook = {m for m in _moves(s) if m.startswith("c3")}
    # it may move along the c file (or take on c1), never off it
    assert rook == {"c3-c2", "c3-c1", "c3-c4"}


def test_checkmate_ends_the_game_and_a_check_with_an_escape_does_not():
    g = ludeme.loads(CHECKS.replace('(place "King2" "c5")', '(place "King2" "a5")')
                     .replace('(place "King1" "a1")', '(place "King1" "a3")'))
    s = g.new_initial_state()
    _play(s, "e2-e5")       # check along the fifth row; a4 and b4 are covered by the king
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    g = ludeme.loads(CHECKS.replace('(place "King2" "c5")', '(place "King2" "a5")'))
    s = g.new_initial_state()
    _play(s, "e2-e5")       # the king on a1 does not cover a4 or b4: the king escapes
    assert not s.is_terminal()
    assert _moves(s) == {"a5-a4", "a5-b4"}


def test_at_asks_about_another_site_and_a_piece_off_the_board_is_not_threatened():
    desc = CHECKS.replace("(not (is Threatened (id \"King\" Mover)))",
                          "(not (is Threatened (id \"King\" Mover) at:(last To)))")
    g = ludeme.loads(desc)
    s = g.new_initial_state()
    _play(s, "e2-e4")
    # the destination of each move is asked about: the same moves as above for the king
    assert {m for m in _moves(s) if m.startswith("c5")} == {"c5-b5", "c5-d5"}
    nothing = CHECKS.replace('(place "King2" "c5")', "")
    g = ludeme.loads(nothing.replace("(id \"King\" Mover)", "(id \"Rook\" Mover)"))
    s = g.new_initial_state()
    _play(s, "e2-e4")
    assert not s.is_terminal()


def test_threats_from_the_moves_given():
    """With moves given, those are the enemy's: here only its king's steps count."""
    desc = CHECKS.replace("(not (is Threatened (id \"King\" Mover)))",
                          "(not (is Threatened (id \"King\" Mover) (forEach Piece \"King\")))")
    g = ludeme.loads(desc)
    s = g.new_initial_state()
    _play(s, "e2-e4")
    # the rook's row no longer counts: every step of the black king is legal
    assert {m for m in _moves(s) if m.startswith("c5")} == {
        "c5-b5", "c5-d5", "c5-b4", "c5-c4", "c5-d4"}


def test_for_each_piece_of_another_player():
    """(forEach Piece Next) lists the next player's moves, as that player makes them."""
    g = ludeme.loads(CHECKS.replace(
        "(play (do (forEach Piece) ifAfterwards:(not (is Threatened (id \"King\" Mover)))))",
        "(play (forEach Piece Next))"))
    s = g.new_initial_state()
    # P1 to move, but the moves are P2's king's: steps from c5
    assert _moves(s) == {"c5-b5", "c5-d5", "c5-b4", "c5-c4", "c5-d4"}


def test_castling_slide_exactly_two_over_empty_sites():
    desc = """
    (game "Castle"
        (players 2)
        (equipment { (board (rectangle 1 6))
                     (piece "King" P1) (piece "Rook" P1) (piece "Pawn" P2) })
        (rules
            (start { (place "King1" "a1") (place "Pawn2" "f1") })
            (play (move Slide (from (where "King" P1)) E
                        (between (exact 2) if:(is Empty (to)))))
            (end (if (no Moves Next) (result Mover Win)))))
    """
    g = ludeme.loads(desc)
    s = g.new_initial_state()
    assert _moves(s) == {"a1-c1"}          # exactly two sites, not one
    blocked = ludeme.loads(desc.replace('(place "Pawn2" "f1")', '(place "Pawn2" "b1")'))
    assert blocked.new_initial_state().legal_moves() == [blocked.auto_pass_move]


def test_a_set_of_players_for_for_each_piece_is_an_error():
    with pytest.raises(ludeme.LudemeError, match="one player"):
        ludeme.loads(CHECKS.replace("(forEach Piece Next)", "(forEach Piece All)"))


def test_reaches_agrees_with_the_moves_listed():
    """(forEach Piece)'s canMoveTo, which skips pieces that cannot get to a site,
    answers as listing every move would, along random games (with pawns facing each
    other, whose moves are steps with conditions and consequences)."""
    import random

    desc = CHECKS.replace(
        '(piece "Rook" Each',
        '(piece "Pawn" Each (or (move Step Forward (to if:(is Empty (to)))) '
        '(move Step (directions {FR FL}) (to if:(is Enemy (who at:(to))) '
        '(apply (remove (to))))) (then (set Counter))))\n        (piece "Rook" Each'
    ).replace('(place "King2" "c5")', '(place "King2" "c5") (place "Pawn1" {"b2" "d2"}) '
              '(place "Pawn2" {"b4" "d4"})').replace(
        '(play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))))',
        '(play (forEach Piece))')
    g = ludeme.loads(desc)
    phase = g.phases[0]
    rng = random.Random(7)
    checked = 0
    for _ in range(6):
        s = g.new_initial_state()
        while not s.is_terminal() and s.ply < 40:
            listed = {m.to for m in phase.generate(s)}
            for site in range(g.board.n_sites):
                assert phase.reaches(s, site) == (site in listed)
                checked += 1
            s.apply(rng.choice(s.legal_moves()))
    assert checked > 500
