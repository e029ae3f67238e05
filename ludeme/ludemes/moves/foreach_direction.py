"""``(forEach Direction ...)``: moves made at each site along directions from a site,
as Ludii's ``ForEachDirection`` (``rules/play/moves/nonDecision/operators/foreach``).

Ludii writes a horse (a knight whose leg may be blocked) with two of them: one
orthogonal step to an empty site, then, from there, the moves along the directions
turning right and left of that step, ``(directions {FR FL})``. A ``forEach Direction`` inside another one's moves
takes relative directions from the step the outer one made (from ``(from)`` to
``(to)``); elsewhere, from the piece's facing, as every relative direction does. Its
directions are compiled once per compass point, so nothing is converted during play.
"""

from __future__ import annotations

from ludeme.board.steps import COMPASS
from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.directions import mentions_relative
from ludeme.compile.moveparts import BETWEEN, FROM, TO, BetweenPart, FromPart
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.checker import Call
from ludeme.lang.registry import ludeme

_NESTED = "foreach_direction_depth"


@ludeme("forEach Direction", T.Moves, lazy=True,
        ludii="The range of (between ...) and the directions must be known at compile "
        "time; a site type in (from ...) is not supported.")
def for_each_direction(c: CompileContext, from_: FROM = None,
                       directions: T.Direction = None, between: BETWEEN = None,
                       to: TO = None, moves: T.Moves = None, *, then: T.Effect = None):
    """The moves ``moves`` (or those of ``(to ... (apply <moves>))``) made with ``(to)``
    bound to each site along ``directions`` (Adjacent by default) from the site of
    ``(from ...)`` (the ``(from)`` of the context by default): the first site only, or up
    to ``(between (max n))`` / ``(between (exact n))`` sites along each direction, the
    sites before the least distance meeting ``(between if:...)`` (with ``(between)``
    bound to each). ``(to if:<cond>)`` stops a direction at the first site where
    ``<cond>`` fails. ``(from)`` stays the context's: the moves made are moves of the
    piece whose moves these are. Nested in another ``forEach Direction``, relative
    directions (``FR``, ``FL``, ...) turn from the way that one stepped, from ``(from)``
    to ``(to)``. Ludii: ``(forEach Direction [<from>] [<directions>] [<between>] (<to> |
    <moves>) [then:<moves>])``; a horse: ``(forEach Direction Orthogonal (to
    if:(is Empty (to)) (apply (forEach Direction (from (to)) (directions {FR FL}) (if
    (not (is Friend (who at:(to)))) (move (from) (to)))))))``."""
    board = c.require_board()
    if (to is None) == (moves is None):
        c.fail("(forEach Direction ...) makes the moves of (to ... (apply <moves>)) or "
               "of <moves>: one of them")
    start = None
    if from_ is not None:
        part = c.compile(from_, FROM)
        if not isinstance(part, FromPart) or part.site is None or part.cond is not None:
            c.fail("(forEach Direction (from ...)) starts from one site: (from (to))")
        start = part.site.fn
    low, high, bcond = 1, 1, None
    if between is not None:
        part = c.compile(between, BETWEEN)
        assert isinstance(part, BetweenPart)
        if part.length is not None:
            c.fail("the range of (forEach Direction (between ...)) must be a fixed number")
        if part.max is not None:
            high = part.max
            low = part.min if part.min is not None else 1
        bcond = part.cond.fn if part.cond is not None else None
    rule, inner = None, None
    depth = vars(c).get(_NESTED, 0)
    vars(c)[_NESTED] = depth + 1
    try:
        if to is not None:
            rule, inner = _to_part(c, to)
        else:
            inner = c.compile(moves, T.Moves)
    finally:
        vars(c)[_NESTED] = depth
    thenfn = c.compile(then, T.Effect) if then is not None else None
    dirs_of = _directions(c, directions, nested=depth > 0)
    ray = board.ray
    n = board.n_sites
    gen_inner = inner.gen if inner is not None else (lambda s: [])
    stop = high

    def gen(s):
        frm0, to0, between0 = s.frm, s.to, s.between
        at = start(s) if start is not None else frm0
        out = []
        if not 0 <= at < n or not 0 <= frm0 < n or not s.what[frm0]:
            return out  # no piece whose moves these are, or nowhere to start
        for d in dirs_of(s, frm0, to0):
            for i, x in enumerate(ray[d][at][:stop], 1):
                if bcond is not None and low > 1 and i < low:
                    s.between = x
                    if not bcond(s):
                        break
                    s.between = between0
                s.to = x
                if rule is not None and not rule(s):
                    break
                if i >= low:
                    out.extend(gen_inner(s))
                    s.frm = frm0
        s.frm, s.to, s.between = frm0, to0, between0
        # two directions may reach one site (Ludii would list its move twice): once here
        return list(dict.fromkeys(out)) if len(out) > 1 else out

    return with_then(c, MovesV(gen), thenfn)


def _to_part(c: CompileContext, node):
    """``(to [if:<cond>] (apply <moves>))``: the condition that stops a direction and the
    moves made at each site (the apply's effect, compiled as moves)."""
    if not isinstance(node, Call) or node.decl.head != "to":
        c.fail("(forEach Direction ...) takes (to [if:<cond>] (apply <moves>))")
    cond = node.args.get("if")
    apply = node.args.get("apply")
    rule = c.compile(cond, T.Cond).fn if cond is not None else None
    inner = None
    if apply is not None:
        if not isinstance(apply, Call) or "if" in apply.args or "effect" not in apply.args:
            c.fail("(forEach Direction (to ... (apply <moves>))) applies moves only")
        inner = c.compile(apply.args["effect"], T.Moves)
    return rule, inner


def _directions(c: CompileContext, node, nested: bool):
    """``dirs(state, from, to)``: the absolute directions to follow. Relative directions
    in a nested ``forEach Direction`` turn from the direction of the step from ``from``
    to ``to`` (the last of the site type's directions that steps there, as Ludii finds
    it); elsewhere they are known at compile time."""
    board = c.require_board()
    if node is None:
        fixed = board.directions["Adjacent"]
        return lambda s, frm, to: fixed
    if not (nested and mentions_relative(node)):
        fixed = tuple(c.compile(node, T.Direction))
        return lambda s, frm, to: fixed
    outer = c.facing
    table = {}
    try:
        for f in COMPASS:
            c.facing = f
            table[f] = tuple(c.compile(node, T.Direction))
    finally:
        c.facing = outer
    default = table[c.current_facing()]
    supported = board.directions.get("All") or board.directions["Adjacent"]
    steps = board.steps_by_dir
    n = board.n_sites
    found: dict[tuple[int, int], tuple[str, ...]] = {}

    def dirs(s, frm, to):
        key = (frm, to)
        got = found.get(key)
        if got is None:
            facing = None
            if 0 <= frm < n and 0 <= to < n:
                by_dir = steps[frm]
                for d in supported:
                    if to in by_dir.get(d, ()):
                        facing = d
            got = found[key] = table[facing] if facing is not None else default
        return got

    return dirs
