"""Cohesion: whether a region forms one connected group (a board that must not be cut in
two by holes).

This overload of ``(is Connected ...)`` is the one without ``to:``; forms with ``to:``
are the reachability test in ``connectivity``.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.conditions.connected import _site_local
from ludeme.runtime.state import TRIAL_HASH

#: analysed regions kept per condition (a pure function of the region, so any size is
#: correct; bounded so that long searches do not grow memory)
CACHE_LIMIT = 4096


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def analyse(mask: int, nbr_bits: list[int]) -> tuple[bool, int]:
    """(whether the sites in ``mask`` form one group, the mask of its cut sites: those
    whose removal would split it). Cut sites (articulation points) come from an
    iterative Tarjan depth-first search; they only mean something for one group."""
    if not mask:
        return True, 0
    root = (mask & -mask).bit_length() - 1
    index = {root: 0}
    low = {root: 0}
    cut = 0
    counter = 1
    root_children = 0
    stack = [(root, -1, _bits(nbr_bits[root] & mask))]
    while stack:
        x, parent, todo = stack[-1]
        if todo:
            y = todo.pop()
            if y not in index:
                index[y] = low[y] = counter
                counter += 1
                stack.append((y, x, _bits(nbr_bits[y] & mask)))
                if x == root:
                    root_children += 1
            elif y != parent and index[y] < low[x]:
                low[x] = index[y]
            continue
        stack.pop()
        if parent >= 0:
            if low[x] < low[parent]:
                low[parent] = low[x]
            if parent != root and low[x] >= index[parent]:
                cut |= 1 << parent
    if root_children > 1:
        cut |= 1 << root
    return len(index) == mask.bit_count(), cut


def analyse_lists(mask: int, nbrs: list[tuple[int, ...]], n: int) -> tuple[bool, int]:
    """``analyse`` of the sites in ``mask`` on a board of ``n`` sites whose neighbours
    are ``nbrs``: the same answer, the discovery numbers kept in a list (0 for a site of
    the region not reached yet, ``n + 1``, above every discovery number, for a site
    outside it: never visited, never lowering a low number)."""
    if not mask:
        return True, 0
    members = _bits(mask)
    outside = n + 1
    index = [outside] * n
    for x in members:
        index[x] = 0
    low = index[:]
    root = members[0]
    index[root] = low[root] = 1
    counter = 2
    cut = 0
    root_children = 0
    stack = [(root, -1, iter(nbrs[root]))]
    push, pop = stack.append, stack.pop
    while stack:
        x, parent, todo = stack[-1]
        for y in todo:
            iy = index[y]
            if not iy:
                index[y] = low[y] = counter
                counter += 1
                push((y, x, iter(nbrs[y])))
                if x == root:
                    root_children += 1
                break
            if iy < low[x] and y != parent:
                low[x] = iy
        else:
            pop()
            if parent >= 0:
                lx = low[x]
                if lx < low[parent]:
                    low[parent] = lx
                if parent != root and lx >= index[parent]:
                    cut |= 1 << parent
    if root_children > 1:
        cut |= 1 << root
    return counter - 1 == len(members), cut


@ludeme("is Connected", T.Cond, lazy=True,
        ludii="Ludii's (is Connected {<regions>}); number:, a site type and a role instead "
              "of the regions are not supported here.")
def regions_joined(c: CompileContext, directions: T.Direction = None,
                   regions: T.ListOf(T.Region) = None, *, at: T.Site = None):
    """Whether the group of the piece on ``at`` (the last move's destination by default)
    touches every region of the list ``{<region> ...}``, as Ludii's ``(is Connected
    {...})``: the group is the sites joined to ``at`` along ``directions`` (Adjacent by
    default) through sites holding the same piece. False when ``at`` is empty.

    ``(if (is Connected {(sites Side N) (sites Side SW) (sites Side SE)}) (result Mover
    Win))``. A single region without braces is the one-group test below."""
    from ludeme.lang.checker import Seq

    if regions is None:
        c.fail("(is Connected ...) needs the regions to join: {<region> <region> ...}")
    if not isinstance(regions, Seq):
        return region_connected(c, regions, directions)
    board = c.require_board()
    rel = "Adjacent"
    dirs = c.compile(directions, T.Direction) if directions is not None else None
    if dirs is not None and set(dirs) <= set(board.directions["Orthogonal"]):
        rel = "Orthogonal"
    nbrs = board.nbrs[rel]
    region_fns = []
    for r in regions.items:
        rv = c.compile(r, T.Region)
        static = frozenset(rv.static) if rv.static is not None else None
        region_fns.append((static, rv.fn))
    at_fn = c.compile(at, T.Site).fn if at is not None else (
        lambda s: s.history[-1].to if s.history else -1)
    n_sites = board.n_sites

    def test(s):
        start = at_fn(s)
        if not 0 <= start < n_sites:
            return False
        what = s.what
        piece = what[start]
        if not piece:
            return False
        todo = [st if st is not None else frozenset(fn(s)) for st, fn in region_fns]
        seen = {start}
        stack = [start]
        while stack:
            x = stack.pop()
            todo = [r for r in todo if x not in r]
            if not todo:
                return True
            for y in nbrs[x]:
                if y not in seen and what[y] == piece:
                    seen.add(y)
                    stack.append(y)
        return False

    return CondV(test)


@ludeme("is Connected", T.Cond, lazy=True,
        ludii="Ludii expresses this as (= 1 (count Groups ... if:...)); its (is Connected "
              "{<regions>}) asks whether regions are joined, which connectivity offers.")
def region_connected(c: CompileContext, region: T.Region, directions: T.Direction = None):
    """Whether the sites of ``region`` form one group: each reachable from any other
    through sites of the region, along ``directions`` (``Orthogonal``, or all adjacent
    sites by default). An empty region counts as one group.

    ``(do (move Add "Hole" (to (sites Empty))) ifAfterwards:(is Connected (difference
    (sites Board) (sites Occupied component:"Hole")) Orthogonal))``: a hole may not cut
    the rest of the board in two.
    """
    board = c.require_board()
    region_arg = region
    region = c.compile(region, T.Region)
    directions = c.compile(directions, T.Direction) if directions is not None else None
    rel = "Adjacent"
    if directions is not None and set(directions) <= set(board.directions["Orthogonal"]):
        rel = "Orthogonal"
    nbrs = board.nbrs[rel]
    n_sites = board.n_sites
    bits = [1 << x for x in range(n_sites)]
    nbr_bits = [sum(bits[y] for y in set(nbrs[x])) for x in range(n_sites)]
    if region.static is not None:
        ok = analyse(sum(bits[x] for x in set(region.static)), nbr_bits)[0]
        return CondV(lambda s: ok, ok)
    fn = region.fn
    cache: dict[int, tuple[bool, int]] = {}
    get_bit = bits.__getitem__

    nbr_lists = [tuple(dict.fromkeys(nbrs[x])) for x in range(n_sites)]

    def info(m: int) -> tuple[bool, int]:
        # the search for cut sites walks neighbour lists with numbers kept in lists
        got = cache.get(m)
        if got is None:
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            got = cache[m] = analyse_lists(m, nbr_lists, n_sites)
        return got

    def test(s):
        sites = fn(s)
        m = sum(map(get_bit, sites))
        if m.bit_count() != len(sites):     # a site listed twice: add each once
            m = 0
            for x in sites:
                m |= bits[x]
        x = s.to
        # A tried move usually changes the region by taking out its own site (a hole
        # placed there). The region with that site put back is then the same for every
        # candidate of a position, and one analysis of it (its cut sites) answers all.
        if m and 0 <= x < n_sites and not m >> x & 1:
            whole, cut = info(m | bits[x])
            if whole:
                return not cut >> x & 1
        return info(m)[0]

    # a site-local region: every placement of a position answered at once under (do
    # (move Add ...) ifAfterwards:...)
    if not _site_local(region_arg):
        return CondV(test)
    member = region.member()
    # a region read from the pieces on its sites (``RegionV.by_piece``) tells a placed
    # site's membership from the piece, without placing it
    read = region.by_piece

    def after_add(s):
        """Every placement on an empty site of this position at once: the region is
        site-local, so after placing on t it is this position's region with t's own
        membership changed, and the test above reads the same mask."""
        sites = fn(s)
        base = 0
        for x in sites:
            base |= bits[x]
        w = s.what
        if read is not None:
            # t's membership after the placement read from the piece alone: no trial
            table, first, stop = read

            def decide_read(t, piece):
                if first <= t < stop and table[piece]:
                    return info(base | bits[t])[0]
                m = base & ~bits[t]
                if m:
                    whole, cut = info(m | bits[t])
                    if whole:
                        return not cut >> t & 1
                return info(m)[0]

            return decide_read

        def decide(t, piece):
            w[t] = piece
            s.occ = None  # runtime.occupancy: a trial
            s.hash ^= TRIAL_HASH
            try:
                inside = member(s, t)
            finally:
                w[t] = 0
                s.occ = None  # runtime.occupancy: a trial
                s.hash ^= TRIAL_HASH
            m = base | bits[t] if inside else base & ~bits[t]
            if m and not inside:
                whole, cut = info(m | bits[t])
                if whole:
                    return not cut >> t & 1
            return info(m)[0]

        return decide

    return CondV(test, after_add=after_add)
