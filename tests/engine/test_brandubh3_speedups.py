"""Speed-ups of wave 15's Brandubh pass (issue 19 item 2), each switched on and off: the
same legal moves in the same order, the same positions, hashes, flags and results along
seeded games, on descriptions written here and on the bundled Brandubh.

- ``structure.LEAN_NO_MOVES``: ``(no Moves Next)`` asked once the turn has passed reads
  the next player's moves kept, or lists them itself, without ``Game.stuck`` and
  ``State.legal_moves`` (a switch read while playing: the games are recorded with it on
  and off).
- the fused captures return at once when no neighbour of the destination holds a piece
  their rules could take (read from the kept piece sites): checked against every
  neighbour looked at (``captures.NEARBY_PIECES`` 0, as for rules taking more kinds).
- the generated slide listing reads a ray some origin lacks (padded with a ray of mask
  0) only when its mask is not 0: checked against every ray walked site by site
  (``test_speedups.walked_entry``).
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from ludeme.api import _compile
from ludeme.compile import slidelists
from ludeme.expand import expand
from ludeme.ludemes.effects import captures
from ludeme.ludemes.rules import structure
from ludeme.runtime.search import random_playout
from tests.engine.test_bytes_listing import ROOK_GAMES
from tests.engine.test_capture_fusion import CASES, FENCE, FLANKED_CHIEF
from tests.engine.test_slide_listing import DESCRIPTIONS, _functions
from tests.engine.test_speedups import same_lists, walked_entry
from tests.engine.test_tafl_speedups import RAIDS

# pawns step ahead or ahead and to one side onto empty sites, and block each other: a
# side left without a move ends the game ({end}), or passes; (no Moves Next) is one of
# two end rules, so that the turn does not fold it
BLOCKADE = """(game "Blockade" (players 2)
  (equipment {{(board (square 5))
    (piece "Pawn" P1 (move Step (directions {{N NE}}) (to if:(is Empty (to)))))
    (piece "Pawn" P2 (move Step (directions {{S SW}}) (to if:(is Empty (to)))))}})
  (rules
    (start {{(place "Pawn1" {{"a1" "b1" "c2" "d1" "e1"}})
             (place "Pawn2" {{"a5" "b4" "c5" "d5" "e5"}})}})
    (play (forEach Piece))
    (end {{(if (>= (count Moves) 40) (result Mover Draw))
           (if {end} (result Mover Win))}})))"""

BLOCKADES = [BLOCKADE.format(end="(no Moves Next)"),
             # only P1's moves end it: P2 left without a move passes
             BLOCKADE.format(end="(and (is Mover P1) (no Moves Next))")]


def brandubh() -> str:
    return (Path(__file__).parents[2] / "descriptions" / "brandubh.lud").read_text()


def compiled(text: str, options: list[str] | None = None):
    return _compile(expand("<test>", options or [], None, text=text))


@contextmanager
def switched(module, name: str, value: bool):
    old = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, old)


def recorded(game, seed: int, games: int) -> list:
    """Seeded random games: per ply the legal moves in order, the board, the hash, the
    mover, the flags of stuck players and the previous mover; at the end the outcome."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        for moves in iter(s.legal_moves, []):  # none once the game is over
            out.append(([m.key for m in moves], list(s.what), s.hash, s.mover,
                        s.stalemated, s.prev_mover))
            game.play(s, moves[rng.randrange(len(moves))])
        assert s.is_terminal()
        out.append((s.returns(), s.stalemated, s.ply))
    return out


def played(game, seeds: range) -> list:
    """``random_playout`` (the playout loop reading the moves the end rule kept)."""
    out = []
    for seed in seeds:
        s = game.new_initial_state()
        n = random_playout(s, random.Random(seed))
        out.append((n, [m.key for m in s.history], s.returns(), s.stalemated))
    return out


def on_off(text: str, options: list[str] | None, seed: int, games: int) -> tuple:
    game = compiled(text, options)
    with switched(structure, "LEAN_NO_MOVES", True):
        on = recorded(game, seed, games), played(game, range(games * 2))
    with switched(structure, "LEAN_NO_MOVES", False):
        off = recorded(game, seed, games), played(game, range(games * 2))
    assert on == off
    return on


@pytest.mark.parametrize("text", BLOCKADES, ids=["stuck ends", "stuck passes"])
def test_no_moves_next_lean_on_blockades(text):
    record, plays = on_off(text, None, seed=7, games=20)
    ends = {tuple(r[0]) for r in record if len(r) == 3}
    assert len(record) > 300
    passes = [r for r in record if len(r) == 6 and r[0] == [("pass", -1, -1, 0, 0)]]
    if "is Mover" in text:
        # a player left without a move passes (its one move), and the game goes on
        assert passes and (1.0, -1.0) in ends
    else:
        assert not passes and ends >= {(1.0, -1.0), (-1.0, 1.0)}  # either side stuck
        assert {p[2][0] for p in plays} >= {1.0, -1.0}


@pytest.mark.parametrize("king", ["Guarded by the Throne", "Weak"])
def test_no_moves_next_lean_on_brandubh(king):
    record, plays = on_off(brandubh(), [f"King/{king}"], seed=len(king), games=6)
    assert len(record) > 150 and len(plays) == 12


def fused_code(game) -> set:
    """The names the fused capture functions of the first listing's moves read."""
    s = game.new_initial_state()
    return {name for m in s.legal_moves() if m.then is not None
            and m.then.__code__.co_filename == "<ludeme fused captures>"
            for name in m.then.__code__.co_names}


FENCES = [FENCE.format(board=board, dirs=dirs, allowed=allowed, p1=p1, p2=p2,
                       third=FLANKED_CHIEF.format(dirs=dirs) if third else "")
          for board, dirs, allowed, third, p1, p2 in CASES]


@pytest.mark.parametrize("text,options", [
    *((t, None) for t in FENCES), (RAIDS[0], None),
    (brandubh(), ["King/Guarded by the Throne"]), (brandubh(), ["King/Weak"])],
    ids=["fence square", "fence square 3", "fence hex", "raid", "brandubh", "weak king"])
def test_fused_captures_nearby_exit(text, options):
    fused_alike(text, options, "TAKES", seed=11)


def fused_alike(text: str, options: list[str] | None, name: str, seed: int) -> None:
    """The game compiled as it is and with the fused captures looking at every
    neighbour of the destination (``captures.NEARBY_PIECES`` 0): its fused functions read
    ``name`` only in the first, and seeded games record and play alike, taking pieces."""
    fast = compiled(text, options)
    with switched(captures, "NEARBY_PIECES", 0):
        slow = compiled(text, options)
    assert name in fused_code(fast) and name not in fused_code(slow)
    a, b = recorded(fast, seed, 8), recorded(slow, seed, 8)
    assert a == b and len(a) > 150
    # pieces are taken along these games
    assert any(y[1].count(0) > x[1].count(0) for x, y in zip(a, a[1:], strict=False)
               if len(x) == 6 and len(y) == 6)
    assert played(fast, range(10)) == played(slow, range(10))


def listing_size(game) -> int:
    """The length of the bytecode of the game's generated slide listing."""
    return sum(len(f.__code__.co_code) for f in _functions(game)
               if f.__code__.co_filename == "<ludeme slide listing>")


@pytest.mark.parametrize("name", [*sorted(ROOK_GAMES), *sorted(DESCRIPTIONS)])
def test_padded_rays_skipped_list_alike(name):
    text = ROOK_GAMES.get(name) or DESCRIPTIONS[name]
    fast = compiled(text)
    with switched(slidelists, "ray_entry", walked_entry):
        slow = compiled(text)
    assert listing_size(fast) > 0 and listing_size(slow) == 0
    pieces = ("Rook1", "Rook2", "Bishop2") if name in ROOK_GAMES else \
        ("Rook1", "Rook2", "Bishop1", "Bishop2", "Queen1", "Queen2") \
        if name.startswith("sliders") else ("Guard1", "Guard2", "Chief2")
    assert same_lists(fast, slow, random.Random(len(name)), games=3, fillings=40,
                      pieces=pieces) > 80
    assert played(fast, range(6)) == played(slow, range(6))


@pytest.mark.parametrize("king", ["Guarded by the Throne", "Weak"])
def test_padded_rays_skipped_on_brandubh(king):
    options = [f"King/{king}"]
    fast = compiled(brandubh(), options)
    with switched(slidelists, "ray_entry", walked_entry):
        slow = compiled(brandubh(), options)
    assert listing_size(fast) > 0 and listing_size(slow) == 0
    a, b = recorded(fast, 5, 6), recorded(slow, 5, 6)
    assert a == b and len(a) > 150
    assert played(fast, range(12)) == played(slow, range(12))
