"""Branching and Brain Coral's speed-ups (issue 19), each checked against a plainer path
on descriptions written here and on the seed games: the counts of empty neighbours of
every site made as integers (``ludeme.compile.neighbourcounts``, against the loops a
table of too many offsets gets; the placements that must leave every stone next to a
joined empty site are tested in ``test_seed_speedups``), the search knowing its fixed
seeds (against a search told the seeds), and the search asking the low number first
(against the loop)."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import neighbourcounts
from tests.engine.test_seed_speedups import ROOMY, agree_along_games, compiled
from tests.engine.test_speedups import (
    BREATH,
    agree_along_games_and_fillings,
    counted_by_loops,
    plainly_counted,
)


def _board(shape: str):
    from ludeme.board import Board, shapes

    kind, *size = shape.split()
    make = {"hex": shapes.hex_shape, "square": lambda k: shapes.rectangle(k, k),
            "tri": shapes.tri_shape, "rectangle": shapes.rectangle}[kind]
    return Board(make(*map(int, size)))


@pytest.mark.parametrize("shape", ["hex 4", "hex 6", "square 6", "tri 5", "rectangle 3 7"])
@pytest.mark.parametrize("relation", ["Orthogonal", "Adjacent", "Diagonal"])
def test_counts_as_integers_are_the_counts_site_by_site(shape, relation):
    nb = _board(shape).nbrs[relation]
    n = len(nb)
    count, mark = neighbourcounts.counter(nb, 3), neighbourcounts.spread(nb)
    assert count is not None and mark is not None
    rng = random.Random(n)
    for _ in range(100):
        empty = bytes(rng.random() < 0.5 for _ in range(n))
        levels = [lv.to_bytes(n, "little") for lv in count(int.from_bytes(empty, "little"))]
        chosen = bytes(rng.random() < 0.3 for _ in range(n))
        marked = mark(int.from_bytes(chosen, "little"), int.from_bytes(empty, "little"))
        marked = marked.to_bytes(n, "little")
        for x in range(n):
            k = sum(empty[y] for y in nb[x])
            assert [levels[i][x] for i in range(3)] == [int(k > i) for i in range(3)]
            assert marked[x] == int(bool(empty[x]) and any(chosen[y] for y in nb[x]))


def test_a_table_of_too_many_offsets_is_left_to_the_loops(monkeypatch):
    nb = _board("hex 6").nbrs["Orthogonal"]
    monkeypatch.setattr(neighbourcounts, "MAX_OFFSETS", 3)
    monkeypatch.setattr(neighbourcounts, "_CACHE", {})
    assert neighbourcounts.counter(nb, 2) is None and neighbourcounts.spread(nb) is None


#: boards, relations and filters of the room-around descriptions (``ROOMY``)
ROOMY_CASES = [("(square 5)", "Orthogonal", ">=", 2), ("(hex 4)", "Orthogonal", ">", 2),
               ("(hex 5)", "Orthogonal", ">=", 1), ("(rectangle 4 6)", "Adjacent", ">=", 3),
               ("(tri 6)", "Orthogonal", ">=", 2)]


@pytest.mark.parametrize("board,dirs,op,k", ROOMY_CASES)
def test_room_around_counted_as_integers(monkeypatch, spied, board, dirs, op, k):
    text = ROOMY.format(board=board, dirs=dirs, op=op, k=k)
    made = spied(neighbourcounts, "counter")
    fast = compiled(text)
    assert made
    counted_by_loops(monkeypatch)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=k, games=6) > 30


@pytest.mark.parametrize("name,options", [
    ("branching-coral", ["Board/Hexagon 4"]),
    ("branching-coral", ["Board/Square 7", "Bonus/Own Groups"]),
    ("brain-coral", ["Board/Hexagon 4"]),
    ("brain-coral", ["Board/Square 7", "Tie-Breaker/B: Last to Place"]),
])
def test_seed_games_play_alike_with_integer_counts(monkeypatch, name, options):
    fast = _compile(load_description(name, options))
    counted_by_loops(monkeypatch)
    slow = _compile(load_description(name, options))
    assert agree_along_games(fast, slow, seed=3, games=3) > 40


# -- to:(intersection <fixed sites> (sites Empty)): the seeds known to the search ---------

@pytest.mark.parametrize("shape", ["hex 4", "square 6", "tri 5"])
@pytest.mark.parametrize("record", [False, True])
def test_search_with_fixed_seeds_finds_what_the_loop_finds(shape, record):
    from ludeme.compile import articulation
    from ludeme.ludemes.conditions import connected

    board = _board(shape)
    nb = board.nbrs["Orthogonal"]
    n = len(nb)
    rng = random.Random(n)
    seedable = bytes(rng.random() < 0.3 for _ in range(n))
    search = articulation.searcher(nb, record, seedable)
    cuts = 0
    for _ in range(150):
        in_c = bytearray(rng.random() < 0.7 for _ in range(n))
        seeds = [x for x in range(n) if seedable[x] and in_c[x]]
        joined, cut, parts, reached = connected._articulation(seeds, in_c, nb, n)
        found = search(seeds, in_c)
        assert list(map(bool, found[0])) == list(map(bool, joined))
        assert found[1] == cut and found[3] == reached
        if record:
            assert found[2] == parts
        cuts += sum(cut)
    assert cuts


@pytest.mark.parametrize("board,dirs,edge,region", [
    ("(hex 4)", "Orthogonal", "(intersection (sites Perimeter) (sites Empty))", "(sites Empty)"),
    ("(square 5)", "Orthogonal", "(intersection (sites Empty) (sites Perimeter))",
     "(sites Board)"),
    ("(rectangle 4 6)", "Adjacent", "(intersection (sites Corners) (sites Empty))",
     "(sites Empty)"),
    # a fixed region short of every site: the recording search, the sites cut off read
    ("(hex 4)", "Orthogonal", "(intersection (sites Perimeter) (sites Empty))",
     "(difference (sites Board) (sites Corners))"),
])
def test_placements_joined_to_fixed_sites_of_the_empty_ones(monkeypatch, board, dirs, edge,
                                                            region):
    from ludeme.compile import articulation
    from ludeme.ludemes.conditions import connected

    text = BREATH.replace("(intersection (sites {edge}) (sites Empty))", "{edge}").format(
        board=board, dirs=dirs, edge=edge, region=region)
    made = []
    searcher = articulation.searcher
    monkeypatch.setattr(articulation, "searcher",
                        lambda nb, record, seedable=None: made.append(seedable)
                        or searcher(nb, record, seedable))
    fast = compiled(text)
    assert made and all(m is not None for m in made)     # the seeds were known
    # the target region not read as fixed sites: the seeds told the search each time
    monkeypatch.setattr(connected, "_fixed_part_in", lambda c, to, empty_range: None)
    slow = compiled(text)
    assert made[-1] is None
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=len(board)) > 80


# -- the generated search asking the low number first, with and without its joined table -

@pytest.mark.parametrize("shape", ["hex 4", "square 6", "rectangle 3 7"])
def test_low_number_first_finds_what_the_loop_finds(shape):
    from ludeme.compile import articulation
    from ludeme.ludemes.conditions import connected

    nb = _board(shape).nbrs["Adjacent"]
    n = len(nb)
    lean, recording = articulation.searcher(nb, False), articulation.searcher(nb, True)
    rng = random.Random(n)
    for _ in range(150):
        in_c = bytearray(rng.random() < 0.7 for _ in range(n))
        seeds = [x for x in rng.sample(range(n), 3) if in_c[x]]
        joined, cut, parts, reached = connected._articulation(seeds, in_c, nb, n)
        assert recording(seeds, in_c)[1:] == (cut, parts, reached)
        found = lean(seeds, in_c)
        assert list(map(bool, found[0])) == list(map(bool, joined))
        assert found[1:] == (cut, None, reached)
        assert lean(seeds, in_c, False) == (None, cut, None, reached)


# -- (sites Around ... if:(and (is Occupied (to)) ...)): the occupied ones off the board --

DOOMED = """(game "Crowded" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))
                 then:(and (addScore Mover (count Sites in:(sites Around (last To) {dirs}
                                                                if:{cond})))
                           (remove (sites Around (last To) {dirs} if:{cond})))))
         (end (if (>= (count Moves) 40) (byScore)))))"""


@pytest.mark.parametrize("board,dirs,cond", [
    ("(square 5)", "Orthogonal",
     "(and (is Occupied (to)) (< (count Sites in:(sites Around (to) Orthogonal "
     "if:(is Empty (to)))) 2))"),
    ("(hex 4)", "Adjacent", "(and (is Occupied (to)) (is Enemy (who at:(to))) "
     "(> (count Sites in:(sites Around (to) if:(is Occupied (to)))) 2))"),
    # not the form: (is Occupied (to)) second
    ("(rectangle 4 6)", "Orthogonal", "(and (is Friend (who at:(to))) (is Occupied (to)))"),
])
def test_occupied_neighbours_read_off_the_board(monkeypatch, board, dirs, cond):
    from ludeme.ludemes.regions import around

    text = DOOMED.format(board=board, dirs=dirs, cond=cond)
    asked = []
    after = around._after_occupied
    monkeypatch.setattr(around, "_after_occupied",
                        lambda *a: asked.append(after(*a)) or asked[-1])
    fast = compiled(text)
    assert any(asked) == cond.startswith("(and (is Occupied")
    # the same condition not in the form: every neighbour asked the whole condition
    asked.clear()
    slow = compiled(text.replace("(and (is Occupied (to))", "(and (not (is Empty (to)))"))
    assert not any(asked)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            moves = [a.move_to_string(m) for m in a.legal_moves()]
            assert moves == [b.move_to_string(m) for m in b.legal_moves()]
            m = moves[rng.randrange(len(moves))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
            assert list(a.what) == list(b.what) and a.score == b.score
            checked += 1
        assert b.is_terminal() and a.returns() == b.returns()
    assert checked > 60


# -- (to (sites Empty) if:(>= (count Sites in:(sites Around (to) ... (is Empty))) k)) ----
# the candidates read off the counts' bytes (``around._range_select``), against the
# sites around listed and asked one by one

@pytest.mark.parametrize("board,dirs,op,k", ROOMY_CASES)
def test_room_around_selected_off_the_counts(monkeypatch, board, dirs, op, k):
    from ludeme.ludemes.regions import around

    text = ROOMY.format(board=board, dirs=dirs, op=op, k=k)
    made, asked = [], []
    factory = around._range_select

    def spy(*a):
        in_range = factory(*a)
        made.append(1)
        return lambda s, lo, hi: asked.append(1) or in_range(s, lo, hi)

    monkeypatch.setattr(around, "_range_select", spy)
    fast = compiled(text)
    assert made
    made.clear()
    slow = compiled(plainly_counted(text))
    assert not made
    assert agree_along_games(fast, slow, seed=k, games=6) > 30
    assert asked
