"""Speed-ups of the play loop, sowing, counts and dice (issue 15 item 6) checked against
the plain paths they replace, on descriptions written for these tests: the same
description written so that the general path is taken must give the same moves, the same
positions and the same hashes along seeded random games."""

from __future__ import annotations

import collections
import itertools
import random

import pytest

import ludeme
from ludeme.runtime.chance import DiceSpec
from ludeme.runtime.search import random_playout

# a 2 x 5 mancala with stores: 0 the left store, 1-5 the bottom row, 6-10 the top row,
# 11 the right store; the last seed in one's own empty pit takes it and the pit opposite
MANCALA = """
(game "Five Pits"
    (players 2)
    (equipment {
        (mancalaBoard 2 5 (track "Track" "0,ESE,E,ENE,WNW,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (map {(pair P1 LastSite) (pair P2 FirstSite)})
        (piece "Seed" Shared)
    })
    (rules
        (start (set Count 2 to:(union (sites P1) (sites P2))))
        (play (move Select (from (sites Mover) if:CHOOSE)
            (then (sow
                apply:(if (= (to) (mapEntry (mover)))
                    (moveAgain)
                    (if (and {(is In (to) (sites Mover)) (= (count at:(to)) 1)
                              (> (count at:(if (is Mover P1) (+ (to) 5) (- (to) 5))) 0)})
                        (and
                            (fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))
                            (fromTo (from (if (is Mover P1) (+ (to) 5) (- (to) 5)))
                                (to (mapEntry (mover)))
                                count:(count at:(if (is Mover P1) (+ (to) 5) (- (to) 5)))))))
                skipIf:(= (to) (mapEntry (next)))
                BACK))))
        (end (if (no Moves Mover)
            (byScore { (score P1 (count at:(mapEntry P1))) (score P2 (count at:(mapEntry P2))) })))
    )
)
"""

# the general forms: the pit chosen by a test per site, the capture by the loop that can
# go backwards (a backtracking that never holds), the sums by the general addition, the
# mover's store by a key the map cannot tell from any number
GENERAL = MANCALA.replace("CHOOSE", "(is Occupied (from))").replace(
    "BACK", "backtracking:(= 1 2)").replace("(+ (to) 5)", "(+ (to) 5 (count Sites in:(sites {})))"
).replace("(- (to) 5)", "(+ (to) (- 0 5) (count Sites in:(sites {})))").replace(
    "(mapEntry (mover))", "(mapEntry (+ (mover) (count Sites in:(sites {}))))")


def play_alike(fast, slow, seed: int, plies: int = 400) -> int:
    """Play both games along one seeded random game; assert the same legal moves,
    positions and hashes at every ply; returns the plies played."""
    rng = random.Random(seed)
    a, b = fast.new_initial_state(), slow.new_initial_state()
    while not a.is_terminal() and a.ply < plies:
        if a.is_chance_node():
            assert b.is_chance_node()
            roll = fast.dice.sample(rng)
            a.apply_chance(roll)
            b.apply_chance(roll)
            continue
        ms, mb = a.legal_moves(), b.legal_moves()
        assert [m.key for m in ms] == [m.key for m in mb]
        i = rng.randrange(len(ms))
        a.apply(ms[i])
        b.apply(mb[i])
        assert a.what == b.what and a.count == b.count and a.hand == b.hand
        assert a.hash == b.hash == fast._full_hash(a)
        assert a.mover == b.mover
    assert b.is_terminal() == a.is_terminal()
    assert a.returns() == b.returns()
    return a.ply


@pytest.mark.parametrize("choose", ["(> (count at:(from)) 0)", "(< 0 (count at:(from)))",
                                    "(!= (count at:(from)) 0)", "(>= (count at:(from)) 1)"])
@pytest.mark.parametrize("seed", range(3))
def test_pits_sowing_and_captures_as_the_general_paths(choose, seed):
    fast = ludeme.loads(MANCALA.replace("CHOOSE", choose).replace("BACK", ""))
    slow = ludeme.loads(GENERAL)
    assert play_alike(fast, slow, seed) > 10


def test_the_capture_happens():
    """The capture of the test description is reached along the games compared above
    (so the one-pit path of the capture is exercised, not only the sowing)."""
    game = ludeme.loads(MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", ""))
    rng = random.Random(0)
    captured = 0
    for _ in range(20):
        s = game.new_initial_state()
        while not s.is_terminal():
            before = sum(s.count[x] for x in range(1, 11) if s.what[x])
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
            after = sum(s.count[x] for x in range(1, 11) if s.what[x])
            stores = [s.count[0] if s.what[0] else 0, s.count[11] if s.what[11] else 0]
            assert after + sum(stores) == 20  # seeds are kept
            # more than the one seed sown into a store left the pits: a capture
            captured += before - after > 1
    assert captured > 0


# a race along a track from the hands, with hands counted by the end rule
RACE = """
(game "Short Run"
    (players 2)
    (equipment {
        (board (rectangle 1 6)
            { (track "Track1" "6,0,E,End" P1 directed:True)
              (track "Track2" "7,5,W,End" P2 directed:True) })
        (dice d:3 from:0 num:2)
        (hand Each)
        (piece "Runner" Each
            (if (= (trackSite Move steps:(count Pips)) End)
                (move Remove (from))
                (if (and (!= (trackSite Move steps:(count Pips)) Off)
                         (or (is In (trackSite Move steps:(count Pips)) (sites Empty))
                             (is Enemy (who at:(trackSite Move steps:(count Pips))))))
                    (move (from) (to (trackSite Move steps:(count Pips))
                        (apply if:(is Enemy (who at:(to)))
                            (fromTo (from (to)) (to (handSite Next)))))))))
    })
    (rules
        (start { (place "Runner1" (handSite P1) count:2) (place "Runner2" (handSite P2) count:2) })
        (play (do (roll) next:(if (!= (count Pips) 0)
            (or (forEach Piece) (forEach Piece container:(mover))))))
        (end (if (= (count Pieces Mover) 0) (result Mover Win)))
    )
)
"""

# the same race read by the general paths: (is Empty ...) for the region test, the number
# of the mover's pieces as the sum over both players, each counted only when it moves
RACE_GENERAL = RACE.replace(
    "(is In (trackSite Move steps:(count Pips)) (sites Empty))",
    "(is Empty (trackSite Move steps:(count Pips)))").replace(
    "(= (count Pieces Mover) 0)",
    "(= (+ (if (is Mover P1) (count Pieces P1) 0) (if (is Mover P2) (count Pieces P2) 0)) 0)")


# a move must leave the opponent some seeds, as Oware's rule has it: the seeds of a
# player's fixed row counted in one comprehension, against a region given as a list
LEAVE = MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace(
    "(play (move Select", "(play (do (move Select")\
    .replace("BACK))))", "))) ifAfterwards:(< 0 (count in:(sites Next)))))")
LEAVE_GENERAL = LEAVE.replace("(count in:(sites Next))",
                              "(count in:(difference (sites Next) (sites Empty)))")


@pytest.mark.parametrize("seed", range(4))
def test_seeds_of_a_row_counted_as_the_general_path(seed):
    fast, slow = ludeme.loads(LEAVE), ludeme.loads(LEAVE_GENERAL)
    assert fast is not slow and LEAVE != LEAVE_GENERAL and "ifAfterwards" in LEAVE
    assert play_alike(fast, slow, seed) > 10


@pytest.mark.parametrize("seed", range(6))
def test_race_counts_and_empty_tests_as_the_general_paths(seed):
    fast, slow = ludeme.loads(RACE), ludeme.loads(RACE_GENERAL)
    assert play_alike(fast, slow, seed) > 5


def _drawn(b: random.Random, n: int) -> int:
    """The number of the roll ``DiceSpec.sample`` draws from ``b`` among ``n``: m bits
    when ``n`` is 2 ** m (found here by halving), else ``randrange``."""
    m, x = 0, n
    while x % 2 == 0:
        x, m = x // 2, m + 1
    return b.getrandbits(m) if x == 1 else b.randrange(n)


@pytest.mark.parametrize("faces", [[(0, 1)] * 4, [(1, 2, 3, 4, 5, 6)] * 2, [(1, 2, 3)],
                                   [(7,), (0, 1, 2, 3, 4)], [(2, 2, 5)], [(1, 2, 3, 4)] * 2,
                                   [(5,)]])
def test_dice_drawn_as_one_draw_over_every_roll(faces):
    """A roll is ``product(*faces)[r]`` with ``r`` one draw a roll (see
    ``DiceSpec.sample``): ``getrandbits(m)`` when there are ``2 ** m`` rolls, else
    ``randrange(n)``, whether the generator is a ``random.Random`` (whose bits the
    dice draw themselves) or another kind (its own ``randrange``); so a seed replays the
    same game, and each die's faces come out equally often."""
    spec = DiceSpec()
    spec.add(0, faces)
    rolls = list(itertools.product(*faces))

    class Other(random.Random):  # not exactly random.Random: its randrange is asked
        pass

    for rng in (random.Random(11), Other(11)):
        b = random.Random(11)
        seen = [spec.sample(rng) for _ in range(600)]
        assert seen == [rolls[_drawn(b, len(rolls))] for _ in range(600)]
        assert rng.random() == b.random()  # and no more bits than that
    per_die = [collections.Counter(r[i] for r in seen) for i in range(len(faces))]
    for f, counts in zip(faces, per_die, strict=True):
        assert set(counts) == set(f)  # every face comes up


def test_binary_dice_read_one_bit_each_of_one_draw():
    """Four dice of faces 0 and 1 (16 rolls): die ``i`` shows bit ``3 - i`` of one
    ``getrandbits(4)``, worked out here without ``itertools.product``; and the four
    bits of a draw are all used (none thrown away)."""
    spec = DiceSpec()
    spec.add(0, [(0, 1)] * 4)
    a, b = random.Random(3), random.Random(3)
    for _ in range(200):
        r = b.getrandbits(4)
        assert spec.sample(a) == tuple((r >> (3 - i)) & 1 for i in range(4))
    assert a.getrandbits(32) == b.getrandbits(32)


def test_dice_beyond_the_table_of_rolls_draw_the_same_way(monkeypatch):
    """Dice with more rolls than ``MAX_OUTCOMES`` work out the drawn roll from its
    number instead of a table: the same roll for the same number."""
    from ludeme.runtime import chance

    faces = [(1, 2, 3), (0, 1), (4, 5, 6, 7, 9)]
    small = DiceSpec()
    small.add(0, faces)
    assert small._draws()[0] is not None  # its table, made before the limit is lowered
    monkeypatch.setattr(chance, "MAX_OUTCOMES", 8)
    big = DiceSpec()
    big.add(0, faces)
    assert big._draws()[0] is None  # no table
    a, b = random.Random(5), random.Random(5)
    assert [big.sample(a) for _ in range(200)] == [small.sample(b) for _ in range(200)]
    assert [big.roll_at(r) for r in range(30)] == list(itertools.product(*faces))


def test_random_playout_draws_as_randrange():
    """A random playout chooses what ``moves[randrange(len(moves))]`` chooses and rolls as
    ``sample_chance`` does: the same game from the same seed."""
    game = ludeme.loads(RACE)
    for seed in range(5):
        s = game.new_initial_state()
        n = random_playout(s, random.Random(seed))
        t = game.new_initial_state()
        rng = random.Random(seed)
        m = 0
        while True:
            moves = t.legal_moves()
            if not moves:
                if t.is_chance_node():
                    t.sample_chance(rng)
                    continue
                break
            t.apply(moves[rng.randrange(len(moves))])
            m += 1
        assert (n, s.hash, s.history) == (m, t.hash, t.history)
        assert t.rolls() == s.rolls()


# -- count keys tabled per piece, and a capture worked out and applied at once ----------

def test_count_changes_keep_the_hash_as_recomputed():
    """``Game.set_count`` and sowing change the hash by the tabled keys of counts
    (``Game.count_rows``) below 256 and by the formula above: any count, piece and
    emptying gives the hash recomputed from the position."""
    game = ludeme.loads(MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", ""))
    rng = random.Random(5)
    s = game.new_initial_state()
    for _ in range(400):
        x = rng.randrange(game.board.n_sites)
        n = rng.choice([0, 1, 2, 3, 127, 128, 129, 255, 256, 257, 300, rng.randrange(400)])
        game.set_count(s, x, n, rng.choice([0, 1]))
        assert s.hash == game._full_hash(s)
    # a sowing of hundreds of seeds goes round the track many times: counts cross 256
    for x in range(game.board.n_sites):
        game.set_count(s, x, 0)
    game.set_count(s, 1, 3000)
    game.set_count(s, 7, 250)
    s.mover = 1
    s.hash = game._full_hash(s)
    s._moves = None
    s.apply(next(m for m in s.legal_moves() if m.frm == 1))
    assert s.hash == game._full_hash(s)
    assert sum(s.count[x] for x in range(game.board.n_sites) if s.what[x]) == 3250
    assert max(s.count) > 256


@pytest.mark.parametrize("seed", range(4))
def test_capture_worked_out_and_applied_at_once_as_prepared_then_applied(seed, monkeypatch):
    """The sowing's capture rule runs by its ``now`` (compiler.worked_out_now): the same
    games as when it is prepared, then applied, which the compiler does for an effect
    without one."""
    src = MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", "")
    fast = ludeme.loads(src)
    import ludeme.ludemes.effects.sow as sow_module

    monkeypatch.setattr(sow_module, "worked_out_now", lambda effect: None)
    slow = ludeme.loads(src + " ")  # another text: not a cached compilation
    assert play_alike(fast, slow, seed) > 10


def test_random_playout_of_a_random_subclass_draws_as_random_choice():
    """``random_playout`` inlines ``Random.choice``'s draw for a ``random.Random``; any
    other generator is asked by its own ``choice``: a subclass that changes nothing
    plays the same game from the same seed."""

    class Plain(random.Random):
        pass

    class Last(random.Random):
        def choice(self, seq):
            return seq[-1]

    game = ludeme.loads(MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", ""))
    for seed in range(4):
        a, b = game.new_initial_state(), game.new_initial_state()
        assert random_playout(a, random.Random(seed)) == random_playout(b, Plain(seed))
        assert (a.hash, a.history) == (b.hash, b.history)
    c = game.new_initial_state()
    random_playout(c, Last(0))
    t = game.new_initial_state()
    while not t.is_terminal():
        t.apply(t.legal_moves()[-1])
    assert c.history == t.history


# -- the turn of a plain game (Game.plain_turns) ----------------------------------------

PLACE = """
(game "Small Line"
    (players 2)
    (equipment { (board (square 4)) (piece "Disc" Each) })
    (rules
        (play (or (move Add (to (sites Empty))) (if (< (count Moves) 3) (move Pass))))
        (end { (if (is Line 3) (result Mover Win)) })))
"""


@pytest.mark.parametrize("src", [
    MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", ""),
    PLACE,
    # a repetition rule: the plain turn records the hashes too
    PLACE.replace("(end {", "(end { (if (is Repeat) (result Mover Loss))"),
])
def test_plain_turn_plays_as_game_play(src):
    """A game with none of the rarer steps of a turn gets ``Game.plain_turns`` as its
    ``play``: the same games as ``Game.play`` (the method), passes, moves again, end
    rules and records of repetition included."""
    from ludeme.runtime.game import Game

    game = ludeme.loads(src)
    assert game.play is not None and getattr(game.play, "__func__", None) is not Game.play
    assert plays_as_game_play(game, seeds=12) > 0


def plays_as_game_play(game, seeds: int = 8) -> int:
    """``game.play`` and ``Game.play`` (the method) play the same seeded random games:
    the same moves, positions, hashes, phases and results. Returns the plies compared."""
    from ludeme.runtime.game import Game

    plies = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        a, b = game.new_initial_state(), game.new_initial_state()
        while not a.is_terminal():
            moves = a.legal_moves()
            assert [m.key for m in moves] == [m.key for m in b.legal_moves()]
            i = rng.randrange(len(moves))
            game.play(a, moves[i])
            Game.play(game, b, b.legal_moves()[i])
            plies += 1
            assert (a.hash, a.mover, a.phase, a.order_pos, a.what, a.rot, a.count, a.hand,
                    a.score, a.stalemated, a.counter, a.ply, a.prev_mover) == \
                (b.hash, b.mover, b.phase, b.order_pos, b.what, b.rot, b.count, b.hand,
                 b.score, b.stalemated, b.counter, b.ply, b.prev_mover)
            assert a.hashes == b.hashes and a.history == b.history
            # the turn may find the next moves without listing them (found_in_context):
            # then they are listed by the next iteration's legal_moves, compared there
            assert a._moves == b._moves or a._moves is None and b._moves
        assert b.is_terminal() and a.returns() == b.returns()
    return plies


def test_games_with_rarer_steps_keep_game_play(monkeypatch):
    """Positions recorded for ``(noRepeat)``: the game's ``play`` stays the method."""
    from ludeme.runtime.game import Game

    no_repeat = PLACE.replace("(rules", "(rules (meta (noRepeat))")
    game = ludeme.loads(no_repeat)
    assert game.plain_turns() is None
    assert game.play.__func__ is Game.play


# a race whose moves to the last square or with a roll of 4 move again (the same mover,
# a new roll), whose pass ends nothing (a game with dice), with a (then ...) on the move
RACE_AGAIN = RACE.replace(
    "(fromTo (from (to)) (to (handSite Next)))))))))",
    "(fromTo (from (to)) (to (handSite Next)))))"
    " (then (if (or (= (count Pips) 4) (= (last To) 5)) (moveAgain)))))))")


@pytest.mark.parametrize("src", [RACE, RACE_AGAIN, RACE_GENERAL])
def test_plain_dice_turn_plays_as_game_play(src):
    """A game with dice gets ``Game.plain_turns`` as its ``play``: the same games as ``Game.play`` (the method) given the same rolls, moves again,
    passes and end rules included, the dice's hash and flags too."""
    from ludeme.runtime.game import Game

    game = ludeme.loads(src)
    assert "moveAgain" in src or src != RACE_AGAIN
    assert getattr(game.play, "__func__", None) is not Game.play
    again = 0
    for seed in range(10):
        rng = random.Random(seed)
        a, b = game.new_initial_state(), game.new_initial_state()
        while not a.is_terminal():
            if a.is_chance_node():
                assert b.is_chance_node()
                roll = a.sample_chance(rng)
                b.apply_chance(roll)
                continue
            moves = a.legal_moves()
            assert [m.key for m in moves] == [m.key for m in b.legal_moves()]
            i = rng.randrange(len(moves))
            who = a.mover
            game.play(a, moves[i])
            Game.play(game, b, b.legal_moves()[i])
            again += a.mover == who and a.outcome is None
            assert (a.hash, a.mover, a.what, a.hand, a.stalemated, a.counter, a.ply) == \
                (b.hash, b.mover, b.what, b.hand, b.stalemated, b.counter, b.ply)
            assert (a.dice.rolled, a.dice.live, a.dice.values, a.dice.left) == \
                (b.dice.rolled, b.dice.live, b.dice.values, b.dice.left)
            assert a.history == b.history
        assert b.is_terminal() and a.returns() == b.returns()
    assert again > 0 or src != RACE_AGAIN  # the same mover moved again


NEVER = "(if (= 1 2) (result Mover Draw))"  # an end rule that never holds
KALAH_LIKE = MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", "")


@pytest.mark.parametrize("one, two", [
    (PLACE, PLACE.replace("(end {", "(end { " + NEVER)),
    (KALAH_LIKE, KALAH_LIKE.replace("(end (if (no Moves Mover)",
                                    "(end { " + NEVER + " (if (no Moves Mover)").replace(
        "(score P2 (count at:(mapEntry P2))) })))", "(score P2 (count at:(mapEntry P2))) })) })")),
])
def test_one_end_rule_checked_as_several(one, two):
    """One end rule is checked by its own function (no loop over the rules): the same
    games as with a second rule that never holds."""
    assert NEVER in two and NEVER not in one
    fast, slow = ludeme.loads(one), ludeme.loads(two)
    for seed in range(6):
        assert play_alike(fast, slow, seed) > 5


# -- a sowing of all the seeds of a pit as one function (sow's plain_run) --------------

OWARE_LIKE = """
(game "Five Pits Round"
    (players 2)
    (equipment {
        (mancalaBoard 2 5 (track "Track" "1,E,N,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (map {(pair P1 FirstSite) (pair P2 LastSite)})
        (piece "Seed" Shared)
    })
    (rules
        (start (set Count 3 to:(sites Track)))
        (play (move Select (from (sites Mover) if:(< 0 (count at:(from))))
            (then (sow if:(and (is In (to) (sites Next)) (or (= (count at:(to)) 2) (= (count at:(to)) 3)))
                apply:(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))
                includeSelf:False SKIP backtracking:True))))
        (end (if (no Moves Mover)
            (byScore { (score P1 (count at:(mapEntry P1))) (score P2 (count at:(mapEntry P2))) })))
    )
)
"""


@pytest.mark.parametrize("src", [
    KALAH_LIKE,
    MANCALA.replace("CHOOSE", "(> (count at:(from)) 0)").replace("BACK", "backtracking:(= 1 2)"),
    OWARE_LIKE.replace("SKIP", ""),
    # a skipIf: that reads the position: the general path sows
    OWARE_LIKE.replace("SKIP", "skipIf:(>= (count at:(to)) 6)"),
    # a sowing from a given site that may be empty
    KALAH_LIKE.replace("(sow\n", "(sow (- (last To) 0)\n"),
])
@pytest.mark.parametrize("seed", range(3))
def test_plain_sowing_as_the_general_path(src, seed, monkeypatch):
    """A sowing of every seed of its start along one track runs as one function: the same
    games, hashes included, as the general path, for captures of one pit and
    backtracking ones, skipIf: folded per players or read on the position,
    includeSelf:False."""
    fast = ludeme.loads(src)
    # origin:False (the first seed not kept: as without it) takes the general path
    slow = ludeme.loads(src.replace("(sow", "(sow origin:False"))
    sowing = {g: g.new_initial_state().legal_moves()[0].then.__name__ for g in (fast, slow)}
    assert sowing == {fast: "run_plain", slow: "run"}
    assert play_alike(fast, slow, seed) > 10


# -- the random playout of a game without dice (search._plain_playout) -----------------

class GeneralLoopRandom(random.Random):
    """A ``random.Random`` that ``random_playout`` does not take for one (its type is
    not exactly that): it plays by its general loop, drawing the same moves and rolls
    (``choice`` draws as the loops' inlined draw does). The oracle of the loops written
    for ``random.Random``."""

@pytest.mark.parametrize("src", [KALAH_LIKE, OWARE_LIKE.replace("SKIP", ""), PLACE,
                                 "brandubh", "branches", "hex"])
def test_plain_playout_as_the_general_loop(src, monkeypatch, spied):
    """A game without dice, swap rule or positions recorded plays its random playouts by
    a loop that lists the moves inline: the same games from the same seeds as the
    general loop (passes and moves again included), and the same state after."""
    import ludeme.runtime.search as search

    game = ludeme.load(src) if "(" not in src else ludeme.loads(src)
    taken = spied(search, "_plain_playout")
    for seed in range(4):
        a, b = game.new_initial_state(), game.new_initial_state()
        na = random_playout(a, random.Random(seed))
        nb = random_playout(b, GeneralLoopRandom(seed))
        assert na == nb > 0
        assert (a.hash, a.history, a.outcome, a.what, a.mover, a.who, a.nxt) == \
            (b.hash, b.history, b.outcome, b.what, b.mover, b.who, b.nxt)
    assert len(taken) == 4  # the plain loop played the first of each pair


# -- the random playout of a game that rolls first (search._dice_playout) ---------------

def _playout_state(s):
    return (s.hash, s.history, s.outcome, s.what, s.hand, s.mover, s.who, s.nxt, s.ply,
            s._moves, s.rolls(), s.dice.values, s.dice.left, s.dice.rolled, s.dice.pending)


@pytest.mark.parametrize("src", [RACE, RACE_AGAIN, RACE_GENERAL])
def test_dice_playout_as_the_general_loop(src, monkeypatch, spied):
    """A game whose every phase rolls the dice first plays its random playouts by a
    loop that rolls and lists the moves inline: the same rolls and moves from the same
    seeds as the general loop (moves again and passes included), the same state after,
    whether the game ends or the playout stops at ``max_moves``."""
    import ludeme.runtime.search as search

    game = ludeme.loads(src)
    taken = spied(search, "_dice_playout")
    played = 0
    for seed in range(6):
        for limit in (100_000, 0, 1, 2, 7):
            a, b = game.new_initial_state(), game.new_initial_state()
            na = random_playout(a, random.Random(seed), max_moves=limit)
            nb = random_playout(b, GeneralLoopRandom(seed), max_moves=limit)
            assert na == nb <= limit
            assert _playout_state(a) == _playout_state(b)
            played += na
            # a state the playout stopped in plays on as any other
            assert a.is_terminal() == b.is_terminal()
            if not a.is_terminal():
                a.settle(random.Random(seed))
                b.settle(random.Random(seed))
                assert [m.key for m in a.legal_moves()] == [m.key for m in b.legal_moves()]
    assert len(taken) == 6 * 5 and played > 6 * 10


def test_dice_playout_not_taken_by_rolls_with_consequences(monkeypatch):
    """A roll with a ``then:`` on its moves is not a plain roll first: the general loop."""
    import ludeme.runtime.search as search
    from tests.engine.test_chance import DICE_PASS

    game = ludeme.loads(DICE_PASS)
    monkeypatch.setattr(search, "_dice_playout", lambda *a: pytest.fail("taken"))
    assert random_playout(game.new_initial_state(), random.Random(3)) > 0


def test_plain_playout_stops_at_max_moves():
    game = ludeme.loads(KALAH_LIKE)
    s = game.new_initial_state()
    assert random_playout(s, random.Random(1), max_moves=7) == 7 == s.ply
    assert not s.is_terminal()


# -- the region a selection chooses from, folded per mover (select's gen_occupied) --

@pytest.mark.parametrize("src, folds", [
    (KALAH_LIKE, True),
    (OWARE_LIKE.replace("SKIP", ""), True),
    # a region that reads the position: asked each time
    (KALAH_LIKE.replace("(from (sites Mover) if:",
                        "(from (difference (sites Mover) (sites Empty)) if:"), False),
])
@pytest.mark.parametrize("seed", range(3))
def test_selection_from_a_folded_region_as_asked_each_time(src, folds, seed, monkeypatch):
    """``(move Select (from (sites Mover) if:(> (count at:(from)) 0)))`` reads the
    mover's sites from a table folded once: the same moves as the region asked at
    every listing."""
    import ludeme.ludemes.moves.select as select_module

    folded = []
    real = select_module.mover_rows
    monkeypatch.setattr(select_module, "mover_rows",
                        lambda *a: folded.append(real(*a)) or folded[-1])
    fast = ludeme.loads(src + f"\n// folded {seed}\n")
    fast.new_initial_state().legal_moves()  # the region folded at the first listing
    assert len(folded) == 1 and (folded[0] is not None) == folds
    # the oracle: no region folded (as for one that reads the position)
    monkeypatch.setattr(select_module, "mover_rows", lambda *a: None)
    slow = ludeme.loads(src + "\n// the region asked each time\n")
    assert play_alike(fast, slow, seed) > 10
    assert len(folded) == 1


def test_mover_rows_fold_what_reads_the_mover_alone():
    from ludeme.compile.fold import mover_rows

    assert mover_rows(lambda t: (t.who, 7), 3) == [None, (1, 7), (2, 7), (3, 7)]
    assert mover_rows(lambda t: t.what, 2) is None
    assert mover_rows(lambda t: (t.nxt,), 2) is None  # the next player may be another


# -- an (if ...) of moves used as an effect (compiler.if_effect_of) ---------------------

# a capture rule whose (if ...) has moves in both branches, along a backtracking sowing
# (worked out, then applied) and a one-pit one (worked out and applied at once)
BOTH_BRANCHES = OWARE_LIKE.replace("SKIP", "").replace(
    "apply:(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))",
    "apply:(if (= (count at:(to)) 2) (fromTo (from (to)) (to (mapEntry (mover))) count:2)"
    " (fromTo (from (to)) (to (mapEntry (next))) count:1))")


@pytest.mark.parametrize("src", [KALAH_LIKE, BOTH_BRANCHES,
                                 BOTH_BRANCHES.replace(" backtracking:True", "")])
@pytest.mark.parametrize("seed", range(3))
def test_if_of_moves_as_an_effect_as_its_moves_applied(src, seed, monkeypatch):
    """``(if <cond> <moves> <moves>)`` where an effect is expected tests, then applies the
    branch's moves as its effect: the same games as the moves of the whole ``(if ...)``
    listed, then applied (the ``(if ...)`` under a ``(priority {...})``, which hides its
    parts)."""
    import ludeme.compile.compiler as compiler

    assert "apply:(if" in src
    made = []
    real = compiler.if_effect_of
    monkeypatch.setattr(compiler, "if_effect_of", lambda *a: made.append(a) or real(*a))
    fast = ludeme.loads(src + f"\n// if as an effect {seed}\n")
    assert len(made) == 1
    from tests.engine.test_speedups import wrapped

    # the (if ...) of moves: the inner one of KALAH_LIKE (the outer one's first branch
    # is an effect), the one of BOTH_BRANCHES
    at = src.find("(if (and {(is In")
    listed = wrapped(src, at if at >= 0 else src.index("apply:(if") + len("apply:"),
                     "(priority {", "})")
    slow = ludeme.loads(listed)
    assert len(made) == 1
    assert play_alike(fast, slow, seed) > 10


# -- new states copied from a start position made once (Game.new_initial_state) --------

@pytest.mark.parametrize("src", [KALAH_LIKE, RACE, PLACE, "brandubh", "branches"])
def test_new_states_copied_from_one_start_as_made_afresh(src, monkeypatch):
    """``new_initial_state`` copies one start position: each copy is a position of its
    own (playing one changes no other), and plays the same games as a state made by the
    start rules afresh."""
    game = ludeme.load(src) if "(" not in src else ludeme.loads(src)
    first = game.new_initial_state()
    assert game._first_state is not None and first is not game._first_state
    random_playout(first, random.Random(3))  # a played copy leaves the next ones alone
    for seed in range(3):
        a = game.new_initial_state()
        b = game._fresh_initial_state()  # the start rules run afresh
        assert b is not game._first_state
        assert (a.what, a.count, a.hand, a.hash, a.mover, a.ply, a.history, a.hashes) == \
            (b.what, b.count, b.hand, b.hash, b.mover, b.ply, b.history, b.hashes)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        assert random_playout(a, rng_a) == random_playout(b, rng_b) > 0
        assert (a.hash, a.history, a.outcome) == (b.hash, b.history, b.outcome)


@pytest.mark.parametrize("src", [RACE, RACE_AGAIN, RACE_GENERAL])
def test_moves_once_rolled_picked_per_total_as_asked(src, monkeypatch):
    """``(do (roll) next:(if (!= (count Pips) 0) ...))``: the dice playout takes the
    branch's moves by the total (``dice._picks_by_total``) as asking ``next:`` does
    (the oracle: no pick made): the same games from the same seeds; and the pick is made
    (a branch per total, the no-move one at total 0)."""
    import ludeme.api
    from ludeme.ludemes.chance import dice

    states = []
    real = dice._picks_by_total
    for on in (True, False):
        monkeypatch.setattr(dice, "_picks_by_total",
                            real if on else (lambda gen: lambda game: None))
        monkeypatch.setattr(ludeme.api, "_CACHE", {})
        game = ludeme.loads(src)
        picks = game.phases[0].generate.after_roll_picks(game)
        assert (picks is not None) == on
        if on:
            assert picks[0] is dice._no_moves and dice._no_moves not in picks[1:]
        played = []
        for seed in range(6):
            s = game.new_initial_state()
            random_playout(s, random.Random(seed))
            played.append(_playout_state(s))
        states.append(played)
    assert states[0] == states[1]
