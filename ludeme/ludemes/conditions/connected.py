"""Connectivity between regions: whether every site of one region is joined to another
region through the sites of a third.

``(is Connected (sites Empty) to:(intersection (sites Perimeter) (sites Empty))
through:(sites Empty))`` says that no empty site is walled off from the empty edge of
the board; with ``(sites Board)`` as the first region every piece must also touch such
an empty site. Used as ``(do (move Add ...) ifAfterwards:...)`` it forbids placements
that would enclose empty space.

The condition is answered by a flood fill, but a placement usually changes it only
locally. When the last change filled one site, the filled site's neighbours that stay
open all lie on one unbroken arc around it, and the position before the change
satisfied the condition (worked out once per position and cached), the answer follows
from a few table lookups around the filled site. The proof is in ``_fast_path_proof``.

Under ``(do (move Add ...) ifAfterwards:...)`` with the empty sites as ``through:``,
every candidate placement is answered at once (``CondV.after_add``): one pass over the
position finds, with the spanning forest, the articulation points of the joined sites
plus one node standing for the target region; filling a site that is not one of them
cuts nothing off, so only the sites around it are checked, without making the move.
"""

from __future__ import annotations

import math
import sys
from operator import itemgetter, not_

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV, RegionV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Lit, Seq
from ludeme.lang.registry import ludeme
from ludeme.ludemes.regions.around import neighbour_table

#: compile the local test (tests turn it off to compare with the plain flood fill)
FAST_PATH = True
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

    (D0) P(X'') holds. It is found by one flood fill of X'' per position (cached: every
         placement tried in one position has the same X''), which also records a
         spanning forest of J(X''): each site's parent is the site it was reached
         from, the roots being the sites of B ∩ C.
    (D1) t ∈ C(X'') and t ∉ C(X') (the change took t out of C).

    Lemma 1: J(X') = J(X'') - {t} - L, where L is the union of the C(X')-components of
    the neighbours u of t that are in J(X'') but not in J(X').
      J(X') ⊆ J(X'') - {t}: a C(X')-path avoids t (t ∉ C(X')), so it is a C(X'')-path.
      Let y ∈ J(X'') - {t}, y ∉ J(X'). A shortest C(X'')-path from y to B ∩ C must use
      t (else it is a C(X')-path); the part before t ends at a neighbour u of t and is a
      C(X')-path, so y lies in u's C(X')-component, and u ∉ J(X') (else y ∈ J(X')).
      Conversely no site of L is in J(X') (its component has no site of B ∩ C).

    Lemma 2: a site v ∈ J(X'') whose path to its root in the forest avoids t is in
    J(X') (that path is a C(X')-path to B ∩ C). So u ∈ J(X'') is in J(X') exactly when
    its C(X')-component holds such a site: the roots are sites of B ∩ C other than t.

    Lemma 3 (no search at all): arrange the sites around t by angle in a *ring* that
    contains every neighbour of t, two consecutive ring sites being *linked* only when
    they are neighbours. If the neighbours of t in C(X') (*open*) all lie in one run of
    consecutive open, linked ring sites (D2), and, when t ∈ B(X''), that run holds a
    site of B (D3), then L is empty: any path ... u, t, v ... can walk along the run
    from u to v instead, and a path ending ... u, t can walk along the run to its site
    of B ∩ C; so every open neighbour of t that was in J(X'') still is.

    Finally a site a that is neither t, nor next to t, nor in or next to L has the
    same membership of A and B and the same J-status for itself and its neighbours in
    X' as in X'' (Lemma 1), so it is joined in X' because it was in X''. Only those
    sites are checked, with J(X') from Lemma 1: P(X') holds exactly when all of them
    are joined. L is found by Lemma 3 (a table lookup), else by Lemma 2: walk each open
    neighbour's forest path; only a neighbour whose path runs through t starts a
    search of its C(X')-component, which stops at the first site whose path avoids t
    (or, exhausting the component, adds it to L). When D0 or D1 fails, or a region is
    not site-local, the condition is answered by a flood fill of X'.
    """


def _rings(board, nb: tuple[tuple[int, ...], ...]):
    """For each site: its ring (the sites around it by angle, containing every
    neighbour), an itemgetter reading a byte table at the ring's sites, and the ring's
    table of answers to (D2)."""
    coords = board.coords
    adjacent = board.nbrs["Adjacent"]
    nbset = [frozenset(x) for x in nb]
    tables: dict[tuple, dict] = {}
    rings, getters, answers = [], [], []
    for t in range(board.n_sites):
        around = (set(adjacent[t]) | set(nb[t])) - {t}
        cx, cy = coords[t]
        ring = tuple(sorted(around, key=lambda y: (math.atan2(coords[y][1] - cy,
                                                              coords[y][0] - cx), y)))
        n = len(ring)
        links = tuple(n > 1 and ring[(i + 1) % n] in nbset[ring[i]] for i in range(n))
        is_nb = tuple(y in nbset[t] for y in ring)
        key = (links, is_nb)
        if key not in tables:
            tables[key] = _ring_answers(links, is_nb)
        rings.append(ring)
        answers.append(tables[key])
        if n == 0:
            getters.append(lambda a: ())
        elif n == 1:
            getters.append(lambda a, y=ring[0]: (a[y],))
        else:
            getters.append(itemgetter(*ring))
    return tuple(rings), tuple(getters), tuple(answers)


def _ring_answers(links: tuple[bool, ...], is_nb: tuple[bool, ...]) -> dict:
    """open flags (a tuple of 0/1 per ring slot) -> (D2 holds, slots of the run that
    holds the open neighbours)."""
    n = len(links)
    out = {}
    for mask in range(1 << n):
        flags = tuple((mask >> i) & 1 for i in range(n))
        run_of = [-1] * n
        runs: list[list[int]] = []
        for i in range(n):
            if not flags[i] or run_of[i] >= 0:
                continue
            run_of[i] = len(runs)
            run, stack = [i], [i]
            while stack:
                j = stack.pop()
                for k, linked in (((j + 1) % n, links[j]), ((j - 1) % n, links[(j - 1) % n])):
                    if linked and flags[k] and run_of[k] < 0:
                        run_of[k] = run_of[i]
                        run.append(k)
                        stack.append(k)
            runs.append(run)
        with_nb = {run_of[i] for i in range(n) if flags[i] and is_nb[i]}
        if len(with_nb) <= 1:
            slots = tuple(sorted(runs[with_nb.pop()])) if with_nb else ()
            out[flags] = (True, slots)
        else:
            out[flags] = (False, ())
    return out


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

    def evaluate(s, with_a: bool):
        """(P holds, A, B, C, J as byte tables, forest parents) for the position; the
        tables and the forest only when ``with_a``."""
        w = s.what
        in_c = bytearray(n)
        if empty_range is not None:
            lo, hi = empty_range
            in_c[lo:hi] = bytes(map(not_, w[lo:hi]))
        else:
            for x in c_fn(s):
                in_c[x] = 1
        if b_table is not None:
            in_b = b_table
            seeds = [x for x in b_static if in_c[x]]
        else:
            in_b = bytearray(n)
            seeds = []
            for x in b_fn(s):
                in_b[x] = 1
                if in_c[x]:
                    seeds.append(x)
        joined = bytearray(n)
        for x in seeds:
            joined[x] = 1
        if with_a:
            # breadth first, so that forest paths are shortest (short walks in Lemma 2)
            parent = [-1] * n
            frontier = seeds
            while frontier:
                nxt = []
                for x in frontier:
                    for y in nb[x]:
                        if in_c[y] and not joined[y]:
                            joined[y] = 1
                            parent[y] = x
                            nxt.append(y)
                frontier = nxt
        else:
            parent = None
            stack = seeds
            while stack:
                x = stack.pop()
                for y in nb[x]:
                    if in_c[y] and not joined[y]:
                        joined[y] = 1
                        stack.append(y)
        cut = _cut_sites(seeds, in_c, nb, n) if with_a else None
        holds = True
        loose = False           # some site of A joined only through a neighbour
        in_a = bytearray(n) if with_a else None
        for x in a_fn(s):
            if with_a:
                in_a[x] = 1
            if holds and not (joined[x] or in_b[x]):
                loose = True
                for y in nb[x]:
                    if joined[y]:
                        break
                else:
                    holds = False
                    if not with_a:
                        break
        return holds, in_a, in_b, in_c, joined, parent, cut, loose

    def flood(s):
        return evaluate(s, False)[0]

    counting, stats = COUNT_STATS, STATS      # fixed when compiled
    if counting:
        flood = _counted(stats, "flood", flood)
    if not (local and FAST_PATH):
        return CondV(flood)

    rings, ring_flags, ring_answers = _rings(board, nb)
    # t holds a piece in X': the empty sites do not contain it, a fixed region does or
    # does not, whatever else is asked
    c_never = empty_range is not None
    a_never = a_reg.empty_range is not None
    a_table = None
    if a_reg.static is not None:
        a_table = bytearray(n)
        for x in a_reg.static:
            a_table[x] = 1
    byte_key = len(c.pieces.names) <= 256
    cache: list = [None, None]       # [key of X'', evaluate(X'')]

    def lost_sites(t, in_c, joined, parent) -> set:
        """L of Lemma 1, by Lemma 2."""
        lost: set = set()
        for u in nb[t]:
            if not joined[u] or u in lost:
                continue
            x = u
            while x >= 0 and x != t:
                x = parent[x]
            if x < 0:
                continue                      # u's forest path avoids t
            seen = {u}
            frontier = [u]
            found = False
            while frontier and not found:
                nxt = []
                for x in frontier:
                    for y in nb[x]:
                        if y == t or not in_c[y] or y in seen:
                            continue
                        z = y
                        while z >= 0 and z != t and z not in seen:
                            z = parent[z]
                        if z < 0:
                            found = True
                            break
                        seen.add(y)
                        nxt.append(y)
                    if found:
                        break
                frontier = nxt
            if not found:
                lost |= seen
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
        key = (s.who, s.nxt, bytes(w) if byte_key else tuple(w))
        if key != cache[0]:
            if counting:
                stats["base"] += 1
            cache[1] = evaluate(s, True)
            cache[0] = key
        w[t] = p
        holds, in_a, in_b, in_c, joined, parent, _, _ = cache[1]
        if not holds or not in_c[t] or (not c_never and c_has(s, t)):    # D0, D1
            return flood(s)
        if counting:
            stats["fast"] += 1
        ok, run = ring_answers[t][ring_flags[t](in_c)]       # D2 (ring sites are not t)
        if ok and in_b[t] and run:                            # D3
            ring = rings[t]
            for i in run:
                if in_b[ring[i]]:
                    break
            else:
                ok = False
        if ok:
            lost = ()
        else:
            if counting:
                stats["walk"] += 1
            lost = lost_sites(t, in_c, joined, parent)
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
        leaves L empty exactly when t is not one of them (the graph is connected, and
        removing t keeps it so). Sites of L, when there are any, are found by Lemma 2."""
        w = s.what
        key = (s.who, s.nxt, bytes(w) if byte_key else tuple(w))
        if key != cache[0]:
            if counting:
                stats["base"] += 1
            cache[1] = evaluate(s, True)
            cache[0] = key
        holds, in_a, in_b, in_c, joined, parent, cut, loose = cache[1]
        if not holds:
            return _undecided

        def decide(t, piece):
            if not in_c[t]:
                return None            # D1 unknown: the flood fill answers
            if counting:
                stats["fast"] += 1
            if cut[t]:
                if counting:
                    stats["walk"] += 1
                lost = lost_sites(t, in_c, joined, parent)
            else:
                lost = ()
            if not a_never and (a_table is None or a_table[t]):
                # t itself, in X' (the piece put on it for the two membership tests)
                w[t] = piece
                try:
                    needs = (a_table is not None or a_has(s, t)) and not b_has(s, t)
                finally:
                    w[t] = 0
                if needs:
                    for y in nb[t]:
                        if joined[y] and y not in lost:
                            break
                    else:
                        return False
            if not lost and not loose:
                # no site of A is joined only through a neighbour: none lost its way
                return True
            return around_joined(t, in_a, in_b, joined, lost)

        return decide

    # D1 holds for every placement only when the through region is the empty sites
    return CondV(fn, after_add=after_add if c_never else None)


def _undecided(t: int, piece: int) -> None:
    return None



def _cut_sites(seeds: list[int], in_c: bytearray, nb, n: int) -> bytearray:
    """Articulation points of the graph of the sites reachable from ``seeds`` through
    sites of ``in_c`` plus one extra node joined to every seed (Tarjan's depth-first
    search; recursive, which is faster, when the board fits the recursion limit)."""
    if n + 100 < sys.getrecursionlimit():
        try:
            return _cut_sites_recursive(seeds, in_c, nb, n)
        except RecursionError:          # called from deep in a search: the loop below
            pass
    disc = [0] * n
    low = [0] * n
    is_seed = bytearray(n)
    for x in seeds:
        is_seed[x] = 1
    cut = bytearray(n)
    clock = 1                                  # the extra node is number 1
    for r in seeds:
        if disc[r]:
            continue
        clock += 1
        disc[r] = clock
        low[r] = 1
        stack = [r]
        its = [iter(nb[r])]
        while stack:
            v = stack[-1]
            for w in its[-1]:
                if in_c[w]:
                    dw = disc[w]
                    if not dw:
                        clock += 1
                        disc[w] = clock
                        low[w] = 1 if is_seed[w] else clock
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
                    elif lv < low[u]:
                        low[u] = lv
    return cut


def _cut_sites_recursive(seeds: list[int], in_c: bytearray, nb, n: int) -> bytearray:
    disc = [0] * n
    is_seed = bytearray(n)
    for x in seeds:
        is_seed[x] = 1
    cut = bytearray(n)
    clock = [1]                                # the extra node is number 1

    def visit(v: int) -> int:
        clock.append(v)
        d = disc[v] = len(clock)
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
                    elif lw < low:
                        low = lw
        return low

    for r in seeds:
        if not disc[r]:
            visit(r)
    return cut


def _counted(stats: dict, kind: str, fn):
    def counted(s):
        stats[kind] += 1
        return fn(s)

    return counted

