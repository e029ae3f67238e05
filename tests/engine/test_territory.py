"""Go's vocabulary on hand-built positions: (enclose ...) captures groups without
liberties, (count Liberties ...), (do ... ifAfterwards:) trying a move with its
captures, (meta (noRepeat)) forbidding a recreated position (ko), (size Territory ...)
and (all Passed). The description is a small Go-like game written for these tests."""

import ludeme
from ludeme.runtime.position import position

GAME = """
(game "Stones"
    (players 2)
    (equipment { (board (square 5) use:Vertex) (piece "Ball" Each) })
    (rules
        (meta (noRepeat))
        (play
            (or
                (do (move Add (to (sites Empty))
                        (then
                            (enclose (from (last To)) Orthogonal
                                (between if:(is Enemy (who at:(between)))
                                    (apply (and (addScore Mover 1) (remove (between))))))))
                    ifAfterwards:(> (count Liberties Orthogonal) 0))
                (move Pass)))
        (end (if (all Passed)
                 (byScore {(score P1 (+ (score P1) (size Territory P1)))
                           (score P2 (+ (score P2) (size Territory P2)))})))))
"""

LEGEND = {"X": "Ball1", "O": "Ball2"}


def game():
    return ludeme.loads(GAME)


def at(g, pieces: dict[str, str], mover: int = 1):
    return position(g, {k: LEGEND[v] for k, v in pieces.items()}, mover=mover)


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def play(s, text: str) -> None:
    s.apply(s.parse_move(text))


def occupant(s, label: str) -> str:
    p = s.what[s.game.board.site(label)]
    return "." if not p else "XO"[s.game.pieces.owner[p] - 1]


def test_a_group_without_liberties_is_taken_and_scored():
    g = game()
    # O's stones b1 c1 have one liberty left, d1 (X holds a1, b2, c2)
    s = at(g, {"a1": "X", "b2": "X", "c2": "X", "b1": "O", "c1": "O"})
    play(s, "d1")
    assert occupant(s, "b1") == occupant(s, "c1") == "."
    assert s.score[1] == 2


def test_a_group_with_a_liberty_stays():
    g = game()
    s = at(g, {"b2": "X", "c2": "X", "b1": "O", "c1": "O"})
    play(s, "d1")
    assert occupant(s, "b1") == occupant(s, "c1") == "O"
    assert s.score[1] == 0


def test_two_groups_are_taken_by_one_stone():
    g = game()
    # c1 is the last liberty of O's b1 and of O's d1
    s = at(g, {"a1": "X", "b2": "X", "d2": "X", "e1": "X", "b1": "O", "d1": "O"})
    play(s, "c1")
    assert occupant(s, "b1") == occupant(s, "d1") == "."
    assert s.score[1] == 2


def test_suicide_is_illegal_unless_it_captures():
    g = game()
    # a1 has no liberty for O: illegal for O; for X it is an ordinary move
    s = at(g, {"a2": "X", "b1": "X"}, mover=2)
    assert "a1" not in legal(s)
    # the same point takes the X stone b1 (its last liberty): the capture gives a liberty
    s = at(g, {"a2": "X", "b1": "X", "c1": "O", "b2": "O"}, mover=2)
    assert "a1" in legal(s)
    play(s, "a1")
    assert occupant(s, "b1") == "."


def test_liberties_are_counted_for_the_whole_group():
    g = game()
    s = at(g, {"b2": "X", "c2": "X", "b3": "O"})
    play(s, "d2")  # the group b2 c2 d2: liberties a2 b1 c1 d1 e2 c3 d3 (b3 is O's)
    assert _liberties(g)(s) == 7
    play(s, "c3")  # O's stones b3 c3 (the last move): a3 b4 c4 d3
    assert _liberties(g)(s) == 4


def _liberties(g):
    """(count Liberties Orthogonal) compiled on ``g``'s board."""
    from ludeme.compile.compiler import CompileContext
    from ludeme.ludemes.numbers.groups import count_liberties

    c = CompileContext()
    c.board, c.pieces, c.game = g.board, g.pieces, g
    return count_liberties(c, g.board.directions["Orthogonal"]).fn


def test_ko_cannot_be_retaken_at_once():
    g = game()
    #   row 2:  .  X  O  .
    #   row 1:  X  O  .  O      X at c1 takes b1; O at b1 would take c1 back
    s = at(g, {"b2": "X", "a1": "X", "c2": "O", "b1": "O", "d1": "O"})
    play(s, "c1")                      # X takes b1
    assert occupant(s, "b1") == "."
    assert "b1" not in legal(s)        # O retaking would recreate the position before
    assert any(m.kind == "pass" for m in s.legal_moves())  # passing stays legal
    play(s, "e5")                      # O plays elsewhere (a ko threat)
    play(s, "e4")                      # X answers elsewhere
    assert "b1" in legal(s)            # now the position differs: O may retake
    play(s, "b1")
    assert occupant(s, "c1") == "."


def test_territory_is_counted_as_ludii_counts_it():
    g = game()
    size = _territory(g)
    # X walls in the corner a1 (site 0), O the corner e5 (the last site). Ludii 1.0.8
    # counts a1 for X; e5 is joined to the neighbours of every empty site before it,
    # which include X's stones, so it is not O's
    s = at(g, {"b1": "X", "a2": "X", "d5": "O", "e4": "O"})
    assert (size(s, 1), size(s, 2)) == (1, 0)
    # X's corner a1 a2 is joined to the empty sites c1, d1, ... before a2: no territory
    s = at(g, {"b1": "X", "b2": "X", "a3": "X", "e5": "O", "d5": "O", "e4": "O"})
    assert (size(s, 1), size(s, 2)) == (0, 0)
    empty = g.new_initial_state()
    assert size(empty, 1) == size(empty, 2) == 25


def _territory(g):
    from ludeme.compile.compiler import CompileContext
    from ludeme.compile.values import IntV
    from ludeme.ludemes.numbers.groups import size_territory

    c = CompileContext()
    c.board, c.pieces, c.game = g.board, g.pieces, g

    def size(s, player):
        return size_territory(c, IntV.of(player)).fn(s)

    return size


def test_two_passes_end_the_game_by_score():
    g = game()
    s = at(g, {"b1": "X", "b2": "X", "a3": "X"})
    s.score[1] = 1
    play(s, "Pass")
    assert not s.is_terminal()
    play(s, "Pass")
    assert s.is_terminal()
    # X: 1 + territory (no O stone anywhere: all 22 empty sites); O: 0
    assert s.returns() == [1.0, -1.0]


def test_size_group_counts_the_group_at_a_site():
    from ludeme.compile.compiler import CompileContext
    from ludeme.compile.values import SiteV
    from ludeme.ludemes.numbers.groups import size_group

    g = game()
    c = CompileContext()
    c.board, c.pieces, c.game = g.board, g.pieces, g
    orth = g.board.directions["Orthogonal"]
    s = at(g, {"a1": "X", "b1": "X", "b2": "X", "c3": "X", "a2": "O"})

    def size(label, directions=orth):
        x = g.board.site(label)
        return size_group(c, directions, at=SiteV(lambda s: x, x)).fn(s)

    assert size("a1") == 3            # a1 b1 b2; c3 touches b2 only diagonally
    assert size("c3") == 1
    assert size("a2") == 1            # O's stone: X's neighbours are not its group
    assert size("e5") == 25 - 5       # an empty site: the empty sites joined to it


def test_can_move_asks_whether_a_capture_rule_would_capture():
    g = ludeme.loads("""
        (game "No Capture" (players 2)
            (equipment { (board (square 5) use:Vertex) (piece "Ball" Each) })
            (rules (play (do (move Add (to (sites Empty)))
                             ifAfterwards:(not (can Move (enclose (from (last To))
                                                                  Orthogonal)))))
                   (end (if (no Moves Mover) (result Mover Loss)))))""")
    # O's b1 has one liberty left, c1: X may not take it, every other point is fine
    s = at(g, {"a1": "X", "b2": "X", "b1": "O"})
    assert "c1" not in legal(s)
    assert len(legal(s)) == 25 - 3 - 1
