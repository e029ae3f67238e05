"""Integer expressions: counts, scores, the sites of the current move, arithmetic."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludeme.compile import placedreads
from ludeme.compile.compiler import CompileContext, reads_mover
from ludeme.compile.inlined import expression
from ludeme.compile.pure import FROM, mark
from ludeme.compile.values import IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.state import State


@ludeme("count Moves", T.IntFn)
def count_moves(c: CompileContext):
    """The number of moves played so far (by all players). As in Ludii, in the
    consequences of a move (``then:``) and in ``(do ... ifAfterwards:)`` the move itself
    is counted."""
    def ply(s):
        return s.ply

    ply.counts_plies = True  # (is Even/Odd ...) of it depends on the ply's parity alone
    return IntV(expression(ply, "s.ply"))


@dataclass(frozen=True, slots=True)
class PieceCountV(IntV):
    """A count of pieces that also knows how to test "none left" without counting
    (``(= (count Pieces P1) 0)`` stops at the first piece found)."""

    absent: Callable[[State], bool] | None = None


@ludeme("count Pieces", T.IntFn)
def count_pieces(c: CompileContext, who: T.Role = None, piece: T.Str = None):
    """The number of pieces (of ``who``; of kind ``piece``): on the board, at every
    level of its stacks, and, as in Ludii, held in hands (with a kind, the top pieces
    on the board only)."""
    board = c.require_board()
    sites = board.sites[c.site_type or board.default_type]
    pieces = c.pieces
    if piece is not None and piece not in pieces.kind_names:
        from ludeme.errors import suggest

        c.fail(f"no piece '{piece}' in the equipment", suggest(piece, pieces.kind_names))
    kind_ok = [piece is None or pieces.kinds[p] == piece for p in range(len(pieces.names))]
    kind_ok[0] = False
    owner = pieces.owner
    # count piece ids with list.count (a scan in C) over the sites of this type
    first, stop = sites[0], sites[-1] + 1
    whole = first == 0 and stop == board.n_sites

    # as in Ludii, a player's pieces in stacks are counted at every level (a count of
    # one kind of piece reads the top pieces only)
    by_level = piece is None

    def on_tops(pids: tuple[int, ...]):
        if len(pids) == 1:
            pid = pids[0]
            if whole:
                return lambda s: s.what.count(pid)
            return lambda s: s.what[first:stop].count(pid)
        if whole:
            return lambda s: sum(map(s.what.count, pids))
        return lambda s: sum(map(s.what[first:stop].count, pids))

    def counter(pids: tuple[int, ...]):
        tops = on_tops(pids)
        if not by_level:
            return tops
        ids = frozenset(pids)

        def fn(s):
            n = tops(s)
            st = s.stack
            if st is not None:
                n += sum(p in ids for below in st[first:stop] for p in below)
            return n

        return fn

    def fixed(pids: tuple[int, ...]) -> PieceCountV:
        if not whole:
            return PieceCountV(counter(pids))
        count = counter(pids)
        if len(pids) == 1:
            pid = pids[0]

            def absent(s):
                return pid not in s.what and (s.stack is None or not count(s))
        else:
            def absent(s):
                return not any(map(s.what.__contains__, pids)) and \
                    (s.stack is None or not count(s))
        return PieceCountV(count, absent=placedreads.absent_of(
            pids, absent, stacks=getattr(c, "uses_stacks", False)))

    ids = [p for p in range(1, len(pieces.names)) if kind_ok[p]]
    on_board = _count_on_board(who, ids, owner, fixed, counter)
    from ludeme.ludemes.containers.hands import declared_hands

    held = sorted(p for p in declared_hands(c) if p > 0)
    if piece is not None or not held:
        return on_board
    # as in Ludii, a player's pieces are counted in every container: its hand's too
    board_fn = on_board.fn
    if who is None or who.many is not None:
        return IntV(lambda s: board_fn(s) + sum(sum(s.hand[p]) for p in held))
    if who.const is not None:
        mine = who.const
        return IntV(lambda s: board_fn(s) + sum(s.hand[mine]))
    if who.many is None:
        # one player: its hand's pieces, without a generator per call
        role, holds = who.fn, frozenset(held)

        def total(s):
            return board_fn(s) + (sum(s.hand[p]) if (p := role(s)) in holds else 0)

        if not whole:
            return IntV(total)
        top = max(owner, default=0) + 1
        per_ids = [tuple(p for p in ids if owner[p] == q) for q in range(top)]

        of_mover = getattr(who, "name", None) == "Mover"  # (read without a call)

        def absent(s):
            # none in its hand and none on the board, found without counting
            # ("NoPiece": the end rule of race games, asked after every move)
            q = s.who if of_mover else role(s)
            if q in holds and any(s.hand[q]):
                return False
            if s.stack is not None or not 0 <= q < top:
                return total(s) == 0
            w = s.what
            for p in per_ids[q]:
                if p in w:
                    return False
            return True

        return PieceCountV(total, None, absent=absent)
    players = who.players()
    return IntV(lambda s: board_fn(s) + sum(sum(s.hand[p]) for p in players(s) if p in held))


def _count_on_board(who, ids, owner, fixed, counter):
    """``(count Pieces ...)`` over the board's sites."""
    if who is None:
        return fixed(tuple(ids))
    if who.const is not None:
        return fixed(tuple(p for p in ids if owner[p] == who.const))
    players = who.players()
    by_players: dict[tuple[int, ...], object] = {}

    def fn(s):
        ps = tuple(players(s))
        f = by_players.get(ps)
        if f is None:
            f = by_players[ps] = counter(tuple(p for p in ids if owner[p] in ps))
        return f(s)

    if who.many is None:
        # one player (Mover, Next, ...): that player's counter, chosen by number
        role = who.fn
        top = max(owner, default=0) + 1
        per = [counter(tuple(p for p in ids if owner[p] == q)) for q in range(top)]

        def one(s):
            q = role(s)
            return per[q](s) if 0 <= q < top else fn(s)

        return IntV(one)
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
    if region.size is not None:
        return IntV(region.size, per_to=region.sizes_to)
    fn = region.fn
    return IntV(lambda s: len(fn(s)))


@ludeme("count Rows", T.IntFn)
def count_rows(c: CompileContext, site_type: T.SiteType = None):
    """The number of rows of the board (of its cells, or of ``Vertex``/``Edge``)."""
    board = c.require_board()
    return IntV.of(len(board.rows[_used_type(c, site_type)]))


@ludeme("count Cells", T.IntFn)
def count_cells(c: CompileContext):
    """The number of cells of the board. As in Ludii: ``(count Cells)``."""
    return IntV.of(c.require_board().count.get("Cell", 0))


@ludeme("count Vertices", T.IntFn)
def count_vertices(c: CompileContext):
    """The number of vertices of the board. As in Ludii: ``(count Vertices)``."""
    return IntV.of(c.require_board().count.get("Vertex", 0))


@ludeme("count Edges", T.IntFn)
def count_edges(c: CompileContext):
    """The number of edges of the board. As in Ludii: ``(count Edges)``."""
    return IntV.of(c.require_board().count.get("Edge", 0))


@ludeme("count Columns", T.IntFn)
def count_columns(c: CompileContext, site_type: T.SiteType = None):
    """The number of columns of the board (of its cells, or of ``Vertex``/``Edge``)."""
    board = c.require_board()
    return IntV.of(len(board.columns[_used_type(c, site_type)]))


def _used_type(c: CompileContext, site_type: str | None) -> str:
    """The site type asked for (the game's by default), which the board must use."""
    board = c.require_board()
    t = site_type or c.site_type or board.default_type
    if t not in board.rows:
        c.fail(f"the board does not use {t.lower()}s", "add it to the board's use:")
    return t


@ludeme("count", T.IntFn, ludii="A site type is not supported.")
def count_at(c: CompileContext, site_type: T.SiteType = None, *, at: (T.Site, T.IntFn) = None,
             in_: T.Region = None):
    """How many pieces stand on a site (``(count at:(last To))``: the seeds of a mancala
    pit; 1 or 0 where a site holds one piece; on a hand site, ``(count Cell
    at:(handSite Mover))``, how many the hand holds there) or on the sites of a region
    together (``(count in:(sites Row 0))``), as Ludii's ``(count ...)``
    without a kind."""
    from ludeme.ludemes.containers.hands import hand_layout

    if (at is None) == (in_ is None):
        c.fail("(count ...) counts at one site or in one region: (count at:<site>) "
               "or (count in:<region>)")
    n = c.require_board().n_sites
    layout = hand_layout(c)
    held, stop = layout.count, layout.stop
    if at is not None:
        site = at.fn

        def count_of(s, x):
            if 0 <= x < n:
                if not s.what[x]:
                    return 0
                cnt = s.count
                return (cnt[x] or 1) if cnt is not None else 1
            return held(s, x) if n <= x < stop else 0

        if site is FROM_SITE:
            # (count at:(from)), as mancalas ask it of every pit: the site without a call
            def at_from(s):
                return count_of(s, s.frm)

            def per_from(s, sites):
                w, cnt = s.what, s.count
                if cnt is not None and sites and min(sites) >= 0 and max(sites) < n:
                    return [(cnt[x] or 1) if w[x] else 0 for x in sites]
                out = []
                for x in sites:
                    s.frm = x
                    out.append(at_from(s))
                return out

            def positive_from(s, sites):
                w = s.what
                if sites and min(sites) >= 0 and max(sites) < n:
                    return [x for x in sites if w[x]]  # a board site holds >= 1 or none
                return [x for x, v in zip(sites, per_from(s, sites), strict=True) if v > 0]

            # of board sites it keeps exactly those holding a piece: a generator that
            # knows its sites are the board's may test ``state.what`` itself
            positive_from.occupied_on_board = True
            return IntV(at_from, per_from=per_from, positive_from=positive_from)

        def at_fn(s):
            x = site(s)
            if 0 <= x < n:  # a board site, read here: count_of without a call
                if not s.what[x]:
                    return 0
                cnt = s.count
                return (cnt[x] or 1) if cnt is not None else 1
            return held(s, x) if n <= x < stop else 0

        return IntV(at_fn)
    region = in_.fn
    # the tuples the region gives (a player's fixed row is the same tuple every call),
    # with whether they are board sites without repeats: counted in one comprehension
    plain: dict[int, tuple[tuple[int, ...], bool]] = {}

    def in_fn(s):
        w = s.what
        cnt = s.count
        sites = region(s)
        if type(sites) is tuple:
            entry = plain.get(id(sites))
            if entry is None or entry[0] is not sites:
                if len(plain) > 64:     # regions built afresh each time: keep a few
                    plain.clear()
                entry = plain[id(sites)] = (sites, len(set(sites)) == len(sites) and
                                            all(0 <= x < n for x in sites))
            if entry[1]:
                if cnt is None:
                    return len(sites) - [w[x] for x in sites].count(0)
                return sum([cnt[x] or 1 for x in sites if w[x]])
        total = 0
        for x in dict.fromkeys(sites):
            if 0 <= x < n:
                if w[x]:
                    total += (cnt[x] or 1) if cnt is not None else 1
            elif n <= x < stop:
                total += held(s, x)
        return total

    return IntV(in_fn)


@ludeme("score", T.IntFn)
def score(c: CompileContext, who: T.Role):
    """A player's score."""
    if reads_mover(who):
        return IntV(expression(lambda s: s.score[s.who], "s.score[s.who]"))
    fn = who.fn
    return IntV(expression(lambda s: s.score[fn(s)], "s.score[{who}]", who=fn))


@ludeme("to", T.Site)
def to_site(c: CompileContext):
    """The destination site of the move being generated or applied."""

    def to(s):
        return s.to

    to.reads_to = True  # compiler.reads_to: forms using it may read s.to themselves
    expression(to, "s.to")
    return SiteV(to)


@ludeme("site", T.Site)
def site_here(c: CompileContext):
    """The site ``(forEach Site ...)`` is at."""
    return SiteV(lambda s: s.site)


def FROM_SITE(s) -> int:  # noqa: N802 - one function object, so that moves can tell it
    """``(from)``: the origin site in the evaluation context."""
    return s.frm


mark(FROM_SITE, (FROM,))  # context-pure: see ludeme.compile.pure


@ludeme("from", T.Site)
def from_site(c: CompileContext):
    """The origin site of the move being generated or applied."""
    return SiteV(FROM_SITE)


def reads_after(c: CompileContext) -> None:
    """Mark the game as reading ``State.after_frm``/``after_to`` (the turn written per
    game sets them only then: ``runtime.written_turn.UNREAD_LEFT_OUT``)."""
    if c.game is not None:
        c.game.reads_after = True


@ludeme("last To", T.Site)
def last_to(c: CompileContext, *, afterConsequence: T.Cond = None):  # noqa: N803 - Ludii's name
    """The destination of the last move played; with ``afterConsequence:True``, that of
    the last action of the move, its consequences included (as Ludii keeps a move's
    actions): the last pit a sowing reached, the store a capture sent seeds to, the
    site a piece was removed from or a count set at: ``(sites {(last To
    afterConsequence:True)})`` is where a relay sowing goes on. Within the
    consequences themselves it is the last such action so far."""
    if afterConsequence is not None:
        after = afterConsequence.fn
        reads_after(c)
        if afterConsequence.const is True:
            return SiteV(lambda s: s.after_to if s.history else -1)
        return SiteV(lambda s: (s.after_to if after(s) else s.history[-1].to)
                     if s.history else -1)
    return SiteV(LAST_TO)


def LAST_TO(s) -> int:  # noqa: N802 - one function object, so that rules can tell it
    """``(last To)``: the destination of the last move played (-1 before any)."""
    return s.history[-1].to if s.history else -1


@ludeme("last From", T.Site)
def last_from(c: CompileContext, *, afterConsequence: T.Cond = None):  # noqa: N803
    """The origin of the last move played; with ``afterConsequence:True``, that of the
    last action of the move, its consequences included (``(last To ...)`` says which
    actions count; a capture moving seeds out of a pit has that pit as its origin)."""
    if afterConsequence is not None:
        after = afterConsequence.fn
        reads_after(c)
        if afterConsequence.const is True:
            return SiteV(lambda s: s.after_frm if s.history else -1)
        return SiteV(lambda s: (s.after_frm if after(s) else s.history[-1].frm)
                     if s.history else -1)
    return SiteV(lambda s: s.history[-1].frm if s.history else -1)


@ludeme("if", T.Site)
def if_int(c: CompileContext, cond: T.Cond, then_: T.IntFn, else_: T.IntFn):
    """The integer ``then`` when ``cond`` holds, else ``else``, usable as a site (as
    Ludii's sites are integers): ``(if (is Mover P1) (+ (to) 6) (- (to) 6))``."""
    test, a, b = cond.fn, then_.fn, else_.fn
    return SiteV(lambda s: a(s) if test(s) else b(s))


@ludeme("+", T.IntFn)
def plus(c: CompileContext, *terms: T.IntFn):
    """The sum."""
    fns = [t.fn for t in terms]
    if all(t.const is not None for t in terms):
        return IntV.of(sum(t.const for t in terms))
    if len(terms) == 2:  # the commonest sums, without a generator per call
        (fa, fb), (ka, kb) = fns, (terms[0].const, terms[1].const)
        a, b = terms
        if kb is not None:
            return IntV(expression(lambda s: fa(s) + kb, "{a} + {b}", a=a, b=b))
        if ka is not None:
            return IntV(expression(lambda s: ka + fb(s), "{a} + {b}", a=a, b=b))
        return IntV(expression(lambda s: fa(s) + fb(s), "{a} + {b}", a=a, b=b))
    return IntV(lambda s: sum(f(s) for f in fns))


@ludeme("-", T.IntFn)
def minus(c: CompileContext, a: T.IntFn, b: T.IntFn = None):
    """The difference ``a - b``, or ``-a``."""
    fa = a.fn
    if b is None:
        return IntV(expression(lambda s: -fa(s), "-{a}", a=a))
    fb = b.fn
    if b.const is not None:
        k = b.const
        return IntV(expression(lambda s: fa(s) - k, "{a} - {b}", a=a, b=b))
    return IntV(expression(lambda s: fa(s) - fb(s), "{a} - {b}", a=a, b=b))


@ludeme("/", T.IntFn, ludii="Ludii stops with an error on a division by zero; ludeme "
        "gives 0.")
def divide(c: CompileContext, a: T.IntFn, b: T.IntFn):
    """The integer quotient ``a / b``, rounded towards zero as in Ludii (Java)."""
    fa, fb = a.fn, b.fn

    def fn(s):
        d = fb(s)
        if d == 0:
            return 0
        q = abs(fa(s)) // abs(d)
        return q if (fa(s) >= 0) == (d > 0) else -q

    if a.const is not None and b.const is not None:
        return IntV.of(fn(None))
    return IntV(fn)


@ludeme("%", T.IntFn, ludii="Ludii stops with an error on a modulus of zero; ludeme "
        "gives 0.")
def modulo(c: CompileContext, value: T.IntFn, modulus: T.IntFn):
    """The remainder of ``value`` divided by ``modulus``, with the sign of ``value`` as
    in Ludii (Java's ``%``): ``(% (count Moves) (count Players))``. Ludii: ``(%
    <intFunction> <intFunction>)``."""
    fa, fb = value.fn, modulus.fn
    if value.const is not None and modulus.const is not None and modulus.const:
        r = abs(value.const) % abs(modulus.const)
        return IntV.of(r if value.const >= 0 else -r)

    def fn(s):
        d = fb(s)
        if d == 0:
            return 0
        a = fa(s)
        r = abs(a) % abs(d)
        return r if a >= 0 else -r

    return IntV(fn)


@ludeme("pow", T.IntFn, ludii="Ludii's float form (pow <float> <float>) is not supported.")
def power(c: CompileContext, a: T.IntFn, b: T.IntFn):
    """``a`` to the power ``b``, an integer (truncated towards zero, as Ludii's cast of
    ``Math.pow``; 0 for a negative power of 0). Ludii: ``(pow <intFunction>
    <intFunction>)``."""
    fa, fb = a.fn, b.fn

    def fn(s):
        x, y = fa(s), fb(s)
        if y >= 0:
            return x ** y
        return 0 if x == 0 else int(1 / (x ** -y))

    return IntV(fn)


@ludeme("count Players", T.IntFn)
def count_players(c: CompileContext):
    """The number of players. Ludii: ``(count Players)``."""
    return IntV.of(c.num_players)


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
