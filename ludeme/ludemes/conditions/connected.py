"""Connectivity between regions: whether every site of one region is joined to another
region through the sites of a third.

``(is Connected (sites Empty) to:(intersection (sites Perimeter) (sites Empty))
through:(sites Empty))`` says that no empty site is walled off from the empty edge of
the board; with ``(sites Board)`` as the first region every piece must also touch such
an empty site. Used as ``(do (move Add ...) ifAfterwards:...)`` it forbids placements
that would enclose empty space.

The condition is answered by a flood fill, but a placement usually changes it only
locally. When the last change filled one site and the position before the change
satisfied the condition, one depth-first search of that position (cached: every
placement tried in a position shares it) finds the articulation points of the joined
sites plus one node standing for the target region, and the sites each one cuts off;
the answer then follows from the sites around the filled one. The proof is in
``_fast_path_proof``.

Under ``(do (move Add ...) ifAfterwards:...)`` with the empty sites as ``through:``,
every candidate placement is answered at once (``CondV.after_add``) from that search:
filling a site that is not an articulation point cuts nothing off, so only the sites
around it are checked, without making the move.
"""

from __future__ import annotations

import sys
from itertools import compress
from operator import itemgetter, not_

import numpy as np

from ludeme.compile import articulation, neighbourcounts, planarcuts
from ludeme.compile.compiler import CompileContext
from ludeme.compile.neighbourcounts import EMPTY_FLAG
from ludeme.compile.values import CondV, RegionV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Lit, Seq
from ludeme.lang.registry import ludeme
from ludeme.ludemes.regions.around import _reader, neighbour_table
from ludeme.runtime.state import TRIAL_HASH

#: when set (benchmarks), each compiled condition counts how its answers were found in
#: ``STATS``: "fast" (answered locally), "walk" (of those, the ones that needed Lemma 2's
#: walks rather than Lemma 3's table), "flood" (flood fill of the position), "base"
#: (flood fill of the position before the change, once per position)
COUNT_STATS = False
STATS: dict[str, int] = {"fast": 0, "walk": 0, "flood": 0, "base": 0}

# Regions whose membership of a site depends only on what stands on that site (and on
# the players in the context): filling one site changes no other site's membership.
_SITE_LOCAL = {"sites Empty", "sites Occupied", "sites Board", "sites Perimeter",
               "sites Corners", "sites Centre", "sites Side", "sites Row", "sites Column"}
_SET_OPERATIONS = {"union", "intersection", "difference"}


def _site_local(arg) -> bool:
    """Whether a checked region argument is site-local (conservatively)."""
    if isinstance(arg, Lit):
        return True                     # fixed labels
    if isinstance(arg, Seq):
        return all(_site_local(i) for i in arg.items)
    if isinstance(arg, list):
        return all(_site_local(i) for i in arg)
    if isinstance(arg, Call):
        name = arg.decl.name
        if name in _SITE_LOCAL:
            return True
        if name in _SET_OPERATIONS or (name == "sites" and "region" in arg.args):
            return all(_site_local(v) for v in arg.args.values())
    return False


def _fast_path_proof() -> None:
    """Why the local answer is exact (kept next to the code it justifies).

    Notation: A = ``region``, B = ``to``, C = ``through``, each a set of sites of a
    position. J(X) = the sites of C(X) reachable from B(X) ∩ C(X) by steps between
    neighbouring sites of C(X). A site a is *joined* in X when a ∈ B(X), a ∈ J(X), or a
    has a neighbour in J(X); the condition P(X) is "every site of A(X) is joined" (the
    definition in the docstring: a chain a = x0, x1..xk with x1..xk in C and xk in B
    exists exactly when a ∈ B or x1 ∈ J).

    Let X' be the position tested, t = ``(to)`` the site last filled, and X'' the same
    position with t empty. The three regions are site-local (checked at compile time):
    they agree on X'' and X' at every site other than t. The local answer requires

    (D0) P(X'') holds. It is found by one depth-first search of X'' per position
         (cached: every placement tried in one position has the same X'').
    (D1) t ∈ C(X'') and t ∉ C(X') (the change took t out of C).

    Lemma 1: J(X') = J(X'') - {t} - L, where L is the set of sites of J(X'') that are
    cut off from the *outside* by removing t from the graph G whose nodes are J(X'')
    and one extra node, the outside, and whose edges join neighbouring sites and join
    the outside to every site of B ∩ C(X'').
      B and C are site-local and t ∉ C(X'), so C(X') = C(X'') - {t} and B ∩ C(X') =
      B ∩ C(X'') - {t}: a site is in J(X') exactly when a path of G - t leads from it
      to the outside (a path of C(X')-sites to B ∩ C(X') never enters t, and is one of
      C(X'') sites; a site outside J(X'') has no such path in X'' either).

    Lemma 2 (Tarjan): in a depth-first search of G from the outside, with d(v) the
    order in which v is reached and low(v) the least d reached from v's subtree by one
    edge, the sites cut off by removing t are exactly the subtrees of the children w
    of t with low(w) >= d(t) (t is then an articulation point). The search records
    each such subtree as a slice of the visiting order, so L is read, not searched;
    when t is not an articulation point (or not in J(X'')), L is empty.

    Finally a site a that is neither t, nor next to t, nor in or next to L has the
    same membership of A and B and the same J-status for itself and its neighbours in
    X' as in X'' (Lemma 1), so it is joined in X' because it was in X''. Only those
    sites are checked, with J(X') from Lemma 1: P(X') holds exactly when all of them
    are joined. When D0 or D1 fails, or a region is not site-local, the condition is
    answered by a flood fill of X'.
    """


@ludeme("is Connected", T.Cond, lazy=True,
        ludii="Not in Ludii, which would count (sites Group from:<to> if:<through>) "
              "against the region; the to: and through: arguments are this engine's.")
def is_connected_regions(c: CompileContext, region: T.Region, directions: T.Direction = None,
                         *, to: T.Region, through: T.Region = None):
    """Whether every site of ``region`` is joined to ``to``: it is a site of ``to``, or a
    chain of neighbouring sites leads from it to a site of ``to`` with every site of
    the chain after the first in ``through`` (the empty sites when not given).
    Neighbours are along ``directions`` (Adjacent by default).

    ``(is Connected (sites Empty) Orthogonal to:(intersection (sites Perimeter)
    (sites Empty)))``: no empty site is cut off from the empty edge of the board.
    After a placement (``(to)`` filled), most answers come from a local test around
    ``(to)`` instead of a flood fill; the test is exact (see the module's notes)."""
    board = c.require_board()
    dirs = c.compile(directions, T.Direction) if directions is not None else None
    nb = neighbour_table(c, dirs)
    n = board.n_sites
    a_reg: RegionV = c.compile(region, T.Region)
    b_reg: RegionV = c.compile(to, T.Region)
    if through is not None:
        c_reg: RegionV = c.compile(through, T.Region)
    else:
        sites = board.sites[c.site_type or board.default_type]
        c_reg = RegionV(lambda s: [x for x in sites if not s.what[x]], None,
                        lambda s, x: not s.what[x], None, (sites[0], sites[-1] + 1))
    local = all(r.static is not None or _site_local(arg)
                for r, arg in ((a_reg, region), (b_reg, to), (c_reg, through)))
    a_fn, b_fn, c_fn = a_reg.fn, b_reg.fn, c_reg.fn
    a_has, b_has, c_has = a_reg.member(), b_reg.member(), c_reg.member()
    b_static = b_reg.static
    b_table = None
    if b_static is not None:
        b_table = bytearray(n)
        for x in b_static:
            b_table[x] = 1
    empty_range = c_reg.empty_range
    # the region tested is the through region (the empty sites of one range, both)
    a_is_c = empty_range is not None and a_reg.empty_range == empty_range
    byte_key = len(c.pieces.names) <= 256        # a position's pieces fit in bytes
    as_bytes = neighbourcounts.board_reader()    # (compared, never hashed)
    a_static = a_reg.static
    a_table = None
    if a_static is not None:
        a_table = bytearray(n)
        for x in a_static:
            a_table[x] = 1
    fold_a = a_static is not None
    readers = [_reader(x) for x in nb]           # a site's neighbours' entries, in C
    planar = None               # planarcuts' tracker, set below when it applies
    # B = a fixed region's sites in C (the empty sites of the perimeter): the seeds are
    # the fixed sites that are in C, read in C, and the search knows them when made
    seed_sites = _fixed_part_in(c, to, empty_range) if b_table is None else None
    seedable = None
    if seed_sites is not None:
        seed_get = itemgetter(*seed_sites)
        seed_bits = sum(1 << (8 * x) for x in seed_sites)
        seedable = bytes(x in set(seed_sites) for x in range(n))
    # the search written out for this neighbour table (made on its first use): lean,
    # or recording the sites each articulation point cuts off (``lost_sites``)
    searches = {record: articulation.searcher(nb, record, seedable) for record in (False, True)}

    def evaluate(s, with_a: bool, record: bool = True, board: bytes | None = None):
        """(P holds, A, B, C, J as tables, articulation points, the sites each cuts
        off, whether a site of A is joined only through a neighbour) for the position;
        the tables of A and the articulation points only when ``with_a``, the sites each
        cuts off only when ``record`` too (None otherwise)."""
        w = s.what
        in_c = bytearray(n)
        if empty_range is not None:
            lo, hi = empty_range
            # 1 on the empty sites: translated in C when the pieces fit in bytes
            if board is not None:       # the board's bytes, made by the caller
                in_c[lo:hi] = board[lo:hi].translate(EMPTY_FLAG)
            else:
                in_c[lo:hi] = as_bytes(w[lo:hi]).translate(EMPTY_FLAG) if byte_key \
                    else bytes(map(not_, w[lo:hi]))
        else:
            for x in c_fn(s):
                in_c[x] = 1
        # the articulation points kept from the last position when every site is tested
        # and no joined table is read (``ludeme.compile.planarcuts``); None when some
        # empty site is cut off already: then the search below says which
        cut = planar.cuts(in_c) if with_a and planar is not None and not record else None
        # every empty site joined (the tracker answered): not counted
        whole = False
        if cut is not None:
            in_b = joined = separated = None
            whole = True
            reached = -1
        else:
            if b_table is not None:
                in_b = b_table
                seeds = [x for x in b_static if in_c[x]]
            elif seed_sites is not None:
                seeds = list(compress(seed_sites, seed_get(in_c)))
                in_b = (int.from_bytes(in_c, "little") & seed_bits).to_bytes(n, "little")
            else:
                in_b = bytearray(n)
                seeds = []
                for x in b_fn(s):
                    in_b[x] = 1
                    if in_c[x]:
                        seeds.append(x)
            if with_a:
                # J(X'') and its articulation points in one depth-first search; the
                # discovery numbers serve as the joined table (0: not joined)
                joined, cut, separated, reached = _articulation(
                    seeds, in_c, nb, n, searches[record],
                    record or not (a_is_c and empty_range == (0, n) or covering))
            else:
                separated = cut = None
                joined = bytearray(n)
                for x in seeds:
                    joined[x] = 1
                stack = seeds
                while stack:
                    x = stack.pop()
                    for y in nb[x]:
                        if in_c[y] and not joined[y]:
                            joined[y] = 1
                            stack.append(y)
        if with_a and a_is_c:
            # A = C: a site of A is joined exactly when the search reached it (a site of
            # C next to a joined one is reached), so P holds when it reached all of C
            return whole or reached == sum(in_c), in_c, in_b, in_c, joined, cut, separated, []
        if with_a and covering:
            # A holds every site: the answers for every placement at once (in the place
            # of the sites joined only through a neighbour, which are not needed)
            if not whole and reached != sum(in_c):
                return False, a_table, in_b, in_c, joined, cut, separated, None
            if counted is not None:
                table = _covering_counted(in_c, cut, n, *counted)
            else:
                table = _covering_table(in_c, cut, around_table, nb)
            return table is not None, a_table, in_b, in_c, joined, cut, separated, table
        if with_a and fold_a:
            # A fixed: its table is made; the sites joined only through a neighbour
            # listed in one comprehension, each asked in C whether it has one
            loose = [x for x in a_static if not (joined[x] or in_b[x])]
            holds = all([any(readers[x](joined)) for x in loose])
            return holds, a_table, in_b, in_c, joined, cut, separated, loose
        holds = True
        loose = []              # the sites of A joined only through a neighbour
        in_a = bytearray(n) if with_a else None
        for x in a_fn(s):
            if with_a:
                in_a[x] = 1
            if holds and not (joined[x] or in_b[x]):
                loose.append(x)
                for y in nb[x]:
                    if joined[y]:
                        break
                else:
                    holds = False
                    if not with_a:
                        break
        return holds, in_a, in_b, in_c, joined, cut, separated, loose

    def flood(s):
        return evaluate(s, False)[0]

    counting, stats = COUNT_STATS, STATS      # fixed when compiled
    if counting:
        flood = _counted(stats, "flood", flood)
    if not local:
        return CondV(flood)

    # t holds a piece in X': the empty sites do not contain it, a fixed region does or
    # does not, whatever else is asked
    c_never = empty_range is not None
    a_never = a_reg.empty_range is not None
    # A fixed and B only ever empty sites: after a placement on t, t is in A exactly
    # when it was and never in B, whatever the piece (no trial placement needed)
    fixed_a_empty_b = a_table is not None and b_reg.known_empty()
    # A fixed: every placement answered at once
    all_at_once = fixed_a_empty_b and empty_range == (0, n)
    a_covers_c = all_at_once and all(a_table)
    # [key of X'', evaluate(X''), the answers of after_add as a table (A = C), the
    # sites that are the only joined neighbour of a site of A joined only through one]
    cache: list = [None, None, None, None]
    # after_add never asks which sites an articulation point cuts off when A = C are all
    # the empty sites, or A is fixed and holds all of C: the search need not record them
    lean = (a_is_c and empty_range == (0, n)) or a_covers_c
    # A holds every site: every placement answered from the articulation points and the
    # counts of empty sites around every site (made with numpy when the table has too
    # many offsets for ``neighbourcounts``)
    covering = a_covers_c
    around_table = _around_table(nb, n) if covering else None
    # the counts of empty sites around every site as integers, when the table allows
    # (``ludeme.compile.neighbourcounts``): (count, mark, every site)
    counted = None
    if covering:
        count, mark = neighbourcounts.counter(nb, 2), neighbourcounts.spread(nb)
        if count is not None and mark is not None:
            counted = (count, mark, int.from_bytes(b"\1" * n, "little"))
            # the counts kept from the last position (on tables it takes)
            kept = neighbourcounts.kept_counts(nb, 2)
            if kept is not None:
                counted += (kept,)
    # the articulation points without a search, kept from move to move, where no joined
    # table is read (``ludeme.compile.planarcuts``)
    if (a_is_c or covering) and seed_sites is not None and empty_range == (0, n):
        planar = planarcuts.tracker(board, nb, seed_sites, n)

    def lost_sites(t, separated) -> set:
        """L of Lemma 1, by Lemma 2."""
        parts, order = separated
        lost: set = set()
        for a, b in parts[t]:
            lost.update(order[a:b])
        return lost

    def fn(s):
        t = s.to
        if t < 0:
            return flood(s)
        w = s.what
        p = w[t]
        if not p:
            return flood(s)
        w[t] = 0                      # X'': the position before t was filled
        s.occ = None  # runtime.occupancy: a trial
        s.hash ^= TRIAL_HASH
        key = (s.who, s.nxt, as_bytes(w) if byte_key else tuple(w))
        if key != cache[0] or cache[1][6] is None:      # (lost_sites reads the slices)
            if counting:
                stats["base"] += 1
            cache[1] = evaluate(s, True)
            cache[0] = key
            cache[2] = cache[3] = None
        w[t] = p
        s.occ = None  # runtime.occupancy: a trial
        s.hash ^= TRIAL_HASH
        holds, in_a, in_b, in_c, joined, cut, separated, _ = cache[1]
        if not holds or not in_c[t] or (not c_never and c_has(s, t)):    # D0, D1
            return flood(s)
        if counting:
            stats["fast"] += 1
        if cut[t]:
            if counting:
                stats["walk"] += 1
            lost = lost_sites(t, separated)
        else:
            lost = ()
        # t itself: in X' it is not in C, so joined only through B or a neighbour
        if not a_never and (a_table[t] if a_table is not None else a_has(s, t)) \
                and not b_has(s, t):
            for y in nb[t]:
                if joined[y] and y not in lost:
                    break
            else:
                return False
        return around_joined(t, in_a, in_b, joined, lost)

    def around_joined(t, in_a, in_b, joined, lost) -> bool:
        """Whether the sites of A next to t or in or next to L are joined in X'."""
        if not lost:
            for a in nb[t]:
                if in_a[a] and not joined[a] and not in_b[a]:
                    for y in nb[a]:
                        if joined[y] and y != t:
                            break
                    else:
                        return False
            return True
        check = set(nb[t])
        for x in lost:
            check.add(x)
            check.update(nb[x])
        check.discard(t)
        for a in check:
            if in_a[a] and not in_b[a] and not (joined[a] and a not in lost):
                for y in nb[a]:
                    if joined[y] and y != t and y not in lost:
                        break
                else:
                    return False
        return True

    def after_add(s):
        """Every placement on an empty site at once, from the articulation points of
        J(X'') plus one node joined to the sites of B ∩ C (X'' = ``s``): filling t
        leaves L empty exactly when t is not one of them; L is read from the search
        otherwise (Lemma 2)."""
        w = s.what
        key = (s.who, s.nxt, as_bytes(w) if byte_key else tuple(w))
        if key != cache[0]:
            if counting:
                stats["base"] += 1
            # the search's empty sites made from the board's bytes the key holds
            cache[1] = evaluate(s, True, not lean, key[2] if byte_key else None)
            cache[0] = key
            cache[2] = cache[3] = None
        holds, in_a, in_b, in_c, joined, cut, separated, loose = cache[1]
        if not holds:
            return _undecided
        if a_is_c and empty_range == (0, n):
            # A = C, every empty site: filling an empty site t cuts off the sites L, all of A and none
            # joined afterwards (their neighbours in C are t or in L), so P holds after
            # exactly when L is empty: when t is not an articulation point
            if cache[2] is None:
                cache[2] = _Table(cut, in_c)
                if counting:
                    stats["fast"] += sum(in_c)    # every empty site, answered at once
                    stats["walk"] += sum(cut)     # of them, those that cut some off
            return cache[2]
        if covering:
            if cache[2] is None:
                # evaluate's table (see there)
                cache[2] = _covering_answer(loose, in_c)
            return cache[2]

        def decide(t, piece):
            if not in_c[t]:
                return None            # D1 unknown: the flood fill answers
            if counting:
                stats["fast"] += 1
            if cut[t]:
                if counting:
                    stats["walk"] += 1
                lost = lost_sites(t, separated)
            else:
                lost = ()
            if not a_never and (a_table is None or a_table[t]):
                if fixed_a_empty_b:
                    needs = True     # t stays in A, and leaves B (only empty sites)
                else:
                    # t itself, in X' (the piece put on it for the two membership tests)
                    w[t] = piece
                    s.occ = None  # runtime.occupancy: a trial
                    s.hash ^= TRIAL_HASH
                    try:
                        needs = (a_table is not None or a_has(s, t)) and not b_has(s, t)
                    finally:
                        w[t] = 0
                        s.occ = None  # runtime.occupancy: a trial
                        s.hash ^= TRIAL_HASH
                if needs:
                    for y in nb[t]:
                        if joined[y] and y not in lost:
                            break
                    else:
                        return False
            if not lost:
                # no site of A is joined only through a neighbour, or t is not the only
                # joined neighbour of such a site: none lost its way
                return not loose or not blocked[t]
            return around_joined(t, in_a, in_b, joined, lost)

        if loose:
            if cache[3] is None:
                cache[3] = _sole_joined_neighbours(loose, joined, nb, n)
            blocked = cache[3]
        if all_at_once:
            # the answer does not depend on the piece: every empty site at once
            if cache[2] is None:
                cache[2] = _Table(one_table(in_c, cut, joined, blocked if loose else None,
                                            decide))
            return cache[2]
        return decide

    def one_table(in_c, cut, joined, sole, decide) -> bytearray:
        """``blocked[t]`` for every empty site t: decide's answers when A is fixed and
        B holds only empty sites. Filling a site t that cuts nothing off leaves A
        joined exactly when t (in A) touches a joined site and t is not the only
        joined neighbour of a site joined only through one (``sole``); the few sites
        that cut some off are asked of ``decide``."""
        out = bytearray(n)
        for t in compress(range(n), in_c):
            if cut[t]:
                # when A holds every site of C, the sites t cuts off are in A and not
                # joined any more (their neighbours in C are t or cut off too)
                out[t] = True if a_covers_c else not decide(t, 0)
            elif (a_table[t] and not any(readers[t](joined))) or (sole is not None
                                                                 and sole[t]):
                out[t] = 1
        return out

    if planar is not None and empty_range == (0, n) and byte_key and not counting:
        if a_is_c:
            after_add = _planar_lane(after_add, planar, cache, as_bytes, n)
        elif covering:
            # evaluate's table of the stones (see there), from the tracker's answer
            def cover(in_c, cut):
                if counted is not None:
                    return _covering_counted(in_c, cut, n, *counted)
                return _covering_table(in_c, cut, around_table, nb)

            after_add = _planar_lane(after_add, planar, cache, as_bytes, n, cover, a_table)
    # D1 holds for every placement only when the through region is the empty sites
    return CondV(fn, after_add=after_add if c_never else None)


def _covering_answer(loose, in_c: bytearray) -> _Table:
    """``after_add``'s table from the covering table ``loose`` (``_Allowed`` carrying the
    open sites as an integer, or the blocked bytes), carrying the position's empty sites
    ``in_c``."""
    if type(loose) is _Allowed:
        table = _Table(loose.blocked, in_c)
        table.allowed = loose.allowed
        return table
    return _Table(loose, in_c)


def _planar_lane(general, planar, cache, as_bytes, n: int, cover=None, a_table=None):
    """``after_add`` when A = C are every empty site, or A every site (``cover(in_c,
    cut)`` makes the stones' table, None when one is left without a joined empty
    neighbour, ``a_table`` A's), and the kept articulation points answer: a new
    position's empty sites read from the board's bytes and handed to the tracker, its
    table made at once, without ``evaluate``'s tuple;
    ``general`` answers when some empty site is cut off already (the tracker says
    None), and for a position it left undecided."""

    def after_add(s):
        key = (s.who, s.nxt, as_bytes(s.what))
        if key != cache[0]:
            in_c = key[2].translate(EMPTY_FLAG)
            if len(in_c) != n:
                return general(s)       # more than the board's sites (a hand's)
            cut = planar.cuts(in_c)
            if cut is None:
                return general(s)
            # what ``evaluate`` returns for it (``fn`` reads it, and asks again)
            if cover is None:
                cache[1] = (True, in_c, None, in_c, None, cut, None, ())
                table = _Table(cut, in_c)
            else:
                loose = cover(in_c, cut)
                if loose is None:
                    return general(s)
                cache[1] = (True, a_table, None, in_c, None, cut, None, loose)
                table = _covering_answer(loose, in_c)
            cache[0] = key
            cache[2] = table
            cache[3] = None
            return table
        return cache[2] or general(s)

    return after_add


def _fixed_part_in(c: CompileContext, to, empty_range) -> tuple[int, ...] | None:
    """The fixed sites F (at least two, in order) when the checked ``to`` region is
    ``(intersection F E)`` or ``(intersection E F)`` with E the empty sites of the
    through region's range, which is the empty sites; else None. The search then knows
    the seeds when made."""
    if empty_range is None or not isinstance(to, Call) \
            or to.decl.name != "intersection" or len(to.args) != 2:
        return None
    parts = [c.compile(arg, T.Region) for arg in to.args.values()]
    for fixed, other in (parts, parts[::-1]):
        if fixed.static is not None and other.empty_range == empty_range:
            sites = tuple(dict.fromkeys(x for x in fixed.static
                                        if empty_range[0] <= x < empty_range[1]))
            return sites if len(sites) >= 2 else None
    return None


def _undecided(t: int, piece: int) -> None:
    return None


def _around_table(nb, n: int) -> np.ndarray:
    """``table[j, x]``: the j-th neighbour of site x, or n (a site always 0) where x has
    fewer than j + 1 neighbours."""
    k = max(map(len, nb), default=0)
    return np.array([[a[j] if j < len(a) else n for a in nb] for j in range(k)],
                    dtype=np.intp).reshape(k, n)


def _covering_table(in_c: bytearray, cut: bytearray, around: np.ndarray, nb) -> bytes | None:
    """``blocked`` for every empty site when A holds every site, B holds only empty
    sites, C is the empty sites and the search reached all of C (so J = C), or None
    when P does not hold. P holds when every piece has an empty neighbour; filling an
    empty site t keeps it exactly when t is not an articulation point (the sites it
    would cut off are in A), t has an empty neighbour (t is in A and leaves C) and t is
    not the only empty neighbour of a piece. The counts of empty neighbours are made
    by numpy (one gather, one sum); the rest is done on the tables as integers, one
    byte a site (numpy's calls cost more than these on a few hundred sites)."""
    n = len(in_c)
    flags = np.frombuffer(bytes(in_c) + b"\0", np.uint8)[around]    # site n: not empty
    counts = np.add.reduce(flags, axis=0, dtype=np.uint8).tobytes()
    pieces = int.from_bytes(in_c.translate(EMPTY_FLAG), "little")
    none = int.from_bytes(counts.translate(EMPTY_FLAG), "little")     # no empty one
    if none & pieces:
        return None                        # a piece with no empty neighbour
    blocked = (none | int.from_bytes(cut, "little")) & int.from_bytes(in_c, "little")
    table = bytearray(blocked.to_bytes(n, "little"))
    last = int.from_bytes(counts.translate(_ONE_FLAG), "little") & pieces
    if last:                               # pieces with one empty neighbour: that one
        for x in compress(range(n), last.to_bytes(n, "little")):
            for y in nb[x]:
                if in_c[y]:
                    table[y] = 1
                    break
    return table


def _covering_counted(in_c: bytearray, cut: bytearray, n: int, count, mark,
                      every: int, kept=None) -> bytes | None:
    """``_covering_table``'s answer from the counts of empty sites around every site
    made as integers (one byte a site, ``ludeme.compile.neighbourcounts``): ``count``
    gives the sites with at least one and at least two empty neighbours, ``mark`` the
    empty neighbours of the pieces with exactly one; ``kept`` (a ``KeptCounts``), when
    given, gives the first two from the counts kept from the last position."""
    empty = int.from_bytes(in_c, "little")
    pieces = every & ~empty
    if kept is not None:
        # the counts kept from the last position
        some, two = kept.above_two(in_c, empty)
    else:
        some, two = count(empty)
    none = every ^ some                    # no empty neighbour
    if none & pieces:
        return None                        # a piece with no empty neighbour
    blocked = (none | int.from_bytes(cut, "little")) & empty
    last = pieces & (some ^ two)           # pieces with one empty neighbour: that one
    if last:
        blocked |= mark(last, empty)
    # the empty sites it does not block carried as an integer (a byte 1 a site), which
    # the placements' pick (``generators``' ``kept_by``) takes as it is
    return _Allowed(blocked.to_bytes(n, "little"), empty & ~blocked)


class _Allowed:
    """A covering table as bytes (``blocked``) with the empty sites it leaves open as
    an integer, one byte a site (``allowed``)."""

    __slots__ = ("blocked", "allowed")

    def __init__(self, blocked: bytes, allowed: int):
        self.blocked = blocked
        self.allowed = allowed


def _sole_joined_neighbours(loose: list[int], joined, nb, n: int) -> bytearray:
    """``blocked[y]``: y is the only joined neighbour of a site of ``loose`` (the sites
    of A joined only through a neighbour). With nothing cut off, filling t leaves
    every site of A next to it joined exactly when ``blocked[t]`` is 0."""
    blocked = bytearray(n)
    for a in loose:
        only = -1
        for y in nb[a]:
            if joined[y]:
                if only >= 0:
                    break
                only = y
        else:
            if only >= 0:
                blocked[only] = 1
    return blocked


#: bytes.translate table: 1 for 1, 0 otherwise
_ONE_FLAG = bytes([0, 1] + [0] * 254)


class _Table:
    """``after_add``'s answer for every empty site at once: ``blocked[t]`` is set when
    the condition fails after a piece is put on the empty site t; called as ``decide``
    too (for empty sites only, as ``decide`` is)."""

    __slots__ = ("blocked", "empty", "allowed")

    def __init__(self, blocked: bytes | bytearray, empty: bytearray | None = None):
        self.blocked = blocked
        # the empty sites not blocked, a byte 1 each, when known (``_covering_counted``)
        self.allowed = None
        # the position's empty sites (a byte 1 each, every site of the board), when known
        # (given by the lanes): a caller picking placements need not read the board again
        self.empty = empty

    def __call__(self, t: int, piece: int) -> bool:
        return not self.blocked[t]



def _cut_sites(seeds: list[int], in_c: bytearray, nb, n: int) -> bytearray:
    """Articulation points of the graph of the sites reachable from ``seeds`` through
    sites of ``in_c`` plus one extra node joined to every seed."""
    return _articulation(seeds, in_c, nb, n)[1]


def _articulation(seeds: list[int], in_c: bytearray, nb, n: int, search=None,
                  joined: bool = True):
    """(joined, articulation points, (separated, order) or None, how many sites were
    reached) of the graph of the sites reachable from ``seeds`` through sites of
    ``in_c`` plus one extra node joined to every seed, by Tarjan's depth-first search
    from the extra node: by ``search``, the recursion written out for ``nb``
    (``ludeme.compile.articulation``), when given; else recursive, which is faster, when
    the board fits the recursion limit; else a loop. ``joined[x]`` is nonzero exactly
    for the sites reached; ``order`` lists the sites as reached (after a -1 for the
    extra node); ``separated[v]`` lists, for an articulation point v, each of its
    cut-off subtrees as a slice (start, stop) of ``order`` (None from a lean
    ``search``). Without ``joined`` a lean ``search`` gives None for the joined table
    (the loops give it anyway)."""
    if search is not None:
        try:
            return search(seeds, in_c, joined)
        except RecursionError:          # called from deep in a search: the loop below
            pass
    disc, cut, separated, order = _plain_articulation(seeds, in_c, nb, n)
    return disc, cut, (separated, order), len(order) - 1


def _plain_articulation(seeds: list[int], in_c: bytearray, nb, n: int):
    """(discovery numbers (0: not reached), articulation points, separated, order)."""
    if n + 100 < sys.getrecursionlimit():
        try:
            return _articulation_recursive(seeds, in_c, nb, n)
        except RecursionError:          # called from deep in a search: the loop below
            pass
    disc = [0] * n
    low = [0] * n
    is_seed = bytearray(n)
    for x in seeds:
        is_seed[x] = 1
    cut = bytearray(n)
    separated: dict[int, list] = {}
    order = [-1]                               # the extra node is number 1
    for r in seeds:
        if disc[r]:
            continue
        order.append(r)
        disc[r] = len(order)
        low[r] = 1
        stack = [r]
        its = [iter(nb[r])]
        while stack:
            v = stack[-1]
            for w in its[-1]:
                if in_c[w]:
                    dw = disc[w]
                    if not dw:
                        order.append(w)
                        disc[w] = len(order)
                        low[w] = 1 if is_seed[w] else disc[w]
                        stack.append(w)
                        its.append(iter(nb[w]))
                        break
                    if dw < low[v]:
                        low[v] = dw
            else:
                stack.pop()
                its.pop()
                if stack:
                    u = stack[-1]
                    lv = low[v]
                    if lv >= disc[u]:
                        cut[u] = 1
                        separated.setdefault(u, []).append((disc[v] - 1, len(order)))
                    elif lv < low[u]:
                        low[u] = lv
    return disc, cut, separated, order


def _articulation_recursive(seeds: list[int], in_c: bytearray, nb, n: int):
    disc = [0] * n
    is_seed = bytearray(n)
    for x in seeds:
        is_seed[x] = 1
    cut = bytearray(n)
    separated: dict[int, list] = {}
    order = [-1]                               # the extra node is number 1

    def visit(v: int) -> int:
        order.append(v)
        d = disc[v] = len(order)
        low = 1 if is_seed[v] else d
        for w in nb[v]:
            if in_c[w]:
                dw = disc[w]
                if dw:
                    if dw < low:
                        low = dw
                else:
                    lw = visit(w)
                    if lw >= d:
                        cut[v] = 1
                        # w's subtree: every site reached since w
                        separated.setdefault(v, []).append((disc[w] - 1, len(order)))
                    elif lw < low:
                        low = lw
        return low

    for r in seeds:
        if not disc[r]:
            visit(r)
    return disc, cut, separated, order


def _counted(stats: dict, kind: str, fn):
    def counted(s):
        stats[kind] += 1
        return fn(s)

    return counted

