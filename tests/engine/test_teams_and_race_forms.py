"""Ludii's teams (``(set Team ...)``, ``TeamN``, friends and enemies), ``(trackSite
EndSite)``, ``(place Stack items: coord:)``, ``(do <effect> next:...)`` without dice, a
move ``(from <hand site> level:...)`` and ``(sites "name")`` of no region, on small
descriptions written for these tests."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError

# four players on a line; a disc steps east onto an empty site or onto an enemy's
TEAMS = """
(game "Teams"
    (players 4)
    (equipment {
        (board (rectangle 1 8))
        (piece "Disc" Each
            (move Step E (to if:(or (is Empty (to)) (is Enemy (who at:(to))))
                             (apply (remove (to))))))
    })
    (rules
        (start { (place "Disc1" {"A1"}) (place "Disc2" {"C1"}) (place "Disc3" {"B1"})
                 (place "Disc4" {"E1"})
                 TEAMS })
        (play (forEach Piece))
        (end { (if (= (count Pieces P2) 0) (result Team1 Win))
               (if (= (count Pieces P1) 0) (result Team2 Win)) })
    )
)
"""


def targets(state) -> list[int]:
    return sorted(m.to for m in state.legal_moves() if m.kind != "pass")


BOTH = "(set Team 1 {P1 P3}) (set Team 2 {P2 P4})"


def test_team_members_are_friends_and_the_others_enemies():
    s = ludeme.loads(TEAMS.replace("TEAMS", BOTH)).new_initial_state()
    # P1 on A1: B1 holds P3, a friend, so the step is blocked
    assert targets(s) == []
    s.apply(s.legal_moves()[0])
    # P2 on C1 steps onto D1 (empty); E1 is P4's, a friend, beyond it
    assert targets(s) == [3]


def test_without_teams_every_other_player_is_an_enemy():
    s = ludeme.loads(TEAMS.replace("TEAMS", "")
                     .replace("(result Team1 Win)", "(result P1 Win)")
                     .replace("(result Team2 Win)", "(result P2 Win)")).new_initial_state()
    assert targets(s) == [1]     # P3 on B1 is an enemy: P1 takes it


def test_a_team_win_ranks_the_team_first_and_the_others_after_it():
    g = ludeme.loads(TEAMS.replace("TEAMS", BOTH)
                     .replace('(place "Disc3" {"B1"})', '(place "Disc3" {"H1"})')
                     .replace('(place "Disc2" {"C1"})', '(place "Disc2" {"B1"})'))
    s = g.new_initial_state()
    assert targets(s) == [1]
    s.apply(s.legal_moves()[0])          # P1 takes P2's only disc: team 1 wins
    assert s.is_terminal()
    # as Ludii ranks it: P1 and P3 first; P2 and P4 third of four, 1 - 2 * 2 / 3
    assert s.returns()[0] == s.returns()[2] == 1.0
    assert s.returns()[1] == s.returns()[3] == pytest.approx(-1 / 3)


def test_team_roles_need_their_players():
    with pytest.raises(LudemeError, match="Team1 has no players"):
        ludeme.loads(TEAMS.replace("TEAMS", ""))
    with pytest.raises(LudemeError, match="P5 does not exist"):
        ludeme.loads(TEAMS.replace("TEAMS", "(set Team 1 {P1 P5}) (set Team 2 {P2 P4})"))
# P1's track runs east to End, P2's west to its last site; (trackSite EndSite P2)
ENDS = """
(game "Ends"
    (players 2)
    (equipment {
        (board (rectangle 1 5)
            { (track "Track1" "0,E,End" P1 directed:True)
              (track "Track2" "4,W" P2 directed:True) })
        (hand Each)
        (piece "Pawn" Each)
    })
    (rules
        (start START)
        (play PLAY)
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def ends(start: str, play: str):
    return ludeme.loads(ENDS.replace("START", start).replace("PLAY", play))


@pytest.mark.parametrize("who, site", [("P1", -2), ("P2", 0), ("", -2)])
def test_track_site_end_site_is_the_last_element_of_the_track(who, site):
    # P1's track ends with End (-2); P2's last site is A1; without a player, as in
    # Ludii, the first track (nobody owns one here)
    play = f'(if (= (trackSite EndSite {who}) {site}) (move Add (piece "Pawn") (to 2)))'
    s = ends('(place "Pawn2" 0)', play).new_initial_state()
    assert [m.to for m in s.legal_moves()] == [2]


def test_place_stack_items_on_a_labelled_site():
    g = ends('(place Stack items:{"Pawn2" "Pawn1"} coord:"C1")', "(move Pass)")
    s = g.new_initial_state()
    pawn1, pawn2 = s.game.pieces.named("Pawn1"), s.game.pieces.named("Pawn2")
    # C1 (site 2): Pawn2 at the bottom (the levels below the top), Pawn1 on top
    assert tuple(s.stack[2]) == (pawn2,) and s.what[2] == pawn1
    with pytest.raises(LudemeError, match="give the sites, or one label"):
        ends('(place Stack items:{"Pawn2"})', "(move Pass)")


def test_do_without_dice_makes_the_prior_first():
    # the prior scores the mover; the moves are found after it: with a score of 1, a pawn
    # goes on C1, and making the move scores too
    play = ('(do (addScore Mover 1) next:(if (= (score Mover) 1) '
            '(move Add (piece "Pawn") (to 2)) (move Add (piece "Pawn") (to 3))))')
    s = ends('(place "Pawn2" 0)', play).new_initial_state()
    assert [m.to for m in s.legal_moves()] == [2]
    s.apply(s.legal_moves()[0])
    assert s.score[1] == 1 and s.what[2] != 0


def test_a_move_from_a_hand_with_a_level_takes_a_piece_of_the_hand():
    play = ('(move (from (handSite Mover) level:(topLevel at:(handSite Mover))) '
            '(to 1))')
    s = ends('{(place Stack "Pawn1" (handSite P1) count:2) (place Stack "Pawn2" 4)}',
             play).new_initial_state()
    assert [(m.frm, m.to) for m in s.legal_moves()] == [(5, 1)]


def test_sites_of_a_name_that_is_no_region_is_empty_with_a_warning():
    text = ENDS.replace("START", '(place "Pawn2" 0)').replace(
        "PLAY", '(move Add (piece "Pawn") (to (sites "home")))').replace(
        "(piece \"Pawn\" Each)", "(piece \"Pawn\" Each) (regions \"Home\" {1 2})")
    g = ludeme.loads(text)
    assert any("no region named 'home'" in w.message for w in g.warnings)
    s = g.new_initial_state()
    assert [m.kind for m in s.legal_moves()] == ["pass"]
    with pytest.raises(LudemeError, match="no cell 'Z9'"):
        ludeme.loads(text.replace('"home"', '"Z9"'))


# a disc hops over any piece onto an empty site it has not visited this turn, and hops
# again while it can
HOPS = """
(game "Hops"
    (players 2)
    (equipment {
        (board (rectangle 1 5))
        (piece "Disc" Each)
    })
    (rules
        (start { (place "Disc1" {"A1"}) (place "Disc2" {"B1"}) })
        (play (if "SameTurn"
            (or (move Hop (from (last To)) (between if:(is Occupied (between)))
                    (to if:(and (is Empty (to)) (not (is Visited (to))))))
                (move Pass))
            (forEach Piece
                (move Hop (between if:(is Occupied (between)))
                    (to if:(and (is Empty (to)) (not (is Visited (to)))))
                    (then (if (can Move (move Hop (from (last To))
                                          (between if:(is Occupied (between)))
                                          (to if:(and (is Empty (to))
                                                      (not (is Visited (to)))))))
                              (moveAgain)))))))
        (end (if (is In (last To) (sites Right)) (result Mover Win)))
    )
)
"""


def test_can_move_counts_the_last_moves_sites_as_visited():
    s = ludeme.loads(HOPS).new_initial_state()
    assert [(m.frm, m.to) for m in s.legal_moves()] == [(0, 2)]
    s.apply(s.legal_moves()[0])
    # the only hop from C1 goes back to A1, the origin of the move just made: as in
    # Ludii, (can Move ...) sees it visited, so P1 does not move again
    assert s.mover == 2


def test_a_site_off_the_board_is_not_empty_and_a_hand_site_has_an_owner():
    # End (-2) is no site of the board: not among the empty sites; the hand site of P1
    # holding pawns is P1's
    play = ('(if (and (not (is In (trackSite EndSite P1) (sites Empty))) '
            '(= (who at:(handSite P1)) 1) (= (who at:(handSite P2)) 0)) '
            '(move Add (piece "Pawn") (to 2)))')
    s = ends('(place "Pawn1" (handSite P1) count:2)', play).new_initial_state()
    assert [m.to for m in s.legal_moves()] == [2]


def test_a_map_may_name_players_beyond_the_game_s():
    # as in Ludii, a map written for four players loads in a two-player version
    text = ENDS.replace("START", '(place "Pawn2" 0)').replace(
        "PLAY", '(move Add (piece "Pawn") (to (mapEntry "Entry" (mover))))').replace(
        '(piece "Pawn" Each)',
        '(piece "Pawn" Each) (map "Entry" {(pair P1 "C1") (pair P2 "D1") (pair P3 "E1")})')
    s = ludeme.loads(text).new_initial_state()
    assert [m.to for m in s.legal_moves()] == [2]
    with pytest.raises(LudemeError, match="P3 does not exist in a 2-player game"):
        ludeme.loads(text.replace('(mapEntry "Entry" (mover))', '(mapEntry "Entry" P3)'))


def test_a_move_by_level_from_a_site_worked_out_takes_the_piece_at_that_level():
    # one site to one site, both worked out (the fast path of such moves): with level:0
    # the piece moved is the bottom one of the stack (P2's pawn), not the top one
    play = ('(forEach Site (sites Occupied by:Mover) '
            '(move (from (site) level:0) (to (ahead (site) W))))')
    g = ends('{(place Stack "Pawn2" 2) (place Stack "Pawn1" 2)}', play)
    s = g.new_initial_state()
    assert [(m.frm, m.to, g.pieces.names[m.piece]) for m in s.legal_moves()] == \
        [(2, 1, "Pawn2")]
