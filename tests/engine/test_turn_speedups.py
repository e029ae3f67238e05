"""Speed-ups of the fixed cost of a ply (issue 14, the turn) checked against the general
turn, on descriptions written for these tests: the turn that lists the next player's
moves for ``(no Moves Next)`` itself, the ``(moveAgain)`` consequence made by the turn,
the ``(if (is Even (count Moves)) ...)`` of moves chosen by the ply's parity
(``by_ply_parity``), a lone end rule's test asked by the turn, and new states copied
from a start whose moves are listed. The oracle (``reference``) is the game compiled
with the general turn, the method ``Game.play`` (which calls the end rule and the
consequences), its ply's parity asked as a condition, ``(= 0 (% (count Moves) 2))``, and
its new states made afresh by the start rules: seeded random games must list the same
moves at every ply, reach the same positions, hashes and stalemated flags, and end the
same way."""

from __future__ import annotations

import random

import pytest

from ludeme.runtime.game import Game
from ludeme.runtime.search import perft, random_playout
from tests.engine.test_speedups import ARROWS, compiled_with


def compiled(text: str):
    return compiled_with({}, text)


def reference(text: str):
    """The oracle: the game compiled with the general turn (``Game.play``, not the
    turn ``Game.plain_turns`` wrote for it), the ply's parity asked as a condition
    (not chosen by the ply: ``(= 0 (% (count Moves) 2))``), and its new states made
    afresh by the start rules (not copied from a start made once, its moves listed)."""
    asked = text.replace("(is Even (count Moves))", "(= 0 (% (count Moves) 2))").replace(
        "(is Odd (count Moves))", "(= 1 (% (count Moves) 2))")
    game = general_turn(compiled(asked))
    game.new_initial_state = game._fresh_initial_state
    assert not any(hasattr(ph.generate, "by_ply_parity") for ph in game.phases)
    return game


def general_turn(game):
    """``game`` (compiled for this test: not a cached one) playing by the general turn,
    the method ``Game.play``: the oracle of the turn ``Game.plain_turns`` wrote for it
    (and of the playout written round that turn: the playout loops take the method)."""
    del game.play
    assert game.play.__func__ is Game.play
    return game


def closure(play) -> dict:
    """The values a compiled turn closes over (to see which path it took); for a turn
    written out per game (``Game.plain_turns``), the values and flags it was made from."""
    if hasattr(play, "parts"):
        return play.parts
    return dict(zip(play.__code__.co_freevars,
                    [c.cell_contents for c in play.__closure__ or ()], strict=True))


def play_alike(fast, slow, seed: int, plies: int = 300, same=None, order=None) -> int:
    """Play both games along one seeded random game: the same legal moves, position,
    hash, mover and stalemated flags at every ply (and ``same(state)``, when given), the
    same end; returns the plies. ``order``: put ``slow``'s moves in order first."""
    rng = random.Random(seed)
    a, b = fast.new_initial_state(), slow.new_initial_state()
    while not a.is_terminal() and a.ply < plies:
        ms, mb = a.legal_moves(), b.legal_moves()
        if order is not None:
            mb = order(mb)
        assert [m.key for m in ms] == [m.key for m in mb]
        i = rng.randrange(len(ms))
        a.apply(ms[i])
        b.apply(mb[i])
        assert a.what == b.what
        assert a.hash == b.hash == fast._full_hash(a)
        assert (a.mover, a.who, a.nxt, a.prev_mover, a.stalemated, a.outcome) == \
            (b.mover, b.who, b.nxt, b.prev_mover, b.stalemated, b.outcome)
        assert a.inactive == b.inactive and a.standing == b.standing
        if same is not None:
            assert same(a) == same(b)
    assert b.is_terminal() == a.is_terminal()
    assert a.returns() == b.returns()
    return a.ply


def playouts_alike(fast, slow, seed: int, games: int = 10, same=None) -> int:
    """The playout loop on both (it takes the moves the turn kept): the same games (and
    at their ends ``same(state)`` and the full hash, when ``same`` is given)."""
    total = 0
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(games):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        n = random_playout(a, ra, 2000)
        assert n == random_playout(b, rb, 2000)
        assert [m.key for m in a.history] == [m.key for m in b.history]
        assert a.outcome == b.outcome and a.hash == b.hash
        if same is not None:
            assert same(a) == same(b) and a.hash == fast._full_hash(a)
        total += n
    return total


def stepped_playout(state, rng, max_moves: int = 100_000) -> int:
    """The oracle of the playout loops: the game played through the public API,
    ``legal_moves`` (which puts back the mover's context) and ``apply``, each move drawn
    as ``random_playout`` draws it (``moves[rng.randrange(len(moves))]``), the dice
    rolled by ``sample_chance`` when a roll is due; returns the moves played."""
    n = 0
    while n < max_moves and not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
            continue
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        n += 1
    return n


ARROW_BOARDS = [
    ARROWS.format(board="(square 5)", dirs="", p1='"a2" "e2"', p2='"a4" "e4"'),
    ARROWS.format(board="(hex 3)", dirs="Orthogonal", p1='"a1" "c1"', p2='"c5" "e5"'),
]


@pytest.mark.parametrize("text", ARROW_BOARDS)
def test_arrows_play_alike_with_the_turn_speedups_and_the_general_turn(text):
    fast, slow = compiled(text), reference(text)
    assert closure(fast.play)["listing"]
    assert hasattr(fast.phases[0].generate, "by_ply_parity")
    plies = sum(play_alike(fast, slow, seed) for seed in range(12))
    assert plies > 12 * 10
    assert playouts_alike(fast, slow, seed=3) > 100
    assert perft(fast.new_initial_state(), 3) == perft(slow.new_initial_state(), 3)


def test_the_odd_ply_and_its_branches_swapped():
    # (is Odd ...) with the branches the other way round: the same game
    text = ARROW_BOARDS[0].replace(
        '(if (is Even (count Moves)) (forEach Piece) (move Shoot (piece "Dot0") ))',
        '(if (is Odd (count Moves)) (move Shoot (piece "Dot0")) (forEach Piece))')
    assert "is Odd" in text
    even = reference(ARROW_BOARDS[0])
    fast, slow = compiled(text), reference(text)
    gen = fast.phases[0].generate
    assert getattr(gen, "by_ply_parity", None) is not None
    for seed in range(6):
        play_alike(fast, slow, seed)
        play_alike(fast, even, seed)


# three players: a player left without a move makes the one before it win, and the two
# others play on with ranks given (the turn then asks the rule at every ply)
THREE = """(game "Three Blockers" (players 3)
  (equipment {(board (square 4))
              (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))
                  (then (if (is Even (count Moves)) (moveAgain)))))
              (piece "Stone" Neutral)})
  (rules
    (start {(place "Disc1" {"a1" "d4"}) (place "Disc2" {"a4"}) (place "Disc3" {"d1"})
            (place "Stone0" {"b2" "c3" "b3"})})
    (play (or (forEach Piece) (move Add (piece "Stone0") (to (sites Empty)))))
    (end (if (no Moves Next) (result Mover Win)))))"""


def test_three_players_with_ranks_given_play_alike():
    fast, slow = compiled(THREE), reference(THREE)
    assert closure(fast.play)["listing"]
    ranked = 0
    for seed in range(15):
        play_alike(fast, slow, seed)
        s = fast.new_initial_state()
        random_playout(s, random.Random(seed), 300)
        ranked += s.standing is not None
    assert ranked  # some game went on with a rank given
    assert playouts_alike(fast, slow, seed=5) > 50


@pytest.mark.parametrize("who,outcome", [("Mover", (0.0, 1.0, -1.0)),
                                         ("Prev", (0.0, -1.0, 1.0))])
def test_a_stuck_player_ends_the_game_and_its_flag_is_set(who, outcome):
    # after P1's third move P2 has none: the turn finds it and asks the rule, whose result
    # sees the previous mover as it stood before that move (Prev: P2)
    text = f"""(game "Corner" (players 2)
      (equipment {{(board (square 3)) (piece "Disc" Each (move Step Orthogonal
                  (to if:(is Empty (to)))))}})
      (rules (start {{(place "Disc1" {{"b2" "a2" "c1" "a3" "b3" "c3"}})
                     (place "Disc2" {{"a1"}})}})
        (play (forEach Piece))
        (end (if (no Moves Next) (result {who} Win)))))"""
    for g in (compiled(text), reference(text)):
        s = g.new_initial_state()
        for played in ("c3-c2", "a1-b1", "a2-a1"):
            assert s.outcome is None
            s.apply(s.parse_move(played))
        assert s.outcome == outcome
        assert s.stalemated == 0b10 and s.legal_moves() == []


# a race to the far row with captures forward, and three players placing stones in a line:
# one end rule each, whose test the turn asks itself
RACE = """(game "Race Across" (players 2)
  (equipment {(board (square 5))
              (piece "Pawn" Each (or (move Step Forward (to if:(is Empty (to))))
                  (move Step (directions {FR FL}) (to if:(is Enemy (who at:(to)))
                      (apply (remove (to)))))))
              (regions P1 (sites Top)) (regions P2 (sites Bottom))})
  (rules
    (start {(place "Pawn1" (sites Row 0)) (place "Pawn2" (sites Row 4))})
    (play (forEach Piece))
    (end (if (is In (last To) (sites Mover)) (result Mover Win)))))"""

LINE3 = """(game "Three in a Row" (players 3)
  (equipment {(board (square 4)) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty))))
    (end (if (is Line 3) (result Mover Win)))))"""


@pytest.mark.parametrize("text", [RACE, LINE3])
def test_a_lone_end_rule_asked_by_the_turn_plays_alike(text):
    fast, slow = compiled(text), reference(text)
    assert closure(fast.play)["end_test"] is not None
    ended = 0
    for seed in range(20):
        play_alike(fast, slow, seed)
        s = fast.new_initial_state()
        random_playout(s, random.Random(seed), 300)
        ended += s.outcome is not None and s.outcome != fast.draw
    assert ended > 5
    assert playouts_alike(fast, slow, seed=9) > 50


def _bundled(name: str) -> str:
    from pathlib import Path
    return (Path(__file__).parents[2] / "descriptions" / f"{name}.lud").read_text()


@pytest.mark.parametrize("text", [ARROW_BOARDS[0], _bundled("tic-tac-toe"),
                                  _bundled("connect-four")])
def test_primed_start_plays_as_the_plain_start(text, monkeypatch):
    """New states copy a start whose moves are listed (and whose occupancy is made once
    a rule read it); the same games as starts made afresh by the start rules
    (``reference``), each new state with its own list, and the kept occupancy that of
    its board."""
    from ludeme.runtime import occupancy
    slow = reference(text)
    slow.new_initial_state()
    fast = compiled(text)
    first = fast.new_initial_state()
    template = fast._first_state
    assert template._moves is not None and slow._first_state is None
    assert first._moves == template._moves and first._moves is not template._moves
    first._moves.pop()  # an agent reordering its list leaves the start's alone
    assert len(fast.new_initial_state().legal_moves()) == len(first._moves) + 1
    assert playouts_alike(fast, slow, seed=5) > 0
    # the playouts read the board as bits: from now on every start has it made
    assert fast.reads_occupancy
    s = fast.new_initial_state()
    assert s.occ is not None and s.occ == template.occ and s.placed is not template.placed
    kept, placed = s.occ, list(s.placed)
    s.occ = None
    assert occupancy.read(s) == kept and s.placed == placed
    assert play_alike(fast, slow, seed=3) > 0
