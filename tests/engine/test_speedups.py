"""Speed-ups of the compiler checked against the plain path they replace, on descriptions
written here (not the seed games that motivated them): the same legal moves along
random games and on random fillings of the board, with the speed-up on and off."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile
from ludeme.compile import (
    bitlines,
    neighbourcounts,
    piecemoves,
    piecescan,
    slidelists,
)
from ludeme.expand import expand
from ludeme.ludemes.conditions import cohesion, connected
from ludeme.ludemes.effects import captures
from ludeme.ludemes.moves import add_from_hand, hop, slide, step
from ludeme.ludemes.regions import around
from ludeme.runtime.position import position


def compiled(text: str, monkeypatch=None, **flags):
    """The game compiled afresh (not from the cache), with module flags set for the
    compilation only: ``flags`` maps (module, name) pairs given as "module.NAME"."""
    return compiled_with(_FLAGS, text, **flags)


def compiled_with(switches: dict, text: str, **flags):
    """The game compiled afresh with the switches named in ``flags`` (keys of
    ``switches``: (module, attribute) pairs) set for the compilation only."""
    undo = []
    for key, value in flags.items():
        module, name = switches[key]
        undo.append((module, name, getattr(module, name)))
        setattr(module, name, value)
    try:
        return _compile(expand("<test>", [], None, text=text))
    finally:
        for module, name, old in undo:
            setattr(module, name, old)


_FLAGS = {"cohesion": (cohesion, "_site_local"), "frontier": (add_from_hand, "_kept_pairs"),
          "fold_lines": (captures, "_fold"),
          "folded_hops": (hop, "_site_test"), "connected": (connected, "_site_local"),
          "bit_lines": (captures, "_exists_at_sites"),
          "scan_board": (piecescan, "MOST_SITES"),
          "slide_bits": (slidelists, "ray_entry"),
          "empty_go": (slide, "_passable_when_empty")}


def none_of(*args, **kwargs) -> None:
    """A part of the compiler answering None, as it does where its fast path does not fit
    (for an oracle: the plainer path taken)."""
    return None


def walked_entry(ray, landing, n):
    """``slidelists.ray_entry`` for an oracle: the ray given no mask in the board read
    as bits, so that the listings walk every ray site by site."""
    return (*_REAL_RAY_ENTRY(ray, landing, n)[:3], None, None)


_REAL_RAY_ENTRY = slidelists.ray_entry


def _never(at) -> bool:
    """``is_anchored`` for an oracle: no rule's moves taken as starting from its piece's
    site, so that ``(forEach Piece)`` makes them site by site and keeps each once."""
    return False


_SITE_BY_SITE = {"anchored": (slide, "is_anchored"), "scan_board": (piecescan, "MOST_SITES")}

#: ``scan_board=NO_SCAN``: no board small enough for the generated scan of
#: ``compile.piecescan`` (the pieces' moves listed site by site)
NO_SCAN = 0


def _unfolded_site_test(c, fn, variable):
    """``hop._site_test`` for an oracle: the test called, its folded table (``table``)
    not offered for the hop to index itself."""
    test = _REAL_SITE_TEST(c, fn, variable)
    return lambda s, x: test(s, x)


_REAL_SITE_TEST = hop._site_test


def _unshared_sites(c, moving, n):
    """``piecemoves.piece_sites`` for an oracle: the sites found afresh at every call."""
    from types import SimpleNamespace

    return lambda s, who: piecemoves.piece_sites(SimpleNamespace(), moving, n)(s, who)


def wrapped(text: str, i: int, opening: str, closing: str) -> str:
    """``text`` with the expression that starts at ``text[i]`` put between ``opening``
    and ``closing``."""
    depth = 0
    for j in range(i, len(text)):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            break
    return text[:i] + opening + text[i:j + 1] + closing + text[j + 1:]


def under_true_if(text: str, head: str) -> str:
    """``text`` with the first expression that starts with ``head`` put under ``(if (= 1
    1) ...)``: the same moves, without what a generator tells its caller about them
    (``MovesV.at_site``, ``at_sites``, ``plain_adds``), for an oracle."""
    return wrapped(text, text.index(head), "(if (= 1 1) ", ")")


def _site_lister(game) -> tuple[str, ...]:
    """What the function the game's one phase lists its moves by closes over."""
    return game.phases[0].generate.__code__.co_freevars


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


def not_site_local(arg) -> bool:
    """``_site_local`` saying no region is site-local: the condition asked of each
    placement made, as for regions that are not."""
    return False


@pytest.mark.parametrize("board,region,dirs", [
    ("(hex 3)", '(difference (sites Board) (sites Occupied component:"Hole"))', "Orthogonal"),
    ("(square 5)", '(difference (sites Board) (sites Occupied component:"Hole"))', "Adjacent"),
    ("(square 4)", "(sites Empty)", "Orthogonal"),
    ("(rectangle 3 5)", '(union (sites Empty) (sites Occupied component:"Stone"))',
     "Orthogonal"),
])
def test_cohesion_answers_every_placement_at_once(board, region, dirs):
    text = HOLES.format(board=board, region=region, dirs=dirs)
    fast, slow = compiled(text), compiled(text, cohesion=not_site_local)
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


def counted_by_loops(monkeypatch) -> None:
    """Every neighbour table left to the loops over the sites (as one of too many
    offsets is), not counted as integers (``ludeme.compile.neighbourcounts``)."""
    monkeypatch.setattr(neighbourcounts, "MAX_OFFSETS", 0)
    monkeypatch.setattr(neighbourcounts, "_CACHE", {})


def plainly_counted(text: str) -> str:
    """The same description with ``(is Empty (to))`` written ``(not (is Occupied
    (to)))``: the sites around are then listed and asked one by one, not counted off
    the board's entries in C."""
    return text.replace("(is Empty (to))", "(not (is Occupied (to)))")


@pytest.mark.parametrize("board,dirs,k", [("(hex 3)", "Orthogonal", 2),
                                          ("(square 5)", "Adjacent", 3),
                                          ("(rectangle 2 6)", "Diagonal", 1)])
def test_empty_neighbours_counted_in_c(monkeypatch, board, dirs, k):
    """Counted in C (``size``), and for every candidate of the filter at once
    (``sizes_to``), against the list of the sites around asked one by one."""
    text = CROWD.format(board=board, dirs=dirs, k=k)
    made = []
    reader = around._reader
    monkeypatch.setattr(around, "_reader", lambda sites: made.append(1) or reader(sites))
    fast = compiled(text)
    assert made
    made.clear()
    slow = compiled(plainly_counted(text))
    assert not made                         # the plain path
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
    fast, slow = compiled(text), compiled(text, connected=not_site_local)
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


def not_kept(*args) -> None:
    """``add_from_hand._kept_pairs`` when the regions do not allow keeping the pairs:
    the placements worked out afresh in every position."""
    return None


def in_slot_order(moves) -> list:
    """``moves`` in the order of their (destination, direction) slots (``to * 9 +
    rotation``; stable: the kinds of a slot as listed), the order the kept pairs list
    them in."""
    return sorted(moves, key=lambda m: m.to * 9 + m.extra)


@pytest.mark.parametrize("players,board,seeds,dirs,facing", [
    (2, "(square 5)", '{"c3"}', "Orthogonal", '(sites Occupied component:{"Seed" "Dart" "Lance"})'),
    (3, "(hex 3)", '{"a1" "e5"}', "Adjacent", '(sites Occupied component:{"Seed" "Lance"})'),
    (2, "(rectangle 3 6)", '{"b2"}', "{N E}", "(sites Occupied)"),
])
def test_pointing_placements_kept_incrementally(players, board, seeds, dirs, facing):
    text = POINTERS.format(players=players, board=board, seeds=seeds, dirs=dirs,
                           facing=facing)
    fast, slow = compiled(text), compiled(text, frontier=not_kept)
    # captures (the remove) make the kept pairs rebuild; placements update them
    assert agree_along_games_and_fillings(fast, slow, ("Seed", "Dart1", "Lance2"),
                                          seed=players, games=6) > 60


@pytest.mark.parametrize("players,board,seeds,dirs,facing", [
    (2, "(square 5)", '{"c3"}', "Orthogonal", '(sites Occupied component:{"Seed" "Dart" "Lance"})'),
    (3, "(hex 3)", '{"a1" "e5"}', "Adjacent", '(sites Occupied component:{"Seed" "Lance"})'),
    # pointing at an empty site: a placement stops its site being a target
    (2, "(rectangle 3 6)", '{"b2"}', "{N E}", "(sites Empty)"),
])
def test_kept_pairs_checked_against_a_copy_of_the_board(players, board, seeds, dirs, facing):
    """The kept pairs compare their board with a copy of it changed in place and update
    their slots by runs and sorts; the same moves as worked out afresh in every position,
    along games whose states are cloned twice at every ply and both clones play the
    same move (each clone keeps its own copy of the board)."""
    text = POINTERS.format(players=players, board=board, seeds=seeds, dirs=dirs,
                           facing=facing)
    fast, slow = compiled(text), compiled(text, frontier=not_kept)
    assert agree_along_games_and_fillings(fast, slow, ("Seed", "Dart1", "Lance2"),
                                          seed=players, games=4) > 60

    def listed(s, order=list) -> list[str]:
        return [s.move_to_string(m) for m in order(s.legal_moves())]   # in order

    rng = random.Random(players)
    compared = 0
    for _ in range(10):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            before = listed(a)
            assert before == listed(b, in_slot_order)
            m = before[rng.randrange(len(before))]
            c, d = a.clone(), a.clone()
            c.apply(c.parse_move(m))
            d.apply(d.parse_move(m))
            b.apply(b.parse_move(m))
            # each clone lists its moves from its own copy of the kept board
            assert listed(c) == listed(d) == listed(b, in_slot_order)
            a = d
            compared += 1
    assert compared > 15


def test_hand_moves_looked_up_by_the_hands_content():
    text = POINTERS.format(players=3, board="(square 5)", seeds='{"c3"}', dirs="Orthogonal",
                           facing='(sites Occupied component:{"Seed" "Dart" "Lance"})')
    fast, slow = compiled(text), compiled(text, frontier=not_kept)
    # hands run out of one kind, then of the other, as the games go on
    assert agree_along_games_and_fillings(fast, slow, ("Seed", "Dart1", "Lance2"),
                                          seed=7, games=6) > 60


# -- (custodial ...) lines of any length with folded conditions ---------------------------

# discs show their owner's side as a state value; a placement must flank (a move of the
# (append (custodial ...)) kind, asked only whether it would capture), and the flanked
# line turns over or, in the second game, is taken off
DISCS = """(game "Discs" (players 2)
  (equipment {{(board {board}) (piece "Disc" Neutral (flips 1 2))}})
  (rules
    (start {{(place "Disc0" {{{p1}}} state:1) (place "Disc0" {{{p2}}} state:2)}})
    (play (forEach Site (sites Empty)
      (append (custodial {dirs}
                (between {limit} if:(is Enemy (state at:(between)))
                  (apply (allCombinations (add (piece "Disc0" state:(mover)) (to (site)))
                                          (flip (between)))))
                (to if:(is Friend (state at:(to)))))
              (then (set Score Mover (count Sites in:(sites State (mover))))))))
    (end (if (all Passed) (byScore)))))"""

LINES = """(game "Lines" (players 2)
  (equipment {{(board {board}) (piece "Pawn" Each (move Slide {dirs}
     (then (custodial (from (last To)) {dirs} (between {limit} if:(is Enemy (who at:(between)))
                       (apply (remove (between)))) (to if:(is Friend (who at:(to))))))))}})
  (rules
    (start {{(place "Pawn1" {{{p1}}}) (place "Pawn2" {{{p2}}})}})
    (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,dirs,limit,p1,p2", [
    ("(square 6)", "Adjacent", "", '"c3" "d4"', '"c4" "d3"'),
    ("(rectangle 5 7)", "Orthogonal", "(max 2)", '"c3" "d2" "e3"', '"d3" "c2"'),
    ("(hex 4)", "Adjacent", "", '"c3" "d4"', '"d3" "c4"'),
])
def test_flanking_state_conditions_folded(board, dirs, limit, p1, p2):
    text = DISCS.format(board=board, dirs=dirs, limit=limit, p1=p1, p2=p2)
    fast, slow = compiled(text), compiled(text, fold_lines=none_of)
    assert agree_along_games_and_fillings(fast, slow, ("Disc0",), seed=len(p1), games=8,
                                          fillings=0) > 60


@pytest.mark.parametrize("board,dirs,limit,p1,p2", [
    ("(square 6)", "Orthogonal", "", '"a1" "b1" "c1" "d1" "e1" "f1"',
     '"a6" "b6" "c6" "d6" "e6" "f6"'),
    ("(hex 3)", "Adjacent", "(max 2)", '"a1" "b1" "c1"', '"c5" "d5" "e5"'),
])
def test_custodial_lines_of_any_length_folded(board, dirs, limit, p1, p2):
    text = LINES.format(board=board, dirs=dirs, limit=limit, p1=p1, p2=p2)
    fast, slow = compiled(text), compiled(text, fold_lines=none_of)
    assert agree_along_games_and_fillings(fast, slow, ("Pawn1", "Pawn2"), seed=len(board),
                                          games=4, fillings=60) > 80


# -- (move Shoot ...) to empty sites along per-line tables ----------------------------------

ARROWS = """(game "Arrows" (players 2)
  (equipment {{(board {board}) (piece "Queen" Each (move Slide {dirs} (then (moveAgain))))
               (piece "Dot" Neutral)}})
  (rules
    (start {{(place "Queen1" {{{p1}}}) (place "Queen2" {{{p2}}})}})
    (play (if (is Even (count Moves)) (forEach Piece) (move Shoot (piece "Dot0") {dirs})))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,dirs,p1,p2", [
    ("(square 5)", "", '"a2" "e2"', '"a4" "e4"'),
    ("(hex 3)", "Orthogonal", '"a1" "c1"', '"c5" "e5"'),
    ("(rectangle 4 6)", "Diagonal", '"a1" "b1"', '"e4" "f4"'),
])
def test_shots_along_line_tables(board, dirs, p1, p2):
    """The shots to empty sites (the line tables, read as bits) against the same shots
    with the condition written out, ``(to if:(is Empty (to)))``: asked site by site."""
    text = ARROWS.format(board=board, dirs=dirs, p1=p1, p2=p2)
    walked = text.replace(f'(move Shoot (piece "Dot0") {dirs})',
                          f'(move Shoot (piece "Dot0") {dirs} (to if:(is Empty (to))))')
    assert walked != text
    fast, slow = compiled(text), compiled(walked)
    assert agree_along_games_and_fillings(fast, slow, ("Dot0",), seed=len(p1), games=8,
                                          fillings=0) > 60


# -- (is Within <piece> in:<fixed region>) reads the region's sites in C --------------------

WITHIN = """(game "Run Home" (players 2)
  (equipment {{(board (square 5)) (piece "Pawn" Each (move Slide Orthogonal))
               (piece "King" P2 (move Step Adjacent (to if:(is Empty (to)))))}})
  (rules
    (start {{(place "Pawn1" {{"a1" "e1"}}) (place "Pawn2" {{"b5"}}) (place "King2" {{"c3"}})}})
    (play (forEach Piece))
    (end {{(if (is Within (id "King2") in:{region}) (result P2 Win))
           (if (no Moves Next) (result Mover Win))}})))"""


@pytest.mark.parametrize("fixed,same_sites", [
    ("(sites Outer)", "(difference (sites Outer) (sites Empty))"),
    ('(sites {"a1"})', '(difference (sites {"a1"}) (sites Empty))'),
    ("(sites Corners)", "(intersection (sites Corners) (sites Occupied by:All))"),
])
def test_within_a_fixed_region_as_within_the_same_sites_worked_out(fixed, same_sites):
    fast = compiled(WITHIN.format(region=fixed))
    slow = compiled(WITHIN.format(region=same_sites))
    assert agree_along_games_and_fillings(fast, slow, ("Pawn1", "Pawn2"), seed=len(fixed),
                                          games=12, fillings=0) > 40


# -- (move Hop ...) over one hurdle, both rules folded into tables, indexed inline ----------

JUMPS = """(game "Jumps" (players 2)
  (equipment {{(board {board}) (piece "Man" P1 N) (piece "Man" P2 S)}})
  (rules
    (start {{(place "Man1" (expand (sites Bottom))) (place "Man2" (expand (sites Top)))}})
    (play (priority {{
      (forEach Piece "Man" (move Hop (from) {dirs}
          (between if:{hurdle} (apply (remove (between)))) (to if:(is Empty (to)))))
      (forEach Piece "Man" (move Step {dirs} (to if:(is Empty (to)))))}}))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("board,dirs,hurdle", [
    ("(square 6)", "(directions {FR FL})", "(is Enemy (who at:(between)))"),
    ("(hex 4)", "Forwards", "(is Occupied (between))"),
    ("(rectangle 5 6)", "Orthogonal", '(and (is Enemy (who at:(between))) (not (is In (between) (sites Corners))))'),
])
def test_plain_hops_read_folded_tables(board, dirs, hurdle):
    text = JUMPS.format(board=board, dirs=dirs, hurdle=hurdle)
    # the scan of the board (piecescan) off on both sides: the folded loop is compared
    fast = compiled(text, scan_board=NO_SCAN)
    slow = compiled(text, folded_hops=_unfolded_site_test, scan_board=NO_SCAN)
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2"), seed=len(board),
                                          games=6, fillings=60) > 80


# -- (forEach Site <region> <moves>) of a generator making at most one move per site ------

# a stone may land only where it flanks enemy stones (which are taken off, not turned),
# along lines of at most two; with no such site, anywhere on the edge
FLANKS = """(game "Flanks" (players 2)
  (equipment {{(board {board}) (piece "Stone" Each)}})
  (rules
    (start {{(place "Stone1" {{{p1}}}) (place "Stone2" {{{p2}}})}})
    (play (forEach Site {region}
      (append (custodial {dirs}
                (between (max 2) if:(is Enemy (who at:(between)))
                  (apply (remove (between))))
                (to if:(is Friend (who at:(to)))))
              {then})
      noMoveYet:(move Add (to (intersection (sites Empty) (sites Perimeter))))))
    (end {{(if (>= (count Moves) 40) (result Mover Draw))
           (if (no Moves Next) (result Mover Win))}})))"""


@pytest.mark.parametrize("board,dirs,region,then,p1,p2", [
    ("(square 6)", "Orthogonal", "(sites Empty)",
     "(then (add (piece (id \"Stone\" Mover)) (to (last To))))", '"c3" "d4"', '"c4" "d3"'),
    ("(hex 4)", "Adjacent", "(difference (sites Empty) (sites Corners))", "",
     '"c3" "d4"', '"d3" "c4"'),
    ("(rectangle 5 7)", "Diagonal", "(sites Board)",
     "(then (add (piece (id \"Stone\" Mover)) (to (last To))))", '"c3" "d2"', '"d3" "c2"'),
])
def test_one_move_per_site_found_by_its_test(board, dirs, region, then, p1, p2):
    """Against the same generator under an ``(if (= 1 1) ...)``, which hides its one move
    per site (``MovesV.at_site``): every site's list made with the context bound."""
    text = FLANKS.format(board=board, dirs=dirs, region=region, then=then, p1=p1, p2=p2)
    listed = under_true_if(text, "(append")
    fast, slow = compiled(text), compiled(listed)
    assert "gen" in _site_lister(slow) and "gen" not in _site_lister(fast)
    assert agree_along_games_and_fillings(fast, slow, ("Stone1", "Stone2"), seed=len(board),
                                          games=6, fillings=60) > 80


@pytest.mark.parametrize("text", [
    FLANKS.format(board="(square 7)", dirs="Adjacent", region="(sites Empty)", then="",
                  p1='"c3" "d4" "e5"', p2='"c4" "d3" "e4"'),
    FLANKS.format(board="(hex 4)", dirs="Adjacent", region="(sites Empty)",
                  then="(then (add (piece (id \"Stone\" Mover)) (to (last To))))",
                  p1='"c3" "d4"', p2='"d3" "c4"'),
    DISCS.format(board="(rectangle 6 5)", dirs="Adjacent", limit="(max 3)", p1='"c3" "d4"',
                 p2='"c4" "d3"'),
])
def test_would_capture_from_the_site_in_one_call(text):
    # against the conditions asked site by site (not folded into tables)
    fast, slow = compiled(text), compiled(text, fold_lines=none_of)
    pieces = ("Disc0",) if "Disc" in text else ("Stone1", "Stone2")
    assert agree_along_games_and_fillings(fast, slow, pieces, seed=len(text), games=6,
                                          fillings=0 if "Disc" in text else 60) > 60


# -- flanking asked of every site at once, as bit masks ----------------------------------

# any piece may be flanked, a friend's too: the run of pieces is taken as long as it goes
# (up to the limit), and the site after it must hold a friend
RUNS = """(game "Runs" (players 2)
  (equipment {{(board {board}) (piece "Stone" Each)}})
  (rules
    (start {{(place "Stone1" {{{p1}}}) (place "Stone2" {{{p2}}})}})
    (play (forEach Site (sites Empty)
      (append (custodial {dirs}
                (between {limit} if:(is Occupied (between)) (apply (remove (between))))
                (to if:(is Friend (who at:(to)))))
              (then (add (piece (id "Stone" Mover)) (to (last To)))))
      noMoveYet:(move Add (to (sites Empty)))))
    (end {{(if (>= (count Moves) 30) (result Mover Draw))
           (if (is Full) (result Mover Draw))}})))"""


@pytest.mark.parametrize("text,pieces", [
    (DISCS.format(board="(rectangle 5 7)", dirs="Adjacent", limit="", p1='"c3" "d4"',
                  p2='"c4" "d3"'), ("Disc0",)),
    (DISCS.format(board="(square 6)", dirs="Orthogonal", limit="(max 2)",
                  p1='"c3" "d4" "b2"', p2='"c4" "d3" "e5"'), ("Disc0",)),
    (FLANKS.format(board="(square 7)", dirs="Diagonal", region="(sites Board)", then="",
                   p1='"c3" "d4" "e5"', p2='"c4" "d3" "e4"'), ("Stone1", "Stone2")),
    (RUNS.format(board="(square 5)", dirs="Adjacent", limit="(max 2)", p1='"b2" "c3"',
                 p2='"c2" "d4"'), ("Stone1", "Stone2")),
    (RUNS.format(board="(rectangle 4 6)", dirs="Orthogonal", limit="", p1='"b2" "c3"',
                 p2='"c2" "d4"'), ("Stone1", "Stone2")),
])
def test_flanking_from_every_site_at_once(text, pieces, monkeypatch):
    made = []

    def counted(*args):
        origins = real(*args)

        def count(*a):
            made.append(1)
            return origins(*a)
        return count

    real = bitlines.flanking_origins
    monkeypatch.setattr(bitlines, "flanking_origins", counted)
    fast = compiled(text)
    monkeypatch.setattr(bitlines, "flanking_origins", real)
    slow = compiled(text, bit_lines=none_of)  # site by site
    # discs show a side as a state value, which a filling does not give: games only
    discs = pieces == ("Disc0",)
    assert agree_along_games_and_fillings(fast, slow, pieces, seed=len(text),
                                          games=10 if discs else 6,
                                          fillings=0 if discs else 60) > 100
    assert made  # the masks answered


def test_bit_lines_only_where_every_line_is_a_fixed_step():
    for board, regular in [("(square 6)", True), ("(rectangle 4 7)", True),
                           ("(hex 4)", False)]:
        game = compiled(DISCS.format(board=board, dirs="Adjacent", limit="", p1='"c3"',
                                     p2='"c4"'))
        b = game.board
        found = bitlines.offsets_of(b.lines_of(b.directions["Adjacent"]), b.n_sites)
        assert (found is not None) == regular, board
    # a line that does not go on by the same step is refused
    assert bitlines.offsets_of([((1, 2),), ((2,),), ()], 3) == [(1, 0b011)]
    assert bitlines.offsets_of([((1, 3),), ((3,),), (), ()], 4) is None
    # on a line of 4 sites, values 1 (a friend) and 2 (a target): from site 0, the run
    # 2, 2 ends at the friend on site 3, from site 1 the run 2; looking back likewise
    tables = [[], [False, False, True] * 2]  # target: value 2 (two sites, three values)
    friends = [[], [False, True, False] * 2]  # friend: value 1
    lines = [((1, 2, 3),), ((2, 3), (0,)), ((3,), (1, 0)), ((2, 1, 0),)]
    origins = bitlines.flanking_origins(bitlines.offsets_of(lines, 4), 4, 4,
                                        bitlines.value_tables(tables, 2, 3),
                                        bitlines.value_tables(friends, 2, 3))
    assert origins(bytes([0, 2, 2, 1]), 1) == 0b0011
    assert origins(bytes([1, 2, 2, 0]), 1) == 0b1100
    assert origins(bytes([0, 2, 0, 1]), 1) == 0
    with pytest.raises(ValueError):  # a value beyond the tables: asked site by site
        origins(bytes([0, 2, 3, 1]), 1)
    # a condition that differs by site cannot be read from the values alone
    assert bitlines.value_tables([[], [True, False, True, False]], 2, 2) is not None
    assert bitlines.value_tables([[], [True, False, False, False]], 2, 2) is None


# -- placements on empty sites kept from move to move -----------------------------------

# stones flank and take enemy stones (so sites empty again: the lists are rebuilt), on
# boards of several shapes; a copy of a state goes its own way
PLACE = """(game "Place" (players {players})
  (equipment {{(board {board}) (piece "Stone" Each)}})
  (rules
    (play (move Add (to (sites Empty))
      (then (custodial (from (last To)) Orthogonal (between (max 1)
               if:(is Enemy (who at:(between))) (apply (remove (between))))
             (to if:(is Friend (who at:(to))))))))
    (end (if (>= (count Moves) 60) (result Mover Draw)))))"""


@pytest.mark.parametrize("players,board", [(2, "(square 5)"), (3, "(hex 3)"),
                                           (2, "(rectangle 3 6)")])
def test_placements_on_empty_sites_kept_from_move_to_move(players, board):
    game = compiled(PLACE.format(players=players, board=board))
    rng = random.Random(players)
    copies = 0
    for _ in range(6):
        s = game.new_initial_state()
        branches = [s]
        while branches:
            s = branches.pop()
            while not s.is_terminal():
                moves = s.legal_moves()
                empty = [x for x in range(game.board.n_sites) if not s.what[x]]
                if not empty:  # a full board: the pass Ludii inserts
                    assert [m.kind for m in moves] == ["pass"]
                else:
                    assert [m.to for m in moves] == empty
                    assert {game.pieces.owner[m.piece] for m in moves} == {s.mover}
                if rng.random() < 0.05 and len(branches) < 3:
                    branches.append(s.clone())  # played on later, from here
                    copies += 1
                s.apply(moves[rng.randrange(len(moves))])
    assert copies


# -- the sites of the mover's pieces found once per position ----------------------------

# men capture first (priority), then step; kings (made on the far row) step any way; the
# captures and the steps of men ask for the same pieces in the same position
MEN_AND_KINGS = """(game "Men and Kings" (players 2)
  (equipment {{(board {board}) (piece "Man" P1 N) (piece "Man" P2 S) (piece "King" Each)
    (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
  (rules
    (start {{(place "Man1" {{{p1}}}) (place "Man2" {{{p2}}})}})
    (play (priority {{
      (or (forEach Piece "Man" (move Hop (from) Forwards (between if:(is Enemy (who
             at:(between))) (apply (remove (between)))) (to if:(is Empty (to)))))
          (forEach Piece "King" (move Hop (from) (between if:(is Enemy (who at:(between)))
             (apply (remove (between)))) (to if:(is Empty (to))))))
      (or (forEach Piece "Man" (move Step Forwards (to if:(is Empty (to))))
            (then (if (is In (last To) (sites Next))
                    (move Promote (last To) (piece "King") Mover))))
          (forEach Piece "King" (move Step (to if:(is Empty (to))))))}}))
    (end {{(if (>= (count Moves) 80) (result Mover Draw))
           (if (no Moves Next) (result Mover Win))}})))"""


@pytest.mark.parametrize("board,p1,p2", [
    ("(square 6)", '"b1" "d1" "f1" "a2" "c2" "e2"', '"a5" "c5" "e5" "b6" "d6" "f6"'),
    ("(rectangle 5 4)", '"a1" "b1" "c2" "d1"', '"a5" "b4" "c5" "d4"'),
])
def test_piece_sites_found_once_per_position(board, p1, p2):
    text = MEN_AND_KINGS.format(board=board, p1=p1, p2=p2)
    # against the sites found afresh by every (forEach Piece) at every listing
    fast = compiled(text, scan_board=NO_SCAN)
    slow = compiled_with({"sites": (slide, "piece_sites"), "scan_board": _FLAGS["scan_board"]},
                         text, sites=_unshared_sites, scan_board=NO_SCAN)
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2", "King1", "King2"),
                                          seed=len(board), games=6, fillings=60) > 100


@pytest.mark.parametrize("board,p1,p2", [
    ("(square 6)", '"b1" "d1" "f1" "a2" "c2" "e2"', '"a5" "c5" "e5" "b6" "d6" "f6"'),
    ("(hex 4)", '"a1" "b1" "c1" "b2"', '"d7" "e7" "f7" "e6"'),
])
def test_hops_and_steps_of_every_piece_in_one_call(board, p1, p2):
    # the men's hops and steps (folded tables) come from all their sites in one call
    text = MEN_AND_KINGS.format(board=board, p1=p1, p2=p2)
    # against the moves made site by site (no rule taken as anchored to its piece's site)
    fast = compiled(text, scan_board=NO_SCAN)
    slow = compiled_with(_SITE_BY_SITE, text, anchored=_never, scan_board=NO_SCAN)
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2", "King1", "King2"),
                                          seed=len(p1), games=6, fillings=60) > 100


def test_a_trial_on_the_board_does_not_leave_its_pieces_in_the_shared_sites():
    # a condition that puts a piece on a site to test something, without making the move
    # (connected.py, cohesion.py, paths.py), scrambles the hash meanwhile: the sites of
    # the mover's pieces found during the trial are not the position's afterwards
    from ludeme.runtime.state import TRIAL_HASH

    g = compiled(MEN_AND_KINGS.format(board="(square 6)", p1='"b1" "d1"', p2='"a5" "c5"'))
    s = g.new_initial_state()
    before = sorted(map(str, s.legal_moves()))
    w = s.what
    t = next(x for x in range(len(w)) if not w[x] and x > 12)
    w[t] = w[s.game.board.site("b1")]
    s.hash ^= TRIAL_HASH
    s._moves = None
    assert any(m.frm == t for m in s.legal_moves())      # the trial sees the piece on t
    w[t] = 0
    s.hash ^= TRIAL_HASH
    s._moves = None
    assert sorted(map(str, s.legal_moves())) == before


# -- plain slides of (forEach Piece) found with the board read as bits ----------------------

SLIDERS = """(game "Sliders" (players 2)
  (equipment {{(board {board})
    (piece "Rook" Each (move Slide Orthogonal (to (apply if:(!= (to) (centrePoint))))))
    (piece "Bishop" Each (move Slide Diagonal (between (max 2))))
    (piece "Queen" Each (move Slide {dirs}))}})
  (rules
    (start {{(place "Rook1" {{{p1}}}) (place "Rook2" {{{p2}}})
             (place "Queen1" {{{q1}}}) (place "Queen2" {{{q2}}})}})
    (play (forEach Piece))
    (end {{(if (>= (count Moves) 50) (result Mover Draw))
           (if (no Moves Next) (result Mover Win))}})))"""


def same_lists(fast, slow, rng, games: int, fillings: int, pieces) -> int:
    """The same moves in the same order (not only the same set) in both games, along
    random games and on random fillings of the board."""
    checked = 0
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            ma, mb = map(a.move_to_string, a.legal_moves()), map(b.move_to_string,
                                                                 b.legal_moves())
            ma, mb = list(ma), list(mb)
            assert ma == mb
            checked += 1
            m = ma[rng.randrange(len(ma))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
        assert b.is_terminal() and a.returns() == b.returns()
    labels = list(fast.board.labels)
    for i in range(fillings):
        density = rng.random() * 0.8
        filling = {lab: rng.choice(pieces) for lab in labels if rng.random() < density}
        a = position(fast, filling, mover=1 + i % 2)
        b = position(slow, filling, mover=1 + i % 2)
        assert list(map(str, a.legal_moves())) == list(map(str, b.legal_moves())), filling
        checked += 1
    return checked


@pytest.mark.parametrize("board,dirs,p1,p2,q1,q2", [
    ("(square 7)", "Adjacent", '"a1" "g1"', '"a7" "g7"', '"d2"', '"d6"'),
    ("(rectangle 5 8)", "Orthogonal", '"a1" "h1"', '"a5" "h5"', '"c2" "f2"', '"c4" "f4"'),
    ("(hex 4)", "Adjacent", '"a1" "b1"', '"f7" "g7"', '"c2"', '"e6"'),
])
def test_slides_found_with_the_board_as_bits(board, dirs, p1, p2, q1, q2):
    text = SLIDERS.format(board=board, dirs=dirs, p1=p1, p2=p2, q1=q1, q2=q2)
    fast, slow = compiled(text), compiled(text, slide_bits=walked_entry)
    pieces = ("Rook1", "Rook2", "Bishop1", "Bishop2", "Queen1", "Queen2")
    assert same_lists(fast, slow, random.Random(len(board)), games=5, fillings=80,
                      pieces=pieces) > 150


def test_a_ray_read_as_bits_only_when_its_sites_rise_or_fall():
    rising = slidelists.ray_entry((3, 4, 5), ["m3", "m4", "m5"], 9)
    falling = slidelists.ray_entry((5, 4, 3), ["m5", None, "m3"], 9)
    bent = slidelists.ray_entry((3, 5, 4), ["m3", "m5", "m4"], 9)
    assert bent[3] is None
    # rising: site x is the bit 8 - x, and the nearest occupied site the highest bit
    board = (1 << (8 - 5)) | (1 << (8 - 4))       # 4 and 5 occupied
    assert rising[4][(board & rising[3]).bit_length()] == ("m3",)
    assert rising[4][0] == ("m3", "m4", "m5")
    # falling: site x is the bit 9 + x, the nearest occupied site again the highest bit
    board = (1 << (9 + 3))                         # 3 occupied: land on 5 (4 is passed)
    assert falling[4][(board & falling[3]).bit_length()] == ("m5",)


# -- a slide's rule for passing over, "empty and not a forbidden site", cuts its rays ------

THRONE = """(game "Throne" (players 2)
  (equipment {{(board {board}) (regions "Forts" (sites Corners))
    (piece "Guard" Each (move Slide Orthogonal (between if:{go})
        (then (custodial (from (last To)) Orthogonal (between (max 1) if:(is Enemy (who at:(between)))
            (apply (remove (between)))) (to if:(is Friend (who at:(to))))))))
    (piece "Chief" P2 (move Slide Orthogonal))}})
  (rules
    (start {{(place "Guard1" {{{p1}}}) (place "Guard2" {{{p2}}}) (place "Chief2" (centrePoint))}})
    (play (forEach Piece))
    (end {{(if (>= (count Moves) 60) (result Mover Draw))
           (if (no Moves Next) (result Mover Win))}})))"""

FORBIDDEN = '(union (sites Centre) (sites "Forts"))'


@pytest.mark.parametrize("go", [
    f"(and (not (is In (between) {FORBIDDEN})) (is Empty (between)))",
    f"(and (is Empty (between)) (not (is In (between) {FORBIDDEN})))",
    "(is Empty (between))",
    # not folded: passes over the mover's own pieces, or depends on the mover
    "(or (is Empty (between)) (is Friend (who at:(between))))",
    "(and (is Empty (between)) (or (is Mover P1) (not (is In (between) (sites Centre)))))",
])
@pytest.mark.parametrize("board,p1,p2", [
    ("(square 7)", '"a3" "a4" "a5" "g3" "g4" "g5"', '"c4" "e4" "d3" "d5"'),
    ("(rectangle 6 8)", '"a2" "a5" "h2" "h5"', '"c3" "f4" "d2"'),
])
def test_slides_cut_before_the_sites_they_never_pass(go, board, p1, p2):
    text = THRONE.format(board=board, go=go, p1=p1, p2=p2)
    fast, slow = compiled(text), compiled(text, empty_go=none_of)
    pieces = ("Guard1", "Guard2", "Chief2")
    assert same_lists(fast, slow, random.Random(len(go)), games=4, fillings=60,
                      pieces=pieces) > 100


def test_a_rule_asking_an_empty_site_and_a_table_folds():
    text = THRONE.format(board="(square 7)", p1='"a3"', p2='"c4"',
                         go=f"(and (not (is In (between) {FORBIDDEN})) (is Empty (between)))")
    g = compiled(text)
    s = position(g, {"a4": "Guard1", "g7": "Guard2"}, mover=1)
    # a corner (a1, a7) and the centre (d4) are never passed over nor landed on
    got = sorted(s.move_to_string(m) for m in s.legal_moves() if m.frm == g.board.site("a4"))
    assert got == sorted(s.move_to_string(m) for m in s.legal_moves()
                         if m.frm == g.board.site("a4") and m.to in
                         {g.board.site(x) for x in ("a2", "a3", "a5", "a6", "b4", "c4")})
    assert len(got) == 6


# -- (or ...) of (forEach Piece) over different pieces: the lists joined as they are -------

@pytest.mark.parametrize("board,p1,p2", [
    ("(square 6)", '"b1" "d1" "f1" "a2" "c2" "e2"', '"a5" "c5" "e5" "b6" "d6" "f6"'),
    ("(hex 4)", '"a1" "b1" "c1" "b2"', '"d7" "e7" "f7" "e6"'),
])
def test_moves_of_different_pieces_joined_without_looking_for_repeats(board, p1, p2):
    text = MEN_AND_KINGS.format(board=board, p1=p1, p2=p2)
    # against the lists joined looking for repeats (no rule taken as anchored, so the
    # generators' origins are not known)
    fast, slow = compiled(text), compiled_with(_SITE_BY_SITE, text, anchored=_never)
    def ors(game) -> list[str]:  # the (priority ...)'s two (or ...)s' listings
        gen = game.phases[0].generate
        cells = dict(zip(gen.__code__.co_freevars, gen.__closure__, strict=True))
        return [g.__name__ for g in cells["gens"].cell_contents]

    assert ors(fast) == ["joined", "joined"] and ors(slow) == ["gen", "gen"]
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2", "King1", "King2"),
                                          seed=len(p2), games=6, fillings=60) > 100


# the same pieces moved by both generators (the men twice, then every piece and the
# kings): a move both make is listed once
SAME_PIECES = """(game "Twice" (players 2)
  (equipment {{(board (square 5)) (piece "Man" Each) (piece "King" Each)}})
  (rules
    (play (or (forEach Piece "Man" (move Step Forwards (to if:(is Empty (to)))))
              (forEach Piece {second} (move Step {dirs} (to if:(is Empty (to)))))))
    (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("second,dirs", [('"Man"', "Forwards"),
                                         ('{"Man" "King"}', "Orthogonal")])
def test_moves_of_the_same_pieces_still_listed_once(second, dirs):
    game = compiled(SAME_PIECES.format(second=second, dirs=dirs))
    s = position(game, {"c2": "Man1", "d4": "King1", "b4": "Man2"})
    moves = [s.move_to_string(m) for m in s.legal_moves()]
    assert len(moves) == len(set(moves))
    assert "c2-c3" in moves


# -- (then ...) on (forEach Piece): each move's copy with the consequences found by id -----

@pytest.mark.parametrize("board,p1,p2,last", [
    ("(square 6)", '"b1" "d1" "f1" "a2" "c2" "e2"', '"a5" "c5" "e5" "b6" "d6" "f6"', 6),
    ("(rectangle 5 4)", '"a1" "b1" "c2" "d1"', '"a5" "b4" "c5" "d4"', 5),
])
def test_moves_with_consequences_found_by_id(board, p1, p2, last):
    # the men's steps promote on the far row: the promotion is the copies' consequence
    text = MEN_AND_KINGS.format(board=board, p1=p1, p2=p2)
    # against the promotion as the step's own consequence (no copies of moves made)
    on_each = ('(move Step Forwards (to if:(is Empty (to))))\n            (then (if (is In '
               '(last To) (sites Next))\n                    (move Promote (last To) '
               '(piece "King") Mover))))')
    on_step = on_each.replace("(to))))\n", "(to)))\n") + ")"
    assert text.count(on_each) == 1
    fast, slow = compiled(text), compiled(text.replace(on_each, on_step))
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2", "King1", "King2"),
                                          seed=len(p1) + 1, games=8, fillings=60) > 100
    s = position(fast, {f"b{last - 1}": "Man1", "a1": "Man2"})
    s.apply(s.parse_move(f"b{last - 1}-b{last}"))
    assert fast.pieces.names[s.what[fast.board.site(f"b{last}")]] == "King1"


# -- (forEach Piece ... (then ...)): the consequences made part of the generators' moves ---

# men step and hop, each (forEach Piece) with its own consequences: a step onto the far
# row promotes, a hop scores; the kings slide (a generator that makes no moves with
# more consequences: its moves get copies)
PUSHED = """(game "Pushed" (players 2)
  (equipment {{(board {board}) (piece "Man" P1 N) (piece "Man" P2 S) (piece "King" Each)
    (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
  (rules
    (start {{(place "Man1" {{{p1}}}) (place "Man2" {{{p2}}})}})
    (play (priority {{
      (forEach Piece "Man" (move Hop (from) Forwards (between if:(is Enemy (who
             at:(between))) (apply (remove (between)))) (to if:(is Empty (to)))
             (then (addScore Mover 1)))
          (then (set Score Mover (* 10 (score Mover)))))
      (or (forEach Piece "Man" (move Step Forwards (to if:(is Empty (to))))
            (then (if (is In (last To) (sites Next))
                    (move Promote (last To) (piece "King") Mover))))
          (forEach Piece "King" (move Slide (to if:(is Empty (to))))
            (then (addScore Mover 1))))}}))
    (end {{(if (>= (count Moves) 80) (result Mover Draw))
           (if (no Moves Next) (result Mover Win))}})))"""


@pytest.mark.parametrize("board,p1,p2", [
    ("(square 6)", '"b1" "d1" "f1" "a2" "c2" "e2"', '"a5" "c5" "e5" "b6" "d6" "f6"'),
    ("(hex 4)", '"a1" "b1" "c1" "b2"', '"d7" "e7" "f7" "e6"'),
])
def test_consequences_of_for_each_piece_made_part_of_the_moves(board, p1, p2, monkeypatch, spied):
    text = PUSHED.format(board=board, p1=p1, p2=p2)
    pushed = spied(step, "then_after")
    fast = compiled(text)
    # the men's hops and steps, for each way the men face (N, S); the kings' slides get
    # copies
    assert len(pushed) == 4
    # against the men's moves under (if (= 1 1) ...), which cannot take the consequences
    # in (no ``rethen``): copies of the moves with them are made while generating
    pushed.clear()
    slow = compiled(under_true_if(under_true_if(text, "(move Hop"), "(move Step"))
    assert not pushed
    assert agree_along_games_and_fillings(fast, slow, ("Man1", "Man2", "King1", "King2"),
                                          seed=len(p1), games=8, fillings=60) > 100
    # the scores follow the same games (the hop's own consequence comes first: 1, not 0,
    # is multiplied by 10)
    for seed in range(3):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        rng = random.Random(seed)
        while not a.is_terminal():
            m = sorted(legal(a))[rng.randrange(len(legal(a)))]
            a.apply(a.parse_move(m))
            b.apply(b.parse_move(m))
            assert a.scores() == b.scores()


def test_a_hop_scores_its_own_consequence_first():
    game = compiled(PUSHED.format(board="(square 6)", p1='"c2"', p2='"c3" "f6"'))
    s = position(game, {"c2": "Man1", "c3": "Man2", "f6": "Man2"})
    s.apply(s.parse_move("c2-c4"))
    assert s.score[1] == 10
