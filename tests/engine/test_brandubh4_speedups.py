"""Speed-ups of wave 16's Brandubh pass (issue 19 item 2), switched on and off: the same
legal moves in the same order, the same positions, hashes, flags and results along
seeded games, on descriptions written here and on the bundled Brandubh.

- ``structure.MOVER_ONLY``: ``(no Moves Next)``, asked once the turn has passed, calls a
  phase generator marked ``mover_only`` (the slide listings of ``compile.slidelists``)
  with the next player made the mover alone, without the rest of its context.
- the fused captures, past their nearby exit, look only at the rows of the
  destination's neighbours holding a piece their rules could take (checked against
  every row looked at: ``captures.NEARBY_PIECES`` 0).
- ``conditions.state.REPEAT_NEWEST_FIRST``'s common case now tests the record by
  identity (no switch of its own: ``test_tafl_speedups`` compares it on and off).
"""

from __future__ import annotations

import pytest

from ludeme.ludemes.rules import structure
from tests.engine.test_brandubh3_speedups import (
    FENCES,
    brandubh,
    compiled,
    fused_alike,
    played,
    recorded,
    switched,
)
from tests.engine.test_tafl_speedups import RAIDS

# rooks slide on a crowded 3x3 board (one or two empty sites): a side whose rooks all
# stand away from the empty sites is stuck, which ends the game ({end}) or makes it pass;
# (no Moves Next) is one of two end rules, so that the turn does not fold it
JAM = """(game "Jam" (players 2)
  (equipment {{(board (square 3))
    (piece "Rook" Each (move Slide Orthogonal))}})
  (rules
    (start {{(place "Rook1" {{{p1}}}) (place "Rook2" {{{p2}}})}})
    (play (forEach Piece))
    (end {{(if (>= (count Moves) 30) (result Mover Draw))
           (if {end} (result Mover Win))}})))"""

JAMS = [JAM.format(p1='"a1" "b1" "c1" "a2"', p2='"c3" "b3" "a3" "c2"',
                   end="(no Moves Next)"),
        # only P1's moves end it: P2 left without a move passes
        JAM.format(p1='"a1" "b1" "c1" "a2"', p2='"c3" "b3" "a3" "c2"',
                   end="(and (is Mover P1) (no Moves Next))"),
        JAM.format(p1='"a1" "b1" "c1"', p2='"c3" "b3" "a3" "c2"',
                   end="(no Moves Next)")]


def spied_contexts(game) -> list:
    """The phase generator wrapped (keeping its mark) to record the player after the
    mover (``State.nxt``) at each of its calls."""
    ph = game.phases[0]
    gen = ph.generate
    seen = []

    def spy(s):
        seen.append(s.nxt == s.who)
        return gen(s)

    spy.mover_only = gen.mover_only
    ph.generate = spy
    return seen


def on_off(text: str, options: list[str] | None, seed: int, games: int) -> tuple:
    results = {}
    for value in (True, False):
        game = compiled(text, options)
        assert game.phases[0].generate.mover_only  # the slide listing, marked
        seen = spied_contexts(game)
        with switched(structure, "MOVER_ONLY", value):
            results[value] = recorded(game, seed, games), played(game, range(games * 2))
        # on: the lean path sets the mover alone (its nxt left as the mover's own);
        # off: the whole context, the player after it
        assert any(seen) == value
    assert results[True] == results[False]
    return results[True]


@pytest.mark.parametrize("text", JAMS, ids=["stuck ends", "stuck passes", "two empty"])
def test_mover_only_listing_on_jams(text):
    record, plays = on_off(text, None, seed=11, games=20)
    ends = {tuple(r[0]) for r in record if len(r) == 3}
    assert len(record) > 40
    passes = [r for r in record if len(r) == 6 and r[0] == [("pass", -1, -1, 0, 0)]]
    if "is Mover" in text:
        assert passes  # a player left without a move passes, and the game goes on
    else:
        assert not passes and ends & {(1.0, -1.0), (-1.0, 1.0)}  # a side stuck


@pytest.mark.parametrize("king", ["Guarded by the Throne", "Weak"])
def test_mover_only_listing_on_brandubh(king):
    record, plays = on_off(brandubh(), [f"King/{king}"], seed=len(king) + 3, games=6)
    assert len(record) > 150 and len(plays) == 12


@pytest.mark.parametrize("text,options", [
    *((t, None) for t in FENCES), (RAIDS[0], None),
    (brandubh(), ["King/Guarded by the Throne"]), (brandubh(), ["King/Weak"])],
    ids=["fence square", "fence square 3", "fence hex", "raid", "brandubh", "weak king"])
def test_fused_captures_near_rows(text, options):
    fused_alike(text, options, "ROWS_BY", seed=13)
