"""Sanity checks for the hand-written baseline games (benchmarks/baselines)."""

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.baselines import (  # noqa: E402
    branches,
    branching_coral,
    brandubh,
    twigs_and_thorns,
)
from benchmarks.baselines.common import perft, random_playout  # noqa: E402


def play(state, module, *texts):
    for text in texts:
        matches = [m for m in state.legal_moves() if module.move_to_str(state, m) == text]
        assert len(matches) == 1, text
        state.apply(matches[0])
    return state


def test_branches_origin_phase_counts():
    s = branches.new_state()
    counts = []
    for name in ("a1", "e5", "i9", "a9"):
        counts.append(len(s.legal_moves()))
        play(s, branches, name)
    assert counts == [81, 80, 79, 78]
    assert perft(branches.new_state(size=6), 2) == 49 * 48


def test_branches_lone_central_origin_has_36_branches():
    # P1 a1, P2 e5 (centre), P2 i9, P1 a9: P2 to move, far from everything.
    s = play(branches.new_state(), branches, "a1", "e5", "i9", "a9")
    assert s.current_player == 1
    e5 = s.point_from_name("e5")
    assert sum(1 for m in s.legal_moves() if m[0] == e5) == 36
    names = {branches.move_to_str(s, m) for m in s.legal_moves()}
    assert "e5-e6-f6-f7" in names


def test_branches_two_coloured_cross_is_illegal():
    s = play(branches.new_state(size=6), branches, "a4", "d1", "g7", "g1")
    play(s, branches, "d1-d2-d3-d4")  # P2: a vertical line d1..d4
    play(s, branches, "a4-b4-c4-c5")  # P1
    play(s, branches, "d4-d5-d6-d7")  # P2 extends it to d7
    names = {branches.move_to_str(s, m) for m in s.legal_moves()}
    assert "c4-d4-e4-f4" not in names  # P1 would cross P2's line at d4
    assert "c5-d5-e5-f5" not in names  # ... or at d5
    assert "b4-b3-c3-d3" in names  # a T-junction against it is fine


def _brandubh_position(attackers, defenders, king, player=0):
    s = brandubh.new_state()
    s.board = [brandubh.EMPTY] * 49
    for name in attackers:
        s.board[brandubh._sq(name)] = brandubh.ATTACKER
    for name in defenders:
        s.board[brandubh._sq(name)] = brandubh.DEFENDER
    s.board[brandubh._sq(king)] = brandubh.KING
    s.current_player = player
    s.seen = {s._key(): 1}
    s._moves = None
    return s


def test_brandubh_first_moves():
    s = brandubh.new_state()
    assert len(s.legal_moves()) == 40
    assert perft(s, 2) == 960


@pytest.mark.parametrize(
    "attackers,defenders,king,player,move,winner",
    [
        (["c2", "c7", "a5", "e5"], ["c6", "b5", "d5"], "g3", 0, "c2-c5xb5xc6xd5", None),
        (["a6", "g1"], ["d5"], "f6", 0, "a6-d6xd5", None),  # against the empty throne
        (["a6", "g1"], ["d5"], "d4", 0, "a6-d6", None),  # the king fills the throne
        (["c5", "g1"], ["c7"], "c4", 1, "c7-c6xc5", None),  # king on the far side
        (["d5", "c4", "e4", "a3"], [], "d4", 0, "a3-d3xd4", 0),  # four round the throne
        (["c5", "e5", "a6"], [], "d5", 0, "a6-d6xd5", 0),  # three beside the throne
        (["c5", "a6"], [], "d5", 0, "a6-d6", None),
        (["b6", "f6", "g4"], [], "b5", 0, "g4-b4xb5", 0),
        (["a5", "c5", "g4"], [], "b5", 0, "g4-b4", None),  # pair on the other axis
        (["c3"], [], "b1", 0, "c3-c1xb1", 0),  # attacker and corner
        (["c3"], [], "b1", 1, "Kb1-a1", 1),
    ],
)
def test_brandubh_captures(attackers, defenders, king, player, move, winner):
    s = _brandubh_position(attackers, defenders, king, player)
    play(s, brandubh, move)
    assert s.winner == winner


def test_brandubh_threefold_repetition():
    s = brandubh.new_state()
    for _ in range(2):
        play(s, brandubh, "d1-e1", "d3-c3", "e1-d1", "c3-d3")
    assert s.is_terminal() and s.returns() == [0.0, 0.0] and s.ply == 8


@pytest.mark.parametrize("players,count", [(2, 32), (3, 49), (4, 64), (5, 80), (6, 96)])
def test_twigs_board_sizes(players, count):
    s = twigs_and_thorns.new_state(players=players)
    assert len(s.squares) == count
    assert len(s.legal_moves()) == count  # any first setup square is legal


def test_twigs_five_player_board_misses_top_right():
    s = twigs_and_thorns.new_state(players=5)
    names = {s.square_name(sq) for sq in s.squares}
    assert "h8" in names and "i4" in names and "i5" not in names and "l8" not in names


def _configs():
    yield "branches", branches.new_state, {}
    for size in (6, 8, 10):
        for length in (2, 3, 4):
            yield f"branches-{size}-{length}", branches.new_state, {"size": size, "length": length}
    yield "brandubh", brandubh.new_state, {}
    yield "brandubh-nolimit", brandubh.new_state, {"move_limit": None}
    for players in range(2, 7):
        yield f"twigs-{players}", twigs_and_thorns.new_state, {"players": players}
    yield "twigs-3alt", twigs_and_thorns.new_state, {"players": 3, "alt3": True}
    for side in (4, 6, 9):
        for bonus in ("captured", "own", "opponent", "none"):
            for tiebreak in ("A", "B"):
                yield (
                    f"coral-{side}-{bonus}-{tiebreak}",
                    branching_coral.new_state,
                    {"side": side, "bonus": bonus, "tiebreak": tiebreak},
                )
        yield f"brain-{side}", branching_coral.new_state, {"side": side, "brain": True}


@pytest.mark.parametrize(
    "name,factory,params", list(_configs()), ids=lambda x: x if isinstance(x, str) else ""
)
def test_random_playouts_terminate(name, factory, params):
    rng = random.Random(1234)
    for _ in range(3):
        state = factory(**params)
        n, returns = random_playout(state, rng)
        assert n > 0
        assert len(returns) == len(state.returns())
        # win, draw, loss; with 3+ players ranked by score, Ludii's utilities between
        assert all(-1.0 <= r <= 1.0 for r in returns)
        assert not state.is_terminal() or n == 0  # the playout works on a copy


def test_coral_names_and_sizes():
    s = branching_coral.new_state(side=6)
    assert len(s.board) == 91
    assert branching_coral.move_to_str(s, (45,)) == "f6"
    assert len(s.legal_moves()) == 91
    assert len(branching_coral.new_state(side=4).board) == 37
