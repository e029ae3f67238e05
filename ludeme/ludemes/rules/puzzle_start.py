"""A deduction puzzle's start: ``(set {{site value} ...})``, the sites the puzzle gives
(the model: ``ludeme.compile.puzzle``)."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.puzzle import puzzle_record
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("set", T.Effect)
def set_givens(c: CompileContext, site_type: T.SiteType = None,
               pairs: T.ListOf(T.ListOf(T.Int)) = ()):
    """In ``(start ...)`` of a deduction puzzle: each ``{site value}`` pair resolves
    the site to the value, and the site is no longer a variable the player sets
    (Ludii's deduction-puzzle Set). As in Ludii: ``(start (set {{1 9} {6 4}}))``."""
    rec = puzzle_record(c)
    if rec.values is None:
        c.fail("(set {{site value} ...}) needs the board's (values ...)")
    given = []
    for pair in pairs:
        if len(pair) != 2:
            c.fail(f"(set ...) takes pairs {{site value}}, not {{{' '.join(map(str, pair))}}}")
        site, value = pair
        if not 0 <= value <= rec.values.high:
            c.fail(f"value {value} is outside the board's values "
                   f"({rec.values.low} to {rec.values.high})")
        given.append((c.site_of(site, site_type or rec.values.site_type), value))
    rec.fixed.update(x for x, _ in given)
    slot = rec.slot

    def run(s):
        masks = s.aux[slot]
        for x, v in given:
            masks[x] = 1 << v

    return EffectV(run)
