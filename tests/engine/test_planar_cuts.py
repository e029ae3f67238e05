"""The articulation points of the empty cells kept from move to move from the occupied
cells' parts (``ludeme.compile.planarcuts``), checked against the depth-first search
they replace: on random sequences of positions (placements, removals, jumps, positions
with empty cells cut off already), on placement games written here (one with captures,
one where every stone must touch a joined empty cell) and on the seed games, against the
search a board that is not a disk gets."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import planarcuts
from tests.engine.test_seed_speedups import agree_along_games, compiled
from tests.engine.test_speedups import agree_along_games_and_fillings


def _board(shape: str):
    from ludeme.board import Board, shapes

    kind, *size = shape.split()
    make = {"hex": shapes.hex_shape, "square": lambda k: shapes.rectangle(k, k),
            "tri": shapes.tri_shape, "rectangle": shapes.rectangle}[kind]
    return Board(make(*map(int, size)))


def _edge_cells(board) -> list[int]:
    faces = board.graph.elements("Cell")
    return [i for i, f in enumerate(faces)
            if any(e.left is None or e.right is None for e in f.edges)]


def orthogonal_tracker(shape: str) -> tuple:
    """(the planar tracker, the orthogonal neighbour table, the edge cells) of the board
    ``shape``, the edge cells as its seeds."""
    board = _board(shape)
    nb = board.nbrs["Orthogonal"]
    edge = _edge_cells(board)
    return planarcuts.tracker(board, nb, edge, len(nb)), nb, edge


def cuts_checked(tracker, occupied: bytearray, nb, edge: list[int]) -> int | None:
    """Asserts the tracker's cut cells for the occupied cells ``occupied`` are the
    depth-first search's; how many there are, or None when some empty cell is cut off
    already (the tracker must then answer None)."""
    from ludeme.ludemes.conditions.connected import _plain_articulation

    in_c = bytearray(1 - v for v in occupied)
    seeds = [x for x in edge if in_c[x]]
    _, cut, _, order = _plain_articulation(seeds, in_c, nb, len(nb))
    found = tracker.cuts(in_c)
    if len(order) - 1 != sum(in_c):             # some empty cell cut off already
        assert found is None
        return None
    assert found == bytes(cut)
    return sum(cut)


@pytest.mark.parametrize("shape", ["hex 4", "hex 6", "square 6", "rectangle 3 7", "tri 5"])
def test_kept_cuts_are_the_searched_ones(shape):
    tracker, nb, edge = orthogonal_tracker(shape)
    n = len(nb)
    assert tracker is not None
    rng = random.Random(n)
    compared = holed = cuts = 0
    for _game in range(60):
        occupied = bytearray(n)
        for _step in range(rng.randrange(n // 2, 2 * n)):
            x = rng.randrange(n)
            if occupied[x] and rng.random() < 0.7:
                continue
            occupied[x] ^= 1                            # placed, or removed
            if rng.random() < 0.1:                      # a jump: several cells at once
                for _ in range(planarcuts.MAX_CHANGES + 1):
                    occupied[rng.randrange(n)] = rng.random() < 0.5
            found = cuts_checked(tracker, occupied, nb, edge)
            compared += 1
            if found is None:
                holed += 1
            else:
                cuts += found
    assert compared > 500 and holed and cuts


@pytest.mark.parametrize("shape,relation,seeds", [
    ("square 6", "Adjacent", "edge"),       # neighbours through corners too
    ("hex 4", "Orthogonal", "corners"),     # the seeds are not the edge's cells
])
def test_no_tracker_where_the_count_would_not_hold(shape, relation, seeds):
    board = _board(shape)
    nb = board.nbrs[relation]
    edge = _edge_cells(board)
    chosen = edge if seeds == "edge" else edge[:3]
    assert planarcuts.tracker(board, nb, chosen, len(nb)) is None
    assert planarcuts.tracker(board, board.nbrs["Orthogonal"], edge, len(nb)) is not None


def no_tracker(monkeypatch) -> None:
    """No board taken for a disk (as one that is not): the depth-first search answers."""
    monkeypatch.setattr(planarcuts, "tracker", lambda *a: None)


#: placements that must leave every empty cell joined to the empty edge; the stones of
#: the other side next to the one placed with at most one empty neighbour are taken
CAPTURING = """(game "Reef" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)))
                   ifAfterwards:(is Connected {region} Orthogonal
                                    to:(intersection (sites Perimeter) (sites Empty))
                                    through:(sites Empty))
                   then:(remove (sites Around (last To) Orthogonal
                                  if:(and (is Enemy (who at:(to)))
                                          (<= (count Sites in:(sites Around (to) Orthogonal
                                                                if:(is Empty (to)))) 1))))))
         (end {{(if (no Moves Next) (result Mover Win))
               (if (>= (count Moves) 60) (result Mover Draw))}})))"""


@pytest.mark.parametrize("board,region", [
    ("(square 5)", "(sites Empty)"), ("(hex 4)", "(sites Empty)"),
    ("(hex 3)", "(sites Board)"), ("(rectangle 4 7)", "(sites Board)"),
])
def test_placement_games_alike_with_kept_cuts(monkeypatch, board, region):
    text = CAPTURING.format(board=board, region=region)
    made = []
    tracker = planarcuts.tracker
    monkeypatch.setattr(planarcuts, "tracker", lambda *a: made.append(tracker(*a)) or made[-1])
    fast = compiled(text)
    assert made and made[-1] is not None
    no_tracker(monkeypatch)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=len(board), games=6) > 60
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=4) > 80


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7", "Bonus/Own Groups"]),
    ("brain-coral", ["Board/Hexagon 5"]),
    ("brain-coral", ["Board/Square 7", "Tie-Breaker/B: Last to Place"]),
])
def test_seed_games_play_alike_with_kept_cuts(monkeypatch, name, options):
    fast = _compile(load_description(name, options))
    no_tracker(monkeypatch)
    slow = _compile(load_description(name, options))
    assert agree_along_games(fast, slow, seed=7, games=4) > 60
