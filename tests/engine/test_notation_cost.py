"""Notation costs nothing: writing or reading a move never plays a move out or
generates moves, and the text is the same as the one a play-out gives.

The reference below is the definition of a move's captures: the sites that hold a piece
before the move and none after it (other than where the move starts). The engine works
them out without playing the move (``Move.takes``); this test plays every move out to
check it, along random games of every bundled game with captures and of small
descriptions with every capture rule.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import ludeme
from ludeme.runtime.game import Game
from ludeme.runtime.state import State

DATA = Path(__file__).parent / "data"


def reference_text(s: State, m) -> str:
    """The move's text, its captures found by playing it out on a copy."""
    g = s.game
    text = g.notation.plain(m)[0]
    if m.kind != "move":
        return text
    after = s.child(m)
    gone = [x for x, (a, b) in enumerate(zip(s.what, after.what, strict=True))
            if a and not b and x != m.frm]
    coords = g.board.coords
    gone.sort(key=lambda x: (round(coords[x][0], 6), round(coords[x][1], 6)))
    return text + "".join(f"x{g.board.labels[x]}" for x in gone)


CAPTURE_RULES = {
    "custodial-line": ('(move Slide Orthogonal then:(custodial (from (last To)) Orthogonal '
                       '(between if:(is Enemy (who at:(between))) (apply (remove (between)))) '
                       '(to if:(is Friend (who at:(to))))))'),
    "custodial-one": ('(move Slide Orthogonal then:(custodial (from (last To)) Orthogonal '
                      '(between (max 1) if:(and (is Enemy (who at:(between))) '
                      '(not (is In (between) (sites Corners))))) '
                      '(to if:(or (is Friend (who at:(to))) (is In (to) (sites Corners))))))'),
    "surround": ('(move Step Adjacent (to if:(is Empty (to))) then:(surround (from (last To)) '
                 'Orthogonal except:1))'),
    "two-rules": ('(move Slide Orthogonal (between (max 2)) then:(and (custodial (from (last To)) '
                  'Orthogonal (between (max 1))) (if (is Empty "c3") (remove (sites {"e5"})))))'),
    "step-and-take": ('(move Step Adjacent (to if:(not (is Friend (who at:(to)))) '
                      '(apply (remove (to)))) then:(remove (sites {"a5"})))'),
}


def _small(rule: str) -> Game:
    return ludeme.loads(f"""
        (game "Captures" (players 2)
            (equipment {{(board (square 5)) (piece "Stone" Each {rule})}})
            (rules
                (start {{(place "Stone1" {{"a1" "b1" "c1" "d1" "e1" "c2"}})
                         (place "Stone2" {{"a5" "b5" "c5" "d5" "e5" "c4"}})}})
                (play (forEach Piece))
                (end {{(if (= (count Pieces Next) 0) (result Mover Win))
                       (if (>= (count Moves) 80) (result Mover Draw))}})))""", file="t.lud")


# (game, options, plies walked, whether captures must have been seen)
GAMES = [("brandubh", (), 200, True), ("brandubh", ("King/Weak",), 200, True),
         ("tablut", (), 120, True), ("hnefatafl", (), 30, False),
         ("twigs-and-thorns", (), 200, False), ("branches", (), 200, False),
         ("branching-coral", (), 200, False)]


def _walk(game: Game, seed: int, plies: int = 200):
    """The states of a random game (each position once)."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    for _ in range(plies):
        if s.is_terminal():
            return
        yield s
        legal = s.legal_moves()
        s.apply(legal[rng.randrange(len(legal))])


def _check_texts(game: Game, seeds=range(3), plies: int = 200) -> int:
    captures = 0
    for seed in seeds:
        for s in _walk(game, seed, plies):
            for m in s.legal_moves():
                text = s.move_to_string(m)
                assert text == reference_text(s, m), (s.ply, m)
                assert s.parse_move(text) == m
                captures += "x" in text
    return captures


@pytest.mark.parametrize(("name", "options", "plies", "captures"), GAMES)
def test_bundled_games_write_moves_as_playing_them_out_does(name, options, plies, captures):
    seen = _check_texts(ludeme.load(name, list(options)), seeds=range(2), plies=plies)
    assert seen > 0 or not captures


@pytest.mark.parametrize("rule", sorted(CAPTURE_RULES))
def test_every_capture_rule_writes_what_it_takes(rule):
    assert _check_texts(_small(CAPTURE_RULES[rule]), seeds=range(4)) > 0


@pytest.fixture
def no_playing(monkeypatch):
    """Playing, copying a state or generating moves raises while the notation works."""

    def refuse(*args, **kwargs):
        raise AssertionError("the notation played a move, copied a state or searched")

    def install(game: Game):
        monkeypatch.setattr(Game, "play", refuse)
        monkeypatch.setattr(State, "clone", refuse)
        for phase in game.phases:
            monkeypatch.setattr(phase, "generate", refuse)

    return install


@pytest.mark.parametrize("source", ["brandubh", str(DATA / "amazons-like.lud"),
                                    "twigs-and-thorns", "branches"])
def test_writing_and_reading_never_play_or_search(source, no_playing):
    game = ludeme.load(source)
    states = []
    for s in _walk(game, 7, plies=60):
        s.legal_moves()  # the position's own moves, as a front end has them
        states.append(s.clone())
    no_playing(game)
    for s in states:
        for m in s.legal_moves():
            before = (s.what[:], s.hash, len(s.history), s.who, s.frm, s.to)
            text = s.move_to_string(m)
            assert s.parse_move(text) == m
            assert (s.what, s.hash, len(s.history), s.who, s.frm, s.to) == before


def test_brandubh_notation_is_unchanged():
    g = ludeme.load("brandubh")
    from ludeme.runtime.position import position

    s = position(g, {"e7": "Attacker1", "b7": "Defender2", "a7": "Attacker1",
                     "c6": "Defender2", "c5": "Attacker1", "d4": "King2"}, 1)
    assert s.move_to_string(s.parse_move("e7-c7")) == "e7-c7xb7xc6"
    assert s.parse_move("e7-c7xb7xc6") == s.parse_move("e7-c7")
