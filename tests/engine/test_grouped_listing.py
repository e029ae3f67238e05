"""The slides listed with one look-up a piece (``slidelists.GROUPED``: an origin's rays
read in groups, each group's sites by a dict, the sums indexing a tuple of the moves of
all its rays) and the mover's pieces found a byte at a time (``slidelists.BYTES_LOOP``)
are the moves, in the same order, that the listing with both switches off gives: on
sliders written here (one kind of piece for one player, two for the other; boards where
an origin's rays make one group, two or three; a board of more than 16 bytes of sites,
where the pieces are found a bit at a time), on the descriptions of the unrolled
listing's tests, when the tables would be too big (the unrolled listing then), and on
the bundled Brandubh in both king options, whose seeded playouts are the same too."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import slidelists
from ludeme.runtime.search import random_playout
from tests.engine.test_occupancy import GAMES, play_in_step
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off
from tests.engine.test_slide_listing import DESCRIPTIONS, listers
from tests.engine.test_speedups import compiled_with, same_lists

GROUPED_NAME = "<ludeme grouped slide listing>"

# rooks for both players (the centre never landed on), a bishop for the second one
ROOKS = """(game "Rooks" (players 2)
  (equipment {{(board {board})
    (piece "Rook" Each (move Slide Orthogonal {rook}(to (apply if:(!= (to) (centrePoint))))))
    (piece "Bishop" P2 (move Slide Diagonal (between (max 2))))}})
  (rules
    (start {{(place "Rook1" {{{p1}}}) (place "Rook2" {{{p2}}}) (place "Bishop2" {{{q2}}})}})
    (play (forEach Piece))
    (end {{(if (>= (count Moves) 60) (result Mover Draw))
           (if (no Moves Next) (result Mover Win))}})))"""

ROOK_GAMES = {
    # every origin's rays in one group (at most 4 sites)
    "square 3": ROOKS.format(board="(square 3)", rook="", p1='"a1"', p2='"c3"', q2='"a3"'),
    # two groups
    "square 7": ROOKS.format(board="(square 7)", rook="", p1='"a1" "g1" "c2"',
                             p2='"a7" "g7"', q2='"d6" "e6"'),
    # three groups (rays of 7 and 4 sites), 5 bytes of sites
    "rectangle 5 8": ROOKS.format(board="(rectangle 5 8)", rook="", p1='"a1" "h1" "c2"',
                                  p2='"a5" "h5"', q2='"c4" "f4"'),
    # 144 sites (18 bytes): the pieces found a bit at a time; rays of at most 3 sites
    "square 12": ROOKS.format(board="(square 12)", rook="(between (max 3)) ",
                              p1='"a1" "l1" "c2" "f5"', p2='"a12" "l12" "g9"',
                              q2='"c10" "f10"'),
}


_SWITCHES = {"grouped": (slidelists, "GROUPED"), "bytes_loop": (slidelists, "BYTES_LOOP")}


def compiled(text: str, grouped: bool, bytes_loop: bool):
    return compiled_with(_SWITCHES, text, grouped=grouped, bytes_loop=bytes_loop)


@pytest.mark.parametrize("name", sorted(ROOK_GAMES))
def test_grouped_slides_list_as_the_rays(name):
    text = ROOK_GAMES[name]
    fast, slow = compiled(text, True, True), compiled(text, False, False)
    assert GROUPED_NAME in listers(fast)
    assert GROUPED_NAME not in listers(slow)
    assert same_lists(fast, slow, random.Random(len(name)), games=4, fillings=80,
                      pieces=("Rook1", "Rook2", "Bishop2")) > 100
    # the pieces a byte at a time alone
    bytes_only = compiled(text, False, True)
    assert GROUPED_NAME not in listers(bytes_only)
    assert same_lists(bytes_only, slow, random.Random(len(name) + 1), games=2, fillings=40,
                      pieces=("Rook1", "Rook2", "Bishop2")) > 50


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_the_unrolled_listings_descriptions_list_alike(name):
    # sliders with queens in 6 or 8 directions (too many rays for the tables: the
    # unrolled listing, the pieces a byte at a time), in 4 on a rectangle and the
    # throne-guarded sliders (grouped)
    text = DESCRIPTIONS[name]
    fast, slow = compiled(text, True, True), compiled(text, False, False)
    assert (GROUPED_NAME in listers(fast)) == (name in ("sliders rectangle", "throne"))
    pieces = ("Rook1", "Rook2", "Bishop1", "Bishop2", "Queen1", "Queen2") \
        if name.startswith("sliders") else ("Guard1", "Guard2", "Chief2")
    assert same_lists(fast, slow, random.Random(len(name)), games=3, fillings=40,
                      pieces=pieces) > 80


def test_too_big_tables_are_not_made(monkeypatch):
    monkeypatch.setattr(slidelists, "GROUPED_ENTRIES", 100)
    text = ROOK_GAMES["square 7"]
    fast = compiled(text, True, True)
    assert GROUPED_NAME not in listers(fast)
    assert "<ludeme slide listing>" in listers(fast)
    slow = compiled(text, False, False)
    assert same_lists(fast, slow, random.Random(7), games=2, fillings=20,
                      pieces=("Rook1", "Rook2", "Bishop2")) > 30


@pytest.mark.parametrize("name", ["arrows square", "flanks", "raiders"])
def test_grouped_slides_play_as_the_rays(name):
    # slides with shots, captures (the occupancy made afresh), landings on an enemy
    fast, slow = compiled(GAMES[name], True, True), compiled(GAMES[name], False, False)
    compared = sum(play_in_step(fast, slow, seed)[0] for seed in range(3))
    assert compared > 30


def test_a_rays_keys_say_where_it_is_blocked():
    # a ray of three sites on a board of 9: site x is the bit 8 - x
    pairs = slidelists._ray_keys((5, 4, 3), 9)
    assert sorted(pairs) == sorted([(0, 3), (8, 0), (8 | 16, 0), (8 | 32, 0),
                                    (8 | 16 | 32, 0), (16, 1), (16 | 32, 1), (32, 2)])
    # the longest rays first, each into the first group with room
    assert slidelists._groups([3, 6, 3, 0], 8) == [[1, 3], [0, 2]]
    assert slidelists._groups([9, 1], 8) is None


@pytest.mark.parametrize("options", [[], ["King/Weak"]])
def test_bundled_brandubh_plays_as_before(monkeypatch, options):
    fast, slow = bundled_on_off(monkeypatch, "brandubh", options,
                                (slidelists, "GROUPED"), (slidelists, "BYTES_LOOP"))
    assert GROUPED_NAME in listers(fast)
    assert GROUPED_NAME not in listers(slow)
    assert agree_along_games(fast, slow, seed=11, games=3) > 100
    for seed in range(6):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        assert random_playout(a, random.Random(seed)) == random_playout(b, random.Random(seed))
        assert a.hash == b.hash and a.what == b.what and a.returns() == b.returns()
        assert [m.key for m in a.history] == [m.key for m in b.history]
