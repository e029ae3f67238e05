"""Stepping to a neighbouring site: ``(move Step ...)``, as in Ludii.

The neighbours of each site in the step's directions are a table built at compile
time, with the interned move that lands on each. When the landing rule reads nothing
but the site reached, the piece on it and the mover (``(is Empty (to))``, ``(is Enemy
(who at:(to)))``) it is folded into a table indexed by site and piece, so generating a
step is one lookup per neighbour.
"""

from __future__ import annotations

from dataclasses import replace

from ludeme.compile.compiler import CompileContext, victims_in_turn
from ludeme.compile.fold import site_piece_table
from ludeme.compile.moveparts import FROM, TO
from ludeme.compile.movetable import MoveTable
from ludeme.compile.piecemoves import describe, memo
from ludeme.compile.piecescan import scan_every
from ludeme.compile.values import EffectV, PieceMovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.moves.slide import make_move_act, piece_moves
from ludeme.runtime.move import Move


@ludeme("step", T.Moves, ludii="Ludii's other spelling of (move Step ...).")
@ludeme("move Step", T.Moves)
def move_step(c: CompileContext, from_: (FROM, T.Site) = None, directions: T.Direction = None,
              to: TO = None, *, stack: T.Bool = False, then: T.Effect = None):
    """Move a piece to the neighbouring site in one of ``directions`` (every adjacent
    direction by default) when ``(to if:<cond>)`` holds there, with ``(to)`` bound to
    that site (any site when no condition is given, as in Ludii: say ``(to if:(is Empty
    (to)))`` for an empty one). ``(to ... (apply <effect>))`` acts on the site reached
    before the piece lands there (``(apply (remove (to)))`` takes the piece standing
    there); a piece standing there is taken in any case. Inside a ``(piece ...)`` the
    step starts from that piece; otherwise from every piece of the mover (or those of
    ``(from ...)``). In a game with stacks the top piece steps onto the top of the
    stack reached, or the whole stack with ``stack:True``, as in Ludii. ``then:`` runs after the move with ``(last To)`` its destination.

    ``(move Step (directions {NE NW}) (to if:(is Enemy (who at:(to))) (apply (remove
    (to)))))``"""
    if to is None:
        c.fail("(move Step ...) needs (to ...): where the piece may step",
               "e.g. (move Step Orthogonal (to if:(is Empty (to))))")
    board = c.require_board()
    dirs = directions if directions else board.directions["Adjacent"]
    # per site, its neighbours in the step's directions (each once, clockwise from north)
    targets = list(board.step_targets(dirs))
    conds = [f.fn for f in (to.cond, to.apply.cond if to.apply is not None else None)
             if f is not None]
    if len(conds) == 2:
        first, second = conds
        rule = lambda s: first(s) and second(s)  # noqa: E731
    else:
        rule = conds[0] if conds else None
    base_act = make_move_act(c, bool(getattr(stack, "value", stack)))
    act = base_act
    if to.apply is not None and to.apply.effect is not None:
        eff = to.apply.effect.fn

        def act(s, m):  # noqa: F811 - the effect at the site reached, then the move
            s.to = m.to
            eff(s)
            base_act(s, m)

    made = moves_to_targets(c, targets, rule, act, then, from_)
    # the same steps with more consequences, for (forEach Piece ... (then ...))
    return replace(made, rethen=lambda more: move_step(
        c, from_, directions, to, stack=stack, then=then_after(then, more)))


def then_after(first: EffectV | None, more: EffectV) -> EffectV:
    """The consequences ``first`` (none: None) and then ``more``, as one effect: what a
    move's own consequences and those its combinator adds do, in that order."""
    if first is None:
        return more
    a, b = first.fn, more.fn

    def fn(s):
        a(s)
        b(s)

    return EffectV(fn, victims_in_turn([first.victims, more.victims]))


move_step.per_facing = True  # relative directions: see ludeme.compile.directions


def moves_to_targets(c: CompileContext, targets: list[tuple[int, ...]], rule, act, then,
                     from_part, keep=None) -> PieceMovesV:
    """The moves of a piece from each site to the sites ``targets[site]`` lists, kept where
    the landing ``rule`` holds: folded into a site-and-piece table when it reads only the
    site, its piece and the mover, else asked per target. The generator behind ``(move
    Step ...)`` and ``(move Leap ...)``, which differ in their target tables and in what
    ``act`` does on landing."""
    n = len(targets)
    np = len(c.pieces.names)
    folded = site_piece_table(rule, "to", n, np, c.game.next_of) if rule else None
    thenfn = then.fn if then is not None else None
    takes = then.victims if then is not None else None

    # any piece may make the move when it stands alone (no piece of its own)
    interned = MoveTable(
        c.game, lambda frm, x, pid: Move("move", frm, x, pid, 0, act, thenfn, takes),
        lambda: ((frm, x, pid) for pid in range(1, np) for frm in range(n)
                 for x in targets[frm]))

    def for_piece(pid: int):
        # ``keep(pid, frm, x)``: whether that piece may go from frm to x at all
        mine = targets if keep is None else \
            [tuple(x for x in targets[frm] if keep(pid, frm, x)) for frm in range(n)]
        moves = [tuple(interned[frm, x, pid] for x in mine[frm]) for frm in range(n)]
        if rule is None:
            def at(s, frm, out):
                out.extend(moves[frm])
        elif folded is not None:
            entries = [tuple((x * np, x, m) for x, m in zip(mine[frm], moves[frm],
                                                             strict=True))
                       for frm in range(n)]

            def at(s, frm, out):
                w = s.what
                ok = folded[s.who]
                for xp, x, m in entries[frm]:
                    if ok[xp + w[x]]:
                        out.append(m)

            def many(s, frms, out):
                # ``at`` for each of the sites in turn, in one call
                w = s.what
                ok = folded[s.who]
                append = out.append
                for frm in frms:
                    for xp, x, m in entries[frm]:
                        if ok[xp + w[x]]:
                            append(m)

            at.many = many
            # every such piece's moves in one generated scan (compile.piecescan)
            at.every = scan_every(pid, np, [[(x,) for x in row] for row in mine], moves,
                                  (folded,))
        else:
            def at(s, frm, out):
                s.frm = frm
                for m in moves[frm]:
                    s.to = m.to
                    if rule(s):
                        out.append(m)

        return describe(at, anchored=True, possible=[frozenset(row) for row in moves])

    for_piece = memo(for_piece)
    return piece_moves(c, for_piece, from_part)
