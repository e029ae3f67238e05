"""End rules checked by one generated function: the ``(if <test> <result>)`` rules of
an ``(end {...})`` asked in order without a loop, a test that says how to read it as an
expression (``fn.inline``) read in place, without its call.

A condition offers an expression as ``fn.inline`` (see ``compile.inlined``, whose
``Code`` writes it); the values reach the generated function through its namespace
only.
"""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.inlined import Code

# the rules' tests asked in one generated function, those with an expression read in
# place (False: a loop calls each test; tests compare the two)
INLINE = True

#: a test that writes itself out as statements (``fn.inline_test``: ``write(code,
#: indent, name, known)`` returns lines that set the local ``name`` to the test's value) is
#: written into the generated function, without its call (False: it is called; tests
#: compare the two)
WRITTEN_TESTS = True


#: the generated end checks are also offered to the turn written per game
#: (``check.turn_lines(prefix)``, ``runtime.written_turn``), which writes the same lines
#: in place of its call (False: the turn calls them; tests compare the two)
WRITTEN_IN_TURN = True


#: what the turn written per game (``runtime.written_turn``) knows where it writes the end
#: checks, which a written test may read instead of asking the state (a test is a
#: question: none changes these, a test that lists or swaps puts the context back):
#: ``"moves_none"``: ``s._moves`` is None (the turn has just cleared it);
#: ``"nxt_mover"``: ``s.nxt == s.mover`` (set just before);
#: ``"who"``: the turn's local ``who`` holds ``s.who``;
#: ``"hash_last"``: ``s.hashes[-1] is s.hash`` (the position just recorded);
#: and where the lines are the playout loop's (``"loop"``): one pass of them a move, a
#: position recorded before each pass (none where a move leaves before the end checks),
#: their locals kept from pass to pass (a written test may offer lines ``"@init <stmt>"``
#: that the loop runs once before it), and ``"outcome_none"``: ``s.outcome`` is None (the
#: loop plays only from a state not over, and no move's action or consequence ends it)
TURN_KNOWS = frozenset({"moves_none", "nxt_mover", "who", "hash_last", "loop", "outcome_none"})


def _check_lines(pairs: tuple, code: Code, rest, over, done: Callable,
                 known: frozenset = frozenset()) -> list[str]:
    """The end checks' lines (indented by four spaces), names made by ``code``; ``done(e)``
    the statements that end them with the value of the source ``e``; ``known`` what the
    caller knows of the state there (``TURN_KNOWS``), passed to the written tests."""
    rest_, over_ = code.value(rest), code.value(over)
    lines = []
    for i, (test, _) in enumerate(pairs):
        i_ = code.value(i)
        write = getattr(test, "inline_test", None) if WRITTEN_TESTS else None
        if write is not None and getattr(test, "inline", None) is None:
            name = code.fresh("t")
            lines += [*write(code, "    ", name, known), f"    if {name}:"]
        else:
            lines.append(f"    if {code.expr(test)}:")
        lines += ["        " + x for x in done(f"{rest_}(s, {i_})")]
    # ``over(s)`` is asked only when the standing may be over
    st = code.fresh("st")
    lines += [f"    {st} = s.standing", f"    if {st} is not None and {st}.over:",
              *["        " + x for x in done(f"{over_}(s)")], *["    " + x for x in done("None")]]
    return lines


def inlined_checks(pairs: tuple, rest: Callable, over: Callable) -> Callable | None:
    """``check(s)``: for the first of ``pairs`` (``(test, result)``) whose test holds,
    ``rest(s, i)`` (the rules from that one on, as the loop would go on); when none
    holds, ``over(s)`` when the standing (``s.standing``) is over, else None. None when
    ``INLINE`` is off."""
    if not INLINE:
        return None
    code = Code()
    lines = ["def check(s):", *_check_lines(pairs, code, rest, over, lambda e: [f"return {e}"])]
    exec(compile("\n".join(lines), "<ludeme end checks>", "exec"), code.ns)  # noqa: S102
    check = code.ns["check"]
    # (whether a test lists the next player's moves, as (no Moves Next) does: the
    # playout written round the turn then finds them kept)
    check.asks_next_moves = any(getattr(test, "lists_next", None) is not None for test, _ in pairs)
    if WRITTEN_IN_TURN:
        def turn_lines(prefix: str, known: frozenset = frozenset()) -> tuple[list[str], dict]:
            # one pass of a ``while True:`` loop setting ``out`` (the turn's name for
            # the outcome), its names given ``prefix``; and the values they read
            code = Code(prefix=prefix)
            body = _check_lines(pairs, code, rest, over, lambda e: [f"out = {e}", "break"],
                                known)
            # (the loop's lines run once before it, first)
            init = [x.strip() for x in body if x.strip().startswith("@init ")]
            return [*init, "while True:", *(x for x in body if not x.strip().startswith("@init "))], \
                code.ns

        check.turn_lines = turn_lines
    return check
