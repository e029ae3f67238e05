"""A part of a move's written-out consequences read more than once and marked
``inline_once`` (``(ahead (to))``: the site a piece just placed points at) worked out
once at the top of the generated function (``compile.inlined._written``), against the
tree of closures (``inlined.fused`` giving back the effect), which asks it each time:
seeded games list the same moves, reach the same positions, scores and hashes and end
the same way. Descriptions: a three-player
placement game written here (pieces from hands, turned, scoring by whom they point at;
and the same with an effect that is called, which keeps every part in place), and
Twigs and Thorns for 2 and 4 players."""

from __future__ import annotations

import random

import pytest

from ludeme.runtime.search import random_playout
from tests.engine.test_inlined_effects import _load
from tests.engine.test_turn_speedups import play_alike, playouts_alike

ARROWS = """
(game "Arrows"
    (players 3)
    (equipment {
        (board (square 5))
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
                then:(if (is Enemy (who at:(ahead (to))))
                    (and {
                        (addScore Mover (value Piece at:(ahead (to))))
                        (addScore (who at:(ahead (to))) (- 1))
                        %s
                    })
                    (if (is Friend (who at:(ahead (to)))) (addScore Mover 1)))))
        (end (if (no Moves Next) (byScore)))
    )
)
"""

WRITTEN = ARROWS % ""
CALLED = ARROWS % "(remove (ahead (to)))"  # called: it writes the board

CASES = [(WRITTEN, None), (CALLED, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/4"])]


def _sources(game) -> set[str]:
    """The generated sources of the consequences of seeded games' moves."""
    out = set()
    for seed in range(3):
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal() and s.ply < 12:
            moves = s.legal_moves()
            out |= {m.then.source for m in moves if getattr(m.then, "source", None)}
            s.apply(moves[rng.randrange(len(moves))])
    return out


@pytest.mark.parametrize("src,options", CASES, ids=["written", "called", "twigs-2p", "twigs-4p"])
def test_parts_worked_out_once_play_alike(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, False)
    on, off = _sources(fast), _sources(slow)
    assert on and not off  # no generated consequence in the closures
    if src is CALLED:
        # an effect called might write what the part reads: read in place each time
        assert not any("once_" in text for text in on)
    else:
        assert all(text.count("once_") >= 3 for text in on)  # worked out once, read twice
    plies = sum(play_alike(fast, slow, seed) for seed in range(6))
    assert plies > 40
    assert playouts_alike(fast, slow, 3, games=8) > 40
    for seed in range(8):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        random_playout(a, random.Random(seed))
        random_playout(b, random.Random(seed))
        assert a.score == b.score and a.outcome == b.outcome and a.what == b.what
