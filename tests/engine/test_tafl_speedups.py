"""Speed-ups of slide-and-capture games (issue 19 item 2, wave 13), each switched on and
off: the same legal moves in the same order, the same positions, hashes and results
along seeded games, on descriptions written here and on the bundled Brandubh.

- ``compile.placedreads``: ``(= (count Pieces ...) 0)``, ``(is In (where ...)
  <fixed region>)`` read from the kept piece sites, and these and ``(count Moves)``
  compared with a constant read in place by the generated end checks (checked against
  the tests they replace: ``absent_of`` and ``where_in`` giving back their fallback).
- a piece taken off the board keeps the occupancy kept on the state
  (``occupancy.cleared``): checked at every ply against the occupancy made from the
  board.
- ``conditions.state.REPEAT_NEWEST_FIRST``: ``(is Repeat n)`` asks first whether one
  position was added since its last look.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from ludeme.api import _compile
from ludeme.compile import placedreads
from ludeme.expand import expand
from ludeme.ludemes.conditions import state as state_conditions
from ludeme.runtime import occupancy
from ludeme.runtime.search import random_playout

SWITCHES = {"absent": (placedreads, "absent_of"), "where": (state_conditions, "where_in"),
            "repeat": (state_conditions, "REPEAT_NEWEST_FIRST")}

# raiders slide (or step) and flank; the chief wins on a corner, the raiders by taking
# the chief; a side with no piece of a kind left, a move limit and no move end it too
RAID = """(game "Raid" (players 2)
  (equipment {{(board {board})
    (piece "Raider" Each (move {move} Orthogonal {to}
        (then (custodial (from (last To)) Orthogonal
            (between (max 1) if:(is Enemy (who at:(between))) (apply (remove (between))))
            (to if:(or (is Friend (who at:(to))) (is In (to) (sites Corners))))))))
    (piece "Chief" P2 (move {move} Orthogonal {to}))}})
  (rules
    (start {{(place "Raider1" {{{p1}}}) (place "Raider2" {{{p2}}}) (place "Chief2" {chief})}})
    (play (forEach Piece))
    (end {{(if (is In (where "Chief" P2) (sites Corners)) (result P2 Win))
           (if (= (count Pieces P2 "Chief") 0) (result P1 Win))
           (if (= (count Pieces P1) 0) (result P2 Win))
           (if (= (count Pieces P2) 1) (result P1 Win))
           (if (is Repeat {repeat}) (result Mover Draw))
           (if (>= (count Moves) {limit}) (result Mover Draw))
           (if (no Moves Next) (result Mover Loss))}})))"""

RAIDS = [
    RAID.format(board="(square 7)", move="Slide", to="", p1='"a3" "a5" "g3" "g5" "c1" "e7"',
                p2='"c4" "e4" "d3"', chief='"d4"', limit=150, repeat=3),
    RAID.format(board="(rectangle 6 8)", move="Step", to="(to if:(is Empty (to)))",
                p1='"a2" "a5" "h2" "h5" "c1" "f6" "d1"', p2='"c3" "f3" "d4" "e4"',
                chief='"e3"', limit=200, repeat=2),
]


@contextmanager
def switched(**flags):
    """The switches named in ``flags`` (keys of ``SWITCHES``) set while inside."""
    old = {key: getattr(*SWITCHES[key]) for key in flags}
    for key, value in flags.items():
        setattr(*SWITCHES[key], value)
    try:
        yield
    finally:
        for key, value in old.items():
            setattr(*SWITCHES[key], value)


def compiled(text: str, options: list[str] | None = None, **flags):
    """The game compiled afresh with the switches in ``flags`` set for the compilation
    only."""
    with switched(**flags):
        return _compile(expand("<test>", options or [], None, text=text))


def _fallback(*args, **kwargs):
    """``placedreads.absent_of`` or ``where_in`` for an oracle: the test it would
    replace (its last argument), the board scanned."""
    return args[-1]


#: the switches of ``compiled`` for the board scanned instead of the kept sites read
SCANNED = {"absent": _fallback, "where": _fallback}


def brandubh() -> str:
    return (Path(__file__).parents[2] / "descriptions" / "brandubh.lud").read_text()


def same_games(fast, slow, seed: int, games: int) -> int:
    """The same random moves played in both: the same legal moves in the same order, the
    same board, hash and outcome at every ply; returns the plies compared."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            ma, mb = a.legal_moves(), b.legal_moves()
            assert [m.key for m in ma] == [m.key for m in mb]
            assert (a.what, a.hash, a.ply) == (b.what, b.hash, b.ply)
            assert a.hash == fast._full_hash(a)
            i = rng.randrange(len(ma))
            fast.play(a, ma[i])
            slow.play(b, mb[i])
            plies += 1
        assert b.is_terminal() and a.returns() == b.returns() and a.outcome == b.outcome
    return plies


def same_playouts(fast, slow, seeds: range) -> None:
    """``random_playout`` (the playout loop with its own listing) gives the same games."""
    for seed in seeds:
        a, b = fast.new_initial_state(), slow.new_initial_state()
        na = random_playout(a, random.Random(seed))
        nb = random_playout(b, random.Random(seed))
        assert na == nb and a.history == b.history and a.returns() == b.returns()


def outcomes(game, seeds: range) -> set:
    found = set()
    for seed in seeds:
        s = game.new_initial_state()
        random_playout(s, random.Random(seed))
        found.add(tuple(s.returns()))
    return found


@pytest.mark.parametrize("text", RAIDS)
def test_placed_reads_play_as_the_board_scanned(text):
    fast, slow = compiled(text), compiled(text, **SCANNED)
    inline = fast.end_rules[0].__code__.co_consts
    assert fast.end_rules[0].__code__.co_filename == "<ludeme end checks>"
    assert "placed" in fast.end_rules[0].__code__.co_names
    assert "placed" not in slow.end_rules[0].__code__.co_names, inline
    assert same_games(fast, slow, seed=len(text), games=12) > 300
    same_playouts(fast, slow, range(20))
    assert len(outcomes(fast, range(40))) > 1  # the end rules decide differently


@pytest.mark.parametrize("king", ["Guarded by the Throne", "Weak"])
def test_placed_reads_on_brandubh(king):
    options = [f"King/{king}"]
    fast = compiled(brandubh(), options)
    slow = compiled(brandubh(), options, **SCANNED)
    assert same_games(fast, slow, seed=len(king), games=6) > 150
    same_playouts(fast, slow, range(10))


def recorded(game, seed: int, games: int) -> list:
    """Seeded random games: per ply the legal moves in order, the board, the hash,
    whether the occupancy was kept (checked against one made from the board) and at the
    end the outcome."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            kept = s.occ is not None
            if kept:
                occ, placed = s.occ, list(s.placed)
                s.occ = None
                assert occupancy.read(s) == occ
                assert list(s.placed) == placed[:len(s.placed)]
            moves = s.legal_moves()
            out.append(([m.key for m in moves], list(s.what), s.hash, kept))
            game.play(s, moves[rng.randrange(len(moves))])
        out.append(s.returns())
    return out


@pytest.mark.parametrize("text", [RAIDS[0], brandubh()])
def test_occupancy_kept_through_captures(text):
    game = compiled(text)
    on = recorded(game, 5, 8)
    # a piece taken, and the occupancy still kept after that move
    assert len(on) > 200 and any(b[1].count(0) > a[1].count(0) and b[3]
                                 for a, b in zip(on, on[1:], strict=False)
                                 if isinstance(a, tuple) and isinstance(b, tuple))


@pytest.mark.parametrize("text", [RAIDS[0], RAIDS[1], brandubh()])
def test_repeats_counted_newest_first(text):
    fast, slow = compiled(text, repeat=True), compiled(text, repeat=False)
    assert same_games(fast, slow, seed=3, games=10) > 200
    same_playouts(fast, slow, range(30))
    draws = [s for s in range(30) if outcomes(fast, range(s, s + 1)) == {(0.0, 0.0)}]
    assert draws or text is not RAIDS[1]  # repeated positions end some games
