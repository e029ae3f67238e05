"""Speed-ups of the compiler checked against the plain path they replace, on descriptions
written here (not the seed games that motivated them): the same legal moves along
random games and on random fillings of the board, with the speed-up on and off."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile
from ludeme.expand import expand
from ludeme.ludemes.conditions import cohesion, connected
from ludeme.ludemes.moves import add_from_hand
from ludeme.ludemes.regions import around
from ludeme.runtime.position import position


def compiled(text: str, monkeypatch=None, **flags):
    """The game compiled afresh (not from the cache), with module flags set for the
    compilation only: ``flags`` maps (module, name) pairs given as "module.NAME"."""
    undo = []
    for key, value in flags.items():
        module, name = _FLAGS[key]
        undo.append((module, name, getattr(module, name)))
        setattr(module, name, value)
    try:
        return _compile(expand("<test>", [], None, text=text))
    finally:
        for module, name, old in undo:
            setattr(module, name, old)


_FLAGS = {"cohesion": (cohesion, "AFTER_ADD"), "around": (around, "COUNT_IN_C"),
          "per_to": (around, "COUNT_PER_TO"), "frontier": (add_from_hand, "FRONTIER"),
          "connected": (connected, "FAST_PATH")}


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def agree_along_games_and_fillings(fast, slow, pieces: tuple[str, ...], seed: int,
                                   games: int = 4, fillings: int = 60) -> int:
    """Assert both games give the same moves in the same positions; returns how many
    positions were compared."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            assert legal(a) == legal(b)
            checked += 1
            m = sorted(legal(a))[rng.randrange(len(legal(a)))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
        assert b.is_terminal() and a.returns() == b.returns()
    labels = list(fast.board.labels)
    for i in range(fillings):
        density = rng.random() * 0.8
        filling = {lab: rng.choice(pieces) for lab in labels if rng.random() < density}
        a = position(fast, filling, mover=1 + i % fast.num_players)
        b = position(slow, filling, mover=1 + i % fast.num_players)
        assert legal(a) == legal(b), filling
        checked += 1
    return checked


# -- (is Connected <region>) under (do (move Add ...) ifAfterwards:...) ------------------

HOLES = """(game "Holes and Stones" (players 2)
  (equipment {{(board {board}) (piece "Hole" Shared) (piece "Stone" Each)}})
  (rules (play (or
     (do (move Add "Hole" (to (sites Empty)))
         ifAfterwards:(is Connected {region} {dirs}))
     (move Add "Stone" (to (sites Empty) if:(is In (to) (sites Perimeter))))))
   (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,region,dirs", [
    ("(hex 3)", '(difference (sites Board) (sites Occupied component:"Hole"))', "Orthogonal"),
    ("(square 5)", '(difference (sites Board) (sites Occupied component:"Hole"))', "Adjacent"),
    ("(square 4)", "(sites Empty)", "Orthogonal"),
    ("(rectangle 3 5)", '(union (sites Empty) (sites Occupied component:"Stone"))',
     "Orthogonal"),
])
def test_cohesion_answers_every_placement_at_once(board, region, dirs):
    text = HOLES.format(board=board, region=region, dirs=dirs)
    fast, slow = compiled(text), compiled(text, cohesion=False)
    assert agree_along_games_and_fillings(fast, slow, ("Hole", "Stone1", "Stone2"),
                                          seed=len(board)) > 80


# -- (count Sites in:(sites Around <site> if:(is Empty (to)))) counted in C --------------

CROWD = """(game "Crowd" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty)
                   if:(>= (count Sites in:(sites Around (to) {dirs} if:(is Empty (to)))) {k}))
                 then:(if (= 0 (count Sites in:(sites Around (last To) {dirs}
                                                           if:(is Empty (to)))))
                          (addScore Mover 1))))
         (end (if (no Moves Next) (byScore)))))"""


@pytest.mark.parametrize("board,dirs,k", [("(hex 3)", "Orthogonal", 2),
                                          ("(square 5)", "Adjacent", 3),
                                          ("(rectangle 2 6)", "Diagonal", 1)])
def test_empty_neighbours_counted_in_c(board, dirs, k):
    text = CROWD.format(board=board, dirs=dirs, k=k)
    fast, slow = compiled(text), compiled(text, around=False)
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=k) > 60


@pytest.mark.parametrize("board,dirs,k", [("(hex 3)", "Orthogonal", 2),
                                          ("(square 5)", "Adjacent", 3)])
def test_empty_neighbours_counted_for_every_candidate_at_once(board, dirs, k):
    text = CROWD.format(board=board, dirs=dirs, k=k)
    fast, slow = compiled(text), compiled(text, per_to=False)
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=k) > 60


# -- (is Connected (sites Empty) to: through:(sites Empty)) after every placement at once --

BREATH = """(game "Breathing Room" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)))
                   ifAfterwards:(is Connected {region} {dirs}
                                    to:(intersection (sites {edge}) (sites Empty))
                                    through:(sites Empty))
                   then:(addScore Mover (count Sites in:(sites Around (last To) {dirs}
                                                            if:(is Empty (to)))))))
         (end (if (no Moves Next) (byScore)))))"""


@pytest.mark.parametrize("board,dirs,edge,region", [
    ("(square 5)", "Orthogonal", "Perimeter", "(sites Empty)"),
    ("(hex 4)", "Adjacent", "Perimeter", "(sites Empty)"),
    ("(rectangle 4 6)", "Adjacent", "Corners", "(sites Empty)"),
    # every stone too must touch a joined empty site: the sites only one joined
    # neighbour keeps joined (one table a position)
    ("(hex 3)", "Orthogonal", "Perimeter", "(sites Board)"),
    ("(square 5)", "Orthogonal", "Perimeter", "(sites Board)"),
    ("(rectangle 4 6)", "Adjacent", "Corners", "(union (sites Empty) (sites Occupied by:P1))"),
])
def test_connected_empty_sites_answered_from_one_table(board, dirs, edge, region):
    text = BREATH.format(board=board, dirs=dirs, edge=edge, region=region)
    fast, slow = compiled(text), compiled(text, connected=False)
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"),
                                          seed=len(board)) > 80


# -- (move Add (handSite Mover) ... rotations: facing:) kept from one position to the next -

POINTERS = """(game "Pointers" (players {players})
  (equipment {{(board {board}) (piece "Seed" Shared) (piece "Dart" Each value:1)
               (piece "Lance" Each value:2) (hand Each)}})
  (rules
    (start {{(place "Dart" (handSite Each) count:6) (place "Lance" (handSite Each) count:3)
             (place "Seed" {seeds})}})
    (play (move Add (handSite Mover) (to (sites Empty)) rotations:{dirs}
                facing:{facing}
                then:(if (is Enemy (who at:(ahead (to))))
                         (and (addScore Mover 1) (remove (ahead (to)))))))
    (end (if (no Moves Next) (byScore)))))"""


@pytest.mark.parametrize("players,board,seeds,dirs,facing", [
    (2, "(square 5)", '{"c3"}', "Orthogonal", '(sites Occupied component:{"Seed" "Dart" "Lance"})'),
    (3, "(hex 3)", '{"a1" "e5"}', "Adjacent", '(sites Occupied component:{"Seed" "Lance"})'),
    (2, "(rectangle 3 6)", '{"b2"}', "{N E}", "(sites Occupied)"),
])
def test_pointing_placements_kept_incrementally(players, board, seeds, dirs, facing):
    text = POINTERS.format(players=players, board=board, seeds=seeds, dirs=dirs,
                           facing=facing)
    fast, slow = compiled(text), compiled(text, frontier=False)
    # captures (the remove) make the kept pairs rebuild; placements update them
    assert agree_along_games_and_fillings(fast, slow, ("Seed", "Dart1", "Lance2"),
                                          seed=players, games=6) > 60
