"""Descriptions say what they are: a variant's own rules text or the base's marked as
such, an option chosen twice, the player range in ``list``, perft at depth 0, plurals,
warnings for conditions that cannot hold, did-you-mean for bare words, and no machine
paths in the bundled descriptions."""

from __future__ import annotations

import json
import re

import pytest

from ludeme.library import bundled

BASE = """
(game "Rows" (players 2)
    (equipment { (board (square <Size:n>)) (piece "Disc" Each) })
    (rules (play (move Add (to (sites Empty))))
        (end (if (is Line 3) (result Mover Win)))))
(option "Size" <Size> args:{<n>} { (item "3" <3> "small")* (item "5" <5> "large") })
(metadata (info { (description "Three in a row.") (rules "Place a disc; three in a row wins.") }))
"""
PLAIN_VARIANT = '(variant "base.lud" options:{"Size/5"} name:"Rows (large)")\n'
OWN_VARIANT = PLAIN_VARIANT + '(metadata (info { (rules "On the large board, still three.") }))\n'


def test_a_variant_shows_its_own_rules_text(run):
    files = {"base.lud": BASE, "own.lud": OWN_VARIANT}
    data = json.loads(run("info", "own.lud", "--json", files=files).stdout)
    assert data["info"]["rules"] == "On the large board, still three."
    assert data["info_from_base"] == ["description"]
    out = run("info", "own.lud").stdout
    assert "  rules:\n    On the large board, still three." in out
    assert "  description (the text of base; this variant chooses: Size/5):" in out


def test_a_variant_without_its_own_text_says_it_is_the_base_text(run):
    files = {"base.lud": BASE, "plain.lud": PLAIN_VARIANT}
    data = json.loads(run("info", "plain.lud", "--json", files=files).stdout)
    assert data["info"]["rules"] == "Place a disc; three in a row wins."
    assert sorted(data["info_from_base"]) == ["description", "rules"]
    assert data["variant_options"] == ["Size/5"]
    out = run("info", "plain.lud").stdout
    assert "  rules (the text of base; this variant chooses: Size/5):" in out
    # the base itself: its own text, nothing marked
    base = run("info", "base.lud").stdout
    assert "  rules:\n" in base and "the text of" not in base


def test_two_items_of_one_option_is_an_error(run):
    result = run("info", "hex", "-o", "Board Size/7x7", "-o", "Board Size/9x9")
    assert result.exit_code == 2
    assert 'option "Board Size" is chosen twice: "7x7" and "9x9"' in result.stderr
    # the same item twice is no conflict
    assert run("info", "hex", "-o", "Board Size/7x7", "-o", "Board Size/7x7").exit_code == 0
    # in a variant file, with its span
    files = {"base.lud": BASE,
             "twice.lud": '(variant "base.lud" options:{"Size/5" "Size/3"})\n'}
    result = run("check", "twice.lud", files=files)
    assert result.exit_code == 1
    assert 'twice.lud:1:39: error: option "Size" is chosen twice: "5" and "3"' in result.stderr


def test_list_shows_the_player_range(run):
    rows = {r["name"]: r for r in json.loads(run("list", "--json").stdout)}
    if "twigs-and-thorns" in rows:
        t = rows["twigs-and-thorns"]
        assert (t["players_min"], t["players_max"]) == (2, 6)
    assert (rows["hex"]["players_min"], rows["hex"]["players_max"]) == (2, 2)
    table = run("list").stdout
    if "twigs-and-thorns" in rows:
        assert re.search(r"twigs-and-tho\S*\s*│[^│]*│\s*2-6\s*│", table)


def test_perft_at_depth_zero_is_one(run):
    result = run("perft", "tic-tac-toe", "-d", "0")
    assert result.exit_code == 0 and result.stdout.startswith("perft 0:            1")
    data = json.loads(run("perft", "tic-tac-toe", "-d", "0", "--json").stdout)
    assert data["perft"][0]["depth"] == 0 and data["perft"][0]["nodes"] == 1
    result = run("perft", "tic-tac-toe", "-d", "0", "--divide")
    assert result.exit_code == 2 and "--divide needs a depth of 1 or more" in result.stderr


def test_one_move_is_singular(run):
    out = run("play", "tic-tac-toe", "--p1", "human", "--p2", "human", "--seed", "1",
              "--plain", input="b2\nresign\n").stdout
    assert "after 1 move (seed 1)" in out
    out = run("play", "tic-tac-toe", "--p1", "human", "--p2", "human", "--seed", "1",
              "--plain", input="b2\nb1\nresign\n").stdout
    assert "after 2 moves (seed 1)" in out


LINE = """
(game "Long Line" (players 2)
    (equipment { (board (hex 5)) (piece "Stone" Each) })
    (rules (play (move Add (to (sites Empty))))
        (end (if (is Line LENGTH) (result Mover Win)))))
"""


def test_a_line_longer_than_the_board_warns(run):
    result = run("check", "line.lud", files={"line.lud": LINE.replace("LENGTH", "50")})
    assert result.exit_code == 0
    assert "(1 warning)" in result.stdout
    assert ("line.lud:5:19: warning: (is Line 50) can never hold: the longest line on this "
            "board is 9 sites") in result.stderr
    result = run("check", "line.lud", files={"line.lud": LINE.replace("LENGTH", "9")})
    assert result.exit_code == 0 and "warning" not in result.stdout + result.stderr


def test_a_bare_word_is_offered_in_quotes(run):
    src = LINE.replace("LENGTH", "5").replace('(piece "Stone" Each)', "(piece Stone Each)")
    result = run("check", "stone.lud", files={"stone.lud": src})
    assert result.exit_code == 1
    assert "unknown name 'Stone'" in result.stderr
    assert 'did you mean "Stone"? (in quotes it is a string' in result.stderr
    assert "'Sites'" not in result.stderr and "'Score'" not in result.stderr
    # a near spelling of a known name is still offered
    typo = LINE.replace("LENGTH", "5").replace("(sites Empty)", "(sites Empyt)")
    result = run("check", "typo.lud", files={"typo.lud": typo})
    assert "did you mean 'Empty'?" in result.stderr


@pytest.mark.parametrize("name", sorted(bundled()))
def test_no_description_names_a_machine_path(name):
    text = bundled()[name].read_text(encoding="utf-8")
    assert not re.search(r"(?<![\w.:])/(work|home|tmp|Users|root)/|[A-Z]:\\\\", text), name
