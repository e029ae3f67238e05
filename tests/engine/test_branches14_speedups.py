"""The kept tree's one-move path by plans (``ownedregions.kept_region``'s ``one_move``):
a move's writes looked up once (made when compiling for every path a generator lists),
the contributions of its sites merged, the follower's data brought up to date in one
call (the walks' codes: ``paths._coded_follower``'s ``plan`` and ``apply``, the hot
vertices looked up only under the codes after the move).

Oracles: the kept tree's general path (``ownedregions.IN_PLACE`` off: the moves' writes
put into a copy of the board kept and the contributions added site by site), on
Branches and on games written here (three players, whose masks take the follower's
default plan; consequences writing sites the move does not name; edges added by a
move naming no writes and taken off; a tree of one player named by number); the codes
and hot vertices made afresh from the board."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import ownedregions
from ludeme.ludemes.regions import paths
from tests.engine.test_branches13_speedups import THREE
from tests.engine.test_free_masks import ERASE
from tests.engine.test_free_masks import GAMES as FREE_MASK_GAMES
from tests.engine.test_owned_regions import SNIP, TANGLE, TREE
from tests.engine.test_seed_speedups import STROKES, agree_along_games, compiled

GAMES = [
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/2 edges"])),
    lambda: _compile(load_description("branches", ["Board Size/8x8", "Branch Length/2 edges",
                                                   "Origin Order/A-B-A-B"])),
    # three players: masks of drawn edges (no codes), the follower's default plan
    lambda: compiled(THREE.format(board="(square 5)", far="e5", mid="c3", length=2,
                                  mixed="True", tree=TREE.format(who="Mover"))),
    lambda: compiled(STROKES.format(board="(rectangle 4 6)", far="f4", length=3,
                                    cond="(not (is Crossing mixed:False))")),
    # a consequence writes the other player's pieces next to the path's end
    FREE_MASK_GAMES[3],
    # ... or takes the start's piece off
    lambda: compiled(SNIP.format(board="(rectangle 5 8)", mid="b3", far="h5", length=2,
                                 tree=TREE.format(who="Mover"), then="(remove (last From))")),
    # edges taken off by a move naming no writes
    lambda: compiled(ERASE.format(board="(square 5)", far="e5", length=2,
                                  tree=TREE.format(who="Mover"))),
    # edges added by a move naming no writes, a tree of P1's read by both players
    lambda: compiled(TANGLE.format(board="(rectangle 3 5)", far="e3", who="P1",
                                   tree=TREE.format(who="P1"))),
]


@pytest.mark.parametrize("make,only_paths", list(zip(GAMES, [True] * 4 + [False] * 4,
                                                       strict=True)))
def test_one_move_by_plans_as_by_the_general_path(monkeypatch, spied, make, only_paths):
    """The same moves as with the general path; where nothing but the paths writes,
    the general path (which reads the moves' writes) is left to the first moves (the
    origins, added by ``move Add``)."""
    game = make()
    monkeypatch.setattr(ownedregions, "IN_PLACE", False)
    general = spied(ownedregions, "writes_since")
    assert agree_along_games(game, make(), seed=5, games=6, plies=80) > 40
    if only_paths:
        general.clear()
        rng = random.Random(9)
        moves = 0
        while moves < 100:
            s = game.new_initial_state()
            while not s.is_terminal():
                listed = s.legal_moves()
                s.apply(listed[rng.randrange(len(listed))])
                moves += 1
        assert len(general) < moves / 4


CODED = [
    GAMES[0],
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/3 edges",
                                                   "Origin Order/A-B-A-B"])),
    lambda: compiled(STROKES.format(board="(square 5)", far="e5", length=2,
                                    cond="(not (is Crossing mixed:True))")),
    # a veto on one's own crossings too; the other player's pieces put by a consequence
    lambda: compiled(STROKES.format(board="(rectangle 4 6)", far="f4", length=2,
                                    cond="(not (is Crossing mixed:False))")),
    GAMES[4],
]


@pytest.mark.parametrize("make", CODED)
def test_codes_by_plans_as_made_from_the_board(monkeypatch, make):
    """Along random games, the walks' codes kept by the plans equal those made afresh
    from the board, and every vertex hot for a player then is marked in the kept ones
    (a mark too many only costs a look)."""
    followers, walks = [], []
    real_coded, real_walks = paths._coded_follower, paths._masked_walks

    def coded(*args, **kwargs):
        got = real_coded(*args, **kwargs)
        followers.append((args[1], got[0]))  # (the sites, made)
        return got

    def masked(*args, **kwargs):
        gen = real_walks(*args, **kwargs)
        walks.append(gen)
        return gen

    monkeypatch.setattr(paths, "_coded_follower", coded)
    monkeypatch.setattr(paths, "_masked_walks", masked)
    game = make()
    ((size, made),) = followers
    (gen,) = walks
    with_masks = gen.__globals__["with_masks"]
    rng = random.Random(11)
    checked = marked = 0
    for _ in range(4):
        s = game.new_initial_state()
        while not s.is_terminal():
            listed = s.legal_moves()
            if s.history and s.history[-1].kind == "path":
                kept = with_masks(s)[2]
                fresh = made(s.what)
                assert kept[:size] == fresh[:size]
                for hot, hot_fresh in zip(kept[size:], fresh[size:], strict=True):
                    assert hot_fresh & ~hot == 0
                    marked += hot_fresh.bit_count() - 1  # (bit top always set)
                checked += 1
            s.apply(listed[rng.randrange(len(listed))])
    assert checked > 30 and marked > 0
