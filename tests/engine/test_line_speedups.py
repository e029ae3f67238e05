"""The placement and line speed-ups of the alignment games, each checked against the plain
path it replaces: the placements on ``(sites Drop ...)`` kept on the state (against
the same region walked at every listing, when a condition ``(to ... if:(is Empty
(to)))`` is written on it), ``(is Line n)`` read as bits (``BIT_LINES``,
``compile.bitlines.through_line``) and ``(is Full)`` read from the kept occupancy
(``FULL_BITS``). Along random games of the bundled Connect Four and
Tic-Tac-Toe and of descriptions written here (a Ludii-style gravity game of five, a drop
game whose lines take the piece under them away, lines on square and hexagonal boards),
both give the same legal moves in the same order and the same results."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludeme.board.graph import OPPOSITE
from ludeme.compile import bitlines
from ludeme.ludemes.conditions import state as conditions
from tests.engine.test_speedups import compiled_with

_FLAGS = {"bit_lines": (conditions, "BIT_LINES"),
          "full_bits": (conditions, "FULL_BITS")}

DESCRIPTIONS = Path(__file__).resolve().parents[2] / "descriptions"

# written as a Ludii library file is: defines, an option, a piece of each player
GRAVITY_FIVE = """
(define "Landing" (sites Drop S))
(define "FiveInARow" (is Line 5))

(game "Gravity Five"
    (players 2)
    (equipment {
        <Board:shape>
        (piece "Ball" Each)
    })
    (rules
        (play (move Add (to "Landing")))
        (end {
            (if "FiveInARow" (result Mover Win))
            (if (is Full) (result Mover Draw))
        })
    )
)

(option "Board" <Board> args:{ <shape> }
    {
        (item "8x9" <(board (rectangle 8 9))> "Eight rows of nine.")**
        (item "5x6" <(board (rectangle 5 6))> "A small board.")
    }
)
"""

# a line of three orthogonally takes away the piece under the one just dropped: the
# pieces above it then float over an empty site (a drop lands there, under them)
UNDERMINE = """(game "Undermine" (players 2)
  (equipment {(board (rectangle 5 5)) (piece "Disc" Each)})
  (rules
    (play (move Add (to (sites Drop S))
            (then (if (is Line 3 Orthogonal) (remove (ahead (last To) S))))))
    (end {(if (is Line 4) (result Mover Win)) (if (is Full) (result Mover Draw))})))"""

# lines on other boards: five in a row on a square, four on a rhombus and on a hexagon
# (walked: their sites are not one difference of index apart along a line), and an
# exact line (an overline does not count: walked)
LINES = """(game "Lines" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))))
    (end {{(if (is Line {n}{exact}) (result Mover Win)) (if (is Full) (result Mover Draw))}})))"""

GAMES = {
    "connect four": (DESCRIPTIONS / "connect-four.lud").read_text(),
    "tic-tac-toe": (DESCRIPTIONS / "tic-tac-toe.lud").read_text(),
    "gravity five": GRAVITY_FIVE,
    "undermine": UNDERMINE,
    "five on a square": LINES.format(board="(square 9)", n=5, exact=""),
    "four on a rhombus": LINES.format(board="(hex Diamond 6)", n=4, exact=""),
    "four on a hexagon": LINES.format(board="(hex 4)", n=4, exact=""),
    "exactly four": LINES.format(board="(square 7)", n=4, exact=" exact:True"),
}


def walked(text: str) -> str:
    """The description with its drops written with a condition, ``if:(is Empty (to))``
    (always true there): the placements made by walking the region at every listing,
    not kept on the state."""
    return text.replace('(to "Landing")', '(to "Landing" if:(is Empty (to)))').replace(
        "(to (sites Drop S))", "(to (sites Drop S) if:(is Empty (to)))")


def play_in_step(fast, slow, seed: int) -> int:
    """A random game of both side by side, the same legal moves (in order) and the same
    result at every ply; now and then the fast one goes on from a copy. Returns the
    plies played."""
    rng = random.Random(seed)
    a, b = fast.new_initial_state(), slow.new_initial_state()
    while True:
        ma, mb = a.legal_moves(), b.legal_moves()
        assert [m.key for m in ma] == [m.key for m in mb], (seed, a.ply)
        assert a.outcome == b.outcome, (seed, a.ply)
        if a.is_terminal():
            assert b.is_terminal()
            return a.ply
        if rng.random() < 0.1:
            a = a.clone()
        i = rng.randrange(len(ma))
        a.apply(ma[i])
        b.apply(mb[i])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fast_paths_play_as_the_plain_ones(name):
    text = GAMES[name]
    slow = compiled_with(_FLAGS, walked(text), bit_lines=False, full_bits=False)
    for flags in ({"bit_lines": True, "full_bits": True},
                  {"bit_lines": False, "full_bits": False},
                  {"bit_lines": True, "full_bits": False}):
        fast = compiled_with(_FLAGS, text, **flags)
        plies = [play_in_step(fast, slow, seed) for seed in range(8)]
        assert sum(plies) > 8 * 4


def test_option_sets_of_the_ludii_style_game():
    from ludeme.api import _compile
    from ludeme.expand import expand

    for option in ("Board/8x9", "Board/5x6"):
        games = []
        for on, text in ((True, GRAVITY_FIVE), (False, walked(GRAVITY_FIVE))):
            old = conditions.BIT_LINES
            conditions.BIT_LINES = on
            try:
                games.append(_compile(expand("<test>", [option], None, text=text)))
            finally:
                conditions.BIT_LINES = old
        for seed in range(5):
            play_in_step(*games, seed)


def test_the_fast_paths_are_taken():
    """The drop listing keeps a structure on the state and the line check the occupancy
    (what the plain paths never make)."""
    text = GAMES["gravity five"]
    fast = compiled_with(_FLAGS, text, bit_lines=True)
    slow = compiled_with(_FLAGS, walked(text), bit_lines=False)
    assert fast.phases[0].generate.__qualname__.startswith("_add_to_lowest_empty")
    assert not slow.phases[0].generate.__qualname__.startswith("_add_to_lowest_empty")
    assert len(fast.aux_init) == len(slow.aux_init) + 1
    for game, kept in ((fast, True), (slow, False)):
        s = game.new_initial_state()
        for _ in range(6):
            s.apply(s.legal_moves()[0])
        assert (s.occ is not None) == kept


def _axes(board):
    """The axes (step tables each way) ``(is Line ...)`` walks along, as it finds them."""
    axes, seen = [], set()
    for d in board.directions["Adjacent"]:
        if d not in seen:
            seen.update((d, OPPOSITE[d]))
            step = board.step["Adjacent"]
            axes.append((step[d], step[OPPOSITE[d]]))
    return axes


def _walk(axes, bits: int, at: int, length: int) -> bool:
    for fwd, back in axes:
        n = 1
        for step in (fwd, back):
            x = step[at]
            while x >= 0 and bits >> x & 1:
                n += 1
                x = step[x]
        if n >= length:
            return True
    return False


@pytest.mark.parametrize("board, bitwise", [("(rectangle 6 7)", True), ("(square 3)", True),
                                             ("(rectangle 4 9)", True),
                                             ("(hex Diamond 5)", None), ("(hex 3)", None)])
def test_runs_through_a_site_as_bits_count_as_a_walk(board, bitwise):
    game = compiled_with(_FLAGS, LINES.format(board=board, n=3, exact=""))
    n = game.board.n_sites
    axes = _axes(game.board)
    rng = random.Random(5)
    for length in range(2, 7):
        line = bitlines.through_line(axes, length, n)
        if bitwise is None:
            # Ludii numbers the hexagons by rows of changing length: no fixed difference
            assert line is None
            continue
        for _ in range(400):
            bits = sum(1 << x for x in range(n) if rng.random() < rng.choice((0.3, 0.6, 0.9)))
            at = rng.randrange(n)
            bits |= 1 << at
            assert line(bits, at) == _walk(axes, bits, at, length), (board, length, at, bits)
