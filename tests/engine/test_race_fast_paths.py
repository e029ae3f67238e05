"""The fast paths of race games (a piece's move from its site to the site a track gives,
``(trackSite Move steps:(count Pips))`` read from the dice's total) against the general
ones, on a small dice race written for these tests: the same description written so that
the general paths are taken must play the same moves along seeded random games."""

from __future__ import annotations

import random

import pytest

import ludeme

# two tracks over a 2 x 6 board from the hands (sites 12 and 13), three pieces each in hand, three two-sided dice; a piece
# that reaches End leaves, one landing on an enemy sends it back to its owner's hand
RACE = """
(define "Ahead" (trackSite Move steps:STEPS))
(game "Dice Run"
    (players 2)
    (equipment {
        (board (rectangle 2 6)
            { (track "Track1" "12,6,E,S1,W,End" P1 directed:True)
              (track "Track2" "13,11,W,S1,E,End" P2 directed:True) })
        (dice d:2 from:0 num:3)
        (hand Each)
        (piece "Runner" Each
            (if (= "Ahead" End)
                (move Remove REMOVE)
                (if (and (!= "Ahead" Off) (not (is Friend (who at:"Ahead"))))
                    (move (from)
                        (to "Ahead" TO_RULE
                            (apply if:(is Enemy (who at:(to)))
                                (fromTo (from (to)) (to (handSite Next)))))
                        (then (if (= (last To) 8) (moveAgain)))))))
    })
    (rules
        (start { (place "Runner1" (handSite P1) count:3) (place "Runner2" (handSite P2) count:3) })
        (play (do (roll) next:(if (!= (count Pips) 0)
            (or (forEach Piece) (forEach Piece container:(mover))))))
        (end (if (= (count Pieces Mover) 0) (result Mover Win)))
    )
)
"""

FAST = RACE.replace("STEPS", "(count Pips)").replace("TO_RULE", "").replace("REMOVE", "(from)")
# (+ ... 0) is a sum the track cannot tell from any number; the (to ... if:) filter makes
# the destination a region of candidates
GENERAL = RACE.replace("STEPS", "(+ (count Pips) (count Sites in:(sites {})))").replace(
    "TO_RULE", "if:(!= (to) -5)").replace("REMOVE", "(sites {(from)})").replace(
    "(= (count Pieces Mover) 0)", "(< (count Pieces Mover) 1)").replace(  # counted
    "(do (roll) next:", "(do (if (!= (count Moves) -1) (roll)) next:").replace(  # asked for
    '(who at:"Ahead")', '(+ (who at:"Ahead") (count Sites in:(sites {})))').replace(
    "(who at:(to))", "(+ (who at:(to)) (count Sites in:(sites {})))")  # owners as numbers


def play_both(seed: int, plies: int = 300, to_the_end: bool = False) -> int:
    fast, general = ludeme.loads(FAST), ludeme.loads(GENERAL)
    a, b = fast.new_initial_state(), general.new_initial_state()
    rng = random.Random(seed)
    moved = 0
    while not a.is_terminal() and a.ply < plies:
        if a.is_chance_node():
            assert b.is_chance_node()
            roll = fast.dice.sample(rng)
            a.apply_chance(roll)
            b.apply_chance(roll)
            assert a.dice.total == sum(a.dice.values)
            continue
        ms, mb = a.legal_moves(), b.legal_moves()
        assert [m.key for m in ms] == [m.key for m in mb]
        i = rng.randrange(len(ms))
        moved += ms[i].kind != "pass"
        a.apply(ms[i])
        b.apply(mb[i])
        assert a.what == b.what and a.hand == b.hand and a.hash == fast._full_hash(a)
    assert a.is_terminal() == b.is_terminal()
    assert a.outcome == b.outcome
    assert a.is_terminal() or not to_the_end
    return moved


@pytest.mark.parametrize("seed", range(6))
def test_the_fast_paths_play_as_the_general_ones(seed):
    assert play_both(seed) > 10  # pieces did move, from hands and along the tracks


def test_games_end_alike():
    # "no piece left" (pieces on the board or in the hand) found without counting ends
    # each game when the count does, with the same result
    for seed in range(10, 14):
        assert play_both(seed, plies=5000, to_the_end=True) > 10


def test_the_dice_keep_the_total_they_show():
    from ludeme.runtime.chance import pips_total

    fast = ludeme.loads(FAST)
    s = fast.new_initial_state()
    s.settle(random.Random(1))
    assert s.dice.total == pips_total(s) == sum(s.dice.values)



def test_a_pieces_own_moves_start_where_it_stands(monkeypatch):
    """``(move (from) (to <site>))`` and ``(move Remove (from))`` in a piece make moves
    from the piece's site only (anchored): (forEach Piece) then looks for no repeats
    among the pieces' moves. Written with regions, the same rule needs that look."""
    import ludeme.ludemes.moves.slide as slide

    looks = []

    def counted(moves):
        looks.append(len(moves))
        return list(dict.fromkeys(moves))

    monkeypatch.setattr(slide, "unique", counted)
    for text, looked in ((FAST, False), (GENERAL, True)):
        looks.clear()
        game = ludeme.loads(text)
        rng = random.Random(5)
        for _ in range(3):
            s = game.new_initial_state()
            while not s.is_terminal() and s.ply < 200:
                if s.is_chance_node():
                    s.sample_chance(rng)
                else:
                    s.apply(rng.choice(s.legal_moves()))
        assert bool(looks) is looked


@pytest.mark.parametrize("text", [FAST, GENERAL], ids=["rolls-first", "roll-asked"])
def test_playouts_roll_at_once_as_they_would_after_listing(text):
    """Where every phase rolls first (FAST), a playout rolls as soon as a move is played;
    the same seed plays the same game as when it lists the chance node first (GENERAL
    asks for its roll under a condition: it is always listed): as the game played step
    by step through the public API (``stepped_playout``), by the dice playout and by the
    general loop (``GeneralLoopRandom``)."""
    from ludeme.runtime import search
    from tests.engine.test_play_speedups import GeneralLoopRandom
    from tests.engine.test_turn_speedups import stepped_playout

    game = ludeme.loads(text)
    assert bool(getattr(game.phases[0].generate, "rolls_first", False)) is (text is FAST)
    for seed in range(4):
        games = []
        for playout, rng in ((search.random_playout, random.Random(seed)),
                             (search.random_playout, GeneralLoopRandom(seed)),
                             (stepped_playout, random.Random(seed))):
            s = game.new_initial_state()
            n = playout(s, rng)
            games.append((n, s.hash, s.history, s.rolls(), s.outcome))
        assert games[0] == games[1] == games[2]
        assert games[0][4] is not None  # played to the end
