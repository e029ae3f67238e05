"""A move's consequences as one generated function (``compile.inlined``): an ``(if
...)`` of an ``(and ...)`` of score effects over expressions read in place. Against the
tree of closures (``inlined.fused`` giving back the effect, as for an effect that does
not write itself out), seeded random games list the same moves, reach the same
positions, scores and hashes, and end the same way. Descriptions: two written here (plain
placements scoring by their neighbours, three players; the same with an ``(and ...)``
whose later ``(if ...)`` is worked out first and stays a call) and Twigs and Thorns for
2, 3 and 5 players."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.compile import inlined
from ludeme.runtime.search import random_playout
from tests.engine.test_turn_speedups import play_alike, playouts_alike

NEIGHBOURS = """
(game "Neighbours"
    (players 3)
    (equipment {
        (board (square 5))
        (piece "Disc" Each value:2)
    })
    (rules
        (start (set Score Each 4))
        (play
            (move Add (to (sites Empty))
                then:(if (is Enemy (who at:(ahead (to) E)))
                    (and {
                        %s
                        (addScore Mover (+ 1 (value Piece at:(ahead (to) E))))
                        (addScore (who at:(ahead (to) E)) (- 1))
                        %s
                    })
                    (if (= (who at:(ahead (to) N)) (mover))
                        (addScore Mover 1)
                        (if (!= (score Mover) 0) (addScore Mover (- 1))))
                )
            )
        )
        (end (if (is Full) (byScore)))
    )
)
"""
RULE = """(if (> (score Mover) (score P1))
              (set Score P1 (- (score Mover) 1))
              (addScore All 1))"""

FIRST = NEIGHBOURS % (RULE, "")   # the (if ...) first: the (and ...) runs in turn
LAST = NEIGHBOURS % ("", RULE)    # the (if ...) last: worked out before the others apply

CASES = [(FIRST, None), (LAST, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/3"]), ("twigs-and-thorns", ["Players/5"])]


def _load(monkeypatch, src, options, on: bool):
    """The game compiled afresh; not ``on``: its consequences left as their tree of
    closures (``inlined.fused`` stubbed)."""
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    real = inlined.fused
    if not on:
        monkeypatch.setattr(inlined, "fused", as_closures)
    try:
        if src.lstrip().startswith("("):
            return ludeme.loads(src)
        return ludeme.load(src, options)
    finally:
        monkeypatch.setattr(inlined, "fused", real)


def as_closures(value, game=None):
    """``inlined.fused`` for an oracle: the effect as it is, its tree of closures."""
    return value


def _consequences(game) -> set:
    """The consequences of the moves of seeded games' first plies."""
    out = set()
    for seed in range(3):
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal() and s.ply < 12:
            moves = s.legal_moves()
            out |= {m.then for m in moves if m.then is not None}
            s.apply(moves[rng.randrange(len(moves))])
    return out


def _scores_alike(fast, slow, seed: int) -> None:
    ra, rb = random.Random(seed), random.Random(seed)
    a, b = fast.new_initial_state(), slow.new_initial_state()
    random_playout(a, ra)
    random_playout(b, rb)
    assert a.score == b.score and a.outcome == b.outcome


@pytest.mark.parametrize("src,options", CASES,
                         ids=["first", "last", "twigs-2p", "twigs-3p", "twigs-5p"])
def test_consequences_play_alike_written_out_and_not(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, False)
    made = _consequences(fast)
    assert made and all(getattr(f, "fused", False) for f in made)
    assert not any(getattr(f, "fused", False) for f in _consequences(slow))
    plies = sum(play_alike(fast, slow, seed) for seed in range(6))
    assert plies > 40
    assert playouts_alike(fast, slow, 3, games=8) > 40
    for seed in range(8):
        _scores_alike(fast, slow, seed)


def test_an_and_worked_out_first_stays_a_call(monkeypatch):
    """The (and ...) whose (if ...) comes after another effect reads its condition
    before any applies: it is called, not written out; the one in turn is written out."""
    first = _consequences(_load(monkeypatch, FIRST, None, True)).pop()
    last = _consequences(_load(monkeypatch, LAST, None, True)).pop()
    assert "s.score[" in first.source and "for " in first.source
    assert "for " not in last.source  # (addScore All 1) is inside the called (and ...)


def test_the_written_games_score_every_way(monkeypatch):
    """The written descriptions reach their branches: scores go up and down, and a
    player's score is set."""
    for src in (FIRST, LAST):
        game = _load(monkeypatch, src, None, True)
        changes = set()
        for seed in range(10):
            s = game.new_initial_state()
            rng = random.Random(seed)
            while not s.is_terminal():
                before = list(s.score)
                moves = s.legal_moves()
                s.apply(moves[rng.randrange(len(moves))])
                changes |= {(a > b) - (a < b) for a, b in zip(s.score, before, strict=True)}
        assert changes == {-1, 0, 1}
