"""The observation of a game with dice: a plane per face of each die and one marking
the dice still to use, on a small race written for this test."""

import numpy as np

import ludeme
from ludeme.interop.observation import Observation

RACE = """
(game "Dice Line" (players 2)
    (equipment {
        (board (rectangle 1 12))
        (dice d:3 num:2)
        (piece "Disc" Each
            (if (!= (ahead (from) steps:(pips) E) -1)
                (move (from) (to (ahead (from) steps:(pips) E) if:(is Empty (to))))))
    })
    (rules
        (start { (place "Disc1" "A1") (place "Disc2" "B1") })
        (play (do (if (not (is Prev Mover)) (roll))
                  next:(forEach Die if:(!= (pips) 0) (forEach Piece)
                        (then (if (not (all DiceUsed)) (moveAgain))))))
        (end (if (is In (last To) (sites Right)) (result Mover Win)))))"""


def test_the_dice_have_planes_after_the_player_to_move():
    game = ludeme.loads(RACE)
    obs = Observation(game)
    assert obs.plane_names[4:] == ["die 1: 1", "die 1: 2", "die 1: 3", "die 1: to use",
                                   "die 2: 1", "die 2: 2", "die 2: 3", "die 2: to use"]
    s = game.new_initial_state()
    s.apply_chance((2, 3))
    t = obs.tensor(s)
    on = [name for name, row in zip(obs.plane_names, t, strict=True) if row.all()]
    assert on == ["to move: P1", "die 1: 2", "die 1: to use", "die 2: 3", "die 2: to use"]
    assert all(row.all() or not row.any() for row in t[4:])  # whole planes
    # the piece moves 2 (the first die): that die is used, the other is still to use
    (m,) = [m for m in s.legal_moves() if s.move_to_string(m) == "a1-c1"]
    s.apply(m)
    t = obs.tensor(s)
    on = [name for name, row in zip(obs.plane_names, t, strict=True) if row.all()]
    assert on == ["to move: P1", "die 1: 2", "die 2: 3", "die 2: to use"]
    out = np.empty(obs.shape, np.float32)
    obs.write(s, out)
    assert np.array_equal(out, t)


def test_a_game_without_dice_has_no_dice_planes():
    obs = Observation(ludeme.load("tic-tac-toe"))
    assert not any(name.startswith("die") for name in obs.plane_names)
