"""Overloads of one ludeme name resolve by their arguments, whatever the import order."""

from __future__ import annotations

import ludeme
from ludeme.lang.checker import check
from ludeme.syntax import parse_text


def _game(condition: str) -> str:
    return f"""(game "G" (players 2)
        (equipment {{ (board (square 3)) (piece "Stone" Each) }})
        (rules (play (do (move Add (to (sites Empty))) ifAfterwards:{condition}))))"""


def _decl_module(condition: str) -> str:
    form = parse_text(condition)[0]
    return check(form).decl.fn.__module__.rsplit(".", 1)[-1]


def test_is_connected_overloads_are_chosen_by_their_arguments():
    assert _decl_module("(is Connected Mover)") == "state"
    assert _decl_module("(is Connected (sites Empty))") == "cohesion"
    assert _decl_module("(is Connected (sites Empty) to:(sites Perimeter))") == "connected"


def test_required_named_argument_is_reported():
    from ludeme.lang.checker import Checker
    from ludeme.lang.registry import REGISTRY

    decl = next(d for d in REGISTRY[("is", "Connected")] if d.fn.__module__.endswith(".connected"))
    assert not decl.named["to"].optional
    checker = Checker()
    errors: list = []
    form = parse_text("(is Connected (sites Empty))")[0]
    region = checker.infer(form.args[1])
    checker._bind(decl, form, [form.args[1]], [region], [], [], errors)
    assert [e.message for e in errors] == ["(is Connected ...) needs 'to:' (Region)"]


def test_both_region_overloads_compile_and_play():
    for cond in ("(is Connected (sites Empty))",
                 "(is Connected (sites Empty) to:(sites Perimeter))"):
        s = ludeme.loads(_game(cond)).new_initial_state()
        assert len(s.legal_moves()) == 9
