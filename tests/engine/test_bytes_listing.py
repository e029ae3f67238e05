"""The slides listed with the mover's pieces found a byte of ``State.placed`` at a time
(per byte and value, the entries of the sites it holds) are the moves, in the same
order, that the listing finding them a bit at a time gives (``slidelists.BYTES_UNROLLED``
0, as on boards of more bytes of sites than it): on
sliders written here (one kind of piece for one player, two for the other; a board of
one byte of sites, of 5 and of 7; one of 18 bytes, where the pieces are still found a
bit at a time), on the descriptions of the unrolled listing's tests, along games with
shots, captures and landings on an enemy, and on the bundled Brandubh in both king
options, whose seeded playouts are the same too."""

from __future__ import annotations

import random

import pytest

from ludeme.compile import slidelists
from ludeme.runtime.search import random_playout
from tests.engine.test_occupancy import GAMES, play_in_step
from tests.engine.test_seed_speedups import agree_along_games, bundled_on_off
from tests.engine.test_slide_listing import DESCRIPTIONS, _functions
from tests.engine.test_speedups import compiled_with, same_lists


def by_bytes(game) -> bool:
    """Whether the game's generated slide listing finds the pieces a byte at a time."""
    return any("to_bytes" in f.__code__.co_names for f in _functions(game)
               if f.__code__.co_filename == "<ludeme slide listing>")

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
    # one byte of sites
    "square 3": ROOKS.format(board="(square 3)", rook="", p1='"a1"', p2='"c3"', q2='"a3"'),
    # 7 bytes
    "square 7": ROOKS.format(board="(square 7)", rook="", p1='"a1" "g1" "c2"',
                             p2='"a7" "g7"', q2='"d6" "e6"'),
    # 5 bytes
    "rectangle 5 8": ROOKS.format(board="(rectangle 5 8)", rook="", p1='"a1" "h1" "c2"',
                                  p2='"a5" "h5"', q2='"c4" "f4"'),
    # 144 sites (18 bytes): the pieces found a bit at a time
    "square 12": ROOKS.format(board="(square 12)", rook="(between (max 3)) ",
                              p1='"a1" "l1" "c2" "f5"', p2='"a12" "l12" "g9"',
                              q2='"c10" "f10"'),
}


_SWITCHES = {"bytes_unrolled": (slidelists, "BYTES_UNROLLED")}


def compiled(text: str, bytes_loop: bool):
    """The game compiled afresh; not ``bytes_loop``: the pieces found a bit at a time."""
    if bytes_loop:
        return compiled_with(_SWITCHES, text)
    return compiled_with(_SWITCHES, text, bytes_unrolled=0)


@pytest.mark.parametrize("name", sorted(ROOK_GAMES))
def test_pieces_by_bytes_list_as_by_bits(name):
    text = ROOK_GAMES[name]
    fast, slow = compiled(text, True), compiled(text, False)
    assert by_bytes(fast) == (name != "square 12")
    assert not by_bytes(slow)
    assert same_lists(fast, slow, random.Random(len(name)), games=4, fillings=80,
                      pieces=("Rook1", "Rook2", "Bishop2")) > 100


@pytest.mark.parametrize("name", sorted(DESCRIPTIONS))
def test_the_unrolled_listings_descriptions_list_alike(name):
    text = DESCRIPTIONS[name]
    fast, slow = compiled(text, True), compiled(text, False)
    assert by_bytes(fast) and not by_bytes(slow)
    pieces = ("Rook1", "Rook2", "Bishop1", "Bishop2", "Queen1", "Queen2") \
        if name.startswith("sliders") else ("Guard1", "Guard2", "Chief2")
    assert same_lists(fast, slow, random.Random(len(name)), games=3, fillings=40,
                      pieces=pieces) > 80


@pytest.mark.parametrize("name", ["arrows square", "flanks", "raiders"])
def test_pieces_by_bytes_play_as_by_bits(name):
    # slides with shots, captures (the occupancy made afresh), landings on an enemy
    fast, slow = compiled(GAMES[name], True), compiled(GAMES[name], False)
    compared = sum(play_in_step(fast, slow, seed)[0] for seed in range(3))
    assert compared > 30


@pytest.mark.parametrize("options", [[], ["King/Weak"]])
def test_bundled_brandubh_plays_as_before(monkeypatch, options):
    fast, slow = bundled_on_off(monkeypatch, "brandubh", options,
                                (slidelists, "BYTES_UNROLLED", 0))
    assert by_bytes(fast) and not by_bytes(slow)
    assert agree_along_games(fast, slow, seed=11, games=3) > 100
    for seed in range(6):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        assert random_playout(a, random.Random(seed)) == random_playout(b, random.Random(seed))
        assert a.hash == b.hash and a.what == b.what and a.returns() == b.returns()
        assert [m.key for m in a.history] == [m.key for m in b.history]
