"""The ordered turn's pass over stuck players: when the one end rule is ``(if (no Moves
Next) ...)``, the next player's moves it lists settle that test. Against the general
turn (``Game.play``, which asks the test), seeded random games list the same moves at every ply, reach the same
positions, hashes, movers and stalemate flags, and end the same way; the playout loop
plays the same games. Descriptions: two written here (players stuck at different times,
a player that may pass by its own rule) and Twigs and Thorns for 2 and 4 players."""

from __future__ import annotations

import pytest

import ludeme
from tests.engine.test_turn_speedups import closure, general_turn, play_alike, playouts_alike

# three players, a first placement anywhere and then next to one's own stones, passed
# over when stuck; each placement scores (byScore when nobody can move)
SPREAD = """
(game "Spread"
    (players 3)
    (equipment { (board (square 5)) (piece "Stone" Each) (piece "Marker" Shared) })
    (rules
        (start (set Score Each 0))
        phases:{
            (phase "Setup" (play (move Add "Marker" (to (sites Empty)))) order:{P2 P1})
            (phase "Grow"
                (play
                    (if (= 0 (count Pieces Mover))
                        (move Add (to (sites Empty)) then:(addScore Mover 1))
                        (move Add
                            (to (sites Around (sites Occupied by:Mover) Orthogonal
                                if:(is Empty (to))))
                            then:(addScore Mover 1))))
                skipStuck:True)
        }
        (end (if (no Moves Next) (byScore)))
    )
)
"""

# a player may pass by its own rule (move Pass): a pass of every player in a row draws
PASSING = """
(game "Passing"
    (players 3)
    (equipment { (board (square 3)) (piece "Stone" Each) })
    (rules
        phases:{
            (phase "Open" (play (move Add (to (sites Empty)))) order:{P1 P3})
            (phase "Rest"
                (play (or (if (< (count Pieces Mover) 2) (move Add (to (sites Empty))))
                          (if (is Odd (count Moves)) (move Pass))))
                skipStuck:True)
        }
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""

CASES = [(SPREAD, None), (PASSING, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/4"])]
IDS = ["spread", "passing", "twigs-2p", "twigs-4p"]


def _load(monkeypatch, src, options, written: bool = True):
    """The game compiled afresh, with the turn written for it or the general one."""
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    game = ludeme.loads(src) if options is None else ludeme.load(src, options)
    return game if written else general_turn(game)


@pytest.mark.parametrize("src,options", CASES, ids=IDS)
def test_the_pass_over_stuck_players_plays_as_the_general_turn(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options)
    slow = _load(monkeypatch, src, options, written=False)
    assert closure(fast.play)["next_test_known"] is True
    plies = sum(play_alike(fast, slow, seed) for seed in range(6))
    assert plies > 40
    assert playouts_alike(fast, slow, 7, games=8) > 40


def test_the_games_end_with_stuck_players_and_passes(monkeypatch):
    """The written descriptions reach what the pass changes: stuck players passed
    over, and (in the second) a pass chosen by the player."""
    import random

    spread = _load(monkeypatch, SPREAD, None)
    skipped = 0
    for seed in range(6):
        s = spread.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            before = s.mover
            s.apply(rng.choice(s.legal_moves()))
            if s.outcome is None and s.mover != spread.next_of[before]:
                skipped += 1
        assert s.outcome is not None
    assert skipped > 0
    passing = _load(monkeypatch, PASSING, None)
    passes = 0
    for seed in range(6):
        s = passing.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal() and s.ply < 200:
            m = rng.choice(s.legal_moves())
            passes += m.kind == "pass"
            s.apply(m)
    assert passes > 0
