"""Adding a piece as an effect: ``(add (piece "Disc0" state:(mover)) (to (site)))``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import effect_then
from ludeme.compile.moveparts import PIECE_STATE
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.rules.start import piece_named


@ludeme("add", T.Effect,
        ludii="A site already holding the same piece takes the state again (Ludii "
              "adds it again, as when one move adds twice); other occupied sites are "
              "left alone.")
def add_effect(c: CompileContext, piece: PIECE_STATE, to: T.Region, *,
               stack: T.Bool = False, then: T.Effect = None):
    """Put the piece on each empty site of ``to``, with its ``state:`` value when it has
    one. As in Ludii: ``(add (piece "Disc0" state:(mover)) (to (site)))``. With
    ``stack:True`` (a game with stacks) it goes on top of whatever stands there:
    ``(add (piece "Roof0") (to (last To)) stack:True)``. ``(then ...)`` runs right after
    it."""
    pid = piece_named(c, piece.name)
    region, state = to.fn, piece.state
    if getattr(stack, "value", stack):
        if state is not None:
            c.fail("(add ... stack:True) does not give the piece a state")
        push = c.game.push_piece

        def run_stacked(s):
            for x in list(region(s)):
                push(s, x, pid)

        return effect_then(run_stacked, then)
    z = c.game.zobrist
    put = c.game.set_site_state

    def place(s, x: int, v: int) -> None:
        w = s.what
        old = w[x]
        if old and old != pid:
            return
        if not old:
            w[x] = pid
            s.occ = None  # runtime.occupancy: not kept here
            s.hash ^= z[x][pid]
        if state is not None:
            put(s, x, v)

    def run(s):
        v = state(s) if state is not None else 0
        for x in list(region(s)):
            place(s, x, v)

    one = to.one_site
    if one is not None:
        # one site given, as (to (site)): no region built and walked
        def run(s):  # noqa: F811
            place(s, one(s), state(s) if state is not None else 0)

    return effect_then(run, then)
