"""The board's occupancy kept on the state (``ludeme.runtime.occupancy``): along random
games of descriptions that slide, shoot, place, capture and promote, whatever the
state keeps equals the occupancy made afresh from the board at every ply, and the
listings that read it give the same moves, in the same order, as the plain walks they
replace (every ray given no mask: ``test_speedups.walked_entry``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludeme.api import _compile
from ludeme.compile import slidelists
from ludeme.expand import expand
from ludeme.runtime import occupancy
from ludeme.runtime.position import position
from tests.engine.test_speedups import ARROWS, DISCS, RUNS, walked_entry


def compiled(text: str, bits: bool):
    """The game compiled afresh, its listings reading the board as bits or walking it
    (every ray given no mask)."""
    if bits:
        return _compile(expand("<test>", [], None, text=text))
    old = slidelists.ray_entry
    slidelists.ray_entry = walked_entry
    try:
        return _compile(expand("<test>", [], None, text=text))
    finally:
        slidelists.ray_entry = old


def fresh(s) -> tuple[int, list[int]]:
    """The occupancy and the sites of each piece id, made from the board."""
    n = len(s.what)
    occ = 0
    placed = [0] * len(s.game.pieces.names)
    for x, p in enumerate(s.what):
        if p:
            occ |= (1 << (n - 1 - x)) | (1 << (n + x))
            placed[p] |= 1 << x
    return occ, placed


def check_kept(s) -> bool:
    """Assert that what ``s`` keeps (if anything) is the board's occupancy; whether it
    keeps any."""
    if s.occ is None:
        return False
    occ, placed = fresh(s)
    assert s.occ == occ, s.ply
    assert s.placed[:len(placed)] == placed and not any(s.placed[len(placed):]), s.ply
    return True


def play_in_step(fast, slow, seed: int, plies: int = 400) -> tuple[int, int]:
    """Random games of both side by side; returns (plies compared, plies where the fast
    one's state kept the occupancy)."""
    rng = random.Random(seed)
    sa, sb = fast.new_initial_state(), slow.new_initial_state()
    compared = kept = 0
    while not sa.is_terminal() and sa.ply < plies:
        ma, mb = sa.legal_moves(), sb.legal_moves()
        assert [m.key for m in ma] == [m.key for m in mb], (seed, sa.ply)
        kept += check_kept(sa)
        compared += 1
        # now and then a copy goes on instead (State.copy keeps what it kept)
        if rng.random() < 0.1:
            sa = sa.clone()
        i = rng.randrange(len(ma))
        sa.apply(ma[i])
        sb.apply(mb[i])
        kept += check_kept(sa)
    assert sb.is_terminal() == sa.is_terminal()
    assert sa.what == sb.what and sa.hash == sb.hash
    return compared, kept


# queens that slide and shoot (moving, then placing, the writers that keep the occupancy):
# test_speedups' ARROWS

# queens that take by landing on an enemy (the mover's move replaces what stood there)
# and shoot; blocks dropped on the board by the other kind of turn
RAIDERS = """(game "Raiders" (players 2)
  (equipment {(board (square 6))
     (piece "Queen" Each (move Slide (to if:(is Enemy (who at:(to)))) (then (moveAgain))))
     (piece "Dot" Neutral)})
  (rules
    (start {(place "Queen1" {"a1" "f1"}) (place "Queen2" {"a6" "f6"})})
    (play (if (is Even (count Moves))
              (or (forEach Piece) (move Add (piece "Dot0") (to (sites Empty))
                                     (then (moveAgain))))
              (move Shoot (piece "Dot0"))))
    (end (if (no Moves Next) (result Mover Win)))))"""

# rooks that slide and take by custodial capture (a removal: not kept, made afresh)
FLANKS = """(game "Flanks" (players 2)
  (equipment {(board (square 7)) (piece "Rook" Each (move Slide Orthogonal
     (then (custodial (from (last To)) Orthogonal (between (max 1) if:(is Enemy (who at:(between)))
                       (apply (remove (between)))) (to if:(is Friend (who at:(to))))))))})
  (rules
    (start {(place "Rook1" {"a1" "c1" "e1" "g1" "b2" "f2"})
            (place "Rook2" {"a7" "c7" "e7" "g7" "b6" "f6"})})
    (play (forEach Piece))
    (end {(if (no Moves Next) (result Mover Win))
          (if (= (count Pieces Next) 1) (result Mover Win))})))"""

# slides that are promoted when they reach the far row (promotion: not kept)
CROWNS = """(game "Crowns" (players {(player N) (player S)})
  (equipment {(board (square 6))
     (piece "Pawn" Each (move Slide (directions {Forward FL FR})
        (then (if (is In (last To) (sites Mover "Far")) (promote (last To) (piece "Queen")
                                                                 Mover)))))
     (piece "Queen" Each (move Slide))
     (regions "Far" P1 (sites Top)) (regions "Far" P2 (sites Bottom))})
  (rules
    (start {(place "Pawn1" (sites Row 0)) (place "Pawn2" (sites Row 5))})
    (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Loss)))))"""

GAMES = {
    "arrows square": ARROWS.format(board="(square 6)", dirs="", p1='"a2" "f2"',
                                   p2='"a5" "f5"'),
    "arrows hex": ARROWS.format(board="(hex 3)", dirs="Orthogonal", p1='"a1" "c1"',
                                p2='"c5" "e5"'),
    "raiders": RAIDERS,
    "flanks": FLANKS,
    "crowns": CROWNS,
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_kept_occupancy_lists_as_the_walks(name):
    text = GAMES[name]
    fast, slow = compiled(text, True), compiled(text, False)
    compared = kept = 0
    for seed in range(6):
        c, k = play_in_step(fast, slow, seed)
        compared += c
        kept += k
    assert compared > 60
    # kept at most plies (made afresh after each removal, promotion, ...), checked
    # against the occupancy made from the board
    assert kept > compared // 3


def test_a_position_set_up_is_made_afresh():
    game = compiled(GAMES["arrows square"], True)
    s = game.new_initial_state()
    s.legal_moves()
    assert check_kept(s)
    s = position(game, {"a1": "Queen1", "c3": "Dot", "f6": "Queen2"})
    assert s.occ is None
    moves = {s.move_to_string(m) for m in s.legal_moves()}
    # a1's queen is stopped by c3's dot on the diagonal
    assert "a1-b2" in moves and "a1-d4" not in moves
    assert check_kept(s)


def _bundled() -> dict[str, str]:
    folder = Path(__file__).resolve().parents[2] / "descriptions"
    return {p.stem: p.read_text() for p in sorted(folder.glob("*.lud"))}


def _writers() -> dict[str, str]:
    """Descriptions whose moves write the board every way the bundled games and the
    flipping-disc tests do (placements, claims, stacks, paths, captures, flips)."""
    args = dict(board="(square 6)", dirs="Adjacent", limit="", p1='"c3" "d4"', p2='"c4" "d3"')
    return {**_bundled(), "discs": DISCS.format(**args), "runs": RUNS.format(**args)}


@pytest.mark.parametrize("name", sorted(_writers()))
def test_every_writer_keeps_or_drops_the_occupancy(name):
    """The occupancy made at every ply (as a sliding listing would) is, after any move,
    either dropped or still the board's: no writer of ``State.what`` leaves it stale."""
    game = _compile(expand("<test>", [], None, text=_writers()[name]))
    plies = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal() and s.ply < 120:
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_chance(rng.choice(outcomes)[0])
                continue
            occupancy.read(s)
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
            check_kept(s)
            plies += 1
    assert plies > 20
