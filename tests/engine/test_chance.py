"""Dice and chance nodes: the equipment, the roll, and the dice ludemes with Ludii's
meaning, on small descriptions written for these tests (no track needed)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import ludeme
from ludeme.errors import LudemeError

# pieces step (pips) cells east on a line; a piece that reaches the last cell wins
LINE = """
(game "Line Race"
    (players 2)
    (equipment {
        (board (rectangle 1 16))
        (dice DICE)
        (piece "Disc" Each
            (if (!= (ahead (from) steps:(pips) E) -1)
                (move (from) (to (ahead (from) steps:(pips) E) if:(is Empty (to))))))
    })
    (rules
        (start { (place "Disc1" {"A1" "C1"}) (place "Disc2" {"B1" "D1"}) })
        (play PLAY)
        (end (if (is In (last To) (sites Right)) (result Mover Win)))
    )
)
"""
# every die once per turn, the turn going on while a die is unused; doubles twice
BOTH = """(do (if (not (is Prev Mover)) (roll))
           next:(forEach Die replayDouble:True if:(!= (pips) 0) (forEach Piece)
                  (then (if (not (all DiceUsed)) (moveAgain)))))"""
# roll and score: the mover scores the sum of the dice, first to 20 wins
SCORE = """
(game "Roll And Score"
    (players 2)
    (equipment { (board (square 1)) (dice d:2 from:0 num:4) })
    (rules
        (play (do (roll) next:(move Pass (then (addScore Mover (count Pips))))))
        (end (if (>= (score Mover) 20) (result Mover Win)))
    )
)
"""


def line(dice: str = "d:3 num:2", play: str = BOTH):
    return ludeme.loads(LINE.replace("DICE", dice).replace("PLAY", play))


def at_roll(state, roll):
    assert state.is_chance_node()
    state.apply_chance(roll)
    return state


def moves(state) -> list[str]:
    return sorted(state.move_to_string(m) for m in state.legal_moves())


def test_dice_outcomes_are_every_face_of_every_die_equally_likely():
    g = line("d:3 num:2")
    s = g.new_initial_state()
    out = s.chance_outcomes()
    assert sorted(o for o, _ in out) == [(a, b) for a in (1, 2, 3) for b in (1, 2, 3)]
    assert all(p == pytest.approx(1 / 9) for _, p in out)
    # Ludii's stick dice: four two-sided dice 0/1; their sum is binomial
    g4 = line("d:2 from:0 num:4")
    sums = Counter()
    for o, p in g4.new_initial_state().chance_outcomes():
        sums[sum(o)] += p
    assert [sums[k] * 16 for k in range(5)] == pytest.approx([1, 4, 6, 4, 1])
    gf = line("d:2 facesByDie:{{0 4} {0 6}} num:2")
    assert sorted(o for o, _ in gf.new_initial_state().chance_outcomes()) == \
        [(0, 0), (0, 6), (4, 0), (4, 6)]
    gfaces = line("faces:{1 1 2} num:1")
    assert dict(gfaces.new_initial_state().chance_outcomes()) == \
        pytest.approx({(1,): 2 / 3, (2,): 1 / 3})


def test_a_chance_node_has_no_moves_and_is_not_over():
    s = line().new_initial_state()
    assert s.is_chance_node()
    assert s.legal_moves() == []
    assert not s.is_terminal()
    with pytest.raises(LudemeError, match="not a roll of these dice"):
        s.apply_chance((4, 1))
    at_roll(s, (1, 3))
    assert not s.is_chance_node()
    with pytest.raises(LudemeError, match="no roll is due"):
        s.apply_chance((1, 1))
    assert s.dice.values == [1, 3]
    assert s.rolls() == [(0, (1, 3))]


def test_for_each_die_moves_each_piece_by_each_unused_die():
    s = at_roll(line().new_initial_state(), (1, 3))
    # a1+1 and a1+3 and c1+1 are taken; c1+3 = f1
    assert moves(s) == ["c1-f1"]
    s = at_roll(line().new_initial_state(), (2, 3))
    assert moves(s) == ["c1-e1", "c1-f1"]   # a1+2 and a1+3 are taken
    s.apply(s.parse_move("c1-e1"))        # uses the 2: the mover plays the 3 next
    assert not s.is_chance_node() and s.mover == 1
    assert s.dice.left == [0, 3] and s.dice.values == [2, 3]
    assert moves(s) == ["e1-h1"]
    s.apply(s.parse_move("e1-h1"))        # all dice used: P2's turn, a new roll
    assert s.mover == 2 and s.is_chance_node()


def test_doubles_are_played_twice_with_replay_double():
    s = at_roll(line().new_initial_state(), (2, 2))
    played = 0
    while s.mover == 1 and not s.is_chance_node():
        s.apply(s.legal_moves()[0])
        played += 1
    assert played == 4
    assert s.mover == 2 and s.is_chance_node()


def test_the_same_turn_does_not_roll_again_but_a_new_roll_each_turn():
    g = line(play="(do (roll) next:(forEach Die (forEach Piece)))")
    s = at_roll(g.new_initial_state(), (3, 3))
    s.apply(s.legal_moves()[0])
    assert s.mover == 2 and s.is_chance_node()


def test_count_pips_is_the_sum_of_the_roll():
    g = ludeme.loads(SCORE)
    s = g.new_initial_state()
    at_roll(s, (1, 0, 1, 1))
    s.apply(s.legal_moves()[0])
    assert s.scores() == [3, 0]
    at_roll(s, (0, 0, 0, 1))
    s.apply(s.legal_moves()[0])
    assert s.scores() == [3, 1]


def test_pips_outside_for_each_die_is_minus_one_and_dice_ludemes_need_dice():
    g = ludeme.loads(SCORE.replace("(count Pips)", "(pips)"))
    s = at_roll(g.new_initial_state(), (1, 1, 1, 1))
    s.apply(s.legal_moves()[0])
    assert s.scores() == [-1, 0]
    with pytest.raises(LudemeError, match="the game has no dice"):
        ludeme.loads(SCORE.replace("(dice d:2 from:0 num:4)", ""))


@pytest.mark.parametrize("dice, message", [
    ("d:6 num:0", "1 to 16 dice"),
    ("faces:{1 2} from:1 num:2", "not faces: and from:"),
    ("facesByDie:{{1 2}} num:2", "faces of 1 dice, but num:2"),
    ("d:64 num:16", "rolls; ludeme lists up to"),
])
def test_bad_dice_are_clear_errors(dice, message):
    with pytest.raises(LudemeError, match=message):
        line(dice)


def test_any_die_dice_equal_and_face():
    cond = ("(do (roll) next:(if (and (is AnyDie 3) (all DiceEqual)) (move Pass "
            "(then (addScore Mover (face 17)))) (move Pass)))")
    g = line(play=cond)
    s = at_roll(g.new_initial_state(), (3, 3))
    s.apply(s.legal_moves()[0])
    assert s.scores() == [3, 0]   # (face 17): the second die (16 cells, then the dice)
    s = at_roll(g.new_initial_state(), (3, 2))
    s.apply(s.legal_moves()[0])
    assert s.scores() == [0, 0]


def test_a_roll_in_consequences_makes_the_next_position_a_chance_node():
    play = "(move Pass (then (roll (then (addScore Mover (count Pips))))))"
    g = line("d:4 num:1", play)
    s = g.new_initial_state()
    assert not s.is_chance_node()   # no roll before the first move
    assert s.dice.values == [1]     # each die shows its first face
    s.apply(s.legal_moves()[0])
    assert s.mover == 2 and s.is_chance_node()
    at_roll(s, (3,))
    # the roll's consequence ran as part of P1's move, for P1
    assert s.scores() == [3, 0]
    assert not s.is_chance_node() and moves(s) == ["pass"]


def test_the_hash_follows_the_dice():
    g = line()
    a = at_roll(g.new_initial_state(), (1, 2))
    b = at_roll(g.new_initial_state(), (2, 1))
    assert a.hash != b.hash
    assert a.hash == g._full_hash(a)
    rng = random.Random(5)
    s = g.new_initial_state()
    for _ in range(300):
        if s.is_terminal():
            s = g.new_initial_state()
        if s.is_chance_node():
            s.sample_chance(rng)
        else:
            ms = s.legal_moves()
            s.apply(ms[rng.randrange(len(ms))])
        assert s.hash == g._full_hash(s)


def test_clones_roll_on_their_own():
    s = line().new_initial_state()
    c = s.clone()
    at_roll(c, (3, 3))
    assert s.is_chance_node() and not c.is_chance_node()
    assert s.dice.values == [1, 1]


def test_seeded_playouts_repeat():
    g = line()

    def playout(seed):
        rng = random.Random(seed)
        s = g.new_initial_state()
        trail = []
        while not s.is_terminal():
            if s.is_chance_node():
                trail.append(s.sample_chance(rng))
            else:
                ms = s.legal_moves()
                m = ms[rng.randrange(len(ms))]
                trail.append(s.move_to_string(m))
                s.apply(m)
        return trail, s.returns()

    assert playout(7) == playout(7)
    assert playout(7) != playout(8)


def test_moves_equal_but_for_their_die_are_written_apart():
    g = line("d:3 num:2", "(do (roll) next:(forEach Die (move Pass)))")
    s = at_roll(g.new_initial_state(), (1, 3))
    assert moves(s) == ["pass/1", "pass/3"]
    second = s.parse_move("pass/3")
    assert second is s.legal_moves()[1]
    with pytest.raises(LudemeError, match="ambiguous"):
        s.parse_move("pass")
    s.apply(second)
    assert s.dice.left == [1, 0]
    # a double is one move (the same move with the same value)
    s = at_roll(g.new_initial_state(), (2, 2))
    assert moves(s) == ["pass"]


def test_face_numbers_the_dice_after_every_hand_site():
    # 16 cells, then two hands of 3 sites each (22 sites), then the dice: 22 and 23,
    # though the equipment lists the dice before the hands
    text = LINE.replace("(dice DICE)", "(dice d:3 num:2) (hand Each size:3)").replace(
        "PLAY", "(do (roll) next:(move Pass (then (addScore Mover (face 23)))))")
    s = at_roll(ludeme.loads(text).new_initial_state(), (1, 3))
    s.apply(s.legal_moves()[0])
    assert s.scores() == [3, 0]


def test_the_dice_key_is_every_dies_value_and_use():
    # the key of unused dice is looked up by roll; it must be what the keys of each die's
    # value and use give, for unused dice and after a die is used
    g = line()
    spec = g.dice
    rng = random.Random(11)
    s = g.new_initial_state()
    checked = 0
    for _ in range(200):
        if s.is_terminal():
            s = g.new_initial_state()
        if s.is_chance_node():
            s.sample_chance(rng)
        else:
            ms = s.legal_moves()
            s.apply(ms[rng.randrange(len(ms))])
        d = s.dice
        want = spec.zobrist_rolled if d.rolled else 0
        for i, (v, left) in enumerate(zip(d.values, d.left, strict=True)):
            want ^= spec.zobrist_value[i].get(v, 0) ^ spec.zobrist_left[i].get(left, 0)
        assert spec.key(d) == want
        checked += d.left != d.values
    assert checked  # some positions had a die used


def test_a_sampled_roll_is_one_draw_of_the_generator():
    # rolls recorded from a seed stay the same: one randrange over every roll, in the
    # order of itertools.product of the dice's faces (the first die most significant)
    g = line("facesByDie:{{0 1} {1 2 3} {2 4 6 8 10}} num:3")
    rolls = list(itertools.product(*g.dice.faces))
    assert len(rolls) == 2 * 3 * 5
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(30):
            assert g.dice.sample(a) == rolls[b.randrange(len(rolls))]
        assert a.random() == b.random()  # and no more bits than that draw


DICE_PASS = """(game "DicePass" (players 2)
  (equipment {(board (square 2)) (piece "Disc" Each) (dice d:2 from:0 num:1)})
  (rules (play (do (roll) next:(move Add (to (sites Empty) if:(= (count Pips) 5)))
                   (then (if (= (count Pips) 1) (moveAgain)))))
         (end (if (>= (count Moves) 8) (result Mover Draw)))))"""


def test_a_roll_with_no_move_is_a_pass_with_the_consequences():
    # as Ludii's (do (roll) next:...) with dice: no move after the roll is a pass that
    # carries the roll, and the (then ...) follows it (checked with the real Ludii)
    s = ludeme.loads(DICE_PASS).new_initial_state()
    s.apply_chance((1,))
    (m,) = s.legal_moves()
    assert m.kind == "pass" and not s.game.stuck(s)
    s.apply(m)
    assert s.current_player() == 1    # a 1 rolled: the mover goes again
    s.apply_chance((0,))
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 2


PRIORS = """(game "Scored Drops" (players 2)
  (equipment {(board (square 3)) (piece "Disc" Each)})
  (rules (play (or (do (addScore Mover 1) next:(move Add (to (sites Empty))))
                   (do (addScore Mover 2) next:(move Add (to (sites Empty))))))
         (end (if (is Full) (byScore)))))"""


def test_moves_made_after_a_prior_have_the_same_keys_in_every_load(monkeypatch):
    """``(do <prior> next:<moves>)``: each prior's moves are told apart in their keys by
    the prior's number in the game (not an object's id, which differs from one load or
    process to the next), so records and digests of seeded games repeat."""
    keys = []
    for _ in range(2):
        monkeypatch.setattr(ludeme.api, "_CACHE", {})
        game = ludeme.loads(PRIORS)
        keys.append([m.key for m in game.new_initial_state().legal_moves()])
    assert keys[0] == keys[1]
    assert len(keys[0]) == 18 and len(set(keys[0])) == 18   # 9 sites, each prior's own
    assert {k[-1] for k in keys[0]} == {("after", 0), ("after", 1)}
