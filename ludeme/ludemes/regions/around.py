"""The sites around a site, filtered by a condition on each of them (Ludii's ``if:``).

``(count Sites in:(sites Around (to) Orthogonal if:(is Empty (to))))`` counts the empty
neighbours of the site being tried; ``(sites Around (last To) if:...)`` selects the
neighbours of the piece just placed that meet a condition (to capture them, say);
``(sites Around (sites Centre) Orthogonal includeSelf:True)`` is a centre and the sites
beside it.
"""

from __future__ import annotations

from itertools import compress
from operator import eq, ge, gt, itemgetter, le, lt, ne

from ludeme.board import Board
from ludeme.compile import neighbourcounts
from ludeme.compile.compiler import CompileContext, reads_to
from ludeme.compile.neighbourcounts import EMPTY_FLAG
from ludeme.compile.values import RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Lit
from ludeme.lang.registry import ludeme


def _range_select(count, level: int, select, kept=None):
    """``in_range(s, lo, hi)``: the empty sites of [lo, hi), in order, with more than
    ``level`` empty neighbours (``count``'s levels, or the counts ``kept`` from the last
    position, ``neighbourcounts.KeptCounts``), picked in C from the counts masked by the
    empty sites; ``select(s, sites)`` when the pieces do not fit in bytes."""
    as_bytes = neighbourcounts.board_reader()

    def in_range(s, lo, hi):
        w = s.what
        try:
            empty = as_bytes(w).translate(EMPTY_FLAG)
        except (ValueError, TypeError):     # values beyond a byte
            return select(s, [x for x in range(lo, hi) if not w[x]])
        e = int.from_bytes(empty, "little")
        above = kept.above(empty, e, level) if kept is not None else count(e)[level]
        flags = (above & e).to_bytes(len(w), "little")
        return list(compress(range(lo, hi), flags[lo:hi]))

    def flags_between(lo, hi):
        """``flags(s, empty=None)``: the empty sites of [lo, hi) ``in_range`` picks as an
        integer with a byte 1 per site (site x the byte x), or None when the pieces do
        not fit in bytes; ``empty``: the position's empty sites (a byte 1 each), when
        the caller has them. The range is bound here, its mask made once."""
        whole = not lo
        mask = (1 << (8 * hi)) - (1 << (8 * lo))

        def flags(s, empty=None):
            w = s.what
            if empty is None or len(empty) != len(w):
                try:
                    empty = as_bytes(w).translate(EMPTY_FLAG)
                except (ValueError, TypeError):     # values beyond a byte
                    return None
            e = int.from_bytes(empty, "little")
            above = kept.above(empty, e, level) if kept is not None else count(e)[level]
            if whole and hi >= len(w):
                return above & e
            return above & e & mask

        return flags

    in_range.flags_between = flags_between
    return in_range


def neighbour_table(c: CompileContext, directions: tuple[str, ...] | None
                    ) -> tuple[tuple[int, ...], ...]:
    """``nb[site]``: the neighbours of each site along ``directions`` (all adjacent sites
    when None). A named relation (Orthogonal, Diagonal, Adjacent) uses the board's own
    table; other sets of compass directions are built from the step tables."""
    board: Board = c.require_board()
    if directions is None:
        return board.nbrs["Adjacent"]
    relation = getattr(directions, "relation", None)
    if relation is not None:
        return board.nbrs[relation]
    want = set(directions)
    for rel in ("Orthogonal", "Adjacent", "Diagonal"):
        if want == set(board.directions[rel]):
            return board.nbrs[rel]
    steps = [board.step["Adjacent"][d] for d in directions if d in board.step["Adjacent"]]
    if not steps:
        c.fail(f"no direction among {', '.join(directions)} on this board")
    return tuple(tuple(dict.fromkeys(st[x] for st in steps if st[x] >= 0))
                 for x in range(board.n_sites))


def _is_at_to(cond, kind: str) -> bool:
    """Whether ``cond`` is the checked form ``(is <kind> (to))``."""
    if not (isinstance(cond, Call) and cond.decl.name == f"is {kind}"):
        return False
    args = list(cond.args.values())
    return len(args) == 1 and _is_to(args[0])


def _is_to(site) -> bool:
    """Whether a checked site argument is ``(to)``."""
    return isinstance(site, Call) and site.decl.name == "to" and not site.args


def _reader(sites: tuple[int, ...]):
    """A function of a list giving its items at ``sites`` as a tuple."""
    if len(sites) >= 2:
        return itemgetter(*sites)
    if sites:
        only = sites[0]
        return lambda w: (w[only],)
    return lambda w: ()


@ludeme("sites Around", T.Region, lazy=True)
def sites_around_if(c: CompileContext, site_type: T.SiteType = None,
                    where: (T.Site, T.Region) = None,
                    kind: (T.RegionTypeDynamic, T.Role) = None,
                    directions: T.Direction = None, *, distance: T.Int = 1, if_: T.Cond = None,
                    includeSelf: T.Bool = False):
    """The sites around ``where`` (a site, or each site of a region) along
    ``directions`` (Adjacent by default), ``distance:`` steps out along each line (1 by
    default), that hold what ``kind`` says (``Empty``, ``NotEmpty``, ``Own``,
    ``NotOwn``, ``Enemy``, ``NotEnemy``, ``AllPlayers``) and for which ``if:`` holds,
    with ``(to)`` bound to each of them and ``(from)`` to the site they are around;
    ``includeSelf:True`` adds ``where`` (the first site of a region) as it is. As in
    Ludii: ``(sites Around (to) Orthogonal if:(is Empty (to)))``; around a region, the
    region's own sites count when they are around one another."""
    if where is None:
        c.fail("(sites Around ...) needs a site or a region")
    board: Board = c.require_board()
    if site_type is not None:
        site_type = c.compile(site_type, T.SiteType)
        if site_type not in board.use:
            c.fail(f"the board does not use {site_type.lower()}s", "add it to the board's use:")
    dirs = c.compile(directions, T.Direction) if directions is not None else None
    dist = c.compile(distance, T.Int) if not isinstance(distance, int) else distance
    if dist < 0:
        c.fail(f"distance:{dist} cannot be negative")
    if dist == 1:
        nb = neighbour_table(c, dirs)
    else:
        # the site ``dist`` steps out along each line (Ludii's radials)
        dirs = dirs or board.directions["Adjacent"]
        ray = board.rays_of(dirs)
        rays = [ray[d] for d in dirs if d in ray]
        nb = tuple(tuple(dict.fromkeys(
            x if dist == 0 else r[x][dist - 1] for r in rays if dist == 0 or len(r[x]) >= dist))
            for x in range(board.n_sites))
    hand_sites = sum(size for _, size in getattr(c, "hand_order", []))
    if hand_sites:
        # as in Ludii, a hand's site (numbered after the board's) has nothing around it
        nb = tuple(nb) + ((),) * hand_sites
    self_too = bool(includeSelf.value) if isinstance(includeSelf, Lit) else bool(includeSelf)
    centre = c.compile(where, (T.Site, T.Region))
    cond = c.compile(if_, T.Cond).fn if if_ is not None else None
    # Enemy is also a role's name: read the word as written
    kind_name = getattr(kind, "value", None) if kind is not None else None
    if kind is not None and kind_name not in T.RegionTypeDynamic.values:
        c.fail(f"(sites Around ...) takes what a site holds, not {kind_name}",
               "one of " + ", ".join(T.RegionTypeDynamic.values))
    holds = _holding(c, kind_name)
    if holds is not None:
        if cond is None:
            test = holds
        else:
            def test(s, first=holds, second=cond):
                return first(s) and second(s)
    else:
        test = cond
    # the commonest filters read one table entry per neighbour instead of calling a test
    only_empty = if_ is not None and kind is None and _is_at_to(if_, "Empty")
    only_occupied = if_ is not None and kind is None and _is_at_to(if_, "Occupied")
    # (and (is Occupied (to)) <rest>): the occupied neighbours read off the board, only
    # the rest asked of them
    rest = _after_occupied(c, if_) if kind is None and not self_too else None
    # (and (is Occupied (to)) (<op> (count Sites in:<the empty sites around (to)>) k)):
    # each occupied neighbour's empty neighbours counted in place (``_counted_rest``)
    counted = _counted_rest(c, if_) if rest is not None else None

    if isinstance(centre, SiteV):
        at = centre.fn
        if test is None:
            if centre.const is not None:
                x = centre.const
                return RegionV.of(nb[x] + ((x,) if self_too else ()) if x >= 0 else ())
            if self_too:
                return RegionV(lambda s: _with_self(nb, at(s)))
            return RegionV(lambda s: nb[at(s)] if at(s) >= 0 else ())
        # the commonest forms, one closure each (they run in the inner loop of playouts)
        if only_empty and not self_too:
            def empty_around(s):
                x = at(s)
                if x < 0:
                    return ()
                w = s.what
                return [y for y in nb[x] if not w[y]]

            # counted in C: the pieces around read by one itemgetter, the empty ones
            # (0) counted by tuple.count
            readers = [_reader(a) for a in nb]

            def size(s):
                x = at(s)
                return readers[x](s.what).count(0) if x >= 0 else 0

            def sizes_to(s, sites):
                w = s.what
                return [readers[x](w).count(0) for x in sites]

            def at_least(k: int):
                """The sites of a sequence with at least ``k`` empty sites around, in
                one comprehension (``(>= (count Sites in:...) k)`` as a filter)."""
                def select(s, sites):
                    w = s.what
                    return [x for x in sites if readers[x](w).count(0) >= k]

                count = neighbourcounts.counter(nb, k) if 0 < k <= 8 else None
                if count is None:
                    return select
                level = k - 1
                as_bytes = neighbourcounts.board_reader()

                def select_counted(s, sites):
                    # every site's count at once (``ludeme.compile.neighbourcounts``)
                    w = s.what
                    try:
                        empty = as_bytes(w).translate(EMPTY_FLAG)
                    except (ValueError, TypeError):     # values beyond a byte
                        return select(s, sites)
                    flags = count(int.from_bytes(empty, "little"))[level].to_bytes(
                        len(w), "little")
                    return [x for x in sites if flags[x]]

                # such a filter over the empty sites of an index range (``(to (sites
                # Empty) if:(>= (count Sites in:(sites Around (to) ... if:(is Empty
                # (to)))) k))``) selects them from the counts' bytes in C
                select_counted.in_range = _range_select(
                    count, level, select, neighbourcounts.kept_counts(nb, k))
                return select_counted

            sizes_to.at_least = at_least
            # the getters it counts with: ``readers[x](w).count(0)`` is site x's count
            # (``_counted_rest``)
            sizes_to.readers = readers

            # counted in C, for every candidate of a filter ``(to <region> if:(<op>
            # (count Sites in:(sites Around (to) ...)) k))`` in one call
            return RegionV(empty_around, size=size,
                           sizes_to=sizes_to if _is_to(where) else None)
        if only_occupied and not self_too:
            def occupied_around(s):
                x = at(s)
                if x < 0:
                    return ()
                w = s.what
                return [y for y in nb[x] if w[y]]
            return RegionV(occupied_around)
        if only_empty:
            def pick(s, x):
                w = s.what
                return [y for y in nb[x] if not w[y]]
        elif only_occupied:
            def pick(s, x):
                w = s.what
                return [y for y in nb[x] if w[y]]
        elif counted is not None:
            # (self_too is off here): one frame, ``(to)`` read in place when it is the site
            op, k, counts = counted
            direct = reads_to(centre)
            n_nb = len(nb)

            def counted_around(s):
                x = s.to if direct else at(s)
                if not 0 <= x < n_nb:
                    return ()  # as in Ludii, a site off the board (a hand's) has none around
                w = s.what
                out = []
                for y in nb[x]:
                    if w[y] and op(counts[y](w).count(0), k):
                        out.append(y)
                return out
            return RegionV(counted_around)
        elif rest is not None:
            def pick(s, x):
                w = s.what
                keep_to, keep_from = s.to, s.frm
                s.frm = x
                out = []
                for y in nb[x]:
                    if w[y]:
                        s.to = y
                        if rest(s):
                            out.append(y)
                s.to, s.frm = keep_to, keep_from
                return out
        else:
            def pick(s, x):
                keep_to, keep_from = s.to, s.frm
                s.frm = x
                out = []
                for y in nb[x]:
                    s.to = y
                    if test(s):
                        out.append(y)
                s.to, s.frm = keep_to, keep_from
                return out

        def fn(s):
            x = at(s)
            if not 0 <= x < len(nb):
                return ()  # as in Ludii, a site off the board (a hand's) has none around
            out = pick(s, x)
            if self_too and x not in out:
                out.append(x)
            return out
        return RegionV(fn)

    region_fn = centre.fn
    n_nb = len(nb)

    def around_region(s):
        sites = region_fn(s)
        out: dict[int, None] = {}
        keep_to, keep_from = s.to, s.frm
        for x in sites:
            if not 0 <= x < n_nb:
                continue  # as in Ludii, a site off the board (a hand's) has none around
            for y in nb[x]:
                if y in out:
                    continue
                if test is not None:
                    s.frm, s.to = x, y
                    if not test(s):
                        continue
                out[y] = None
        s.to, s.frm = keep_to, keep_from
        if self_too and sites:
            out[sites[0]] = None
        return tuple(out)

    if centre.static is not None and test is None:
        return RegionV.of(_around_static(centre.static, nb, self_too))
    return RegionV(around_region)


def _after_occupied(c: CompileContext, cond):
    """The compiled rest of ``(and (is Occupied (to)) <rest>...)``, else None: ``(sites
    Around ... if:<that>)`` reads the occupied neighbours off the board and asks only
    the rest of them."""
    if not (isinstance(cond, Call) and cond.decl.name == "and"):
        return None
    conds = list(cond.args.get("conds") or ())
    if len(conds) < 2 or len(cond.args) != 1 or not _is_at_to(conds[0], "Occupied"):
        return None
    fns = [c.compile(x, T.Cond).fn for x in conds[1:]]
    if len(fns) == 1:
        return fns[0]
    return lambda s: all(f(s) for f in fns)


_COMPARED = {"<": lt, "<=": le, ">": gt, ">=": ge, "=": eq, "!=": ne}


def _counted_rest(c: CompileContext, cond):
    """(operator, k, per site a getter whose ``count(0)`` is its count) when ``cond`` is
    ``(and (is Occupied (to)) (<op> (count Sites in:<R>) k))`` with R the empty sites
    around ``(to)`` (a region that counts them per site, ``sizes_to.readers``) and k a
    constant; else None. ``(sites Around ... if:<that>)`` then counts each occupied
    neighbour's empty sites around it in the loop over the neighbours, without setting
    ``(to)`` and calling the condition's closures for each."""
    if not (isinstance(cond, Call) and cond.decl.name == "and" and len(cond.args) == 1):
        return None
    conds = list(cond.args.get("conds") or ())
    if len(conds) != 2 or not _is_at_to(conds[0], "Occupied"):
        return None
    rest = conds[1]
    if not (isinstance(rest, Call) and rest.decl.name in _COMPARED and len(rest.args) == 2):
        return None
    a, b = rest.args.get("a"), rest.args.get("b")
    if not (isinstance(a, Call) and a.decl.name == "count Sites" and isinstance(b, Lit)
            and type(b.value) is int):
        return None
    readers = getattr(getattr(c.compile(a, T.Int), "per_to", None), "readers", None)
    if readers is None:
        return None
    return _COMPARED[rest.decl.name], b.value, readers


def _with_self(nb, x: int) -> tuple[int, ...]:
    if x < 0:
        return ()
    return nb[x] if x in nb[x] else nb[x] + (x,)


def _around_static(sites, nb, self_too: bool) -> tuple[int, ...]:
    out = dict.fromkeys(y for x in sites if x >= 0 for y in nb[x])
    if self_too and sites:
        out[sites[0]] = None
    return tuple(out)


def _holding(c: CompileContext, kind: str | None):
    """A test of what ``(to)`` holds, for Ludii's region kinds (Empty, Own, ...)."""
    if kind is None:
        return None
    owner = c.pieces.owner
    n = c.num_players

    def who(s, x):
        w = s.what[x]
        if not w:
            return 0
        return owner[w] or n + 1  # a piece nobody owns: Ludii's shared player

    tests = {
        "Empty": lambda s: not s.what[s.to],
        "NotEmpty": lambda s: bool(s.what[s.to]),
        "AllPlayers": lambda s: True,
        "Own": lambda s: who(s, s.to) == s.who,
        "Enemy": lambda s: who(s, s.to) not in (0, s.who, n + 1),
        "NotEnemy": lambda s: who(s, s.to) in (0, s.who),
        "NotOwn": lambda s: who(s, s.to) not in (s.who, n + 1),
    }
    return tests[kind]
