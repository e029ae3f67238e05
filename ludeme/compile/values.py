"""What ludemes compile to: closures over the state, with what is known at compile time.

Every dynamic value is a closure of one argument, the ``State`` (which carries the
evaluation context: ``who``, ``nxt``, ``frm``, ``to``). Values known at compile time
carry them too (``const``/``static``), so that parents can fold them into tables.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass

from ludeme.runtime.move import Move
from ludeme.runtime.state import State

IntFnT = Callable[[State], int]
CondFnT = Callable[[State], bool]
RegionFnT = Callable[[State], Sequence[int]]
MovesFnT = Callable[[State], list[Move]]
EffectFnT = Callable[[State], None]


@dataclass(frozen=True, slots=True)
class IntV:
    fn: IntFnT
    const: int | None = None
    #: the values for each of a sequence of sites with ``(to)`` bound to each, in one
    #: call (a filter ``(to <region> if:...)`` asks all its candidates at once)
    per_to: Callable[[State, Sequence[int]], list[int]] | None = None
    #: the same with ``(from)`` bound to each site (a selection ``(from <region>
    #: if:...)`` asks all its candidates at once)
    per_from: Callable[[State, Sequence[int]], list[int]] | None = None
    #: of a value never negative (a count of pieces): the sites of a sequence where it is
    #: above 0 with ``(from)`` bound to each, in one call (``(from <region> if:(> (count
    #: at:(from)) 0))``, as mancalas choose their pits)
    positive_from: Callable[[State, Sequence[int]], list[int]] | None = None

    @staticmethod
    def of(value: int) -> IntV:
        return IntV(lambda s: value, value)


@dataclass(frozen=True, slots=True)
class SiteV:
    fn: IntFnT
    const: int | None = None


@dataclass(frozen=True, slots=True)
class HandSiteV(SiteV):
    """``(handSite P [n])``: a site of a hand (numbered after the board's, as Ludii's
    containers are), which also names the hand itself (``role``) for the ludemes that
    take a whole hand (``(place ...)``, ``(move Add (handSite Mover) ...)``)."""

    role: RoleV | None = None
    index: int = 0


@dataclass(frozen=True, slots=True)
class CondV:
    fn: CondFnT
    const: bool | None = None
    #: for a condition asked right after a piece is added on an empty site (``(to)``
    #: that site): given the position before the addition, a function of the site and
    #: the piece that answers for every candidate at once (True/False, or None when it
    #: cannot tell without making the addition); see ``(do ... ifAfterwards:)``
    after_add: Callable[[State], Callable[[int, int], bool | None]] | None = None
    #: Ludii's autoFails/autoSucceeds: when it returns True, the condition is known to
    #: fail (succeed) without being evaluated, as ``(is Threatened ...)`` fails while
    #: the threats of another one are being worked out; ``(do ... ifAfterwards:)``
    #: then keeps every move without trying it
    auto_fails: Callable[[], bool] | None = None
    auto_succeeds: Callable[[], bool] | None = None
    #: the sites of a sequence for which the condition holds with ``(to)`` bound to
    #: each, in one call (see ``IntV.per_to``)
    select_to: Callable[[State, Sequence[int]], list[int]] | None = None
    #: the same with ``(from)`` bound to each site (see ``IntV.per_from``)
    select_from: Callable[[State, Sequence[int]], list[int]] | None = None
    #: for a condition asked right after a move that drew pieces on the edges of a path
    #: of distinct vertices (``(move Path ...)``): ``(kind, test)`` where
    #: ``test(what, v)`` reads only the sites at vertex v (itself and its edges) and
    #: the condition holds exactly when the test holds at some vertex of the path
    #: (kind "any") or at none of them (kind "none"). A path generator then tests each
    #: vertex once its edges of the path are drawn, sharing the tests of a common
    #: start, and drops every path through a vertex that fails a "none" condition. An
    #: optional third item ``needs(v, drawn)``, asked when compiling, gives the sites
    #: that must all be occupied for the test to hold at v once the path's edges
    #: ``drawn`` there hold pieces of one owner (None: it cannot hold; empty: unknown)
    at_drawn_vertex: tuple | None = None

    @staticmethod
    def of(value: bool) -> CondV:
        return CondV(lambda s: value, value)


@dataclass(frozen=True, slots=True)
class RegionV:
    """A set of sites. ``static`` is the tuple when it never changes; ``contains`` tests one
    site without building the set (falls back to membership in ``fn``)."""

    fn: RegionFnT
    static: tuple[int, ...] | None = None
    contains: Callable[[State, int], bool] | None = None
    site_type: str | None = None
    #: (first, stop) when the region is exactly the empty sites of that index range,
    #: which lets generators select from a table in C (itertools.compress)
    empty_range: tuple[int, int] | None = None
    #: True when every site of the region is known to be empty (a subset of the empty
    #: sites), so that a placement need not check it again
    only_empty: bool = False
    #: (table, first, stop) when the region is exactly the sites x of that index range
    #: with ``table[state.what[x]]`` true: membership read from the piece on the site
    #: alone, so that a generator can keep its candidates up to date incrementally
    by_piece: tuple[bytes, int, int] | None = None
    #: the number of sites, without listing them (``(count Sites in:...)``), when the
    #: region can count them more cheaply than ``len(fn(s))``
    size: IntFnT | None = None
    #: ``size`` for each of a sequence of sites with ``(to)`` bound to each, when the
    #: region is around ``(to)`` (see ``IntV.per_to``)
    sizes_to: Callable[[State, Sequence[int]], list[int]] | None = None
    #: when the region is one site given where a region was asked for (``(to (trackSite
    #: ...))``): that site's function, so that a generator can skip the one-site tuple
    one_site: IntFnT | None = None
    #: the lines of sites, each listed from its landing end, when the region is, in
    #: each line, its first empty site (``(sites Drop ...)``): a generator can then keep
    #: its moves incrementally, a placement moving one line's site one step on
    lowest_empty: tuple[tuple[int, ...], ...] | None = None
    #: ``(role, who, sites, contrib)`` when the region is, for the player ``who(s)``
    #: (``role`` names it, e.g. "Mover"), the sites ``contrib[x]`` of each site x of
    #: ``sites`` (in that order) holding a piece of that player, each listed once, at its
    #: first occurrence: a region read from one player's pieces site by site, which
    #: ``ludeme.compile.ownedregions`` can keep on the state from move to move
    per_owned: tuple | None = None
    #: ``with_members(s)``: ``(sites, members)``, the region's sites and a container of
    #: them to test membership in, made together more cheaply than a set of ``fn(s)``
    #: (with ``ownedregions.LIVE_MEMBERS`` the region's own: read them before the state
    #: changes, never change them)
    with_members: Callable[[State], tuple[Sequence[int], Container[int]]] | None = None

    def known_empty(self) -> bool:
        return self.only_empty or self.empty_range is not None

    @staticmethod
    def of(sites: Sequence[int], site_type: str | None = None) -> RegionV:
        tup = tuple(dict.fromkeys(sites))
        members = frozenset(tup)
        return RegionV(lambda s: tup, tup, lambda s, x: x in members, site_type)

    def member(self) -> Callable[[State, int], bool]:
        if self.contains is not None:
            return self.contains
        fn = self.fn
        return lambda s, x: x in fn(s)


@dataclass(frozen=True, slots=True)
class RoleV:
    """A player (``fn`` gives its 1-based number) or a set of players (``many``)."""

    name: str
    fn: IntFnT
    const: int | None = None
    many: Callable[[State], Sequence[int]] | None = None

    def players(self) -> Callable[[State], Sequence[int]]:
        if self.many is not None:
            return self.many
        fn = self.fn
        return lambda s: (fn(s),)


@dataclass(frozen=True, slots=True)
class MovesV:
    gen: MovesFnT
    #: optional ``keep_if(cond)``: a generator of only the moves after which the
    #: condition (a ``CondV``) holds, for generators that can try their moves in place
    #: (cheaper than trying each on a copy); ``(do ... ifAfterwards:...)`` uses it
    #: when present
    keep_if: Callable[[CondV], MovesFnT] | None = None
    #: optional ``reaches(state, site)``: whether one of the moves goes to ``site``
    #: (Ludii's canMoveTo), answered without listing every move when the generator
    #: can tell which of its pieces could get there; see ``piecemoves.reach_of``
    reaches: Callable[[State, int], bool] | None = None
    #: every move made is an ``add`` of one piece on an empty site, with no
    #: consequences of its own (so a condition's ``after_add`` answers all of them)
    plain_adds: bool = False
    #: ``(test, move_at)`` when, run with ``(site)``, ``(from)`` and ``(to)`` all bound to
    #: one site x, the generator makes either the single move ``move_at(x)`` (when
    #: ``test(state)`` holds) or none: ``(forEach Site ...)`` then asks ``test`` per site
    #: and builds no list per site (``(forEach Site (sites Empty) (append (custodial
    #: ...)))``)
    at_site: tuple[CondFnT, Callable[[int], Move]] | None = None
    #: ``at_site``'s test asked of many sites at once: ``at_sites(state, sites)`` returns
    #: the sites (in the order given) whose move is made, as the test bound to each would
    at_sites: Callable[[State, Sequence[int]], list[int]] | None = None
    #: per player (as the mover), the piece ids whose sites the moves start from: every
    #: move starts on the site of one of the mover's pieces of those ids, and none is
    #: made twice (the moves of a ``(forEach Piece)``). Generators whose pieces differ
    #: never make the same move, so ``or`` joins their lists without looking for repeats
    origins: tuple[frozenset[int], ...] | None = None
    #: the same as ``origins`` for moves that start on the hand sites holding those
    #: pieces (``(forEach Piece container:...)``): a hand's moves and the board's never
    #: coincide, so ``or`` joins them without looking for repeats either
    hand_origins: tuple[frozenset[int], ...] | None = None
    #: optional ``rethen(effect)``: the same generator with ``effect`` run after each
    #: move's own consequences, its moves made with both (no copies of its moves made
    #: while generating, as ``with_then`` makes them); ``(forEach Piece ... (then ...))``
    #: uses it when every generator it plays has one
    rethen: Callable[[EffectV], MovesV] | None = None


@dataclass(frozen=True, slots=True)
class PieceMovesV(MovesV):
    """A move generator that can also give the moves of one piece at a time, which is
    how ``(forEach Piece)`` plays the moves a ``(piece ...)`` declares: ``for_piece(pid)``
    returns ``at(state, site, out)``, appending to ``out`` the moves of the piece ``pid``
    standing on ``site`` (see ``ludeme.compile.piecemoves``)."""

    for_piece: Callable[[int], Callable] | None = None
    #: ``starts(for_piece)``: the same generator (the same start sites) playing another
    #: ``for_piece``; how a generator compiled once per facing plays each piece by its own
    #: (``ludeme.compile.directions.per_facing``)
    starts: Callable[[Callable], MovesFnT] | None = None


@dataclass(frozen=True, slots=True)
class EffectV:
    fn: EffectFnT
    #: the sites whose pieces ``fn`` would take off the board, worked out without
    #: changing the state (the notation lists them: ``e7-c7xb7xc6``); None for an
    #: effect that never takes a piece. Evaluated in the context ``fn`` would run in.
    victims: Callable[[State], list[int]] | None = None
    #: for an effect that Ludii writes as a move generator (a capture rule): whether it
    #: would make any move in the current context, for ``(can Move <effect>)``
    any_move: Callable[[State], bool] | None = None
    #: ``any_move`` asked with ``(from)`` bound to each of many sites at once:
    #: ``any_move_at(state, sites)`` returns those where it holds, in the order given
    any_move_at: Callable[[State, Sequence[int]], list[int]] | None = None
    #: Ludii's evaluation of an effect apart from its application: worked out on the
    #: position given, it returns what applies it later (``(if ...)`` tests now, a move
    #: generator lists its moves now); see ``compiler.prepared``. None for an effect
    #: that is worked out when it runs
    prepare: Callable[[State], Callable[[State], None]] | None = None


@dataclass(frozen=True, slots=True)
class ResultV:
    """An outcome: ``fn`` returns the returns vector (index 0 unused)."""

    fn: Callable[[State], tuple[float, ...]]


@dataclass(frozen=True, slots=True)
class IntListV:
    fn: Callable[[State], list[int]]
