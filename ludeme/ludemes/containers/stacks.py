"""Stacks per site: several pieces piled on one site, as in Ludii's stacking games.

A game whose rules pile pieces (``(move Add ... stack:True)``) keeps ``state.stack[x]``,
the pieces under the top one (bottom first), beside ``state.what[x]``, the top piece
(``Game.push_piece``/``Game.pop_piece`` keep both and the hash). Other games keep no
stacks and pay nothing: a piece on a site is a stack of one. Levels count from 0 at the
bottom, as Ludii's do.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV, IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def enable_stacks(c: CompileContext) -> None:
    """Sites of this game hold stacks (``state.stack``)."""
    c.uses_stacks = True
    if getattr(c, "game", None) is not None:
        c.game.uses_stacks = True


def stack_height(s, x: int) -> int:
    """How many pieces are piled on board site ``x``."""
    if not s.what[x]:
        return 0
    st = s.stack
    return 1 if st is None else len(st[x]) + 1


def piece_at_level(s, x: int, level: int) -> int:
    """The piece at ``level`` (0 = bottom) of the stack on site ``x``; 0 if none."""
    top = s.what[x]
    if not top or level < 0:
        return 0
    below = s.stack[x] if s.stack is not None else ()
    if level < len(below):
        return below[level]
    return top if level == len(below) else 0


@ludeme("size Stack", T.IntFn,
        ludii="Ludii's optional site type is not supported: the board's default sites "
              "are counted.")
def size_stack(c: CompileContext, *, at: T.Site = None, in_: T.Region = None):
    """How many pieces stand piled on the site ``at`` (0 when it is empty; 1 for a
    piece in a game without stacks): ``(< (size Stack at:(site)) 6)``; with ``in:``,
    on all the sites of a region together: ``(size Stack in:(sites Occupied
    by:Mover))``."""
    n = c.require_board().n_sites
    if (at is None) == (in_ is None):
        c.fail("(size Stack ...) needs at:<site> or in:<region>")
    enable_stacks(c)
    if in_ is not None:
        region = in_.fn
        return IntV(lambda s: sum(stack_height(s, x) for x in region(s) if 0 <= x < n))
    site = at.fn

    def fn(s):
        x = site(s)
        return stack_height(s, x) if 0 <= x < n else 0

    return IntV(fn)


def pieces_on(s, x: int) -> tuple[int, ...]:
    """The pieces on board site ``x``, bottom first (empty when none)."""
    top = s.what[x]
    if not top:
        return ()
    return (*s.stack[x], top) if s.stack is not None else (top,)


@ludeme("place Stack", T.Effect, ludii="The pieces are counted in the hand.")
def place_stack_in_hand(c: CompileContext, piece: T.Str, where: T.Hand, *,
                        count: T.IntFn = None):
    """Put ``count`` pieces in hands at the start (a hand keeps a count of each kind):
    ``(place Stack "Goat1" (handSite P1) count:24)``."""
    from ludeme.ludemes.containers.hands import place_in_hand

    enable_stacks(c)
    return place_in_hand(c, piece, where, count=count)


@ludeme("place Stack", T.Effect)
def place_stack(c: CompileContext, piece: T.Str, where: T.Region, *, count: T.Int = 1,
                counts: T.ListOf(T.Int) = None):
    """Pile pieces on sites at the start (the game then keeps stacks, as Ludii's
    stacking games): ``(place Stack "Disc1" 12 count:15)`` piles 15 on site 12,
    ``(place Stack "Goat1" (sites {"B2" "D4"}) counts:{5 4})`` 5 on B2 and 4 on D4."""
    from ludeme.ludemes.rules.start import piece_named

    return _piles(c, [piece_named(c, piece)], where, count, counts)


@ludeme("place Stack", T.Effect)
def place_stack_items(c: CompileContext, where: T.Region = None, *, items: T.ListOf(T.Str),
                      coord: T.Str = None):
    """Pile the pieces ``items`` names, bottom first, on each site of ``where`` (or on
    the site labelled ``coord:``) at the start: ``(place Stack items:{"Pawn1" "King1"}
    0)``, ``(place Stack items:{"Pawn2" "Pawn1"} coord:"A1")``."""
    from ludeme.ludemes.rules.start import piece_named

    if (where is None) == (coord is None):
        c.fail("(place Stack items:...) piles the pieces on sites: give the sites, or "
               "one label with coord:")
    if coord is not None:
        site = c.site_of(coord)
        where = SiteV(lambda s: site, site)
    return _piles(c, [piece_named(c, name) for name in items], where, 1, None)


def _piles(c: CompileContext, pids: list[int], where, count: int, counts) -> EffectV:
    """The start rule piling ``pids`` (bottom first) ``count`` times on each site of
    ``where`` (``counts[i]`` times on its i-th site when given)."""
    enable_stacks(c)
    push = c.game.push_piece
    if isinstance(where, SiteV):  # one site: (place Stack "Disc1" 12 count:15)
        site = where.fn
        region = lambda s: (site(s),)  # noqa: E731
        static = (where.const,) if where.const is not None else None
    else:
        region, static = where.fn, where.static
    if counts is not None and static is not None and len(counts) != len(static):
        c.fail(f"(place Stack ...) has {len(counts)} counts for {len(static)} sites")

    def fn(s):
        for i, x in enumerate(list(region(s))):
            n = counts[i] if counts is not None and i < len(counts) else count
            for _ in range(n):
                for p in pids:
                    push(s, x, p)

    return EffectV(fn)


@ludeme("topLevel", T.IntFn)
def top_level(c: CompileContext, *, at: T.Site):
    """The level of the top piece of the stack on ``at`` (0 for the bottom; 0 too when
    the site is empty or off the board, as in Ludii): ``(topLevel at:(to))``."""
    enable_stacks(c)
    site = at.fn
    n = c.require_board().n_sites

    def fn(s):
        x = site(s)
        return max(stack_height(s, x) - 1, 0) if 0 <= x < n else 0

    return IntV(fn)


@ludeme("level", T.IntFn)
def level_here(c: CompileContext):
    """The level in its stack (0 the bottom) of the piece whose moves ``(forEach Piece)``
    is making, as Ludii's ``(level)``: ``(move (from (from) level:(level)) (to ...))``
    moves that piece rather than the top one."""
    enable_stacks(c)
    return IntV(lambda s: s.level)
