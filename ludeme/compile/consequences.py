"""Consequences attached to a combination of move generators: ``(or {...} (then ...))``.

In Ludii any move generator may carry consequences; on a combinator (``or``, ``if``,
``priority``, ``forEach Piece``, ...) they are added to every move it produces, after
the consequences the move already has. Moves are interned values, so each produced
move is paired once with a copy carrying both (kept for the game's life, like the
generators' own tables).
"""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.compiler import CompileContext, victims_in_turn
from ludeme.compile.piecemoves import (
    describe,
    is_anchored,
    memo,
    per_piece,
    reach_of,
    targets_of,
)
from ludeme.compile.values import EffectV, MovesV, PieceMovesV
from ludeme.runtime.move import Move


def effect_then(effect: Callable, then: EffectV | None) -> EffectV:
    """The effect ``effect`` followed by its own consequences ``then`` (an effect's
    ``(then ...)``, as ``(add ... (then (set Counter)))``), run as soon as it is done."""
    if then is None:
        return EffectV(effect)
    after = then.fn

    def fn(s):
        effect(s)
        after(s)

    return EffectV(fn, then.victims)


def with_then(c: CompileContext, moves: MovesV, then: EffectV | None) -> MovesV:
    """``moves`` with the consequences ``then`` run after each move's own."""
    if then is None:
        return moves
    effect, victims = then.fn, then.victims
    # id(original) -> (original, with the consequences): the original is kept so that
    # its id is never reused by another move
    made: dict[int, tuple[Move, Move]] = {}

    def wrap(m: Move) -> Move:
        entry = made.get(id(m))
        if entry is not None and entry[0] is m:
            return entry[1]
        inner = m.then
        if inner is None:
            fn: Callable = effect
        else:
            def fn(s, first=inner):
                first(s)
                effect(s)
        takes = victims_in_turn([m.takes, victims])
        w = Move(m.kind, m.frm, m.to, m.piece, m.extra, m.act, fn, takes)
        w._key, w._hash = m._key, m._hash  # a key may say more than its fields (a die)
        # (no index: ludeme.interop numbers the copy when first seen, with the action of
        # the move it copies, and gives it its own tag)
        made[id(m)] = (m, w)
        return w

    c.game.intern_moves(lambda: [w for _, w in made.values()])
    gen = moves.gen
    inner_for = per_piece(moves)

    def for_piece(pid: int):
        at = inner_for(pid)

        def wrapped(s, frm, out):
            mine: list[Move] = []
            at(s, frm, mine)
            out.extend(map(wrap, mine))

        wrapped.targets = targets_of(at)  # the consequences do not change where moves go
        return describe(wrapped, is_anchored(at))

    # id(original) -> its copy, for the copies made so far: the originals are kept in
    # ``made``, so their ids are never reused, and known moves are looked up in C
    copies: dict[int, Move] = {}
    copy_of = copies.get

    def generate(s):
        made_here = gen(s)
        if not made_here:
            return []
        out = list(map(copy_of, map(id, made_here)))
        if all(out):  # every move seen before (a move is always true)
            return out
        for i, m in enumerate(made_here):
            if out[i] is None:
                out[i] = copies[id(m)] = wrap(m)
        return out

    at_site = None
    if moves.at_site is not None:
        test, inner_at = moves.at_site
        # each site's move is one interned move: its copy is looked up by site
        by_site: dict[int, Move] = {}

        def move_at(x: int) -> Move:
            m = by_site.get(x)
            if m is None:
                m = by_site[x] = wrap(inner_at(x))
            return m

        at_site = (test, move_at)
    # each move has one copy with the consequences: the moves start where they did
    return PieceMovesV(generate, for_piece=memo(for_piece), reaches=reach_of(moves),
                       at_site=at_site, at_sites=moves.at_sites if at_site else None,
                       origins=moves.origins)
