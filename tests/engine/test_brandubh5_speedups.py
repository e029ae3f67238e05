"""Speed-ups of wave 16's second Brandubh pass (issue 19 item 2), switched on and off: the
same legal moves in the same order, the same positions, hashes, flags and results along
seeded games, on descriptions written here and on the bundled Brandubh.

- ``endchecks.WRITTEN_TESTS``: a test offering its lines (``fn.inline_test``) is written
  into the generated end checks instead of called;
- ``conditions.state.WRITTEN_REPEAT``: ``(is Repeat n)``'s common case offers them;
- ``structure.WRITTEN_NO_MOVES``: ``(no Moves Next)``'s lean path with a ``mover_only``
  listing offers them.
"""

from __future__ import annotations

import pytest

from ludeme.compile import endchecks
from ludeme.ludemes.conditions import state as conditions_state
from ludeme.ludemes.rules import structure
from tests.engine.test_brandubh3_speedups import brandubh, compiled, played, recorded, switched

# rooks shuffle on a small board where positions come back often: a position seen
# {times} times is a draw, a side left without a move loses ({stuck}), a move limit
SHUFFLE = """(game "Shuffle" (players 2)
  (equipment {{(board (square {side}))
    (piece "Rook" Each (move Slide Orthogonal))}})
  (rules
    (start {{(place "Rook1" {{{p1}}}) (place "Rook2" {{{p2}}})}})
    (play (forEach Piece))
    (end {{(if (is Repeat {times}) (result Mover Draw))
           (if (>= (count Moves) 60) (result Mover Draw))
           (if (no Moves Next) (result Mover {stuck}))}})))"""

SHUFFLES = [
    SHUFFLE.format(side=3, p1='"a1"', p2='"c3"', times=3, stuck="Win"),
    # crowded: a side is stuck now and then
    SHUFFLE.format(side=3, p1='"a1" "b1" "c1"', p2='"c3" "b3" "a3" "c2"', times=2,
                   stuck="Win"),
    SHUFFLE.format(side=3, p1='"a1" "b1"', p2='"c3" "b3" "a3"', times=2, stuck="Loss"),
    SHUFFLE.format(side=4, p1='"a1" "b2"', p2='"d4" "c3"', times=2, stuck="Win"),
    # a swap rule: the written (no Moves Next) keeps its tests of the swap, dice and
    # barred positions (left out where the game has none of them)
    SHUFFLE.format(side=3, p1='"a1" "b1"', p2='"c3" "b3" "a3"', times=2,
                   stuck="Loss").replace("(rules", "(rules (meta (swap))"),
]

SWITCHES = ((endchecks, "WRITTEN_TESTS"), (conditions_state, "WRITTEN_REPEAT"),
            (structure, "WRITTEN_NO_MOVES"))


def end_check_names(game) -> set:
    """The names the generated end checks read (empty when the rules are not asked by
    one generated function)."""
    code = getattr(game.end_rules[0], "__code__", None)
    if code is None or code.co_filename != "<ludeme end checks>":
        return set()
    return set(code.co_names)


# the names the generated end checks read when each switch is on: the record of
# positions, the moves kept for the next player
READS = {"WRITTEN_TESTS": {"hashes", "_moves"}, "WRITTEN_REPEAT": {"hashes"},
         "WRITTEN_NO_MOVES": {"_moves"}}


def on_off(text: str, options: list[str] | None, seed: int, games: int, switch) -> tuple:
    """The game compiled with the switch on and off (the others on): the same records."""
    module, name = switch
    results = {}
    for value in (True, False):
        with switched(module, name, value):
            game = compiled(text, options)
        assert (READS[name] <= end_check_names(game)) == value
        results[value] = recorded(game, seed, games), played(game, range(games * 2))
    assert results[True] == results[False]
    return results[True]


@pytest.mark.parametrize("switch", SWITCHES, ids=[s[1] for s in SWITCHES])
@pytest.mark.parametrize("text", SHUFFLES, ids=["repeat 3", "crowded", "stuck loses", "4x4", "swap"])
def test_written_end_tests_on_shuffles(text, switch):
    record, plays = on_off(text, None, 5, 12, switch)
    ends = [r for r in record if len(r) == 3]
    assert len(ends) == 12 and len(record) > 100
    draws = [r for r in ends if r[0] == [0.0, 0.0] and r[2] < 60]
    assert draws  # some games drawn by a repeated position before the move limit
    if "c2" in text:  # the crowded boards: some games end with a side stuck
        assert any(r[0] != [0.0, 0.0] for r in ends)


@pytest.mark.parametrize("king", ["Guarded by the Throne", "Weak"])
def test_written_end_tests_on_brandubh(king):
    record, plays = on_off(brandubh(), [f"King/{king}"], seed=len(king) + 5, games=6,
                           switch=SWITCHES[0])
    assert len(record) > 150 and len(plays) == 12


def test_written_repeat_after_an_edited_record():
    """The record replaced (a copy of the state, a record started again) takes the
    general path: the count is the same as a count over the record."""
    game = compiled(SHUFFLES[0])
    s = game.new_initial_state()
    check = game.end_rules[0]
    assert "hashes" in end_check_names(game)
    for _ in range(8):
        game.play(s, s.legal_moves()[0])
        if s.is_terminal():
            break
        c = s.clone()
        c.hashes = list(c.hashes)  # a record of equal values, other objects
        assert check(c) == check(s)
