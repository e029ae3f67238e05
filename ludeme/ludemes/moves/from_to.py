"""Moving a piece from one site to another, anywhere: Ludii's ``FromTo``, written
``(move (from ...) (to ...))`` or ``(fromTo (from ...) (to ...))``.

Unlike a step, a slide or a hop, the destinations are a region worked out for each
origin (``(from)`` bound to it), so there is no ray table to fold; the moves themselves
are interned per (origin, destination, piece) the first time they are made (a
``MoveTable``, which lists them all for a stable action space).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.fold import site_piece_table
from ludeme.compile.moveparts import APPLY, FROM, TO, FromPart, ToPart
from ludeme.compile.movetable import MoveTable
from ludeme.compile.piecemoves import describe
from ludeme.compile.values import MovesV, PieceMovesV, RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.numbers.expressions import FROM_SITE
from ludeme.runtime.move import Move

#: an ``(apply if:<cond> ...)`` whose condition reads only ``(to)``, the piece there and
#: the players (``(is Enemy (who at:(to)))``, a capture) is read from a site-and-piece
#: table (``with_apply``; any other condition is asked)

_LUDII = ("A hand site as (from ...) plays one of the pieces held there, a hand site as "
          "(to ...) takes the piece into that hand; copy: is a constant (True or False); "
          "levels and a mover role are not supported.")


def origins_of(from_: FromPart | SiteV):
    """``(from ...)`` as the sites a move may start from in a state (a function) and the
    ``if:`` condition they must meet (``None`` when there is none)."""
    if isinstance(from_, SiteV):
        from_ = FromPart(site=from_)
    if from_.site is not None:
        site_fn = from_.site.fn
        origins = lambda s: (site_fn(s),)  # noqa: E731
    else:
        origins = from_.region.fn
    return origins, (from_.cond.fn if from_.cond is not None else None)


def _move_counts(c: CompileContext, origins, cond, targets, count, thenfn, takes) -> MovesV:
    """``(fromTo ... count:n)``: moves of n pieces from a site to another (Ludii's
    ActionMoveN), the sites keeping counts; from a hand site, its pieces enter the
    board n at a time."""
    from ludeme.ludemes.containers.counts import enable_counts
    from ludeme.ludemes.containers.hands import hand_layout

    enable_counts(c)
    n_sites = c.require_board().n_sites
    g = c.game
    put = g.set_count
    how_many = count.fn
    hands = hand_layout(c)
    stop = hands.stop  # destinations may be hand sites: the hand gets the pieces
    change_hand = g.change_hand

    base = hands.base
    _, hand_piece, _ = hand_origins(c)

    def act(s, m):
        cnt = s.count
        frm, to = m.frm, m.to
        if frm >= base:  # from a hand site: as many of its pieces as it holds, up to n
            k = min(m.extra, hands.count(s, frm))
            if k <= 0:
                return
            i = frm - base
            change_hand(s, hands.owner[i], hands.kind[i], -k)
        else:
            k = min(m.extra, cnt[frm] or (1 if s.what[frm] else 0))
            if k <= 0:
                return
            have = cnt[frm] or 1
            put(s, frm, have - k)
        if to >= n_sites:
            i = to - hands.base
            if hands.kind[i] >= 0:
                change_hand(s, hands.owner[i], hands.kind[i], k)
            return
        put(s, to, (cnt[to] or (1 if s.what[to] else 0)) + k if s.what[to] == m.piece else k,
            m.piece)

    interned: dict[tuple[int, int, int, int], Move] = {}

    def gen(s):
        out: list[Move] = []
        w = s.what
        k = how_many(s)  # in the context the move is made in, as in Ludii
        if k <= 0:
            return out
        for frm in tuple(origins(s)):
            if 0 <= frm < n_sites:
                p = w[frm]
            elif hand_piece is not None and base <= frm < stop and hands.count(s, frm):
                p = hand_piece(frm)  # the piece a hand site holds
            else:
                continue
            if not p:
                continue
            s.frm = frm
            if cond is not None and not cond(s):
                continue
            for x in tuple(targets(s)):
                if 0 <= x < stop:
                    key = (frm, x, p, k)
                    m = interned.get(key)
                    if m is None:
                        m = interned[key] = Move("move", frm, x, p, k, act, thenfn, takes)
                    out.append(m)
        return out

    return MovesV(gen)


def _move_copies(c: CompileContext, origins, cond, targets, apply, hand_piece, hands,
                 thenfn, takes) -> MovesV:
    """``(move (from ...) (to ...) copy:True)``: the piece at the origin (a board site, or
    a hand site holding pieces) stays, a copy of it is put on a board site (Ludii's
    ``ActionCopy``; the move's kind is ``copy``)."""
    n = c.require_board().n_sites
    put = make_board_act(c)

    def copy_piece(s, m):
        put(s, m.to, m.piece)

    act = with_apply(c, copy_piece, apply)
    stop = hands.stop if hands is not None else n
    pieces = range(1, len(c.pieces.names))
    interned = MoveTable(
        c.game, lambda frm, x, p: Move("copy", frm, x, p, 0, act, thenfn, takes),
        lambda: ((frm, x, p) for p in pieces for frm in range(stop) for x in range(n)))

    def gen(s):
        out: list[Move] = []
        w = s.what
        for frm in tuple(origins(s)):
            if 0 <= frm < n:
                p = w[frm]
            elif hands is not None and n <= frm < stop and hands.count(s, frm):
                p = hand_piece(frm)
            else:
                continue
            if not p:
                continue
            s.frm = frm
            if cond is not None and not cond(s):
                continue
            out.extend(interned[frm, x, p] for x in tuple(targets(s)) if 0 <= x < n)
        return out

    return MovesV(gen)


def _move_level(c: CompileContext, origins, cond, targets, level, before, thenfn,
                takes) -> MovesV:
    """``(move (from <site> level:<n>) (to ...))`` in a game with stacks: the piece at
    that level of the stack moves onto the top of the destination's (``Move.extra`` is
    the level)."""
    n = c.require_board().n_sites
    move_level = c.game.move_level

    def move(s, m):
        move_level(s, m.frm, m.extra, m.to)

    if before is None:
        act = move
    else:
        def act(s, m):
            before(s, m)
            move(s, m)

    interned: dict[tuple[int, int, int, int], Move] = {}

    def gen(s):
        out: list[Move] = []
        for frm in tuple(origins(s)):
            if not 0 <= frm < n or not s.what[frm]:
                continue
            s.frm = frm
            if cond is not None and not cond(s):
                continue
            lvl = level(s)
            if not 0 <= lvl < len(s.stack[frm]) + 1:
                continue
            p = s.stack[frm][lvl] if lvl < len(s.stack[frm]) else s.what[frm]
            for x in tuple(targets(s)):
                if 0 <= x < n:
                    key = (frm, x, p, lvl)
                    m = interned.get(key)
                    if m is None:
                        m = interned[key] = Move("move", frm, x, p, lvl, act, thenfn, takes)
                    out.append(m)
        return out

    return MovesV(gen)


def hand_origins(c: CompileContext):
    """For moves that may start from a hand site: the primitive that takes one piece of
    the hand onto the board (replacing what stood there), the piece id a hand site
    plays, and the hands' layout (None when the game has no hands)."""
    from ludeme.ludemes.containers.hands import hand_layout

    layout = hand_layout(c)
    if layout.stop == layout.base:
        return None, None, None
    g = c.game
    pieces = c.pieces
    board_act = make_board_act(c)
    pid_of = {}
    for p in set(layout.owner):
        for k, kind in enumerate(pieces.kind_names):
            pid_of[(p, k)] = pieces.find(kind, p) or pieces.find(kind, 0)
    owner, kind, base = layout.owner, layout.kind, layout.base
    change = g.change_hand

    def hand_piece(x: int) -> int:
        return pid_of.get((owner[x - base], kind[x - base]), 0)

    hand_piece.pid_of = pid_of  # the piece id by (owner, kind index), for tables of it

    def act(s, m):
        i = m.frm - base
        change(s, owner[i], kind[i], -1)
        board_act(s, m.to, m.piece)

    return act, hand_piece, layout


def make_board_act(c: CompileContext):
    """Put piece ``p`` on site ``x`` (not turned), removing whatever stood there,
    keeping the hash."""
    g = c.game
    z, zr = g.zobrist, g.zobrist_rot
    if getattr(c, "uses_stacks", False):  # a stack keeps what stood there, under it
        return g.push_piece

    def put(s, x: int, p: int) -> None:
        w = s.what
        q = w[x]
        h = s.hash ^ z[x][p]
        if q:
            h ^= z[x][q]
            r = s.rot[x]
            if r:
                h ^= zr[x][r]
                s.rot[x] = 0
        w[x] = p
        s.occ = None  # runtime.occupancy: not kept here
        s.hash = h

    return put


@ludeme("to", TO)
def to_with_apply(c: CompileContext, region: T.Region, apply: APPLY, *, if_: T.Cond = None):
    """The destinations of a ``(move (from ...) (to ...))`` with an effect: ``region``
    (filtered by ``if:``), and ``(apply if:<cond> <effect>)`` run before the piece lands
    when ``<cond>`` holds there, with ``(to)`` bound to the destination (Ludii's capture
    rule: ``(to (sites Empty) (apply if:(is Enemy (who at:(to))) (remove (to))))``)."""
    from ludeme.ludemes.moves.generators import to_region

    return ToPart(None, apply, to_region(c, region, if_=if_))


def with_apply(c: CompileContext, act, apply):
    """``act`` preceded by ``(apply ...)``'s effect where its condition holds, evaluated
    in the state the move is made in (the state it was generated in), as Ludii chains
    the capture effect before the move (with ``act`` None: that effect alone, or None
    when there is none)."""
    if apply is None or apply.effect is None:
        return act
    effect = apply.effect.fn
    cond = apply.cond.fn if apply.cond is not None else None
    table = None
    if cond is not None and c.board is not None:
        n, np = c.board.n_sites, len(c.pieces.names)
        table = site_piece_table(cond, "to", n, np, c.game.next_of)
    if table is not None:
        def run(s, m):  # noqa: F811 - the same, the condition read from its table
            s.frm = m.frm
            x = s.to = m.to
            # (the table's next player is the one after the mover: not with players out)
            if (table[s.who][x * np + s.what[x]] if 0 <= x < n and not s.inactive
                    else cond(s)):
                s.to = x
                effect(s)
            if act is not None:
                act(s, m)

        return run

    def run(s, m):
        s.frm = m.frm
        s.to = m.to
        if cond is None or cond(s):
            s.to = m.to
            effect(s)
        if act is not None:
            act(s, m)

    return run


def board_to_hand(c: CompileContext, layout):
    """The primitive that takes the piece on a board site into the hand a hand site
    belongs to (its count of that kind goes up), keeping the hash."""
    g = c.game
    z, zr = g.zobrist, g.zobrist_rot
    kinds = [c.pieces.kind_index(k) if k else -1 for k in c.pieces.kinds]
    change = g.change_hand
    owner, base = layout.owner, layout.base
    if getattr(c, "uses_stacks", False):  # the top piece of the stack goes
        pop = g.pop_piece

        def act_top(s, m):
            p = s.what[m.frm]
            if p:
                pop(s, m.frm)
                change(s, owner[m.to - base], kinds[p], 1)

        return act_top

    def act(s, m):
        x = m.frm
        p = s.what[x]
        if not p:
            return
        h = s.hash ^ z[x][p]
        r = s.rot[x]
        if r:
            h ^= zr[x][r]
            s.rot[x] = 0
        s.what[x] = 0
        s.occ = None  # runtime.occupancy: not kept here
        s.hash = h
        change(s, owner[m.to - base], kinds[p], 1)

    return act


@ludeme("fromTo", T.Moves, ludii=_LUDII)
@ludeme("move", T.Moves, ludii=_LUDII)
def move_from_to(c: CompileContext, from_: (FROM, T.Site), to: (T.Region, TO), *,
                 count: T.IntFn = None, copy: T.Bool = False, stack: T.Bool = False,
                 then: T.Effect = None):
    """Move the piece standing on a ``(from ...)`` site to a ``(to ...)`` site, as
    Ludii's ``FromTo``: ``(move (from (sites Occupied by:Mover)) (to (sites Empty)))``.
    ``from`` is a site (``(from)``: the site of the piece whose moves these are) or a
    region, with ``if:`` evaluated with ``(from)`` bound to each; any piece standing there
    moves, whoever owns it (as in Ludii: say ``by:Mover`` in the region). ``to`` is a site
    or a region evaluated with ``(from)`` bound to the origin, filtered by ``(to ...
    if:<cond>)`` with ``(to)`` bound to each; a piece standing there is taken. With
    ``count:`` (in a game whose sites hold counts) that many pieces move onto the
    destination's (evaluated as the move is made, before ``(from)``/``(to)`` are bound:
    ``(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))`` moves all
    the seeds of the last pit sown). In a game with stacks the top piece of the ``from``
    site moves onto the top of the ``to`` site's stack; as in Ludii, also with
    ``stack:True`` (Ludii's FromTo moves a whole stack only to a given level). With ``copy:True`` the piece stays where it is and a copy of it lands
    (Ludii's ``Copy`` action): ``(move (from (handSite Shared)) (to (sites Empty))
    copy:True)`` plays from a hand that never empties. ``then:`` runs after the move
    with ``(last To)`` its destination."""
    from ludeme.ludemes.moves.slide import make_move_act  # registration order: see hopping

    n = c.require_board().n_sites
    origins, cond = origins_of(from_)
    apply = None
    if isinstance(to, ToPart):
        apply = to.apply
        if to.region is None:
            if to.cond is not None:
                c.fail("(move (from ...) (to if:...)) needs the sites to move to",
                       "(to (sites Empty) if:...) or (to <region> (apply ...))")
            # as Ludii: no sites named, the destination is the (to) of the context (set
            # by the rule these moves are made in, such as (forEach Direction ...))
            to = SiteV(lambda s: s.to)
        else:
            to = to.region
    to_one = None  # the destination's function when it is one site
    if isinstance(to, SiteV):
        to_site = to_one = to.fn
        targets = lambda s: (to_site(s),)  # noqa: E731
    elif isinstance(to, RegionV):
        targets = to.fn
        to_one = to.one_site
    # as in Ludii's FromTo, stack:True without count: still moves the top piece alone
    # (its action is a one-piece move; only a count: makes it a move of a stack's top
    # pieces): a capture (fromTo (from (to)) (to <start>) stack:true) sends one piece back
    act = make_move_act(c, False)
    from_hand, hand_piece, hands = hand_origins(c)
    to_hand = board_to_hand(c, hands) if hands is not None else None
    act = with_apply(c, act, apply)
    if from_hand is not None:
        from_hand = with_apply(c, from_hand, apply)
    thenfn = then.fn if then is not None else None
    takes = then.victims if then is not None else None
    if getattr(copy, "value", copy):
        if count is not None or getattr(stack, "value", stack):
            c.fail("(move ... copy:True) copies one piece: not with count: or stack:")
        return _move_copies(c, origins, cond, targets, apply, hand_piece, hands, thenfn,
                            takes)
    if count is not None:
        return _move_counts(c, origins, cond, targets, count, thenfn, takes)
    level = from_.level if isinstance(from_, FromPart) else None
    by_level = None
    if level is not None and getattr(c, "uses_stacks", False):
        by_level = _move_level(c, origins, cond, targets, level.fn,
                               with_apply(c, None, apply), thenfn, takes)
        if hands is None:
            return by_level
        # a hand keeps a count of each kind, not levels: from a hand site the level is
        # moot, and the move is made as without one (below)
    # any piece may move from any site (a board site, or a hand site in a game with
    # hands) to any board site: every such move is registered
    pieces = range(1, len(c.pieces.names))
    stop = hands.stop if hands is not None else n
    interned = MoveTable(
        c.game, lambda frm, x, p: Move("move", frm, x, p, 0,
                                       (act if x < n else to_hand) if frm < n else from_hand,
                                       thenfn, takes),
        lambda: ((frm, x, p) for p in pieces for frm in range(stop)
                 for x in range(n if frm >= n else stop)))

    from_part = FromPart(site=from_) if isinstance(from_, SiteV) else from_
    from_one = from_part.site.fn if from_part.site is not None else None
    if from_one is not None and to_one is not None and by_level is None:
        # one site to one site (a piece's move to a site worked out, as on a track):
        # the same moves as gen below, without the tuples of one site (moves by level
        # in a stack take the general path below)
        def gen_one(s):
            frm = from_one(s)
            if 0 <= frm < n:
                p = s.what[frm]
                if not p:
                    return []
                s.frm = frm
                if cond is not None and not cond(s):
                    return []
                x = to_one(s)
                return [interned[frm, x, p]] if 0 <= x < stop else []
            if hands is not None and n <= frm < hands.stop and hands.count(s, frm):
                s.frm = frm
                if cond is None or cond(s):
                    x = to_one(s)
                    if 0 <= x < n:
                        return [interned[frm, x, hand_piece(frm)]]
            return []

        if from_one is FROM_SITE and cond is None:
            return PieceMovesV(gen_one, for_piece=_anchored_one(
                n, hands, hand_piece, to_one, interned))
        return MovesV(gen_one)

    def gen(s):
        out: list[Move] = []
        w = s.what
        for frm in tuple(origins(s)):
            if not 0 <= frm < n:
                if hands is not None and n <= frm < hands.stop and hands.count(s, frm):
                    s.frm = frm
                    if cond is None or cond(s):
                        p = hand_piece(frm)
                        out.extend(interned[frm, x, p] for x in tuple(targets(s))
                                   if 0 <= x < n)
                continue
            p = w[frm]
            if not p:
                continue
            s.frm = frm
            if cond is not None and not cond(s):
                continue
            for x in tuple(targets(s)):
                if 0 <= x < stop:  # a board site, or a hand site taking the piece
                    out.append(interned[frm, x, p])
        return out

    if by_level is not None:
        from_board, from_hands = by_level.gen, gen
        hand_only = lambda s: [m for m in from_hands(s) if m.frm >= n]  # noqa: E731
        return MovesV(lambda s: from_board(s) + hand_only(s))
    return MovesV(gen)



def _anchored_one(n: int, hands, hand_piece, to_one, interned):
    """``for_piece`` of ``(move (from) (to <site>))``: the move of the piece on the site
    ``(forEach Piece)`` gives (what ``gen_one`` makes with ``(from)`` bound to it),
    appended without a list per piece. Every move starts at that site (anchored), so
    moves of different pieces never coincide and need no check for repeats."""
    stop = hands.stop if hands is not None else n

    def at(s, frm, out):
        s.frm = frm
        if 0 <= frm < n:
            p = s.what[frm]
            if p:
                x = to_one(s)
                if 0 <= x < stop:
                    out.append(interned[frm, x, p])
        elif hands is not None and n <= frm < stop and hands.count(s, frm):
            x = to_one(s)
            if 0 <= x < n:
                out.append(interned[frm, x, hand_piece(frm)])

    describe(at, anchored=True)
    return lambda pid: at
