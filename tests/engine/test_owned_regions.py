"""Regions read from one player's pieces site by site, kept on the state from move to
move (``ludeme.compile.ownedregions``): the same legal moves, in the same order, along
random games as listing them afresh, on Branches and on games written here (paths from
a tree, edges added next to it or taken off, a player named by number, a shared piece,
membership asked with ``(is In ...)``)."""

from __future__ import annotations

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import ownedregions
from tests.engine.test_seed_speedups import STROKES, agree_along_games, compiled


def _both(monkeypatch, make):
    fast = make()
    monkeypatch.setattr(ownedregions, "KEPT_OWNED", False)
    slow = make()
    monkeypatch.setattr(ownedregions, "KEPT_OWNED", True)
    return fast, slow


def test_the_switch_changes_the_region_compiled(monkeypatch, spied):
    made = spied(ownedregions, "kept_region")
    _both(monkeypatch, lambda: compiled(STROKES.format(
        board="(square 4)", far="d4", length=2, cond="(not (is Crossing mixed:True))")))
    assert made == ["kept_region"]


@pytest.mark.parametrize("board,far,length,mixed", [("(square 5)", "e5", 1, "True"),
                                                    ("(rectangle 4 6)", "f4", 3, "False"),
                                                    ("(tri 6)", "f6", 2, "True")])
def test_paths_from_a_kept_tree(monkeypatch, board, far, length, mixed):
    text = STROKES.format(board=board, far=far, length=length,
                          cond=f"(not (is Crossing mixed:{mixed}))")
    fast, slow = _both(monkeypatch, lambda: compiled(text))
    assert agree_along_games(fast, slow, seed=length, games=6) > 20


@pytest.mark.parametrize("options", [["Board Size/6x6", "Branch Length/2 edges"],
                                     ["Board Size/8x8", "Branch Length/3 edges",
                                      "Origin Order/A-B-A-B"]])
def test_branches_from_a_kept_tree(monkeypatch, options):
    from ludeme.api import load_description

    desc = load_description("branches", options)
    fast, slow = _both(monkeypatch, lambda: _compile(desc))
    assert agree_along_games(fast, slow, seed=len(options), games=4) > 40


TANGLE = """(game "Tangle" (players 2)
  (equipment {{(board {board} use:{{Vertex Edge}}) (piece "Pen" Each) (piece "Knot" Shared)}})
  (rules
    (start {{(place "Pen1" {{"a1"}}) (place "Pen2" {{"{far}"}}) (place "Knot" {{"b2"}})}})
    (play (or {{
      (move Add (to (sites Empty Edge)
                    if:(is In (to) (sites Incident Edge of:Vertex at:{tree}))))
      (move Path length:1 from:(union (sites Occupied {who} Vertex)
                                      (sites Occupied Shared Vertex)))
      (move Remove (sites Occupied Next Edge))}}))
    (end (if (no Moves Next) (result Next Loss)))))"""

TREE = """(union (sites Occupied {who} Vertex)
                  (sites Incident Vertex of:Edge at:(sites Occupied {who} Edge)))"""


@pytest.mark.parametrize("board,far,who", [("(square 4)", "d4", "Mover"),
                                           ("(tri 5)", "e5", "Mover"),
                                           ("(rectangle 3 5)", "e3", "P1")])
def test_edges_added_and_taken_off_next_to_a_kept_tree(monkeypatch, spied, board, far, who):
    text = TANGLE.format(board=board, far=far, who=who, tree=TREE.format(who=who))
    made = spied(ownedregions, "kept_region")
    fast, slow = _both(monkeypatch, lambda: compiled(text))
    assert made == ["kept_region"]   # the tree; the other union mixes two players
    assert agree_along_games(fast, slow, seed=len(board), games=8, plies=60) > 100


def test_different_players_are_not_kept_together():
    assert not ownedregions.one_player([("Mover", None, (), {}), ("Next", None, (), {})])
    assert not ownedregions.one_player([("Mover", None, (), {}), None])
    assert not ownedregions.one_player([("(player)", None, (), {})])
    assert ownedregions.one_player([("P2", None, (), {}), ("P2", None, (), {})])


@pytest.mark.parametrize("text", [
    STROKES.format(board="(square 5)", far="e5", length=2, cond="(not (is Crossing mixed:True))"),
    STROKES.format(board="(tri 6)", far="f6", length=3, cond="(not (is Crossing mixed:False))"),
    "branches"])
def test_walks_take_their_starts_and_members_together(monkeypatch, text):
    from ludeme.api import load_description
    from ludeme.ludemes.regions import paths

    def make():
        if text == "branches":
            return _compile(load_description("branches", ["Branch Length/2 edges"]))
        return compiled(text)

    fast = make()
    monkeypatch.setattr(paths, "MEMBERS_WITH_STARTS", False)
    slow = make()
    assert agree_along_games(fast, slow, seed=7, games=4) > 20


SNIP = """(game "Snip" (players 2)
  (equipment {{(board {board} use:{{Vertex Edge}}) (piece "Pen" Each)}})
  (rules
    (start {{(place "Pen1" {{"a1" "{mid}"}}) (place "Pen2" {{"{far}"}})}})
    (play (do (move Path length:{length} from:{tree} (then {then}))
              ifAfterwards:(not (is Crossing mixed:True))))
    (end (if (no Moves Next) (result Next Loss)))))"""


WRITING_GAMES = [
    # a path's consequence puts a piece on its end or takes its start's piece off: a
    # site the move does not say it writes changes (the tree's order changes with it)
    lambda: compiled(SNIP.format(board="(square 5)", mid="c3", far="e5", length=2,
                                 tree=TREE.format(who="Mover"),
                                 then='(add (piece (id "Pen" Mover)) (to (last To)))')),
    lambda: compiled(SNIP.format(board="(rectangle 5 8)", mid="b3", far="h5", length=2,
                                 tree=TREE.format(who="Mover"), then="(remove (last From))")),
    # ... or the other player's pieces on the free edges at its end (their tree grows)
    lambda: compiled(SNIP.format(board="(square 5)", mid="c3", far="e5", length=2,
                                 tree=TREE.format(who="Mover"),
                                 then='(add (piece (id "Pen" Next)) (to (intersection '
                                      '(sites Empty Edge) (sites Incident Edge of:Vertex '
                                      'at:(last To)))))')),
    # edges added (a move that does not say what it writes) and taken off
    lambda: compiled(TANGLE.format(board="(square 4)", far="d4", who="Mover",
                                   tree=TREE.format(who="Mover"))),
    lambda: compiled(STROKES.format(board="(square 5)", far="e5", length=3,
                                    cond="(not (is Crossing mixed:False))")),
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/2 edges"])),
    lambda: _compile(load_description("branches", ["Board Size/8x8", "Branch Length/3 edges",
                                                   "Origin Order/A-B-A-B"])),
]


@pytest.mark.parametrize("make", WRITING_GAMES)
def test_changes_found_from_the_moves_writes_as_by_diffing_the_board(monkeypatch, make):
    fast = make()
    monkeypatch.setattr(ownedregions, "WRITES_FIRST", False)
    slow = make()
    assert agree_along_games(fast, slow, seed=3, games=6, plies=80) > 40


@pytest.mark.parametrize("switch", ["IN_PLACE", "LIVE_MEMBERS", "ONE_MOVE_FIRST",
                                    "FOLLOWED_ALONG"])
@pytest.mark.parametrize("make", WRITING_GAMES)
def test_one_move_taken_in_place_and_members_handed_live(monkeypatch, make, switch):
    """The last move's writes put into the board kept in place (a piece taken off or put
    elsewhere makes the lists afresh), and the walks handed the live list and dict: the
    same moves as with copies."""
    fast = make()
    monkeypatch.setattr(ownedregions, switch, False)
    slow = make()
    assert agree_along_games(fast, slow, seed=4, games=6, plies=80) > 40
