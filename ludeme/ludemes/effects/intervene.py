"""Capture by intervention: ``(intervene ...)``, the piece that moves between two enemies
in a line takes both (Ludii's ``Intervene``)."""

from __future__ import annotations

import math
from collections.abc import Callable

from ludeme.board.graph import Board
from ludeme.board.steps import COMPASS
from ludeme.compile.compiler import CompileContext
from ludeme.compile.moveparts import BETWEEN, FROM, TO
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.effects.captures import _origin

# Ludii's test for two lines being opposite: the turn from one into the other, through
# the site they start from, is under 0.1 radians
OPPOSITE_TURN = 0.1

Line = tuple[int, ...]


@ludeme("intervene", T.Effect,
        ludii="As in Ludii 1.0.8, with lines of one site, when the site across from a "
              "target does not meet the condition the effect still applies to that site "
              "(removing nothing when it is empty). Without (from ...) it looks out from "
              "the destination of the move just made.")
def intervene(c: CompileContext, from_: FROM = None, directions: T.Direction = None,
              between: BETWEEN = None, to: TO = None, *, then: T.Effect = None):
    """Capture by intervention: looking out from ``(from ...)`` (by default the site the
    last move reached) along each line in ``directions`` (Adjacent by default) that has
    a line straight across it, when the sites next to the origin on both lines meet
    ``(to if:...)`` (an enemy piece by default), ``(to (apply ...))`` is applied to both
    (the piece is removed by default), with ``(to)`` bound to each. With ``(between
    (range a b))`` runs of a to b such sites on both lines are taken. Every line is
    examined before anything is applied; ``then:`` runs after each site's effect.

    ``(intervene (from (last To)) (to if:(is Enemy (who at:(to))) (apply (remove
    (to)))))``"""
    board = c.require_board()
    dirs = directions if directions else board.directions["Adjacent"]
    pairs = _opposite_pairs(board, dirs)
    origin = _origin(c, from_)
    target = to.cond.fn if to is not None and to.cond is not None else None
    if target is None:
        owner = c.pieces.owner

        def target(s):
            o = owner[s.what[s.to]]
            return o != 0 and o != s.who
    if to is not None and to.apply is not None and to.apply.effect is not None:
        effect, effect_victims = to.apply.effect.fn, to.apply.effect.victims
    else:
        clear = c.game.clear_site

        def effect(s):
            clear(s, s.to)
        effect_victims = None
    low = between.min if between is not None and between.min is not None else 1
    high = between.max if between is not None and between.max is not None else 1
    if low > high:
        c.fail(f"a run of at least {low} and at most {high} sites is impossible")
    find = _short(pairs, target) if low == high == 1 else _long(pairs, target, low, high)
    thenfn = then.fn if then is not None else None

    def apply_to(s, sites) -> None:
        old = s.to
        for y in sites:
            s.to = y
            effect(s)
            if thenfn is not None:
                thenfn(s)
        s.to = old

    def fn(s):
        x = origin(s)
        if x < 0:
            return
        old = s.to
        sites = find(s, x)
        s.to = old
        apply_to(s, sites)

    def prepare(s):
        # as Ludii works out every effect of an (and ...) before applying any
        x = origin(s)
        if x < 0:
            return _nothing
        old = s.to
        sites = list(find(s, x))
        s.to = old
        return (lambda t: apply_to(t, sites)) if sites else _nothing

    def victims(s):
        x = origin(s)
        if x < 0:
            return []
        old = s.to
        out: list[int] = []
        for y in find(s, x):
            if effect_victims is not None:
                s.to = y
                out += effect_victims(s)
            elif s.what[y]:
                out.append(y)
        s.to = old
        return out

    return EffectV(fn, victims, prepare=prepare)


def _nothing(s) -> None:
    """A prepared effect that found nothing to do."""


def _opposite_pairs(board: Board, dirs) -> tuple[tuple[tuple[Line, Line | None], ...], ...]:
    """Per site, Ludii's distinct radials along ``dirs`` with the line straight across
    each (None when there is none). A line's opposite is the first line of its kind (of
    the same relation, or along any compass direction) whose first site is across the
    origin from its own; a line that is the opposite of one already kept is left out, so
    each pair is examined once, from the line that comes first clockwise from north."""
    xy = board.coords
    relation = getattr(dirs, "relation", None)
    chosen = board.lines_of(dirs)
    pool = chosen if relation not in (None, "All") else board.lines_of(COMPASS)

    def turn(x: int, a: Line, b: Line) -> float:
        """How far the line from a's first site through x turns into b (Ludii's
        ``angleDifference``)."""
        (ox, oy), (ax, ay), (bx, by) = xy[x], xy[a[0]], xy[b[0]]
        vx, vy, ux, uy = ox - ax, oy - ay, bx - ox, by - oy
        return abs(math.atan2(ux * -vy + uy * vx, ux * vx + uy * vy))

    out = []
    for x, mine in enumerate(chosen):
        kept: list[tuple[Line, Line | None]] = []
        for a in mine:
            if any(o == a for _, o in kept):
                continue
            across = next((b for b in pool[x] if b != a and turn(x, a, b) < OPPOSITE_TURN),
                          None)
            kept.append((a, across))
        out.append(tuple(kept))
    return tuple(out)


def _short(pairs, target: Callable) -> Callable:
    """Lines of one site each, as Ludii's ``shortSandwich`` does them."""
    def find(s, x) -> list[int]:
        out: list[int] = []
        for line, across in pairs[x]:
            s.to = line[0]
            if not target(s) or across is None:
                continue
            at = across[0]
            s.to = at
            if target(s):
                out.append(at)
                at = line[0]
            out.append(at)
        return out

    return find


def _long(pairs, target: Callable, low: int, high: int) -> Callable:
    """Runs of ``low`` to ``high`` sites on both lines (Ludii's ``longSandwich``)."""
    def run(s, line: Line) -> list[int]:
        got = []
        for y in line[:high]:
            s.to = y
            if not target(s):
                break
            got.append(y)
        return got

    def find(s, x) -> list[int]:
        out: list[int] = []
        for line, across in pairs[x]:
            mine = run(s, line)
            if len(mine) < low or across is None:
                continue
            theirs = run(s, across)
            if len(theirs) < low:
                continue
            out += theirs
            out += mine
        return out

    return find
