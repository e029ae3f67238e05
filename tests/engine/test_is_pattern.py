"""``(is Pattern {F R F R F R F})``: a walk of steps and turns from a site, in any
orthogonal direction, that must find the same piece (or the pieces listed) all along."""

from __future__ import annotations

import pytest

import ludeme

SQUARE = "{F R F R F R F}"


def _holds(cond: str, discs: list[str], others: tuple[str, ...] = ()) -> bool:
    places = " ".join(f'(place "Disc1" "{x}")' for x in discs)
    places += " ".join(f'(place "Disc2" "{x}")' for x in others)
    g = ludeme.loads(f"""(game "Walks" (players 2)
      (equipment {{(board (square 4)) (piece "Disc" Each)}})
      (rules (start {{{places}}})
        (play (move Add (to (sites Empty))))
        (end (if {cond} (result Mover Win)))))""")
    state = g.new_initial_state()
    state.apply(state.legal_moves()[0])  # the end rule is read after a move
    return state.is_terminal()


@pytest.mark.parametrize(("discs", "found"), [
    (["A1", "B1", "A2", "B2"], True),
    (["B2", "C2", "B3", "C3"], True),
    (["A1", "B1", "A2"], False),
    (["A1", "B1", "C1", "D1"], False),
])
def test_square_from_a_corner(discs, found):
    assert _holds(f'(is Pattern {SQUARE} from:(coord "A1"))' if "A1" in discs
                  else f'(is Pattern {SQUARE} from:(coord "B2"))', discs) is found


def test_a_line_walk_and_the_pieces_in_turn():
    # F F from A1: three in a row, whichever orthogonal way
    assert _holds('(is Pattern {F F} from:(coord "A1"))', ["A1", "A2", "A3"])
    assert not _holds('(is Pattern {F F} from:(coord "A1"))', ["A1", "A2"], ("A3",))
    # whats: alternate pieces along the walk (Disc1 is piece 1, Disc2 piece 2)
    assert _holds('(is Pattern {F F} from:(coord "A1") whats:{1 2})', ["A1", "C1"], ("B1",))
    assert not _holds('(is Pattern {F F} from:(coord "A1") whats:{1 2})', ["A1", "B1", "C1"])
