"""The kept (destination, direction) pairs worked out from scratch from the sites
pointed at (``add_from_hand._kept_pairs``' ``rebuild``) or from every empty site: seeded
games list the same moves (in the order of their slots) and end the same way as the
placements worked out afresh in every position, and at every position a copy whose kept pairs are thrown away (so that they
are worked out again, from the sites pointed at when they are fewer than the empty
sites, else from the empty sites) lists the moves the kept ones give. Descriptions:
the three-player placement game of ``test_drawn_moves`` (two shared seeds at the
start, pieces pointing at seeds and leaves) and Twigs and Thorns for 2 and 5 players."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.ludemes.moves import add_from_hand
from tests.engine.test_drawn_moves import SKIPPING
from tests.engine.test_speedups import in_slot_order, not_kept
from tests.engine.test_turn_speedups import play_alike

CASES = [(SKIPPING, None), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/5"])]


def _load(monkeypatch, src, options, kept: bool):
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    if not kept:
        monkeypatch.setattr(add_from_hand, "_kept_pairs", not_kept)
    return ludeme.loads(src) if options is None else ludeme.load(src, options)


def _keys(s) -> list:
    return [m.key for m in s.legal_moves()]


def _closure(fn) -> dict:
    return dict(zip(fn.__code__.co_freevars, (c.cell_contents for c in fn.__closure__),
                    strict=True))


def _rebuilt_alike(game, seed: int) -> tuple[int, int]:
    """Along one seeded game, a copy of each position with its caches thrown away lists
    the same moves; returns (positions compared, of which with fewer sites that may be
    pointed at than empty sites)."""
    rng = random.Random(seed)
    n = game.board.n_sites
    # per piece id, whether a site holding it may be pointed at
    kept = _closure(game.phases[-1].generate)
    if "rebuild" not in kept:  # the listing calls the kept slots' function
        kept = _closure(kept["slots"])
    face_ok = _closure(kept["rebuild"])["face_ok"]
    s = game.new_initial_state()
    compared = fewer = 0
    while not s.is_terminal():
        keys = _keys(s)
        c = s.clone()
        c.aux = [init() for init in game.aux_init]
        c._moves = None
        assert _keys(c) == keys
        compared += 1
        w = s.what
        fewer += sum(1 for y in range(n) if face_ok[w[y]]) < w[:n].count(0)
        s.apply(s.legal_moves()[rng.randrange(len(keys))])
    return compared, fewer


@pytest.mark.parametrize("src,options", CASES, ids=["seeds", "twigs-2p", "twigs-5p"])
def test_kept_pairs_rebuilt_from_the_sites_pointed_at_alike(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, False)
    assert fast.phases[-1].generate.__name__ == "kept"
    plies = sum(play_alike(fast, slow, seed, order=in_slot_order) for seed in range(6))
    assert plies > 60
    compared, fewer = map(sum, zip(*(_rebuilt_alike(fast, seed) for seed in range(4)),
                                   strict=True))
    assert compared > 40
    assert 0 < fewer < compared  # both ways of working them out were taken
