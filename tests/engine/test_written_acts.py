"""The acts written into the generated turn (``compile.moveacts.turn_acts``): the lean
move to an empty site, a placement, a placement from a hand each have their lines
written once; the act function is made from them, and the turn written per game
(``runtime.written_turn``) writes them in place of the act's call, without the tests of
what the game's states never hold (turned pieces, counts, state values). Against the
acts called (``turn_acts`` offering none, as for acts without a writer), seeded random
games list the same moves and reach the same positions,
directions, hands, occupancy, hashes, movers and flags, and end the same way, by
``State.apply`` and by ``random_playout``. Descriptions: two written here (pieces placed
from hands turned, then stepping: both a written move and a written placement from a
hand, with directions; a queen's slide then a shot: a move and a placement), one of the
seed tests' (placements from hands without directions, then steps), Tic-Tac-Toe, Hex,
Brandubh, Twigs and Thorns 2p and 4p, Branching Coral on side 4.

Also the turn's writes no rule reads, left out (``written_turn.UNREAD_LEFT_OUT``), on and
off, with a game written here that reads ``(last To afterConsequence:True)`` and sets
``(set Pending ...)``; and the next move drawn in the pass over stuck players
(``written_turn.DRAW_IN_PASS``), on and off, with a three-player game of the drawn-moves
tests and Twigs and Thorns; and the consequences made one function written into the turn
(``inlined.turn_thens``), against them called, with four games of other tests (scores, a
(moveAgain) in an (if ...)), Twigs and Thorns and Branching Coral; and the ordered turn's change of mover without its
test (``written_turn.SAME_MOVER_XOR``), on and off."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.compile import inlined
from ludeme.runtime import written_turn
from ludeme.runtime.search import random_playout
from tests.engine.test_direct_reads import POINTERS
from tests.engine.test_drawn_moves import SKIPPING
from tests.engine.test_seed_speedups import ORDERED_SETUP, PLACE_THEN_MOVE
from tests.engine.test_speedups import ARROWS
from tests.engine.test_turn_speedups import play_alike, playouts_alike
from tests.engine.test_written_turn import ORDERED_THEN_TURNS

# pieces placed from the hands turned, or stepping (with their direction) to an empty
# neighbour: both written acts in one turn, with turned pieces
TURNED_STEPS = """
(game "Turned Steps"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Arrow" Each (move Step Orthogonal (to if:(is Empty (to)))))
        (hand Each)
    })
    (rules
        (start (place "Arrow" (handSite Each) count:4))
        (play (or (move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal)
                  (forEach Piece)))
        (end (if (>= (count Moves) 60) (result Mover Draw)))
    )
)
"""

SHOTS = ARROWS.format(board="(square 5)", dirs="", p1='"a2" "e2"', p2='"a4" "e4"')

CASES = [(TURNED_STEPS, None), (SHOTS, None), (PLACE_THEN_MOVE, None),
         ("tic-tac-toe", []), ("hex", []), ("brandubh", []),
         ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/4"]),
         ("branching-coral", ["Board/Hexagon 4"])]
IDS = ["turned-steps", "shots", "place-then-move", "tic-tac-toe", "hex", "brandubh",
       "twigs-2p", "twigs-4p", "coral-4"]


def _load(monkeypatch, src, options, on=True, switch=None):
    """The game compiled afresh with ``switch`` (a module and a name) set to ``on`` (a
    flag, or a part of the compiler replaced by a plainer one, for an oracle) while it is
    compiled; ``on`` True: as it is."""
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    old = getattr(*switch) if switch is not None else None
    if on is not True:
        monkeypatch.setattr(*switch, on)
    try:
        return ludeme.loads(src) if options is None else ludeme.load(src, options)
    finally:
        if on is not True:
            monkeypatch.setattr(*switch, old)


def none_written(*args, **kwargs) -> list:
    """``written_turn.turn_acts`` or ``turn_thens`` for an oracle: nothing offered to be
    written into the turn (every act and consequence called)."""
    return []


#: the acts called, not written into the turn
ACTS_CALLED = (none_written, (written_turn, "turn_acts"))


def _position(s) -> tuple:
    return (list(s.what), list(s.rot), [list(h) for h in s.hand] if s.hand else s.hand,
            s.occ, list(s.placed) if s.placed is not None else None, s.hash, s.mover,
            s.who, s.nxt, s.prev_mover, s.stalemated, s.outcome, s.ply, s.phase, s.pending,
            list(s.score) if s.score is not None else None)


def _applied_alike(fast, slow, seed: int, plies: int = 150) -> int:
    """``play_alike``, the positions compared in full (directions, hands, occupancy,
    pending sites, scores) at every ply."""
    return play_alike(fast, slow, seed, plies, same=_position)


def _playouts_alike(fast, slow, seed: int, games: int) -> int:
    return playouts_alike(fast, slow, seed, games, same=_position)


@pytest.mark.parametrize("src,options", CASES, ids=IDS)
def test_the_written_acts_play_as_their_calls(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options)
    slow = _load(monkeypatch, src, options, *ACTS_CALLED)
    acts = fast.__dict__.get("written_acts", [])
    assert acts, "the game was expected to have an act with a writer"
    # the turn (and the playout loop) tell the acts by name; the other side calls them
    names = set(fast.play.__code__.co_names) | set(fast.play.playout.__code__.co_names)
    assert "a0_act" in names
    assert not any(n.startswith("a0_") for n in slow.play.__code__.co_names)
    # every act with a writer is a function made from its own lines
    assert all(a.__code__.co_filename == "<ludeme act>" for a in acts)
    assert sum(_applied_alike(fast, slow, seed) for seed in range(5)) > 30
    assert _playouts_alike(fast, slow, 7, games=6) > 30


def test_the_turn_leaves_out_what_the_game_never_holds(monkeypatch):
    """A game whose pieces never turn has no test of directions in the move written
    into its turn (the act function keeps it); a game whose pieces turn has both."""
    brandubh = _load(monkeypatch, "brandubh", [], True)
    turn = set(brandubh.play.__code__.co_names)
    assert {"a0_act", "a0_keys_of"} <= turn and "rot" not in turn
    assert "rot" in brandubh.lean_act.__code__.co_names
    assert "count" not in turn and "site_state" not in turn
    turned = _load(monkeypatch, TURNED_STEPS, None, True)
    assert "rot" in turned.play.__code__.co_names
    # a placement from a hand of unturned pieces leaves the directions alone
    plain = _load(monkeypatch, PLACE_THEN_MOVE, None, True)
    assert "rot" not in plain.play.__code__.co_names


def test_one_act_a_game(monkeypatch):
    """Every plain move of a game shares one lean act, every placement one act."""
    g = _load(monkeypatch, SHOTS, None, True)
    acts = g.written_acts
    assert len(acts) == 2 and g.lean_act in acts and g.add_act in acts
    kinds = {m.act for m in g.new_initial_state().legal_moves()}
    assert kinds == {g.lean_act}


def test_only_turning_pieces_are_turned_by_hand():
    """The editor turns a piece only in a game whose pieces turn (the turn written for
    any other never reads directions)."""
    from ludeme.errors import LudemeError
    from ludeme.runtime.editing import set_facing

    s = ludeme.load("tic-tac-toe").new_initial_state()
    s.apply(s.legal_moves()[0])
    with pytest.raises(LudemeError, match="do not turn"):
        set_facing(s, "a1", "N")
    set_facing(s, "a1", None)  # (unturning is harmless)


# -- the turn's writes no rule reads (written_turn.UNREAD_LEFT_OUT) ----------------------

# a placement that marks a pending site the next player may not fill, and moves again
# when the last action of its move is on a corner: reads after_to, sets pending
PENDING_MARKS = """
(game "Pending Marks"
    (players 2)
    (equipment { (board (square 4)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty) if:(not (is In (to) (sites Pending))))
            then:(and (set Pending (ahead (last To) E))
                      (if (is In (last To afterConsequence:True) (sites Corners))
                          (moveAgain)))))
        (end (if (is Line 3) (result Mover Win)))))
"""


def _load_unread(monkeypatch, src, options, on: bool):
    return _load(monkeypatch, src, options, on, (written_turn, "UNREAD_LEFT_OUT"))


@pytest.mark.parametrize("src,options", [
    (PENDING_MARKS, None), (TURNED_STEPS, None), ("tic-tac-toe", []), ("brandubh", []),
    ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/4"]),
    ("branching-coral", ["Board/Hexagon 4"])],
    ids=["pending-marks", "turned-steps", "tic-tac-toe", "brandubh", "twigs-2p", "twigs-4p",
         "coral-4"])
def test_the_unread_writes_left_out_play_alike(monkeypatch, src, options):
    """Left out, the writes change nothing a rule, a move or an end reads: the same
    games (``after_frm``/``after_to`` compared where the game reads them; ``pending``
    always, as the turn leaves it)."""
    fast = _load_unread(monkeypatch, src, options, True)
    slow = _load_unread(monkeypatch, src, options, False)
    reads = fast.__dict__.get("reads_after", False)
    names = set(fast.play.__code__.co_names)
    assert ("after_to" in names) is reads and "after_to" in slow.play.__code__.co_names
    assert ("pending" in names) is fast.__dict__.get("sets_pending", False)
    # two players: the next player read from next_of alone
    assert ("inactive" in names) is (fast.num_players > 2)
    assert "inactive" in slow.play.__code__.co_names
    assert sum(_applied_alike(fast, slow, seed) for seed in range(5)) > 30
    assert _playouts_alike(fast, slow, 3, games=6) > 30
    if reads:
        rng = random.Random(5)
        a, b = fast.new_initial_state(), slow.new_initial_state()
        while not a.is_terminal():
            i = rng.randrange(len(a.legal_moves()))
            a.apply(a.legal_moves()[i])
            b.apply(b.legal_moves()[i])
            assert (a.after_frm, a.after_to, a.pending) == (b.after_frm, b.after_to, b.pending)


def test_pending_marks_reads_what_it_sets(monkeypatch):
    g = _load_unread(monkeypatch, PENDING_MARKS, None, True)
    assert g.reads_after and g.sets_pending
    assert not ludeme.load("hex").__dict__.get("reads_after", False)


# -- the next move drawn in the pass over stuck players (written_turn.DRAW_IN_PASS) ------

@pytest.mark.parametrize("src,options", [
    (SKIPPING, None), ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/4"]),
    ("twigs-and-thorns", ["Players/6"])], ids=["skipping", "twigs-2p", "twigs-4p", "twigs-6p"])
def test_the_move_drawn_in_the_pass_plays_alike(monkeypatch, src, options):
    """Drawn where the pass over stuck players found the next mover's moves, the next
    move is the one the loop's head would draw, with the same bits: the same games,
    positions and random generator's state after them, also when the loop stops at
    ``max_moves`` (no move is drawn that is not played)."""
    fast = _load(monkeypatch, src, options, True, (written_turn, "DRAW_IN_PASS"))
    slow = _load(monkeypatch, src, options, False, (written_turn, "DRAW_IN_PASS"))
    assert "m2" in fast.play.playout.__code__.co_varnames
    assert "m2" not in slow.play.playout.__code__.co_varnames
    assert _playouts_alike(fast, slow, 11, games=6) > 60
    for seed, limit in enumerate((1, 2, 3, 4, 7, 12, 25)):
        ra, rb = random.Random(seed), random.Random(seed)
        a, b = fast.new_initial_state(), slow.new_initial_state()
        assert random_playout(a, ra, limit) == random_playout(b, rb, limit)
        assert _position(a) == _position(b) and a.is_terminal() == b.is_terminal()
        assert ra.getstate() == rb.getstate()
        # a game stopped short goes on alike
        assert random_playout(a, ra, 2000) == random_playout(b, rb, 2000)
        assert _position(a) == _position(b)


# -- the consequences written into the turn (inlined.turn_thens) -------------------------

@pytest.mark.parametrize("src,options", [
    (SKIPPING, None), (PLACE_THEN_MOVE, None), (ORDERED_THEN_TURNS, None), (POINTERS, None),
    ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/4"]),
    ("branching-coral", ["Board/Hexagon 4"])],
    ids=["skipping", "place-then-move", "ordered-then-turns", "pointers", "twigs-2p",
         "twigs-4p", "coral-4"])
def test_the_written_consequences_play_as_their_calls(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options)
    slow = _load(monkeypatch, src, options, none_written, (written_turn, "turn_thens"))
    # the same lines as the function the other side calls
    run = fast.written_thens[-1]
    assert "c0_then" in fast.play.__code__.co_names
    assert "c0_then" not in slow.play.__code__.co_names
    assert run.source.count("\n") == sum(1 for _ in inlined.turn_thens(fast)[0][1])
    assert sum(_applied_alike(fast, slow, seed) for seed in range(5)) > 30
    assert _playouts_alike(fast, slow, 9, games=6) > 30


# -- the ordered turn's hash change without the test (written_turn.SAME_MOVER_XOR) -------

@pytest.mark.parametrize("src,options", [
    (ORDERED_THEN_TURNS, None), (ORDERED_SETUP, None), (SKIPPING, None),
    ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/4"])],
    ids=["ordered-then-turns", "ordered-setup", "skipping", "twigs-2p", "twigs-4p"])
def test_the_mover_change_without_its_test_plays_alike(monkeypatch, src, options):
    """(``ORDERED_THEN_TURNS``' order {P2 P1 P1} keeps the mover once: a change of 0.)"""
    fast = _load(monkeypatch, src, options, True, (written_turn, "SAME_MOVER_XOR"))
    slow = _load(monkeypatch, src, options, False, (written_turn, "SAME_MOVER_XOR"))
    assert fast.play.__code__.co_code != slow.play.__code__.co_code
    assert sum(_applied_alike(fast, slow, seed) for seed in range(5)) > 30
    assert _playouts_alike(fast, slow, 13, games=6) > 30
