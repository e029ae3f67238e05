"""The surface syntax: Ludii's S-expressions, with spans; the canonical printer."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.library import bundled
from ludeme.syntax import (
    Angle,
    Array,
    Bool,
    Float,
    Form,
    Int,
    Name,
    Named,
    Param,
    Str,
    parse_text,
)
from ludeme.syntax.ast import Omit
from ludeme.syntax.printer import format_node, format_nodes

from .conftest import DATA


def one(text: str):
    nodes = parse_text(text, "t.lud")
    assert len(nodes) == 1
    return nodes[0]


def test_atoms():
    f = one('(f 3 -4 2.5 -0.25 "s" Name P1 #2 ~ True False true)')
    assert f.args == (Int(3), Int(-4), Float(2.5), Float(-0.25), Str("s"), Name("Name"),
                      Name("P1"), Param(2), Omit(), Bool(True), Bool(False), Bool(True))


def test_forms_arrays_named_and_operator_heads():
    f = one('(if (<= (count Moves) 3) {(a) b} then:(c x:1))')
    assert f.head == "if"
    cmp_, arr, then = f.args
    assert cmp_.head == "<=" and cmp_.args[1] == Int(3)
    assert arr == Array((Form("a", ()), Name("b")))
    assert then == Named("then", Form("c", (Named("x", Int(1)),)))


def test_define_reference_heads_and_stars():
    f = one('(option "T" <K> {("Name" 1) (item "x" <1>)** (ruleset "R" {})*})')
    items = f.args[2].items
    assert items[0] == Form("Name", (Int(1),), head_is_string=True)
    assert items[1].marks == 2 and items[2].marks == 1


def test_placeholders():
    f = one('(f <Size> <Size:n> <> <(a) (b)> <7> (<Capture:type> (from)) (< <S:n> 3))')
    a, b, c, d, e, g, h = f.args
    assert a == Angle((Name("Size"),))
    assert b == Angle((Named("Size", Name("n")),))
    assert c == Angle(())
    assert d == Angle((Form("a", ()), Form("b", ())))
    assert e == Angle((Int(7),))
    assert g.head == "" and g.head_node == Angle((Named("Capture", Name("type")),))
    assert g.args == (Form("from", ()),)
    assert h.head == "<" and h.args == (Angle((Named("S", Name("n")),)), Int(3))


def test_strings_escapes_and_lines():
    f = one('(f "a \\"quoted\\" \\\\ word\\n" "two\nlines" "http://x.org/y")')
    assert [a.value for a in f.args] == ['a "quoted" \\ word\n', "two\nlines", "http://x.org/y"]


def test_comments():
    nodes = parse_text('// head\n(a // x (b\n 1) // ) }\n// tail', "t.lud")
    assert nodes == [Form("a", (Int(1),))]


def test_ranges():
    f = one('(f {1..4} {3..1} {"A1".."B2"} {"c3".."c5"})')
    assert [i.value for i in f.args[0].items] == [1, 2, 3, 4]
    assert [i.value for i in f.args[1].items] == [3, 2, 1]
    assert [i.value for i in f.args[2].items] == ["A1", "A2", "B1", "B2"]
    assert [i.value for i in f.args[3].items] == ["c3", "c4", "c5"]


@pytest.mark.parametrize("text, message", [
    ("(f 1..5000)", "range of more than 1000 numbers"),
    ('(f "B1".."A2")', 'bad site range "B1".."A2"'),
    ("(f 1234567890123456789)", "integer too large"),
    ("(f #1234)", "no define has parameter #1234"),
    ("(f x:1..3)", "'x:' takes one value, not a range"),
    ("(f <1 2)", "unexpected ')'"),
    ("(f x:)", "unexpected ')'"),
    ("(f 1 @ 2)", "unexpected character '@'"),
    ("(f 1 ^ 2)", "unexpected '^'"),
    ("(f)*)", "unexpected ')': nothing is open here"),
    ("*", "unexpected '*'"),
])
def test_syntax_errors(text, message):
    with pytest.raises(LudemeError) as info:
        parse_text(text, "t.lud")
    assert info.value.diagnostics[0].message == message


def test_spans_point_at_the_text():
    text = '(game "G"\n    (players 2)\n  (f x:{1 "s"}))'
    game = one(text)
    players, f = game.args[1], game.args[2]
    assert (players.span.line, players.span.col, players.span.length) == (2, 6, 7)
    named = f.args[0]
    assert (named.span.line, named.span.col, named.span.length) == (3, 6, 2)
    assert (named.value.span.line, named.value.span.col) == (3, 8)
    s = named.value.items[1]
    assert (s.span.col, s.span.length) == (11, 3)
    assert s.span.source_line() == "  (f x:{1 \"s\"}))"


def test_windows_line_endings():
    text = '(game "G"\r\n    (players 2)\r\n    (sqare 3))\r\n'
    with pytest.raises(LudemeError) as info:
        ludeme.loads(text, file="crlf.lud")
    assert info.value.format().splitlines()[:3] == [
        "crlf.lud:3:6: error: unknown ludeme 'sqare'",
        " 3 |     (sqare 3))",
        "   |      ^^^^^",
    ]


# -- the printer ---------------------------------------------------------------------------

def test_printer_layout():
    text = ('(game "Layout" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (start {(place "Disc1" {"A1" "A2" "A3" "B1" "B2" "B3" "C1" "C2" "C3" "D1" '
            '"D2" "D3" "E1" "E2" "E3" "F1"})}) (play (move Add (to (sites Empty) if:(and (is Empty (to)) '
            '(not (is In (to) (sites Corners)))))))))')
    assert format_nodes(parse_text(text)) == '''\
(game "Layout"
    (players 2)
    (equipment {(board (square 3)) (piece "Disc" Each)})
    (rules
        (start {
            (place "Disc1" {
                "A1" "A2" "A3" "B1" "B2" "B3" "C1" "C2" "C3" "D1" "D2" "D3" "E1" "E2" "E3" "F1"
            })
        })
        (play
            (move Add
                (to (sites Empty) if:(and (is Empty (to)) (not (is In (to) (sites Corners)))))
            )
        )
    )
)
'''


def test_printer_atoms_round_trip():
    node = one('(f "a\\"b\\\\c\\nd\te" 0.000001 -2.5 123456789.125 <K:True> <True> ~ #3 (<K:a> 1)*)')
    text = format_node(node)
    assert '"a\\"b\\\\c\\nd\\te"' in text and "0.000001" in text
    assert one(text) == node


def data_files():
    return sorted(DATA.rglob("*.lud")) + sorted(bundled().values())


@pytest.mark.parametrize("path", data_files(), ids=lambda p: p.name)
def test_printer_round_trips_every_description(path):
    nodes = parse_text(path.read_text(), str(path))
    assert parse_text(format_nodes(nodes)) == nodes
    narrow = format_nodes(nodes, width=30)  # the multi-line layout everywhere
    assert parse_text(narrow) == nodes
    desc = ludeme.load_description(path)
    assert parse_text(format_nodes([desc.game])) == [desc.game]
