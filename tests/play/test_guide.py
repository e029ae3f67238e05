"""What a person is told at their turn: the phase, how to write a move (with examples
that are legal here), the recent moves."""

from __future__ import annotations

from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.play import guide


def test_the_phase_and_what_it_asks(load):
    twigs = load("twigs-and-thorns").new_initial_state()
    assert guide.what_to_do(twigs) == "phase Nulls: placing a Null"
    assert guide.what_to_do(load("brandubh").new_initial_state()) == "moving an Attacker"
    # a one-phase game names no phase
    assert guide.what_to_do(load("tic-tac-toe").new_initial_state()).startswith("placing a")


def _examples(lines):
    return [line.rsplit(": ", 1)[1] for line in lines[1:] if ": " in line]


def test_help_examples_are_legal_moves_here(load):
    for name, plies in (("twigs-and-thorns", 2), ("brandubh", 0), ("branches", 0),
                        ("hex", 3)):
        state = load(name).new_initial_state()
        for _ in range(plies):
            state.apply(state.legal_moves()[0])
        lines = guide.notation_help(state)
        assert lines[0].startswith("now: ") and "legal move" in lines[0]
        for text in _examples(lines):
            assert state.parse_move(text) in state.legal_moves(), (name, text)


def test_help_explains_symbols_and_directions(load):
    state = load("twigs-and-thorns").new_initial_state()
    state.apply(state.parse_move("b1"))
    state.apply(state.legal_moves()[0])        # the root; then the growing phase
    lines = guide.notation_help(state)
    assert lines[0].startswith("now: phase Grow: placing a Small, Medium or Large")
    assert "1 for Small, 2 for Medium, 3 for Large" in lines[1]
    assert "the direction it points" in lines[1]


def test_recent_moves_are_numbered_from_the_first():
    played = [(f"m{i}", 1 + i % 2) for i in range(9)]
    assert guide.recent_moves(played[:1]) is None
    assert guide.recent_moves(played[:2]) == "recent moves: 1. P1 m0  2. P2 m1"
    line = guide.recent_moves(played)
    assert line.startswith("recent moves: 4. P2 m3") and line.endswith("9. P1 m8")


def test_the_prompt_in_a_played_game():
    out = CliRunner().invoke(cli, ["play", "connect-four", "--p1", "human", "--p2", "human",
                                   "--plain", "--seed", "1"],
                             input="a1\nb1\nhelp\nquit\n").output
    assert "P1: placing a Disc; a move is written like a1 ('moves' lists them, 'help' " \
           "explains)" in out
    # after a1 the example is a move that is legal then
    assert "P2: placing a Disc; a move is written like a2" in out
    assert "recent moves: 1. P1 a1  2. P2 b1" in out
    assert "a placement is the site's label as the diagram shows it" in out
