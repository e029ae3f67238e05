"""The terminal diagrams: the colour one is the plain one's segments styled, so it shows
everything the plain one shows (directions, owners, edges told apart without colour);
hex boards are labelled on both axes with the players' sides marked."""

from __future__ import annotations

import random

import pytest

from ludeme.render.rich_board import LINES, board_text, legend
from ludeme.render.text import render_text, status_text

PLAIN_OF = {"·": ".", "+": ".", **{v: k for k, v in LINES.items()}}


def play(game, *moves):
    state = game.new_initial_state()
    for m in moves:
        state.apply(state.parse_move(m))
    return state


def plain_board(state) -> list[str]:
    lines = render_text(state).splitlines()
    return [ln for ln in lines[:len(lines) - 1 - _numbers(state)] if ln.strip()]


def _numbers(state) -> int:
    from ludeme.render.model import number_lines

    return len(number_lines(state))


def colour_as_plain(state) -> list[str]:
    text = board_text(state).plain
    return ["".join(PLAIN_OF.get(ch, ch) for ch in ln).rstrip()
            for ln in text.splitlines() if ln.strip()]


@pytest.mark.parametrize("name,options", [
    ("twigs-and-thorns", ()), ("twigs-and-thorns", ("Players/4",)), ("branches", ()),
    ("hex", ("Board Size/7x7",)), ("branching-coral", ()), ("brandubh", ()),
    ("tic-tac-toe", ()), ("connect-four", ())])
def test_the_colour_diagram_shows_what_the_plain_one_shows(load, name, options):
    g = load(name, *options)
    rng = random.Random(7)
    state = g.new_initial_state()
    for _ in range(14):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    assert colour_as_plain(state) == plain_board(state)


def test_twigs_pointing_and_owners_in_colour(load):
    s = play(load("twigs-and-thorns"), "a2", "d3", "2d2n", "3e2w")
    text = board_text(s).plain
    assert "X2^" in text and "O3<" in text and "r" in text


def test_branches_edges_differ_without_colour(load):
    s = play(load("branches", "Board Size/6x6"), "a1", "b3", "c3", "f6", "a1-a2-a3-b3")
    text = board_text(s).plain
    assert "═" in text and "║" in text           # P2's branch (from b3)
    s.apply(s.legal_moves()[0])
    text = board_text(s).plain
    assert {"─", "│"} & set(text)               # P1's branch, drawn with other lines


def test_hex_labels_both_axes_and_marks_the_sides(load):
    s = play(load("hex", "Board Size/7x7"), "d4")
    lines = render_text(s).splitlines()
    letters = "a   b   c   d   e   f   g"
    assert lines[0].strip() == letters and lines[-2].strip() == letters
    rows = [ln for ln in lines if ln[:3].strip().isdigit()]
    assert [ln.split()[0] for ln in rows] == [str(n) for n in range(7, 0, -1)]
    assert [ln.split()[-1] for ln in rows] == [str(n) for n in range(7, 0, -1)]
    # P1's sides (top and bottom rows) on lines of their own, P2's beside the rows
    assert lines[1].split()[0] == "P1" and lines[-3].split()[0] == "P1"
    assert all(ln.split()[-2] == "O" for ln in rows)
    assert "sides: P1 X, P2 O" in legend(s).plain


def test_the_move_counter_is_the_move_about_to_be_made(load):
    s = play(load("tic-tac-toe"), "b2", "a1")
    assert status_text(s) == "Tic-Tac-Toe: P1 to move (move 3)"


def test_the_legend_tells_owners_apart_without_colour(load):
    s = play(load("twigs-and-thorns"), "a2", "d3", "2d2n")
    assert "P1 X1 X2 X3  P2 O1 O2 O3" in legend(s).plain
