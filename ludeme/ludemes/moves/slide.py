"""Moving pieces on the board: ``(move Slide ...)``, pieces that carry their own moves,
``(forEach Piece)``, and the move parts ``(from ...)``, ``(between ...)``, ``(to ...)`` and
``(apply ...)`` that shape slides and captures.

A slide's rays are tables built at compile time, one per piece that uses the slide:
for each origin and direction, the sites along the ray with the interned move that
lands there (None where landing is forbidden by a rule that depends only on the
site, which is folded at compile time). Generating moves walks those tables until the
first occupied site.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress

from ludeme.compile import slidelists
from ludeme.compile.compiler import CompileContext
from ludeme.compile.fold import constant, site_piece_table, site_table
from ludeme.compile.moveacts import lean_move_act
from ludeme.compile.moveparts import (
    APPLY,
    BETWEEN,
    FLIPS,
    FROM,
    RANGE,
    TO,
    ApplyPart,
    BetweenPart,
    FromPart,
    RangePart,
    ToPart,
)
from ludeme.compile.movetable import MoveTable
from ludeme.compile.piecemoves import (
    describe,
    is_anchored,
    per_piece,
    piece_sites,
    reach_of,
    targets_of,
    unique,
)
from ludeme.compile.values import MovesV, PieceMovesV, RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime import occupancy
from ludeme.runtime.move import Move

# -- move parts ---------------------------------------------------------------------------


@ludeme("from", FROM)
def from_part(c: CompileContext, where: (T.Site, T.Region, T.IntFn), *,
              level: T.IntFn = None, if_: T.Cond = None):
    """Where a move or rule starts: a site (``(from (last To))``, or any integer read as a
    site index, as Ludii's ``(from (value Player Mover))``) or the sites of a region
    holding a piece of the mover, optionally only those where ``if:`` holds (evaluated
    with ``(from)`` bound to the site). In a game with stacks, ``level:`` says which
    piece of the stack moves (0 the bottom; the top one by default), as in Ludii's
    ``(move (from (from) level:(level)) (to ...))``."""
    if isinstance(where, SiteV):
        return FromPart(site=where, cond=if_, level=level)
    if not isinstance(where, RegionV):
        return FromPart(site=SiteV(where.fn), cond=if_, level=level)
    return FromPart(region=where, cond=if_, level=level)


@ludeme("between", T.Site)
def between_site(c: CompileContext):
    """The site a rule is examining between its start and its end: a site passed over
    by a slide, or a piece enclosed by ``custodial``/``surround``."""
    return SiteV(lambda s: s.between)


@ludeme("between", BETWEEN)
def between_part(c: CompileContext, range_: (RANGE, T.IntFn) = None, apply: APPLY = None, *,
                 if_: T.Cond = None, before: T.IntFn = None, after: T.IntFn = None):
    """The sites between the start and the end of a rule: a number such as ``(max 1)``
    limits how many (``(range min max)``: the least and the most, as a hop's hurdle
    length), ``if:`` is the condition each must meet (with ``(between)`` bound to it),
    ``(apply <effect>)`` what happens to them (for captures: ``(apply (remove
    (between)))``). For ``(move Hop ...)``, ``before:``/``after:`` say how far before
    and after the hurdle the hop may start and land (0 by default: next to it)."""
    limit = low = length = None
    if isinstance(range_, RangePart):
        limit, low, length = range_.max, range_.min, range_.length
    elif range_ is not None:
        limit = _fixed(c, range_, "the range of (between ...)")
    if limit is not None and limit < 1:
        c.fail(f"(between (max {limit})) must allow at least one site")
    if apply is not None and apply.cond is not None:
        c.fail("(between (apply ...)) takes an effect; put the condition in if:")
    return BetweenPart(limit, if_, apply.effect if apply is not None else None, low,
                       _fixed(c, before, "before:") if before is not None else 0,
                       _fixed(c, after, "after:") if after is not None else 0, length)


def _fixed(c: CompileContext, value, what: str) -> int:
    """A number known at compile time (``(count Rows)``, a literal)."""
    got = value.const if value.const is not None else constant(value.fn)
    if not isinstance(got, int) or got < 0:
        c.fail(f"{what} must be a fixed number, at least 0")
    return got


@ludeme("to", TO)
def to_part(c: CompileContext, apply: APPLY = None, *, if_: T.Cond = None):
    """The end of a move or rule. In ``(move Slide ...)``: ``if:`` is the condition on a
    site that stops the slide there (landing on it, e.g. on an enemy to capture it),
    ``(apply if:<cond>)`` filters where the piece may land, ``(apply <effect>)`` acts
    on the site reached. In ``custodial``/``surround``: ``if:`` is what must stand at
    the enclosing sites. ``(to)`` is bound to the site tested."""
    return ToPart(if_, apply)


@ludeme("apply", APPLY)
def apply_part(c: CompileContext, effect: T.Effect = None, *, if_: T.Cond = None):
    """An effect to apply at a site, and/or a condition it must meet."""
    if effect is None and if_ is None:
        c.fail("(apply ...) needs an effect or if:")
    return ApplyPart(effect, if_)


@ludeme("max", RANGE)
def max_range(c: CompileContext, n: T.Int):
    """At most ``n`` sites: the range of ``(between (max 1) ...)``."""
    return RangePart(n)


@ludeme("exact", RANGE, ludii="Only (move Hop ...)'s hurdle may be worked out during play.")
def exact_part(c: CompileContext, n: T.IntFn):
    """Exactly ``n`` sites: ``(between (exact (- (count Sites in:...) 1)))`` is a hop's
    hurdle of that length, worked out as the hop starts (0: the hop is a step to the
    next site). Ludii: ``(exact <int>)``."""
    if n.const is not None and n.const > 0:
        return RangePart(n.const, n.const)
    return RangePart(None, None, n.fn)


@ludeme("range", RANGE)
def range_part(c: CompileContext, low: T.IntFn, high: T.IntFn = None):
    """From ``low`` to ``high`` sites (exactly ``low`` without ``high``): the length of a
    hop's hurdle in ``(between (range 1 9) ...)``. Ludii's ``(range ...)``; ludeme needs
    both bounds known at compile time."""
    lo = _fixed(c, low, "the bounds of (range ...)")
    hi = _fixed(c, high, "the bounds of (range ...)") if high is not None else lo
    if hi < lo:
        c.fail(f"(range {lo} {hi}) is empty: the first bound is the least")
    return RangePart(hi, lo)


# -- moving a piece ------------------------------------------------------------------------

# a slide whose rule for passing over is "empty, and a fixed table" ("empty but not the
# centre or a corner") slides along rays cut before the sites never passed
# (``_passable_when_empty``; any other rule is asked site by site)


def make_move_act(c: CompileContext, stack: bool = False) -> Callable:
    """The primitive of moving ``m.piece`` from ``m.frm`` to ``m.to`` (removing whatever
    stood there), keeping the Zobrist hash. In a game with stacks, as in Ludii, the top
    piece of ``m.frm`` goes on top of what stands at ``m.to`` (the whole stack with
    ``stack``: Ludii's ``stack:True``). In a game whose sites keep counts one piece of
    the pile moves, onto a pile of the same piece or in place of what stood there."""
    g = c.game
    if getattr(c, "uses_stacks", False):
        if stack:
            move_stack = g.move_stack
            return lambda s, m: move_stack(s, m.frm, m.to)
        move_top = g.move_top
        return lambda s, m: move_top(s, m.frm, m.to)
    z, zr = g.zobrist, g.zobrist_rot
    set_state = g.set_site_state
    set_count = g.set_count
    bits = occupancy.double_bits(g.board.n_sites)

    def act(s, m):
        w = s.what
        frm, to, p = m.frm, m.to, m.piece
        cnt = s.count
        if cnt is not None:
            # sites keep counts: as Ludii's ActionMove, one piece leaves a pile and
            # joins a pile of the same piece where it lands (else is alone there)
            there = (cnt[to] or 1) if w[to] == p else 0
            set_count(s, frm, (cnt[frm] or 1) - 1)
            set_count(s, to, there + 1, p)
            return
        h = s.hash ^ z[frm][p] ^ z[to][p]
        q = w[to]
        occ = s.occ
        if occ is not None:  # the occupancy kept on the state follows (runtime.occupancy)
            a = w[frm]
            if a == p and not q and frm != to:  # the usual move: to an empty site
                s.occ = occ ^ bits[frm] ^ bits[to]
                s.placed[p] ^= (1 << frm) | (1 << to)
            elif frm == to or not p:
                s.occ = None
            else:
                placed = s.placed
                if a:
                    occ ^= bits[frm]
                    placed[a] ^= 1 << frm
                if q:
                    placed[q] ^= 1 << to
                else:
                    occ ^= bits[to]
                placed[p] ^= 1 << to
                s.occ = occ
        if q:
            h ^= z[to][q]
        w[frm] = 0
        w[to] = p
        rot = s.rot
        r, r_to = rot[frm], rot[to]
        if r or r_to:  # the piece keeps its direction; whatever stood at `to` goes
            if r_to:
                h ^= zr[to][r_to]
            if r:
                h ^= zr[frm][r] ^ zr[to][r]
            rot[frm] = 0
            rot[to] = r
        s.hash = h
        ss = s.site_state
        if ss is not None and (ss[frm] or ss[to]):
            # as Ludii's ActionMove, the piece's state value goes with it
            set_state(s, to, ss[frm])
            set_state(s, frm, 0)

    return lean_move_act(g, act)  # the plain move to an empty site: compile.moveacts


@ludeme("slide", T.Moves, ludii="Ludii's other spelling of (move Slide ...).")
@ludeme("move Slide", T.Moves,
        ludii="Ludii's optional track name is not supported.")
def move_slide(c: CompileContext, from_: FROM = None, directions: T.Direction = None,
               between: BETWEEN = None, to: TO = None, *, stack: T.Bool = False,
               then: T.Effect = None):
    """Slide a piece any distance in a straight line (a rook in ``Orthogonal``). By
    default it passes over and lands on empty sites only. ``(between if:<cond>)``
    replaces the condition for passing over a site (``(between)`` bound to it; the
    slide stops before the first site that fails it), ``(max n)`` limits the distance.
    ``(to (apply if:<cond>))`` says where the piece may land among the sites it can
    reach; ``(to if:<cond>)`` stops the slide on a site that meets it and lands there.
    Inside a ``(piece ...)`` the slide starts from that piece; otherwise from every
    piece of the mover (or those of ``(from <region>)``). In a game with stacks the top
    piece slides, or the whole stack with ``stack:True``, as in Ludii. ``then:`` runs
    after the move with ``(last To)`` its destination."""
    board = c.require_board()
    n = board.n_sites
    dirs = directions if directions else board.directions["Adjacent"]
    limit = between.max if between is not None else None
    # the least distance, (exact n) or (range n m): nearer sites are passed, not landed on
    low = between.min if between is not None and between.min else 1
    go = between.cond if between is not None else None
    if between is not None and between.effect is not None:
        c.fail("(move Slide ...) does not apply effects to the sites it passes over",
               "capture with then: (custodial ...) or (to if:... (apply ...)) instead")
    stop = to.cond if to is not None else None
    land = to.apply.cond if to is not None and to.apply is not None else None
    land_effect = to.apply.effect if to is not None and to.apply is not None else None
    go_table = site_table(go.fn, "between", n) if go is not None else None
    # a rule for passing over that asks an empty site and a fixed table ("empty, and not
    # the centre"): the rays end before the first site never passed, and the slide is
    # the plain one over empty sites along them
    passable = _passable_when_empty(c, go.fn, n) if go is not None and go_table is None \
        else None
    if passable is not None:
        go = None
    land_table = site_table(land.fn, "to", n) if land is not None else None
    base_act = make_move_act(c, bool(getattr(stack, "value", stack)))
    act = base_act
    if land_effect is not None:
        eff = land_effect.fn

        def act(s, m):  # noqa: F811 - the effect at the site reached, then the move
            s.to = m.to
            eff(s)
            base_act(s, m)

    thenfn = then.fn if then is not None else None
    takes = then.victims if then is not None else None
    lines = board.lines_of(dirs)
    rays = [[ray[:limit] if limit else ray for ray in lines[x]] for x in range(n)]
    if passable is not None:
        rays = [[_until(ray, passable) for ray in rs] for rs in rays]
    fast = go is None and stop is None and low <= 1 and \
        (land is None or land_table is not None)
    bound: dict[int, Callable] = {}
    # any piece may slide when the slide stands alone (no piece of its own)
    interned = MoveTable(
        c.game, lambda frm, x, pid: Move("move", frm, x, pid, 0, act, thenfn, takes),
        lambda: ((frm, x, pid) for pid in range(1, len(c.pieces.names)) for frm in range(n)
                 for ray in rays[frm] for x in ray))

    def for_piece(pid: int) -> Callable:
        if pid in bound:
            return bound[pid]
        moves: list[list[Move | None]] = [[None] * n for _ in range(n)]
        for frm in range(n):
            for ray in rays[frm]:
                for x in ray:
                    moves[frm][x] = interned[frm, x, pid]
        if fast:
            # per origin, per ray: its sites, the moves landing before each site (taken
            # when that site is the first occupied one), the moves of a free ray, and
            # the sites those depend on (see ludeme.compile.slidelists)
            table = [tuple(slidelists.ray_entry(ray, [
                moves[frm][x] if land_table is None or land_table[x] else None
                for x in ray], n) for ray in rays[frm] if ray) for frm in range(n)]

            def at(s, frm, out):
                w = s.what
                for ray, before, free, _, _ in table[frm]:
                    for x in ray:
                        if w[x]:
                            out.extend(before[x])
                            break
                    else:
                        out.extend(free)

            at.rays = table  # (forEach Piece) lists these tables itself
        else:
            at = _general_slide(rays, moves, go, go_table, stop, land, land_table, low)
        describe(at, anchored=True,
                 possible=[frozenset(m for m in row if m is not None) for row in moves])
        bound[pid] = at
        return at

    return piece_moves(c, for_piece, from_)


move_slide.per_facing = True  # relative directions: see ludeme.compile.directions


def _passable_when_empty(c: CompileContext, go: Callable, n: int) -> tuple[bool, ...] | None:
    """Per site, whether a slide passes over it when it is empty, when the rule ``go``
    reads nothing but ``(between)``, the piece there and the mover, never passes over an
    occupied site and answers alike for every mover; else None."""
    np = len(c.pieces.names)
    tables = site_piece_table(go, "between", n, np, c.game.next_of)
    if tables is None or len(tables) < 2:
        return None
    first = tables[1]
    passable = tuple(first[x * np] for x in range(n))
    for row in tables[1:]:
        for x in range(n):
            if row[x * np] != passable[x] or any(row[x * np + 1:(x + 1) * np]):
                return None
    return passable


def _until(ray: tuple[int, ...], passable: tuple[bool, ...]) -> tuple[int, ...]:
    """``ray`` up to, not including, its first site that is never passed over."""
    for i, x in enumerate(ray):
        if not passable[x]:
            return ray[:i]
    return ray


def _general_slide(rays, moves, go, go_table, stop, land, land_table, low=1) -> Callable:
    """A slide whose rules read the position: evaluate them site by site, as Ludii does
    (the stop rule first, then the rule for passing over, then the landing rule), with
    ``(to)`` and ``(between)`` both bound to the site examined. A site nearer than
    ``low`` (``(exact n)``) is neither stopped on nor landed on: it is passed over."""
    go_fn = go.fn if go is not None and go_table is None else None
    stop_fn = stop.fn if stop is not None else None
    land_fn = land.fn if land is not None and land_table is None else None

    def at(s, frm, out):
        w = s.what
        s.frm = frm
        for ray in rays[frm]:
            for i, x in enumerate(ray, start=1):
                if stop_fn is not None and i >= low:
                    s.to = x
                    if stop_fn(s):
                        if (land_table is None or land_table[x]) and \
                                (land_fn is None or land_fn(s)):
                            out.append(moves[frm][x])
                        break
                if go_table is not None:
                    if not go_table[x]:
                        break
                elif go_fn is not None:
                    s.to = s.between = x
                    if not go_fn(s):
                        break
                elif w[x]:
                    break
                if i < low:
                    continue
                if land_table is not None and not land_table[x]:
                    continue
                if land_fn is not None:
                    s.to = x
                    if not land_fn(s):
                        continue
                out.append(moves[frm][x])

    return at


def starts_elsewhere(frm: FromPart | SiteV | None) -> bool:
    """Whether ``(from ...)`` says more than "the piece's own site": another site
    (``(from (last To))``), a region, or an ``if:`` or ``level:`` on it."""
    from ludeme.ludemes.numbers.expressions import FROM_SITE

    if frm is None:
        return False
    if isinstance(frm, SiteV):
        return frm.fn is not FROM_SITE
    return (frm.region is not None or frm.cond is not None or frm.level is not None
            or frm.site is None or frm.site.fn is not FROM_SITE)


def piece_moves(c: CompileContext, for_piece: Callable, frm: FromPart | SiteV | None
                ) -> PieceMovesV:
    """A generator of piece moves (step, slide, hop, leap) from its ``for_piece`` and its
    ``(from ...)``. Played as a piece's moves, those start from the piece's site; but
    when ``(from ...)`` names other sites (``(from (last To))`` in a capture sequence)
    Ludii evaluates it with ``(from)`` bound to the piece, and the move starts there:
    the whole generator is then run per piece (no ``for_piece``)."""
    gen = from_each_piece(c, for_piece, frm)

    def starts(other: Callable) -> Callable:
        return from_each_piece(c, other, frm)

    starts.for_piece = for_piece  # the pieces' own moves, for ludeme.compile.directions
    if starts_elsewhere(frm):
        return PieceMovesV(gen, for_piece=None, starts=starts)
    return PieceMovesV(gen, for_piece=for_piece, starts=starts)


def from_each_piece(c: CompileContext, for_piece: Callable, frm: FromPart | None) -> Callable:
    """The generator used outside ``(forEach Piece)``: from each piece of the mover, or
    from the piece on each site of ``(from ...)`` when given, whoever owns it: Ludii's
    generators move the piece on the site they are given without asking whose it is
    (``(can Move (step (from (site)) ...))`` over the next player's pieces)."""
    owner = c.pieces.owner
    n = c.require_board().n_sites
    if isinstance(frm, SiteV):  # a bare site, as Ludii allows: (move Hop (from) ...)
        frm = FromPart(site=frm)
    if frm is not None and frm.site is not None:
        site_fn = frm.site.fn
        sites_fn = lambda s: (site_fn(s),)  # noqa: E731
    elif frm is not None:
        sites_fn = frm.region.fn
    else:
        sites_fn = None
    cond = frm.cond.fn if frm is not None and frm.cond is not None else None

    def gen(s):
        out: list[Move] = []
        w = s.what
        who = s.who
        if sites_fn is None:
            sites = range(n)
            anyone = False
        else:
            sites = sites_fn(s)
            anyone = True
        for x in sites:
            p = w[x] if 0 <= x < n else 0
            if p and (anyone or owner[p] == who):
                if cond is not None:
                    s.frm = x
                    if not cond(s):
                        continue
                for_piece(p)(s, x, out)
        return out

    return gen


# -- pieces with moves -----------------------------------------------------------------


def _declared(c: CompileContext) -> list[tuple[tuple[int, ...], object]]:
    """The moves declared inside (piece ...) forms: (piece ids, checked moves)."""
    return vars(c).setdefault("piece_moves", [])


@ludeme("piece", T.Item, lazy=True)
def piece_with_moves(c: CompileContext, name: T.Str, owner: T.Role = "Each",
                     facing: T.Direction = None, moves: T.Moves = None, flips: FLIPS = None,
                     *, symbol: T.Str = "", value: T.Int = 0):
    """A kind of piece with its moves, as in Ludii: ``(piece "King" P2 (move Slide
    Orthogonal) symbol:"K")``. ``(forEach Piece)`` plays them; in them ``(from)`` is the
    site of the piece moving. ``(flips a b)`` makes it double-sided: ``(flip ...)``
    turns its state value between ``a`` and ``b``."""
    from ludeme.ludemes.equipment.boards import piece as plain_piece

    kind = c.compile(name, T.Str)
    role = c.compile(owner, T.Role) if not isinstance(owner, str) else c.role(owner)
    sym = c.compile(symbol, T.Str) if not isinstance(symbol, str) else symbol
    before = len(c.pieces.names)
    extra = {}
    if not isinstance(value, int):
        extra["value"] = c.compile(value, T.Int)
    face = c.compile(facing, T.Direction) if facing is not None else None
    plain_piece(c, kind, role, face, symbol=sym, **extra)
    pids = tuple(range(before, len(c.pieces.names)))
    if flips is not None:
        from ludeme.ludemes.containers.site_states import enable_site_state, piece_flips

        sides = c.compile(flips, FLIPS)
        enable_site_state(c)
        for pid in pids:
            piece_flips(c)[pid] = (sides.a, sides.b)
    if moves is not None:
        _declared(c).append((pids, moves))
    return None


# a (then ...) of (forEach Piece) is made part of the moves of the generators it plays,
# when they all can (``MovesV.rethen``; else copies of the moves with the consequences
# are made while generating)


@ludeme("forEach Piece", T.Moves, lazy=True,
        ludii="A set of players (All, Enemy, ...) as <roleType> and on: are not "
              "supported.")
def for_each_piece(c: CompileContext, names: (T.Str, T.ListOf(T.Str)) = None,
                   moves: T.Moves = None, player: T.Role = None, *,
                   container: T.IntFn = None, top: T.Bool = False, then: T.Effect = None):
    """The moves of every piece of the mover on the board, each as declared in its
    ``(piece ...)``; only of the kinds ``names`` gives when it does (``(forEach Piece
    "Counter")``, ``(forEach Piece {"King" "Queen"})``), and, when ``moves`` are given,
    those moves instead of the declared ones, with ``(from)`` the piece's site
    (``(forEach Piece "Counter" (move Step (directions {FR FL}) (to if:(is Empty
    (to)))))``). Relative directions (Forward, FR, ...) in the moves are taken from each
    piece's facing (see ``(piece ...)`` and ``(player ...)``). With ``container:``, the
    moves of the pieces the mover holds in that container instead (as Ludii numbers
    containers: 0 the board, then each hand in the order the equipment declares them;
    ``(forEach Piece container:(mover))`` with ``(hand Each)``), ``(from)`` bound to the
    hand site. With a player (``(forEach Piece Next)``), the moves of that player's
    pieces instead, generated as Ludii does, with that player as the mover, the current
    mover as the next and previous player. In a game with stacks, as in Ludii, every
    piece of the mover in a stack makes its moves (which move the top piece), or only
    the top pieces with ``top:True``. A last ``(then ...)`` adds consequences to every
    move, after its own. Ludii: ``(forEach Piece [<string> | {<string>}] [<moves>]
    [<roleType>] [container:] [top:] ... [<then>])``."""
    if then is not None:
        from ludeme.compile.consequences import with_then

        effect = c.compile(then, T.Effect)
        # offered to the generators the pieces play: when each can make its moves with
        # the consequences (``rethen``), no copies are made while generating
        vars(c)["then_inside"] = effect
        try:
            inner = for_each_piece(c, names, moves, player, container=container, top=top)
        finally:
            vars(c)["then_inside"] = None
        return inner if vars(c).pop("then_pushed", False) else with_then(c, inner, effect)
    if player is not None:
        role = c.compile(player, T.Role)
        if role.many is not None:
            c.fail("(forEach Piece ...) plays the pieces of one player: Mover, Next, P1, ...",
                   node=player)
        inner = for_each_piece(c, names, moves, container=container, top=top)
        if role.name == "Mover":
            return inner
        return _as_player(role.fn, inner)
    inside = vars(c).get("then_inside")
    vars(c)["then_inside"] = None
    if container is not None:
        container = c.compile(container, T.IntFn)
    pieces = c.pieces
    n_players = c.num_players
    kinds = c.compile(names, (T.Str, T.ListOf(T.Str))) if names is not None else None
    if isinstance(kinds, str):
        kinds = [kinds]
    for k in kinds or ():
        if k not in pieces.kind_names:
            from ludeme.errors import suggest

            c.fail(f"no piece '{k}' in the equipment", suggest(k, pieces.kind_names))
    if vars(c).get("in_piece_moves"):
        c.fail("(forEach Piece) plays the pieces' moves: it cannot be one of them")
    if moves is not None:
        # Ludii: the pieces of the mover of those kinds (every kind when none is named)
        declared = [(tuple(pid for pid in range(1, len(pieces.names))
                           if pieces.owner[pid] and (kinds is None
                                                     or pieces.kinds[pid] in kinds)),
                     moves)]
    else:
        declared = _declared(c)
        if not declared:
            c.fail("(forEach Piece) has no moves to play: no (piece ...) declares moves",
                   'e.g. (piece "Rook" Each (move Slide Orthogonal))')
    table: list[list] = [[None] * len(pieces.names) for _ in range(n_players + 1)]
    compiled: list[tuple[str, list[int], MovesV]] = []
    for all_pids, checked in declared:
        # compiled once per facing of the pieces, which relative directions (Forward,
        # FR, ...) are taken from
        by_facing: dict[str, list[int]] = {}
        for pid in all_pids:
            if kinds is None or pieces.kinds[pid] in kinds:
                by_facing.setdefault(c.facing_of(pid), []).append(pid)
        for facing, pids in by_facing.items():
            vars(c)["in_piece_moves"] = True
            c.facing = facing
            try:
                compiled.append((facing, pids, c.compile(checked, T.Moves)))
            finally:
                vars(c)["in_piece_moves"] = False
                c.facing = None
    # the consequences of a (then ...) of this (forEach Piece), when every generator can
    # make its moves with them (else they are added to the moves as they are made)
    if inside is not None and all(mv.rethen is not None for _, _, mv in compiled):
        vars(c)["then_pushed"] = True
        with_more = []
        for facing, pids, mv in compiled:
            c.facing = facing
            try:
                with_more.append((facing, pids, mv.rethen(inside)))
            finally:
                c.facing = None
        compiled = with_more
    for _, pids, mv in compiled:
        for_piece = per_piece(mv)
        for pid in pids:
            owner = pieces.owner[pid]
            at = for_piece(pid)
            for p in ([owner] if owner else range(1, n_players + 1)):
                table[p][pid] = at

    sites = range(c.require_board().n_sites)
    # per player and piece id: does the piece move (to pick the mover's pieces in C)
    moving = [[f is not None for f in row] for row in table]
    # when every piece of a player slides by plain ray tables, walk them inline
    rays = [[getattr(f, "rays", None) for f in row] for row in table]
    inline = [all(f is None or r is not None for f, r in zip(table[p], rays[p], strict=True))
              for p in range(n_players + 1)]
    # a piece whose moves need not start from it (a placement declared in a piece) makes
    # the same moves as its fellows: those are kept once
    repeats = [any(f is not None and not is_anchored(f) for f in row) for row in table]

    # the slides of those players, kept per piece from one position to the next
    slides = slidelists.lister([r if ok else [None] * len(r) for r, ok in zip(rays, inline,
                                                                                strict=True)],
                               moving, len(sites))
    if container is not None and container.const != 0:
        return _hand_pieces(c, table, container)
    if getattr(c, "uses_stacks", False) and not getattr(top, "value", top):
        return MovesV(_every_level(table, moving, sites))

    # per player, the ids of its pieces that move when they are few (else None): asking
    # whether the board holds any of them (``in``, in C) is cheaper than a scan by site
    pieces_of = piece_sites(c, moving, len(sites))
    # per player, when one kind of its pieces moves and its moves start from its site:
    # those moves from all the piece's sites in one call (``many`` of its ``at``)
    # ... or the moves of every such piece on the board at once, without finding its
    # sites first (``every`` of its ``at``: ludeme.compile.piecescan)
    at_once = [None] * len(table)
    every = [None] * len(table)
    for p, row in enumerate(table):
        ats = [f for f in row if f is not None]
        if len(ats) == 1 and is_anchored(ats[0]):
            # (a piece's table of trees makes its ``every`` for the piece id: row.index)
            every_of = getattr(ats[0], "every_of", None)
            every[p] = every_of(row.index(ats[0])) if every_of is not None else \
                getattr(ats[0], "every", None)
            at_once[p] = getattr(ats[0], "many", None)  # every site's moves in one call
    few_pids = [None if len(ids) > 3 else ids for ids in
                (tuple(p for p, ok in enumerate(row) if ok) for row in moving)]

    def gen(s):
        who = s.who
        w = s.what
        if inline[who]:
            return slides(s)
        out: list[Move] = []
        if every[who] is not None:
            every[who](s, out)
            return out
        few = few_pids[who]
        if few is not None:
            # the board holds none of the few pieces that move: no scan of every site
            # (a kind of piece often has none, a king before any promotion, say)
            for p in few:
                if p in w:
                    break
            else:
                return out
        many = at_once[who]
        if many is not None:
            many(s, pieces_of(s, who), out)
            return out
        mine = table[who]
        for frm in pieces_of(s, who):
            mine[w[frm]](s, frm, out)
        return unique(out) if repeats[who] else out

    # per player and piece id, per site: where its moves could ever go from there
    # (None: anywhere), built when first asked
    reach_tables: list = []

    def reaches(s, site):
        # Ludii's canMoveTo: only the pieces whose moves could ever get to the site
        # from where they stand are asked, and the first move there is enough
        if not reach_tables:
            reach_tables.extend([[targets_of(f) if f is not None else None for f in row]
                                 for row in table])
        who = s.who
        w = s.what
        mine = table[who]
        where_to = reach_tables[who]
        for frm in compress(sites, map(moving[who].__getitem__, w)):
            p = w[frm]
            targets = where_to[p]
            if targets is not None and site not in targets[frm]:
                continue
            at = mine[p]
            out: list[Move] = []
            at(s, frm, out)
            for m in out:
                if m.to == site:
                    return True
        return False

    # every move starts from the site of the piece that makes it, each once (anchored
    # moves, none repeated): the pieces that move are the moves' origins (see MovesV)
    origins = None if any(repeats) else \
        tuple(frozenset(pid for pid, ok in enumerate(row) if ok) for row in moving)
    # when every player's pieces slide by plain ray tables, the lister is the generator
    return MovesV(slides if all(inline[1:]) else gen, reaches=reaches, origins=origins)


def _as_player(player, moves: MovesV) -> MovesV:
    """The moves of ``moves`` for another player than the mover: as Ludii's
    ``(forEach Piece <role>)``, generated with that player as the mover, and the mover
    as the next and the previous player."""
    def as_player(fn):
        def run(s, *args):
            p = player(s)
            who = s.who
            if p == who:
                return fn(s, *args)
            nxt, prev = s.nxt, s.prev_mover
            s.who, s.nxt, s.prev_mover = p, who, who
            try:
                return fn(s, *args)
            finally:
                s.who, s.nxt, s.prev_mover = who, nxt, prev

        return run

    return MovesV(as_player(moves.gen), reaches=as_player(reach_of(moves)))


def _every_level(table: list[list], moving: list[list[bool]], sites: range) -> Callable:
    """The generator of ``(forEach Piece)`` in a game with stacks: the moves of each of
    the mover's pieces at any level of a stack, from its site, with ``(level)`` its
    level (the same move made again for another piece is kept once)."""
    def gen(s):
        who = s.who
        w, st = s.what, s.stack
        mine, moves = table[who], moving[who]
        out: list[Move] = []
        for frm in sites:
            p = w[frm]
            if not p:
                continue
            below = st[frm]
            if not below:
                if moves[p]:
                    s.level = 0
                    mine[p](s, frm, out)
                continue
            for level, q in enumerate((*below, p)):
                if moves[q]:
                    s.level = level
                    mine[q](s, frm, out)
        s.level = 0
        return unique(out)

    return gen


def _hand_pieces(c: CompileContext, table: list[list], container) -> MovesV:
    """``(forEach Piece container:n)`` for a hand: the moves of each kind of piece the
    mover holds there, from the hand site that holds it."""
    from ludeme.ludemes.containers.hands import hand_layout
    from ludeme.ludemes.moves.from_to import hand_origins
    from ludeme.ludemes.rules.turns import MOVER

    layout = hand_layout(c)
    _, hand_piece, _ = hand_origins(c)
    order = [p for p, _ in getattr(c, "hand_order", [])]
    if not order:
        c.fail("(forEach Piece container:...) plays pieces held in a hand: there is none",
               "declare hands in the equipment: (hand Each)")
    # container k (1-based) is the k-th hand declared, as Ludii numbers its containers:
    # its sites, each with its index among the hands' sites and its owner
    base, owners, kinds = layout.base, layout.owner, layout.kind
    hand_slots = [()] + [tuple((x, x - base, owners[x - base]) for x in layout.sites(p))
                         for p in order]
    n_slots = len(hand_slots)
    which = container.fn
    # (forEach Piece container:(mover)): the mover's hand, read without a call
    of_mover = which is MOVER
    # per hand site (by index) and kind index, the piece it plays (hand_piece, tabled;
    # the kinds are bound as pieces are first put in a hand, so they are read as play
    # goes); per player and piece id, that piece's moves if the player plays it, else None
    pid_of = hand_piece.pid_of
    n_kinds = len(c.pieces.kind_names)
    pid_rows = [[pid_of.get((q, k), 0) for k in range(n_kinds)] for q in owners]
    pieces_owner = c.pieces.owner
    # (the moves of a piece from a hand site known to hold it: ``held`` of a piece's
    # table of trees, which then need not ask the hand again)
    usable = [[getattr(at, "held", at) if pid and at is not None and
               pieces_owner[pid] in (who, 0) else None
               for pid, at in enumerate(row)] for who, row in enumerate(table)]

    def gen(s):
        k = s.who if of_mover else which(s)
        out: list[Move] = []
        if not 0 < k < n_slots:
            return out
        mine = usable[s.who]
        hand = s.hand
        for x, i, owner in hand_slots[k]:
            kind = kinds[i]
            if kind < 0 or not hand[owner][kind]:
                continue
            at = mine[pid_rows[i][kind]]
            if at is not None:
                at(s, x, out)
        return out

    # when every piece's moves start from its site (anchored), those of one hand site
    # are not those of another: per player, the pieces whose moves are played
    hand_origins = None
    if all(f is None or is_anchored(f) for row in table for f in row):
        hand_origins = tuple(frozenset(p for p, f in enumerate(row) if f is not None)
                             for row in table)
    return MovesV(gen, hand_origins=hand_origins)
