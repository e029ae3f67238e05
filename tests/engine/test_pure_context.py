"""Values of the context alone (``ludeme.compile.pure``): a piece's tests that read only
the mover, the origin and the dice's total are tables, and a nest of such ``if``s is one
look-up per piece. Checked on a small race of our own: written so that the tables are
used, and written so that they cannot be (a sum the tables cannot tell from any
number), both must list the same moves along seeded random games."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.compile.pure import FROM, TOTAL, WHO, choice_at, mark, tabulate

# one track per player over a 3 x 4 board from the hands (sites 12 and 13); two
# three-sided dice; a piece at the end of the track leaves; none may land on the
# "Safe" sites when an enemy holds them, nor on a friend
RACE = """
(define "Ahead" (trackSite Move steps:STEPS))
(game "Safe Run"
    (players 2)
    (equipment {
        (board (rectangle 3 4)
            { (track "Track1" "12,0,E,N1,W,N1,E,End" P1 directed:True)
              (track "Track2" "13,11,W,S1,E,S1,W,End" P2 directed:True) })
        (dice d:3 from:0 num:2)
        (hand Each)
        (regions "Safe" (sites {5 6}))
        (piece "Runner" Each
            (if (= "Ahead" End)
                (move Remove (from))
                (if (and (!= "Ahead" Off) (not (= "Ahead" 9)))
                    (if (or (is In "Ahead" (sites Empty))
                            (and (not (is Friend (who at:"Ahead")))
                                 (not (is In "Ahead" (sites "Safe")))))
                        (move (from) (to "Ahead"
                            (apply if:(is Enemy (who at:(to)))
                                (fromTo (from (to)) (to (handSite Next))))))))))
    })
    (rules
        (start { (place "Runner1" (handSite P1) count:3) (place "Runner2" (handSite P2) count:3) })
        (play (do (roll) next:(if (> (count Pips) 0)
            (or (forEach Piece) (forEach Piece container:(mover))))))
        (end (if (= (count Pieces Mover) 0) (result Mover Win)))
    )
)
"""

PURE = RACE.replace("STEPS", "(count Pips)")
MIXED = RACE.replace("STEPS", "(+ (count Pips) (count Sites in:(sites {})))")


def play_alike(seed: int, plies: int = 400) -> int:
    return play_in_step(ludeme.loads(PURE), ludeme.loads(MIXED), seed, plies)


def play_in_step(a, b, seed: int, plies: int) -> int:
    """Plays the games ``a`` and ``b`` side by side with the same random draws,
    asserting the same moves in the same order at every ply and the same position at
    the end; returns the moves made."""
    sa, sb = a.new_initial_state(), b.new_initial_state()
    rng = random.Random(seed)
    moved = 0
    while not sa.is_terminal() and sa.ply < plies:
        if sa.is_chance_node():
            assert sb.is_chance_node()
            roll = a.dice.sample(rng)
            sa.apply_chance(roll)
            sb.apply_chance(roll)
            continue
        ma, mb = sa.legal_moves(), sb.legal_moves()
        assert [m.key for m in ma] == [m.key for m in mb], (seed, sa.ply)
        i = rng.randrange(len(ma))
        moved += ma[i].kind != "pass"
        sa.apply(ma[i])
        sb.apply(mb[i])
    assert sa.is_terminal() == sb.is_terminal()
    assert sa.what == sb.what and sa.hash == sb.hash
    return moved


@pytest.mark.parametrize("seed", range(5))
def test_the_tables_play_as_the_rule_written_out(seed):
    assert play_alike(seed) > 20


def test_a_marked_function_is_read_from_its_table():
    game = ludeme.loads(PURE)
    calls = []

    def ahead(s):
        calls.append(1)
        return (s.who * 100 + s.frm) * 10 + s.dice.total

    look = tabulate(mark(ahead, (WHO, FROM, TOTAL)))
    s = game.new_initial_state()
    s.settle(random.Random(2))
    s.who, s.frm = 2, 7
    assert look(s) == (200 + 7) * 10 + s.dice.total
    built = len(calls)
    assert built == 3 * 14 * 5  # players 0-2, board and hand sites, totals 0-4
    for x in range(14):
        s.frm = x
        assert look(s) == (200 + x) * 10 + s.dice.total
    assert len(calls) == built  # no call once the table is built
    s.frm = -1  # outside the table: the function itself
    assert look(s) == ahead(s)


def test_a_function_reading_the_position_keeps_its_own_answers():
    # marked as if it read the context alone, it reads the board: the table cannot be
    # built on the context, and the function answers for itself
    game = ludeme.loads(PURE)
    look = tabulate(mark(lambda s: s.what[s.frm], (FROM,)))
    s = game.new_initial_state()
    s.settle(random.Random(4))
    for x in range(12):
        s.frm = x
        s.what[x] = x % 3
        assert look(s) == x % 3


def test_a_nest_of_context_tests_is_one_look_up():
    game = ludeme.loads(PURE)
    s = game.new_initial_state()
    s.settle(random.Random(1))

    def leaf(name):
        def at(st, frm, out):
            out.append((name, frm))
        return at

    inner = choice_at(mark(lambda st: st.frm % 2 == 0, (FROM,)), leaf("even"), None)
    outer = choice_at(mark(lambda st: st.frm < 6, (FROM,)), inner, leaf("far"))
    assert hasattr(outer, "pick") and hasattr(inner, "pick")
    for x in range(12):
        out = []
        outer(s, x, out)
        want = [("far", x)] if x >= 6 else ([("even", x)] if x % 2 == 0 else [])
        assert out == want
    # a test that reads the position is not a choice of the context
    assert choice_at(lambda st: st.what[st.frm] > 0, leaf("a"), None) is None
