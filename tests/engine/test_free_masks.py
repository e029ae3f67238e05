"""The written-out path walks over each vertex's mask of drawn edges, kept on the state
(``paths.FREE_MASKS``), and their last steps' moves added whole where nothing can stop
them (``paths.LAST_EXTEND``, ``NO_STOP_FIRST``; the hot vertices kept by ``HOT_ROWS``):
the same legal moves, in the same order, along random games as the walks that look at
every edge, on Branches and on games written here (edges taken
off by another move, a consequence writing sites the path's move does not name, a
rectangle, paths of 1 to 4 edges)."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import ownedregions
from ludeme.ludemes.regions import paths
from tests.engine.test_owned_regions import SNIP, TREE
from tests.engine.test_seed_speedups import STROKES, agree_along_games, compiled

ERASE = """(game "Erase" (players 2)
  (equipment {{(board {board} use:{{Vertex Edge}}) (piece "Pen" Each)}})
  (rules
    (start {{(place "Pen1" {{"a1" "c2"}}) (place "Pen2" {{"{far}"}})}})
    (play (or (do (move Path length:{length} from:{tree})
                  ifAfterwards:(not (is Crossing mixed:True)))
              (move Remove (sites Occupied Next Edge))))
    (end (if (no Moves Next) (result Next Loss)))))"""


def _both(monkeypatch, spied, make, module=paths, switch="FREE_MASKS"):
    masked = spied(paths, "_masked_walks")
    fast = make()
    assert masked == ["_masked_walks"]  # the masks are used where they are on
    monkeypatch.setattr(module, switch, False)
    slow = make()
    # off: the walks look at every edge, or (FOLLOWED) the masks keep their own board,
    # or (LAST_EXTEND) every entry of a last step is looked at, or (NO_STOP_FIRST) every
    # variant's integer and-ed, or (HOT_ROWS) the hot masks looked up edge by edge, or
    # (VALUE_CODES) masks of drawn edges instead of codes of values
    assert masked == ["_masked_walks"] * (1 + (switch in ("FOLLOWED", "LAST_EXTEND",
                                                          "NO_STOP_FIRST", "HOT_ROWS",
                                                          "ONE_MOVE_FIRST",
                                                          "FOLLOWED_ALONG",
                                                          "VALUE_CODES")))
    return fast, slow


GAMES = [
    # edges taken off by a move that names no writes: the masks made afresh
    lambda: compiled(ERASE.format(board="(square 5)", far="e5", length=2,
                                  tree=TREE.format(who="Mover"))),
    lambda: compiled(ERASE.format(board="(rectangle 4 6)", far="f4", length=3,
                                  tree=TREE.format(who="Mover"))),
    # a consequence puts a piece on the path's end (a site the move does not name)
    lambda: compiled(SNIP.format(board="(square 5)", mid="c3", far="e5", length=2,
                                 tree=TREE.format(who="Mover"),
                                 then='(add (piece (id "Pen" Mover)) (to (last To)))')),
    # ... or the other player's pieces on the free edges at the path's end
    lambda: compiled(SNIP.format(board="(square 5)", mid="c3", far="e5", length=2,
                                 tree=TREE.format(who="Mover"),
                                 then='(add (piece (id "Pen" Next)) (to (intersection '
                                      '(sites Empty Edge) (sites Incident Edge of:Vertex '
                                      'at:(last To)))))')),
    lambda: compiled(STROKES.format(board="(square 5)", far="e5", length=1,
                                    cond="(not (is Crossing mixed:True))")),
    lambda: compiled(STROKES.format(board="(rectangle 4 6)", far="f4", length=4,
                                    cond="(not (is Crossing mixed:False))")),
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/2 edges"])),
    lambda: _compile(load_description("branches", ["Board Size/10x10", "Branch Length/3 edges",
                                                   "Origin Order/A-B-A-B"])),
]


# the switches of the masks and the kept tree they follow, each tested on and off
MASK_SWITCHES = [(paths, "FREE_MASKS"), (ownedregions, "FOLLOWED"), (paths, "LAST_EXTEND"),
                 (paths, "NO_STOP_FIRST"), (paths, "HOT_ROWS"),
                 (ownedregions, "ONE_MOVE_FIRST"), (ownedregions, "FOLLOWED_ALONG"),
                 (paths, "VALUE_CODES")]


@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize("module,switch", MASK_SWITCHES)
def test_walks_over_masks_as_over_every_edge(monkeypatch, spied, make, module, switch):
    """On and off, ``FREE_MASKS`` and (the masks kept beside the kept tree, brought up to
    date in its pass over the last move's writes) ``ownedregions.FOLLOWED``."""
    fast, slow = _both(monkeypatch, spied, make, module, switch)
    assert agree_along_games(fast, slow, seed=5, games=10, plies=80) > 50


@pytest.mark.parametrize("module,switch", MASK_SWITCHES)
def test_masks_follow_clones_and_taken_back_moves(monkeypatch, spied, module, switch):
    """A clone keeps its own masks; a state whose moves are taken back (the board
    restored without the masks' knowledge) and others played lists as the slow walk."""
    text = ERASE.format(board="(square 5)", far="e5", length=2, tree=TREE.format(who="Mover"))
    fast, slow = _both(monkeypatch, spied, lambda: compiled(text), module, switch)
    _along_clones_and_replays(fast, slow, random.Random(11), games=1, plies=30, ahead=1)


@pytest.mark.parametrize("make", [
    lambda: compiled(STROKES.format(board="(rectangle 4 6)", far="f4", length=3,
                                    cond="(not (is Crossing mixed:True))")),
    lambda: compiled(ERASE.format(board="(square 5)", far="e5", length=2,
                                  tree=TREE.format(who="Mover"))),
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/2 edges"])),
])
def test_one_xor_a_path_as_one_an_edge(monkeypatch, make):
    """``paths.ONE_XOR`` on and off: the same hash after every move along seeded random
    games (and so the same moves)."""
    fast = make()
    monkeypatch.setattr(paths, "ONE_XOR", False)
    slow = make()
    seen = _hashes_along_games(fast)
    assert seen == _hashes_along_games(slow)
    assert len(seen) > 30


def _hashes_along_games(game) -> list[int]:
    """The state's hash after every move of four seeded random games (the moves picked
    from the legal ones by index: two games listing alike play alike)."""
    rng = random.Random(3)
    seen = []
    for _ in range(4):
        s = game.new_initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
            seen.append(s.hash)
    return seen


def _kept_both(monkeypatch, spied, make):
    """A game made with ``paths.KEPT_WALKS`` on whatever its board's size, then off."""
    monkeypatch.setattr(paths, "KEPT_WALKS_SHARE", 1.0)
    kept = spied(paths, "_kept_walks")
    fast = make()
    assert kept == ["_kept_walks"]  # the starts' moves are kept
    monkeypatch.setattr(paths, "KEPT_WALKS", False)
    slow = make()
    assert kept == ["_kept_walks"]
    return fast, slow


@pytest.mark.parametrize("make", GAMES)
def test_starts_moves_kept_as_walked_every_time(monkeypatch, spied, make):
    """``paths.KEPT_WALKS`` on and off: each start's moves kept per player from listing
    to listing, walked again only where a write may have changed them (edges taken off
    by a move naming no writes and consequences writing other sites make the masks and
    the kept moves afresh), list as the walks made at every listing."""
    fast, slow = _kept_both(monkeypatch, spied, make)
    assert agree_along_games(fast, slow, seed=7, games=10, plies=80) > 50


@pytest.mark.parametrize("text", [
    ERASE.format(board="(square 5)", far="e5", length=2, tree=TREE.format(who="Mover")),
    STROKES.format(board="(rectangle 4 6)", far="f4", length=3,
                   cond="(not (is Crossing mixed:True))"),
])
def test_kept_moves_follow_clones_and_taken_back_moves(monkeypatch, spied, text):
    """With ``KEPT_WALKS``, a clone keeps its own starts' moves (a clone played on does
    not change the original's listing), and a position reached again by replaying its
    history from the start lists alike, A-B-A-B against the walks made every time."""
    fast, slow = _kept_both(monkeypatch, spied, lambda: compiled(text))
    _along_clones_and_replays(fast, slow, random.Random(5), games=3, plies=200, ahead=2)


def _along_clones_and_replays(fast, slow, rng, games: int, plies: int, ahead: int) -> None:
    """Both games list alike along seeded random games; at each position a clone of the
    fast one plays ``ahead`` moves on (listed), the original is listed again after it, and
    the same position reached by replaying its history on a new state (an undo's board,
    the masks' history lost) lists alike too."""
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        for _ in range(plies):
            if a.is_terminal():
                break
            moves = [a.move_to_string(m) for m in a.legal_moves()]
            assert moves == [b.move_to_string(m) for m in b.legal_moves()]
            c = a.clone()
            for _ in range(ahead):
                if c.is_terminal():
                    break
                cm = c.legal_moves()
                c.apply(cm[rng.randrange(len(cm))])
            if not c.is_terminal():
                c.legal_moves()
            assert [a.move_to_string(m) for m in a.legal_moves()] == moves
            t = fast.new_initial_state()
            for m in a.history:
                t.apply(m)
            assert [t.move_to_string(m) for m in t.legal_moves()] == moves
            pick = moves[rng.randrange(len(moves))]
            a.apply(a.parse_move(pick))
            b.apply(b.parse_move(pick))
        assert b.is_terminal() == a.is_terminal()
        if a.is_terminal():
            assert a.returns() == b.returns()
