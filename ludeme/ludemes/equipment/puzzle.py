"""Deduction puzzles' equipment: the values a site may take, ``(values Cell (range 1
9))`` in the board, and the regions constraints read, ``(regions {Columns Rows
SubGrids})`` (the model: ``ludeme.compile.puzzle``)."""

from __future__ import annotations

import math

from ludeme.compile.compiler import CompileContext
from ludeme.compile.moveparts import RANGE, RangePart
from ludeme.compile.puzzle import VALUES, ValueRange, puzzle_record
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("values", VALUES)
def values(c: CompileContext, site_type: T.SiteType, range_: RANGE):
    """The values each site of ``site_type`` may take in a deduction puzzle, as
    Ludii's ``(values Cell (range 1 9))`` in the ``(board ...)``: a site holds a set
    of candidates, resolved when one is left (see ``(satisfy ...)``)."""
    if not isinstance(range_, RangePart) or range_.min is None or range_.max is None:
        c.fail("(values ...) needs a (range <low> <high>) of numbers")
    if range_.max > 30:
        c.fail(f"(values ...) up to {range_.max}: at most 30 values are supported",
               "Ludii's candidate sets hold at most 31 values")
    return ValueRange(site_type, range_.min, range_.max)


@ludeme("regions", T.Item)
def puzzle_regions(c: CompileContext, name: T.Str = None,
                   kinds: (T.RegionType, T.ListOf(T.RegionType)) = ()):
    """Regions a deduction puzzle's constraints read, as Ludii's ``(regions {Columns
    Rows SubGrids})``: every row, every column, each square sub-grid (a 9x9 board has
    nine 3x3), or for each site the lines it sees in every direction (``AllDirections``,
    the site first). ``(all Different)`` and ``(is Sum n)`` with no region apply to each
    of them."""
    rec = puzzle_record(c)
    for kind in [kinds] if isinstance(kinds, str) else list(kinds):
        rec.groups.append((name or "", kind, static_groups(c, kind)))
    return None


def declare_groups(c: CompileContext, regions: list) -> None:
    """Ludii's unnamed ``(regions {<region> ...})``: each region (fixed when the game
    starts) a group that ``(all Different)`` with no region checks."""
    groups = []
    for r in regions:
        if r.static is None:
            c.fail("a puzzle's (regions {...}) need regions fixed when the game starts")
        groups.append(tuple(r.static))
    puzzle_record(c).groups.append(("", "Regions", tuple(groups)))


def static_groups(c: CompileContext, kind: str) -> tuple[tuple[int, ...], ...]:
    """The sites of each region of one of Ludii's static kinds, on the board's
    default site type, as Ludii's ``Regions.convertStaticRegionOnLocs`` lists them."""
    from ludeme.ludemes.conditions.loops import LINE_KINDS, static_regions

    if kind not in LINE_KINDS:
        return tuple(tuple(sorted(r)) for r in static_regions(c, kind))
    b = c.board
    t = b.default_type
    if kind == "Rows":
        return tuple(tuple(r) for r in b.rows[t])
    if kind == "Columns":
        return tuple(tuple(col) for col in b.columns[t])
    if kind == "Diagonals":
        # Ludii 1.0.8 never fills its topology's diagonals: the kind has no region
        return ()
    if kind == "HintRegions":
        # the regions of the sites (hints) give; a board without hints has none
        return ()
    sites = b.sites[t]
    if kind == "SubGrids":
        # sqrt(sqrt(cells)) squares a side, by each cell's row and column (a 9x9 board
        # has nine 3x3 sub-grids), as Ludii takes them
        n = int(math.sqrt(math.sqrt(len(b.sites.get("Cell", ())))))
        out = []
        for gr in range(n):
            for gc in range(n):
                out.append(tuple(s for s in b.sites.get("Cell", ())
                                 if gr * n <= b.row_of[s] < (gr + 1) * n
                                 and gc * n <= b.col_of[s] < (gc + 1) * n))
        return tuple(out)
    # AllDirections: each site, then every site its lines in all directions reach
    out = []
    for s in sites:
        seen = [s]
        for d in b.directions["All"]:
            for x in b.ray[d][s]:
                if x not in seen:
                    seen.append(x)
        out.append(tuple(seen))
    return tuple(out)


__all__ = ["declare_groups", "static_groups"]
