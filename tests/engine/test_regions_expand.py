"""(expand ...) and (sites Direction ...): regions grown by layers and lines of sites,
with Ludii's meaning, on small hand-checked boards."""

from __future__ import annotations

import pytest

from ludeme.api import loads
from ludeme.errors import LudemeError


def game_of(start: str, play: str = "(move Pass)", board: str = "(board (square 5))"):
    return loads(f'(game "E" (players 2) (equipment {{ {board} (piece "Disc" Each) }}) '
                 f'(rules (start {{ {start} }}) (play {play}) '
                 f'(end (if (no Moves Mover) (result Mover Loss)))))')


def placed(game, who: int | None = None) -> list[str]:
    s = game.new_initial_state()
    return sorted(game.board.labels[x] for x in range(game.board.n_sites)
                  if s.what[x] and (who is None or s.what[x] == who))


def targets(game) -> list[str]:
    return sorted(game.board.labels[m.to] for m in game.new_initial_state().legal_moves())


def test_expand_grows_a_region_by_layers_of_adjacent_sites():
    g = game_of('(place "Disc1" (expand (sites Bottom)))')
    assert placed(g) == sorted(f"{c}{r}" for c in "abcde" for r in (1, 2))
    g = game_of('(place "Disc1" (expand (sites {"a1"}) steps:2))')
    # Adjacent (with diagonals) on a square board: two layers from a corner
    assert placed(g) == sorted(f"{c}{r}" for c in "abc" for r in (1, 2, 3))
    g = game_of('(place "Disc1" (expand origin:"c3" steps:2 Orthogonal))')
    assert placed(g) == ["a3", "b2", "b3", "b4", "c1", "c2", "c3", "c4", "c5", "d2", "d3",
                         "d4", "e3"]
    g = game_of('(place "Disc1" (expand (sites {"c3"}) steps:0))')
    assert placed(g) == ["c3"]


def test_expand_along_one_direction_and_from_a_moving_origin():
    g = game_of('(place "Disc1" (expand (sites Bottom) steps:2 N))')
    assert len(placed(g)) == 15
    g = game_of('(place "Disc1" {"c3"})',
                '(move Add (to (union (sites {"a1"}) (expand origin:(last To) Orthogonal))))')
    s = g.new_initial_state()
    assert targets(g) == ["a1"]  # no last move yet: nothing to grow from
    s.apply(next(m for m in s.legal_moves() if g.board.labels[m.to] == "a1"))
    # after a1, the next player may add at a1's orthogonal neighbours (and a1 is taken)
    assert sorted(g.board.labels[m.to] for m in s.legal_moves()) == ["a2", "b1"]


def test_sites_direction_lines_stop_and_distance():
    g = game_of('(place "Disc1" (union (sites Direction from:"c3" W) (sites {"c4"}))) '
                '(place "Disc2" (sites Direction from:"c1" N stop:(is Occupied (to)) '
                'stopIncluded:True included:True))',
                '(move Add (to (sites Direction from:"a5" {E SE} distance:2)))')
    assert placed(g, 1) == ["a3", "b3", "c4"]
    # c1 itself (included), then north until the occupied c4, which is kept: the disc
    # already there stays, as a placement never replaces a piece in Ludii
    assert placed(g, 2) == ["c1", "c2", "c3"]
    # two sites east and south-east of a5; c3 is occupied
    assert targets(g) == ["b4", "b5", "c5"]


def test_expand_needs_a_region_or_an_origin():
    with pytest.raises(LudemeError, match="origin"):
        game_of('(place "Disc1" (expand steps:2))')


def test_sites_around_options_as_ludii_has_them():
    start = '(place "Disc1" {"c3" "c4"}) (place "Disc2" {"b3" "d3"})'
    # kinds of site seen by the mover (P1): Own, Enemy, Empty
    g = game_of(start, "(move Add (to (sites Around (sites {\"e5\" \"a1\"}) Empty)))")
    assert targets(g) == ["a2", "b1", "b2", "d4", "d5", "e4"]
    g = game_of(start + ' (place "Disc1" (sites Around "c3" Own))')
    assert placed(g, 1) == ["c3", "c4"]
    g = game_of(start, '(move Remove (sites Around "c3" Enemy Orthogonal))')
    assert targets(g) == ["b3", "d3"]
    # distance: the sites two steps out along each line
    g = game_of('(place "Disc1" (sites Around "c3" Orthogonal distance:2))')
    assert placed(g) == ["a3", "c1", "c5", "e3"]
    # the leading site type, and around a region its own sites count (Ludii)
    g = game_of('(place "Disc1" (sites Around Cell (sites {"a1" "b1"}) Orthogonal))')
    assert placed(g) == ["a1", "a2", "b1", "b2", "c1"]


def test_sites_around_binds_from_to_the_centre():
    g = game_of('(place "Disc1" {"c3"})',
                '(move Add (to (sites Around (sites {"a1" "e5"}) Orthogonal '
                'if:(= (from) (coord "a1")))))'.replace('(coord "a1")', "0"))
    assert targets(g) == ["a2", "b1"]
