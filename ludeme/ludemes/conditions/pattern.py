"""Shapes walked on the board: ``(is Pattern ...)``, as Ludii's ``booleans/is/pattern``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _turns(orthogonal: tuple[str, ...]) -> tuple[dict[str, str], dict[str, str]]:
    """The orthogonal direction right (clockwise) and left of each, among the board's
    supported ones (``orthogonal``, clockwise from north), as Ludii turns a walk."""
    k = len(orthogonal)
    right = {d: orthogonal[(i + 1) % k] for i, d in enumerate(orthogonal)}
    left = {d: orthogonal[(i - 1) % k] for i, d in enumerate(orthogonal)}
    return right, left


@ludeme("is Pattern", T.Cond,
        ludii="A site type other than the board's default is not supported.")
def is_pattern(c: CompileContext, walk: T.ListOf(T.StepType), *, from_: T.Site = None,
               what: T.IntFn = None, whats: T.ListOf(T.IntFn) = None):
    """Whether the walk ``walk`` (``F`` one step forward, ``R``/``L`` a turn to the next
    orthogonal direction right or left), started at ``from:`` (the last move's
    destination by default) in any orthogonal direction, finds the piece ``what:`` (or
    the pieces ``whats:`` in turn, again from the first when they run out; by default the
    piece standing at the start) at the start and on every site it steps to, as
    Ludii's: ``(is Pattern {F R F R F R F})`` is a square of four of a kind. Ludii:
    ``(is Pattern {<stepType>} [<siteType>] [from:<int>] [what:<int> | whats:{<int>}])``."""
    from ludeme.ludemes.numbers.expressions import last_to

    if what is not None and whats is not None:
        c.fail("(is Pattern ...) takes what: or whats:, not both")
    board = c.require_board()
    orthogonal = board.directions["Orthogonal"]
    right, left = _turns(orthogonal)
    steps = [getattr(x, "value", x) for x in walk]
    # the site one step away in a direction: the last step Ludii lists that way
    ahead = [{d: v[-1] for d, v in board.steps_by_dir[x].items() if v}
             for x in range(board.n_sites)]
    start = (from_ if from_ is not None else last_to(c)).fn
    pieces = [what.fn] if what is not None else \
        [f.fn for f in whats] if whats is not None else None
    n = board.n_sites

    def holds(s) -> bool:
        x0 = start(s)
        if not 0 <= x0 < n:
            return False
        w = s.what
        want = [f(s) for f in pieces] if pieces is not None else [w[x0]]
        if not want[0] or w[x0] != want[0]:
            return False
        k = len(want)
        for facing in orthogonal:
            x, d, i = x0, facing, 1 % k
            for step in steps:
                if step == "F":
                    x = ahead[x].get(d, -1)
                    if x < 0 or w[x] != want[i]:
                        break
                    i = (i + 1) % k
                elif step == "R":
                    d = right[d]
                else:
                    d = left[d]
            else:
                return True
        return False

    return CondV(holds)
