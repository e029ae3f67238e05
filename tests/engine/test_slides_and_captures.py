"""(move Slide ...), (custodial ...), (surround ...) and pieces with their own moves on
small descriptions: the forms the tafl games do not use (a line of several enclosed
pieces as in Hasami Shogi, capture by landing as a chess rook does, a limited or
obstructed slide, surround with except:, rules that read more than their own site)."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.position import position


def make(play: str, pieces: str = '(piece "Stone" Each)', size: int = 5, extra: str = ""):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square {size})) {pieces} {extra}}})
            (rules (play {play}) (end (if (no Moves Next) (result Mover Win))))
        )""", file="test.lud")


def at(g, layout: dict[str, str], mover: int = 1):
    return position(g, {sq: f"Stone{p}" for sq, p in layout.items()}, mover)


def moves(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


HASAMI = ('(move Slide Orthogonal then:(custodial (from (last To)) Orthogonal '
          '(between if:(is Enemy (who at:(between))) (apply (remove (between)))) '
          '(to if:(is Friend (who at:(to))))))')


def test_custodial_without_a_limit_takes_a_whole_line():
    g = make(HASAMI)
    s = at(g, {"a1": "1", "b1": "2", "c1": "2", "d1": "2", "e3": "1"})
    assert s.move_to_string(s.parse_move("e3-e1")) == "e3-e1xb1xc1xd1"
    s = at(g, {"a1": "1", "b1": "2", "c1": "2", "e3": "1"})
    assert s.move_to_string(s.parse_move("e3-e1")) == "e3-e1"      # d1 is empty: a gap
    s = at(g, {"b1": "2", "c1": "2", "d1": "2", "e3": "1"})
    assert s.move_to_string(s.parse_move("e3-e1")) == "e3-e1"      # the edge closes nothing


def test_custodial_limited_to_one_and_its_defaults():
    limited = make(HASAMI.replace("(between if:", "(between (max 1) if:"))
    s = at(limited, {"a1": "1", "b1": "2", "c1": "2", "d3": "1"})
    assert s.move_to_string(s.parse_move("d3-d1")) == "d3-d1"      # two in a row: no
    s = at(limited, {"b1": "1", "c1": "2", "d3": "1"})
    assert s.move_to_string(s.parse_move("d3-d1")) == "d3-d1xc1"
    plain = make("(move Slide Orthogonal then:(custodial))")       # every default: Adjacent
    s = at(plain, {"a1": "1", "b2": "2", "d3": "1"})
    assert s.move_to_string(s.parse_move("d3-c3")) == "d3-c3xb2"   # diagonals included


def test_slide_that_captures_by_landing_like_a_rook():
    g = make('(move Slide Orthogonal (to if:(is Enemy (who at:(to))) '
             '(apply (remove (to)))))')
    s = at(g, {"a1": "1", "a4": "2", "c1": "1"})
    got = moves(s)
    assert {"a1-a2", "a1-a3", "a1-a4", "a1-b1"} <= got and "a1-a5" not in got
    assert "a1-c1" not in got and "a1-d1" not in got                # own piece stops it
    s.apply(s.parse_move("a1-a4"))
    assert s.board() == {"a4": "Stone1", "c1": "Stone1"}


def test_slide_limited_and_obstructed_by_rules_on_the_sites_passed():
    limited = make("(move Slide Orthogonal (between (max 2)))")
    s = at(limited, {"a1": "1", "e5": "2"})
    assert moves(s) == {"a1-a2", "a1-a3", "a1-b1", "a1-c1"}
    walled = make("(move Slide Orthogonal (between if:(and (is Empty (between)) "
                  "(not (is In (between) (sites Centre))))))")
    s = at(walled, {"c1": "1", "e5": "2"})
    assert "c1-c2" in moves(s) and "c1-c3" not in moves(s) and "c1-c4" not in moves(s)


def test_slide_from_a_region_outside_forEach_piece():
    g = make("(move Slide (from (sites Row 0)) Orthogonal)")
    s = at(g, {"a1": "1", "a3": "1", "e5": "2"})
    assert {m.split("-")[0] for m in moves(s)} == {"a1"}


def test_pieces_carry_their_moves():
    g = make("(forEach Piece)", '(piece "Rook" Each (move Slide Orthogonal)) '
             '(piece "Pawn" Each (move Slide N (between (max 1))))')
    s = position(g, {"a1": "Rook1", "c1": "Pawn1", "e5": "Rook2"}, 1)
    got = moves(s)
    assert "c1-c2" in got and "c1-c3" not in got and "c1-d1" not in got
    assert {"a1-a5", "a1-b1"} <= got and "a1-c1" not in got
    with pytest.raises(LudemeError, match="no moves to play"):
        make("(forEach Piece)")


SURROUND = ('(move Slide Orthogonal then:(surround (from (last To)) Orthogonal '
            '(between if:{cond}) (to if:(is Friend (who at:(to)))) {extra}))')


@pytest.mark.parametrize("cond", [
    "(is Enemy (who at:(between)))",
    # also reads the move count: checked site by site instead of from a table
    "(and (is Enemy (who at:(between))) (>= (count Moves) 0))",
])
def test_surround_needs_every_side_or_all_but_except(cond):
    g = make(SURROUND.format(cond=cond, extra=""))
    s = at(g, {"c3": "2", "b3": "1", "d3": "1", "c4": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-c2")) == "e2-c2xc3"
    s = at(g, {"c3": "2", "b3": "1", "d3": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-c2")) == "e2-c2"     # c4 is open
    # as in Ludii, the edge encloses: a3 has three sides
    s = at(g, {"a3": "2", "a4": "1", "b3": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-a2")) == "e2-a2xa3"
    s = at(g, {"a3": "2", "a4": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-a2")) == "e2-a2"     # b3 is open
    # a piece that is safe on the edge says so
    safe = make(SURROUND.format(cond=f"(and {cond} (not (is In (between) (sites Outer))))",
                                extra=""))
    s = at(safe, {"a3": "2", "a4": "1", "b3": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-a2")) == "e2-a2"
    loose = make(SURROUND.format(cond=cond, extra="except:1"))
    s = at(loose, {"c3": "2", "b3": "1", "d3": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-c2")) == "e2-c2xc3"  # one side may be open
    s = at(loose, {"c3": "2", "b3": "1", "e2": "1"})
    assert s.move_to_string(s.parse_move("e2-c2")) == "e2-c2"     # but not two


def test_bad_move_parts_are_clear_errors():
    for play, msg in [
        ("(move Slide (between (max 0)))", "at least one site"),
        ("(move Slide (between (apply (remove (between)))))", "does not apply effects"),
        ("(move Slide then:(custodial (from (sites Board))))", "starts from one site"),
        ("(move Slide then:(surround except:-1))", "cannot be negative"),
        ("(move Slide then:(custodial (to (apply if:True))))", "take a condition"),
    ]:
        with pytest.raises(LudemeError, match=msg):
            make(play)
