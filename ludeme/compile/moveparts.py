"""The parts of a move or capture rule, as Ludii writes them: ``(from ...)``,
``(between ...)``, ``(to ...)``, ``(apply ...)`` and a range such as ``(max 1)``.

They are not values of the game but arguments that shape a generator or an effect
(``move Slide``, ``custodial``, ``surround``); each compiles to a small record the
parent reads at compile time. The types live here, outside the vocabulary package, so
that every module declaring ludemes can name them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludeme.compile.values import CondV, EffectV, IntV, RegionV, SiteV
from ludeme.lang.types import LType

FROM = LType("From", "where a move or rule starts: (from <site or region> [if:<cond>])")
BETWEEN = LType("Between", "the sites passed over or enclosed: "
                "(between [(max n)] [if:<cond>] [(apply <effect>)])")
RANGE = LType("Range", "a limit on a distance or a length: (max n), (range min max)")
TO = LType("To", "the site reached or enclosing: (to [if:<cond>] [(apply ...)])")
APPLY = LType("Apply", "what happens at a site: (apply [<effect>] [if:<cond>])")


@dataclass(frozen=True)
class FromPart:
    site: SiteV | None = None
    region: RegionV | None = None
    cond: CondV | None = None
    level: IntV | None = None  # the level in its stack of the piece that moves


@dataclass(frozen=True)
class ApplyPart:
    effect: EffectV | None = None
    cond: CondV | None = None


@dataclass(frozen=True)
class BetweenPart:
    max: int | None = None          # None: no limit
    cond: CondV | None = None
    effect: EffectV | None = None
    min: int | None = None          # the least number of sites, when a range gives it
    before: int = 0                 # (move Hop): how far before the hurdle it may start
    after: int = 0                  # (move Hop): how far after the hurdle it may land
    #: (move Hop): an exact number of sites worked out during play, ``(exact <int>)``,
    #: in the context of the move's start (max and min are then None)
    length: Callable | None = None


@dataclass(frozen=True)
class ToPart:
    cond: CondV | None = None        # (to if:...)
    apply: ApplyPart | None = None   # (to (apply if:... <effect>))
    region: RegionV | None = None    # (move (from) (to <region> (apply ...))): where to


@dataclass(frozen=True)
class RangePart:
    max: int | None
    min: int | None = None
    length: Callable | None = None  # (exact <int>) not known at compile time


FLIPS = LType("Flips", "the two state values a double-sided piece turns between: "
              "(flips <int> <int>)")
PIECE_STATE = LType("PieceState", "a piece with a state value: (piece <name> state:<int>)")


@dataclass(frozen=True)
class FlipsPart:
    a: int
    b: int


@dataclass(frozen=True)
class PieceStatePart:
    name: str
    state: Callable | None = None  # state -> int; None: no state value
