"""Moves declared per piece: combinators inside a ``(piece ...)`` generate the moves of
that piece only, ``(forEach Piece)`` yields each legal move once, and ``(move Step ...)``.

Breakthrough is written twice as test data (``data/breakthrough-*.lud``): each pawn
carrying its moves, and the same rules at play level; both must count the known perft
(22 / 484 / 11,132 on 8x8) and agree move for move. A property test builds random small
descriptions from every move generator and combinator in the registry and checks that
no legal move list ever holds two equal moves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import ludeme
from ludeme.errors import LudemeError
from ludeme.lang import types as T
from ludeme.lang.registry import REGISTRY, load_vocabulary
from ludeme.runtime.position import position
from ludeme.runtime.search import perft

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def forms():
    return {k: ludeme.load(str(DATA / f"breakthrough-{k}.lud"))
            for k in ("pieces", "play", "slides")}


@pytest.mark.parametrize("form", ["pieces", "play", "slides"])
@pytest.mark.parametrize(("depth", "count"), [(1, 22), (2, 484), (3, 11_132)])
def test_breakthrough_perft(forms, form, depth, count):
    assert perft(forms[form].new_initial_state(), depth) == count


@pytest.mark.parametrize("other", ["play", "slides"])
def test_breakthrough_forms_agree_move_for_move(forms, other):
    """Along random games the forms offer the same moves, each once."""
    rng = random.Random(5)
    for _ in range(20):
        a = forms["pieces"].new_initial_state()
        b = forms[other].new_initial_state()
        while not a.is_terminal():
            ma, mb = a.legal_moves(), b.legal_moves()
            assert len(ma) == len(set(ma))
            assert sorted(m.key for m in ma) == sorted(m.key for m in mb)
            pick = ma[rng.randrange(len(ma))]
            text = a.move_to_string(pick)
            a.apply(pick)
            b.apply(b.parse_move(text))
            assert a.board() == b.board()
        assert b.is_terminal() and a.returns() == b.returns()


def test_diagonal_step_takes_the_enemy(forms):
    g = forms["pieces"]
    s = position(g, {"d4": "Pawn1", "e5": "Pawn2", "c5": "Pawn1", "d5": "Pawn2"}, 1)
    assert {s.move_to_string(m) for m in s.legal_moves()} == {
        "d4-e5", "c5-b6", "c5-c6", "c5-d6"}
    s.apply(s.parse_move("d4-e5"))
    assert s.board() == {"e5": "Pawn1", "c5": "Pawn1", "d5": "Pawn2"}


# -- combinators inside a piece -------------------------------------------------------


def make(piece_moves: str, play: str = "(forEach Piece)", extra: str = "", start: str = ""):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 5)) (piece "Disc" Each {piece_moves}) {extra}}})
            (rules
                (start {{(place "Disc1" {{"a1" "b1" "c1"}}) (place "Disc2" {{"a5" "e5"}}) {start}}})
                (play {play})
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def texts(s) -> list[str]:
    return [s.move_to_string(m) for m in s.legal_moves()]


def test_or_of_steps_and_slides_keeps_each_piece_to_its_own_moves():
    g = make("(or (move Step N (to if:(is Empty (to)))) (move Slide E))")
    got = texts(g.new_initial_state())
    assert sorted(got) == sorted(["a1-a2", "b1-b2", "c1-c2", "c1-d1", "c1-e1"])


def test_or_of_overlapping_generators_gives_each_move_once():
    # a step north and a slide north both reach the site above
    g = make("(or (move Step N (to if:(is Empty (to)))) (move Slide N (between (max 2))))")
    got = texts(g.new_initial_state())
    assert sorted(got) == sorted(f"{c}1-{c}{r}" for c in "abc" for r in (2, 3))


def test_a_placement_inside_a_piece_is_one_move_per_site_whoever_asks():
    g = make("(or (move Add (to (sites Empty))) (move Step N (to if:(is Empty (to)))))")
    s = g.new_initial_state()
    assert len(s.legal_moves()) == len(set(s.legal_moves())) == 20 + 3


def test_if_inside_a_piece_reads_the_site_of_that_piece():
    g = make('(if (is In (from) (sites {"a1" "c1"})) (move Step N (to if:(is Empty (to)))))')
    assert sorted(texts(g.new_initial_state())) == ["a1-a2", "c1-c2"]


def test_priority_inside_a_piece_chooses_for_each_piece():
    # a piece that can take does so; the others step as usual (Ludii's per-piece reading)
    g = make("(priority {(move Step N (to if:(is Enemy (who at:(to))))) "
             "(move Step N (to if:(is Empty (to))))})")
    s = position(g, {"a1": "Disc1", "a2": "Disc2", "c1": "Disc1", "e5": "Disc2"}, 1)
    assert sorted(texts(s)) == ["a1-a2", "c1-c2"]


def test_priority_at_play_level_takes_the_first_generator_with_moves():
    g = make("", play="(priority {(move Step N (to if:(is Enemy (who at:(to))))) "
             "(move Step N (to if:(is Empty (to))))})")
    s = position(g, {"a1": "Disc1", "a2": "Disc2", "c1": "Disc1", "e5": "Disc2"}, 1)
    assert texts(s) == ["a1-a2"]


def test_do_inside_a_piece_filters_that_piece_only():
    g = make('(do (move Step N (to if:(is Empty (to)))) ifAfterwards:(is Empty "b2"))')
    assert sorted(texts(g.new_initial_state())) == ["a1-a2", "c1-c2"]


ONLY_A1 = '(if (is In (from) (sites {"a1"})) (move Step N (to if:(is Empty (to)))))'


@pytest.mark.parametrize(("moves", "expected"), [
    (f"(or {{{ONLY_A1} (move Pass)}})", ["a1-a2", "pass"]),
    (f"(and {ONLY_A1} (move Pass))", ["a1-a2", "pass"]),
    (f"(priority {{{ONLY_A1} (move Pass)}})", ["a1-a2", "pass"]),
    (f"(if (< (count Moves) 99) {ONLY_A1})", ["a1-a2"]),
    (f'(do {ONLY_A1} ifAfterwards:(is Empty "c3"))', ["a1-a2"]),
    (f"(or {{(or {{{ONLY_A1} (move Pass)}}) (priority {{{ONLY_A1}}})}})", ["a1-a2", "pass"]),
])
def test_every_combinator_keeps_a_piece_to_its_own_moves(moves, expected):
    """The step only the piece on a1 may make, wrapped in each combinator: the pieces on
    b1 and c1 must not make it for it (or for themselves)."""
    assert sorted(texts(make(moves).new_initial_state())) == expected


def test_step_needs_a_to_part():
    with pytest.raises(LudemeError, match=r"needs \(to \.\.\.\)"):
        make("(move Step N)")


# -- the property: never two equal moves -------------------------------------------------

CELL_LEAVES = [
    "(move Slide Orthogonal)",
    "(move Slide Diagonal (between (max 2)))",
    "(move Slide Adjacent (to if:(is Enemy (who at:(to)))))",
    "(move Step Orthogonal (to if:(is Empty (to))))",
    "(move Step (to if:(not (is Friend (who at:(to))))))",
    "(move Step Diagonal (to if:(is Enemy (who at:(to))) (apply (remove (to)))))",
    "(move Step N (to if:(is Empty (to))) then:(remove (last To)))",
    "(move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between))))"
    " (to if:(is Empty (to))))",
    "(move Hop Orthogonal (between before:3 after:3 (range 1 2)) (to if:(is Empty (to))))",
    "(move (from (sites Occupied by:Mover)) (to (sites Around (from)) if:(is Empty (to))))",
    '(fromTo (from (sites Occupied by:Next)) (to (sites {"a1" "b2" "c3"})))',
    "(move (from) (to (sites Empty)))",
    "(move Remove (sites Occupied by:Next))",
    "(move Remove (from))",
    "(move Select (from (sites Occupied by:Mover)) then:(remove (last To)))",
    '(move Promote (from) (piece "Disc") Next)',
    '(move Leap "KnightWalk" (to if:(not (is Friend (who at:(to))))))',
    "(leap {{F F}} (to if:(is Empty (to))))",
    '(move Shoot (piece "Disc") Orthogonal)',
    '(move Swap Pieces "a1" "b2")',
    # Ludii's other spellings of the same generators
    "(hop Orthogonal (to if:(is Empty (to))))",
    "(step Diagonal (to if:(is Empty (to))))",
    "(slide Orthogonal (between (max 2)))",
    '(promote (from) (piece "Disc") Mover)',
    "(select (from (sites Empty)))",
    "(move Add (to (sites Empty)))",
    '(move Add (to (sites {"a1" "b2" "c3"})))',
    "(move Add (handSite Mover) (to (sites Empty)))",
    "(move Pass)",
    "(forEach Site (sites Occupied by:Next) (move Remove (site)))",
    "(append (forEach Site (sites Occupied by:Next) (move Remove (site))))",
    "(forEach Site (sites Empty) (append (custodial)))",
    '(claim (to (sites {"a2" "b2"})))',
    "(forEach Direction Orthogonal (to if:(is Empty (to)) (apply (forEach Direction"
    " (from (to)) (directions {FR FL}) (if (not (is Friend (who at:(to))))"
    " (move (from) (to)))))))",
    "(forEach Direction Diagonal (between (max 2)) (to if:(is Empty (to))"
    " (apply (move (from) (to)))))",
    '(propose {"End" "Draw"})',
    '(vote {"Yes" "No"})',
]
PATH_LEAVES = [
    "(move Path length:2 from:(sites Occupied Mover Vertex))",
    "(move Path length:1 from:(sites Board Vertex))",
    "(move Add (to (sites Empty Vertex)))",
    "(move Pass)",
]
CONDS = ['(is Empty "c3")', "(>= (count Pieces Mover) 3)", "(< (count Moves) 4)",
         "(is Occupied (from))", '(is In (from) (sites {"a1" "b1" "d4"}))']
AFTER = ['(is Empty "c3")', '(not (is Empty "b2"))', "(>= (count Pieces Next) 2)"]

#: the move generators and combinators the property covers, by registry name
COVERED = {"move Slide", "move Step", "move Hop", "move", "fromTo",
           "move Remove", "move Select", "move Promote", "hop", "step", "slide",
           "promote", "select", "move Leap", "leap",
           "move Shoot", "move Swap", "move Add", "move Pass", "move Path", "or", "and", "if",
           "priority", "do", "forEach Piece", "forEach Site", "claim", "forEach Die",
           "max Moves", "append", "forEach Direction", "propose", "vote", "satisfy",
           "firstMoveOnTrack", "max Distance"}


def _moves(leaves: list[str], dice: bool = False):
    leaf = st.sampled_from(leaves)

    def combine(children):
        two = st.lists(children, min_size=2, max_size=3)
        return st.one_of(
            two.map(lambda xs: "(or {" + " ".join(xs) + "})"),
            two.map(lambda xs: "(and " + " ".join(xs) + ")"),
            two.map(lambda xs: "(priority {" + " ".join(xs) + "})"),
            st.tuples(st.sampled_from(CONDS), children, st.none() | children).map(
                lambda t: f"(if {t[0]} {t[1]}" + (f" {t[2]})" if t[2] else ")")),
            st.tuples(children, st.sampled_from(AFTER)).map(
                lambda t: f"(do {t[0]} ifAfterwards:{t[1]})"),
            # chance: each die's moves (dice in the cell games only), after a roll
            *([children.map(lambda x: f"(forEach Die {x})"),
               children.map(lambda x: f"(do (roll) next:{x})")] if dice else []),
            children.map(lambda x: f"(max Moves {x})"),
            # along the cell board's track
            *([children.map(lambda x: f'(firstMoveOnTrack "Track" {x})'),
               children.map(lambda x: f'(max Distance "Track" {x})')] if dice else []),
        )

    return st.recursive(leaf, combine, max_leaves=5)


def _game(board: str, piece: str, start: str, extra: str, draw):
    in_piece = draw(st.booleans())
    at_play = draw(st.booleans()) or not in_piece
    exprs = _moves(CELL_LEAVES if "Vertex" not in board else PATH_LEAVES, "(dice" in extra)
    piece_moves = draw(exprs) if in_piece else ""
    play = draw(exprs) if at_play else None
    if in_piece and play is not None:
        play = f"(or (forEach Piece) {play})"
    elif play is None:
        play = "(forEach Piece)"
    text = f"""
        (game "Random" (players 2)
            (equipment {{{board} (piece "{piece}" Each {piece_moves}) {extra}}})
            (rules (start {{{start}}}) (play {play})
                (end (if (>= (count Moves) 16) (result Mover Draw)))))"""
    note(text)
    return ludeme.loads(text, file="random.lud")


@st.composite
def cell_games(draw):
    return _game('(board (square 4) (track "Track" "0,E,N1,W,N1,E,N1,W" directed:True))',
                 "Disc",
                 '(place "Disc1" {"a1" "b1" "c2"}) (place "Disc2" {"d4" "b3"}) '
                 '(place "Disc" (handSite Each) count:2)', "(hand Each) (dice d:3 num:2)", draw)


@st.composite
def path_games(draw):
    return _game("(board (square 4) use:{Vertex Edge})", "Pen",
                 '(place "Pen1" (sites Corners Vertex)) (place "Pen2" (sites Centre Vertex))',
                 "", draw)


def _never_twice(game, seed: int) -> None:
    rng = random.Random(seed)
    s = game.new_initial_state()
    while True:
        s.settle(rng)   # roll the dice where the rules roll them
        legal = s.legal_moves()
        assert len(legal) == len(set(legal)), [m for m in legal if legal.count(m) > 1][:3]
        if s.is_terminal():
            break
        s.apply(legal[rng.randrange(len(legal))])


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=60, **SETTINGS)
@given(cell_games(), st.integers(0, 2**16))
def test_random_cell_games_never_list_a_move_twice(game, seed):
    _never_twice(game, seed)


@settings(max_examples=25, **SETTINGS)
@given(path_games(), st.integers(0, 2**16))
def test_random_path_games_never_list_a_move_twice(game, seed):
    _never_twice(game, seed)


def test_the_property_covers_every_move_generator_and_combinator():
    load_vocabulary()
    names = {decl.name for decls in REGISTRY.values() for decl in decls
             if decl.returns == T.Moves}
    assert names <= COVERED, f"add {sorted(names - COVERED)} to the property test"
    leaves = " ".join(CELL_LEAVES + PATH_LEAVES)
    # (satisfy ...) is a deduction puzzle's whole play, on a board with (values ...):
    # it combines with nothing here (tests/engine/test_puzzles.py plays it)
    for name in COVERED - {"or", "and", "if", "priority", "do", "forEach Piece", "move",
                              "forEach Die", "max Moves", "satisfy", "firstMoveOnTrack",
                              "max Distance"}:
        assert f"({name}" in leaves
