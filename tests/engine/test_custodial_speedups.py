"""Speed-ups of flanking placements, flips and custodial captures (issue 14, Reversi and
Tablut) checked against the plain paths they replace: each module switch turned off
compiles the same description the old way, and both must give the same legal moves,
positions and results along seeded random games and on random fillings of the board."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import bitlines
from ludeme.ludemes.containers import site_states
from ludeme.ludemes.effects import add, captures
from ludeme.ludemes.moves import foreach
from tests.engine.test_speedups import (
    DISCS,
    FLANKS,
    RUNS,
    agree_along_games_and_fillings,
    compiled_with,
    legal,
)

_FLAGS = {"bit_sites": (foreach, "BIT_SITES"), "flat_effects": (captures, "FLAT_EFFECTS"),
          "inline_flip": (site_states, "INLINE_FLIP"), "one_site_add": (add, "ONE_SITE")}


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
    slow = compiled(text, bit_sites=False)
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
    ("(square 6)", "Adjacent", "", "inline_flip"),
    ("(hex 4)", "Adjacent", "(max 3)", "inline_flip"),
])
def test_flips_on_enclosed_sites_as_before(board, dirs, limit, flag):
    text = DISCS.format(board=board, dirs=dirs, limit=limit, p1='"c3" "d4"', p2='"c4" "d3"')
    fast, slow = compiled(text), compiled(text, **{flag: False})
    assert same_positions_along_games(fast, slow, seed=len(board) + len(limit)) > 100


def test_allcombinations_parts_are_called_in_turn(monkeypatch):
    text = DISCS.format(board="(square 6)", dirs="Adjacent", limit="", p1='"c3" "d4"',
                        p2='"c4" "d3"')
    split = []
    real = captures._steps
    monkeypatch.setattr(captures, "_steps", lambda e: split.append(real(e)) or split[-1])
    compiled(text)
    assert max(len(steps) for steps in split) == 2  # the add and the flip
    monkeypatch.setattr(captures, "FLAT_EFFECTS", False)
    split.clear()
    compiled(text)
    assert split and max(len(steps) for steps in split) == 1


# -- (add ... (to <one site>)) without a one-site region ------------------------------------

@pytest.mark.parametrize("text", [
    DISCS.format(board="(square 6)", dirs="Adjacent", limit="", p1='"c3" "d4"',
                 p2='"c4" "d3"'),
    FLANKS.format(board="(square 6)", dirs="Orthogonal", region="(sites Empty)",
                  then="(then (add (piece (id \"Stone\" Mover)) (to (last To))))",
                  p1='"c3" "d4"', p2='"c4" "d3"'),
])
def test_add_to_one_site_as_before(text):
    fast, slow = compiled(text), compiled(text, one_site_add=False)
    assert same_positions_along_games(fast, slow, seed=len(text), games=6) > 60
