"""Speed-ups made for the seed games (issue 19), each checked on descriptions written
here against the slower path it replaces: the same legal moves along random games."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.expand import expand
from tests.engine.test_play_speedups import plays_as_game_play
from tests.engine.test_speedups import under_true_if


def compiled(text: str):
    return _compile(expand("<test>", [], None, text=text))


def bundled_on_off(monkeypatch, name: str, options: list[str], *switches):
    """A bundled game compiled afresh (not the cached one) with its speed-ups as they are,
    then again with each ``(module, "SWITCH")`` of ``switches`` turned off (or each
    ``(module, "name", value)`` set to the value: a part of the compiler replaced by a
    plainer one, for an oracle)."""
    fast = _compile(load_description(name, options))
    for module, switch, *value in switches:
        monkeypatch.setattr(module, switch, value[0] if value else False)
    return fast, _compile(load_description(name, options))


def legal(s) -> list[str]:
    return [s.move_to_string(m) for m in s.legal_moves()]


def agree_along_games(fast, slow, seed: int, games: int = 4, plies: int | None = None) -> int:
    """Both games list the same moves in the same order along seeded random games (each
    cut after ``plies`` moves when given); returns how many positions were compared."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        played = 0
        while not a.is_terminal() and (plies is None or played < plies):
            moves = legal(a)
            assert moves == legal(b)
            checked += 1
            played += 1
            m = moves[rng.randrange(len(moves))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
        assert b.is_terminal() == a.is_terminal()
        if a.is_terminal():
            assert a.returns() == b.returns()
    return checked


# -- (move Path ...) under a condition tested vertex by vertex --------------------------

STROKES = """(game "Strokes" (players 2)
  (equipment {{(board {board} use:{{Vertex Edge}}) (piece "Pen" Each)}})
  (rules
    (start {{(place "Pen1" {{"a1"}}) (place "Pen2" {{"{far}"}})}})
    (play (do (move Path length:{length}
                 from:(union (sites Occupied Mover Vertex)
                             (sites Incident Vertex of:Edge at:(sites Occupied Mover Edge))))
              ifAfterwards:{cond}))
    (end (if (no Moves Next) (result Next Loss)))))"""


STROKE_CASES = [
    ("(square 5)", "e5", 1, "True"),
    ("(square 5)", "e5", 2, "True"),
    ("(square 5)", "e5", 3, "False"),
    ("(rectangle 4 6)", "f4", 2, "False"),
    ("(rectangle 4 6)", "f4", 4, "True"),
    # three axes at a vertex (the general test of a vertex)
    ("(tri 6)", "f6", 2, "False"),
    ("(tri 6)", "f6", 3, "True"),
]


@pytest.mark.parametrize("board,far,length,mixed", STROKE_CASES)
def test_paths_tested_vertex_by_vertex_as_when_tried_whole(board, far, length, mixed):
    fast = compiled(STROKES.format(board=board, far=far, length=length,
                                   cond=f"(not (is Crossing mixed:{mixed}))"))
    # (and C C) means the same but hides the vertex-by-vertex form: each path is drawn
    # whole and the condition asked of the position
    slow = compiled(STROKES.format(
        board=board, far=far, length=length,
        cond=f"(and (not (is Crossing mixed:{mixed})) (not (is Crossing mixed:{mixed})))"))
    assert fast.new_initial_state().legal_moves()
    assert agree_along_games(fast, slow, seed=length) > 20


#: the switches of the path walks, each compared on and off: the written-out loops
#: against the recursive walk, the lean loops (an entry's edge read before unpacking it)
#: against the plain ones
WALK_SWITCHES = ["UNROLLED_WALKS", "LEAN_LOOPS", "DRAWN_AT_VETO", "TABLED_VETO", "FREE_MASKS",
                 "LAST_EXTEND", "NO_STOP_FIRST", "HOT_ROWS", "KEPT_WALKS", "VALUE_CODES"]


@pytest.mark.parametrize("switch", WALK_SWITCHES)
@pytest.mark.parametrize("board,far,length,mixed", STROKE_CASES)
def test_paths_walked_by_written_out_loops_as_by_the_recursive_walk(monkeypatch, switch, board,
                                                                   far, length, mixed):
    from ludeme.ludemes.regions import paths

    text = STROKES.format(board=board, far=far, length=length,
                          cond=f"(not (is Crossing mixed:{mixed}))")
    if switch == "KEPT_WALKS":
        monkeypatch.setattr(paths, "KEPT_WALKS_SHARE", 1.0)  # these boards are small
    fast = compiled(text)
    monkeypatch.setattr(paths, switch, False)
    slow = compiled(text)
    assert fast.new_initial_state().legal_moves()
    assert agree_along_games(fast, slow, seed=length, games=6) > 20


@pytest.mark.parametrize("options", [["Board Size/6x6", "Branch Length/2 edges"],
                                     ["Board Size/8x8", "Branch Length/3 edges"],
                                     ["Board Size/6x6", "Branch Length/4 edges",
                                      "Origin Order/A-B-A-B"]])
@pytest.mark.parametrize("switch", WALK_SWITCHES)
def test_branches_walked_by_written_out_loops_as_by_the_recursive_walk(monkeypatch, switch,
                                                                      options):
    from ludeme.api import load_description
    from ludeme.ludemes.regions import paths

    desc = load_description("branches", options)
    if switch == "KEPT_WALKS":
        monkeypatch.setattr(paths, "KEPT_WALKS_SHARE", 1.0)
    fast = _compile(desc)
    monkeypatch.setattr(paths, switch, False)
    slow = _compile(desc)
    assert agree_along_games(fast, slow, seed=len(options), games=4) > 40


# -- (intersection <fixed sites> <sites read from their pieces>) -------------------------

EDGE_PLACING = """(game "Edges" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to {region})))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board", ["(square 5)", "(hex 3)", "(rectangle 3 6)"])
def test_fixed_sites_that_are_empty_read_from_a_table(board):
    fast = compiled(EDGE_PLACING.format(
        board=board, region="(intersection (sites Perimeter) (sites Empty))"))
    # the other order takes the general intersection (membership asked site by site)
    slow = compiled(EDGE_PLACING.format(
        board=board, region="(intersection (sites Empty) (sites Perimeter))"))
    s = fast.new_initial_state()
    assert len(legal(s)) == len(fast.board.perimeter["Cell"])
    rng = random.Random(1)
    for _ in range(3):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            assert sorted(legal(a)) == sorted(legal(b))
            moves = legal(a)
            m = moves[rng.randrange(len(moves))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
        assert b.is_terminal()


# -- (sites Occupied <one player>) listed in C -------------------------------------------

GROWTH = """(game "Growth" (players 3)
  (equipment {{(board {board}) (piece "Disc" Each) (piece "Rock" Shared)}})
  (rules
    (start {{(place "Disc1" {{"a1"}}) (place "Disc2" {{"{far}"}}) (place "Rock" {{"b2"}})}})
    (play (or (move Add (to (sites Around (sites Occupied Mover) Orthogonal
                                          if:(is Empty (to)))))
              (move Add (to (sites Around (sites Occupied by:{other}) Diagonal
                                          if:(is Empty (to)))))))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,far,other", [("(square 6)", "f6", "Shared"),
                                             ("(hex 4)", "g7", "Next"),
                                             ("(rectangle 4 7)", "g4", "P3")])
def test_one_players_sites_listed_in_c(monkeypatch, board, far, other):
    text = GROWTH.format(board=board, far=far, other=other)
    fast = compiled(text)
    # against the same sites named with their pieces (each site's owner looked up)
    named = text.replace("(sites Occupied Mover)",
                         '(sites Occupied Mover components:{"Disc" "Rock"})').replace(
        f"(sites Occupied by:{other})", f'(sites Occupied by:{other} components:{{"Disc" "Rock"}})')
    assert named.count("components:") == 2
    slow = compiled(named)
    assert agree_along_games(fast, slow, seed=len(board), games=6) > 20


# -- (is Connected <fixed region> ...) after a placement: one table a position -----------

@pytest.mark.parametrize("board,dirs,edge", [("(hex 4)", "Orthogonal", "Perimeter"),
                                             ("(square 6)", "Orthogonal", "Perimeter"),
                                             ("(rectangle 4 6)", "Adjacent", "Corners")])
def test_every_placement_answered_at_once_for_a_fixed_region(monkeypatch, board, dirs, edge):
    from ludeme.ludemes.conditions import connected
    from tests.engine.test_speedups import BREATH, agree_along_games_and_fillings, not_site_local

    text = BREATH.format(board=board, dirs=dirs, edge=edge, region="(sites Board)")
    made = []
    table_class = connected._Table
    monkeypatch.setattr(connected, "_Table", lambda blocked, *rest: made.append(blocked)
                        or table_class(blocked, *rest))
    fast = compiled(text)
    # against the flood fill (a region that is not site-local gets it)
    monkeypatch.setattr(connected, "_site_local", not_site_local)
    slow = compiled(text)
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=len(board)) > 80
    assert made          # the one-table answer was used


# -- (do <placements> ifAfterwards:... then:...): the consequences in the placements ------

HEMMED = """(game "Hemmed" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)))
                   ifAfterwards:{cond}
                   then:(remove (sites Around (last To) Orthogonal
                                   if:(and (is Enemy (who at:(to)))
                                           (= 0 (count Sites in:(sites Around (to) Orthogonal
                                                                   if:(is Empty (to))))))))))
         (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,cond", [
    # answered for every placement at once (one table a position)
    ("(square 5)", "(is Connected (sites Empty) Orthogonal to:(intersection (sites Perimeter)"
                   " (sites Empty)) through:(sites Empty))"),
    # tried placement by placement, in place: the condition sees the stone placed and
    # the enemy stones it would capture still there (the consequences are not tried)
    ("(hex 3)", "(< 0 (count Sites in:(sites Around (last To) Orthogonal"
                " if:(is Empty (to)))))"),
    ("(square 4)", "(< 0 (count Sites in:(sites Around (last To) Orthogonal"
                   " if:(is Empty (to)))))"),
])
def test_consequences_of_a_do_made_with_the_placements(monkeypatch, board, cond):
    from ludeme.ludemes.moves import generators

    text = HEMMED.format(board=board, cond=cond)
    copied = []
    with_then = generators.with_then
    monkeypatch.setattr(generators, "with_then",
                        lambda *a: copied.append(a) or with_then(*a))
    fast = compiled(text)
    assert not copied          # no copies with the consequences: the placements carry them
    # against the placements under an (if ...), not plain ones: the kept moves copied with
    # the consequences while generating
    slow = compiled(under_true_if(text, "(move Add"))
    assert copied
    # captures can go on for ever: games cut at 80 plies
    rng = random.Random(len(board))
    checked = taken = 0
    for _ in range(6):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        for _ in range(80):
            if a.is_terminal():
                break
            moves = legal(a)
            assert moves == legal(b)        # the notation names the captures alike
            checked += 1
            m = moves[rng.randrange(len(moves))]
            before = sum(1 for p in a.what if p)
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
            assert a.what == b.what
            taken += sum(1 for p in a.what if p) < before
        assert a.is_terminal() == b.is_terminal()
    assert checked > 60 and taken                 # placements captured stones


# -- (is Connected <region read from its pieces>) after a placement: no trial placement --

HOLES = """(game "Holes" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each) (piece "Hole" Shared)}})
  (rules (play (or (do (move Add "Hole" (to (sites Empty)))
                       ifAfterwards:(is Connected (difference (sites Board)
                                                      (sites Occupied component:"Hole"))
                                                  {dirs}))
                   (move Add (to (sites Empty)))))
         (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,dirs", [("(square 5)", "Orthogonal"), ("(hex 3)", "Adjacent"),
                                        ("(rectangle 3 7)", "Orthogonal")])
def test_holes_that_may_not_cut_the_board_read_from_their_pieces(board, dirs):
    text = HOLES.format(board=board, dirs=dirs)
    fast = compiled(text)
    # against the holes named with their owner (no difference read from the pieces)
    slow = compiled(text.replace('(sites Occupied component:"Hole")',
                                 '(sites Occupied by:Shared component:"Hole")'))
    rng = random.Random(len(board))
    refused = checked = 0
    for _ in range(6):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            ma, mb = a.legal_moves(), b.legal_moves()
            assert [m.key for m in ma] == [m.key for m in mb]
            holes = sum(1 for m in ma if fast.pieces.kinds[m.piece] == "Hole")
            refused += holes < sum(1 for p in a.what if not p)
            checked += 1
            k = rng.randrange(len(ma))
            a.apply(ma[k])
            b.apply(mb[k])
        assert b.is_terminal() and a.returns() == b.returns()
    assert checked > 40 and refused > 10   # holes that would cut the board were refused


# -- (to <sites> if:(>= (count Sites in:(sites Around (to) if:(is Empty (to)))) k)) -----

ROOMY = """(game "Roomy" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty)
                             if:({op} (count Sites in:(sites Around (to) {dirs}
                                                          if:(is Empty (to)))) {k}))))
         (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,dirs,op,k", [("(square 5)", "Orthogonal", ">=", 2),
                                             ("(hex 4)", "Orthogonal", ">", 2),
                                             ("(rectangle 4 6)", "Adjacent", ">=", 3),
                                             ("(square 6)", "Diagonal", "=", 2)])
def test_sites_with_room_around_selected_in_one_pass(monkeypatch, board, dirs, op, k):
    from ludeme.ludemes.conditions import state

    text = ROOMY.format(board=board, dirs=dirs, op=op, k=k)
    chosen = []
    select_to = state._select_to
    monkeypatch.setattr(state, "_select_to", lambda *a: chosen.append(select_to(*a))
                        or chosen[-1])
    fast = compiled(text)
    # the one-pass selection is taken for >= and >, not for =
    assert any("at_least" in f.__qualname__ for f in chosen) == (op != "=")
    monkeypatch.setattr(state, "FUSED_SELECT", False)
    slow = compiled(text)
    assert agree_along_games(fast, slow, seed=k, games=6) > 30


# -- the articulation-point search written out for a neighbour table --------------------

@pytest.mark.parametrize("shape", ["hex 4", "square 6", "tri 5", "rectangle 3 7"])
@pytest.mark.parametrize("relation", ["Orthogonal", "Adjacent"])
def test_generated_search_finds_what_the_loop_finds(shape, relation):
    from ludeme.board import Board, shapes
    from ludeme.compile import articulation
    from ludeme.ludemes.conditions import connected

    kind, *size = shape.split()
    make = {"hex": shapes.hex_shape, "square": lambda k: shapes.rectangle(k, k),
            "tri": shapes.tri_shape, "rectangle": shapes.rectangle}[kind]
    board = Board(make(*map(int, size)))
    nb = board.nbrs[relation]
    n = len(nb)
    lean, recording = articulation.searcher(nb, False), articulation.searcher(nb, True)
    rng = random.Random(n)
    cuts = 0
    for _ in range(200):
        in_c = bytearray(rng.random() < 0.7 for _ in range(n))
        seeds = [x for x in rng.sample(range(n), 3) if in_c[x]]
        joined, cut, parts, reached = connected._articulation(seeds, in_c, nb, n)
        for found in (lean(seeds, in_c), recording(seeds, in_c)):
            assert list(map(bool, found[0])) == list(map(bool, joined))
            assert found[1] == cut and found[3] == reached
        assert recording(seeds, in_c)[2] == parts
        cuts += sum(cut)
    assert cuts                      # some positions had articulation points


@pytest.mark.parametrize("board,dirs,edge,region,form", [
    ("(hex 4)", "Orthogonal", "Perimeter", "(sites Empty)", False),
    ("(square 6)", "Orthogonal", "Perimeter", "(sites Board)", False),
    ("(rectangle 4 6)", "Adjacent", "Corners", "(sites Empty)", False),
    # a fixed region short of every empty site: the sites a placement cuts off are read
    ("(hex 4)", "Orthogonal", "Perimeter", "(difference (sites Board) (sites Corners))", True),
])
def test_connected_placements_with_the_generated_search(monkeypatch, board, dirs, edge,
                                                        region, form):
    from ludeme.compile import articulation
    from ludeme.ludemes.conditions import connected
    from tests.engine.test_speedups import BREATH, agree_along_games_and_fillings, not_site_local

    text = BREATH.format(board=board, dirs=dirs, edge=edge, region=region)
    ran = []
    searcher = articulation.searcher

    def counted(nb, record, *seedable):
        search = searcher(nb, record, *seedable)
        return lambda *a: ran.append(record) or search(*a)

    monkeypatch.setattr(articulation, "searcher", counted)
    fast = compiled(text)
    # against the flood fill (a region that is not site-local gets it)
    monkeypatch.setattr(connected, "_site_local", not_site_local)
    slow = compiled(text)
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=len(board)) > 80
    # the generated search answered placements in the form expected (lean or
    # recording; the fillings' direct questions take the recording one)
    assert form in ran
    count = len(ran)
    agree_along_games(slow, slow, seed=1, games=1)
    assert len(ran) == count            # the flood fill never does


# -- (is Connected (sites Board) ...) after a placement: the answers from counts ---------

@pytest.mark.parametrize("board,dirs,edge", [("(hex 4)", "Orthogonal", "Perimeter"),
                                             ("(square 6)", "Orthogonal", "Perimeter"),
                                             ("(rectangle 4 6)", "Adjacent", "Corners"),
                                             ("(tri 6)", "Orthogonal", "Perimeter")])
@pytest.mark.parametrize("shifted", [False, True])
def test_placements_for_a_region_of_every_site_answered_from_counts(monkeypatch, spied, board, dirs,
                                                                    edge, shifted):
    """The stones' table from the counts as integers, or by numpy (the table of too many
    offsets for the integers), against the flood fill."""
    from ludeme.ludemes.conditions import connected
    from tests.engine.test_speedups import (
        BREATH,
        agree_along_games_and_fillings,
        counted_by_loops,
        not_site_local,
    )

    text = BREATH.format(board=board, dirs=dirs, edge=edge, region="(sites Board)")
    if not shifted:
        counted_by_loops(monkeypatch)
    made = spied(connected, "_covering_counted" if shifted else "_covering_table")
    fast = compiled(text)
    monkeypatch.setattr(connected, "_site_local", not_site_local)
    slow = compiled(text)
    assert agree_along_games_and_fillings(fast, slow, ("Disc1", "Disc2"), seed=len(board)) > 80
    assert made
    count = len(made)
    agree_along_games(slow, slow, seed=2, games=2)
    assert len(made) == count           # the flood fill: never made


# -- the turn of a game with ordered phases or stuck players passed over ----------------

# a setup in a fixed order (P2 places two markers, then P1 one), then stones in turns
# with a stuck player passed over: each player may place three stones only
ORDERED_SETUP = """
(game "Ordered Setup"
    (players 3)
    (equipment { (board (square 4)) (piece "Stone" Each) (piece "Marker" Shared) })
    (rules
        phases:{
            (phase "Setup" (play (move Add "Marker" (to (sites Empty)))) order:{P2 P2 P1})
            (phase "Play"
                (play (if (< (count Pieces Mover) 3) (move Add (to (sites Empty)))))
                skipStuck:True)
        }
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""

# placement from the hands in a fixed order, then movement: a stuck player is passed
# over, the one with most pieces on its side's row scores (placement-then-movement, as
# the morris games have it, with scores as the scoring games have them)
PLACE_THEN_MOVE = """
(game "Place Then Move"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Pawn" Each (move Step Orthogonal (to if:(is Empty (to)))))
        (hand Each)
    })
    (rules
        (start (place "Pawn" (handSite Each) count:3))
        phases:{
            (phase "Placement"
                (play (move Add (handSite Mover) (to (sites Empty))
                    then:(addScore Mover 1)))
                order:{P1 P2 P2 P1 P1 P2})
            (phase "Movement"
                (play (forEach Piece (then (if (< (count Moves) 40) (addScore Mover 1)))))
                skipStuck:True)
        }
        (end {
            (if (>= (count Moves) 30) (byScore))
            (if (no Moves Next) (byScore))
        })
    )
)
"""


@pytest.mark.parametrize("src,options", [
    (ORDERED_SETUP, None), (PLACE_THEN_MOVE, None),
    # the end rules of one list: one rule left of two
    (PLACE_THEN_MOVE.replace("(if (no Moves Next) (byScore))", ""), None),
    ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/5"]),
    ("branches", ["Board Size/6x6", "Branch Length/2 edges"]),
], ids=["ordered-setup", "place-then-move", "place-then-move-one-rule", "twigs-2p",
        "twigs-5p", "branches-6-2"])
def test_ordered_turn_plays_as_game_play(monkeypatch, src, options):
    """A game with phases in a fixed order or with stuck players passed over gets
    ``Game.plain_turns`` as its ``play``: the same games as ``Game.play``."""
    import ludeme
    from ludeme.runtime.game import Game

    load = (lambda: ludeme.loads(src)) if options is None else \
        (lambda: ludeme.load(src, options))
    game = load()
    assert getattr(game.play, "__func__", None) is not Game.play
    assert plays_as_game_play(game) > 40
