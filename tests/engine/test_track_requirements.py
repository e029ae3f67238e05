"""``(firstMoveOnTrack ...)``, ``(max Distance ...)``, ``(forEach Die if:...)`` in a
piece's moves and ``(forEach Site ... noMoveYet:...)`` with consequences, on small
descriptions written for these tests."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError

# P1's track runs east, P2's west; a player removes one of its own discs: PLAY picks it
TRACKS = """
(game "First On Track"
    (players 2)
    (equipment {
        (board (rectangle 1 6)
            { (track "Track1" "0,E,End" P1 directed:True)
              (track "Track2" "5,W,End" P2 directed:True) })
        (piece "Disc" Each)
    })
    (rules
        (start { (place "Disc1" {"B1" "D1" "E1"}) (place "Disc2" {"A1" "C1"}) })
        (play PLAY)
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""
REMOVE_OWN = "(if (is Mover (who at:(site))) (move Remove (site)))"


def removed(play: str, turns: int = 1) -> list[list[int]]:
    """The sites each player's legal removals leave from, for ``turns`` turns."""
    state = ludeme.loads(TRACKS.replace("PLAY", play)).new_initial_state()
    out = []
    for _ in range(turns):
        legal = state.legal_moves()
        out.append(sorted(m.frm for m in legal))
        state.apply(legal[0])
    return out


def test_first_move_on_track_takes_the_first_site_along_the_movers_track():
    # P1 walks east from A1: B1 is its first disc; P2 walks west from F1: C1
    got = removed(f'(firstMoveOnTrack "Track" Mover {REMOVE_OWN})', turns=2)
    assert got == [[1], [2]]


def test_first_move_on_track_without_owner_uses_the_track_of_that_name():
    # the track named exactly "Track2" for both players: P1's first disc from F1 west
    # is E1; P2's is C1
    got = removed(f'(firstMoveOnTrack "Track2" {REMOVE_OWN})', turns=2)
    assert got == [[4], [2]]


def test_first_move_on_track_gives_nothing_when_no_site_has_moves():
    play = '(firstMoveOnTrack "Track" Mover (if (is Empty (site)) (move Remove (site))))'
    state = ludeme.loads(TRACKS.replace("PLAY", play)).new_initial_state()
    # empty sites have nothing to remove: the moves are empty (a pass is inserted)
    assert [m.kind for m in state.legal_moves()] == ["pass"]


def test_first_move_on_track_names_a_missing_track():
    with pytest.raises(LudemeError, match="no track named 'Trak'"):
        ludeme.loads(TRACKS.replace("PLAY", f'(firstMoveOnTrack "Trak" Mover {REMOVE_OWN})'))


def test_max_distance_gives_the_moves_as_ludii_1_0_8_does():
    plain = removed(f"(forEach Site (sites Board) {REMOVE_OWN})", turns=2)
    assert plain == [[1, 3, 4], [0, 2]]
    wrapped = removed(f'(max Distance "Track" Mover (forEach Site (sites Board) '
                      f"{REMOVE_OWN}))", turns=2)
    assert wrapped == plain


def test_no_move_yet_moves_are_made_without_the_consequences():
    # the sites' moves make the player move again; the noMoveYet: ones do not
    play = ("(forEach Site (sites {SITES}) " + REMOVE_OWN +
            f' noMoveYet:(firstMoveOnTrack "Track" Mover {REMOVE_OWN}) (then (moveAgain)))')
    state = ludeme.loads(TRACKS.replace("PLAY", play.replace("{SITES}", "{3}")))
    s = state.new_initial_state()
    s.apply(s.legal_moves()[0])          # D1, a site's move: P1 again
    assert s.mover == 1
    s = ludeme.loads(TRACKS.replace("PLAY", play.replace("{SITES}", "{0}")))
    s = s.new_initial_state()
    assert [m.frm for m in s.legal_moves()] == [1]   # A1 is P2's: B1 by noMoveYet:
    s.apply(s.legal_moves()[0])
    assert s.mover == 2


# a die per turn; only the disc on a site the die's pips name as its own may move: the
# if: of (forEach Die) reads the piece's site (from)
DIE = """
(game "Die From"
    (players 2)
    (equipment {
        (board (rectangle 1 8))
        (dice d:2 from:1 num:1)
        (piece "Disc" Each
            (forEach Die if:(= (from) (pips))
                (move (from) (to (ahead (from) steps:3 E) if:(is Empty (to))))))
    })
    (rules
        (start { (place "Disc1" {"B1" "C1"}) (place "Disc2" {"H1"}) })
        (play (do (roll) next:(forEach Piece)))
        (end (if (is In (last To) (sites Right)) (result Mover Win)))
    )
)
"""


@pytest.mark.parametrize("roll, frm", [((1,), 1), ((2,), 2)])
def test_for_each_die_condition_sees_the_pieces_site(roll, frm):
    state = ludeme.loads(DIE).new_initial_state()
    state.apply_chance(roll)
    assert [(m.frm, m.to) for m in state.legal_moves()] == [(frm, frm + 3)]
