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
#: indent, name)`` returns lines that set the local ``name`` to the test's value) is
#: written into the generated function, without its call (False: it is called; tests
#: compare the two)
WRITTEN_TESTS = True


def inlined_checks(pairs: tuple, rest: Callable, over: Callable) -> Callable | None:
    """``check(s)``: for the first of ``pairs`` (``(test, result)``) whose test holds,
    ``rest(s, i)`` (the rules from that one on, as the loop would go on); when none
    holds, ``over(s)`` when the standing (``s.standing``) is over, else None. None when
    ``INLINE`` is off."""
    if not INLINE:
        return None
    code = Code()
    ns = code.ns
    ns.update(REST=rest, OVER=over)
    lines = ["def check(s):"]
    for i, (test, _) in enumerate(pairs):
        ns[f"I_{i}"] = i
        write = getattr(test, "inline_test", None) if WRITTEN_TESTS else None
        if write is not None and getattr(test, "inline", None) is None:
            name = code.fresh("t")
            lines += [*write(code, "    ", name), f"    if {name}:",
                      f"        return REST(s, I_{i})"]
            continue
        lines += [f"    if {code.expr(test)}:", f"        return REST(s, I_{i})"]
    # ``over(s)`` is asked only when the standing may be over
    lines += ["    st = s.standing", "    if st is not None and st.over:",
              "        return OVER(s)", "    return None"]
    exec(compile("\n".join(lines), "<ludeme end checks>", "exec"), ns)  # noqa: S102
    return ns["check"]
