"""The path walks over each vertex's code of the values on its edges (``paths.VALUE_CODES``):
the veto's answers read from the codes when compiling, the hot vertices kept per player;
a last step's moves without the ends listed from the other end looked up
(``paths.KNOWN_DROPS``).
The same legal moves, in the same order, along random games, clones and replayed
histories as the walks over masks of drawn edges, on Branches and on games written here
(three players, a veto on one's own lines too, a consequence writing the path's end,
edges taken off)."""

from __future__ import annotations

import random

import pytest

from ludeme.api import _compile, load_description
from ludeme.compile import ownedregions
from ludeme.ludemes.regions import paths
from tests.engine.test_free_masks import ERASE, _along_clones_and_replays
from tests.engine.test_owned_regions import SNIP, TREE
from tests.engine.test_seed_speedups import STROKES, agree_along_games, compiled

# three players, each drawing from their own tree
THREE = """(game "Three Trees" (players 3)
  (equipment {{(board {board} use:{{Vertex Edge}}) (piece "Pen" Each)}})
  (rules
    (start {{(place "Pen1" {{"a1"}}) (place "Pen2" {{"{far}"}}) (place "Pen3" {{"{mid}"}})}})
    (play (do (move Path length:{length} from:{tree})
              ifAfterwards:(not (is Crossing mixed:{mixed}))))
    (end (if (no Moves Next) (result Next Loss)))))"""

GAMES = [
    # three players: four piece values, more codes than VALUE_CODES_MAX allows
    lambda: compiled(THREE.format(board="(square 5)", far="e5", mid="c3", length=2,
                                  mixed="True", tree=TREE.format(who="Mover"))),
    lambda: compiled(THREE.format(board="(rectangle 4 6)", far="f4", mid="c2", length=3,
                                  mixed="False", tree=TREE.format(who="Mover"))),
    # a veto on one's own crossings too
    lambda: compiled(STROKES.format(board="(rectangle 4 6)", far="f4", length=2,
                                    cond="(not (is Crossing mixed:False))")),
    # edges taken off by a move that names no writes
    lambda: compiled(ERASE.format(board="(square 5)", far="e5", length=2,
                                  tree=TREE.format(who="Mover"))),
    # a consequence puts the other player's pieces at the path's end
    lambda: compiled(SNIP.format(board="(square 5)", mid="c3", far="e5", length=2,
                                 tree=TREE.format(who="Mover"),
                                 then='(add (piece (id "Pen" Next)) (to (intersection '
                                      '(sites Empty Edge) (sites Incident Edge of:Vertex '
                                      'at:(last To)))))')),
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/2 edges"])),
    lambda: _compile(load_description("branches", ["Board Size/6x6", "Branch Length/3 edges",
                                                   "Origin Order/A-B-A-B"])),
]


SWITCHES = ["VALUE_CODES", "KNOWN_DROPS"]


def _coded_both(monkeypatch, spied, make, switch="VALUE_CODES"):
    """A game made with ``VALUE_CODES`` (room for four piece values), then with
    ``switch`` off."""
    monkeypatch.setattr(paths, "VALUE_CODES_MAX", 256)
    coded = spied(paths, "_coded_follower")
    fast = make()
    assert coded == ["_coded_follower"]  # the codes are used
    monkeypatch.setattr(paths, switch, False)
    slow = make()
    assert coded == ["_coded_follower"] * (1 + (switch != "VALUE_CODES"))
    return fast, slow


@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize("switch", SWITCHES)
def test_walks_over_codes_as_over_masks(monkeypatch, spied, make, switch):
    fast, slow = _coded_both(monkeypatch, spied, make, switch)
    assert agree_along_games(fast, slow, seed=13, games=8, plies=80) > 50


@pytest.mark.parametrize("make", GAMES[:1] + GAMES[3:5])
@pytest.mark.parametrize("switch", SWITCHES)
def test_codes_follow_clones_and_taken_back_moves(monkeypatch, spied, make, switch):
    fast, slow = _coded_both(monkeypatch, spied, make, switch)
    _along_clones_and_replays(fast, slow, random.Random(17), games=2, plies=40, ahead=2)


@pytest.mark.parametrize("module,switch", [(ownedregions, "ONE_MOVE_FIRST"),
                                           (ownedregions, "FOLLOWED_ALONG")])
def test_codes_brought_up_to_date_along_every_path(monkeypatch, spied, module, switch):
    """The codes put by the kept tree's one-move path and by its general path (the
    origins' diff, a consequence's writes) alike: on against those paths turned off."""
    make = GAMES[4]
    fast, _ = _coded_both(monkeypatch, spied, make)
    monkeypatch.setattr(paths, "VALUE_CODES", True)
    monkeypatch.setattr(module, switch, False)
    slow = make()
    assert agree_along_games(fast, slow, seed=19, games=8, plies=80) > 50


def test_codes_only_where_they_fit(monkeypatch, spied):
    """Not where a start's moves are kept (``KEPT_WALKS``), nor on boards whose vertices
    have more codes than ``VALUE_CODES_MAX`` (three axes; three players by default)."""
    coded = spied(paths, "_coded_follower")
    _compile(load_description("branches", ["Board Size/10x10", "Branch Length/2 edges"]))
    compiled(STROKES.format(board="(tri 6)", far="f6", length=2,
                            cond="(not (is Crossing mixed:True))"))
    compiled(THREE.format(board="(square 5)", far="e5", mid="c3", length=2, mixed="True",
                          tree=TREE.format(who="Mover")))
    assert coded == []
    compiled(STROKES.format(board="(square 5)", far="e5", length=2,
                            cond="(not (is Crossing mixed:True))"))
    assert coded == ["_coded_follower"]


def test_known_drops_keyed_by_the_bits_that_stop_them(monkeypatch):
    """Each set of ends kept with ``KNOWN_DROPS`` is keyed by the bits the walk finds
    stopping the variant when those ends are in ``from:`` (a subset of the variant's
    bits: else it is never looked up), and holds its moves without those ends'."""
    made = []
    real = paths._masked_walks

    def keep(*args, **kwargs):
        gen = real(*args, **kwargs)
        made.append(gen)
        return gen

    monkeypatch.setattr(paths, "_masked_walks", keep)
    _compile(load_description("branches", ["Board Size/6x6", "Branch Length/2 edges"]))
    (gen,) = made
    flats = gen.__globals__["flats"]
    looked = 0
    for flat in flats[1:]:
        for by_code in flat:
            for firsts in by_code:
                for _, node in firsts:
                    for _ms, stop, drops in node:
                        entries = drops[0]
                        for key, kept in drops.items():
                            if not key:
                                continue
                            looked += 1
                            assert stop and key & ~stop == 0
                            # (49 vertices: bit 50 + v for a vertex v in from:)
                            assert kept == tuple(m for low, m, _, _ in entries
                                                 if low < 0 or not key >> (50 + low) & 1)
    assert looked > 100
