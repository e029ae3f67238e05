"""A uniform draw from the kept placements without listing them
(the generator's ``has_moves`` and ``drawn``), used by the playout loop and by the
ordered turn's pass over stuck players, against listing the moves: seeded playouts
draw the same moves and end the same way as the game played step by step through the
public API, which lists the moves (``stepped_playout``). Descriptions: two three-player
placement games written here
(pieces from hands of different sizes pointing at seeds and leaves; one passing over
stuck players, one where a stuck player passes) and Twigs and Thorns for 2, 4 and 6
players."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.runtime.search import random_playout
from tests.engine.test_turn_speedups import stepped_playout

SEEDS = """
(game "Seeds"
    (players 3)
    (equipment {
        (board (rectangle 4 5))
        (piece "Seed" Shared)
        (piece "Leaf" Each value:1)
        (piece "Thorn" Each value:2)
        (hand Each)
    })
    (rules
        (start {
            (place "Seed" {"a1" "e4"})
            (place "Leaf" (handSite P1) count:2)
            (place "Leaf" (handSite P2) count:4)
            (place "Leaf" (handSite P3) count:5)
            (place "Thorn" (handSite Each) count:2)
        })
        (play
            (move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal
                facing:(sites Occupied component:{"Seed" "Leaf"})
                then:(if (is Enemy (who at:(ahead (to))))
                    (addScore Mover (value Piece at:(to)))))
            %s)
        (end (if (no Moves Next) (byScore)))
    )
)
"""

SKIPPING = SEEDS % "skipStuck:True"
PASSING = SEEDS % ""

CASES = [(SKIPPING, None), (PASSING, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/4"]), ("twigs-and-thorns", ["Players/6"])]


def _load(monkeypatch, src, options):
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    return ludeme.loads(src) if options is None else ludeme.load(src, options)


@pytest.mark.parametrize("src,options", CASES,
                         ids=["skipping", "passing", "twigs-2p", "twigs-4p", "twigs-6p"])
def test_moves_drawn_without_listing_them_alike(monkeypatch, src, options):
    game = _load(monkeypatch, src, options)
    gen = game.phases[-1].generate
    assert gen.drawn is not None and gen.has_moves is not None
    total = 0
    for seed in range(10):
        ends = []
        for playout in (random_playout, stepped_playout):
            s = game.new_initial_state()
            n = playout(s, random.Random(seed))
            ends.append((n, [m.key for m in s.history], s.score, s.outcome, s.hash))
        assert ends[0] == ends[1]
        total += ends[0][0]
    assert total > 60


def test_the_draw_is_taken(monkeypatch):
    """The playout loop draws without listing: the generator's
    listing is called for the start position, where the player has no move (to pass,
    or for the end rule), and rarely else (the end rule's test after every other
    player was passed over)."""
    for src, options in CASES[:3]:
        game = _load(monkeypatch, src, options)
        calls = []
        gen = game.phases[-1].generate

        def listing(s, gen=gen, calls=calls):
            moves = gen(s)
            calls.append((s.ply, len(moves)))
            return moves

        listing.drawn = gen.drawn
        game.phases[-1].generate = listing
        total = sum(random_playout(game.new_initial_state(), random.Random(seed))
                    for seed in range(5))
        assert total > 20
        assert sum(1 for ply, n in calls if ply and n) * 10 < total


def test_the_written_games_pass_over_stuck_players_or_end(monkeypatch):
    """P1 holds the fewest pieces: passed over when it has none left, the others place
    theirs (17 in all) in one written game; in the other the game ends at its turn."""
    skipping, ending = (_load(monkeypatch, src, None) for src in (SKIPPING, PASSING))
    played = [(random_playout(skipping.new_initial_state(), random.Random(seed)),
               random_playout(ending.new_initial_state(), random.Random(seed)))
              for seed in range(10)]
    assert max(a for a, _ in played) == 17
    assert max(b for _, b in played) == 12
    assert all(a >= b for a, b in played)
