"""Speed-ups of wave 17's Brandubh pass (issue 19 item 2) against the plainer path: the
same legal moves in the same order, the same games, on descriptions written here and on
the bundled Brandubh.

- the generated slide listing reads an origin's rays two at a time, the moves of the
  pair joined in order in a table indexed by the two rays' bit lengths (one ``extend`` a
  pair), the last ray alone when their number is odd; checked against the rays read one
  by one (``slidelists.PAIRED_CELLS`` 0, as where the pairs' tables would be too big).
"""

from __future__ import annotations

import random

import pytest

from ludeme.compile import slidelists
from tests.engine.test_brandubh3_speedups import (
    ROOK_GAMES,
    brandubh,
    compiled,
    listing_size,
    played,
    recorded,
    switched,
)
from tests.engine.test_slide_listing import DESCRIPTIONS, _functions
from tests.engine.test_speedups import same_lists, walked_entry

# three directions a piece (an odd number of rays: the last one read alone); a centre
# one side never lands on
FORKS = """(game "Forks" (players 2)
  (equipment {(board (square 6))
    (piece "Fork" P1 (move Slide (directions {N E S})))
    (piece "Hook" P2 (move Slide (directions {S W N}) (to (apply if:(!= (to) (centrePoint))))))})
  (rules
    (start {(place "Fork1" {"a1" "b1" "f2"}) (place "Hook2" {"a6" "f6" "c5"})})
    (play (forEach Piece))
    (end {(if (>= (count Moves) 60) (result Mover Draw))
          (if (no Moves Next) (result Mover Win))})))"""


def listing_names(game) -> set:
    """The names the game's generated slide listing reads."""
    return {n for f in _functions(game) if f.__code__.co_filename == "<ludeme slide listing>"
            for n in f.__code__.co_varnames}


def both(text: str, options: list[str] | None = None) -> tuple:
    fast = compiled(text, options)
    with switched(slidelists, "PAIRED_CELLS", 0):
        slow = compiled(text, options)
    # the pairs' tables are read by one, the rays' alone by the other
    assert "p0" in listing_names(fast) and "p0" not in listing_names(slow)
    assert listing_size(fast) > 0 and listing_size(slow) > 0
    return fast, slow


CASES = {**ROOK_GAMES, **DESCRIPTIONS, "forks": FORKS}


@pytest.mark.parametrize("name", sorted(CASES))
def test_paired_rays_list_alike(name):
    fast, slow = both(CASES[name])
    pieces = ("Fork1", "Hook2") if name == "forks" else \
        ("Rook1", "Rook2", "Bishop2") if name in ROOK_GAMES else \
        ("Rook1", "Rook2", "Bishop1", "Bishop2", "Queen1", "Queen2") \
        if name.startswith("sliders") else ("Guard1", "Guard2", "Chief2")
    assert same_lists(fast, slow, random.Random(len(name)), games=3, fillings=40,
                      pieces=pieces) > 80
    assert played(fast, range(6)) == played(slow, range(6))


def test_an_odd_number_of_rays_reads_the_last_alone():
    fast, _ = both(FORKS)
    assert {"p0", "t2"} <= listing_names(fast)  # two rays paired, the third alone


@pytest.mark.parametrize("king", ["Guarded by the Throne", "Weak"])
def test_paired_rays_on_brandubh(king):
    fast, slow = both(brandubh(), [f"King/{king}"])
    a, b = recorded(fast, 5, 6), recorded(slow, 5, 6)
    assert a == b and len(a) > 150
    assert played(fast, range(12)) == played(slow, range(12))


def test_a_pair_joins_the_rays_moves_in_order():
    first = slidelists.by_index(slidelists.ray_entry((3, 4, 5), ["m3", "m4", "m5"], 9)[4])
    second = slidelists.by_index(slidelists.ray_entry((1, 0), ["m1", "m0"], 9)[4])
    pair = slidelists._pair(first, second)
    met_first = [i for i, v in enumerate(first) if v]
    met_second = [j for j, v in enumerate(second) if v]
    assert met_first and met_second
    for i in met_first:
        for j in met_second:
            assert pair[i][j] == first[i] + second[j]


def test_pairs_beyond_the_bound_are_read_one_by_one(monkeypatch):
    monkeypatch.setattr(slidelists, "PAIRED_CELLS", 50)
    capped = compiled(ROOK_GAMES["square 7"])
    assert "p0" not in listing_names(capped) and "t1" in listing_names(capped)
    with switched(slidelists, "ray_entry", walked_entry):
        slow = compiled(ROOK_GAMES["square 7"])
    assert same_lists(capped, slow, random.Random(3), games=2, fillings=20,
                      pieces=("Rook1", "Rook2", "Bishop2")) > 40
