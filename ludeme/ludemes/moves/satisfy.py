"""``(satisfy ...)``: the moves of a deduction puzzle (Ludii's Satisfy; the model:
``ludeme.compile.puzzle``).

For each variable site the start does not fix, and each value of the board's range:
a Set move (the site resolved to the value) when every constraint holds afterwards,
and a Toggle move (the value's candidate switched on or off) unless the site is
resolved to that value. Constraints are checked group by group: a group the move does
not touch keeps its verdict, so only the groups through the site are tried again.
"""

from __future__ import annotations

import random

from ludeme.compile.compiler import CompileContext
from ludeme.compile.movetable import MoveTable
from ludeme.compile.puzzle import puzzle_record, resolved_value
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.conditions.puzzle import ConstraintV
from ludeme.runtime.move import Move


@ludeme("satisfy", T.Moves)
def satisfy(c: CompileContext, constraints: (T.Cond, T.ListOf(T.Cond))):
    """A deduction puzzle's moves: set a site to a value, when every constraint
    (``(all Different)``, ``(is Sum n)``, ``(is Count ...)``) still holds afterwards,
    or toggle one of a site's candidate values. The sites are the constraints' (Ludii's
    constraint variables) less those the start sets. As in Ludii: ``(play (satisfy
    {(all Different) (is Sum 15)}))``."""
    cons = [constraints] if isinstance(constraints, ConstraintV) else list(
        constraints if isinstance(constraints, (list, tuple)) else [constraints])
    for con in cons:
        if not isinstance(con, ConstraintV):
            c.fail("(satisfy ...) takes puzzle constraints: (all Different), (is Sum ...), "
                   "(is Count ...)")
    rec = puzzle_record(c)
    if rec.values is None:
        c.fail("(satisfy ...) needs the board's (values ...): (board (square 9) "
               "(values Cell (range 1 9)))")
    rec.constraints = [con.constraint for con in cons]
    rec.variables = tuple(dict.fromkeys(x for con in rec.constraints for x in con.variables))
    rec.variable_set = frozenset(rec.variables)
    slot = rec.slot
    low, high = rec.values.low, rec.values.high

    # Zobrist keys of each candidate bit of each site: a position's hash tells its
    # candidates apart (the hash moves with every bit a move changes, so it depends on
    # the candidates only, whatever path led to them)
    rng = random.Random(0x5A715)
    keys = [[rng.getrandbits(64) for _ in range(high + 1)] for _ in range(c.board.n_sites)]

    def flip_hash(s, site: int, changed: int) -> None:
        ks = keys[site]
        h = s.hash
        while changed:
            low_bit = changed & -changed
            h ^= ks[low_bit.bit_length() - 1]
            changed ^= low_bit
        s.hash = h

    def act_set(s, m):
        masks = s.aux[slot]
        new = 1 << m.extra
        flip_hash(s, m.to, masks[m.to] ^ new)
        masks[m.to] = new

    def act_toggle(s, m):
        s.aux[slot][m.to] ^= 1 << m.extra
        s.hash ^= keys[m.to][m.extra]

    table = MoveTable(
        c.game,
        lambda kind, site, v: Move(kind, site, site, 0, v,
                                   act_set if kind == "set" else act_toggle),
        lambda: ((k, x, v) for x in rec.variables for v in range(low, high + 1)
                 for k in ("set", "toggle")))
    # per constraint, the groups through each site
    through = []
    for con in rec.constraints:
        by_site: dict[int, list[int]] = {}
        for gi, g in enumerate(con.groups):
            for x in dict.fromkeys(g):
                by_site.setdefault(x, []).append(gi)
        through.append(by_site)

    def gen(s) -> list[Move]:
        masks = s.aux[slot]
        vals = [resolved_value(m) for m in masks]
        fixed = rec.fixed
        # the groups failing now: (constraint, group) pairs
        bad = []
        for ci, con in enumerate(rec.constraints):
            for gi, (g, check) in enumerate(zip(con.groups, con.checks, strict=True)):
                if not check([vals[x] for x in g]):
                    bad.append((ci, gi))
        out = []
        for x in rec.variables:
            if x in fixed:
                continue
            # a move on x can mend only the failing groups through x
            settable = all(gi in through[ci].get(x, ()) for ci, gi in bad)
            mask = masks[x]
            for v in range(low, high + 1):
                if settable and _holds_with(rec.constraints, through, vals, x, v):
                    out.append(table[("set", x, v)])
                if mask != 1 << v:
                    out.append(table[("toggle", x, v)])
        return out

    return MovesV(gen)


def _holds_with(constraints, through, vals, x: int, v: int) -> bool:
    """Whether every group through ``x`` passes with ``x`` resolved to ``v``."""
    old = vals[x]
    vals[x] = v
    try:
        for con, by_site in zip(constraints, through, strict=True):
            groups, checks = con.groups, con.checks
            for gi in by_site.get(x, ()):
                if not checks[gi]([vals[y] for y in groups[gi]]):
                    return False
        return True
    finally:
        vals[x] = old
