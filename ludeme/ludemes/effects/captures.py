"""Captures by enclosing: ``custodial`` (flanking along a line, as in the tafl games,
Hasami Shogi or Ludus Latrunculorum), ``surround`` (enclosing on every side), and the
``remove`` effect that takes the enclosed pieces.

Both capture rules look outwards from one site (by default the destination of the move
just made: only the piece that has just moved captures), find the pieces that meet the
``(between if:...)`` condition and are enclosed by sites that meet the ``(to if:...)``
condition, and apply the ``(between (apply ...))`` effect to all of them together once
every direction has been examined. Hostile squares (a throne, corners) are written into
the ``(to if:...)`` condition, so each game says which sites enclose for whom.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable

from ludeme.compile.compiler import CompileContext, victims_in_turn
from ludeme.compile.fold import STATE_VALUES, site_piece_table, site_state_table
from ludeme.compile.moveparts import BETWEEN, FROM, TO, BetweenPart, FromPart, ToPart
from ludeme.compile.values import EffectV, IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("remove", T.Effect, ludii="count: and a site type are not supported; "
        "at:StartOfTurn is not supported.")
def remove_effect(c: CompileContext, where: (T.Site, T.Region, T.IntFn), *,
                  at: T.When = None, then: T.Effect = None):
    """Take the piece(s) on a site or a region off the board: ``(remove (between))``;
    the site may be any integer, as Ludii's sites are (``(remove (var))``).
    A region is worked out in full before anything is removed. With ``at:EndOfTurn`` the
    pieces stay, marked in ``(sites ToClear)``, until the mover's turn ends (the end of
    the first move not followed by ``(moveAgain)``), as in Ludii's capture sequences.
    Ludii: ``(remove <region> [at:<whenType>] [count:<int>] [<then>])``."""
    if isinstance(where, IntV):
        where = SiteV(where.fn, where.const)
    take = c.game.clear_site
    thenfn = then.fn if then is not None else None
    if at == "StartOfTurn":
        c.fail("(remove ... at:StartOfTurn) is not supported", "at:EndOfTurn is")
    if at == "EndOfTurn":
        from ludeme.compile.removals import to_clear_slot

        slot = to_clear_slot(c, deferred=True)
        target = where.fn
        single = isinstance(where, SiteV)

        def mark(s):
            marked = s.aux[slot]
            w = s.what
            for x in ((target(s),) if single else tuple(target(s))):
                if x >= 0 and w[x] and x not in marked:
                    marked.append(x)
            if thenfn is not None:
                thenfn(s)

        return EffectV(mark, then.victims if then is not None else None)

    if isinstance(where, SiteV):
        site = where.fn

        def fn(s):
            x = site(s)
            if x >= 0:
                if s.what[x]:
                    s.after_frm = s.after_to = x  # Ludii's remove action, for (last To ...)
                take(s, x)
            if thenfn is not None:
                thenfn(s)

        def own(s):
            x = site(s)
            return [x] if x >= 0 and s.what[x] else []
    else:
        region = where.fn

        def fn(s):
            for x in tuple(region(s)):
                if s.what[x]:
                    s.after_frm = s.after_to = x  # Ludii's remove action, for (last To ...)
                take(s, x)
            if thenfn is not None:
                thenfn(s)

        def own(s):
            w = s.what
            return [x for x in region(s) if w[x]]

    return EffectV(fn, victims_in_turn([own, then.victims if then is not None else None]))


def _remover(c: CompileContext) -> Callable:
    """The default effect on an enclosed site: its piece is removed."""
    clear = c.game.clear_site
    return lambda s: clear(s, s.between)


def _origin(c: CompileContext, frm: FromPart | None) -> Callable:
    """The site a capture rule looks out from: ``(from <site>)``, by default the
    destination of the move just made; when the rule generates moves (under
    ``(append ...)``), ``(from)`` as in Ludii."""
    if frm is None:
        if vars(c).get("capture_as_moves"):
            return lambda s: s.frm
        return lambda s: s.history[-1].to if s.history else -1
    if frm.site is None or frm.cond is not None:
        c.fail("a capture rule starts from one site: (from (last To))")
    return frm.site.fn


def _defaults(c: CompileContext, between: BetweenPart | None, to: ToPart | None):
    """The rule's conditions and effect, Ludii's defaults filled in: the enclosed piece is
    an enemy's, the enclosing piece a friend's, and the enclosed piece is removed."""
    owner = c.pieces.owner
    target = between.cond.fn if between is not None and between.cond is not None else None
    if target is None:
        def target(s):
            o = owner[s.what[s.between]]
            return o != 0 and o != s.who
    friend = to.cond.fn if to is not None and to.cond is not None else None
    if friend is None:
        def friend(s):
            return owner[s.what[s.to]] == s.who
    if to is not None and to.apply is not None:
        c.fail("the enclosing sites take a condition: (to if:...), not (apply ...)")
    if between is not None and between.effect is not None:
        return target, friend, between.effect.fn, between.effect.victims
    return target, friend, _remover(c), lambda s: [s.between]


def _capture(find: Callable, effect: Callable, effect_victims: Callable | None,
             then: EffectV | None, exists: Callable | None = None,
             exists_at: Callable | None = None) -> EffectV:
    """The capture rule whose enclosed sites ``find(state)`` lists (None or empty when
    there are none): the effect applies to each, then ``then:`` runs once. Its victims,
    for the notation, are worked out by the same ``find`` without changing the board.
    ``exists(state)``, when given, says whether ``find`` would find any, stopping at the
    first (and leaving the context alone): the question a move generator asks."""
    finish = _finisher(effect, then.fn if then is not None else None)

    def fn(s):
        victims = find(s)
        if victims:
            finish(s, victims, s.to, s.between)

    def own(s):
        found = find(s)
        if not found or effect_victims is None:
            return []
        old = s.between
        out = []
        for b in found:
            s.between = b
            out += effect_victims(s)
        s.between = old
        return out

    def any_move(s):
        old_to, old_between = s.to, s.between
        found = find(s)
        s.to, s.between = old_to, old_between
        return bool(found)

    def prepare(s):
        # as Ludii works out every effect of an (and ...) before applying any: the
        # sites enclosed now are those taken, whatever an effect before it removes
        old_to, old_between = s.to, s.between
        found = find(s)
        s.to, s.between = old_to, old_between
        if not found:
            return _nothing
        found = list(found)

        def later(t):
            finish(t, found, t.to, t.between)

        return later

    return EffectV(fn, victims_in_turn([own, then.victims if then is not None else None]),
                   exists if exists is not None else any_move, any_move_at=exists_at,
                   prepare=prepare)


def _nothing(s) -> None:
    """A prepared effect that found nothing to do."""


def _steps(effect: Callable) -> tuple[Callable, ...]:
    """The effects that ``effect`` runs in order when it says so (``fn.parts``, as
    ``(allCombinations ...)`` does), flattened; else ``effect`` alone."""
    parts = getattr(effect, "parts", None)
    if parts is None:
        return (effect,)
    return tuple(f for p in parts for f in _steps(p))


def _finisher(effect: Callable, thenfn: Callable | None) -> Callable:
    """Apply the capture effect to every victim found (all found before any is removed),
    restore the context, then run ``then:`` once."""

    def finish(s, victims, old_to, old_between):
        for b in victims:
            s.between = b
            effect(s)
        s.to, s.between = old_to, old_between
        if thenfn is not None:
            thenfn(s)

    steps = _steps(effect)
    if len(steps) == 2:
        # the two effects of an (allCombinations ...) called in turn, without its call
        first, second = steps

        def finish(s, victims, old_to, old_between):  # noqa: F811
            for b in victims:
                s.between = b
                first(s)
                second(s)
            s.to, s.between = old_to, old_between
            if thenfn is not None:
                thenfn(s)

    return finish


@ludeme("custodial", T.Effect,
        ludii="The board edge never encloses (nothing is captured against the edge).")
def custodial(c: CompileContext, from_: FROM = None, directions: T.Direction = None,
              between: BETWEEN = None, to: TO = None, *, then: T.Effect = None):
    """Capture by flanking: looking out from ``(from ...)`` (by default the site the
    last move reached) in each of ``directions`` (all by default), a line of one or
    more sites meeting ``(between if:...)`` (at most ``(max n)``; an enemy piece by
    default) followed by a site meeting ``(to if:...)`` (a friendly piece by default;
    a hostile square when the condition says so) is captured: ``(between (apply ...))``
    is applied to each enclosed site (removal by default), all after every direction
    has been examined. A line that runs into the edge of the board captures nothing.
    ``then:`` runs once when something was captured.

    ``(custodial (from (last To)) Orthogonal (between (max 1) if:(is Enemy (who
    at:(between))) (apply (remove (between)))) (to if:(is Friend (who at:(to)))))``
    """
    board = c.require_board()
    n = board.n_sites
    dirs = directions if directions else board.directions["Adjacent"]
    origin = _origin(c, from_)
    target, friend, effect, effect_victims = _defaults(c, between, to)
    limit = between.max if between is not None and between.max is not None else n
    # per site, the rays that have room for at least one enclosed site and an encloser
    lines = board.lines_of(dirs)
    rays = [tuple(r[:limit + 1] for r in lines[x] if len(r) >= 2)
            for x in range(n)]
    folded = _fold(c, target, friend)

    if limit == 1 and folded is not None and folded[3] == _read_pieces:
        # the conditions are tables indexed by site and piece: no call per direction
        tt, ft, np, _ = folded
        quads = [tuple((r[0], r[0] * np, r[1], r[1] * np) for r in rs) for rs in rays]

        def find(s):
            at = origin(s)
            if at < 0:
                return None
            w = s.what
            tw, fw = tt[s.who], ft[s.who]
            victims = None
            for b, bp, f, fp in quads[at]:
                if tw[bp + w[b]] and fw[fp + w[f]]:
                    if victims is None:
                        victims = [b]
                    else:
                        victims.append(b)
            return victims

        if _from_last_to(c, from_):
            part = _Part("flank", [tuple((r[0], r[1]) for r in rs) for rs in rays], tt, ft,
                         np, 0, _finisher(effect, then.fn if then is not None else None))
            return _with_part(_capture(find, effect, effect_victims, then), part)
    elif folded is not None and limit >= 1:
        # a move generator's rule looks out from (from), which it reads itself
        from_from = from_ is None and bool(vars(c).get("capture_as_moves"))
        return _folded_lines(c, origin, rays, limit, folded, (target, friend), effect,
                             effect_victims, then, from_from, lines)
    elif limit == 1:
        pairs = [tuple((r[0], r[1]) for r in rs) for rs in rays]

        def find(s):
            at = origin(s)
            if at < 0:
                return None
            old_to, old_between = s.to, s.between
            victims = None
            for b, f in pairs[at]:
                s.between = b
                if target(s):
                    s.to = f
                    if friend(s):
                        if victims is None:
                            victims = [b]
                        else:
                            victims.append(b)
            s.to, s.between = old_to, old_between
            return victims
    else:
        def find(s):
            at = origin(s)
            if at < 0:
                return None
            return _enclosed(s, rays[at], limit, target, friend)

    return _capture(find, effect, effect_victims, then)


def _enclosed(s, lines, limit: int, target: Callable, friend: Callable) -> list[int]:
    """The sites enclosed along ``lines`` (runs of at most ``limit`` sites where
    ``target`` holds, closed by a site where ``friend`` does), asking the conditions
    site by site with ``(between)``/``(to)`` bound."""
    old_to, old_between = s.to, s.between
    victims = []
    for ray in lines:
        k = 0
        end = min(len(ray), limit)
        while k < end:
            s.between = ray[k]
            if not target(s):
                break
            k += 1
        if k == 0 or k >= len(ray):  # nothing enclosed, or the line meets the edge
            continue
        s.to = ray[k]
        if friend(s):
            victims.extend(ray[:k])
    s.to, s.between = old_to, old_between
    return victims


# where folded conditions read their values: the piece on a site or its state value
_read_pieces = "what"
_read_states = "site_state"


def _fold(c: CompileContext, target: Callable, friend: Callable):
    """The two conditions as tables ``[who][site * stride + value]`` when they read
    nothing but their site, the mover and either the piece on the site (stride: the
    number of pieces) or its state value (stride: ``STATE_VALUES``; see ``fold``), with
    the stride and how to read the values from a state; else None."""
    n = c.require_board().n_sites
    np = len(c.pieces.names)
    nxt = c.game.next_of
    tt = site_piece_table(target, "between", n, np, nxt)
    ft = site_piece_table(friend, "to", n, np, nxt) if tt is not None else None
    if ft is not None:
        return tt, ft, np, _read_pieces
    if not getattr(c.game, "uses_site_state", False):
        return None
    tt = site_state_table(target, "between", n, nxt)
    ft = site_state_table(friend, "to", n, nxt) if tt is not None else None
    return (tt, ft, STATE_VALUES, _read_states) if ft is not None else None


def _folded_lines(c: CompileContext, origin: Callable, rays: list, limit: int, folded,
                  conditions: tuple[Callable, Callable], effect: Callable,
                  effect_victims: Callable | None, then: EffectV | None,
                  from_from: bool = False, whole_lines=None) -> EffectV:
    """Flanking lines of any length whose conditions are folded into tables: no call
    per site of a line. A value beyond the tables (a state value of STATE_VALUES or
    more) is asked of the conditions themselves."""
    tt, ft, stride, read = folded
    target, friend = conditions

    def slow(s, at):
        return _enclosed(s, rays[at], limit, target, friend)

    # per site, each line as (its first site, that site's table offset, the rest of the
    # line as (site, offset) pairs); most lines end at their first site
    lines = [tuple((r[0], r[0] * stride, tuple((y, y * stride) for y in r[1:]), r)
                   for r in rs) for rs in rays]

    def scan(s, first: bool):
        """The enclosed sites (only whether there is one when ``first``); None when
        a value is beyond the tables."""
        at = origin(s)
        if at < 0:
            return []
        vals = getattr(s, read)
        tw, fw = tt[s.who], ft[s.who]
        victims = []
        for y, o, rest, ray in lines[at]:
            v = vals[y]
            if v >= stride:
                return None
            if not tw[o + v]:
                continue
            k = 1
            for y, o in rest:
                v = vals[y]
                if v >= stride:
                    return None
                if k < limit and tw[o + v]:
                    k += 1
                    continue
                if fw[o + v]:
                    if first:
                        return ray
                    victims.extend(ray[:k])
                break
        return victims

    def find(s):
        found = scan(s, False)
        return found if found is not None else slow(s, origin(s))

    def exists(s):
        found = scan(s, True)
        if found is None:
            at = origin(s)
            return at >= 0 and bool(slow(s, at))
        return bool(found)

    if from_from:
        # asked once per candidate site by a move generator: the same scan as
        # ``scan(s, True)``, written out, (from) and the values read in place
        states = read == _read_states

        def exists(s):  # noqa: F811
            at = s.frm
            if at < 0:
                return False
            vals = s.site_state if states else s.what
            tw, fw = tt[s.who], ft[s.who]
            for y, o, rest, _ray in lines[at]:
                v = vals[y]
                if v >= stride:
                    return bool(slow(s, at))
                if not tw[o + v]:
                    continue
                k = 1
                for y, o in rest:
                    v = vals[y]
                    if v >= stride:
                        return bool(slow(s, at))
                    if k < limit and tw[o + v]:
                        k += 1
                        continue
                    if fw[o + v]:
                        return True
                    break
            return False

    exists_at = None
    if from_from and whole_lines is not None:
        exists_at = _exists_at_sites(c, whole_lines, limit, folded, exists)
    return _capture(find, effect, effect_victims, then, exists, exists_at)


def _exists_at_sites(c: CompileContext, whole_lines, limit: int, folded,
                     exists: Callable) -> Callable | None:
    """``exists_at(state, sites)``: the sites (in the order given) from which the rule
    would capture, ``exists`` asked with ``(from)`` bound to each, worked out for all at
    once as bit masks (``ludeme.compile.bitlines``) when the board's lines allow it;
    None when they do not."""
    from ludeme.compile import bitlines

    tt, ft, stride, read = folded
    n = c.require_board().n_sites
    offsets = bitlines.offsets_of(whole_lines, n)
    if offsets is None or stride > 256:
        return None
    target, friend = bitlines.value_tables(tt, n, stride), bitlines.value_tables(ft, n, stride)
    if target is None or friend is None:
        return None
    origins = bitlines.flanking_origins(offsets, limit, n, target, friend)
    states = read == _read_states
    width = f"0{n}b"

    def hits(s) -> int | None:
        """The sites from which the rule would capture, as a bit set (site x: bit x),
        or None when a value is beyond the tables."""
        try:
            return origins(bytes(s.site_state if states else s.what), s.who)
        except ValueError:
            return None

    def exists_at(s, sites):
        hit = hits(s)
        if hit is None:  # a value beyond the tables: the scan, site by site
            old = s.frm
            found = []
            for x in sites:
                s.frm = x
                if exists(s):
                    found.append(x)
            s.frm = old
            return found
        if not hit:
            return []
        at = format(hit, width)[::-1]  # "1" at the sites that flank
        return [x for x in sites if at[x] == "1"]

    # the same answer for every board site at once, for callers that can take a bit set
    # (``(forEach Site ...)``: see ``MovesV.at_sites``)
    exists_at.bits = hits
    return exists_at


@ludeme("surround", T.Effect,
        ludii="with: is not supported.")
def surround(c: CompileContext, from_: FROM = None, directions: T.Direction = None,
             between: BETWEEN = None, to: TO = None, *, except_: T.Int = 0,
             then: T.Effect = None):
    """Capture by enclosing on every side: each neighbour of ``(from ...)`` (by default
    the site the last move reached) in ``directions`` (all by default) that meets
    ``(between if:...)`` (an enemy piece by default) is captured when all its own
    neighbours in ``directions`` meet ``(to if:...)`` (friendly pieces by default; the
    piece at ``(from ...)`` always counts), but for at most ``except:`` of them. As in
    Ludii, the sides a site has are the ones that count: the edge of the board encloses
    (write ``(not (is In (between) (sites Outer)))`` into ``(between if:...)`` for
    pieces that are safe on the edge). ``(between (apply ...))`` is applied to the captured
    sites (removal by default), all together; ``then:`` runs once when something was
    captured.

    A piece that needs four enclosers, or three and a hostile square:
    ``(surround (from (last To)) Orthogonal (between if:(= (what at:(between)) (id
    "King" P2))) (to if:(or (is Friend (who at:(to))) (is In (to) (sites Centre)))))``
    """
    board = c.require_board()
    n = board.n_sites
    dirs = tuple(directions) if directions else board.directions["Adjacent"]
    origin = _origin(c, from_)
    target, friend, effect, effect_victims = _defaults(c, between, to)
    if between is not None and between.max is not None:
        c.fail("(surround ...) encloses single sites: (max n) does not apply")
    allowed = except_
    if allowed < 0:
        c.fail("except: counts sides, it cannot be negative")
    steps = [board.step["Adjacent"][d] for d in dirs]
    around = [tuple(st[x] for st in steps if st[x] >= 0) for x in range(n)]
    folded = _fold(c, target, friend)

    if folded is not None and folded[3] == _read_pieces:
        tt, ft, np, _ = folded
        # per site: (neighbour, its table offset, its own neighbours with offsets)
        ring = [tuple((b, b * np, tuple((y, y * np) for y in around[b]))
                      for b in around[x]) for x in range(n)]

        def find(s):
            at = origin(s)
            if at < 0:
                return None
            w = s.what
            tw, fw = tt[s.who], ft[s.who]
            victims = None
            for b, bp, sides in ring[at]:
                if not tw[bp + w[b]]:
                    continue
                miss = 0
                for y, yp in sides:
                    if y != at and not fw[yp + w[y]]:
                        miss += 1
                        if miss > allowed:
                            break
                else:
                    if victims is None:
                        victims = [b]
                    else:
                        victims.append(b)
            return victims

        if _from_last_to(c, from_):
            part = _Part("surround", [tuple((b, around[b]) for b in around[x])
                                      for x in range(n)], tt, ft, np, allowed,
                         _finisher(effect, then.fn if then is not None else None))
            return _with_part(_capture(find, effect, effect_victims, then), part)
        return _capture(find, effect, effect_victims, then)

    def find_general(s):
        at = origin(s)
        if at < 0:
            return None
        old_to, old_between = s.to, s.between
        victims = None
        for b in around[at]:
            s.between = b
            if not target(s):
                continue
            miss = 0
            for t in around[b]:
                if t == at:
                    continue
                s.to = t
                if not friend(s):
                    miss += 1
                    if miss > allowed:
                        break
            else:
                if victims is None:
                    victims = [b]
                else:
                    victims.append(b)
        s.to, s.between = old_to, old_between
        return victims

    return _capture(find_general, effect, effect_victims, then)


@ludeme("enclose", T.Effect,
        ludii="The site type is the one in scope (use:); Ludii's optional first "
              "<siteType> argument is not supported.")
def enclose(c: CompileContext, from_: FROM = None, directions: T.Direction = None,
            between: BETWEEN = None, *, then: T.Effect = None):
    """Capture groups without liberties, as in Go: each neighbour of ``(from ...)`` (by
    default the site the last move reached, which must hold a piece) along
    ``directions`` (Adjacent by default) that meets ``(between if:...)`` (an enemy piece
    by default) starts a group, the sites meeting the condition joined to it through
    neighbours along ``directions``; a group with no empty neighbour (liberty) is
    enclosed. ``(between (apply ...))`` is applied to every site of every enclosed
    group (removal by default), all found before any is applied; ``then:`` runs once
    when something was enclosed. As in Ludii: ``(enclose (from (last To)) Orthogonal
    (between if:(is Enemy (who at:(between))) (apply (remove (between)))))``."""
    from ludeme.ludemes.regions.around import neighbour_table

    nb = neighbour_table(c, tuple(directions) if directions else None)
    origin = _origin(c, from_)
    target, _, effect, effect_victims = _defaults(c, between, None)
    if between is not None and between.max is not None:
        c.fail("(enclose ...) encloses whole groups: (max n) does not apply")

    def find(s):
        at = origin(s)
        if at < 0 or not s.what[at]:
            return None
        w = s.what
        old_between = s.between
        # sites already examined, with whether they meet the condition
        known: dict[int, bool] = {}

        def is_target(x: int) -> bool:
            ok = known.get(x)
            if ok is None:
                s.between = x
                ok = known[x] = bool(target(s))
            return ok

        victims: list[int] = []
        done: set[int] = set()
        for start in nb[at]:
            if start in done or not is_target(start):
                continue
            group = [start]
            members = {start}
            free = False
            k = 0
            while k < len(group):
                x = group[k]
                k += 1
                for y in nb[x]:
                    if not w[y]:
                        free = True  # as in Ludii, any empty neighbour is a liberty
                    if y not in members and is_target(y):
                        members.add(y)
                        group.append(y)
            done |= members
            if not free:
                victims.extend(group)
        s.between = old_between
        return victims

    return _capture(find, effect, effect_victims, then)


# the capture rules of one consequence that look out from (last To) and whose conditions
# fold into tables (a flanking line of one site, a surrounding) run as one generated
# function (``_fused_fn``): every rule's enclosed sites found in one pass over the
# neighbours of the destination, all before any is taken, then each rule's effect in
# order (rules in different direction orders: each on its own, worked out then applied
# through its preparation)


class _Part:
    """A capture rule as the fused function reads it: ``kind`` ("flank" or
    "surround"), per origin site the rule's rows in its direction order (flank: ``(b,
    f)``, the enclosed site and the encloser; surround: ``(b, sides)``, the enclosed site
    and its other neighbours), the folded conditions ``[who][site * np + piece]``, the
    stride ``np``, the sides that may be missing (surround) and the finisher."""

    __slots__ = ("kind", "rows", "target", "friend", "np", "allowed", "finish")

    def __init__(self, kind, rows, target, friend, np, allowed, finish):
        self.kind, self.rows, self.target, self.friend = kind, rows, target, friend
        self.np, self.allowed, self.finish = np, allowed, finish


def _from_last_to(c: CompileContext, frm: FromPart | None) -> bool:
    """Whether a capture rule looks out from ``(last To)`` (its default outside a move
    generator)."""
    from ludeme.ludemes.numbers.expressions import LAST_TO

    if frm is None:
        return not vars(c).get("capture_as_moves")
    return frm.site is not None and frm.cond is None and frm.site.fn is LAST_TO


def _with_part(effect: EffectV, part: _Part) -> EffectV:
    """``effect`` applied by the fused function of its one rule, which says what it is
    (``fn.capture_part``) so that consequences made of several rules fuse them."""
    fn = _fused_fn((part,))
    if fn is None:
        return effect
    fn.capture_part = part
    return EffectV(fn, effect.victims, effect.any_move, any_move_at=effect.any_move_at,
                   prepare=effect.prepare)


def fuse_captures(effects, sequence: EffectV) -> EffectV:
    """``sequence`` (the effects applied in order, every one worked out first) applied
    by one fused function when every effect is a capture rule that fuses; else
    ``sequence`` itself."""
    if len(effects) < 2:
        return sequence
    parts = tuple(getattr(e.fn, "capture_part", None) for e in effects)
    if None in parts or any(e.prepare is None for e in effects):
        return sequence
    fn = _fused_fn(parts)
    if fn is None:
        return sequence
    return EffectV(fn, sequence.victims, sequence.any_move,
                   any_move_at=sequence.any_move_at, prepare=sequence.prepare)


def _nearby_exit(union: list, np: int, merged: list, ns: dict) -> list[str]:
    """The fused function's first test: when the occupancy is kept, the kept sites of
    the pieces any rule could take (per player, at most ``NEARBY_PIECES`` ids) and the
    neighbours of the destination have no site in common: nothing to look at; else the
    loop goes over the rows of the neighbours holding such pieces alone. No lines where
    a rule could take an empty site or a player could take more kinds."""
    takes = [sorted({k % np for k, ok in enumerate(row) if ok}) for row in union]
    most = max(map(len, takes), default=0)
    if not most or most > NEARBY_PIECES or any(0 in t for t in takes):
        return []
    # every player's ids padded with its first (or 0, whose kept sites are none)
    ns["TAKES"] = [tuple(t + [t[0] if t else 0] * (most - len(t))) for t in takes]
    ns["NEAR"] = [sum({1 << r[0] for r in rows}) for rows in merged]
    ks = ", ".join(f"k{i}" for i in range(most)) + ("," if most == 1 else "")
    taken = " | ".join(f"pl[k{i}]" for i in range(most))
    # per destination and set of neighbours holding such pieces, the rows of those
    # neighbours, in their order
    ns["ROWS_BY"] = [{sum(1 << r[0] for r in kept): kept for kept in _subsets(rows)}
                     for rows in merged]
    return ["    rows = None",
            "    if s.occ is not None:", "        pl = s.placed",
            f"        {ks} = TAKES[who]",
            f"        near = ({taken}) & NEAR[at]",
            "        if not near:",
            "            return",
            "        rows = ROWS_BY[at][near]"]


def _subsets(rows: tuple) -> list[tuple]:
    """Every subsequence of ``rows`` (the rows of a set of neighbours, in order)."""
    return [tuple(r for i, r in enumerate(rows) if k >> i & 1) for k in range(1 << len(rows))]


# the fused function returns at once when none of the destination's neighbours holds a
# piece any of its rules could take, read from the kept piece sites (``State.placed``),
# and else looks at the rows of the neighbours holding such pieces alone, when every
# player's rules take at most this many kinds of piece (else every row, each skipped
# when its neighbour holds none)
NEARBY_PIECES = 4


def _fused_fn(parts: tuple[_Part, ...]) -> Callable | None:
    """The generated function of ``parts``: one loop over the neighbours of the
    destination of the last move (in the board's direction order, each rule's rows
    merged by their first site), a union of the rules' target tables skipping a
    neighbour none of them could take; the victims of each rule in its own order."""
    n = len(parts[0].rows)
    ns: dict = {}
    # per origin, the merged rows: (b, b * np, then per rule its fields or absent)
    merged = []
    for at in range(n):
        order: list[int] = []
        fields: list[dict[int, tuple]] = []
        for p in parts:
            mine = {}
            last = -1  # where the rule's previous row stands in the merged order
            for row in p.rows[at]:
                b = row[0]
                if b in order:
                    last = order.index(b)
                else:
                    last += 1
                    order.insert(last, b)
                if p.kind == "flank":
                    mine[b] = (row[1], row[1] * p.np)
                else:
                    mine[b] = (tuple((y, y * p.np) for y in row[1] if y != at),)
            fields.append(mine)
        rows = []
        for b in order:
            row: list = [b, b * parts[0].np]
            for p, mine in zip(parts, fields, strict=True):
                got = mine.get(b)
                if p.kind == "flank":
                    row += got if got is not None else (-1, 0)
                else:
                    row += got if got is not None else (None,)
            rows.append(tuple(row))
        merged.append(tuple(rows))
    # the order of each rule's rows is the merged order restricted to the rule
    for p, at in ((p, at) for p in parts for at in range(n)):
        pos = [r[0] for r in merged[at]]
        mine = [row[0] for row in p.rows[at]]
        if sorted(mine, key=pos.index) != mine:
            return None  # rules with different direction orders: not fused
    players = len(parts[0].target)
    union = [[any(p.target[who][k] for p in parts) for k in range(len(parts[0].target[who]))]
             if parts[0].target[who] else [] for who in range(players)]
    ns["ROWS"], ns["UNION"] = merged, union
    names = ["b", "bp"]
    head = ["def fused(s):", "    h = s.history", "    if not h:", "        return",
            "    at = h[-1].to", "    if at < 0:", "        return", "    who = s.who"]
    # (the lines from here are the ones the turn writes too, ``turn_lines``)
    start = len(head)
    head += _nearby_exit(union, parts[0].np, merged, ns)
    # the rows the nearby exit picked, else all of the destination's
    rows = "(rows if rows is not None else ROWS[at])" if "ROWS_BY" in ns else "ROWS[at]"
    head += ["    w = s.what", "    u = UNION[who]"]
    body = []
    for i, p in enumerate(parts):
        ns[f"T{i}"], ns[f"F{i}"], ns[f"FIN{i}"] = p.target, p.friend, p.finish
        ns[f"A{i}"] = p.allowed
        head.append(f"    t{i} = T{i}[who]")
        head.append(f"    f{i} = F{i}[who]")
        head.append(f"    v{i} = None")
        if p.kind == "flank":
            names += [f"e{i}", f"ep{i}"]
            body += [f"        if t{i}[x] and e{i} >= 0 and f{i}[ep{i} + w[e{i}]]:"]
        else:
            names.append(f"sides{i}")
            body += [f"        if t{i}[x] and sides{i} is not None:",
                     "            miss = 0",
                     f"            for y, yp in sides{i}:",
                     f"                if not f{i}[yp + w[y]]:",
                     "                    miss += 1",
                     f"                    if miss > A{i}:",
                     "                        break",
                     "            else:"]
        pad = "    " if p.kind == "surround" else ""
        body += [f"{pad}            if v{i} is None:", f"{pad}                v{i} = [b]",
                 f"{pad}            else:", f"{pad}                v{i}.append(b)"]
    lines = head + [f"    for {', '.join(names)} in {rows}:", "        x = bp + w[b]",
                    "        if not u[x]:", "            continue"] + body
    none = " and ".join(f"v{i} is None" for i in range(len(parts)))
    lines += [f"    if {none}:", "        return", "    ot, ob = s.to, s.between"]
    for i in range(len(parts)):
        lines += [f"    if v{i} is not None:", f"        FIN{i}(s, v{i}, ot, ob)"]
    exec(compile("\n".join(lines), "<ludeme fused captures>", "exec"), ns)  # noqa: S102
    fn = ns["fused"]
    if _returns_outside_loops(lines[start:]):
        fn.turn_lines = _turn_writer(lines[start:], ns)
    return fn


#: the fused function's lines are also offered to the turn written per game
#: (``fn.turn_lines(prefix)``, ``runtime.written_turn``), which writes them in place of
#: its call, with the destination and the mover it knows (lines whose ``return`` could
#: not be a ``break``: the function is called)


def _parsed(body: list[str]) -> ast.FunctionDef:
    """The function whose body is ``body`` (lines indented by four spaces), parsed."""
    return ast.parse("\n".join(["def fused(s):", *body])).body[0]


def _returns_outside_loops(body: list[str]) -> bool:
    """Whether every ``return`` of ``body`` is a bare one outside any loop (so that it
    may be the ``break`` of a loop round the lines)."""
    fn = _parsed(body)
    in_loops = {id(n) for loop in ast.walk(fn) if isinstance(loop, (ast.For, ast.While))
                for n in ast.walk(loop)}
    return all(r.value is None and id(r) not in in_loops
               for r in ast.walk(fn) if isinstance(r, ast.Return))


class _ForTurn(ast.NodeTransformer):
    """A fused function's body as the turn writes it: every variable but the state and
    the mover given a prefix (attributes and keywords are not variables), each ``return``
    the ``break`` of the loop round it."""

    kept = frozenset({"s", "who", *dir(builtins)})

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id not in self.kept:
            node.id = self.prefix + node.id
        return node

    def visit_Return(self, node: ast.Return) -> ast.Break:
        return ast.copy_location(ast.Break(), node)


def _turn_writer(body: list[str], ns: dict) -> Callable:
    """``turn_lines(prefix)``: the fused function's lines after its head (``body``, the
    same lines), for a turn that knows the destination as ``m.to`` and the mover as
    ``who`` (``s.who`` then): one pass of a ``while True:`` loop (a ``return`` is its
    ``break``), every name but ``who`` and ``s`` given ``prefix`` (``_ForTurn``); and the
    values they read under those names."""

    def turn_lines(prefix: str) -> tuple[list[str], dict]:
        fn = _ForTurn(prefix).visit(_parsed(body))
        # (unparsed, the function's body is indented by four spaces, as in the loop)
        written = ast.unparse(ast.fix_missing_locations(fn)).splitlines()[1:]
        lines = ["while True:", f"    {prefix}at = m.to", f"    if {prefix}at < 0:",
                 "        break", *written, "    break"]
        return lines, {prefix + k: v for k, v in ns.items() if k != "__builtins__"}

    return turn_lines
