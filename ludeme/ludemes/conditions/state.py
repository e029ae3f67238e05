"""Conditions: tests on the state (lines, connections, emptiness, comparisons)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ludeme.compile.bitlines import line_checks
from ludeme.compile.compiler import CompileContext
from ludeme.compile.inlined import compared
from ludeme.compile.placedreads import where_in
from ludeme.compile.pure import tabulated_cond
from ludeme.compile.values import CondV, RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime import occupancy

# (is Line n) through the last move's site reads the piece's sites as bits kept on the
# state (runtime.occupancy) and finds runs along each axis in bulk (compile.bitlines;
# False: it walks the board from the site, as before; tests compare the two)
BIT_LINES = True


def _longest_run(fwd, back) -> int:
    """The most sites in a row along one axis (steps ``fwd``, opposite steps ``back``)."""
    best = 0
    starts = [s for s in range(len(fwd)) if back[s] < 0]     # the first sites of lines
    if not starts:
        return len(fwd)         # lines that close on themselves: no bound here
    for start in starts:
        n, x = 0, start
        while x >= 0 and n <= len(fwd):
            n += 1
            x = fwd[x]
        best = max(best, n)
    return best


@ludeme("is Line", T.Cond)
def is_line(c: CompileContext, length: T.Int, directions: T.Direction = None,
            role: T.Role = None, *, through: T.Site = None, throughAny: T.Region = None,  # noqa: N803
            who: T.Role = None, what: T.IntFn = None, whats: T.ListOf(T.IntFn) = None,
            exact: T.Cond = None, if_: T.Cond = None,
            byLevel: T.Bool = False):  # noqa: N803
    """Whether the piece just placed or moved (at ``(last To)``; at ``through:`` when
    given, at any site of ``throughAny:``) is part of a line of ``length`` or more of
    the same piece, along ``directions`` (Adjacent by default). With a player (``Mover``
    or ``who:``) the line is of that player's pieces, of any kind, and the piece on the
    site must be one of them; with ``what:`` (a piece's number, ``(id "Disc" P1)``) or
    ``whats:`` (several), of those pieces. As in Ludii, a line through an empty site is
    a line of empty sites. With ``exact:True`` the line must be exactly ``length`` long:
    a longer line through the piece does not count (an overline). With ``if:``, every
    site of the line, the first included, must also meet that condition (with ``(to)``
    the site). Ludii: ``(is Line <int> [<direction>] [through:<int> |
    throughAny:<region>] [<roleType> | what:<int> | whats:{<int>}] [exact:<boolean>]
    [if:<boolean>] [byLevel:<boolean>])``.

    With ``byLevel:True`` (sites hold stacks) the line runs through the top of the stack
    at ``(last To)``: down that stack, along the board at that level, or along the board
    one level up or down per site (diagonally across the stacks), of pieces that are the
    same piece as that top one."""
    board = c.require_board()
    dirs = directions or board.directions["Adjacent"]
    from ludeme.board.graph import OPPOSITE

    axes = []
    seen = set()
    for d in dirs:
        if d in seen:
            continue
        seen.add(d)
        seen.add(OPPOSITE[d])
        rel = "Adjacent" if d in board.directions["Adjacent"] else "All"
        axes.append((board.step[rel][d], board.step[rel][OPPOSITE[d]]))
    longest = max((_longest_run(fwd, back) for fwd, back in axes), default=0)
    if isinstance(length, int) and length > longest:
        c.warn(f"(is Line {length}) can never hold: the longest line on this board is "
               f"{longest} sites", "is the length or the board size what was meant?")
    owner = c.pieces.owner
    need = length
    if role is not None:
        if who is not None:
            c.fail("(is Line ...) takes its player once: a role or who:")
        who = role
    if sum(x is not None for x in (who, what, whats)) > 1:
        c.fail("(is Line ...) takes one of a player, what: and whats:")
    if through is not None and throughAny is not None:
        c.fail("(is Line ...) takes through: or throughAny:, not both")
    who_fn = who.fn if who is not None else None
    exact_fn = exact.fn if exact is not None and exact.const is not False else None
    if bool(getattr(byLevel, "value", byLevel)):
        if through is not None or throughAny is not None or what is not None or \
                whats is not None or if_ is not None:
            c.fail("(is Line ... byLevel:True) runs through (last To) and takes a player "
                   "only")
        return CondV(_line_by_level(axes, need, who_fn, exact_fn, owner))
    n_sites = board.n_sites
    kinds_of = None  # the pieces a line may be made of, for a player
    if who_fn is not None:
        by_owner = [frozenset(p for p in range(1, len(owner)) if owner[p] == q)
                    for q in range(c.num_players + 2)]

        def kinds_of(s):
            q = who_fn(s)
            return by_owner[q] if 0 <= q < len(by_owner) else frozenset()
    elif what is not None or whats is not None:
        fns = [f.fn for f in ([what] if what is not None else whats)]

        def kinds_of(s):
            return frozenset(f(s) for f in fns)
    if through is not None:
        at_fn = through.fn

        def pivots(s):
            return (at_fn(s),)
    elif throughAny is not None:
        region_fn = throughAny.fn

        def pivots(s):
            sites = region_fn(s)
            if what is None and whats is None:
                return sites
            kinds = kinds_of(s)
            w = s.what
            return [x for x in sites if 0 <= x < n_sites and w[x] in kinds]
    else:
        def pivots(s):  # (last To): in end rules and consequences, the move's (to)
            return (s.to,)

    def line_at(s, at, kinds) -> bool:
        w = s.what
        p = w[at]
        if kinds is None:
            def same(q):
                return q == p
        else:
            if p not in kinds:
                return False
            same = kinds.__contains__
        if if_fn is not None:
            test = same

            def same(q, x):
                s.to = x
                return test(q) and if_fn(s)

            return _line_if(s, at, same)
        for fwd, back in axes:
            n = 1
            x = fwd[at]
            while x >= 0 and same(w[x]):
                n += 1
                x = fwd[x]
            x = back[at]
            while x >= 0 and same(w[x]):
                n += 1
                x = back[x]
            if n == need or (n > need and (exact_fn is None or not exact_fn(s))):
                return True
        return False

    if_fn = if_.fn if if_ is not None else None

    def _line_if(s, at, same) -> bool:
        """``line_at`` where each site must also meet ``if:`` (``(to)`` set to it)."""
        w = s.what
        to = s.to
        try:
            s.to = at
            if not if_fn(s):
                return False
            for fwd, back in axes:
                n = 1
                x = fwd[at]
                while x >= 0 and same(w[x], x):
                    n += 1
                    x = fwd[x]
                x = back[at]
                while x >= 0 and same(w[x], x):
                    n += 1
                    x = back[x]
                if n == need or (n > need and (exact_fn is None or not exact_fn(s))):
                    return True
            return False
        finally:
            s.to = to

    if through is None and throughAny is None and kinds_of is None and if_fn is None:
        # the piece's sites as bits (runtime.occupancy), lines found in bulk; a line of
        # empty sites, or no bits kept, walked
        checks = line_checks(axes, need, n_sites, occupancy.read,
                             lambda s, at: line_at(s, at, None)) \
            if BIT_LINES and exact_fn is None and isinstance(need, int) else None
        if checks is not None:
            return CondV(checks[1])

        def fn(s):  # the common case: the last move's destination, the piece there
            at = s.to
            if not 0 <= at < n_sites:
                return False
            return line_at(s, at, None)

        return CondV(fn)

    def fn(s):
        kinds = kinds_of(s) if kinds_of is not None else None
        for at in pivots(s):
            if not 0 <= at < n_sites:
                return False
            if line_at(s, at, kinds):
                return True
        return False

    return CondV(fn)


def _line_by_level(axes, need, who_fn, exact_fn, owner):
    """``(is Line ... byLevel:True)``: lines through the top of the stack at ``(last
    To)``, down that stack and across the stacks along each axis, at the same level or
    climbing one level per site either way."""
    from ludeme.ludemes.containers.stacks import piece_at_level, stack_height

    def run(s, x, step, level, climb, p):
        n = 0
        x = step[x]
        level += climb
        while x >= 0 and level >= 0 and piece_at_level(s, x, level) == p:
            n += 1
            x = step[x]
            level += climb
        return n

    def ok(s, n):
        return n == need or (n > need and (exact_fn is None or not exact_fn(s)))

    def fn(s):
        at = s.to
        if at < 0:
            return False
        p = s.what[at]
        if not p:
            return False
        if who_fn is not None and owner[p] != who_fn(s):
            return False
        top = stack_height(s, at) - 1
        n = 1  # down the pile, as Ludii counts it: never past the length sought
        while n < need and n <= top and piece_at_level(s, at, top - n) == p:
            n += 1
        if ok(s, n):
            return True
        for fwd, back in axes:
            for climb in (0, 1, -1):
                n = 1 + run(s, at, fwd, top, climb, p) + run(s, at, back, top, -climb, p)
                if ok(s, n):
                    return True
        return False

    return fn


@ludeme("is Connected", T.Cond)
def is_connected(c: CompileContext, who: T.Role, directions: T.Direction = None):
    """Whether the group of ``who``'s pieces containing the last placed piece touches
    every region declared for that player with ``(regions P1 {...})``.

    Groups are kept in a union-find structure on each state, updated when a move only
    adds one piece and rebuilt from the position otherwise, so games with captures stay
    correct and placement games pay a few operations per move instead of a flood fill.
    """
    board = c.require_board()
    rel = "Adjacent"
    if directions is not None and set(directions) <= set(board.directions["Orthogonal"]):
        rel = "Orthogonal"
    nbrs = board.nbrs[rel]
    owner = c.pieces.owner
    n = c.num_players
    for p in range(1, n + 1):
        if any(r.static is None for r in c.player_regions.get(p, [])):
            c.fail("(is Connected ...) needs fixed regions")
    goals = [()] + [tuple(frozenset(r.static) for r in c.player_regions.get(p, []))
                    for p in range(1, n + 1)]
    # for each player and site: which of the player's goal regions the site lies in
    masks = [[0] * board.n_sites for _ in range(n + 1)]
    for p in range(1, n + 1):
        for i, region in enumerate(goals[p]):
            for x in region:
                masks[p][x] |= 1 << i
    full = [(1 << len(goals[p])) - 1 for p in range(n + 1)]
    g = c.game
    n_sites = board.n_sites
    zobrist, zmover = g.zobrist, g.zobrist_mover
    slot = g.add_aux(lambda: [[-1] * n_sites, [0] * n_sites, 0],
                     lambda a: [a[0][:], a[1][:], a[2]])
    who_fn = who.fn

    def add(parent, gmask, what, x):
        # x joins the union-find as a new root and absorbs its same-owner neighbours
        o = owner[what[x]]
        parent[x] = x
        m = masks[o][x]
        for y in nbrs[x]:
            if parent[y] >= 0 and owner[what[y]] == o:
                r = y
                while parent[r] != r:
                    parent[r] = parent[parent[r]]
                    r = parent[r]
                if r != x:
                    parent[r] = x
                    m |= gmask[r]
        gmask[x] = m

    def sync(s, at):
        uf = s.aux[slot]
        parent, gmask = uf[0], uf[1]
        what = s.what
        pieces_hash = s.hash ^ zmover[s.mover]
        if uf[2] == pieces_hash:
            return uf
        if at >= 0 and what[at] and parent[at] < 0 and \
                uf[2] ^ zobrist[at][what[at]] == pieces_hash:
            add(parent, gmask, what, at)       # exactly one piece was added, at `at`
        else:
            for x in range(n_sites):           # anything else: rebuild
                parent[x] = -1
                gmask[x] = 0
            for x in range(n_sites):
                if what[x]:
                    add(parent, gmask, what, x)
        uf[2] = pieces_hash
        return uf

    def fn(s):
        p = who_fn(s)
        at = s.to
        w = s.what
        if at < 0 or not w[at] or owner[w[at]] != p or not full[p]:
            return False
        uf = s.aux[slot]
        parent = uf[0]
        if uf[2] != s.hash ^ zmover[s.mover]:
            sync(s, at)
        r = at
        while parent[r] != r:
            r = parent[r]
        return uf[1][r] == full[p]

    return CondV(fn)


# (is Full) of the whole board compares the occupancy, when the state keeps it, with
# the full board's (False: it looks for an empty site; tests compare the two)
FULL_BITS = True


@ludeme("is Full", T.Cond)
def is_full(c: CompileContext, site_type: T.SiteType = None):
    """Whether every site of the board holds a piece."""
    board = c.require_board()
    sites = board.sites[site_type or c.site_type or board.default_type]
    first, stop = sites[0], sites[-1] + 1  # each site type is one index range
    if first == 0 and stop == board.n_sites:
        if FULL_BITS:
            every = (1 << 2 * stop) - 1  # the kept occupancy holds each site twice

            def full(s):  # the occupancy when it is kept (runtime.occupancy)
                occ = s.occ
                return occ == every if occ is not None else 0 not in s.what

            return CondV(full)
        return CondV(lambda s: 0 not in s.what)
    return CondV(lambda s: 0 not in s.what[first:stop])


def _hand_count(c: CompileContext):
    """The hand sites' range and their count function, for conditions on any site."""
    from ludeme.ludemes.containers.hands import hand_layout

    layout = hand_layout(c)
    return c.require_board().n_sites, layout.stop, layout.count


@ludeme("is Empty", T.Cond)
def is_empty(c: CompileContext, site: T.Site):
    """Whether the site holds no piece (a hand site: whether the hand holds none there).
    A site off the board (``(ahead ...)`` past the edge, ``(where ...)`` of a piece not on
    the board) is not empty: nothing can go there."""
    n, stop, held = _hand_count(c)
    if site.const is not None:
        x = site.const
        if n <= x < stop:
            return CondV(lambda s: not held(s, x))
        if not 0 <= x < n:
            return CondV(lambda s: False, False)
        return CondV(lambda s: not s.what[x])
    fn = site.fn

    def empty(s):
        x = fn(s)
        if 0 <= x < n:
            return not s.what[x]
        return n <= x < stop and not held(s, x)

    return CondV(empty)


@ludeme("is Occupied", T.Cond)
def is_occupied(c: CompileContext, site: T.Site):
    """Whether the site holds a piece (never true of a site off the board)."""
    fn = site.fn
    n, stop, held = _hand_count(c)

    def occupied(s):
        x = fn(s)
        if 0 <= x < n:
            return s.what[x] != 0
        return n <= x < stop and held(s, x) > 0

    return CondV(occupied)


@ludeme("is In", T.Cond)
def is_in(c: CompileContext, site: (T.Site, T.IntFn), region: T.Region):
    """Whether the site is in the region. As in Ludii, any integer may be asked about, as
    a site index: ``(is In (count at:(to)) (sites {2 4 6}))``."""
    fn = site.fn
    if region.static is None:
        from ludeme.compile.fold import constant

        fixed = constant(region.fn)  # a region that reads nothing of the state
        if fixed is not None:
            region = RegionV.of(tuple(fixed))
    if region.static is not None:
        members = frozenset(region.static)
        if site.const is not None:
            inside = site.const in members
            return CondV(lambda s: inside, inside)
        pid = getattr(fn, "piece_id", None)  # (where <fixed piece>)
        if pid:
            return CondV(where_in(pid, members, lambda s: fn(s) in members))
        return tabulated_cond(CondV(lambda s: fn(s) in members), (site,))
    if region.empty_range is not None:
        # (is In <site> (sites Empty)): the empty sites of a range, read here
        first, stop = region.empty_range
        return CondV(lambda s: first <= (x := fn(s)) < stop and not s.what[x])
    test = region.member()
    return CondV(lambda s: test(s, fn(s)))


@ludeme("is Repeat", T.Cond)
def is_repeat(c: CompileContext, times: T.Int = 3):
    """Whether the current position (pieces and player to move) has now occurred
    ``times`` times; the starting position counts as its first occurrence."""
    c.track_repetition = True
    if c.game is None:
        return CondV(lambda s: s.hashes.count(s.hash) >= times)
    # how often each position occurred, kept per state and brought up to date with the
    # positions added to ``state.hashes`` since the last look (rebuilt when the record
    # was replaced, say by an edited position), instead of counting the whole record
    slot = c.game.add_aux(_Seen.fresh, _Seen.copy)

    def fn(s):
        hs = s.hashes
        n = len(hs)
        seen = s.aux[slot]
        counts = seen.counts
        if n and seen.n == n and seen.last == hs[-1]:
            pass                                  # nothing new
        elif n > 1 and seen.n == n - 1 and seen.last == hs[-2]:
            h = hs[-1]                            # one position more
            counts[h] += 1
        else:
            counts.clear()
            for h in hs:
                counts[h] += 1
        seen.n = n or -2
        seen.last = hs[-1] if n else None
        return counts.get(s.hash, 0) >= times

    if not REPEAT_NEWEST_FIRST:
        return CondV(fn)

    def newest_first(s):
        # fn's common case asked first: one position more since the last look
        hs = s.hashes
        seen = s.aux[slot]
        n = len(hs)
        # (the last position looked at, and the current hash, are the very objects
        # the record holds, unless it was replaced: tested by identity, else the
        # general path or the count looked up)
        if seen.n == n - 1 and seen.last is hs[-2]:
            h = hs[-1]
            counts = seen.counts
            k = counts[h] = counts[h] + 1
            seen.n = n
            seen.last = h
            return (k if h is s.hash else counts.get(s.hash, 0)) >= times
        return fn(s)

    if WRITTEN_REPEAT:
        newest_first.inline_test = _repeat_written(slot, times, fn)
    return CondV(newest_first)


class _Seen:
    """``(is Repeat n)``'s record on a state: how often each position occurred
    (``counts``, a ``defaultdict(int)``: a position not seen counts 0), the number of
    positions of ``state.hashes`` counted (``n``: -2 at first and for none, which no
    length less one equals, so that "one position more" holds only from a record of
    one position or more) and the last of them (``last``, the very object)."""

    __slots__ = ("counts", "n", "last")

    def __init__(self, counts: defaultdict, n: int, last) -> None:
        self.counts, self.n, self.last = counts, n, last

    @staticmethod
    def fresh() -> _Seen:
        return _Seen(defaultdict(int), -2, None)

    @staticmethod
    def copy(a: _Seen) -> _Seen:
        return _Seen(a.counts.copy(), a.n, a.last)


def _repeat_written(slot: int, times: int, general: Callable) -> Callable:
    """``write(code, indent, name, known=frozenset())``: the lines of ``newest_first``
    (its common case, the general path called otherwise) setting ``name``, for a
    generated function that asks the test in place (``compile.endchecks.WRITTEN_TESTS``);
    where the position just recorded is known to be the current one (``"hash_last"`` in
    ``known``, ``endchecks.TURN_KNOWS``), its count is the answer."""

    def write(code, indent: str, name: str, known: frozenset = frozenset()) -> list[str]:
        hs, c, n, h, cnt, k = (code.fresh(x) for x in ("hs", "c", "n", "h", "cnt", "k"))
        slot_, times_, fn_ = code.value(slot), code.value(times), code.value(general)
        i2 = indent + "    "
        if "loop" in known and "hash_last" in known:
            # the playout loop: where this pass's record is the one the last pass left
            # (its count unchanged: nobody counted since, so one position more), the
            # position counted without a look at the record of positions
            i3 = i2 + "    "
            return [
                # (at first a record no count equals: the look below)
                f"@init {c} = {code.value(_Seen(None, -3, None))}",
                f"@init {n} = -2",
                f"@init {cnt} = None",
                f"{indent}if {c}.n == {n}:",
                f"{i2}{h} = s.hash",
                f"{i2}{k} = {cnt}[{h}] = {cnt}[{h}] + 1",
                f"{i2}{n} += 1",
                f"{i2}{c}.n = {n}",
                f"{i2}{c}.last = {h}",
                f"{i2}{name} = {k} >= {times_}",
                f"{indent}else:",
                f"{i2}{hs} = s.hashes",
                f"{i2}{c} = s.aux[{slot_}]",
                f"{i2}{n} = len({hs})",
                f"{i2}{cnt} = {c}.counts",
                f"{i2}if {c}.n == {n} - 1 and {c}.last is {hs}[-2]:",
                f"{i3}{h} = s.hash",
                f"{i3}{k} = {cnt}[{h}] = {cnt}[{h}] + 1",
                f"{i3}{c}.n = {n}",
                f"{i3}{c}.last = {h}",
                f"{i3}{name} = {k} >= {times_}",
                f"{i2}else:",
                # (the general path leaves the record counted to the last position)
                f"{i3}{name} = {fn_}(s)",
            ]
        if "hash_last" in known:
            last, answer = f"{h} = s.hash", f"{name} = {k} >= {times_}"
        else:
            last = f"{h} = {hs}[-1]"
            answer = f"{name} = ({k} if {h} is s.hash else {cnt}.get(s.hash, 0)) >= {times_}"
        return [
            f"{indent}{hs} = s.hashes",
            f"{indent}{c} = s.aux[{slot_}]",
            f"{indent}{n} = len({hs})",
            f"{indent}if {c}.n == {n} - 1 and {c}.last is {hs}[-2]:",
            f"{i2}{last}",
            f"{i2}{cnt} = {c}.counts",
            f"{i2}{k} = {cnt}[{h}] = {cnt}[{h}] + 1",
            f"{i2}{c}.n = {n}",
            f"{i2}{c}.last = {h}",
            f"{i2}{answer}",
            f"{indent}else:",
            f"{i2}{name} = {fn_}(s)",
        ]

    return write


# (is Repeat n) asks first whether one position was added since its last look, the
# common case after a move, in fewer steps (False: its steps in their order; tests
# compare the two)
REPEAT_NEWEST_FIRST = True

#: (is Repeat n)'s common case offers its lines to a generated function that asks it in
#: place (``compile.endchecks.WRITTEN_TESTS``; False: it is called; tests compare)
WRITTEN_REPEAT = True


@ludeme("and", T.Cond)
def and_cond(c: CompileContext, *conds: T.Cond):
    """Whether all hold."""
    return tabulated_cond(_and_cond(conds), conds)


def _and_cond(conds) -> CondV:
    fns = [x.fn for x in conds]
    if len(fns) == 2:  # the common cases without a generator per test
        f0, f1 = fns
        return CondV(lambda s: f0(s) and f1(s))
    if len(fns) == 3:
        f0, f1, f2 = fns
        return CondV(lambda s: f0(s) and f1(s) and f2(s))
    return CondV(lambda s: all(f(s) for f in fns))


@ludeme("or", T.Cond)
def or_cond(c: CompileContext, *conds: T.Cond):
    """Whether any holds."""
    return tabulated_cond(_or_cond(conds), conds)


def _or_cond(conds) -> CondV:
    fns = [x.fn for x in conds]
    if len(fns) == 2:
        f0, f1 = fns
        return CondV(lambda s: f0(s) or f1(s))
    if len(fns) == 3:
        f0, f1, f2 = fns
        return CondV(lambda s: f0(s) or f1(s) or f2(s))
    return CondV(lambda s: any(f(s) for f in fns))


@ludeme("not", T.Cond)
def not_cond(c: CompileContext, cond: T.Cond):
    """Whether it does not hold."""
    fn = cond.fn
    drawn = cond.at_drawn_vertex
    if drawn is not None:
        # "at some vertex" negated is "at none", and the other way round
        drawn = ("none" if drawn[0] == "any" else "any", *drawn[1:])
    return tabulated_cond(CondV(lambda s: not fn(s), auto_fails=cond.auto_succeeds,
                                auto_succeeds=cond.auto_fails, at_drawn_vertex=drawn),
                          (cond,))


#: a filter ``(>= v k)`` over many sites asks the values to select them in one pass when
#: they can (``per_to.at_least``; tests turn it off to compare)
FUSED_SELECT = True


def _select_to(per_to, op, k: int):
    """The sites of a sequence whose value (``per_to``) compares with ``k``, in one
    comprehension (the commonest comparisons without a call to the operator; ``(>= v k)``
    and ``(> v k)`` by the values' own selection when they offer one)."""
    at_least = getattr(per_to, "at_least", None) if FUSED_SELECT else None
    if at_least is not None and op in (_op.ge, _op.gt):
        return at_least(k if op is _op.ge else k + 1)
    if op is _op.ge:
        def select(s, sites):
            return [x for x, v in zip(sites, per_to(s, sites), strict=True) if v >= k]
    elif op is _op.gt:
        def select(s, sites):
            return [x for x, v in zip(sites, per_to(s, sites), strict=True) if v > k]
    elif op is _op.eq:
        def select(s, sites):
            return [x for x, v in zip(sites, per_to(s, sites), strict=True) if v == k]
    else:
        def select(s, sites):
            return [x for x, v in zip(sites, per_to(s, sites), strict=True) if op(v, k)]
    return select


def _compare(name: str, op):
    def compare(c: CompileContext, a: T.IntFn, b: T.IntFn):
        # a comparison of values of the context alone is a table (compile.pure)
        return tabulated_cond(compare_values(a, b), (a, b))

    def compare_values(a, b) -> CondV:
        fa, fb = a.fn, b.fn
        if b.const is not None:
            k = b.const
            absent = getattr(a, "absent", None)  # a count of pieces compared with 0
            if absent is not None and k == 0 and op in (_op.eq, _op.le):
                return CondV(absent)
            if absent is not None and k == 0 and op in (_op.ne, _op.gt):
                return CondV(lambda s: not absent(s))
            per_to = getattr(a, "per_to", None)
            select = _select_to(per_to, op, k) if per_to is not None else None
            per_from = getattr(a, "per_from", None)
            select_from = _select_to(per_from, op, k) if per_from is not None else None
            positive = getattr(a, "positive_from", None)
            if positive is not None and ((op is _op.gt and k == 0) or (op is _op.ge and k == 1)
                                         or (op is _op.ne and k == 0)):
                select_from = positive
            if op is _op.eq:  # the commonest tests, without a call to the operator
                return CondV(compared(lambda s: fa(s) == k, op, a, b),
                             select_to=select, select_from=select_from)
            if op is _op.ge:
                return CondV(compared(lambda s: fa(s) >= k, op, a, b),
                             select_to=select, select_from=select_from)
            if op is _op.gt:
                return CondV(compared(lambda s: fa(s) > k, op, a, b),
                             select_to=select, select_from=select_from)
            if op is _op.ne:
                return CondV(compared(lambda s: fa(s) != k, op, a, b),
                             select_to=select, select_from=select_from)
            return CondV(compared(lambda s: op(fa(s), k), op, a, b),
                         select_to=select, select_from=select_from)
        if a.const is not None:  # (< 0 (count at:(from))): one call per test, not three
            k = a.const
            per_from = getattr(b, "per_from", None)
            select_from = _select_to(per_from, _FLIPPED[op], k) if per_from is not None \
                else None
            positive = getattr(b, "positive_from", None)
            if positive is not None and ((op is _op.lt and k == 0) or (op is _op.le and k == 1)
                                         or (op is _op.ne and k == 0)):
                select_from = positive
            if op is _op.lt:
                return CondV(lambda s: k < fb(s), select_from=select_from)
            if op is _op.eq:
                return CondV(lambda s: k == fb(s), select_from=select_from)
            return CondV(lambda s: op(k, fb(s)), select_from=select_from)
        # two values read from the state: the commonest tests without a call to the
        # operator (read in place by compile.inlined)
        if op is _op.eq:
            return CondV(compared(lambda s: fa(s) == fb(s), op, a, b))
        if op is _op.ne:
            return CondV(compared(lambda s: fa(s) != fb(s), op, a, b))
        if op is _op.lt:
            return CondV(compared(lambda s: fa(s) < fb(s), op, a, b))
        if op is _op.gt:
            return CondV(compared(lambda s: fa(s) > fb(s), op, a, b))
        return CondV(compared(lambda s: op(fa(s), fb(s)), op, a, b))

    compare.__doc__ = f"Whether ``a {name} b`` for two integers."
    compare.__qualname__ = f"compare_{op.__name__}"
    return ludeme(name, T.Cond)(compare)


import operator as _op  # noqa: E402

# k op x is x flipped-op k
_FLIPPED = {_op.eq: _op.eq, _op.ne: _op.ne, _op.lt: _op.gt, _op.gt: _op.lt, _op.le: _op.ge,
            _op.ge: _op.le}

for _name, _fn in (("=", _op.eq), ("!=", _op.ne), ("<", _op.lt), ("<=", _op.le), (">", _op.gt),
                   (">=", _op.ge)):
    _compare(_name, _fn)
