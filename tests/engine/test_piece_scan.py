"""The generated scan of the board for steps and hops (``ludeme.compile.piecescan``)
checked against the plain listing it replaces, on descriptions written for these tests:
compiled with the scan and without it, both must list the same moves in the same order
along seeded random games, with the same positions and hashes."""

from __future__ import annotations

import pytest

from ludeme.compile import piecescan
from tests.engine.test_pure_context import play_in_step
from tests.engine.test_speedups import JUMPS, MEN_AND_KINGS, NO_SCAN, agree_along_games_and_fillings
from tests.engine.test_speedups import compiled as compiled_with

# forced captures first ((priority ...)), men hopping and stepping forward only, kings
# both ways, a man promoted on the far row: the tables of every test read the piece only
DRAUGHTS = """
(game "Mini Draughts"
    (players 2)
    (equipment {
        (board (square 6))
        (piece "Counter" P1 N) (piece "Counter" P2 S)
        (piece "DoubleCounter" Each)
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
    })
    (rules
        (start {
            (place "Counter1" (difference (expand (sites Bottom) steps:1) (sites Phase 1)))
            (place "Counter2" (difference (expand (sites Top) steps:1) (sites Phase 1)))
        })
        (play (priority {
            (or
                (forEach Piece "Counter" (move Hop (from) (directions {FR FL})
                    (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                    (to if:(is Empty (to)))))
                (forEach Piece "DoubleCounter" (move Hop (from) Diagonal
                    (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                    (to if:(is Empty (to))))))
            (or
                (forEach Piece "Counter" (move Step (directions {FR FL}) (to if:(is Empty (to))))
                    (then (if (is In (last To) (sites Next))
                        (move Promote (last To) (piece "DoubleCounter") Mover))))
                (forEach Piece "DoubleCounter" (move Step Diagonal (to if:(is Empty (to))))))
        }))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""

# a hexagonal board (its rows differ in length): steps that may not land in the centre
# and take an enemy, hops over a friend that is not on a corner: tables that read the
# site too
HEX_STEPS = """
(game "Hex Steps"
    (players 2)
    (equipment {
        (board (hex 4))
        (piece "Disc" Each)
    })
    (rules
        (start {
            (place "Disc1" (expand (sites Bottom)))
            (place "Disc2" (expand (sites Top)))
        })
        (play (or
            (forEach Piece "Disc" (move Step
                (to if:(and (not (is Friend (who at:(to)))) (not (is In (to) (sites Centre))))
                    (apply (remove (to))))))
            (forEach Piece "Disc" (move Hop Adjacent
                (between if:(and (is Friend (who at:(between))) (not (is In (between) (sites Corners)))))
                (to if:(is Empty (to)))))))
        (end (if (= (count Pieces Next) 0) (result Mover Win)))
    )
)
"""


@pytest.mark.parametrize("text", [DRAUGHTS, HEX_STEPS], ids=["draughts", "hex"])
@pytest.mark.parametrize("seed", range(6))
def test_the_scan_lists_what_the_loop_lists(text, seed, monkeypatch):
    made = []
    build = piecescan._scan
    monkeypatch.setattr(piecescan, "_scan", lambda *a: made.append(a) or build(*a))
    # compiled afresh each (not from the API's cache, which would answer the second with
    # the first)
    fast, slow = compiled_with(text), compiled_with(text, scan_board=NO_SCAN)
    assert play_in_step(fast, slow, seed, 200) > 10
    assert made, "the scan was never used"


def test_the_scan_reads_the_site_where_a_rule_does(monkeypatch):
    # the hex game's tables depend on the site (the centre, the corners); the draughts
    # game's do not: both shapes of generated test are made
    made = []
    build = piecescan._scan
    monkeypatch.setattr(piecescan, "_scan", lambda *a: made.append(a) or build(*a))
    for text in (DRAUGHTS, HEX_STEPS):
        game = compiled_with(text)
        play_in_step(game, game, 1, 40)
    by_site = {row is None for *_, free in made for row in free}
    assert by_site == {True, False}



@pytest.mark.parametrize("board,p1,p2", [
    ("(square 6)", '"b1" "d1" "f1" "a2" "c2" "e2"', '"a5" "c5" "e5" "b6" "d6" "f6"'),
    ("(hex 4)", '"a1" "b1" "c1" "b2"', '"d7" "e7" "f7" "e6"'),
])
def test_the_scan_on_random_fillings_of_the_board(board, p1, p2):
    # men and kings anywhere, either player to move: the same moves with the scan or not
    text = MEN_AND_KINGS.format(board=board, p1=p1, p2=p2)
    fast, slow = compiled_with(text), compiled_with(text, scan_board=NO_SCAN)
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2", "King1", "King2"),
                                          seed=len(board), games=4, fillings=80) > 100


@pytest.mark.parametrize("board,dirs,hurdle", [
    ("(square 6)", "(directions {FR FL})", "(is Enemy (who at:(between)))"),
    ("(rectangle 5 6)", "Orthogonal",
     "(and (is Enemy (who at:(between))) (not (is In (between) (sites Corners))))"),
])
def test_the_scan_of_hops_on_random_fillings(board, dirs, hurdle):
    text = JUMPS.format(board=board, dirs=dirs, hurdle=hurdle)
    fast, slow = compiled_with(text), compiled_with(text, scan_board=NO_SCAN)
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2"), seed=len(board),
                                          games=4, fillings=80) > 80
