"""Groups that reach several regions of a kind, and rings: ``(is Connected <n>
<regionType>)`` and ``(is Loop)``, with Ludii's meaning (forks, bridges and
rings)."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme

#: the static region families made of lines of sites (the others are made of corners
#: and sides)
LINE_KINDS = frozenset({"Rows", "Columns", "Diagonals", "SubGrids", "AllDirections",
                        "HintRegions"})


def static_regions(c: CompileContext, kind: str) -> list[frozenset[int]]:
    """Ludii's static region family ``kind`` on the board's default site type: Corners
    (one region per corner), Sides (one per side Ludii finds), SidesNoCorners (the sides
    without the corners; empty ones left out), AllSites, and the families of lines
    (``LINE_KINDS``: rows, columns, ..., see ``equipment.puzzle.static_groups``)."""
    board = c.require_board()
    t = c.site_type or board.default_type
    if kind in LINE_KINDS:
        from ludeme.ludemes.equipment.puzzle import static_groups

        return [frozenset(g) for g in static_groups(c, kind)]
    corners = board.corners[t]
    if kind == "Corners":
        return [frozenset((x,)) for x in corners]
    if kind == "AllSites":
        return [frozenset(board.sites[t])]
    sides = [side for side in board.sides[t].values() if side]
    if kind == "SidesNoCorners":
        sides = [tuple(x for x in side if x not in corners) for side in sides]
    return [frozenset(side) for side in sides if side]


@ludeme("is Connected", T.Cond, ludii="Ludii's site type, at: and directions are not "
        "supported in this form.")
def connected_to_n(c: CompileContext, number: T.IntFn, regions: T.RegionType):
    """Whether the group of the piece just placed (at ``(last To)``: the sites joined to it
    through neighbours holding the same piece) touches at least ``number`` regions of a
    kind: ``(is Connected 3 SidesNoCorners)`` (a fork joining three sides, corners not
    counted), ``(is Connected 2 Corners)`` (a bridge). Ludii: ``(is Connected <int>
    <regionTypeStatic>)``."""
    board = c.require_board()
    regs = static_regions(c, regions)
    nbrs = board.nbrs["Adjacent"]
    # per site, which regions hold it (a bit each)
    masks = [0] * board.n_sites
    for i, r in enumerate(regs):
        for x in r:
            masks[x] |= 1 << i
    need_fn = number.fn
    n = board.n_sites

    def test(s):
        start = s.to
        if not 0 <= start < n:
            return False
        w = s.what
        piece = w[start]
        if not piece:
            return False
        need = need_fn(s)
        got = masks[start]
        if got.bit_count() >= need:
            return True
        seen = {start}
        stack = [start]
        while stack:
            x = stack.pop()
            for y in nbrs[x]:
                if y not in seen and w[y] == piece:
                    seen.add(y)
                    stack.append(y)
                    m = masks[y]
                    if m & ~got:
                        got |= m
                        if got.bit_count() >= need:
                            return True
        return False

    return CondV(test)


@ludeme("is Loop", T.Cond, ludii="Ludii's surround:, colour, start and path: arguments "
        "are not supported.")
def is_loop(c: CompileContext):
    """Whether the piece just placed (at ``(last To)``) closes a ring of its kind around
    at least one site, as Ludii's ``(is Loop)`` finds it: starting from each neighbour of
    the piece that does not hold the same piece and is not on the board's outer edge,
    the sites reachable along straight orthogonal lines without crossing that piece's
    kind must never reach the outer edge; the pieces of the kind bordering that enclosed
    area must then chain into a ring (Ludii's walk from each to its first neighbour in
    the ring). Ludii: ``(is Loop)``."""
    board = c.require_board()
    t = c.site_type or board.default_type
    outer = frozenset(board.regions[t]["Outer"])
    adj = board.nbrs["Adjacent"]
    orth_dirs = board.directions["Orthogonal"]
    orth_step = board.step["Orthogonal"] if "Orthogonal" in board.step else board.step["All"]
    orth = [tuple(y for d in orth_dirs for y in (orth_step[d][x],) if y >= 0)
            for x in range(board.n_sites)]
    rays = [tuple(board.ray[d][x] for d in orth_dirs) for x in range(board.n_sites)]
    n = board.n_sites

    def enclosed(w, what, origin, checked) -> list[int] | None:
        """The area reached from ``origin``, or None when it reaches the outer edge."""
        group = [origin]
        in_group = {origin}
        j = 0
        while j < len(group):
            for ray in rays[group[j]]:
                for y in ray:
                    if y in in_group:
                        continue
                    if w[y] == what:
                        break
                    group.append(y)
                    in_group.add(y)
                    checked.add(y)
                    if y in outer:
                        return None
            j += 1
        return group

    def ring(w, what, group) -> bool:
        in_group = set(group)
        loop: list[int] = []
        for x in group:
            for y in orth[x]:
                if y not in in_group and y not in loop:
                    loop.append(y)
        explored: list[int] = []
        prev = i = 0
        while loop:
            if i >= len(loop):
                return False
            x = loop[i]
            if w[x] != what:
                loop.remove(x)
                i = prev
                continue
            nxt = next((y for y in adj[x] if w[y] == what and y in loop), -1)
            if nxt < 0:
                loop.remove(x)
                if x in explored:
                    explored.remove(x)
                i = prev
                continue
            explored.append(x)
            if len(explored) == len(loop):
                return True
            prev = i
            i = loop.index(nxt)
        return False

    def test(s):
        start = s.to
        if not 0 <= start < n:
            return False
        w = s.what
        what = w[start]
        if not what:
            return False
        around = [y for y in adj[start] if w[y] != what and y not in outer]
        checked: set[int] = set()
        for origin in reversed(around):
            if origin in checked:
                continue
            group = enclosed(w, what, origin, checked)
            if group is not None and ring(w, what, group):
                return True
        return False

    return CondV(test)
