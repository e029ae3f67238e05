"""Speed-ups of wave 17's Branches pass (issue 19 item 2), switched on and off: the same
legal moves in the same order, the same positions, hashes, flags and results along
seeded games, on descriptions written here and on Branches.

- ``structure.MOVER_ONLY`` now also takes path listings (``(move Path ...)``) whose
  ``from:`` reads only the board and the mover (``ownedregions.reads_mover_only``) and
  whose condition, if any, is a veto read at the drawn vertices: they are marked
  ``mover_only``.
- ``structure.WRITTEN_NO_MOVES_CALLED``: a ``(no Moves Next)`` the turn calls (a lone end
  rule) is a generated function made of its written lines.
- ``ownedregions.ONE_MOVE_FIRST`` and ``FOLLOWED_ALONG`` (the kept tree's upkeep) are
  also compared in ``test_owned_regions.py`` on the games written there.
"""

from __future__ import annotations

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import ownedregions
from ludeme.ludemes.rules import structure
from tests.engine.test_brandubh3_speedups import BLOCKADE, compiled, played, recorded, switched
from tests.engine.test_seed_speedups import STROKES

TREE = """(union (sites Occupied {who} Vertex)
                  (sites Incident Vertex of:Edge at:(sites Occupied {who} Edge)))"""

# each player circles a point of its own in turn, then both draw paths from their trees:
# the turn asks (no Moves Next) itself (an order of movers), with the path listing
SEEDS = """(game "Seeds" (players 2)
  (equipment {{(board {board} use:{{Vertex Edge}}) (piece "Pen" Each)}})
  (rules
    phases:{{
      (phase "Seed" (play (move Add (to (sites Empty Vertex)))) order:{{P1 P2}})
      (phase "Grow" (play {play}))}}
    (end (if (no Moves Next) (result Next Loss)))))"""

VETOED = "(do (move Path length:{length} from:{tree}) ifAfterwards:(not (is Crossing mixed:{mixed})))"


def seeds(board: str, length: int, who: str = "Mover", mixed: str = "True",
          play: str = VETOED) -> str:
    return SEEDS.format(board=board, play=play.format(length=length, mixed=mixed,
                                                      tree=TREE.format(who=who)))


def branches(options):
    return _compile(load_description("branches", options))


# (game maker, the phase drawing paths, whether its listing is marked, whether the
# turn asks (no Moves Next) with it after a move, rather than listing the moves itself)
MARKED = [
    (lambda: compiled(seeds("(square 4)", 2)), 1, True, True),
    (lambda: compiled(seeds("(rectangle 3 5)", 1, mixed="False")), 1, True, True),
    (lambda: compiled(seeds("(tri 5)", 3)), 1, True, True),
    # a fixed player's tree is read for that player whoever moves
    (lambda: compiled(seeds("(square 4)", 2, who="P1")), 1, True, True),
    # no condition
    (lambda: compiled(seeds("(square 4)", 2, play="(move Path length:{length} from:{tree})")),
     1, True, True),
    # one phase, one end rule: the turn lists the next player's moves itself
    (lambda: compiled(STROKES.format(board="(square 5)", far="e5", length=2,
                                     cond="(not (is Crossing mixed:True))")), 0, True, False),
    (lambda: branches(["Board Size/6x6", "Branch Length/2 edges"]), 1, True, True),
    (lambda: branches(["Board Size/8x8", "Branch Length/3 edges", "Origin Order/A-B-A-B"]),
     1, True, True),
    # the next player's tree (the context's State.nxt), a condition asked of the whole
    # path: not marked
    (lambda: compiled(seeds("(square 4)", 2, who="Next")), 1, False, True),
    (lambda: compiled(seeds("(square 4)", 2, play="(do (move Path length:{length} "
                                                 "from:{tree}) ifAfterwards:(is Empty (last To)))")),
     1, False, True),
]


def spied_contexts(game, phase: int) -> list:
    """The phase's generator wrapped (keeping its mark) to record, at each of its calls,
    whether the player after the mover is the mover itself (the lean path sets the mover
    alone; the general path the whole context)."""
    ph = game.phases[phase]
    gen = ph.generate
    seen = []

    def spy(s):
        seen.append(s.nxt == s.who)
        return gen(s)

    if getattr(gen, "mover_only", False):
        spy.mover_only = True
    ph.generate = spy
    return seen


@pytest.mark.parametrize("case", range(len(MARKED)))
def test_path_listings_marked_mover_only(case):
    make, phase, marked, asked = MARKED[case]
    results = {}
    for value in (True, False):
        game = make()
        assert getattr(game.phases[phase].generate, "mover_only", False) == marked
        seen = spied_contexts(game, phase)
        with switched(structure, "MOVER_ONLY", value):
            results[value] = recorded(game, 5, 6), played(game, range(8))
        # the lean path taken only with the switch on, for a marked listing the turn
        # asks (no Moves Next) with
        assert any(seen) == (value and marked and asked)
    assert results[True] == results[False]
    assert len(results[True][0]) > 40


def end_test_of(game):
    """The test a lone end rule asks (``test_then``'s first)."""
    return game.end_rules[0].test_then[0]


@pytest.mark.parametrize("make,marked", [
    (lambda: compiled(seeds("(square 4)", 2)), True),
    # no listing marked: the closure (the lines would only call it)
    (lambda: compiled(seeds("(rectangle 3 5)", 1, who="Next")), False),
    (lambda: compiled(BLOCKADE.format(end="(no Moves Next)").replace(
        "(end {(if (>= (count Moves) 40) (result Mover Draw))", "(end {")), False),
    (lambda: branches(["Board Size/6x6", "Branch Length/2 edges"]), True),
])
def test_no_moves_next_called_as_its_written_lines(make, marked):
    results = {}
    for value in (True, False):
        with switched(structure, "WRITTEN_NO_MOVES_CALLED", value):
            game = make()
        written = end_test_of(game).__code__.co_filename == "<ludeme written test>"
        assert written == (value and marked)
        results[value] = recorded(game, 3, 6), played(game, range(8))
    assert results[True] == results[False]


def test_reads_mover_only():
    game = compiled(seeds("(square 4)", 2))
    assert not ownedregions.reads_mover_only(type("R", (), {"static": None, "fn": len})())
    assert ownedregions.reads_mover_only(type("R", (), {"static": (1, 2), "fn": len})())
    assert game.phases[1].generate.mover_only
