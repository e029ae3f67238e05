"""Ludii's start-position and naming forms: ``(place ... coord:/count:/state:)``,
``(place "X" "Hand1")``, bare names with a lower-case initial (Ludii's compiler upper-cases
a bare name's first letter before matching it)."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError

PLACES = """
(game "Places"
    (players 2)
    (equipment { (board (square 4)) (hand Each size:2) (piece "Disc" Each) (piece "Cross" P1)
                 (regions "Home" {(sites {"A1" "B1"})}) })
    (rules
        (start { (place "Disc" "Hand" count:3) (place "Cross1" "Hand1" count:2)
                 (place "Disc1" coord:"C3") (place "Disc2" "D4") (place "Disc2" "Home")
                 (place "Disc1" {"A4" "B4"} state:1) (place "Disc2" coord:"C2" count:3) })
        (play (move Add "Disc" (to (sites Empty))))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def test_place_forms_put_pieces_where_ludii_does():
    g = ludeme.loads(PLACES)
    s = g.new_initial_state()
    assert s.board() == {"c3": "Disc1", "d4": "Disc2", "a1": "Disc2", "b1": "Disc2",
                         "a4": "Disc1", "b4": "Disc1", "c2": "Disc2"}
    disc, cross = g.pieces.kind_index("Disc"), g.pieces.kind_index("Cross")
    assert s.hand[1][disc] == 3 and s.hand[2][disc] == 3 and s.hand[1][cross] == 2
    # "Hand": each player's first free hand site; "Hand1": the first site of P1's hand
    # (Ludii's placement), which the discs took first
    assert g.hands.kind[:2] == [disc, cross]
    c2, a4 = g.board.index["Cell"]["c2"], g.board.index["Cell"]["a4"]
    assert s.count[c2] == 3  # count: a site holding three identical pieces
    assert s.site_state[a4] == 1 and s.site_state[c2] == 0


def test_place_without_sites_or_with_two_is_an_error():
    for bad, msg in (('(place "Disc1")', "needs the sites"),
                     ('(place "Disc1" "A1" coord:"B2")', "once"),
                     ('(place "Disc1" coord:"Z9")', "no cell 'Z9'"),
                     ('(place "Disc" "Hand5")', "P5 does not exist")):
        with pytest.raises(LudemeError, match=msg):
            ludeme.loads(PLACES.replace('(place "Disc1" coord:"C3")', bad))


LOWER = """
(game "Lower"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" each) })
    (rules
        (play (move Add (to (sites empty))
                  (then (if (is in (last To) (sites Corners)) (moveAgain)))))
        (end (if (is Line 3 orthogonal) (result mover Win)))
    )
)
"""


def test_lower_case_initials_read_as_ludii_reads_them():
    lower = ludeme.loads(LOWER)
    upper = ludeme.loads(LOWER.replace("each", "Each").replace("empty", "Empty")
                         .replace("is in", "is In").replace("orthogonal", "Orthogonal")
                         .replace("mover", "Mover"))
    a, b = lower.new_initial_state(), upper.new_initial_state()
    a.apply(a.parse_move("a1"))  # a corner: the same player moves again
    b.apply(b.parse_move("a1"))
    assert a.current_player() == b.current_player() == 1
    assert sorted(map(str, a.legal_moves())) == sorted(map(str, b.legal_moves()))


def test_a_lower_case_word_that_is_no_name_stays_an_error():
    with pytest.raises(LudemeError, match="unknown kind 'emptyy'"):
        ludeme.loads(LOWER.replace("(sites empty)", "(sites emptyy)"))


DROPS = """
(game "Drops"
    (players 2)
    (equipment { (board (square 3)) (hand Each size:2) (piece "Pawn" Each) (piece "Rook" Each) })
    (rules
        (start { (place "Pawn" "Hand" count:1) (place "Rook" "Hand" count:2)
                 (place "Pawn1" coord:"A1") (place "Rook2" coord:"C3") })
        (play (move (from (sites Occupied by:Mover container:"Hand" component:"Pawn"))
                    (to (sites Empty))))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_sites_occupied_in_a_hand_by_container_and_component():
    g = ludeme.loads(DROPS)
    s = g.new_initial_state()
    p1_pawn_site = g.hands.first[1]  # the pawns went to each hand's first site
    assert {m.frm for m in s.legal_moves()} == {p1_pawn_site}
    assert len(s.legal_moves()) == 7
    s.apply(s.legal_moves()[0])
    assert {m.frm for m in s.legal_moves()} == {g.hands.first[2]}
    s.apply(s.legal_moves()[0])
    assert s.legal_moves() == []  # P1's only pawn in hand was dropped: no more drops


@pytest.mark.parametrize("form, sites", [
    ('(sites Occupied by:Mover container:"Board")', {"a1"}),
    ('(sites Occupied by:All container:"Board" component:"Rook")', {"c3"}),
    ('(sites Occupied by:Mover container:"Hand" components:{"Pawn" "Rook"})', {"hand1", "hand1.1"}),
    ('(sites Occupied by:Next container:2)', {"hand2", "hand2.1"}),
    ('(sites Occupied by:All container:"Hand2")', {"hand2", "hand2.1"}),
])
def test_sites_occupied_container_forms(form, sites):
    g = ludeme.loads(DROPS.replace(
        '(sites Occupied by:Mover container:"Hand" component:"Pawn")', form))
    s = g.new_initial_state()
    assert {s.move_to_string(m).split("-")[0] for m in s.legal_moves()} == sites


ZONES = """
(game "Zones"
    (players 2)
    (equipment { (board (square 4)) (piece "Disc" Each)
                 (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom))
                 (regions "PalaceP1" P1 {0 1}) (regions "Corner" {15}) })
    (rules
        (play (move Add (to (sites Mover "Promotion"))))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


@pytest.mark.parametrize("form, sites", [
    ('(sites Mover "Promotion")', {"a4", "b4", "c4", "d4"}),
    ('(sites Next "Promotion")', {"a1", "b1", "c1", "d1"}),
    ('(sites P1 "Palace")', {"a1", "b1"}),   # Ludii: the player's regions whose name contains it
    ('(sites "Promotion")', {"a4", "b4", "c4", "d4", "a1", "b1", "c1", "d1"}),
    ('(sites "Corner")', {"d4"}),
    ('(sites Mover)', {"a4", "b4", "c4", "d4", "a1", "b1"}),
])
def test_regions_by_player_and_name(form, sites):
    g = ludeme.loads(ZONES.replace('(sites Mover "Promotion")', form))
    s = g.new_initial_state()
    assert {s.move_to_string(m) for m in s.legal_moves()} == sites


def test_a_player_region_name_that_nothing_contains_is_an_error():
    with pytest.raises(LudemeError, match="no region named 'Promotoin'") as err:
        ludeme.loads(ZONES.replace('(sites Mover "Promotion")', '(sites Mover "Promotoin")'))
    assert "Promotion" in str(err.value)  # the did-you-mean


PAWNS = """
(game "Pawns"
    (players {(player N) (player S)})
    (equipment { (board (square 4)) (piece "Pawn" Each) (piece "Queen" Each) (piece "Rook" Each) })
    (rules
        (start { (place "Pawn1" {"A1" "B2"}) (place "Pawn2" {"D4"}) })
        (play (forEach Piece "Pawn"
            (or (move Step Forward (to if:(is Empty (to))))
                (if (is In (from) (sites Start (piece (what at:(from)))))
                    (move Hop Forward (between if:(is Empty (between)))
                          (to if:(is Empty (to))))))
            (then (if (is In (last To) (sites Mover "Far"))
                      (moveAgain)))))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def test_sites_start_is_where_the_piece_started():
    g = ludeme.loads(PAWNS.replace('(sites Mover "Far")', "(sites Top)"))
    s = g.new_initial_state()
    # both P1 pawns stand where they started: a step or a double step each
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == [
        "a1-a2", "a1-a3", "b2-b3", "b2-b4"]
    s.apply(s.parse_move("a1-a2"))
    s.apply(s.legal_moves()[0])
    # the a-pawn left its start: a single step only
    assert "a2-a3" in {s.move_to_string(m) for m in s.legal_moves()}
    assert "a2-a4" not in {s.move_to_string(m) for m in s.legal_moves()}


PROMOTE = """
(game "Promote"
    (players 2)
    (equipment { (board (square 3)) (piece "Pawn" Each) (piece "Queen" Each) (piece "Rook" Each) })
    (rules
        (start { (place "Pawn1" {"A1"}) (place "Pawn2" {"C3"}) })
        (play (move Promote "A1" CHOICE))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


@pytest.mark.parametrize("choice, becomes", [
    ('(piece {"Queen" "Rook"}) Mover', ["Queen1", "Rook1"]),
    ('(piece "Queen") Mover', ["Queen1"]),
    ('(piece (id "Rook" Next))', ["Rook2"]),
    ('(piece (what at:"C3"))', ["Pawn2"]),
    ('(piece {(id "Rook" P1) (id "Queen" P2)})', ["Rook1", "Queen2"]),
    ('(piece (what at:"A1")) Mover', ["Pawn1"]),
    ('(piece (what at:"C3")) Mover', []),  # no piece of the mover is named Pawn2
])
def test_promote_to_each_piece_the_choice_names(choice, becomes):
    g = ludeme.loads(PROMOTE.replace("CHOICE", choice))
    s = g.new_initial_state()
    a1 = g.board.index["Cell"]["a1"]
    assert sorted(g.pieces.names[m.piece] for m in s.legal_moves()
                  if m.to == a1) == sorted(becomes)


MAPS = """
(game "Maps"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) (piece "Cross" Each)
                 (map "Entry" {(pair P1 "B1") (pair P2 "C3")})
                 (map "Turn" {(pair "C3" "Cross2") (pair "A2" "Nothing")}) })
    (rules
        (play (move Add "Disc" (to (mapEntry "Entry" Mover))))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def test_map_pairs_with_site_labels_and_piece_names():
    g = ludeme.loads(MAPS)
    s = g.new_initial_state()
    assert [s.move_to_string(m) for m in s.legal_moves()] == ["b1"]
    s.apply(s.legal_moves()[0])
    assert [s.move_to_string(m) for m in s.legal_moves()] == ["c3"]
    # "C3" maps to the id of Cross2 (4); a key with no entry maps to itself (b2 is
    # site 4), as in Ludii; "Nothing" names no piece: that pair is left out
    g = ludeme.loads(MAPS.replace('(to (mapEntry "Entry" Mover))',
                                  '(to (sites Empty) if:(= (mapEntry "Turn" (to)) '
                                  '(id "Cross2")))'))
    s = g.new_initial_state()
    assert g.pieces.names.index("Cross2") == 4
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["b2", "c3"]


@pytest.mark.parametrize("text, coord", [("A1", True), ("AA10", True), ("12", True),
                                         ("Rook1", False), ("ABC1", False), ("A", False)])
def test_site_labels_as_ludii_tells_them(text, coord):
    from ludeme.ludemes.equipment.maps import is_coordinate

    assert is_coordinate(text) is coord


PHASE_ENDS = """
(game "PhaseEnds"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        phases:{
            (phase "Early" (play (move Add (to (sites Empty))))
                (end (if (is In (last To) (sites {"A1"})) (result Mover Win)))
                (nextPhase Mover "Late"))
            (phase "Late" (play (move Add (to (sites Empty)))))
        }
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def test_a_phase_end_rule_holds_in_its_phase_only():
    g = ludeme.loads(PHASE_ENDS)
    s = g.new_initial_state()
    s.apply(s.parse_move("a1"))  # P1 in "Early" plays a1: the phase's end rule
    assert s.is_terminal() and s.returns()[0] > 0
    s = g.new_initial_state()
    for move in ("b1", "c1"):  # both players leave "Early"
        s.apply(s.parse_move(move))
    s.apply(s.parse_move("a1"))  # P1, now in "Late": no such end rule there
    assert not s.is_terminal()


ADDS = """
(game "Adds"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) (piece "Ball" Neutral) })
    (rules
        (play PLAY)
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


@pytest.mark.parametrize("play, board", [
    ('(move Add (piece "Ball0") (to (sites Empty)))', {"c3": "Ball"}),
    ('(move Add (to (sites Empty)) (then (add (piece (id "Disc" Next)) (to (sites {"A1"})))))',
     {"a1": "Disc2", "c3": "Disc1"}),
    ('(move Add (to (sites Empty)) (then (add (piece "Ball0") (to (sites {"B1" "C3"})))))',
     {"b1": "Ball", "c3": "Disc1"}),  # an occupied site is left alone
])
def test_move_add_and_add_with_ludii_piece_forms(play, board):
    g = ludeme.loads(ADDS.replace("PLAY", play))
    s = g.new_initial_state()
    s.apply(s.parse_move("c3"))
    assert s.board() == board


def test_move_add_of_one_players_piece_for_every_mover_is_refused():
    with pytest.raises(LudemeError, match="not supported"):
        ludeme.loads(ADDS.replace("PLAY", '(move Add (piece "Disc1") (to (sites Empty)))'))


def test_a_number_compared_with_a_player_and_a_hand_by_number():
    text = DROPS.replace(
        '(sites Occupied by:Mover container:"Hand" component:"Pawn")',
        '(handSite (mover))').replace(
        '(to (sites Empty))', '(to (sites Empty) if:(!= (mover) Next))').replace(
        '(no Moves Next)', '(= (who at:"A1") P2)')
    g = ludeme.loads(text)
    s = g.new_initial_state()
    assert {m.frm for m in s.legal_moves()} == {g.hands.first[1]}
    s.apply(s.parse_move(s.move_to_string(s.legal_moves()[0]).split("-")[0] + "-b2"))
    assert {m.frm for m in s.legal_moves()} == {g.hands.first[2]}
    assert not s.is_terminal()
    g = ludeme.loads(text.replace("(= (who at:\"A1\") P2)", "(= (who at:\"A1\") Mover)"))
    s = g.new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_terminal()  # P1's pawn stands on A1 and P1 just moved


def test_where_matches_a_full_name_with_its_owner_as_ludii_does():
    text = PAWNS.replace('(sites Mover "Far")', "(sites Top)").replace(
        '(end (if (is Full) (result Mover Draw)))',
        '(end (if (= (where "Pawn2" P2) (coord "D4")) (result P2 Win)))')
    g = ludeme.loads(text)
    s = g.new_initial_state()
    s.apply(s.parse_move("b2-b3"))
    assert s.is_terminal() and s.returns()[1] > 0  # Pawn2 of P2 still stands on D4


def test_move_add_without_a_piece_adds_the_piece_numbered_as_the_mover():
    g = ludeme.loads(ADDS.replace('(piece "Disc" Each) (piece "Ball" Neutral)',
                                  '(piece "Ball" Neutral) (piece "Disc" Each)')
                     .replace("PLAY", "(move Add (to (sites Empty)))"))
    s = g.new_initial_state()
    s.apply(s.parse_move("a1"))  # P1 owns one kind: its own disc
    s.apply(s.parse_move("b1"))
    assert s.board() == {"a1": "Disc1", "b1": "Disc2"}
    g = ludeme.loads(ADDS.replace('(piece "Disc" Each) ', "")
                     .replace("PLAY", "(move Add (to (sites Empty)))"))
    s = g.new_initial_state()
    s.apply(s.parse_move("a1"))  # no piece of its own: piece number 1, the ball
    assert s.board() == {"a1": "Ball"}


MOVE_SITES = """
(game "MoveSites"
    (players 2)
    (equipment { (board (square 3)) (piece "Rook" Each (move Step Orthogonal (to if:(is Empty (to))))) })
    (rules
        (start { (place "Rook1" coord:"A1") (place "Rook2" coord:"C3") })
        (play PLAY)
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


@pytest.mark.parametrize("play, sites", [
    ("(move Add (to (sites To (forEach Piece))))", ["a2", "b1"]),
    ("(move Remove (sites From (forEach Piece)))", ["a1"]),
])
def test_sites_from_and_to_of_the_moves_generated(play, sites):
    g = ludeme.loads(MOVE_SITES.replace("PLAY", play))
    s = g.new_initial_state()
    # (sites To ...): where the mover's rook could step; (sites From ...): where it stands
    cells = {v: k for k, v in g.board.index["Cell"].items()}
    assert sorted(cells[m.to] for m in s.legal_moves()) == sites


def test_a_player_by_number_regions_compared_and_integers_as_sites():
    text = ZONES.replace(
        '(end (if (is Full) (result Mover Draw)))',
        '(end { (if (= (sites Occupied by:P1) (sites (player 1) "Promotion")) (result P1 Win))'
        '       (if (is In (+ 14 1) (sites Occupied by:All)) (result P2 Win)) })')
    g = ludeme.loads(text.replace('(sites Mover "Promotion")',
                                  '(sites {(+ 12 0) (+ 13 0) (+ 14 0) (+ 15 0)})'))
    s = g.new_initial_state()
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["a4", "b4", "c4", "d4"]
    for move in ("a4", "b4", "c4"):
        s.apply(s.parse_move(move))
        assert not s.is_terminal()
    s.apply(s.parse_move("d4"))  # site 15 (d4) occupied: P2's rule; P1 has a4, c4 only
    assert s.is_terminal() and s.returns()[1] > 0
