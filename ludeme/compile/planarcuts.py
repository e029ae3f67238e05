"""Articulation points of the empty cells of a board without a search, kept from move to move.

``(is Connected ... to:(intersection (sites Perimeter) (sites Empty)) through:(sites
Empty))`` after a placement asks, in every position, which empty cells are articulation
points of the graph of the empty cells plus one node joined to the empty cells of the
edge (``ludeme.ludemes.conditions.connected``): filling such a cell walls some empty
cells off the edge. A depth-first search answers it for every cell at once, but it
visits every empty cell in every position.

On a board that is a disk (the cells of a planar tiling, without holes), with the empty
cells joined through shared edges and the edge's cells being exactly the cells with a
side on the board's boundary, walling empty cells off is a hole in the union W of the
occupied cells (as closed polygons): an empty cell is cut off from the edge exactly when
it lies in a bounded part of the plane outside W. The number of holes of W is its
number of parts minus its Euler characteristic (vertices - edges + cells of W), so
filling an empty cell t changes it by

    (t's sides not shared with an occupied cell) - (t's corners not touching an
    occupied cell) - (the distinct parts of W among the occupied cells touching t),

parts joined through shared corners (the proof is in ``_proof``). The first two terms
depend on the cells round t only (tabled per pattern); the parts are kept by a
union-find updated per placement (a part relabelled into the larger on a merge, so a
cell's part is one read), rebuilt for the part a removal splits. A cell is an
articulation point exactly when filling it makes a hole while there is none: only cells
whose pattern gives two or more for the first two terms can be (on a hexagon, two or
more runs of occupied cells round it), and only those are asked each position.

Exact for any position: when the position has holes (some empty cell already cut off)
the caller's search answers instead. ``tracker`` returns None for a board it cannot
prove this on.
"""

from __future__ import annotations

from ludeme.compile.neighbourcounts import NearStarts, changed_sites
from ludeme.ludemes.regions.around import _reader as _getter

#: a position more than this many cells away from the last one is counted afresh
MAX_CHANGES = 8

#: the parts of the last few positions counted afresh kept, and copied back (then
#: changed) when a position near one of them is asked after a jump (the start of every
#: game)
KEPT_STARTS_SIZE = 4

#: per cell, the pattern of occupied cells round it kept as an integer (a bit per ring
#: cell, changed by the cells placed and removed), the patterns found by a list index
#: in place of an itemgetter and a tuple's hash; a candidate with two local parts asked
#: by comparing their two parts, no set made. Rings longer than this keep the
#: itemgetter (a list of 2**len per cell)
CODES_MAX_RING = 10


def _proof() -> None:
    """Why the count is exact (kept next to the code it justifies).

    The board B is a closed disk made of polygons (cells) glued along whole sides,
    every corner's cells forming one fan joined side to side (checked: connected,
    V - E + F = 1, each side in at most two cells, each corner's cells joined through
    the sides at that corner). W, the union of the occupied cells, is a cell complex;
    for a compact set of the plane the bounded parts of its complement number b1(W) =
    b0(W) - chi(W) (Alexander duality), chi(W) = V(W) - E(W) + F(W).

    A point of B outside W lies in an empty cell or on a side or corner of empty cells
    only, and two empty cells are joined by a path outside W exactly when a chain of
    empty cells sharing sides joins them (at a corner outside W every cell of its fan is
    empty, and the fan is joined through sides). The plane outside B is connected and
    unbounded and meets B's boundary along the boundary sides. So an empty cell lies in
    the unbounded part exactly when a chain of empty cells leads from it to a cell with
    a boundary side: the seeds. Hence "every empty cell reaches an empty seed" is
    "W has no hole", and filling an empty t cuts some empty cell off (t is an
    articulation point of the empty cells plus the node joined to the seeds) exactly
    when W + t has a hole and W has none.

    Filling t adds the face t, its sides that are not sides of occupied cells and its
    corners that are not corners of occupied cells: chi grows by 1 - dE + dV. The parts
    of W touching t (sharing a corner with it) become one with t: b0 grows by 1 - g. So
    b1 grows by dE - dV - g, the formula of the module's notes. Removing a cell is the
    reverse of adding it to the smaller set."""


def _entry(made: tuple) -> tuple:
    """A ring pattern's entry from its count ``made`` (dE - dV, the positions in the
    ring of one occupied cell per local part): (dE - dV, those positions, how many, the
    first two of them or 0), the same for every cell of a shape."""
    base, reps = made
    k = len(reps)
    return base, reps, k, reps[0] if k else 0, reps[1] if k > 1 else 0


def _is_cut(found: tuple, r: tuple, part) -> bool:
    """Whether an empty cell with the pattern entry ``found`` (``_entry``) and the ring
    ``r`` is a cut cell, its ring's cells being in the parts ``part``: whether filling
    it makes a hole (more runs than distinct parts round it)."""
    base, reps, k, a, b = found
    if base > k:
        return True                 # more runs than local parts: whatever the parts
    if k == 2:
        return part[r[a]] == part[r[b]]
    if k == 3:
        # the distinct parts counted by comparing them, without a set's frame and loop
        pa, pb, pc = part[r[a]], part[r[b]], part[r[reps[2]]]
        return base > (3 - (pa == pb or pa == pc) - (pb == pc))
    return base > len({part[r[i]] for i in reps})


def tracker(board, nb, seeds, sites_n: int) -> Tracker | None:
    """A ``Tracker`` for the cells of ``board`` with neighbour table ``nb`` and the seeds
    ``seeds`` (the fixed cells joined to the extra node), or None when the board is not
    a disk, ``nb`` is not "sharing a side", or the seeds are not the cells with a side
    on the boundary."""
    try:
        return _build(board, nb, seeds, sites_n)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _build(board, nb, seeds, n: int) -> Tracker | None:
    graph = board.graph
    if tuple(board.use) != ("Cell",) or board.offset.get("Cell") != 0 \
            or getattr(graph, "layered", False) or getattr(board, "boardless", False):
        return None
    faces = graph.elements("Cell")
    if len(faces) != n or n < 2 or len(nb) != n:
        return None
    vert_cells: dict[int, list[int]] = {}
    edge_cells: dict[int, list[int]] = {}
    for i, f in enumerate(faces):
        if len(set(map(id, f.vertices))) != len(f.vertices) or \
                len(set(map(id, f.edges))) != len(f.edges):
            return None
        for v in f.vertices:
            vert_cells.setdefault(id(v), []).append(i)
        for e in f.edges:
            edge_cells.setdefault(id(e), []).append(i)
    if any(len(c) > 2 for c in edge_cells.values()):
        return None
    if len(vert_cells) - len(edge_cells) + n != 1:
        return None                       # not a disk (a hole, or several pieces)
    # neighbours through sides must be the table's; the seeds the cells with a side alone
    for i, f in enumerate(faces):
        others = {c for e in f.edges for c in edge_cells[id(e)] if c != i}
        if others != set(nb[i]) or len(others) != len(nb[i]):
            return None
    boundary = {i for i, f in enumerate(faces) if any(len(edge_cells[id(e)]) == 1
                                                       for e in f.edges)}
    if set(seeds) != boundary:
        return None
    # each corner's cells one fan: joined through the sides at that corner
    corner_of = {id(v): v for f in faces for v in f.vertices}
    for key, cells in vert_cells.items():
        if len(cells) < 2:
            continue
        v = corner_of[key]
        parent = {c: c for c in cells}

        def find(x, parent=parent):
            while parent[x] != x:
                x = parent[x]
            return x

        for c in cells:
            for e in faces[c].edges:
                pair = edge_cells[id(e)]
                if (e.a is v or e.b is v) and len(pair) == 2:
                    parent[find(pair[0])] = find(pair[1])
        if len({find(c) for c in cells}) != 1:
            return None
    # connected through sides (with V - E + F = 1 and fans, a disk)
    seen = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        for y in nb[x]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    if len(seen) != n:
        return None
    ring = []
    sides = []
    corners = []
    for i, f in enumerate(faces):
        around = sorted({c for v in f.vertices for c in vert_cells[id(v)] if c != i})
        ring.append(tuple(around))
        sides.append(tuple(next((c for c in edge_cells[id(e)] if c != i), -1)
                           for e in f.edges))
        corners.append(tuple(tuple(c for c in vert_cells[id(v)] if c != i)
                             for v in f.vertices))
    return Tracker(n, tuple(ring), tuple(sides), tuple(corners))


class Tracker:
    """The occupied cells' parts and holes of one board, kept from the last position
    asked (``cuts``)."""

    def __init__(self, n, ring, sides, corners):
        self.n = n
        self.ring = ring
        self.sides = sides
        self.corners = corners
        self.ring_get = [_getter(r) for r in ring]
        self.near = [(x,) + r for x, r in enumerate(ring)]      # a cell and its ring
        # per cell: the pattern of occupied cells round it -> (dE - dV, a getter of
        # the local parts' representatives, how many)
        self.patterns: list[dict] = [{} for _ in range(n)]
        # a cell's shape: its sides, its corners and the ring's cells joined by a corner,
        # as positions in its ring; the cells of one shape share the counts per pattern
        self.shape_of = []
        by_shape: dict = {}
        self.shapes = []
        for t in range(n):
            pos = {c: i for i, c in enumerate(ring[t])}
            shape = (tuple(pos[c] if c >= 0 else -1 for c in sides[t]),
                     tuple(tuple(pos[c] for c in cs) for cs in corners[t]),
                     tuple(tuple(pos[d] for d in ring[c] if d in pos) for c in ring[t]))
            self.shape_of.append(shape)
            self.shapes.append(by_shape.setdefault(shape, {}))
        self.empty = None                 # the empty flags last asked, as an integer
        self.cut = None                   # the answer for them
        self.starts = NearStarts(KEPT_STARTS_SIZE)   # the parts reset for them
        # codes (``CODES_MAX_RING``): per cell, (a ring cell, x's bit in that cell's
        # code); per cell, its patterns by code (None until met)
        self.codes = max(map(len, ring), default=0) <= CODES_MAX_RING
        if self.codes:
            self.ring_bits = [tuple((y, 1 << ring[y].index(x)) for y in ring[x])
                              for x in range(n)]
            # per cell, its shape's entries by code: a pattern met for the first time
            # found through its shape's table (the count made once per shape and code);
            # an entry names the local parts by their positions in the ring, so the
            # cells of one shape share one list (a pattern met at one cell is known at
            # every cell of its shape)
            lists: dict = {}
            self.shape_codes = [lists.setdefault(self.shape_of[t], [None] * (1 << len(r)))
                                for t, r in enumerate(ring)]
            self.by_code = self.shape_codes
            # per cell, (a ring cell y, x's bit in y's code, y's ring, y's entries by
            # code): one placement's codes changed and cells asked in one loop
            self.around = [tuple((y, bit, ring[y], self.by_code[y])
                                 for y, bit in self.ring_bits[x]) for x in range(n)]

    def cuts(self, in_c) -> bytearray | None:
        """The articulation points (a byte per cell) of the empty cells (``in_c``: 1 for
        an empty cell) plus the node joined to the empty seeds, or None when some empty
        cell is not joined to an empty seed at all."""
        e = int.from_bytes(in_c, "little")
        last = self.empty
        if e == last:
            return self.cut
        if self.codes and last is not None:
            d = e ^ last
            if not d & (d - 1) and d & last:
                # one cell placed (most moves), its flag the one bit of d: its parts
                # joined, then the codes round it changed and those cells asked again
                # in one loop
                self._placed(d.bit_length() >> 3)
                self.empty = e
                self.cut = None if self.holes else bytes(self.flags)
                return self.cut
        n = self.n
        if last is None or (e ^ last).bit_count() > MAX_CHANGES:
            # a position counted afresh before, near this one (the start of every game
            # before the first move asked): copied back, then changed as from the last
            last = self._near_start(e)
        if last is None:
            self._start(in_c, e)
        else:
            changed = changed_sites(e ^ last, n, MAX_CHANGES)
            if len(changed) > MAX_CHANGES:
                self._start(in_c, e)
            else:
                # the cells moved into another part by a merge; a removal renumbers
                # its whole part (every candidate is asked again then)
                self.moved = []
                split = False
                # the cells placed first: a stone taken off next to one placed (a
                # capture) then finds its ring joined through it
                for x in changed:
                    if not in_c[x]:
                        self._add(x)
                for x in changed:
                    if in_c[x] and self._remove(x):
                        split = True
                # the cells whose pattern changed (the changed ones and those round
                # them) asked again
                self._ask_again(changed, split)
        self.empty = e
        self.cut = None if self.holes else bytes(self.flags)
        return self.cut

    # -- one cell's pattern -------------------------------------------------
    def _pattern(self, t: int, occ) -> tuple:
        """t's pattern entry (``_entry``) in the occupancy ``occ``, by a tuple key."""
        key = self.ring_get[t](occ)
        found = self.patterns[t].get(key)
        if found is None:
            shared = self.shapes[t]           # cells of the same shape share the entry
            found = shared.get(key)
            if found is None:
                found = shared[key] = _entry(self._count(t, key))
            self.patterns[t][key] = found
        return found

    def _found(self, t: int) -> tuple:
        """t's pattern entry in the kept occupancy (by its code when codes are kept)."""
        if not self.codes:
            return self._pattern(t, self.occ)
        c = self.code[t]
        return self.by_code[t][c] or self._missed(t, c)

    def _missed(self, t: int, c: int) -> tuple:
        """t's pattern entry for the code ``c`` met for the first time at t."""
        table = self.shape_codes[t]
        found = table[c]
        if found is None:
            found = table[c] = _entry(self._count(
                t, tuple((c >> i) & 1 for i in range(len(self.ring[t])))))
        self.by_code[t][c] = found
        return found

    def _ask_again(self, changed, split: bool) -> None:
        """``cuts``' asking again of the cells whose pattern changed (the changed ones
        and those round them), and of the candidates a removal or a merge may change."""
        occ, candidates, near, ring = self.occ, self.candidates, self.near, self.ring
        flags, part = self.flags, self.part
        codes = self.codes
        if codes:
            by_code, code = self.by_code, self.code
        else:
            patterns, ring_get = self.patterns, self.ring_get
        for x in changed:
            for y in near[x]:
                if occ[y]:
                    candidates.pop(y, None)
                    flags[y] = 0
                    continue
                found = by_code[y][code[y]] if codes else \
                    patterns[y].get(ring_get[y](occ))
                if found is None:
                    found = self._missed(y, code[y]) if codes else self._pattern(y, occ)
                base, reps, k, a, b = found
                if base >= 2:
                    candidates[y] = found
                    # more runs than local parts: a cut whatever the parts
                    if base > k:
                        flags[y] = 1
                    else:
                        r = ring[y]
                        flags[y] = part[r[a]] == part[r[b]] if k == 2 else \
                            _is_cut(found, r, part)
                else:
                    candidates.pop(y, None)
                    flags[y] = 0
        if split:
            # a removal renumbers its whole part: every candidate asked again
            for t, found in candidates.items():
                flags[t] = _is_cut(found, ring[t], part)
        elif self.moved:
            self._ask_moved()

    def _ask_moved(self) -> None:
        """A merge changes the answer only of a candidate next to a moved cell, and
        only of one with no more runs than local parts."""
        get, ring, part, flags = self.candidates.get, self.ring, self.part, self.flags
        for y in self.moved:
            for t in ring[y]:
                found = get(t)
                if found is not None:
                    base, reps, k, a, b = found
                    if base <= k:
                        r = ring[t]
                        flags[t] = part[r[a]] == part[r[b]] if k == 2 else \
                            _is_cut(found, r, part)

    def _placed(self, x: int) -> None:
        """One cell x placed (most positions), in one frame: its parts joined (as
        ``_add``), then the codes of the cells round it changed and those cells asked
        again in one loop, and the candidates next to cells a merge moved."""
        code, part, r = self.code, self.part, self.ring[x]
        c = code[x]
        base, reps, k, a, b = self.by_code[x][c] or self._missed(x, c)
        self.occ[x] = 1
        merged = False
        if k == 0:
            part[x] = x
            self.members[x] = [x]
            self.holes += base
        else:
            big = part[r[a]]
            if k == 1 or (k == 2 and part[r[b]] == big):
                parts = None
            else:
                parts = (big, part[r[b]]) if k == 2 else tuple({part[r[i]] for i in reps})
            if parts is None or len(parts) == 1:
                part[x] = big
                self.members[big].append(x)
                self.holes += base - 1
            else:
                self.holes += base - len(parts)
                self.moved = []
                self._merge(x, parts)
                merged = True
        occ, candidates, flags = self.occ, self.candidates, self.flags
        for y, bit, r, table in self.around[x]:
            c = code[y] ^ bit
            code[y] = c
            if occ[y]:
                continue
            found = table[c] or self._missed(y, c)
            base, reps, k, a, b = found
            if base >= 2:
                candidates[y] = found
                flags[y] = base > k or (part[r[a]] == part[r[b]] if k == 2
                                        else _is_cut(found, r, part))
            elif y in candidates:
                del candidates[y]
                flags[y] = 0
        candidates.pop(x, None)
        flags[x] = 0
        if merged:
            self._ask_moved()

    def _count(self, t: int, key: tuple) -> tuple[int, tuple[int, ...]]:
        """(dE - dV, the positions in t's ring of one occupied cell per local part) for
        the pattern ``key`` (the ring's cells, 1 when occupied)."""
        sides, corners, joins = self.shape_of[t]
        de = sum(1 for i in sides if i < 0 or not key[i])
        dv = sum(1 for cs in corners if not any(key[i] for i in cs))
        reps = []
        seen: set = set()
        for i, full in enumerate(key):         # parts of the ring's cells, by corners
            if not full or i in seen:
                continue
            reps.append(i)
            seen.add(i)
            stack = [i]
            while stack:
                j = stack.pop()
                for k in joins[j]:
                    if k not in seen and key[k]:
                        seen.add(k)
                        stack.append(k)
        return de - dv, tuple(reps)

    # -- the parts ------------------------------------------------------------
    def _start(self, in_c, e: int) -> None:
        """``_reset``; its parts kept to be copied back for a position near this one
        asked after a jump (``_near_start``)."""
        self._reset(in_c)
        self.starts.keep(e, (bytes(self.occ), self.part[:],
                             {k: v[:] for k, v in self.members.items()}, self.holes,
                             dict(self.candidates), bytes(self.flags),
                             self.code[:] if self.codes else None))

    def _near_start(self, e: int) -> int | None:
        """The empty flags of a kept position at most ``MAX_CHANGES`` cells from ``e``,
        its parts copied back, or None when none is that near."""
        found = self.starts.near(e, MAX_CHANGES)
        if found is None:
            return None
        k, (occ, part, members, holes, candidates, flags, code) = found
        if self.codes:
            self.code = code[:]
        self.occ, self.part, self.holes = bytearray(occ), part[:], holes
        self.members = {r: v[:] for r, v in members.items()}
        self.candidates, self.flags = dict(candidates), bytearray(flags)
        self.moved = []
        return k

    def _reset(self, in_c) -> None:
        n = self.n
        self.occ = bytearray(n)
        self.part = list(range(n))
        self.members: dict[int, list[int]] = {}
        self.holes = 0
        self.candidates: dict[int, tuple] = {}
        self.moved: list[int] = []
        self.code = [0] * n               # codes: a bit per occupied ring cell
        for x in range(n):
            if not in_c[x]:
                self._add(x)
        for t in range(n):
            self._refresh(t)
        self.flags = bytearray(n)          # the articulation points among the candidates
        for t, found in self.candidates.items():
            self.flags[t] = _is_cut(found, self.ring[t], self.part)

    def _parts_round(self, x: int) -> tuple[int, tuple]:
        """(dE - dV, the distinct parts round the empty cell x) in the kept occupancy."""
        if self.codes:                  # (``_found``, without its call)
            c = self.code[x]
            base, reps, k, a, b = self.by_code[x][c] or self._missed(x, c)
        else:
            base, reps, k, a, b = self._pattern(x, self.occ)
        part, r = self.part, self.ring[x]
        if k < 2:
            return base, (part[r[a]],) if k else ()
        if k == 2:
            pa, pb = part[r[a]], part[r[b]]
            return base, (pa,) if pa == pb else (pa, pb)
        return base, tuple({part[r[i]] for i in reps})

    def _add(self, x: int) -> None:
        """x placed: its parts joined, the codes round it changed (asked again by the
        caller; ``_placed`` for one cell placed)."""
        base, parts = self._parts_round(x)
        self.holes += base - len(parts)
        self.occ[x] = 1
        part, members = self.part, self.members
        if not parts:
            part[x] = x
            members[x] = [x]
        elif len(parts) == 1:
            big = parts[0]
            part[x] = big
            members[big].append(x)
        else:
            self._merge(x, parts)
        if self.codes:
            code = self.code
            for y, bit in self.ring_bits[x]:
                code[y] ^= bit

    def _merge(self, x: int, parts: tuple) -> None:
        """x placed touching the distinct ``parts``: the smaller moved into the
        largest, with x."""
        part, members = self.part, self.members
        if len(parts) == 2:
            a, b = parts
            big = a if len(members[a]) >= len(members[b]) else b
        else:
            big = max(parts, key=lambda p: len(members[p]))
        into = members[big]
        for p in parts:
            if p != big:
                moved = members.pop(p)
                for y in moved:
                    part[y] = big
                into += moved
                self.moved += moved
        part[x] = big
        into.append(x)

    def _remove(self, x: int) -> bool:
        """x emptied; whether parts were renumbered (every candidate to be asked again)."""
        part, members, occ, ring = self.part, self.members, self.occ, self.ring
        occ[x] = 0
        if self.codes:
            code = self.code
            for y, bit in self.ring_bits[x]:
                code[y] ^= bit
        label = part[x]
        # the occupied cells round x in one local part (joined through corners without
        # x) or none: the rest of x's part stays joined (taken out of it, no flood, the
        # candidates not all asked again)
        base, _, k = self._found(x)[:3]
        if k == 1:
            rest = members[label]
            rest.remove(x)
            if label == x:
                # the part was named after x: named after another of its cells (every
                # cell of it renamed alike, so no answer changes)
                del members[x]
                label = rest[0]
                members[label] = rest
                for y in rest:
                    part[y] = label
            self.holes -= base - 1
            return False
        if k == 0 and len(members[label]) == 1:
            del members[label]
            self.holes -= base
            return False
        rest = members.pop(label)
        left = set(rest)
        left.discard(x)
        for y in rest:                      # the part without x, split by a flood
            if y not in left:
                continue
            left.discard(y)
            group = [y]
            part[y] = y
            for z in group:
                for u in ring[z]:
                    if u in left:
                        left.discard(u)
                        part[u] = y
                        group.append(u)
            members[y] = group
        base, parts = self._parts_round(x)
        self.holes -= base - len(parts)
        return True

    def _refresh(self, t: int) -> None:
        if self.occ[t]:
            self.candidates.pop(t, None)
            return
        found = self._found(t)
        if found[0] >= 2:
            self.candidates[t] = found
        else:
            self.candidates.pop(t, None)
