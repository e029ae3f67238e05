"""Graph operators that edit a built graph the way Ludii's do (``add``, ...): each takes
a freshly built graph, changes it in place, keeps the numbers of what was there and
numbers what it adds after it."""

from __future__ import annotations

import math

from ludeme.board.measure import point_in_polygon
from ludeme.board.tiling import Graph, Vertex
from ludeme.errors import LudemeError

Point = tuple[float, float]
TOLERANCE = 0.01  # Ludii's: a point this close to a vertex is that vertex


def vertex_at(g: Graph, pt: Point) -> Vertex | None:
    """The vertex at ``pt`` (within Ludii's tolerance), if any."""
    return _find(g, *pt)


def _find(g: Graph, x: float, y: float) -> Vertex | None:
    """The first vertex (by number) within Ludii's tolerance of (x, y)."""
    for v in g.vertices:
        if math.hypot(v.x - x, v.y - y) < TOLERANCE:
            return v
    return None


def _find_or_add(g: Graph, pt: Point) -> Vertex:
    return _find(g, *pt) or g.add_vertex(*pt)


def add(g: Graph, vertices: list[Point] = (), edges: list[tuple[Point, Point]] = (),
        edge_ids: list[tuple[int, int]] = (), faces: list[list[Point]] = (),
        face_ids: list[list[int]] = (), connect: bool = False) -> Graph:
    """Ludii's ``(add ...)``: new points (a point already there is not added twice),
    lines between points given by position or by vertex number, cells given by their
    corners, in that order; with ``connect``, each new point is joined to every point
    closer than 1.1 average lines. The faces are not found again: only the cells given
    are added."""
    new: list[Vertex] = []
    for pt in vertices:
        if _find(g, *pt) is None:
            new.append(g.add_vertex(*pt))
    for a, b in edges:
        va, vb = _find_or_add(g, a), _find_or_add(g, b)
        if va is not vb:
            g.find_or_add_edge(va, vb)
    g.link_edges()
    for pts in faces:
        vids = [_find_or_add(g, pt).id for pt in pts]
        for i, a in enumerate(vids):
            b = vids[(i + 1) % len(vids)]
            if a != b:
                g.find_or_add_edge(g.vertices[a], g.vertices[b])
        g.link_edges()
        _find_or_add_face(g, vids)
    n = len(g.vertices)
    for a, b in edge_ids:
        if not (0 <= a < n and 0 <= b < n) or a == b:
            raise LudemeError(f"edge {{{a} {b}}} needs two different vertices among 0 to "
                              f"{n - 1}")
        g.find_or_add_edge(g.vertices[a], g.vertices[b])
    g.link_edges()
    for vids in face_ids:
        if len(vids) < 3 or not all(0 <= v < n for v in vids):
            raise LudemeError(f"cell {{{' '.join(map(str, vids))}}} needs at least 3 "
                              f"vertices among 0 to {n - 1}")
        _find_or_add_face(g, vids)
    if connect and new:
        limit = 1.1 * g.average_edge_length()
        for a in new:
            for b in g.vertices:
                if a is not b and math.hypot(a.x - b.x, a.y - b.y) < limit:
                    g.find_or_add_edge(a, b)
        g.link_edges()
    g.link_faces(True)
    return g


def _find_or_add_face(g: Graph, vids: list[int]) -> None:
    key = frozenset(vids)
    if any(frozenset(v.id for v in f.vertices) == key for f in g.faces):
        return
    if g.add_face(vids) is None:
        raise LudemeError(f"cell {{{' '.join(map(str, vids))}}} has a side that is not a line")


def _crossing_point(a0: Point, a1: Point, b0: Point, b1: Point) -> Point | None:
    """Where two lines cross inside both (not within 1% of an end; Ludii's
    crossingPoint)."""
    xlk, ylk = a1[0] - a0[0], a1[1] - a0[1]
    xnm, ynm = b1[0] - b0[0], b1[1] - b0[1]
    xmk, ymk = b0[0] - a0[0], b0[1] - a0[1]
    det = xnm * ylk - ynm * xlk
    if abs(det) < 1e-7:
        return None
    s = (xnm * ymk - ynm * xmk) / det
    t = (xlk * ymk - ylk * xmk) / det
    if 0.01 < s < 0.99 and 0.01 < t < 0.99:
        return a0[0] + s * xlk, a0[1] + s * ylk
    return None


def _touches(p: Point, a: Point, b: Point) -> bool:
    """Whether point p lies on line a-b away from its ends (Ludii's touchingPoint)."""
    if math.dist(p, a) < 0.001 or math.dist(p, b) < 0.001:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    denom = dx * dx + dy * dy
    t = 0.0 if denom < 1e-7 else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / denom
    t = min(1.0, max(0.0, t))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy)) <= 0.001


class _Lines:
    """Points and lines as plain lists, for operators that cut lines (Ludii edits
    its edge list in place: removing a line renumbers the ones after it)."""

    def __init__(self, g: Graph):
        self.pts: list[Point] = [(v.x, v.y) for v in g.vertices]
        self.pivot: list[int | None] = [v.pivot.id if v.pivot is not None else None
                                        for v in g.vertices]
        self.lines: list[list] = [[e.a.id, e.b.id, e.curved] for e in g.edges]
        self.basis = g.basis

    def add_point(self, pt: Point, pivot: int | None) -> int:
        self.pts.append(pt)
        self.pivot.append(pivot)
        return len(self.pts) - 1

    def find_or_add_line(self, a: int, b: int) -> None:
        if not any({x[0], x[1]} == {a, b} for x in self.lines):
            self.lines.append([a, b, False])

    def pivot_of(self, line) -> int | None:
        pa, pb = self.pivot[line[0]], self.pivot[line[1]]
        return pb if pb is not None else pa

    def graph(self) -> Graph:
        g = Graph()
        g.basis = self.basis
        for pt in self.pts:
            g.add_vertex(*pt)
        for v, p in zip(g.vertices, self.pivot, strict=True):
            v.pivot = g.vertices[p] if p is not None else None
        for a, b, curved in self.lines:
            g.find_or_add_edge(g.vertices[a], g.vertices[b], curved)
        return g


def split_crossings(g: Graph) -> Graph:
    """Ludii's ``(splitCrossings ...)``: a point wherever two lines cross (numbered after
    the others; both lines cut in two), every line cut at each point lying on it, then
    the cells found again."""
    w = _Lines(g)
    split = True
    while split:
        split = False
        for ea in range(len(w.lines)):
            la = w.lines[ea]
            pivot = w.pivot_of(la)
            for eb in range(ea + 1, len(w.lines)):
                lb = w.lines[eb]
                if pivot is None:
                    pivot = w.pivot[lb[0]] if w.pivot[lb[0]] is not None else w.pivot[lb[1]]
                x = _crossing_point(w.pts[la[0]], w.pts[la[1]], w.pts[lb[0]], w.pts[lb[1]])
                if x is None:
                    continue
                vid = w.add_point(x, pivot)
                del w.lines[eb]
                del w.lines[ea]
                for a, b in ((la[0], vid), (vid, la[1]), (lb[0], vid), (vid, lb[1])):
                    w.find_or_add_line(a, b)
                split = True
                break
            if split:
                break
    split = True
    while split:
        split = False
        for ea in range(len(w.lines)):
            la = w.lines[ea]
            pivot = w.pivot_of(la)
            for vid in range(len(w.pts)):
                if vid in (la[0], la[1]):
                    continue
                if not _touches(w.pts[vid], w.pts[la[0]], w.pts[la[1]]):
                    continue
                if pivot is not None:
                    w.pivot[vid] = pivot
                # Ludii removes the line by its number, again for each further point on
                # it (by then another line has that number): kept, to number as Ludii
                if ea < len(w.lines):
                    del w.lines[ea]
                w.find_or_add_line(la[0], vid)
                w.find_or_add_line(vid, la[1])
                split = True
            if split:
                break
    out = w.graph()
    out.basis = ""
    out.make_faces(True, check_crossings=True)
    return out


def make_faces(g: Graph) -> Graph:
    """Ludii's ``(makeFaces ...)``: the cells found again from the lines."""
    g.make_faces(True, check_crossings=True)
    return g


def renumber(g: Graph, types: tuple[str, ...] = ("Vertex", "Edge", "Cell")) -> Graph:
    """Ludii's ``(renumber ...)``: the elements of ``types`` numbered again by position,
    bottom row first, left to right."""
    g.reorder(types)
    return g


def dual(g: Graph) -> Graph:
    """Ludii's ``(dual ...)``: a point in the middle of each cell (numbered as the
    cells), a line between the points of every two cells that share a line, and the
    cells of that found again."""
    if not g.vertices or not g.edges or not g.faces:
        return g.copy()
    out = Graph()
    out.basis = "dual"
    for f in g.faces:
        out.add_vertex(f.x, f.y)
    for e in g.edges:
        if e.left is not None and e.right is not None:
            out.find_or_add_edge(out.vertices[e.left.id], out.vertices[e.right.id])
    out.make_faces(False)
    out.reorder()
    return out


def complete(g: Graph, each_cell: bool = False) -> Graph:
    """Ludii's ``(complete ...)``: every point joined to every other (the old lines
    dropped, the cells found again), or with ``each_cell`` the corners of each cell
    joined to each other."""
    if each_cell:
        for f in g.faces:
            for i, a in enumerate(f.vertices):
                for b in f.vertices[i + 1:]:
                    g.find_or_add_edge(a, b)
        g.link_edges()
        return g
    w = _Lines(g)
    w.lines = []
    n = len(w.pts)
    w.lines = [[a, b, False] for a in range(n) for b in range(a + 1, n)]
    out = w.graph()
    out.make_faces(True, check_crossings=True)
    return out


# -- polygons (Ludii's math.Polygon, for keep and hole) -----------------------------------
def _clockwise(a: Point, b: Point, c: Point) -> bool:
    return (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]) < 1e-7


def _unit(x: float, y: float, scale: float) -> Point:
    n = math.hypot(x, y)
    return (x / n * scale, y / n * scale) if n > 0 else (0.0, 0.0)


def inflate(poly: list[Point], amount: float = 0.1) -> list[Point]:
    """The polygon grown by ``amount`` at each corner (Ludii's Polygon.inflate, which
    keep and hole apply before testing points, so points on the outline are inside)."""
    n = len(poly)
    moves = []
    for i in range(n):
        a, b, c = poly[i], poly[(i + 1) % n], poly[(i + 2) % n]
        if _clockwise(a, b, c):
            vin = _unit(b[0] - a[0], b[1] - a[1], amount)
            vout = _unit(b[0] - c[0], b[1] - c[1], amount)
        else:
            vin = _unit(a[0] - b[0], a[1] - b[1], amount)
            vout = _unit(c[0] - b[0], c[1] - b[1], amount)
        moves.append(((vin[0] + vout[0]) * 0.5, (vin[1] + vout[1]) * 0.5))
    return [(p[0] + moves[i - 1][0], p[1] + moves[i - 1][1]) for i, p in enumerate(poly)]


def contains(poly: list[Point], pt: Point) -> bool:
    """Whether ``pt`` is inside the polygon (crossing count, Ludii's Polygon.contains)."""
    return point_in_polygon(pt[0], pt[1], poly)


def keep(g: Graph, poly: list[Point]) -> Graph:
    """Ludii's ``(keep shape (poly ...))``: only the points inside the polygon and the
    lines between them, renumbered in order; the cells found again."""
    area = inflate(poly)
    kept = [v for v in g.vertices if contains(area, (v.x, v.y))]
    out = Graph()
    out.basis = g.basis
    new = {v.id: out.add_vertex(v.x, v.y) for v in kept}
    for e in g.edges:
        if e.a.id in new and e.b.id in new:
            out.find_or_add_edge(new[e.a.id], new[e.b.id])
    out.make_faces(True)
    return out


def hole(g: Graph, poly: list[Point]) -> set[int]:
    """The cells Ludii's ``(hole shape (poly ...))`` removes: those whose middle is
    inside the polygon."""
    area = inflate(poly)
    return {f.id for f in g.faces if contains(area, (f.x, f.y))}


def skew(g: Graph, amount: float) -> Graph:
    """Ludii's ``(skew amount ...)``: each point moved right by ``amount`` times its
    height above the lowest point."""
    if not g.vertices:
        return g
    low = min(v.y for v in g.vertices)
    return g.transform(lambda x, y: (x + (y - low) * amount, y))


def subdivide(g: Graph, site_type: str, least: int = 1) -> Graph:
    """Ludii's ``(subdivide ... min:)``: a point in the middle of each cell of at least
    ``least`` sides (last cell first), joined to its corners; the cells found again on
    a cell board, none kept otherwise."""
    if site_type == "Vertex":
        g.make_faces(True, check_crossings=True)
    for f in reversed(list(g.faces)):
        if len(f.vertices) >= least:
            middle = g.add_vertex(f.x, f.y)
            for v in f.vertices:
                g.find_or_add_edge(middle, v)
    if site_type == "Cell":
        g.make_faces(True, check_crossings=True)
    else:
        g.faces = []
        for e in g.edges:
            e.left = e.right = None
        g.link_edges()
        g.link_faces(True)
    g.basis = ""
    return g
