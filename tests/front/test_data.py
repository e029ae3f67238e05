"""The Ludii-style test descriptions in data/: every ruleset and every option item
parses; those that use only ludeme's vocabulary also check, compile and play."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.syntax import parse_text
from ludeme.syntax.printer import format_nodes

from .conftest import DATA

PARSE_ONLY = ["kalah.lud"]   # uses ludemes ludeme lacks
CHECKED = ["gomoku.lud", "variants/gomoku-small.lud", "variants/gomoku-quick-six.lud"]
PLAYED = ["tablut.lud", "draughts.lud"]   # every choice plays


def choices(name: str) -> list[tuple[tuple[str, ...], str | None]]:
    """Every ruleset, and every item of every option on its own."""
    desc = ludeme.load_description(DATA / name)
    out: list[tuple[tuple[str, ...], str | None]] = [((), r.name) for r in desc.rulesets]
    out += [((f"{o.title}/{i.name}",), None) for o in desc.options for i in o.items]
    return out or [((), None)]


@pytest.mark.parametrize("name", PARSE_ONLY + CHECKED + PLAYED)
def test_every_choice_parses(name):
    for options, ruleset in choices(name):
        desc = ludeme.load_description(DATA / name, options, ruleset)
        assert desc.game.head == "game"
        # no option placeholder, parameter or define use survives expansion
        text = format_nodes([desc.game])
        assert "#" not in text.replace('"#', "") and "<" not in text.replace("(<", "")
        assert parse_text(text) == [desc.game]


def test_tablut_options_reach_the_game():
    default = format_nodes([ludeme.load_description(DATA / "tablut.lud").game])
    assert "(board (square 9))" in default and "(surround" in default
    assert '"A4" "A5" "A6"' in default               # a site range in an option item
    large = format_nodes([ludeme.load_description(DATA / "tablut.lud",
                                                  ruleset="Large Board").game])
    assert "(board (square 11))" in large
    assert "(surround" not in large and "(custodial" in large  # the option as a form head
    assert "(is Repeat 3)" not in large
    assert "(is Repeat 3)" in format_nodes(
        [ludeme.load_description(DATA / "tablut.lud", ["Repetition/Forbidden"]).game])


def test_define_arguments_in_draughts():
    text = format_nodes([ludeme.load_description(DATA / "draughts.lud",
                                                 ruleset="International (Described)").game],
                        width=100_000)
    assert "(board (square 10))" in text
    assert "(move Hop (from) Diagonal" in text      # ~ left the site out
    assert "(move Hop (from (last To)) Diagonal" in text


@pytest.mark.parametrize("name", CHECKED)
def test_checked_descriptions_play(name):
    for options, ruleset in choices(name):
        game = ludeme.load(DATA / name, options, ruleset)
        state = game.new_initial_state()
        assert len(state.legal_moves()) == game.board.count["Cell"]


@pytest.mark.parametrize("name", PLAYED)
def test_every_choice_compiles_and_plays(name):
    import random

    for options, ruleset in choices(name):
        state = ludeme.load(DATA / name, options, ruleset).new_initial_state()
        rng = random.Random(7)
        for _ in range(40):
            if state.is_terminal():
                break
            moves = state.legal_moves()
            assert moves and len(moves) == len(set(moves))
            state.apply(rng.choice(moves))


def test_parse_only_descriptions_report_only_vocabulary_errors():
    """They fail to check only because ludeme lacks some of Ludii's ludemes."""
    for name in PARSE_ONLY:
        with pytest.raises(ludeme.LudemeError) as info:
            ludeme.load(DATA / name)
        for d in info.value.diagnostics:
            assert d.message.startswith(("unknown ludeme", "unknown kind", "unknown name",
                                         "(")), d.format()
