"""ludeme parse / check / doc / info."""

from __future__ import annotations

import json
from pathlib import Path

from ludeme.lang import reference
from ludeme.lang.registry import all_ludemes
from ludeme.syntax import parse_text

from .conftest import DATA

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "ludeme doc --format md --out docs/ludemes.md"


def test_parse_reports_each_file(run):
    result = run("parse", str(DATA / "tablut.lud"), str(DATA / "draughts.lud"), "hex")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [f'ok  {DATA / "tablut.lud"}: "Tablut"',
                                          f'ok  {DATA / "draughts.lud"}: "Draughts"',
                                          'ok  hex: "Hex"']


def test_parse_expanded_prints_the_game_canonically(run):
    src = '''(define "Here" (sites Empty))
(option "Size" <N> {(item "3" <3>)* (item "4" <4>)})
(game "Tiny" (players 2) (equipment {(board (square <N>)) (piece "Disc" Each)})
  (rules (play (move Add (to "Here")))))
'''
    result = run("parse", "--expanded", "tiny.lud", "-o", "Size/4", files={"tiny.lud": src})
    assert result.exit_code == 0, result.stderr
    assert result.stdout == '''\
(game "Tiny"
    (players 2)
    (equipment {(board (square 4)) (piece "Disc" Each)})
    (rules (play (move Add (to (sites Empty)))))
)
'''


def test_parse_expanded_reads_back_to_the_same_tree(run):
    result = run("parse", "--expanded", str(DATA / "kalah.lud"), "--ruleset", "Kalah (4,3)")
    assert result.exit_code == 0, result.stderr
    import ludeme

    desc = ludeme.load_description(DATA / "kalah.lud", ruleset="Kalah (4,3)")
    assert parse_text(result.stdout) == [desc.game]


def test_parse_does_not_check_the_vocabulary(run, tmp_path):
    # a description using a ludeme that does not exist parses; it does not check
    path = tmp_path / "unknown.lud"
    path.write_text('(game "Unknown Vocabulary" (players 2)\n'
                    '    (equipment {(board (square 3)) (piece "Disc" Each)})\n'
                    '    (rules (play (frobnicate (sites Empty)))\n'
                    '        (end (if (is Full) (result Mover Draw)))))\n')
    assert run("parse", str(path)).exit_code == 0
    result = run("check", str(path))
    assert result.exit_code == 1
    assert "unknown.lud:3:19: error: unknown ludeme 'frobnicate'" in result.stderr


def test_check_ok(run):
    result = run("check", str(DATA / "gomoku.lud"), "--ruleset", "Quick")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (f'ok  {DATA / "gomoku.lud"}: "Gomoku", 2 players, '
                             "square board, 81 cells\n")


def test_info_text(run):
    result = run("info", str(DATA / "gomoku.lud"), "-o", "Line/4")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f'''\
Gomoku
  file:      {DATA / "gomoku.lud"}
  players:   2
  board:     square board, 225 cells
  options (* chosen):
    Board Size  <Size>
        9x9    A small board for a short game.
      * 15x15  The standard board.  (default)
        19x19  A go board.
    Line  <Line>
      * 4  Four in a row.
        5  Five in a row (standard).  (default)
        6  Six in a row.
  rulesets (* chosen):
      Ruleset/Standard (Suggested): Board Size/15x15, Line/5
      Ruleset/Go Board: Board Size/19x19, Line/5
      Ruleset/Quick: Board Size/9x9, Line/4
  description:
    Gomoku is played with go stones on a go board.
  rules:
    Players take turns placing a stone of their colour on an empty point. The first player
    to get an unbroken row of five stones horizontally, vertically, or diagonally wins.
  source:
    Traditional.
'''


def test_info_json_and_rulesets(run):
    result = run("info", str(DATA / "gomoku.lud"), "--ruleset", "Quick", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["name"] == "Gomoku" and data["players"] == 2
    assert data["board"] == "square board, 81 cells"
    assert [r["name"] for r in data["rulesets"] if r["chosen"]] == ["Ruleset/Quick"]
    assert data["info"]["rules"] == "On a 9x9 board, four in a row wins."
    sizes = data["options"][0]["items"]
    assert [(i["name"], i["default"], i["chosen"]) for i in sizes] == [
        ("9x9", False, True), ("15x15", True, False), ("19x19", False, False)]
    assert data["errors"] == []


def test_info_of_a_variant_and_of_a_description_that_does_not_check(run):
    result = run("info", str(DATA / "variants" / "gomoku-small.lud"), "--json")
    data = json.loads(result.stdout)
    assert data["name"] == "Gomoku (small board)"
    assert data["variant_of"].endswith("gomoku.lud")
    result = run("info", str(DATA / "kalah.lud"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["players"] == 2
    assert data["errors"] and all("error" in e for e in data["errors"])
    result = run("info", str(DATA / "kalah.lud"))
    assert "  does not check:" in result.stdout
    # one that checks has no errors to report
    data = json.loads(run("info", str(DATA / "tablut.lud"), "--json").stdout)
    assert data["board"] == "square board, 81 cells" and not data["errors"]


def test_info_usage_errors(run):
    assert run("info", "nosuch").exit_code == 2
    result = run("info", "hex", "-o", "Board Size/8x8")
    assert result.exit_code == 2
    assert result.stderr.startswith('error: ')
    assert 'option "Board Size" has no item "8x8"' in result.stderr


def test_doc_one_ludeme(run):
    result = run("doc", "players")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:4] == [
        "(players <Int>) -> Players",
        "    category: rules",
        "    <count>        Int                      required",
        "",
    ]


def test_doc_selects_heads_and_categories(run):
    heads = run("doc", "sites").stdout
    assert "(sites Empty [<SiteType>]) -> Region" in heads
    assert "(sites Corners [<SiteType>]) -> Region" in heads
    by_cat = run("doc", "conditions").stdout
    assert "(not <Cond>) -> Cond" in by_cat and "(is Full [<SiteType>]) -> Cond" in by_cat


def test_doc_unknown_name(run):
    result = run("doc", "sities")
    assert result.exit_code == 2
    assert result.stderr == "error: no ludeme or category named 'sities'\n = did you mean 'sites'?\n"


def test_doc_whole_reference_lists_every_declaration(run):
    result = run("doc")
    assert result.exit_code == 0
    for d in all_ludemes():
        assert d.signature() in result.stdout


def test_doc_markdown_matches_the_function(run, tmp_path):
    result = run("doc", "--format", "md", "--out", "out.md")
    assert result.exit_code == 0
    assert (tmp_path / "out.md").read_text() == reference.markdown()


def test_docs_ludemes_md_is_up_to_date():
    """docs/ludemes.md is generated from the registry; whoever adds or changes a ludeme
    regenerates it."""
    current = (ROOT / "docs" / "ludemes.md").read_text(encoding="utf-8")
    assert current == reference.markdown(), f"docs/ludemes.md is out of date: run {REGENERATE!r}"


def test_help_lists_the_commands(run):
    out = run("--help").stdout
    for command in ("parse", "check", "doc", "info"):
        assert f"  {command} " in out
