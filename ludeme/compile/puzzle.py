"""The model of Ludii's deduction puzzles, shared by their ludemes (``equipment.puzzle``,
``moves.satisfy``, ``conditions.puzzle``, ``rules.puzzle_start``).

Each site of the board's type is a variable holding a set of candidate values, at first
every value from 0 to the range's maximum (Ludii's bits 0..max: 0 is a candidate even
when the range starts at 1). A site is resolved when one candidate is left; its value is
then that candidate (0 while it is not resolved, as Ludii reads it). The one player sets
a site to a value (one candidate left) or toggles one candidate; the constraints decide
which settings are legal and when the puzzle is solved. The candidates live on the
state, one bit mask per site (``state.aux[record.slot]``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ludeme.compile.compiler import CompileContext
from ludeme.lang.types import LType

VALUES = LType("Values", "the values a deduction puzzle's sites may take: "
               "(values Cell (range 1 9))")


@dataclass(frozen=True)
class ValueRange:
    site_type: str
    low: int
    high: int


@dataclass
class PuzzleRecord:
    """What a game's puzzle ludemes share, made on first use: the state slot of the
    candidate masks, the value range, the regions declared for constraints, the sites
    the start fixes, and the play's constraints and variables."""

    slot: int
    values: ValueRange | None = None
    #: (name, kind, groups) per kind of ``(regions ...)``
    groups: list[tuple[str, str, tuple[tuple[int, ...], ...]]] = field(default_factory=list)
    fixed: set[int] = field(default_factory=set)
    constraints: list = field(default_factory=list)
    #: the variables of ``(satisfy ...)`` (Ludii's constraint variables), in order
    variables: tuple[int, ...] = ()
    variable_set: frozenset[int] = frozenset()

    def full_mask(self) -> int:
        high = self.values.high if self.values is not None else 0
        return (1 << (high + 1)) - 1


def puzzle_record(c: CompileContext) -> PuzzleRecord:
    """The game's puzzle record, made on first use. Its state slot (a list of
    candidate masks, one per site, every value a candidate at first) is declared once
    the game exists (the equipment compiles before it): see ``ensure_slot``."""
    rec = vars(c).get("puzzle_record")
    if rec is None:
        rec = PuzzleRecord(-1)
        vars(c)["puzzle_record"] = rec
    if rec.slot < 0 and c.game is not None:
        n = c.board.n_sites

        def init() -> list[int]:
            return [rec.full_mask()] * n

        rec.slot = c.game.add_aux(init, list.copy)
    return rec


def resolved_value(mask: int) -> int | None:
    """The value of a site with candidates ``mask``: the one candidate left, or None
    while several (or none) are left."""
    if mask and not mask & (mask - 1):
        return mask.bit_length() - 1
    return None


def declare_values(c: CompileContext, vr: ValueRange) -> None:
    """The board's ``(values ...)``: the range of every site's candidates."""
    puzzle_record(c).values = vr
