"""Operators combining moves and effects into one move: ``(append ...)`` and
``(allCombinations ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import EffectV, MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


@ludeme("append", T.Moves, lazy=True,
        ludii="The combined move is a Move from (from) to (to) of the site being "
              "examined when an effect is appended; moves appended keep the first one's.")
def append(c: CompileContext, moves: (T.Moves, T.Effect), *, then: T.Effect = None):
    """All the moves of ``moves`` made into one move (no move when there are none). An
    effect that Ludii writes as a move generator (a capture rule such as ``custodial``)
    makes one move when it would act at all, from ``(from)`` to ``(to)``, with
    ``(site)`` bound as when it was generated. As in Ludii: ``(forEach Site (sites
    Empty) (append (custodial ...)))``: one move per empty site, flanking in every
    direction at once."""
    if then is not None:
        return with_then(c, append(c, moves), c.compile(then, T.Effect))
    # a capture rule compiled here generates moves: it looks out from (from), as in
    # Ludii, not from where the last move went (its default as a consequence)
    # (only for an effect given directly: the consequences of moves keep their default)
    from ludeme.lang.checker import accepts

    outer = vars(c).get("capture_as_moves", False)
    c.capture_as_moves = not accepts(T.Moves, moves.type)
    try:
        moves = c.compile(moves, (T.Moves, T.Effect))
    finally:
        c.capture_as_moves = outer
    if isinstance(moves, EffectV):
        if moves.any_move is None:
            c.fail("(append ...) needs moves, or a rule that makes moves such as "
                   "(custodial ...)")
        would, effect = moves.any_move, moves.fn

        def act_effect(s, m):
            s.site = m.to
            effect(s)

        # the moves are interned by (from, to) (any two sites of the game), so that
        # consequences added to them are paired with each once (see with_then) and
        # front ends can number them (ludeme.compile.movetable)
        sites = range(c.require_board().n_sites)
        made = MoveTable(c.game, lambda frm, to: Move("move", frm, to, 0, None, act_effect),
                         lambda: ((frm, to) for frm in sites for to in sites))

        def gen_effect(s):
            if not would(s):
                return []
            return [made[s.frm, s.to]]

        # the move at one site (from and to both that site), by site
        at_site: dict[int, Move] = {}

        def move_at(x: int) -> Move:
            m = at_site.get(x)
            if m is None:
                m = at_site[x] = made[x, x]
            return m

        return MovesV(gen_effect, at_site=(would, move_at), at_sites=moves.any_move_at)
    sub = moves.gen

    def act_all(s, m):
        for part in m.extra:
            s.frm, s.to = part.frm, part.to
            part.act(s, part)
            if part.then is not None:
                part.then(s)
        s.frm, s.to = m.frm, m.to

    def gen(s):
        parts = sub(s)
        if not parts:
            return []
        first = parts[0]
        return [Move("move", first.frm, first.to, 0, tuple(parts), act_all)]

    return MovesV(gen)


@ludeme("allCombinations", T.Effect,
        ludii="Here both are effects, applied one after the other (Ludii pairs each "
              "move of the first with each of the second; an effect makes one).")
def all_combinations(c: CompileContext, first: T.Effect, second: T.Effect, *,
                     then: T.Effect = None):
    """Both effects, the first then the second, as one. As in Ludii: ``(allCombinations
    (add (piece "Disc0" state:(mover)) (to (site))) (flip (between)))``."""
    a, b = first.fn, second.fn
    after = then.fn if then is not None else None

    def run(s):
        a(s)
        b(s)
        if after is not None:
            after(s)

    if after is None:
        # the effects it runs, in order, for callers that apply it many times in a
        # row and can call them directly (a capture's effect on each enclosed site)
        run.parts = (a, b)
    return EffectV(run)
