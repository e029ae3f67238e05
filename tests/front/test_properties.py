"""Property tests: whatever text comes in, only ludeme's own error type comes out, and
the printer's output reads back to the same tree."""

from __future__ import annotations

import string
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

import ludeme
from ludeme.api import compile_description
from ludeme.expand import expand
from ludeme.lang.registry import all_ludemes
from ludeme.syntax import Angle, Array, Bool, Float, Form, Int, Name, Named, Param, Str, parse_text
from ludeme.syntax.ast import Omit
from ludeme.syntax.printer import format_nodes

SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

DECLS = all_ludemes()
HEADS = sorted({d.head for d in DECLS})
KINDS = sorted({d.sub for d in DECLS if d.sub})
NAMES = ["P1", "P2", "Mover", "Next", "Each", "Orthogonal", "All", "Cell", "Vertex", "Edge",
         "Win", "Loss", "Draw", "N", "S", "Empty", "Board", "Zorg"] + KINDS


def outcome(text: str, options=(), ruleset=None) -> str:
    """Load ``text`` as far as it goes; anything but a LudemeError fails the test. An
    internal error (a bug caught and reported as one) in the front end fails it too."""
    try:
        ludeme.loads(text, list(options), ruleset, file="random.lud")
    except ludeme.LudemeError as err:
        for d in err.diagnostics:
            assert not d.message.startswith(("internal error expanding",
                                             "internal error checking")), d.format()
        return "error"
    return "ok"


# -- random text --------------------------------------------------------------------------

TOKENS = ["(", ")", "{", "}", "<", ">", "<>", ":", "#1", "#2", "~", "*", "**", '"', '"s"',
          '"Name"', "\\", "//", "\n", " ", "  ", "game", "define", "option", "item", "rulesets",
          "ruleset", "variant", "metadata", "info", "players", "equipment", "rules", "play",
          "board", "square", "2", "-1", "1.5", "1..3", '"A1".."B2"', "x:", "args:",
          "options:", "<K>", "<K:a>", "é", "\t", "0", "99999999999999999999", "=", "<=",
          "True", "P1", "Mover", "sites", "Empty", "move", "Add", "to", "\r\n"]


@settings(max_examples=150, **SETTINGS)
@given(st.text(max_size=200))
def test_any_text(text):
    outcome(text)


@settings(max_examples=200, **SETTINGS)
@given(st.lists(st.sampled_from(TOKENS), max_size=60))
def test_token_soup(tokens):
    outcome(" ".join(tokens))
    outcome("".join(tokens))


# -- random S-expressions -----------------------------------------------------------------

def _atoms():
    return st.one_of(
        st.integers(-3, 20).map(str),
        st.sampled_from(NAMES),
        st.sampled_from(['"Disc"', '"Disc1"', '"A1"', '"a1"', '"Def"', '"Two"', '""']),
        st.sampled_from(["#1", "#2", "~", "<K>", "<K:a>", "<Q>", "True", "1.5", "1..3"]),
    )


def _forms(depth: int):
    if depth == 0:
        return _atoms()
    inner = _forms(depth - 1)
    arg = st.one_of(inner, st.tuples(st.sampled_from(["if", "then", "who", "use", "to", "at",
                                                      "x"]), inner).map(lambda t: f"{t[0]}:{t[1]}"))
    head = st.one_of(st.sampled_from(HEADS), st.sampled_from(['"Def"', '"Two"', "<K>", "zap"]))
    form = st.tuples(head, st.lists(arg, max_size=4)).map(
        lambda t: "(" + " ".join([t[0], *t[1]]) + ")")
    kind_form = st.tuples(st.sampled_from(["sites", "is", "move", "count", "last", "no"]),
                          st.sampled_from(KINDS), st.lists(arg, max_size=3)).map(
        lambda t: "(" + " ".join([t[0], t[1], *t[2]]) + ")")
    array = st.lists(inner, max_size=4).map(lambda xs: "{" + " ".join(xs) + "}")
    return st.one_of(inner, form, kind_form, array)


EXPRS = _forms(3)

DEFINES = st.lists(st.tuples(st.sampled_from(["Def", "Two", "Other"]), EXPRS), max_size=3).map(
    lambda ds: "\n".join(f'(define "{n}" {body})' for n, body in ds))

OPTIONS = st.lists(
    st.tuples(st.sampled_from(["K", "Q"]), st.lists(EXPRS, min_size=1, max_size=3),
              st.integers(0, 2)),
    max_size=2,
).map(lambda opts: "\n".join(
    f'(option "T{k}" <{k}> args:{{<a>}} {{'
    + " ".join(f'(item "I{i}" <{e}> "d"){"*" * (stars if i == 0 else 0)}'
               for i, e in enumerate(items))
    + "})" for k, items, stars in opts))

RULESETS = st.lists(st.sampled_from(['"TK/I0"', '"TK/I1"', '"TQ/I0"', '"Nope/I0"']),
                    max_size=3).map(lambda cs: f'(rulesets {{(ruleset "Ruleset/R" {{{" ".join(cs)}}})}})')

GAMES = st.tuples(EXPRS, EXPRS, EXPRS, st.sampled_from(["2", "1", "0", '"two"', "<K>"])).map(
    lambda t: f'(game "G" (players {t[3]}) (equipment {{(board (square 3)) {t[0]} '
              f'(piece "Disc" Each)}}) (rules (play {t[1]}) (end {t[2]})))')


@settings(max_examples=200, **SETTINGS)
@given(DEFINES, OPTIONS, RULESETS, GAMES,
       st.sampled_from([(), ("TK/I1",), ("TQ/I0", "TK/I0"), ("Nope/x",), ("bad",)]),
       st.sampled_from([None, "R", "Missing"]))
def test_random_descriptions(defines, options, rulesets, game, choices, ruleset):
    outcome("\n".join([defines, options, rulesets, game]), choices, ruleset)


@settings(max_examples=60, **SETTINGS)
@given(DEFINES, OPTIONS, GAMES, st.sampled_from(["base", "./base.lud", "nowhere", "hex"]),
       st.lists(st.sampled_from(['"TK/I1"', '"TQ/I0"', '"TK/Nope"', "3"]), max_size=2),
       DEFINES)
def test_random_variant_files(defines, options, game, base, choices, overrides):
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "base.lud").write_text("\n".join([defines, options, game]))
        variant = Path(tmp, "v.lud")
        variant.write_text(f'(variant "{base}" options:{{{" ".join(choices)}}})\n{overrides}')
        try:
            compile_description(ludeme.load_description(variant))
        except ludeme.LudemeError as err:
            assert not any(d.message.startswith("internal error") for d in err.diagnostics
                           if "compiling" not in d.message)


# -- the printer -----------------------------------------------------------------------------

IDENT = st.text(string.ascii_letters + "_", min_size=1, max_size=1).flatmap(
    lambda c: st.text(string.ascii_letters + string.digits + "_", max_size=5).map(
        lambda rest: c + rest)).filter(lambda s: s not in ("True", "False", "true", "false"))
NAME_TEXT = st.tuples(IDENT, st.sampled_from(["", ".x", ".1"])).map("".join)
STRINGS = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                  max_size=12)
FLOATS = st.integers(-10**9, 10**9).flatmap(
    lambda i: st.integers(0, 6).map(lambda d: Float(float(i) / 10**d)))

ATOMS = st.one_of(
    st.integers(-10**17, 10**17).map(Int), FLOATS, st.booleans().map(Bool), STRINGS.map(Str),
    NAME_TEXT.map(Name), st.integers(1, 99).map(Param), st.just(Omit()),
)
PLACEHOLDER = st.one_of(IDENT.map(lambda k: Angle((Name(k),))),
                        st.tuples(IDENT, IDENT).map(lambda t: Angle((Named(t[0], Name(t[1])),))))


def _extend(children):
    items = st.lists(children, max_size=4).map(tuple)
    heads = st.one_of(NAME_TEXT, st.sampled_from(["<=", ">=", "!=", "=", "<", ">", "+", "-",
                                                  "*", "/", "%", "^"]))
    plain = st.builds(lambda h, a, m: Form(h, a, marks=m), heads, items, st.integers(0, 2))
    quoted = st.builds(lambda h, a: Form(h, a, head_is_string=True), STRINGS, items)
    angled = st.builds(lambda h, a: Form("", a, head_node=h), PLACEHOLDER, items)
    return st.one_of(plain, quoted, angled, items.map(Array), items.map(Angle), PLACEHOLDER,
                     st.builds(Named, IDENT, children))


TREES = st.recursive(ATOMS, _extend, max_leaves=25)


@settings(max_examples=200, **SETTINGS)
@given(st.lists(TREES, min_size=1, max_size=3), st.sampled_from([100, 20]))
def test_printer_round_trips(nodes, width):
    assert parse_text(format_nodes(nodes, width=width)) == nodes


@settings(max_examples=150, **SETTINGS)
@given(DEFINES, OPTIONS, GAMES)
def test_expanded_games_print_back(defines, options, game):
    try:
        desc = expand("random.lud", text="\n".join([defines, options, game]))
    except ludeme.LudemeError:
        return
    assert parse_text(format_nodes([desc.game])) == [desc.game]


# -- random well-typed games ------------------------------------------------------------------
# Built from the registry's signatures, so that they get through the checker and exercise
# the compile functions: those must report bad values (a site off the board, a role the
# game does not have...) as LudemeErrors too.

_LITERALS = {
    "Int": ["0", "1", "2", "3", "-1", "9"],
    "Str": ['"Disc"', '"Disc1"', '"a1"', '"c3"', '"Zone"', '"Nope"'],
    "Bool": ["True", "False"],
    "Float": ["0.5"],
}


def _typed(want, depth: int):
    """Text of a random expression the checker accepts for parameter type ``want``."""
    from ludeme.lang import types as T
    from ludeme.lang.checker import accepts

    if isinstance(want, tuple):
        return st.sampled_from(want).flatmap(lambda w: _typed(w, depth))
    if isinstance(want, T.ListOf):
        return st.lists(_typed(want.item, depth - 1), min_size=1, max_size=3).map(
            lambda xs: "{" + " ".join(xs) + "}")
    options = []
    literal = [v for name, vs in _LITERALS.items() for v in vs
               if accepts(want, T.ALL_TYPES[name])]
    if want.values:
        literal += list(want.values)
    if literal:
        options.append(st.sampled_from(literal))
    if depth > 0:
        makers = [d for d in DECLS if accepts(want, d.returns) and d.head != "game"]
        if makers:
            options.append(st.sampled_from(makers).flatmap(lambda d: _call(d, depth - 1)))
    if not options:
        return st.just("0")
    return st.one_of(options)


def _call(decl, depth: int):
    parts = [st.just(decl.head)] + ([st.just(decl.sub)] if decl.sub else [])
    for p in decl.params:
        arg = _typed(p.type, depth)
        if p.named:
            arg = arg.map(lambda text, n=p.name: f"{n}:{text}")
        if p.variadic:
            parts.append(st.lists(arg, max_size=2).map(" ".join))
        elif p.optional:
            parts.append(st.one_of(st.just(""), arg))
        else:
            parts.append(arg)
    return st.tuples(*parts).map(lambda xs: "(" + " ".join(x for x in xs if x) + ")")


def _typed_game():
    from ludeme.lang import types as T

    return st.tuples(_typed(T.Shape, 1), _typed(T.Moves, 3), _typed(T.Cond, 3),
                     st.sampled_from(["1", "2", "3"]), st.one_of(st.just(""), _typed(T.Item, 2)),
                     st.one_of(st.just(""), _typed(T.Effect, 2))).map(
        lambda t: f'(game "Typed" (players {t[3]}) (equipment {{(board {t[0]}) '
                  f'(piece "Disc" Each) (regions "Zone" (sites Corners)) {t[4]}}}) '
                  f'(rules (start {{{t[5]}}}) (play {t[1]}) '
                  f'(end {{(if {t[2]} (result Mover Win))}})))')


@settings(max_examples=150, **SETTINGS)
@given(_typed_game())
def test_random_well_typed_games(text):
    """Through the API only a LudemeError comes out, whatever a compile function does."""
    try:
        ludeme.loads(text, file="typed.lud")
    except ludeme.LudemeError:
        pass


@settings(max_examples=150, phases=[Phase.generate], report_multiple_bugs=False, **SETTINGS)
@given(_typed_game())
def test_random_well_typed_games_raise_no_python_errors(text):
    """The stages called directly: an exception the API would report as an internal
    error (a bug) fails this test."""
    from ludeme.compile.compiler import compile_game
    from ludeme.lang.checker import check

    note(text)
    try:
        desc = expand("typed.lud", text=text)
        compile_game(check(desc.game), desc.chosen)
    except ludeme.LudemeError:
        pass
