"""The stable action space and the observation shared by the adapters (no extras
needed)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import ludeme
from ludeme.interop.actions import action_space
from ludeme.interop.observation import Observation
from ludeme.runtime.position import position
from tests.interop.games import BUNDLED, options

DATA = Path(__file__).parent.parent / "engine" / "data"


@pytest.mark.parametrize("name", [*BUNDLED, str(DATA / "breakthrough-pieces.lud"),
                                  str(DATA / "breakthrough-play.lud")])
def test_every_legal_move_has_a_fixed_action(name):
    """Along random games, every legal move maps to an action below the size, distinct
    moves to distinct actions, and a move keeps its action in every position."""
    game = ludeme.load(name, options(name))
    space = action_space(game)
    rng = random.Random(7)
    seen: dict[tuple, int] = {}
    for _ in range(3):
        s = game.new_initial_state()
        while not s.is_terminal() and s.ply < 300:
            moves = s.legal_moves()
            legal = space.legal(s)
            assert legal.ordered == sorted(set(legal.ordered))
            assert len(legal.ordered) == len(moves)
            for m in moves:
                a = space.encode(m)
                assert 0 <= a < space.size
                assert seen.setdefault(m.key, a) == a
                assert legal.move(a) is m
                assert space.move_of(moves, a, space.tags(moves)[a]) is m
            s.apply(moves[rng.randrange(len(moves))])


def test_placements_are_numbered_by_site_for_every_player():
    game = ludeme.load("tic-tac-toe")
    space = action_space(game)
    # the nine placements, then the pass a stuck player makes (Ludii's rule)
    assert space.size == 10
    s = game.new_initial_state()
    s.apply(s.parse_move("b2"))     # P2 to move: the same numbering
    acts = space.legal(s).ordered
    assert acts == [0, 1, 2, 3, 5, 6, 7, 8]
    assert [game.board.labels[space.legal(s).move(a).to] for a in acts[:3]] == ["a1", "b1", "c1"]


def test_the_numbering_does_not_depend_on_the_load():
    a = action_space(ludeme.load("brandubh"))
    b = action_space(ludeme.loads(ludeme.load_description("brandubh").source,
                                  file="again.lud"))
    assert a.size == b.size
    assert [a.key(m) for m in a.examples] == [b.key(m) for m in b.examples]


def test_an_action_is_the_same_move_for_each_player_in_slides():
    """A slide's action is its from and to sites: the piece is the one standing there."""
    game = ludeme.load("brandubh")
    space = action_space(game)
    s = game.new_initial_state()
    keys = {space.key(m) for m in s.legal_moves()}
    assert all(k[0] == "move" and k[3] == "" for k in keys)


def test_an_action_shared_by_several_moves_is_read_from_its_tag():
    """Moves of several objects can share an action (a slide of either side's pieces):
    each has its own tag, and a position's tags give each legal action's move."""
    game = ludeme.load("brandubh")
    space = action_space(game)
    carriers: dict[int, list] = {}
    for m in space._interned:
        if all(c is not m for c in carriers.setdefault(m.index, [])):
            carriers[m.index].append(m)
    assert any(len(c) > 1 for c in carriers.values())
    for objects in carriers.values():
        assert sorted(m.tag for m in objects) == list(range(1, len(objects) + 1))
    rng = random.Random(3)
    shared = 0
    for _ in range(5):
        s = game.new_initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            tags = space.tags(moves)
            assert len(tags) == space.size
            assert [a for a in range(space.size) if tags[a]] == sorted(m.index for m in moves)
            for m in moves:
                assert space.move_of(moves, m.index, tags[m.index]) is m
                shared += len(carriers[m.index]) > 1
            s.apply(moves[rng.randrange(len(moves))])
    assert shared


def test_a_move_past_the_last_tag_is_searched_for():
    from ludeme.interop.actions import MAX_TAG

    game = ludeme.load("tic-tac-toe")
    space = action_space(game)
    moves = game.new_initial_state().legal_moves()
    assert space.move_of(moves, moves[3].index, MAX_TAG) is moves[3]
    with pytest.raises(ValueError):
        space.move_of(moves[:3], moves[3].index, MAX_TAG)


def test_observation_planes_of_a_hand_built_position():
    game = ludeme.load("tic-tac-toe")
    obs = Observation(game)
    assert obs.plane_names == ["Disc1", "Disc2", "to move: P1", "to move: P2"]
    s = position(game, {"a1": "Disc1", "b2": "Disc2", "c3": "Disc1"}, mover=2)
    t = obs.tensor(s)
    assert t.shape == (4, 9) and t.dtype == np.float32
    sites = game.board.labels
    assert [sites[x] for x in np.flatnonzero(t[0])] == ["a1", "c3"]
    assert [sites[x] for x in np.flatnonzero(t[1])] == ["b2"]
    assert not t[2].any() and t[3].all()


def test_observation_covers_every_site_type():
    game = ludeme.load("branches", ["Board Size/6x6"])
    obs = Observation(game)
    assert obs.shape == (len(game.pieces.names) - 1 + 2, game.board.n_sites)
    s = game.new_initial_state()
    s.apply(s.legal_moves()[0])
    t = obs.tensor(s)
    drawn = np.flatnonzero(t[: obs.num_pieces].any(axis=0))
    assert sorted(drawn) == sorted(x for x, p in enumerate(s.what) if p)


def test_moves_with_dice_are_numbered_when_first_seen(tmp_path):
    """A move of (forEach Die ...) has no number until an adapter first sees it (-1):
    sorting the legal actions or looking an action up numbers them, once."""
    from tests.interop.games import DICE

    path = tmp_path / "dice-line.lud"
    path.write_text(DICE)
    game = ludeme.load(str(path))
    space = action_space(game)
    s = game.new_initial_state()
    s.apply_chance((2, 3))
    legal = space.legal(s)
    assert -1 in legal.acts      # not numbered yet
    acts = legal.sorted_actions()
    assert acts[0] >= 0 and -1 not in legal.acts and acts == sorted(legal.acts)
    assert all(legal.move(a).index == a for a in acts)
    again = space.legal(s)       # the moves keep their numbers
    assert sorted(again.acts) == acts
    s2 = game.new_initial_state()
    s2.apply_chance((2, 3))
    fresh = space.legal(s2)      # looked up before any sorting: numbered on the way
    assert fresh.move(acts[-1]).index == acts[-1]
    assert fresh.move(space.size + 5) is None
