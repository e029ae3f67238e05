"""Speed-ups of flanking placements, flips and custodial captures (issue 14, Reversi and
Tablut) checked against the plain paths they replace: a part of the compiler replaced
by a plainer one compiles the same description another way, and both must give the same
legal moves, positions and results along seeded random games and on random fillings of
the board."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import bitlines
from ludeme.ludemes.effects import captures
from tests.engine.test_speedups import (
    DISCS,
    FLANKS,
    RUNS,
    WITHIN,
    agree_along_games_and_fillings,
    compiled_with,
    legal,
    under_true_if,
)


def _whole(effect) -> tuple:
    """``captures._steps`` for an oracle: an ``(allCombinations ...)`` called whole, its
    parts not called one by one."""
    return (effect,)


_FLAGS = {"flat_effects": (captures, "_steps")}


def compiled(text: str, **flags):
    """The game compiled afresh with the named switches set for the compilation only."""
    return compiled_with(_FLAGS, text, **flags)


# -- (forEach Site <region> ...) reading the flanking sites as a bit set ----------------------

@pytest.mark.parametrize("text,pieces", [
    (DISCS.format(board="(square 6)", dirs="Adjacent", limit="", p1='"c3" "d4"',
                  p2='"c4" "d3"'), ("Disc0",)),
    (DISCS.format(board="(rectangle 5 7)", dirs="Orthogonal", limit="(max 2)",
                  p1='"c3" "d4" "b2"', p2='"c4" "d3" "e5"'), ("Disc0",)),
    (FLANKS.format(board="(square 7)", dirs="Diagonal", region="(sites Board)", then="",
                   p1='"c3" "d4" "e5"', p2='"c4" "d3" "e4"'), ("Stone1", "Stone2")),
    (FLANKS.format(board="(square 6)", dirs="Adjacent",
                   region="(difference (sites Empty) (sites Corners))", then="",
                   p1='"c3" "d4"', p2='"c4" "d3"'), ("Stone1", "Stone2")),
    (RUNS.format(board="(square 5)", dirs="Adjacent", limit="(max 2)", p1='"b2" "c3"',
                 p2='"c2" "d4"'), ("Stone1", "Stone2")),
])
def test_flanking_sites_read_from_a_bit_set(text, pieces, monkeypatch):
    read = []
    real = bitlines.site_lister

    def counted(n):
        sites = real(n)

        def count(bits):
            read.append(bits)
            return sites(bits)
        return count

    monkeypatch.setattr(bitlines, "site_lister", counted)
    fast = compiled(text)
    monkeypatch.setattr(bitlines, "site_lister", real)
    # against every site's list made with the context bound (the generator under an
    # (if ...) that hides its one move per site)
    slow = compiled(under_true_if(text, "(append"))
    discs = pieces == ("Disc0",)
    assert agree_along_games_and_fillings(fast, slow, pieces, seed=len(text),
                                          games=10 if discs else 6,
                                          fillings=0 if discs else 60) > 100
    assert any(read)  # the bit sets answered


# -- the effect on each enclosed site: (allCombinations ...)'s parts called in turn, and
# (flip ...) turning the disc and keeping the hash itself ---------------------------------

def same_positions_along_games(fast, slow, seed: int, games: int = 8) -> int:
    """Play the same random moves in both games: the same legal moves, the same sites,
    state values, scores and hash (the fast game's hash also checked against one worked
    out from scratch) at every ply; returns the plies compared."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            moves = sorted(legal(a))
            assert moves == sorted(legal(b))
            assert (a.what, a.site_state, a.score, a.hash) == \
                (b.what, b.site_state, b.score, b.hash)
            assert a.hash == fast._full_hash(a)
            m = moves[rng.randrange(len(moves))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
            plies += 1
        assert b.is_terminal() and a.returns() == b.returns()
    return plies


@pytest.mark.parametrize("board,dirs,limit,flag", [
    ("(square 6)", "Adjacent", "", "flat_effects"),
    ("(rectangle 5 7)", "Orthogonal", "(max 2)", "flat_effects"),
])
def test_flips_on_enclosed_sites_as_before(board, dirs, limit, flag):
    text = DISCS.format(board=board, dirs=dirs, limit=limit, p1='"c3" "d4"', p2='"c4" "d3"')
    fast, slow = compiled(text), compiled(text, **{flag: _whole})
    assert same_positions_along_games(fast, slow, seed=len(board) + len(limit)) > 100


@pytest.mark.parametrize("board,dirs,limit", [
    ("(square 6)", "Adjacent", ""),
    ("(hex 4)", "Adjacent", "(max 3)"),
])
def test_flips_as_the_state_set(board, dirs, limit):
    # (flip (between)) turns a disc's state 1 <-> 2 as (set State ...) of 3 - the state
    # does (through Game.set_site_state): the same states and hashes along the games
    text = DISCS.format(board=board, dirs=dirs, limit=limit, p1='"c3" "d4"', p2='"c4" "d3"')
    flipped = text.replace("(flip (between))",
                           "(set State at:(between) (- 3 (state at:(between))))")
    assert flipped != text
    fast, slow = compiled(text), compiled(flipped)
    assert same_positions_along_games(fast, slow, seed=len(board) + len(limit)) > 100


def test_allcombinations_parts_are_called_in_turn(monkeypatch):
    text = DISCS.format(board="(square 6)", dirs="Adjacent", limit="", p1='"c3" "d4"',
                        p2='"c4" "d3"')
    split = []
    real = captures._steps
    monkeypatch.setattr(captures, "_steps", lambda e: split.append(real(e)) or split[-1])
    compiled(text)
    assert max(len(steps) for steps in split) == 2  # the add and the flip


# -- (add ... (to <one site>)) without a one-site region ------------------------------------

@pytest.mark.parametrize("text", [
    DISCS.format(board="(square 6)", dirs="Adjacent", limit="", p1='"c3" "d4"',
                 p2='"c4" "d3"'),
    FLANKS.format(board="(square 6)", dirs="Orthogonal", region="(sites Empty)",
                  then="(then (add (piece (id \"Stone\" Mover)) (to (last To))))",
                  p1='"c3" "d4"', p2='"c4" "d3"'),
])
def test_add_to_one_site_as_before(text):
    # against the add to a region of that one site (no one_site known)
    region = text.replace("(to (site))", "(to (sites {(site)}))").replace(
        "(to (last To))", "(to (sites {(last To)}))")
    assert region != text
    fast, slow = compiled(text), compiled(region)
    assert same_positions_along_games(fast, slow, seed=len(text), games=6) > 60


# -- (is Within <piece> in:<fixed region>) read from the piece's kept sites ------------------

# a king that slides home to the edge past flanking guards (captures drop the kept
# occupancy, so both ways of answering are asked along a game)
ESCAPE = """(game "Escape" (players 2)
  (equipment {{(board (square {size}))
    (piece "Guard" Each (move Slide Orthogonal
        (then (custodial (from (last To)) Orthogonal (between (max 1) if:(is Enemy (who at:(between)))
            (apply (remove (between)))) (to if:(is Friend (who at:(to))))))))
    (piece "King" P2 (move Slide Orthogonal (to (apply if:(!= (to) (centrePoint))))))}})
  (rules
    (start {{(place "Guard1" {{{p1}}}) (place "Guard2" {{{p2}}}) (place "King2" (centrePoint))}})
    (play (forEach Piece))
    (end {{(if (is Within (id "King2") in:{region}) (result P2 Win))
           (if (>= (count Moves) 80) (result Mover Draw))}})))"""


@pytest.mark.parametrize("text", [
    WITHIN.format(region="(sites Outer)"),
    WITHIN.format(region="(sites Corners)"),
    WITHIN.format(region='(sites {"a1" "c5" "e3"})'),
    ESCAPE.format(size=7, region="(sites Outer)", p1='"a3" "a4" "g3" "g4" "c1" "e7"',
                  p2='"c4" "e4" "d3" "d5"'),
    ESCAPE.format(size=9, region="(sites Corners)", p1='"a4" "a5" "i4" "i5" "e1" "e9"',
                  p2='"c5" "g5" "e3" "e7"'),
])
def test_within_read_from_the_kept_sites_as_from_the_board(text):
    # against the same sites worked out on the position (not a fixed region)
    region = text[text.index("in:") + 3:text.index(") (result P2 Win)")]
    worked_out = text.replace(f"in:{region})", f"in:(difference {region} (sites Empty)))")
    assert worked_out != text
    fast, slow = compiled(text), compiled(worked_out)
    assert agree_along_games_and_fillings(fast, slow, ("Pawn1", "Pawn2", "Guard1", "Guard2"),
                                          seed=len(text), games=12, fillings=0) > 60


def test_within_answers_from_the_kept_sites_where_they_are_kept():
    text = ESCAPE.format(size=7, region="(sites Outer)", p1='"a3" "g4"', p2='"c4"')
    g = compiled(text)
    s = g.new_initial_state()
    s.legal_moves()  # the listing makes the occupancy; the slides keep it
    king = g.pieces.names.index("King2")
    home = [m for m in s.legal_moves() if m.piece != king]
    s.apply(home[0])  # P1 moves: the king is still in the centre
    assert s.occ is not None and not s.is_terminal()
    out = [m for m in s.legal_moves() if m.piece == king and g.board.site("d7") == m.to]
    s.apply(out[0])  # the king reaches the edge, the occupancy kept
    assert s.occ is not None and s.placed[king] == 1 << g.board.site("d7")
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
