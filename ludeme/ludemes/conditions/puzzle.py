"""Deduction puzzles' constraints: ``(all Different)``, ``(is Sum n)``, ``(is Count ...)``
and ``(is Solved)`` (the model: ``ludeme.compile.puzzle``).

A constraint is a list of groups of sites and a test of one group's values (None for a
site not resolved yet), Ludii's semantics: a group breaks the constraint only through
its resolved sites. ``(satisfy ...)`` compiles the constraints it is given into its
moves; each is also a condition of its own, true when every group passes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludeme.compile.compiler import CompileContext
from ludeme.compile.puzzle import puzzle_record, resolved_value
from ludeme.compile.values import CondV, RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme

Check = Callable[[Sequence[int | None]], bool]


@dataclass(frozen=True)
class Constraint:
    """``groups`` of sites (tuples), the ``checks`` of each group's values in order
    (None: not resolved), and the sites it makes variables, in Ludii's order."""

    groups: tuple[tuple[int, ...], ...]
    checks: tuple[Check, ...]
    variables: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ConstraintV(CondV):
    """A puzzle constraint as a condition, carrying the constraint itself."""

    constraint: Constraint | None = None


def _constraint_v(c: CompileContext, groups, checks) -> ConstraintV:
    groups = tuple(tuple(g) for g in groups)
    checks = tuple(checks) if isinstance(checks, (list, tuple)) else (checks,) * len(groups)
    slot = puzzle_record(c).slot
    variables = tuple(dict.fromkeys(s for g in groups for s in g))
    con = Constraint(groups, checks, variables)

    def holds(s) -> bool:
        masks = s.aux[slot]
        return all(check([resolved_value(masks[x]) for x in g])
                   for g, check in zip(groups, checks, strict=True))

    return ConstraintV(holds, constraint=con)


def _region_groups(c: CompileContext, region: RegionV | None, what: str,
                   static_only: bool = False):
    """[(kind, group)]: the region's sites (kind ""), or every group the equipment's
    ``(regions ...)`` declare when no region is given (Ludii's Regions; with
    ``static_only``, as Ludii's ``(is Sum n)`` reads them, only those of a static kind
    such as Rows, not unnamed lists of regions)."""
    if region is None:
        return [(kind, g) for _, kind, groups in puzzle_record(c).groups for g in groups
                if not (static_only and kind == "Regions")]
    if region.static is None:
        c.fail(f"{what} needs a region fixed when the game starts",
               "give (sites Board), a (sites {...}) list or a declared region")
    return [("", region.static)]


@ludeme("all Different", T.Cond)
def all_different(c: CompileContext, region: T.Region = None, *,
                  except_: T.Int = None, excepts: T.ListOf(T.Int) = None):
    """Whether the resolved sites of ``region`` (each of the equipment's puzzle
    regions when none is given) hold different values; values in ``except:`` (or
    ``excepts:{...}``) may repeat. A resolved site holding 0 breaks it unless 0 is
    excepted (Ludii's rule). An ``AllDirections`` region (a site and its lines) is
    only checked while the site itself holds a value other than 0. As in Ludii:
    ``(satisfy (all Different))``."""
    skip = frozenset([except_] if except_ is not None else (excepts or ()))

    def check(vals) -> bool:
        seen = set()
        for v in vals:
            if v is None or v in skip:
                continue
            if v == 0 or v in seen:
                return False
            seen.add(v)
        return True

    def centred(vals) -> bool:
        return not vals[0] or check(vals)

    pairs = _region_groups(c, region, "(all Different ...)")
    return _constraint_v(c, [g for _, g in pairs],
                         [centred if kind == "AllDirections" else check for kind, _ in pairs])


def _sum_check(result: int) -> Check:
    def check(vals) -> bool:
        total = 0
        complete = True
        for v in vals:
            if v is None:
                complete = False
            else:
                total += v
        return total <= result and (not complete or total == result)

    return check


@ludeme("is Sum", T.Cond)
def is_sum(c: CompileContext, result: T.Int):
    """Whether the resolved sites of each of the equipment's puzzle regions add up to
    at most ``result``, and to exactly ``result`` once all are resolved. As in Ludii:
    ``(is Sum 15)``."""
    return _constraint_v(c, [g for _, g in _region_groups(c, None, "(is Sum ...)", True)],
                         _sum_check(result))


@ludeme("is Sum", T.Cond)
def is_sum_of(c: CompileContext, region: T.Region, result: T.Int):
    """``(is Sum <region> n)``: the same test on one region's sites."""
    return _constraint_v(c, [g for _, g in _region_groups(c, region, "(is Sum ...)")],
                         _sum_check(result))


@ludeme("is Count", T.Cond)
def is_count(c: CompileContext, region: T.Region, result: T.Int, *, of: T.Int = 1):
    """Whether at most ``result`` resolved sites of ``region`` hold ``of``, and
    exactly ``result`` once all are resolved. As in Ludii: ``(is Count (sites Board)
    of:1 8)``."""
    def check(vals) -> bool:
        n = 0
        complete = True
        for v in vals:
            if v is None:
                complete = False
            elif v == of:
                n += 1
        return n <= result and (not complete or n == result)

    return _constraint_v(c, [g for _, g in _region_groups(c, region, "(is Count ...)")],
                         check)


@ludeme("is Solved", T.Cond)
def is_solved(c: CompileContext):
    """Whether the puzzle is solved: with every unresolved variable of ``(satisfy
    ...)`` taken as 0 (Ludii's rule), every constraint holds. As in Ludii:
    ``(end (if (is Solved) (result P1 Win)))``."""
    rec = puzzle_record(c)
    slot = rec.slot

    def solved(s) -> bool:
        masks = s.aux[slot]
        variables = rec.variable_set
        for con in rec.constraints:
            for g, check in zip(con.groups, con.checks, strict=True):
                vals = []
                for x in g:
                    v = resolved_value(masks[x])
                    vals.append(0 if v is None and x in variables else v)
                if not check(vals):
                    return False
        return True

    return CondV(solved)
