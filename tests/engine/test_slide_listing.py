"""The slides listed by a generated function with a piece's rays read one after the
other (``slidelists.unrolled``) are the moves, in the same order, that the loop over
the rays lists (``unrolled`` answering None, as where no piece slides), on descriptions with one and with several kinds of
sliding pieces, orthogonal and diagonal rays, rays of every length on square and hex
boards, and landing rules folded into the rays; and the shots along lines, whose moves
by bit length are then read from tuples too."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile
from ludeme.compile import slidelists
from ludeme.expand import expand
from tests.engine.test_occupancy import GAMES, play_in_step
from tests.engine.test_speedups import FORBIDDEN, SLIDERS, THRONE, none_of, same_lists


def compiled(text: str, unrolled: bool):
    """The game compiled afresh; not ``unrolled``: its slides listed by the loop over
    the rays (``slidelists.unrolled`` answering None)."""
    if unrolled:
        return _compile(expand("<test>", [], None, text=text))
    old = slidelists.unrolled
    slidelists.unrolled = none_of
    try:
        return _compile(expand("<test>", [], None, text=text))
    finally:
        slidelists.unrolled = old


def listers(game) -> set[str]:
    """The names of the slide listings the game's turn uses (to know which path ran)."""
    return {f.__code__.co_filename for f in _functions(game)}


def _functions(game):
    for ph in game.phases:
        fn = ph.generate
        yield fn
        for cell in getattr(fn, "__closure__", None) or ():
            if callable(cell.cell_contents):
                yield cell.cell_contents


DESCRIPTIONS = {
    "sliders square": SLIDERS.format(board="(square 7)", dirs="Adjacent", p1='"a1" "g1"',
                                     p2='"a7" "g7"', q1='"d2"', q2='"d6"'),
    "sliders rectangle": SLIDERS.format(board="(rectangle 5 8)", dirs="Orthogonal",
                                        p1='"a1" "h1"', p2='"a5" "h5"', q1='"c2" "f2"',
                                        q2='"c4" "f4"'),
    "sliders hex": SLIDERS.format(board="(hex 4)", dirs="Adjacent", p1='"a1" "b1"',
                                  p2='"f7" "g7"', q1='"c2"', q2='"e6"'),
    "throne": THRONE.format(board="(square 7)", p1='"a3" "b4" "g3"', p2='"c4" "e4"',
                            go=f"(and (is Empty (between)) (not (is In (between) {FORBIDDEN})))"),
}


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_unrolled_slides_list_as_the_loop(name):
    text = DESCRIPTIONS[name]
    fast, slow = compiled(text, True), compiled(text, False)
    assert "<ludeme slide listing>" in listers(fast)
    assert "<ludeme slide listing>" not in listers(slow)
    pieces = ("Rook1", "Rook2", "Bishop1", "Bishop2", "Queen1", "Queen2") \
        if name.startswith("sliders") else ("Guard1", "Guard2", "Chief2")
    assert same_lists(fast, slow, random.Random(len(name)), games=4, fillings=60,
                      pieces=pieces) > 120


@pytest.mark.parametrize("name", ["arrows square", "flanks", "crowns", "raiders"])
def test_unrolled_slides_play_as_the_loop(name):
    # slides with shots, captures (the occupancy made afresh), promotions, landings on
    # an enemy (not a plain slide: the loop over the pieces' own moves)
    fast, slow = compiled(GAMES[name], True), compiled(GAMES[name], False)
    compared = sum(play_in_step(fast, slow, seed)[0] for seed in range(4))
    assert compared > 40


def test_a_ray_by_index_reads_as_by_bit_length():
    entry = slidelists.ray_entry((5, 4, 3), ["m5", None, "m3"], 9)
    table = slidelists.by_index(entry[4])
    for board in range(1 << 18):
        if board & ~entry[3]:
            continue
        length = (board & entry[3]).bit_length()
        assert table[length] == entry[4][length]
