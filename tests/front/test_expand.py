"""Expansion: options, rulesets, defines, variant files, metadata."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError, UsageError
from ludeme.expand import expand
from ludeme.syntax import parse_text
from ludeme.syntax.printer import format_node

from .conftest import DATA

GAME = '''(game "G"
    (players 2)
    (equipment {{ (board (square {size})) (piece "Disc" Each) }})
    (rules (play (move Add (to (sites Empty)))){end})
)
'''


def game(size="3", end=""):
    return GAME.format(size=size, end=(" " + end) if end else "")


def text_of(source: str, options=(), ruleset=None, file="t.lud") -> str:
    """The expanded game, on one line."""
    desc = expand(file, list(options), ruleset, text=source)
    return format_node(desc.game, width=10_000)


def same(a: str, b: str) -> bool:
    return parse_text(a) == parse_text(b)


# -- defines -----------------------------------------------------------------------------

def test_define_with_parameters_nested_in_defines():
    src = '''
(define "Line" (is Line #1 #2 who:Mover))
(define "Win" (if ("Line" #1 Orthogonal) (result Mover Win)))
(define "Three" 3)
''' + game(end='(end ("Win" "Three"))')
    out = expand("t.lud", text=src).game
    assert out == parse_text(game(end="(end (if (is Line 3 Orthogonal who:Mover) "
                                      "(result Mover Win)))"))[0]


def test_omitted_define_argument_with_tilde():
    src = '(define "Line" (is Line #1 #2 who:Mover))\n' + game(
        end='(end (if ("Line" 3 ~) (result Mover Win)))')
    assert "(is Line 3 who:Mover)" in text_of(src)


def test_define_body_of_several_nodes_and_empty_body():
    src = '''
(define "Both" (sites Empty) (sites Corners))
(define "Nothing")
''' + game().replace("(to (sites Empty))", '(to (union {"Both" "Nothing"}))')
    assert "(union {(sites Empty) (sites Corners)})" in text_of(src)


def test_define_used_bare_and_called_with_parentheses():
    src = '(define "Empty" (sites Empty))\n' + game().replace(
        "(to (sites Empty))", '(to (union "Empty" ("Empty")))')
    assert "(union (sites Empty) (sites Empty))" in text_of(src)


def test_game_name_is_never_a_define():
    src = '(define "G" (sites Empty))\n' + game()
    assert text_of(src).startswith('(game "G" ')


def test_error_inside_a_define_names_its_use():
    src = '(define "Place" (move Add (to (sites Empy))))\n' + game().replace(
        "(move Add (to (sites Empty)))", '"Place"')
    with pytest.raises(LudemeError) as info:
        ludeme.loads(src, file="t.lud")
    assert info.value.format() == '''\
t.lud:1:38: error: unknown kind 'Empy' of (sites ...)
 1 | (define "Place" (move Add (to (sites Empy))))
   |                                      ^^^^
 = did you mean 'Empty'?
 = in define "Place", used at t.lud:5:18'''


def test_several_expansion_errors_are_reported_together():
    src = '(define "Row" (#2 Line #1))\n' + game(
        end='(end { (if ("Row" 3) (result Mover Win)) (if ("Rwo" 3 ~) (result Mover Win)) '
            '(if "Missing" (result Mover Draw)) })')
    with pytest.raises(LudemeError) as info:
        expand("t.lud", text=src)
    messages = [d.message for d in info.value.diagnostics]
    assert messages == ["'#2' stands for this form's head, but the define was given no "
                        "argument for it", 'unknown define "Rwo"']
    # "Missing" is an ordinary string (no define has that name): the checker's business


def test_parameter_outside_a_define():
    with pytest.raises(LudemeError, match="parameter '#1' outside a define"):
        expand("t.lud", text=game(size="#1"))


def test_define_depth_is_bounded():
    defines = "".join(f'(define "D{i}" (union "D{i - 1}"))\n' for i in range(1, 300))
    src = '(define "D0" (sites Empty))\n' + defines + game().replace("(sites Empty)", '"D299"')
    with pytest.raises(LudemeError, match="more than 64 deep"):
        expand("t.lud", text=src)


def test_wrapping_define_cannot_nest_the_tree_too_deep():
    src = '(define "W" (union (union (union (union #1)))))\n' + game().replace(
        "(sites Empty)", "(sites Empty)".join(['("W" ' * 60, ")" * 60]))
    with pytest.raises(LudemeError, match="nests the game more than 200 deep"):
        expand("t.lud", text=src)


# -- options and rulesets -----------------------------------------------------------------

OPTIONS = '''
(option "Size" <Size> args:{ <n> <label> }
    {
        (item "Small" <3> <"S"> "small")
        (item "Large" <5> <"L"> "large")**
        (item "Huge" <7> <"H"> "huge")*
    }
)
(option "Ending" <End> args:{ <rule> }
    {
        (item "None" <> "no end rule")*
        (item "Line" <(end (if (is Line <Size:n>) (result Mover Win)))> "a line as long as the board")
    }
)
(option "Placement" <Place> args:{ <kind> }
    {
        (item "Add" <move Add> "placement")*
    }
)
(rulesets {
    (ruleset "Ruleset/Quick" {"Size/Small" "Ending/Line"})
    (ruleset "Ruleset/Classic" {"Size/Large"})*
})
''' + '''(game <Size:label>
    (players 2)
    (equipment { (board (square <Size>)) (piece "Disc" Each) })
    (rules (play (<Place:kind> (to (sites Empty)))) <End:rule>)
)
'''


def test_default_item_is_the_one_with_most_stars():
    desc = expand("t.lud", text=OPTIONS)
    assert desc.chosen == {"Size": "Large", "Ending": "None", "Placement": "Add"}
    assert same(format_node(desc.game), '(game "L" (players 2) (equipment {(board (square 5)) '
                '(piece "Disc" Each)}) (rules (play (move Add (to (sites Empty))))))')


def test_options_and_rulesets_choose_items():
    out = text_of(OPTIONS, ["Ending/Line"])
    assert "(end (if (is Line 5) (result Mover Win)))" in out
    out = text_of(OPTIONS, ruleset="Quick")
    assert "(square 3)" in out and "(is Line 3)" in out
    # the full name works too, and an explicit choice overrides the ruleset's
    out = text_of(OPTIONS, ["Size/Huge"], ruleset="Ruleset/Quick")
    assert "(square 7)" in out and "(is Line 7)" in out


def test_placeholder_as_a_form_head():
    assert "(play (move Add (to (sites Empty))))" in text_of(OPTIONS)


def test_option_errors_from_the_command_line_are_usage_errors():
    with pytest.raises(UsageError) as info:
        expand("t.lud", ["Size/Larg"], text=OPTIONS)
    assert info.value.format() == ('error: t.lud: option "Size" has no item "Larg"\n'
                                   " = did you mean 'Large'?")
    with pytest.raises(UsageError, match='should be "Title/Item"'):
        expand("t.lud", ["Large"], text=OPTIONS)
    with pytest.raises(UsageError, match='no ruleset "Quik"'):
        expand("t.lud", ruleset="Quik", text=OPTIONS)


def test_bad_ruleset_entry_is_an_error_only_when_the_ruleset_is_chosen():
    # as in Ludii: a ruleset may name an item that does not exist until it is chosen
    src = OPTIONS.replace('"Size/Large"})*', '"Size/Larger"})*')
    assert "(square 5)" in text_of(src)  # the default item of "Size"
    with pytest.raises(LudemeError) as info:
        expand("t.lud", ruleset="Classic", text=src)
    assert not isinstance(info.value, UsageError)
    assert info.value.format().splitlines()[0] == \
        't.lud:22:33: error: option "Size" has no item "Larger"'


def test_self_referring_option_is_an_error():
    src = OPTIONS.replace('<(end (if (is Line <Size:n>)', '<(end (if (is Line <End:rule>)')
    with pytest.raises(LudemeError, match=r"option <End> refers to itself: <End> -> <End>"):
        expand("t.lud", ["Ending/Line"], text=src)


@pytest.mark.parametrize("bad, message", [
    ('(option "A/B" <A> {(item "x" <1>)})', "option title \"A/B\" contains '/'"),
    ('(option "A" {(item "x" <1>)})', 'option "A" needs a key like <Key> after its title'),
    ('(option "A" <A> {(item "x" <1>) (item "x" <2>)})', 'option "A" has two items named "x"'),
    ('(option "A" <A> args:{<a>} {(item "x" <1> <2>)})',
     'item "x" gives 2 arguments; option "A" declares 1'),
    ('(option "A" <A> {(thing "x" <1>)})', 'expected (item "Name" <...> "description")'),
    ('(option "A" <A> {})', 'option "A" needs a list of (item ...)'),
    ('(rulesets {(ruleset 1 {})})', 'expected (ruleset "Name" {"Option/Item" ...})'),
    ('(define 3 4)', "(define ...) needs a name string first"),
    ('(gmae "x")', "unexpected (gmae ...) at the top level"),
])
def test_declaration_errors(bad, message):
    with pytest.raises(LudemeError) as info:
        expand("t.lud", text=bad + "\n" + game())
    assert info.value.diagnostics[0].message == message


def test_item_arguments_may_hold_several_forms_or_nothing():
    src = '''(option "Extra" <X> args:{<regions>} {
        (item "Two" <(regions P1 (sites Side N)) (regions P2 (sites Side S))> "two regions")*
        (item "None" <> "none")
    })
''' + game().replace('(piece "Disc" Each)', '(piece "Disc" Each) <X:regions>')
    assert "(regions P1 (sites Side N)) (regions P2 (sites Side S))" in text_of(src)
    assert '(piece "Disc" Each)}' in text_of(src, ["Extra/None"])


# -- metadata -------------------------------------------------------------------------------

def test_metadata_is_kept_and_info_follows_the_ruleset():
    desc = ludeme.load_description(DATA / "tablut.lud", ruleset="Corner Escape")
    assert desc.info("description").startswith("Tablut is a tafl game from Lapland")
    assert desc.info("rules").startswith("As Linnaeus, but the king must reach")
    assert desc.info("aliases") == "Tablo, Tawlbwrdd"
    default = ludeme.load_description(DATA / "tablut.lud")
    assert default.info("rules").startswith("Pieces move orthogonally")
    assert default.metadata["ai"] == "Tablut_ai"
    assert default.metadata["graphics"]["board"] == ["Style", "Tafl"]


# -- variant files ----------------------------------------------------------------------------

def test_variant_from_any_directory(tmp_path, monkeypatch):
    for cwd in (tmp_path, DATA / "variants", DATA):
        monkeypatch.chdir(cwd)
        g = ludeme.load(DATA / "variants" / "gomoku-small.lud")
        assert (g.name, g.board.describe()) == ("Gomoku (small board)", "square board, 81 cells")
    monkeypatch.chdir(DATA / "variants")
    desc = ludeme.load_description("gomoku-small.lud")
    assert desc.base == str((DATA / "gomoku.lud").resolve())
    assert desc.chosen == {"Board Size": "9x9", "Line": "5"}
    assert desc.info("description") == "Gomoku on a 9x9 board, four in a row."
    assert desc.info("source") == "Traditional."          # the base's metadata stays
    assert "(is Line 4 who:Mover)" in format_node(desc.game)  # the variant's define


def test_variant_of_variant_layers_choices():
    desc = ludeme.load_description(DATA / "variants" / "gomoku-quick-six.lud")
    # the outer variant's ruleset and option come after the inner variant's choices
    assert desc.chosen == {"Board Size": "19x19", "Line": "6"}
    assert desc.ruleset == "Ruleset/Go Board"
    assert desc.name == "Gomoku (six, go board)"
    # the command line comes last
    desc = ludeme.load_description(DATA / "variants" / "gomoku-quick-six.lud",
                                   ["Board Size/15x15"])
    assert desc.chosen["Board Size"] == "15x15"


def test_variant_of_a_bundled_description(run):
    result = run("check", "small-hex.lud", files={
        "small-hex.lud": '(variant "hex" options:{"Board Size/7x7"} name:"Hex (7x7)")\n'})
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith('ok  small-hex.lud: "Hex (7x7)", 2 players')


def test_errors_in_variant_files_point_into_the_right_file(run):
    base = game(end="(end (if (is Line 3) (result Mover Win)))").replace(
        "(to (sites Empty))", '(to "Where")')
    files = {
        "games/base.lud": '(define "Where" (sites Empty))\n(option "Size" <S> {(item "3" <3>)})\n'
                          + base.replace("(square 3)", "(square <S>)"),
        "house/typo.lud": '(variant "../games/base")\n\n(define "Where" (sites Empyt))\n',
        "house/option.lud": '(variant "../games/base"\n    options:{"Size/4"})\n',
        "house/nobase.lud": '(variant "../games/bsae.lud")\n',
        "house/newdefine.lud": '(variant "../games/base.lud")\n(define "Were" (sites Board))\n',
        "house/cycle.lud": '(variant "cycle2")\n',
        "house/cycle2.lud": '(variant "cycle.lud")\n',
        "house/broken_base.lud": '(variant "../games/broken")\n',
        "games/broken.lud": game().replace("(players 2)", "(players 2 3)"),
    }
    result = run("check", "house/typo.lud", files=files)
    assert result.stderr == '''\
house/typo.lud:3:24: error: unknown kind 'Empyt' of (sites ...)
 3 | (define "Where" (sites Empyt))
   |                        ^^^^^
 = did you mean 'Empty'?
 = in define "Where", used at games/base.lud:6:32
'''
    result = run("check", "house/option.lud")
    assert result.stderr == '''\
house/option.lud:2:14: error: option "Size" has no item "4"
 2 |     options:{"Size/4"})
   |              ^^^^^^^^
 = its items: "3"
'''
    assert result.exit_code == 1
    result = run("check", "house/nobase.lud")
    assert result.stderr.splitlines()[0] == \
        'house/nobase.lud:1:10: error: base description "../games/bsae.lud" not found'
    result = run("check", "house/newdefine.lud")
    assert result.stderr.splitlines()[:2] == [
        'house/newdefine.lud:2:2: error: define "Were" is not in the base description',
        ' 2 | (define "Were" (sites Board))']
    result = run("check", "house/cycle.lud")
    assert result.stderr.splitlines()[0] == \
        'house/cycle2.lud:1:10: error: variant base "cycle.lud" leads back to this file: ' \
        'variants form a cycle'
    result = run("check", "house/broken_base.lud")
    assert result.stderr.splitlines()[0].startswith("games/broken.lud:2:")


def test_variant_file_rules():
    for text, message in [
        ('(variant "x") (game "G")', "a variant file has no (game ...): it changes its base's"),
        ('(variant gomoku)', "(variant ...) names its base description first"),
        ('(variant "gomoku" option:{"Line/4"})', "(variant ...) has no argument 'option:'"),
    ]:
        with pytest.raises(LudemeError) as info:
            expand(DATA / "v.lud", text=text)
        assert info.value.diagnostics[0].message == message


def test_bundled_descriptions_resolve_from_any_directory(run):
    result = run("check", "hex", "tic-tac-toe")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith('ok  hex: "Hex", 2 players')


def test_unknown_bundled_name_suggests(run):
    result = run("check", "hexx")
    assert result.exit_code == 2
    assert result.stderr == "error: no description named 'hexx'\n = did you mean 'hex'?\n"
