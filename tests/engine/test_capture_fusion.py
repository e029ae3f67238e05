"""The capture rules of a move's consequences run as one generated function
(``captures._fused_fn``) checked against each rule worked out and applied on its own
(``_fused_fn`` answering None, as for rules in different direction orders): the
same legal moves, positions, hashes and results along seeded random games, on
descriptions written here (flanking and surrounding together, on square and hex boards)
and on the bundled Brandubh."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludeme.ludemes.effects import captures
from tests.engine.test_custodial_speedups import same_positions_along_games
from tests.engine.test_speedups import compiled_with, none_of

_FLAGS = {"fused": (captures, "_fused_fn")}

# guards flank enemies (against a friend or a corner) and surround the chief (against
# friends or the centre, with some sides allowed missing); the chief's capture is a
# trigger the end rules read
FENCE = """(game "Fence" (players 2)
  (equipment {{(board {board})
    (piece "Guard" Each (move Slide {dirs}
        (then (or {{
            (custodial (from (last To)) {dirs}
                (between (max 1) if:(and (is Enemy (who at:(between)))
                                         (!= (what at:(between)) (id "Chief2")))
                    (apply (remove (between))))
                (to if:(or (is Friend (who at:(to))) (is In (to) (sites Corners)))))
            (surround (from (last To)) {dirs}
                (between if:(= (what at:(between)) (id "Chief2"))
                    (apply (trigger "Caught" P2)))
                (to if:(or (is Friend (who at:(to))) (is In (to) (sites Centre))))
                except:{allowed})
            {third}
        }}))))
    (piece "Chief" P2 (move Slide {dirs}))}})
  (rules
    (start {{(place "Guard1" {{{p1}}}) (place "Guard2" {{{p2}}}) (place "Chief2" (centrePoint))}})
    (play (forEach Piece))
    (end {{(if (is Within (id "Chief2") in:(sites Corners)) (result P2 Win))
           (if (is Triggered "Caught" P2) (result P1 Win))
           (if (>= (count Moves) 120) (result Mover Draw))}})))"""

# a third rule: the chief flanked away from the centre
FLANKED_CHIEF = """(custodial (from (last To)) {dirs}
                (between (max 1) if:(and (= (what at:(between)) (id "Chief2"))
                                         (not (is In (between) (sites Centre))))
                    (apply (trigger "Caught" P2)))
                (to if:(is Friend (who at:(to)))))"""

CASES = [
    ("(square 7)", "Orthogonal", 0, True, '"a3" "a4" "g3" "g4" "c1" "e7" "d1"',
     '"c4" "e4" "d3" "d5"'),
    ("(square 6)", "Adjacent", 3, False, '"a3" "b4" "f3" "e4" "c1" "e6"', '"b2" "e5" "b5"'),
    ("(hex 4)", "Adjacent", 1, True, '"a1" "b2" "g4" "f5" "d1" "d7"', '"c3" "e5" "d3" "e4"'),
]


@pytest.mark.parametrize("board,dirs,allowed,third,p1,p2", CASES)
def test_fused_captures_play_as_the_rules_one_by_one(board, dirs, allowed, third, p1, p2):
    text = FENCE.format(board=board, dirs=dirs, allowed=allowed, p1=p1, p2=p2,
                        third=FLANKED_CHIEF.format(dirs=dirs) if third else "")
    fast = compiled_with(_FLAGS, text)
    slow = compiled_with(_FLAGS, text, fused=none_of)
    s = fast.new_initial_state()
    assert any(m.then is not None and m.then.__code__.co_filename == "<ludeme fused captures>"
               for m in s.legal_moves())  # the fused function is the one played
    assert all(m.then is None or m.then.__code__.co_filename != "<ludeme fused captures>"
               for m in slow.new_initial_state().legal_moves())
    assert same_positions_along_games(fast, slow, seed=len(board) + allowed, games=12) > 150


def test_fused_captures_on_brandubh():
    text = (Path(__file__).parents[2] / "descriptions" / "brandubh.lud").read_text()
    for king in ("Guarded by the Throne", "Weak"):
        from ludeme.api import _compile
        from ludeme.expand import expand

        def load(on: bool, king=king):
            old = captures._fused_fn
            if not on:
                captures._fused_fn = none_of
            try:
                return _compile(expand("<test>", [f"King/{king}"], None, text=text))
            finally:
                captures._fused_fn = old

        fast, slow = load(True), load(False)
        assert same_positions_along_games(fast, slow, seed=len(king), games=6) > 150


# -- the end rules' tests asked in one generated function (``endchecks.INLINE``) --------

# three runners: a player leaves the game when its runner is home or it has triggered
# the centre; the others play on (the standing decides when the game is over)
RACE = """(game "Race" (players 3)
  (equipment {{(board (square 6))
    (piece "Runner" Each (move {move} Adjacent {to}
        (then (if (is In (last To) (sites Centre)) (trigger "Centre" Mover)))))}})
  (rules
    (start {{(place "Runner1" "a1") (place "Runner2" "f1") (place "Runner3" "a6")}})
    (play (forEach Piece))
    (end {{(if (is Within (id "Runner1") in:(sites Right)) (result P1 Win))
           (if (>= (count Moves) 60) (result Mover Draw))
           (if (is Within (id "Runner2") in:(sites Left)) (result P2 Win))
           (if (is Triggered "Centre" P3) (result P3 Win))
           (if (is Triggered "Centre" P1) (result P1 Loss))}})))"""


@pytest.mark.parametrize("text", [
    RACE.format(move="Slide", to=""),
    RACE.format(move="Step", to="(to if:(is Empty (to)))"),
    FENCE.format(board="(square 7)", dirs="Orthogonal", allowed=0,
                 p1='"a3" "a4" "g3" "g4" "c1" "e7" "d1"', p2='"c4" "e4" "d3" "d5"',
                 third=FLANKED_CHIEF.format(dirs="Orthogonal")),
])
def test_end_checks_in_one_function_as_in_a_loop(text):
    from ludeme.compile import endchecks

    flags = {"inline": (endchecks, "INLINE")}
    fast = compiled_with(flags, text, inline=True)
    slow = compiled_with(flags, text, inline=False)
    assert fast.end_rules[0].__code__.co_filename == "<ludeme end checks>"
    assert slow.end_rules[0].__code__.co_filename != "<ludeme end checks>"
    assert same_positions_along_games(fast, slow, seed=len(text), games=40) > 400
