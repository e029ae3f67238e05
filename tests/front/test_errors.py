"""Every kind of bad input ends in a short diagnostic and a non-zero exit, never a
traceback. The expected text is compared exactly: file:line:col, the source line, the
caret and the hint are the user interface of the front end."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ludeme
from ludeme.syntax.parser import MAX_SOURCE_BYTES

TTT_OPTIONS = '''(option "Board Size" <Size> args:{ <n> }
    {
        (item "3x3" <3> "The usual board.")*
        (item "4x4" <4> "A bigger board.")
    }
)

(game "Tic-Tac-Toe"
    (players 2)
    (equipment { (board (square <Size:n>)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end { (if (is Line 3) (result Mover Win)) (if (is Full) (result Mover Draw)) })
    )
)

(rulesets { (ruleset "Ruleset/Big" { "Board Size/4x4" }) })
'''

def game(equipment='{ (board (square 3)) (piece "Disc" Each) }', end="", players="2", play="(move Add (to (sites Empty)))", name="G"):
    return f'''(game "{name}"
    (players {players})
    (equipment {equipment})
    (rules (play {play}){(" " + end) if end else ""})
)
'''

CASES = {
    "missing_file": (["check", "nosuch.lud"], {}),
    "directory": (["check", "adir"], {"adir/x.lud": game()}),
    "binary": (["check", "garbage.lud"], {"garbage.lud": bytes(range(256)) * 4}),
    "not_utf8": (["check", "latin.lud"], {"latin.lud": b'(game "Caf\xe9")\n'}),
    "empty": (["check", "empty.lud"], {"empty.lud": ""}),
    "comments_only": (["check", "notes.lud"], {"notes.lud": "// a game, one day\n\n// maybe\n"}),
    "unclosed_paren": (["check", "open.lud"], {"open.lud": '''(game "Open"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules (play (move Add (to (sites Empty))))
'''}),
    "unclosed_brace": (["check", "brace.lud"], {"brace.lud": '''(game "Brace"
    (players 2)
    (equipment {
        (board (square 3))
        (piece "Disc" Each)
    )
    (rules (play (move Add (to (sites Empty)))))
)
'''}),
    "extra_closer": (["check", "extra.lud"], {"extra.lud": '(game "Extra" (players 2)))\n'}),
    "unterminated_string": (["check", "quote.lud"], {"quote.lud": '''(game "Tic
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules (play (move Add (to (sites Empty)))))
)
'''}),
    "unterminated_string_at_end": (["check", "quote.lud"], {"quote.lud": game() + '(metadata (info { (description "never closed) }))\n'}),
    "syntax_number_head": (["check", "head.lud"], {"head.lud": '(game "Head" (3 players))\n'}),
    "unknown_option": (["check", "ttt.lud", "-o", "Board Sise/4x4"], {"ttt.lud": TTT_OPTIONS}),
    "unknown_item": (["check", "ttt.lud", "-o", "Board Size/5x5"], {"ttt.lud": TTT_OPTIONS}),
    "unknown_ruleset": (["check", "ttt.lud", "--ruleset", "Bigg"], {"ttt.lud": TTT_OPTIONS}),
    "unknown_ludeme": (["check", "typo.lud"], {"typo.lud": game(equipment='{ (board (sqare 3)) (piece "Disc" Each) }')}),
    "unknown_named_argument": (["check", "named.lud"], {"named.lud": game(equipment='{ (board (square 3) uses:Vertex) (piece "Disc" Each) }')}),
    "wrong_type": (["check", "type.lud"], {"type.lud": game(players='"two"')}),
    "missing_argument": (["check", "missing.lud"], {"missing.lud": game(equipment='{ (board (square)) (piece "Disc" Each) }')}),
    "several_errors": (["check", "several.lud"], {"several.lud": '''(game "Several"
    (players "two")
    (equipment { (board (sqare 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empti))))
        (end (if (is Line 3 who:Mover dirs:Orthogonal) (result Mover Win)))
    )
)
'''}),
    "recursive_define": (["check", "loop.lud"], {"loop.lud": '(define "Loop" (and "Loop" (is Full)))\n' + game(end='(end (if "Loop" (result Mover Win)))')}),
    "indirect_recursive_define": (["check", "loop.lud"], {"loop.lud": '''(define "Ping" (not "Pong"))
(define "Pong" (not ("Pang" (is Full))))
(define "Pang" (and "Ping" #1))
''' + game(end='(end (if "Ping" (result Mover Win)))')}),
    "missing_define_head": (["check", "row.lud"], {"row.lud": '(define "Row" (#2 Line #1))\n' + game(end='(end (if ("Row" 3) (result Mover Win)))')}),
    "unknown_define": (["check", "undef.lud"], {"undef.lud": '(define "Row" (is Line 3))\n' + game(end='(end (if ("Rows") (result Mover Win)))')}),
    "unknown_placeholder": (["check", "ph.lud"], {"ph.lud": TTT_OPTIONS.replace("(square <Size:n>)", "(square <Sise:n>)")}),
}

def bomb():
    lines = ['(define "B0" (is Full))']
    lines += [f'(define "B{i}" (and "B{i-1}" "B{i-1}"))' for i in range(1, 41)]
    return "\n".join(lines) + "\n" + game(end='(end (if "B40" (result Mover Win)))')

CASES["define_bomb"] = (["check", "bomb.lud"], {"bomb.lud": bomb()})
arg = "(is Full)"
for _ in range(60):
    arg = f'("Twice" {arg})'
CASES["define_bomb_arguments"] = (["check", "bomb.lud"], {"bomb.lud": '(define "Twice" (and #1 #1))\n' + game(end=f'(end (if {arg} (result Mover Win)))')})
CASES["deep_nesting"] = (["check", "deep.lud"], {"deep.lud": "(game " + "(a " * 10_000 + ")" * 10_001 + "\n"})
CASES["deep_named_nesting"] = (["check", "deep.lud"], {"deep.lud": '(game "x" ' + "a:" * 10_000 + "1)\n"})


EXPECTED = {
    'missing_file': (2, '''\
error: nosuch.lud: no such file
'''),
    'directory': (2, '''\
error: adir: is a directory, not a description
'''),
    'binary': (1, '''\
error: garbage.lud: this is not a text file (it contains NUL bytes)
'''),
    'not_utf8': (1, '''\
latin.lud:1:1: error: this is not UTF-8 text
 = descriptions are UTF-8 text files
'''),
    'empty': (1, '''\
empty.lud:1:1: error: empty.lud is empty: there is no (game ...) to read
 = a description is a (game "Name" (players ...) (equipment ...) (rules ...)) form
'''),
    'comments_only': (1, '''\
notes.lud:1:1: error: notes.lud holds only comments: there is no (game ...) to read
 = a description is a (game "Name" (players ...) (equipment ...) (rules ...)) form
'''),
    'unclosed_paren': (1, '''\
open.lud:4:5: error: '(' is never closed
 4 |     (rules (play (move Add (to (sites Empty))))
   |     ^
 = add ')' to close it
'''),
    'unclosed_brace': (1, '''\
brace.lud:6:5: error: ')' does not match the '{' opened at line 3, column 16
 6 |     )
   |     ^
 = expected '}' here
brace.lud:3:16: note: the '{' opened here
 3 |     (equipment {
   |                ^
'''),
    'extra_closer': (1, '''\
extra.lud:1:27: error: unexpected ')': nothing is open here
 1 | (game "Extra" (players 2)))
   |                           ^
 = remove it
'''),
    'unterminated_string': (1, '''\
quote.lud:3:49: error: unterminated string
 3 |     (equipment { (board (square 3)) (piece "Disc" Each) })
   |                                                 ^
 = close it with '"'
quote.lud:1:7: note: this string runs across several lines; is its closing '"' missing?
 1 | (game "Tic
   |       ^
'''),
    'unterminated_string_at_end': (1, '''\
quote.lud:6:32: error: unterminated string
 6 | (metadata (info { (description "never closed) }))
   |                                ^
 = close it with '"'
'''),
    'syntax_number_head': (1, '''\
head.lud:1:15: error: unexpected '3'
 1 | (game "Head" (3 players))
   |               ^
 = a form starts with its ludeme's name: (name ...)
'''),
    'unknown_option': (2, '''\
error: ttt.lud: no option "Board Sise"
 = did you mean 'Board Size'?
'''),
    'unknown_item': (2, '''\
error: ttt.lud: option "Board Size" has no item "5x5"
 = its items: "3x3", "4x4"
'''),
    'unknown_ruleset': (2, '''\
error: ttt.lud: no ruleset "Bigg"
 = rulesets: "Ruleset/Big"
'''),
    'unknown_ludeme': (1, '''\
typo.lud:3:26: error: unknown ludeme 'sqare'
 3 |     (equipment { (board (sqare 3)) (piece "Disc" Each) })
   |                          ^^^^^
 = did you mean 'square'?
'''),
    'unknown_named_argument': (1, '''\
named.lud:3:36: error: (board ...) has no argument 'uses:'
 3 |     (equipment { (board (square 3) uses:Vertex) (piece "Disc" Each) })
   |                                    ^^^^^
 = did you mean 'use'?
'''),
    'wrong_type': (1, '''\
type.lud:2:14: error: (players ...) expects Int for <count>, got Str
 2 |     (players "two")
   |              ^^^^^
 = usage: (players <Int>) -> Players
'''),
    'missing_argument': (1, '''\
missing.lud:3:26: error: (square ...) is missing <size> (Int)
 3 |     (equipment { (board (square)) (piece "Disc" Each) })
   |                          ^^^^^^
 = usage: (square <Int> [diagonals:Diagonals] [pyramidal:Bool]) -> Shape
'''),
    'several_errors': (1, '''\
several.lud:2:14: error: (players ...) expects Int for <count>, got Str
 2 |     (players "two")
   |              ^^^^^
 = usage: (players <Int>) -> Players
several.lud:3:26: error: unknown ludeme 'sqare'
 3 |     (equipment { (board (sqare 3)) (piece "Disc" Each) })
   |                          ^^^^^
 = did you mean 'square'?
several.lud:5:36: error: unknown kind 'Empti' of (sites ...)
 5 |         (play (move Add (to (sites Empti))))
   |                                    ^^^^^
 = did you mean 'Empty'?
several.lud:6:39: error: (is Line ...) has no argument 'dirs:'
 6 |         (end (if (is Line 3 who:Mover dirs:Orthogonal) (result Mover Win)))
   |                                       ^^^^^
 = its named arguments: through, throughAny, who, what, whats, exact, if, byLevel
4 errors
'''),
    'recursive_define': (1, '''\
loop.lud:1:21: error: define "Loop" refers to itself: "Loop" -> "Loop"
 1 | (define "Loop" (and "Loop" (is Full)))
   |                     ^^^^^^
 = a define cannot expand into itself
 = in define "Loop", used at loop.lud:5:58
'''),
    'indirect_recursive_define': (1, '''\
loop.lud:3:21: error: define "Ping" refers to itself: "Ping" -> "Pong" -> "Pang" -> "Ping"
 3 | (define "Pang" (and "Ping" #1))
   |                     ^^^^^^
 = a define cannot expand into itself
 = in define "Pang", used at loop.lud:2:22
 = in define "Pong", used at loop.lud:1:21
 = in define "Ping", used at loop.lud:7:58
'''),
    'missing_define_head': (1, '''\
row.lud:1:16: error: '#2' stands for this form's head, but the define was given no argument for it
 1 | (define "Row" (#2 Line #1))
   |                ^^
 = give the define a ludeme name (or a define's name) there
 = in define "Row", used at row.lud:5:59
'''),
    'unknown_define': (1, '''\
undef.lud:5:59: error: unknown define "Rows"
 5 |     (rules (play (move Add (to (sites Empty)))) (end (if ("Rows") (result Mover Win))))
   |                                                           ^^^^^^
 = did you mean 'Row'?
'''),
    'unknown_placeholder': (1, '''\
ph.lud:10:33: error: no option has the key <Sise>
 10 |     (equipment { (board (square <Sise:n>)) (piece "Disc" Each) })
    |                                 ^^^^^^^^
 = did you mean 'Size'?
'''),
    'define_bomb': (1, '''\
bomb.lud:45:58: error: define "B40" expands to more than 100,000 nodes
 45 |     (rules (play (move Add (to (sites Empty)))) (end (if "B40" (result Mover Win))))
    |                                                          ^^^^^
 = it (or a define it uses) probably uses another define many times over, so it grows exponentially
'''),
    'define_bomb_arguments': (1, '''\
bomb.lud:5:464: error: define "Twice" expands to more than 100,000 nodes
 5 | ...ice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twice" ("Twi...
   |                                     ^^^^^^^
 = it (or a define it uses) probably uses another define many times over, so it grows exponentially
'''),
    'deep_nesting': (1, '''\
deep.lud:1:604: error: brackets nested more than 200 deep
 1 | ...(a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (a (...
   |                                     ^
 = descriptions this deep are almost certainly generated by mistake
'''),
    'deep_named_nesting': (1, '''\
deep.lud:1:409: error: description nested more than 200 deep
 1 | ...:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a:a...
   |                                     ^^
 = descriptions this deep are almost certainly generated by mistake
'''),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_error_output(run, name):
    args, files = CASES[name]
    result = run(*args, files=files)
    code, text = EXPECTED[name]
    assert result.stderr == text
    assert result.exit_code == code
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) < 25  # one screen


@pytest.mark.parametrize("name", sorted(n for n, (a, _) in CASES.items() if len(a) == 2))
def test_api_raises_only_ludeme_errors(tmp_path, monkeypatch, name):
    """The same inputs through the Python API: a LudemeError with the same text."""
    monkeypatch.chdir(tmp_path)
    args, files = CASES[name]
    for fn, content in files.items():
        p = tmp_path / fn
        p.parent.mkdir(parents=True, exist_ok=True)
        (p.write_bytes if isinstance(content, bytes) else p.write_text)(content)
    with pytest.raises(ludeme.LudemeError) as info:
        ludeme.load(args[1])
    assert info.value.format() + "\n" == EXPECTED[name][1]


def test_ten_megabyte_file(run, tmp_path):
    with open(tmp_path / "big.lud", "w") as f:
        f.write('(game "Big" (players 2)\n')
        f.write('    (equipment { (board (square 3)) (piece "Disc" Each) })\n' * 180_000)
        f.write(")\n")
    size = (tmp_path / "big.lud").stat().st_size
    assert size > 10_000_000
    result = run("check", "big.lud")
    assert result.exit_code == 1
    assert result.stderr == (f"error: big.lud: file is {size:,} bytes; a description may be at "
                             f"most {MAX_SOURCE_BYTES:,}\n")


def test_ten_megabyte_text_through_the_api():
    text = "(game " + '"x" ' * 2_500_000 + ")"
    with pytest.raises(ludeme.LudemeError, match="the limit is 1,048,576"):
        ludeme.loads(text)


def test_long_line_is_shown_as_a_window_around_the_caret(run):
    line = '(game "Long" ' + "(players 2) " * 200 + "(sqare 3))\n"
    result = run("check", "long.lud", files={"long.lud": line})
    lines = result.stderr.splitlines()
    assert lines[0] == "long.lud:1:2415: error: unknown ludeme 'sqare'"
    assert lines[1].startswith(" 1 | ...") and len(lines[1]) < 120
    caret = lines[2].index("^")
    assert lines[1][caret:caret + 5] == "sqare"


def test_usage_error_wins_over_description_errors(run):
    result = run("check", "bad.lud", "nosuch.lud", files={"bad.lud": "(game"})
    assert result.exit_code == 2
    assert "bad.lud:1:1: error: '(' is never closed" in result.stderr
    assert "error: nosuch.lud: no such file" in result.stderr


def test_all_files_are_reported(run):
    files = {"a.lud": "(game", "b.lud": "", "c.lud": "(game \"c\" (players 2)))"}
    result = run("parse", "a.lud", "b.lud", "c.lud", files=files)
    assert result.exit_code == 1
    assert [ln for ln in result.stderr.splitlines() if "error" in ln] == [
        "a.lud:1:1: error: '(' is never closed",
        "b.lud:1:1: error: b.lud is empty: there is no (game ...) to read",
        "c.lud:1:23: error: unexpected ')': nothing is open here",
    ]


def _console_script() -> list[str]:
    script = Path(sys.executable).with_name("ludeme")
    if script.exists():
        return [str(script)]
    found = shutil.which("ludeme")
    return [found] if found else [sys.executable, "-m", "ludeme.cli.main"]


def test_real_console_script(tmp_path):
    """The installed ``ludeme`` command, in a subprocess: a good file, then the worst
    inputs, in one run. Statuses and messages as through CliRunner, no traceback."""
    for name in ("deep_nesting", "define_bomb", "binary", "several_errors"):
        for fn, content in CASES[name][1].items():
            target = tmp_path / name / fn
            target.parent.mkdir()
            (target.write_bytes if isinstance(content, bytes) else target.write_text)(content)
    good = Path(__file__).parent / "data" / "gomoku.lud"
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    args = [str(good), "deep_nesting/deep.lud", "define_bomb/bomb.lud", "binary/garbage.lud",
            "several_errors/several.lud"]
    proc = subprocess.run([*_console_script(), "check", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout == f'ok  {good}: "Gomoku", 2 players, square board, 225 cells\n'
    assert "Traceback" not in proc.stderr
    expected = "".join(EXPECTED[n][1].replace(CASES[n][0][1], f"{n}/{CASES[n][0][1]}")
                       for n in ("deep_nesting", "define_bomb", "binary", "several_errors"))
    assert proc.stderr == expected


def test_too_many_tokens(run):
    text = '(game "Many"\n' + "    (a)\n" * 20_000 + ")\n"
    result = run("parse", "many.lud", files={"many.lud": text})
    assert result.exit_code == 1
    # 2 tokens on line 1, 3 on each line after: token 50,001 is the ')' of line 16,667
    assert result.stderr == '''\
many.lud:16667:7: error: description has more than 50,000 tokens
 16667 |     (a)
       |       ^
 = a real description has a few thousand; this one is probably generated
'''


def test_a_device_is_not_read(run):
    result = run("check", os.devnull)
    assert (result.exit_code, result.stderr) == (2, f"error: {os.devnull}: is not a regular file\n")


def test_tilde_outside_a_define_use(run):
    result = run("check", "t.lud", files={"t.lud": '(game "G" (players ~))\n'})
    assert result.stderr.splitlines()[0] == \
        "t.lud:1:20: error: '~' stands for a left-out argument, only in a define's use"
