"""The turn written out per game (``Game.plain_turns``, ``runtime/written_turn.py``)
against the general turn, the method ``Game.play`` (``test_turn_speedups.general_turn``):
seeded random games list the same moves, reach the same positions, hashes, movers,
context and flags, and end the same way, by ``State.apply`` and by ``random_playout``
(whose general loop the method takes). Descriptions:
one written here (a setup in a fixed order, then players in turn without a pass over
stuck players: the branch of the ordered turn that the other games do not take), the
written games of the other turn tests (three players with hands, (moveAgain) and (set
NextPlayer ...), with and without (counter); the swap rule; ordered setups and stuck
players passed over; a game with dice), Tic-Tac-Toe, Hex, Twigs and Thorns 2p/4p,
Branching Coral on side 4 and Brandubh."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.runtime import written_turn
from tests.engine.test_hand_race import ENTER, ROLL
from tests.engine.test_seed_speedups import ORDERED_SETUP, PLACE_THEN_MOVE
from tests.engine.test_turn_fixed_cost import COUNTER_END, PLAIN_END, RELAY, SWAPPED
from tests.engine.test_turn_speedups import general_turn, play_alike, playouts_alike

# a setup in a fixed order, then stones in turns (no stuck player passed over), with a
# line of three to win and a (moveAgain) on a corner
ORDERED_THEN_TURNS = """
(game "Ordered Then Turns"
    (players 2)
    (equipment { (board (square 4)) (piece "Stone" Each) (piece "Marker" Shared) })
    (rules
        phases:{
            (phase "Setup" (play (move Add "Marker" (to (sites Empty)))) order:{P2 P1 P1})
            (phase "Play"
                (play (move Add (to (sites Empty))
                    then:(if (is In (last To) (sites Corners)) (moveAgain)))))
        }
        (end (if (is Line 3) (result Mover Win)))
    )
)
"""

CASES = [(ORDERED_THEN_TURNS, None), (RELAY.replace("{END}", PLAIN_END), None),
         (RELAY.replace("{END}", COUNTER_END), None), (SWAPPED, None),
         (ORDERED_SETUP, None), (PLACE_THEN_MOVE, None), (ROLL, None), (ENTER, None),
         ("tic-tac-toe", []), ("hex", []), ("twigs-and-thorns", ["Players/2"]),
         ("twigs-and-thorns", ["Players/4"]), ("branching-coral", ["Board/Hexagon 4"]),
         ("brandubh", [])]
IDS = ["ordered-then-turns", "relay", "relay-counter", "swapped", "ordered-setup",
       "place-then-move", "roll", "enter", "tic-tac-toe", "hex", "twigs-2p", "twigs-4p",
       "coral-4", "brandubh"]


SWITCHES = {"playout": (written_turn, "WRITTEN_PLAYOUT"),
            "found": (written_turn, "FOUND_PASS")}


def _load(monkeypatch, src, options, written: bool, off: tuple[str, ...] = ()):
    """The game compiled afresh with the switches on (``written``) or playing by the
    general turn (the method ``Game.play``); or with the switches named in ``off`` off."""
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    for name in off:
        monkeypatch.setattr(*SWITCHES[name], False)
    try:
        game = ludeme.loads(src) if options is None else ludeme.load(src, options)
        return game if written else general_turn(game)
    finally:
        for module, switch in SWITCHES.values():
            monkeypatch.setattr(module, switch, True)


def _written(play) -> bool:
    return play.__code__.co_filename == "<ludeme turn>"


@pytest.mark.parametrize("src,options", CASES, ids=IDS)
def test_the_written_turn_plays_as_the_general_turn(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, False)
    if getattr(fast.play, "__func__", None) is not None:
        pytest.fail("the game was expected to take plain_turns")
    assert _written(fast.play) and not _written(slow.play)
    if fast.dice is None:  # (play_alike lists moves at every ply: no chance nodes)
        plies = sum(play_alike(fast, slow, seed, plies=150) for seed in range(6))
        assert plies > 30
    assert playouts_alike(fast, slow, 4, games=6) > 30


@pytest.mark.parametrize("name", ["playout", "found"])
@pytest.mark.parametrize("src,options", [
    (ORDERED_SETUP, None), (RELAY.replace("{END}", COUNTER_END), None),
    ("twigs-and-thorns", ["Players/2"]), ("twigs-and-thorns", ["Players/5"]),
    ("branching-coral", ["Board/Hexagon 4"])],
    ids=["ordered-setup", "relay-counter", "twigs-2p", "twigs-5p", "coral-4"])
def test_each_switch_alone_plays_alike(monkeypatch, src, options, name):
    """The playout loop written round the turn (``WRITTEN_PLAYOUT``), and the pass over
    stuck players with the found test written in it (``FOUND_PASS``), each off alone."""
    fast = _load(monkeypatch, src, options, True)
    slow = _load(monkeypatch, src, options, True, (name,))
    if name == "playout":
        assert fast.play.playout is not None and slow.play.playout is None
    else:
        names = fast.play.__code__.co_names
        assert ("has_of" in names) is fast.play.parts["pass_found"]
        assert "has_of" not in slow.play.__code__.co_names
    assert sum(play_alike(fast, slow, seed, plies=150) for seed in range(4)) > 30
    assert playouts_alike(fast, slow, 5, games=8) > 40


def test_the_written_turn_leaves_out_what_the_game_never_takes(monkeypatch):
    """The steps of a turn fixed at compile time are chosen, not tested, in the written
    turn: no dice's step without dice, no (counter) where no rule reads it, no order of
    movers in a game without phases; each is there where the game takes it."""
    def names(src, options=None):
        return set(_load(monkeypatch, src, options, True).play.__code__.co_names)

    plain = names("tic-tac-toe", [])
    assert not {"dice", "rolled_key", "counter", "orders", "order_pos", "passes",
                "hashes"} & plain
    # its end rules, asked here (called, or their lines written in: endchecks.WRITTEN_IN_TURN)
    assert "end_rule" in plain or "end_test" in plain or any(n.startswith("e_") for n in plain)
    assert "counter" in names(RELAY.replace("{END}", COUNTER_END))
    assert "counter" not in names(RELAY.replace("{END}", PLAIN_END))
    assert {"dice", "rolled_key"} <= names(ROLL)
    ordered = names(ORDERED_THEN_TURNS)
    assert {"orders", "order_pos", "skips"} <= ordered and "passes" not in ordered
    twigs = _load(monkeypatch, "twigs-and-thorns", ["Players/2"], True).play
    assert {"passes", "has_of", "order_pos"} <= set(twigs.__code__.co_names)
