"""Forms that read the mover or the move's destination off the state themselves
(``compiler.reads_mover``, ``reads_to``): ``(score Mover)``, ``(addScore Mover ...)``, placing from
``(handSite Mover)``, ``(ahead (to))``, ``(value Piece at:(to))``. Against the same
forms calling the role's or site's function (``reads_mover`` and ``reads_to`` answering
False where the compiler asks them), seeded random games list the same moves, reach the same positions, scores and
hashes, and end the same way. Descriptions: one written here (pieces from the hand
turned to point anywhere, scores read and changed by the mover) and Twigs and Thorns
for 2 and 3 players."""

from __future__ import annotations

import pytest

import ludeme
from tests.engine.test_turn_speedups import closure, play_alike, playouts_alike

POINTERS = """
(game "Pointers"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Arrow" Each value:2)
        (piece "Dot" Each value:1)
        (hand Each)
    })
    (rules
        (start {
            (place "Arrow" (handSite Each) count:4)
            (place "Dot" (handSite Each) count:4)
            (set Score All 3)
        })
        (play
            (move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal
                then:(if (is Friend (who at:(ahead (to))))
                    (addScore Mover (value Piece at:(to)))
                    (if (> (score Mover) 2) (addScore Mover (- 1))))))
        (end (if (no Moves Next) (byScore)))
    )
)
"""

CASES = [(POINTERS, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/3"])]


def _load(monkeypatch, src, options, on: bool):
    from ludeme.ludemes.conditions import owners
    from ludeme.ludemes.effects import score
    from ludeme.ludemes.moves import add_from_hand
    from ludeme.ludemes.numbers import expressions

    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    if not on:
        for module, name in ((score, "reads_mover"), (add_from_hand, "reads_mover"),
                             (expressions, "reads_mover"), (owners, "reads_to")):
            monkeypatch.setattr(module, name, lambda _: False)
    return ludeme.loads(src) if options is None else ludeme.load(src, options)


def _first_placement(game):
    s = game.new_initial_state()
    while True:
        moves = s.legal_moves()
        if moves[0].kind == "add" and moves[0].then is not None:
            return moves[0]
        s.apply(moves[0])


@pytest.mark.parametrize("src,options", CASES, ids=["pointers", "twigs-2p", "twigs-3p"])
def test_direct_reads_play_alike_on_and_off(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, False)
    assert closure(_first_placement(fast).act)["mover_hand"] is True
    assert closure(_first_placement(slow).act)["mover_hand"] is False
    plies = sum(play_alike(fast, slow, seed) for seed in range(6))
    assert plies > 40
    assert playouts_alike(fast, slow, 3, games=8) > 40


def test_the_written_game_scores_both_ways(monkeypatch):
    """The written description reaches both of its consequences: scores go up and down."""
    import random

    game = _load(monkeypatch, POINTERS, None, True)
    seen = set()
    for seed in range(10):
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            before = s.score[s.mover]
            who = s.mover
            s.apply(rng.choice(s.legal_moves()))
            seen.add((s.score[who] > before) - (s.score[who] < before))
    assert {1, -1} <= seen
