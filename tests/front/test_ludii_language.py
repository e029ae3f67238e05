"""The parts of Ludii's language its game library relies on: the standard defines,
define parameters without arguments, parameters as heads, doubled parentheses, numbers
like .5, ranges between defines, (match ...), options sharing a key or giving fewer
arguments, half forms in option items, a define written twice, rulesets naming
missing items, and a stray '>' after a declared option argument.

Each rule is checked on a small description written here, against the text it
expands to; each rejection with its message and the place it points at.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.errors import LudemeError
from ludeme.expand import expand
from ludeme.expand.prelude import prelude
from ludeme.syntax import parse_text
from ludeme.syntax.ast import Float
from ludeme.syntax.printer import format_node, format_nodes


def game(body: str, before: str = "") -> str:
    return before + f'''
(game "G"
    (players 2)
    (equipment {{ (board (square 3)) (piece "Disc" Each) }})
    (rules {body})
)
'''


def expanded(src: str, options=(), ruleset=None) -> str:
    return format_node(expand("t.lud", list(options), ruleset, text=src).game, width=10_000)


def rules_of(src: str, options=(), ruleset=None) -> str:
    text = expanded(src, options, ruleset)
    return text[text.index("(rules ") + 7:-2]


def at(d) -> str:
    """The source text from a diagnostic's caret on."""
    return d.span.source_line()[d.span.col - 1:]


def error_of(src: str, options=()) -> LudemeError:
    with pytest.raises(LudemeError) as info:
        expand("t.lud", list(options), text=src)
    return info.value


# -- the standard defines ------------------------------------------------------------------

def test_standard_defines_need_no_declaration():
    src = game('(play (move Add (to (sites Empty)))) (end (if ("NoPiece" Next) '
               '(result Mover Win)))')
    assert rules_of(src) == ("(play (move Add (to (sites Empty)))) "
                             "(end (if (= (count Pieces Next) 0) (result Mover Win)))")


def test_a_description_define_replaces_the_standard_one():
    src = game('(play (move Add (to (sites Empty)))) (end (if ("NoPiece" Next) '
               '(result Mover Win)))', before='(define "NoPiece" (is Full))')
    assert "(if (is Full) (result Mover Win))" in rules_of(src)


def test_standard_defines_leave_out_optional_parameters():
    src = game('(play "HopSequenceCapture")')
    text = rules_of(src)
    # no #1 #2 #3: (between if:... (apply (remove (between))))
    assert text.startswith("(play (move Hop (between if:(is Enemy (who at:(between))) "
                           "(apply (remove (between)))) (to if:(is Empty (to)))")
    given = rules_of(game('(play ("HopSequenceCapture" before:3 ~ at:EndOfTurn))'))
    assert "(between before:3 if:(is Enemy (who at:(between))) " \
           "(apply (remove (between) at:EndOfTurn)))" in given


def test_the_prelude_has_ludiis_34_standard_defines_each_documented():
    defs = prelude()
    assert len(defs) == 34
    for name in ("HandEmpty", "NoPiece", "NoSites", "NoMoves", "IsInCheck", "StepToEmpty",
                 "HopCapture", "AlquerqueBoard", "KnightWalk", "HoundsAndJackalsBoard"):
        assert name in defs
    for d in defs.values():
        assert d.summary, d.name
    assert defs["IsInCheck"].arity == 3 and defs["StepToEmpty"].arity == 0
    # every define documented with parameters documents each one it uses
    for d in defs.values():
        if d.params:
            assert len(d.params) == d.arity, d.name


def test_the_prelude_expands_in_a_description_board():
    src = '(game "G" (players 2) (equipment {("AlquerqueBoard" 5 5)}) (rules (play (pass))))'
    assert "(board (rectangle 5 5 diagonals:Alternating) use:Vertex)" in expanded(src)


def test_doc_has_a_section_for_the_standard_defines():
    runner = CliRunner()
    out = runner.invoke(cli, ["doc", "defines"])
    assert out.exit_code == 0
    assert '("HandEmpty" #1)' in out.output and '"StepToEmpty"' in out.output
    one = runner.invoke(cli, ["doc", "NoMoves"])
    assert one.exit_code == 0 and "(if (no Moves Next) (result Next #1))" in one.output
    md = runner.invoke(cli, ["doc", "--format", "md"])
    assert "## Standard defines" in md.output and '`("NoSites" #1)`' in md.output


# -- parameters without arguments ----------------------------------------------------------

def test_a_parameter_without_argument_stands_for_nothing():
    before = '(define "Step" (move Step #1 (to if:(is Empty (to))) #2))'
    assert rules_of(game('(play ("Step"))', before)) == \
        "(play (move Step (to if:(is Empty (to)))))"
    assert rules_of(game('(play ("Step" Orthogonal))', before)) == \
        "(play (move Step Orthogonal (to if:(is Empty (to)))))"
    assert rules_of(game('(play ("Step" ~ (then (moveAgain))))', before)) == \
        "(play (move Step (to if:(is Empty (to))) (then (moveAgain))))"


def test_a_named_argument_whose_parameter_is_missing_is_left_out():
    before = '(define "Count" (count Pieces #1 in:#2))'
    assert "(count Pieces Mover)" in rules_of(game('(play (move Add (to (sites Empty)))) '
                                                    '(end (if (= 0 ("Count" Mover)) '
                                                    '(result Mover Win)))', before))


def test_a_bare_define_use_leaves_every_parameter_out():
    before = '(define "Place" (move Add #1 (to (sites Empty))))'
    assert rules_of(game('(play "Place")', before)) == "(play (move Add (to (sites Empty))))"


# -- parameters as heads, doubled parentheses ----------------------------------------------

def test_a_parameter_stands_for_a_forms_head():
    before = '(define "Line" (#1 of:(to)))'
    assert "(if (= (row of:(to)) 1) (result Mover Win))" in rules_of(game(
        '(play (move Add (to (sites Empty)))) (end (if (= ("Line" row) 1) '
        '(result Mover Win)))', before))


def test_a_parameter_head_may_be_a_define_or_a_whole_form():
    before = '(define "Empty" (sites Empty)) (define "Apply" (#1)) (define "Head" (#1 #2))'
    text = rules_of(game('(play (move Add (to ("Apply" (sites Empty)))))', before))
    assert text == "(play (move Add (to (sites Empty))))"
    text = rules_of(game('(play (move Add (to ("Head" "Empty"))))', before))
    assert text == "(play (move Add (to (sites Empty))))"
    text = rules_of(game('(play (move Add (to ("Head" sites Empty))))', before))
    assert text == "(play (move Add (to (sites Empty))))"


def test_a_parameter_head_without_argument_is_an_error_at_the_parameter():
    err = error_of(game('(play ("Line"))', before='(define "Line" (#1 of:(to)))'))
    d = err.diagnostics[0]
    assert d.message == ("'#1' stands for this form's head, but the define was given no "
                         "argument for it")
    assert at(d).startswith("#1 of:(to)")
    assert d.span.via is not None and d.span.via_define == "Line"


def test_a_parameter_head_given_a_number_is_an_error():
    err = error_of(game('(play ("Line" 3))', before='(define "Line" (#1 of:(to)))'))
    assert err.diagnostics[0].message == ("'#1' stands for this form's head, but its "
                                          "argument does not start with a name")


def test_doubled_parentheses_are_one_form():
    assert parse_text("((sites Empty))") == parse_text("(sites Empty)")
    assert rules_of(game("((play (move Add (to ((sites Empty))))))")) == \
        "(play (move Add (to (sites Empty))))"


def test_doubled_parentheses_around_more_than_one_form_are_an_error():
    err = error_of(game("(play ((move Add (to (sites Empty))) 3))"))
    d = err.diagnostics[0]
    assert d.message == "unexpected '3'"
    assert at(d) == "3)))"


# -- numbers and ranges --------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [(".5", 0.5), ("-.5", -0.5), ("1.25", 1.25),
                                         ("-2.0", -2.0)])
def test_numbers_without_a_leading_digit(text, value):
    (node,) = parse_text(text)
    assert node == Float(value)
    assert parse_text(format_nodes([node])) == [node]


def test_a_range_between_defines_is_resolved_after_expansion():
    before = '(define "Entry" 2) (define "Exit" 5)'
    text = rules_of(game('(play (move Add (to (sites {"Entry".."Exit"}))))', before))
    assert text == "(play (move Add (to (sites {2 3 4 5}))))"
    down = rules_of(game('(play (move Add (to (sites {"Exit".."Entry"}))))', before))
    assert down == "(play (move Add (to (sites {5 4 3 2}))))"


def test_a_range_on_a_parameter():
    before = '(define "Upto" (sites {1..#1}))'
    assert rules_of(game('(play (move Add (to ("Upto" 3))))', before)) == \
        "(play (move Add (to (sites {1 2 3}))))"


def test_a_range_between_non_numbers_is_an_error():
    before = '(define "Entry" (sites Empty))'
    err = error_of(game('(play (move Add (to (sites {"Entry"..3}))))', before))
    d = err.diagnostics[0]
    assert d.message == "a range '..' runs between two numbers or two site labels"
    assert at(d).startswith('"Entry"..3}')


def test_a_huge_range_after_expansion_is_an_error():
    before = '(define "Far" 100000)'
    err = error_of(game('(play (move Add (to (sites {1.."Far"}))))', before))
    assert "range of more than 1000 numbers" in err.diagnostics[0].message


# -- top level: match, defines written twice -----------------------------------------------

def test_a_match_takes_the_place_of_a_game():
    src = '''(match "M" (players 2)
        (games {(subgame "A" next:1) (subgame "B" next:0)})
        (end (if (>= (matchScore P1) 3) (result P1 Win))))
    (metadata (info {(description "two games in turn")}))'''
    desc = expand("t.lud", text=src)
    assert desc.game.head == "match" and desc.name == "M"
    assert desc.info("description") == "two games in turn"


def test_a_define_written_twice_counts_once_the_first():
    before = '(define "Where" (sites Empty)) (define "Where" (sites Board))'
    assert rules_of(game('(play (move Add (to "Where")))', before)) == \
        "(play (move Add (to (sites Empty))))"


def test_a_game_and_a_match_together_are_an_error():
    err = error_of(game("(play (pass))") + '(match "M" (players 2))')
    assert err.diagnostics[0].message == "a description has one (game ...) or (match ...)"


# -- options -------------------------------------------------------------------------------

OPTIONS = '''
(option "Board" <Board> args:{<size> <start>} {
    (item "Small" <3> "three, no start")*
    (item "Large" <5> <(sites {0 1})> "five, with a start")
})
(option "Play" <Rule> args:{<move>} {
    (item "Add" <(move Add (to (sites Empty)))> "add")*
})
(option "End" <Rule> args:{<end>} {
    (item "Full" <(end (if (is Full) (result Mover Draw)))> "full")*
})
'''


def test_an_item_may_give_fewer_arguments_than_declared():
    src = OPTIONS + game("(play <Rule:move>) <Rule:end>").replace("(square 3)",
                                                                   "(square <Board:size>)")
    assert "(square 3)" in expanded(src)
    assert "(square 5)" in expanded(src, ["Board/Large"])


def test_a_missing_item_argument_is_an_error_where_it_is_asked_for():
    src = OPTIONS + game("(play <Rule:move>) <Rule:end> (start (place \"Disc1\" <Board:start>))")
    err = error_of(src)
    d = err.diagnostics[0]
    assert d.message == 'item "Small" of option "Board" gives no argument <Board:start>'
    assert at(d).startswith("<Board:start>))")
    assert "(place \"Disc1\" (sites {0 1}))" in expanded(src, ["Board/Large"])


def test_options_may_share_a_key():
    src = OPTIONS + game("(play <Rule:move>) <Rule:end>")
    assert rules_of(src) == ("(play (move Add (to (sites Empty)))) "
                             "(end (if (is Full) (result Mover Draw)))")


def test_an_item_giving_more_arguments_than_declared_is_an_error():
    src = '(option "A" <A> args:{<a>} {(item "x" <1> <2> "two")})' + game("(play (pass))")
    d = error_of(src).diagnostics[0]
    assert d.message == 'item "x" gives 2 arguments; option "A" declares 1'
    assert at(d).startswith('<2> "two"')


def test_half_forms_in_items_join_what_stands_between_them():
    src = '''(option "Dual" <Dual> args:{<begin> <end>} {
        (item "No" <> <> "as it is")*
        (item "Yes" <(dual > <)> "its dual")
    })''' + game("(play (pass))").replace("(board (square 3))",
                                          "(board <Dual:begin> (square 3) <Dual:end>)")
    assert "(board (square 3))" in expanded(src)
    assert "(board (dual (square 3)))" in expanded(src, ["Dual/Yes"])


def test_an_unclosed_half_form_is_an_error():
    src = '''(option "Dual" <Dual> args:{<begin> <end>} {
        (item "Yes" <(dual > <)> "its dual")*
    })''' + game("(play (pass))").replace("(board (square 3))",
                                          "(board <Dual:begin> (square 3))")
    d = error_of(src).diagnostics[0]
    assert d.message == "this option opens (dual ... but nothing closes it"
    assert at(d).startswith("dual > <)>")


def test_a_stray_angle_after_a_declared_argument_is_ignored_only_there():
    src = '(option "P" <P> args:{ <rules>> } {(item "x" <(pass)> "pass")})' + \
        game("(play <P>)")
    assert rules_of(src) == "(play (pass))"
    err = error_of(game("(play {<P>>})"))
    d = err.diagnostics[0]
    assert d.message == "unexpected '>' after an option placeholder"
    assert at(d) == ">}))"


def test_a_ruleset_may_name_a_missing_item_until_it_is_chosen():
    src = OPTIONS + game("(play <Rule:move>) <Rule:end>") + '''
(rulesets {
    (ruleset "Ruleset/Big" {"Board/Large"})
    (ruleset "Ruleset/Broken" {"Board/Huge"})
})'''
    assert "(square" not in rules_of(src)
    assert expand("t.lud", ruleset="Big", text=src).chosen["Board"] == "Large"
    with pytest.raises(LudemeError) as info:
        expand("t.lud", ruleset="Broken", text=src)
    d = info.value.diagnostics[0]
    assert d.message == 'option "Board" has no item "Huge"'
    assert at(d) == '"Board/Huge"})'


# -- defines declared where an option item puts them ---------------------------------------

def test_a_define_inside_an_option_item_is_declared_when_the_item_is_chosen():
    src = '''(option "Goal" <Goal> args:{<rule>} {
        (item "Full" <(define "Over" (is Full)) (if "Over" (result Mover Draw))> "full")*
        (item "Line" <(if (is Line 3) (result Mover Win))> "line")
    })''' + game("(play (move Add (to (sites Empty)))) (end {<Goal:rule>})")
    assert "(end {(if (is Full) (result Mover Draw))})" in rules_of(src)
    assert "(end {(if (is Line 3) (result Mover Win))})" in rules_of(src, ["Goal/Line"])


def test_a_define_inside_a_define_takes_the_enclosing_arguments():
    # as Ludii substitutes every #n of the enclosing body's text: the inner define's #1
    # is the outer call's first argument, and the inner define is known everywhere,
    # even where it is used before the outer one expands
    before = '''(define "Use" (to ("Near")))
(define "Outer" (move Add "Use") (define "Near" (sites Around #1)))'''
    text = rules_of(game('(play ("Outer" 4))', before))
    assert text == "(play (move Add (to (sites Around 4))))"
