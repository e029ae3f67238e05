"""The kept (destination, direction) pairs' function listing the mover's moves itself,
its bundle looked up by the hand's content in place (``add_from_hand._kept_pairs``),
against the placements worked out afresh in every position (as where the regions do not
allow keeping them, which lists the sites pointed at first when they are fewer): seeded
random games list the same moves, the kept ones in the order of their (destination,
direction) slots, reach the same positions and end the same way. Descriptions: the pointers game of
``test_direct_reads`` (pieces turned to point anywhere, hands that run out) and Twigs
and Thorns for 2 and 4 players."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.ludemes.moves import add_from_hand
from tests.engine.test_direct_reads import POINTERS
from tests.engine.test_speedups import in_slot_order, not_kept
from tests.engine.test_turn_speedups import play_alike

CASES = [(POINTERS, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/4"])]


def _load(monkeypatch, src, options, kept: bool):
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    if not kept:
        monkeypatch.setattr(add_from_hand, "_kept_pairs", not_kept)
    return ludeme.loads(src) if options is None else ludeme.load(src, options)


def _generator(game):
    """The placing phase's generator (the last phase's)."""
    return game.phases[-1].generate


@pytest.mark.parametrize("src,options", CASES, ids=["pointers", "twigs-2p", "twigs-4p"])
def test_kept_pairs_list_the_moves_alike(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, False)
    assert _generator(fast).__name__ == "kept"
    assert _generator(slow).__name__ == "gen"
    plies = sum(play_alike(fast, slow, seed, order=in_slot_order) for seed in range(6))
    assert plies > 60
