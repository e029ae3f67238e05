"""Integer expressions: counts, scores, the sites of the current move, arithmetic."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("count Moves", T.IntFn)
def count_moves(c: CompileContext):
    """The number of moves played so far (by all players)."""
    return IntV(lambda s: s.ply)


@ludeme("count Pieces", T.IntFn)
def count_pieces(c: CompileContext, who: T.Role = None, piece: T.Str = None):
    """The number of pieces on the board (of ``who``; of kind ``piece``)."""
    board = c.require_board()
    sites = board.sites[c.site_type or board.default_type]
    pieces = c.pieces
    kind_ok = [piece is None or pieces.kinds[p] == piece for p in range(len(pieces.names))]
    kind_ok[0] = False
    owner = pieces.owner
    if who is None:
        return IntV(lambda s: sum(1 for x in sites if kind_ok[s.what[x]]))
    players = who.players()

    def fn(s):
        ps = players(s)
        w = s.what
        return sum(1 for x in sites if kind_ok[w[x]] and owner[w[x]] in ps)

    return IntV(fn)


@ludeme("count Sites", T.IntFn)
def count_sites(c: CompileContext, region: T.Region = None, *, in_: T.Region = None):
    """The number of sites in a region, given directly or as Ludii writes it:
    ``(count Sites in:(sites Empty))``."""
    if (region is None) == (in_ is None):
        c.fail("(count Sites ...) counts one region: (count Sites in:<region>)")
    region = region if region is not None else in_
    if region.static is not None:
        return IntV.of(len(region.static))
    fn = region.fn
    return IntV(lambda s: len(fn(s)))


@ludeme("score", T.IntFn)
def score(c: CompileContext, who: T.Role):
    """A player's score."""
    fn = who.fn
    return IntV(lambda s: s.score[fn(s)])


@ludeme("to", T.Site)
def to_site(c: CompileContext):
    """The destination site of the move being generated or applied."""
    return SiteV(lambda s: s.to)


@ludeme("from", T.Site)
def from_site(c: CompileContext):
    """The origin site of the move being generated or applied."""
    return SiteV(lambda s: s.frm)


@ludeme("last To", T.Site)
def last_to(c: CompileContext):
    """The destination of the last move played."""
    return SiteV(lambda s: s.history[-1].to if s.history else -1)


@ludeme("last From", T.Site)
def last_from(c: CompileContext):
    """The origin of the last move played."""
    return SiteV(lambda s: s.history[-1].frm if s.history else -1)


@ludeme("+", T.IntFn)
def plus(c: CompileContext, *terms: T.IntFn):
    """The sum."""
    fns = [t.fn for t in terms]
    if all(t.const is not None for t in terms):
        return IntV.of(sum(t.const for t in terms))
    return IntV(lambda s: sum(f(s) for f in fns))


@ludeme("-", T.IntFn)
def minus(c: CompileContext, a: T.IntFn, b: T.IntFn = None):
    """The difference ``a - b``, or ``-a``."""
    fa = a.fn
    if b is None:
        return IntV(lambda s: -fa(s))
    fb = b.fn
    return IntV(lambda s: fa(s) - fb(s))


@ludeme("*", T.IntFn)
def times(c: CompileContext, *factors: T.IntFn):
    """The product."""
    fns = [t.fn for t in factors]

    def fn(s):
        out = 1
        for f in fns:
            out *= f(s)
        return out

    return IntV(fn)
