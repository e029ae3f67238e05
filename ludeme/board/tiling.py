"""Planar graphs of vertices, edges and faces, built and numbered as Ludii builds them.

A board starts as a graph: generators (``square``, ``hex``, ``tri``...) place vertices
and join them with edges; faces (the cells) are found by walking around the edges;
then every kind of element is numbered by position, bottom row first and left to
right (Ludii's ``y * 100 + x`` order), so that site numbers match Ludii's.
"""

from __future__ import annotations

import math
import struct

from ludeme.errors import LudemeError

MAX_ELEMENTS = 20000  # more vertices than this is a mistake, not a game board
SQRT3 = math.sqrt(3.0)


class Vertex:
    __slots__ = ("id", "x", "y", "z", "edges", "faces", "props", "row", "col", "layer",
                 "label", "pivot")

    def __init__(self, vid: int, x: float, y: float, z: float = 0.0):
        # z is the height of a stacked layer (Ludii's pyramidal boards); every other
        # board is flat, z = 0
        self.id, self.x, self.y, self.z = vid, x, y, z
        self.edges: list[Edge] = []
        self.faces: list[Face] = []
        self.props = 0
        self.row = self.col = self.layer = 0
        self.label = ""
        self.pivot = None

    def other_edges(self, edge: Edge) -> list[Edge]:
        return [e for e in self.edges if e is not edge]


class Edge:
    __slots__ = ("id", "a", "b", "left", "right", "props", "row", "col", "layer", "label",
                 "x", "y", "z", "curved")

    def __init__(self, eid: int, a: Vertex, b: Vertex, curved: bool = False):
        self.id, self.a, self.b = eid, a, b
        self.left: Face | None = None
        self.right: Face | None = None
        self.props = 0
        self.row = self.col = self.layer = 0
        self.label = ""
        self.curved = curved
        self.x = (a.x + b.x) * 0.5
        self.y = (a.y + b.y) * 0.5
        self.z = (a.z + b.z) * 0.5

    def other(self, v: Vertex) -> Vertex:
        return self.b if v is self.a else self.a

    def other_face(self, f: Face) -> Face | None:
        if self.left is f:
            return self.right
        if self.right is f:
            return self.left
        return None

    def length(self) -> float:
        return math.hypot(self.a.x - self.b.x, self.a.y - self.b.y, self.a.z - self.b.z)


class Face:
    __slots__ = ("id", "vertices", "edges", "props", "row", "col", "layer", "label",
                 "x", "y", "z")

    def __init__(self, fid: int, vertices: list[Vertex], edges: list[Edge]):
        self.id = fid
        self.vertices = vertices
        self.edges = edges
        self.props = 0
        self.row = self.col = self.layer = 0
        self.label = ""
        n = len(vertices)
        self.x = sum(v.x for v in vertices) / n
        self.y = sum(v.y for v in vertices) / n
        self.z = sum(v.z for v in vertices) / n


def _angle(ax: float, ay: float, bx: float, by: float) -> float:
    return math.atan2(by - ay, bx - ax)


def segments_intersect(a0x: float, a0y: float, a1x: float, a1y: float,
                       b0x: float, b0y: float, b1x: float, b1y: float) -> bool:
    """Whether two line segments meet, ends included (Ludii's lineSegmentsIntersect)."""
    xlk, ylk = a1x - a0x, a1y - a0y
    xnm, ynm = b1x - b0x, b1y - b0y
    xmk, ymk = b0x - a0x, b0y - a0y
    det = xnm * ylk - ynm * xlk
    if abs(det) < 1e-7:
        return False
    s = (xnm * ymk - ynm * xmk) / det
    t = (xlk * ymk - ylk * xmk) / det
    return -1e-7 <= s <= 1.0000001 and -1e-7 <= t <= 1.0000001


def polygon_area(pts: list[tuple[float, float]]) -> float:
    area = 0.0
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        area += x0 * y1 - x1 * y0
    return area / 2.0


class Graph:
    """Vertices, edges and faces with Ludii's construction and numbering rules."""

    def __init__(self) -> None:
        self.vertices: list[Vertex] = []
        self.edges: list[Edge] = []
        self.faces: list[Face] = []
        self._vkey: dict[tuple[int, int], Vertex] = {}
        self._ekey: dict[tuple[int, int], Edge] = {}
        self.basis = ""   # "square", "hexagonal", "triangular", ... (for directions/labels)
        self.layered = False    # some vertex stands above the plane (stacked layers)

    # -- building --------------------------------------------------------------------
    @staticmethod
    def _key(x: float, y: float) -> tuple[int, int]:
        return (round(x * 1000), round(y * 1000))

    def find_vertex(self, x: float, y: float) -> Vertex | None:
        kx, ky = self._key(x, y)
        for dx in (0, -1, 1):
            for dy in (0, -1, 1):
                v = self._vkey.get((kx + dx, ky + dy))
                if v is not None and abs(v.x - x) < 0.01 and abs(v.y - y) < 0.01:
                    return v
        return None

    def add_vertex(self, x: float, y: float, z: float = 0.0) -> Vertex:
        if len(self.vertices) >= MAX_ELEMENTS:
            raise LudemeError(f"board has more than {MAX_ELEMENTS} vertices")
        v = Vertex(len(self.vertices), x, y, z)
        if z:
            self.layered = True
        self.vertices.append(v)
        self._vkey.setdefault(self._key(x, y), v)
        return v

    def find_or_add_vertex(self, x: float, y: float) -> Vertex:
        return self.find_vertex(x, y) or self.add_vertex(x, y)

    def find_edge(self, a: Vertex, b: Vertex) -> Edge | None:
        return self._ekey.get((min(a.id, b.id), max(a.id, b.id)))

    def find_or_add_edge(self, a: Vertex, b: Vertex, curved: bool = False) -> Edge:
        if a is b:
            raise LudemeError("an edge needs two different vertices")
        k = (min(a.id, b.id), max(a.id, b.id))
        e = self._ekey.get(k)
        if e is None:
            e = Edge(len(self.edges), a, b, curved)
            self.edges.append(e)
            self._ekey[k] = e
        return e

    def link_edges(self) -> None:
        """Each vertex's edges, sorted by the angle of the edge (as Ludii sorts them)."""
        for v in self.vertices:
            v.edges = []
        for e in self.edges:
            e.a.edges.append(e)
            e.b.edges.append(e)
        atan2 = math.atan2
        for v in self.vertices:
            vx, vy = v.x, v.y
            # the angle of the edge from v to its other end (``_angle``, inlined)
            v.edges.sort(key=lambda e, v=v, vx=vx, vy=vy: atan2(
                (e.b if e.a is v else e.a).y - vy, (e.b if e.a is v else e.a).x - vx))

    def link_faces(self, sort: bool = True) -> None:
        for v in self.vertices:
            v.faces = []
        for f in self.faces:
            for v in f.vertices:
                v.faces.append(f)
        if sort:
            for v in self.vertices:
                v.faces.sort(key=lambda f, v=v: _angle(v.x, v.y, f.x, f.y))

    def add_face(self, vids: list[int]) -> Face | None:
        verts = [self.vertices[i] for i in vids]
        ids = [v.id for v in verts]
        ekey = self._ekey
        edges = []
        for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
            e = ekey.get((a, b) if a < b else (b, a))       # find_edge, inlined
            if e is None:
                return None
            edges.append(e)
        f = Face(len(self.faces), verts, edges)
        for v, e in zip(verts, edges, strict=True):
            if e.a is v:
                e.right = f
            else:
                e.left = f
        self.faces.append(f)
        return f

    def crosses(self, a: Vertex, b: Vertex) -> bool:
        """Whether the line a-b crosses a line listed before it (Ludii's
        isEdgeCrossing: lines sharing an end point do not cross)."""
        for e in self.edges:
            if (e.a is a and e.b is b) or (e.a is b and e.b is a):
                return False
            if any(math.hypot(p.x - q.x, p.y - q.y) < 0.001
                   for p in (a, b) for q in (e.a, e.b)):
                continue
            if segments_intersect(a.x, a.y, b.x, b.y, e.a.x, e.a.y, e.b.x, e.b.y):
                return True
        return False

    def make_faces(self, sort_faces: bool = False, check_crossings: bool = False) -> None:
        """Find the faces: walk from each vertex along each edge, turning to the next
        edge around each vertex, and keep the closed clockwise walks (Ludii's rule).
        With ``check_crossings`` a walk stops at a line that crosses another."""
        self.link_edges()
        for e in self.edges:
            e.left = e.right = None
        self.faces = []
        seen: set[frozenset[int]] = set()
        # a walk is a sequence of states (vertex, edge it was reached by); every state
        # of a closed walk that visits each vertex once leads round the same walk, so
        # such states need not start a walk again (same faces, found in the same order)
        done: set[tuple[int, int]] = set()
        pos = [{e.id: i for i, e in enumerate(v.edges)} for v in self.vertices]
        for start in self.vertices:
            for first in start.edges:
                if (start.id, first.id) in done:
                    continue
                ids = [start.id]
                on = {start.id}
                states = [(start.id, first.id)]
                v, e = start, first
                closed = False
                while len(ids) <= 32:
                    edges = v.edges
                    e = edges[(pos[v.id][e.id] + 1) % len(edges)]
                    v = e.b if v is e.a else e.a
                    if v is start:
                        closed = e is first
                        if not closed:
                            closed = None       # round to the start by another edge
                        break
                    if v.id in on:
                        break
                    ids.append(v.id)
                    on.add(v.id)
                    states.append((v.id, e.id))
                    if check_crossings and self.crosses(self.vertices[ids[-2]], v):
                        break
                if closed is None:
                    closed = True
                    states = []                 # not a simple face walk: do not reuse
                if not closed or len(ids) < 3:
                    continue
                done.update(states)
                k = frozenset(ids)
                if k in seen:
                    continue
                pts = [(self.vertices[i].x, self.vertices[i].y) for i in ids]
                if polygon_area(pts) >= 0.0:
                    continue
                seen.add(k)
                self.add_face(ids)
        self.link_faces(sort_faces)

    def reorder(self, types: tuple[str, ...] = ("Vertex", "Edge", "Cell")) -> None:
        """Number every kind of element (of ``types``) bottom row first, left to right."""
        for items in (self.elements(t) for t in ("Vertex", "Edge", "Cell") if t in types):
            items.sort(key=lambda g: round(g.y * 100.0 + g.x, 6))
            for i, g in enumerate(items):
                g.id = i
        self._vkey = {}
        for v in self.vertices:
            self._vkey.setdefault(self._key(v.x, v.y), v)
        self._ekey = {(min(e.a.id, e.b.id), max(e.a.id, e.b.id)): e for e in self.edges}

    def average_edge_length(self) -> float:
        if not self.edges:
            return 0.0
        return sum(e.length() for e in self.edges) / len(self.edges)

    def elements(self, t: str) -> list:
        return {"Vertex": self.vertices, "Edge": self.edges, "Cell": self.faces}[t]

    # -- whole-graph transforms --------------------------------------------------------
    def copy(self) -> Graph:
        g = Graph()
        g.basis = self.basis
        for v in self.vertices:
            g.add_vertex(v.x, v.y, v.z)
        g._copy_pivots(self)
        for e in self.edges:
            g.find_or_add_edge(g.vertices[e.a.id], g.vertices[e.b.id], e.curved)
        for f in self.faces:
            g.faces.append(Face(len(g.faces), [g.vertices[v.id] for v in f.vertices],
                                [g.edges[e.id] for e in f.edges]))
        return g

    def transform(self, fn) -> Graph:
        """A copy with every vertex moved by ``fn(x, y) -> (x, y)``; faces kept."""
        g = Graph()
        g.basis = self.basis
        for v in self.vertices:
            g.add_vertex(*fn(v.x, v.y), v.z)
        g._copy_pivots(self)
        for e in self.edges:
            g.find_or_add_edge(g.vertices[e.a.id], g.vertices[e.b.id], e.curved)
        g._refaces(self)
        return g

    def _copy_pivots(self, src: Graph) -> None:
        """Each vertex's pivot (the centre a circular part turns about), by number."""
        for v, w in zip(self.vertices, src.vertices, strict=False):
            if w.pivot is not None:
                v.pivot = self.vertices[w.pivot.id]

    def _refaces(self, src: Graph) -> None:
        self.link_edges()
        for f in src.faces:
            self.add_face([v.id for v in f.vertices])
        self.link_faces(True)
        self.duplicate = getattr(src, "duplicate", {})


def check_dims(*dims: int) -> None:
    for d in dims:
        if d < 1:
            raise LudemeError(f"board dimension {d} must be at least 1")
    if math.prod(dims) > 4096 * 4:
        raise LudemeError(f"board of {' x '.join(map(str, dims))} is too large")


def _finish(g: Graph, basis: str, sort_faces: bool = False) -> Graph:
    g.basis = basis
    g.make_faces(sort_faces)
    g.reorder()
    return g


def _unit_edges(g: Graph, unit: float = 1.0) -> None:
    """Join every two vertices ``unit`` apart (how Ludii links hex and tri lattices)."""
    vs = g.vertices
    cells: dict[tuple[int, int], list[Vertex]] = {}
    for v in vs:
        cells.setdefault((math.floor(v.x / unit), math.floor(v.y / unit)), []).append(v)
    for a in vs:
        cx, cy = math.floor(a.x / unit), math.floor(a.y / unit)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for b in cells.get((cx + dx, cy + dy), ()):
                    if b.id > a.id and abs(math.hypot(a.x - b.x, a.y - b.y) - unit) < 0.01:
                        g.find_or_add_edge(a, b)


# -- square tiling ---------------------------------------------------------------------
DIAGONALS = ("Alternating", "Solid", "Concentric", "Radiating")


def rectangle(rows: int, cols: int, site_type: str = "Cell",
              diagonals: str | None = None, pyramidal: bool = False) -> Graph:
    """``rows`` x ``cols`` squares (Ludii's ``(rectangle r c)``/``(square n)``): on a
    vertex board the numbers count vertices, on a cell board cells. ``pyramidal``
    stacks layers of points on it, each in the hollows of the one below."""
    check_dims(rows, cols)
    extra = 1 if site_type == "Cell" else 0
    rows, cols = rows + extra, cols + extra
    g = Graph()
    for r in range(rows):
        for c in range(cols):
            g.add_vertex(float(c), float(r))
    for r in range(rows):
        for c in range(cols):
            a = g.vertices[r * cols + c]
            if c + 1 < cols:
                g.find_or_add_edge(a, g.vertices[r * cols + c + 1])
            if r + 1 < rows:
                g.find_or_add_edge(a, g.vertices[(r + 1) * cols + c])
    if diagonals:
        _diagonals(g, rows - 1, cols - 1, diagonals)
    if pyramidal:
        _pyramid(g, rows, cols)
    return _finish(g, "square")


def _pyramid(g: Graph, rows: int, cols: int) -> None:
    """Ludii's pyramidal layers: layer k has (rows - k) x (cols - k) points, shifted by
    half a square each way and raised by k / sqrt(2), so that each rests on the four
    below it at distance 1; then every two points 1 apart (in space) are joined, in the
    order Ludii joins them."""
    dz = 1.0 / math.sqrt(2.0)
    for layer in range(1, rows):
        off = layer * 0.5
        for r in range(rows - layer):
            for c in range(cols - layer):
                g.add_vertex(off + c, off + r, layer * dz)
    vs = g.vertices
    for a in vs:
        for b in vs:
            if a is not b and abs(math.dist((a.x, a.y, a.z), (b.x, b.y, b.z)) - 1.0) < 0.05:
                g.find_or_add_edge(a, b)


def _diagonals(g: Graph, rows: int, cols: int, kind: str) -> None:
    """Ludii's diagonal lines on a grid of ``rows`` x ``cols`` squares."""
    fv = g.find_vertex
    # Ludii measures the middle in points (rows + 1 of them), rounding down
    mid_r, mid_c = (rows + 1) // 2, (cols + 1) // 2
    if kind == "Radiating":
        # lines from the middle point out along the four diagonals (Ludii passes the
        # row as x and the column as y here; the same on a square board)
        for n in range(max(mid_r, mid_c) + 1):
            for dr, dc in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
                a = fv(mid_r + n * dr, mid_c + n * dc)
                b = fv(mid_r + (n + 1) * dr, mid_c + (n + 1) * dc)
                if a and b:
                    g.find_or_add_edge(a, b)
        return
    for r in range(rows + 1):
        for c in range(cols + 1):
            a, b, cc, d = fv(c, r), fv(c, r + 1), fv(c + 1, r + 1), fv(c + 1, r)
            if not (a and b and cc and d):
                continue
            if kind == "Alternating":
                if (r + c) % 2 == 0:
                    g.find_or_add_edge(a, cc)
                else:
                    g.find_or_add_edge(b, d)
            elif kind == "Solid":
                x = g.find_or_add_vertex(c + 0.5, r + 0.5)
                for corner in (a, b, cc, d):
                    g.find_or_add_edge(corner, x)
            elif kind == "Concentric":
                if (r < mid_r) == (c < mid_c):
                    g.find_or_add_edge(b, d)
                else:
                    g.find_or_add_edge(a, cc)
            else:
                raise LudemeError(f"diagonals:{kind} is not supported yet")


# -- hexagonal tiling -----------------------------------------------------------------
_UX = SQRT3 / 2.0
# corners of a pointy-top hexagon of circumradius 1 (Ludii's Hex.ref, as (x, y))
_HEX_REF = ((0.0, 1.0), (_UX, 0.5), (_UX, -0.5), (0.0, -1.0), (-_UX, -0.5), (-_UX, 0.5))


def _f32(v: float) -> float:
    """``v`` as a 32-bit float: Ludii's generators store their points that way, and the
    rounding decides near ties when rows and columns are clustered."""
    return struct.unpack("f", struct.pack("f", v))[0]


def _hex_xy(row: int, col: int) -> tuple[float, float]:
    return (SQRT3 * (col - 0.5 * row), 1.5 * row)


def _hex_from_centres(centres: list[tuple[float, float]], flat: bool = False) -> Graph:
    g = Graph()
    for cx, cy in centres:
        corners = []
        for rx, ry in _HEX_REF:
            x, y = (cx + ry, cy + rx) if flat else (cx + rx, cy + ry)
            corners.append(g.find_or_add_vertex(_f32(x), _f32(y)))
        for i in range(6):
            g.find_or_add_edge(corners[i], corners[(i + 1) % 6])
    return g


def hex_hexagon(n: int) -> Graph:
    check_dims(n, n)
    rows = cols = 2 * n - 1
    centres = [_hex_xy(r, c) for r in range(rows) for c in range(cols)
               if c <= cols // 2 + r and r - c <= cols // 2]
    return _finish(_hex_from_centres(centres), "hexagonal")


def hex_diamond(rows: int, cols: int | None = None) -> Graph:
    """A rhombus (or, with two sizes, a prism) of flat-top hexagons, as Ludii's Hex."""
    prism = cols is not None
    cols = cols if prism else rows
    check_dims(rows, cols)
    max_r = rows + cols - 1 if prism else rows
    max_c = rows + cols - 1 if prism else cols
    centres = [(1.5 * (c - r), SQRT3 * (r + c) * 0.5) for r in range(max_r) for c in range(max_c)
               if not prism or abs(r - c) < rows]
    return _finish(_hex_from_centres(centres, flat=True), "hexagonal", sort_faces=True)


def hex_star(d: int) -> Graph:
    """Ludii's ``(hex Star d)``: a six-pointed star of hexagons (a hexagon of side
    ``d + 1`` with a triangle of side ``d`` on each side), numbered by position."""
    check_dims(d, d)
    size = 4 * d + 1
    centres = []
    for r in range(size):
        for c in range(size):
            if r < d:
                keep = c >= d and c - r <= d
            elif r <= 2 * d:
                keep = r - c <= d and c < size - d
            elif r <= 3 * d:
                keep = c >= d and c - r <= d
            else:
                keep = c <= 3 * d and r - c <= d
            if keep:
                centres.append(_hex_xy(r, c))
    return _finish(_hex_from_centres(centres), "hexagonal")


def hex_rectangle(rows: int, cols: int) -> Graph:
    check_dims(rows, cols)
    # Ludii's rows alternate: ``cols`` hexagons on even rows, one fewer on odd rows
    centres = [_hex_xy(r, c) for r in range(rows)
               for c in range((r + 1) // 2, cols + r // 2)]
    return _finish(_hex_from_centres(centres), "hexagonal", sort_faces=True)


def hex_triangle(n: int) -> Graph:
    check_dims(n, n)
    centres = [_hex_xy(r, c) for r in range(n) for c in range(n) if c >= r]
    return _finish(_hex_from_centres(centres), "hexagonal", sort_faces=True)


def _outline(sides: list[int], xy) -> list[tuple[float, float]]:
    """Ludii's outline of a hexhex or trihex from its side lengths: from (0, 0), each
    side walks that many cells (or points) in the next of six lattice directions, turning
    left for a positive length and right for a negative one."""
    if not sides or any(abs(n) > 1000 for n in sides):
        raise LudemeError("side lengths go up to 1000")
    if any(n == 0 for n in sides):
        raise LudemeError("a side of length 0")
    turns = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
    step, row, col = 1, 0, 0
    outline = [xy(row, col)]
    for n in range(max(5, len(sides))):
        length = sides[n % len(sides)]
        length += 1 if length < 0 else -1
        step = (step + (-1 if length < 0 else 1) + 6) % 6
        if length > 0:
            row += length * turns[step][0]
            col += length * turns[step][1]
            outline.append(xy(row, col))
    return outline


def _inside(outline: list[tuple[float, float]], xy) -> list[tuple[float, float]]:
    """The lattice points ``xy(r, c)`` inside the outline grown by 0.1, row by row (Ludii
    takes the outline's x and y bounds as its column and row range)."""
    from ludeme.board.operators import contains, inflate

    area = inflate(outline)
    xs, ys = [p[0] for p in area], [p[1] for p in area]
    return [xy(r, c) for r in range(int(min(ys)) - 2, int(max(ys)) + 3)
            for c in range(int(min(xs)) - 2, int(max(xs)) + 3) if contains(area, xy(r, c))]


def hex_custom(sides: list[int]) -> Graph:
    """Ludii's hexhex with sides of the given lengths in turn (``(hex Limping n)`` is
    sides n and n + 1): every hexagon whose middle is inside the outline."""
    centres = _inside(_outline(sides, _hex_xy), _hex_xy)
    if not centres:
        raise LudemeError("these sides enclose no hexagon")
    return _finish(_hex_from_centres(centres), "hexagonal")


def tri_custom(sides: list[int]) -> Graph:
    """Ludii's trihex with sides of the given lengths in turn (``(tri {4 6 4 7 4})``,
    ``(tri Limping n)``): the lattice points inside the outline, joined 1 apart."""
    pts = _inside(_outline(sides, _tri_xy), _tri_xy)
    if len(pts) < 3:
        raise LudemeError("these sides enclose no triangle")
    g = Graph()
    for x, y in pts:
        g.add_vertex(x, y)
    _unit_edges(g)
    return _finish(g, "triangular")


# -- semi-regular tilings ----------------------------------------------------------------
def _from_points(pts: list[tuple[float, float]], basis: str) -> Graph:
    """Ludii's graph from a list of points: each point once (a later one within 0.1 of an
    earlier one is the same), stored as 32-bit floats, lines between points 1 apart."""
    kept: list[tuple[float, float]] = []
    grid: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for x, y in pts:
        kx, ky = math.floor(x * 10), math.floor(y * 10)
        if not any(math.hypot(p[0] - x, p[1] - y) < 0.1
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   for p in grid.get((kx + dx, ky + dy), ())):
            grid.setdefault((kx, ky), []).append((x, y))
            kept.append((x, y))
    g = Graph()
    for x, y in kept:
        g.add_vertex(_f32(x), _f32(y))
    _unit_edges(g)
    return _finish(g, basis)


def t3464_hexagon(n: int) -> Graph:
    """Ludii's ``(tiling T3464 n)``: the rhombitrihexagonal tiling (hexagons, squares and
    triangles, every corner 3.4.6.4) on a hexagon of ``n`` hexagons a side."""
    check_dims(n, n)
    uy = SQRT3 / 2.0
    ref = [(-0.5, uy), (0.5, uy), (1.0, 0.0), (0.5, -uy), (-0.5, -uy), (-1.0, 0.0)]
    h = (1.0 + SQRT3 / 2.0) / math.cos(math.radians(15.0))
    ref += [(h * math.cos(math.radians(15 + k * 30)), h * math.sin(math.radians(15 + k * 30)))
            for k in range(12)]
    hx, hy = 1.0 + SQRT3, (3.0 + SQRT3) / 2.0
    size = 2 * n - 1
    pts = []
    for r in range(size):
        for c in range(size):
            if c <= size // 2 + r and r - c <= size // 2:
                cx, cy = hy * (c - r), hx * (r + c) * 0.5
                pts += [(cx + dx, cy + dy) for dx, dy in ref]
    return _from_points(pts, "T3464")


def t33336_hexagon(n: int) -> Graph:
    """Ludii's ``(tiling T33336 n)``: the snub hexagonal tiling (each hexagon ringed by
    triangles, every corner 3.3.3.3.6) on a hexagon of ``n`` hexagons a side."""
    check_dims(n, n)
    uy = SQRT3 / 2.0
    ref = [(-0.5, uy), (0.5, uy), (1.0, 0.0), (0.5, -uy), (-0.5, -uy), (-1.0, 0.0),
           (-1.0, 2 * uy), (0.0, 2 * uy), (1.0, 2 * uy), (1.5, uy), (2.0, 0.0), (1.5, -uy),
           (1.0, -2 * uy), (0.0, -2 * uy), (-1.0, -2 * uy), (-1.5, -uy), (-2.0, 0.0),
           (-1.5, uy)]
    size = 2 * n - 1
    pts = []
    for r in range(size):
        for c in range(size):
            if abs(r - c) <= size // 2:
                cx, cy = c * 5 * 0.5 - r * 4 * 0.5, r * 2 * uy + c * uy
                pts += [(cx + dx, cy + dy) for dx, dy in ref]
    return _from_points(pts, "T33336")


# -- triangular tiling ----------------------------------------------------------------
def _tri_xy(row: int, col: int) -> tuple[float, float]:
    return (_f32(col - 0.5 * row), _f32(SQRT3 / 2.0 * row))


def tri_triangle(n: int, site_type: str = "Cell") -> Graph:
    check_dims(n, n)
    d = n + (1 if site_type == "Cell" else 0)
    g = Graph()
    for r in range(d):
        for c in range(d):
            if r <= c:
                g.add_vertex(*_tri_xy(r, c))
    _unit_edges(g)
    return _finish(g, "triangular", sort_faces=True)


def tri_hexagon(n: int, site_type: str = "Cell") -> Graph:
    check_dims(n, n)
    d = n + (1 if site_type == "Cell" else 0)
    rows = cols = 2 * d - 1
    g = Graph()
    for r in range(rows):
        for c in range(cols):
            if c <= cols // 2 + r and r - c <= cols // 2:
                g.add_vertex(*_tri_xy(r, c))
    _unit_edges(g)
    return _finish(g, "triangular")


def tri_diamond(n: int, site_type: str = "Cell") -> Graph:
    check_dims(n, n)
    d = n + (1 if site_type == "Cell" else 0)
    g = Graph()
    for r in range(d):
        for c in range(d):
            g.add_vertex(*_tri_xy(r, c + r))
    _unit_edges(g)
    return _finish(g, "triangular", sort_faces=True)


# -- shapes without a tiling ------------------------------------------------------------
def wedge(rows: int, cols: int = 3) -> Graph:
    """Ludii's ``(wedge rows columns)``: a point at the top (the pivot of every vertex)
    with ``cols`` lines fanning down through ``rows - 1`` rows of ``cols`` points, each
    row joined across. Points are numbered from the top, left to right; no cells."""
    check_dims(rows, cols)
    if cols < 2:
        raise LudemeError("a wedge needs at least 2 columns")
    g = Graph()
    mid = rows - 1
    pivot = g.add_vertex(float(mid), float(mid))
    for r in range(1, rows):
        left, right = mid - r, mid + r
        for c in range(cols):
            t = c / (cols - 1)
            g.add_vertex(left + t * (right - left), float(mid - r))
    vs = g.vertices
    for c in range(cols):
        if rows > 1:
            g.find_or_add_edge(vs[0], vs[c + 1])
    for r in range(1, rows):
        first = (r - 1) * cols + 1
        for c in range(cols - 1):
            g.find_or_add_edge(vs[first + c], vs[first + c + 1])
        if r < rows - 1:
            for c in range(cols):
                g.find_or_add_edge(vs[first + c], vs[first + cols + c])
    for v in vs:
        v.pivot = pivot
    g.link_edges()
    return g


def polygon(sides: int, star: bool = False, site_type: str = "Cell") -> Graph:
    """Ludii's ``(shape n)``: a regular polygon of ``n`` points on a circle of
    circumference ``n`` (a square stands on a side, other polygons on a point), or with
    ``star`` each point joined to the ones (n-1)/2 further round; cells only on a cell
    board; numbered by position."""
    if not 3 <= sides <= 1000:
        raise LudemeError(f"a shape of {sides} sides")
    g = Graph()
    r = sides / (2 * math.pi)
    offset = math.pi / 4 if sides == 4 else math.pi / 2
    for n in range(sides):
        theta = offset + n / sides * 2.0 * math.pi
        g.add_vertex(r * math.cos(theta), r * math.sin(theta))
    jump = (sides - 1) // 2 if star else 1
    for n in range(sides):
        g.find_or_add_edge(g.vertices[n], g.vertices[(n + jump) % sides])
    if site_type == "Cell":
        g.make_faces(True, check_crossings=True)
    g.link_edges()
    g.reorder()
    return g


def repeat(rows: int, cols: int, step_col: tuple[float, float], step_row: tuple[float, float],
           polygons: list[list[tuple[float, float]]]) -> Graph:
    """Ludii's ``(repeat rows columns step:{{cx cy} {rx ry}} polygons)``: the polygons'
    outlines drawn at every ``col * step_col + row * step_row`` (points within 0.01 are
    one), the cells found and everything numbered by position."""
    check_dims(rows, cols)
    if rows * cols * sum(len(p) for p in polygons) > MAX_ELEMENTS:
        raise LudemeError("this repeat has too many points")
    g = Graph()
    for r in range(rows):
        for c in range(cols):
            rx = c * step_col[0] + r * step_row[0]
            ry = c * step_col[1] + r * step_row[1]
            for poly in polygons:
                for n, (ax, ay) in enumerate(poly):
                    bx, by = poly[(n + 1) % len(poly)]
                    va = g.find_or_add_vertex(rx + ax, ry + ay)
                    vb = g.find_or_add_vertex(rx + bx, ry + by)
                    if va is not vb:
                        g.find_or_add_edge(va, vb)
    return _finish(g, "")


def _spiral_base(turns: int, sites: int) -> int:
    """Ludii's number of points on the spiral's first turn (the turns after the first
    two have four times as many)."""
    for base in range(1, sites):
        steps, total, ring = base, 1, 1
        while ring < turns:
            total += steps
            if total > sites:
                return base - 1
            if ring <= 2:
                steps *= 2
            ring += 1
    raise LudemeError(f"no spiral of {turns} turns has {sites} points")


def spiral(turns: int, sites: int, clockwise: bool = True) -> Graph:
    """Ludii's ``(spiral turns:t sites:n)``: ``n`` points (the centre first) along an
    Archimedean spiral of ``t`` turns, each joined to the next by a curved line; every
    point's pivot is the centre. No cells."""
    if not 1 <= turns <= 100 or not 2 <= sites <= MAX_ELEMENTS:
        raise LudemeError(f"a spiral of {turns} turns and {sites} points")
    base = _spiral_base(turns, sites)
    thetas = [0.0] * (4 * sites)
    index, steps = 1, base
    for ring in range(1, turns + 2):
        if steps == 0:
            raise LudemeError(f"no spiral of {turns} turns has {sites} points")
        d_theta = 2 * math.pi / steps
        theta = 2 * math.pi * ring
        if ring <= 2 or ring % 2 == 1:
            theta -= d_theta / 2.0
        if index + steps > len(thetas):
            raise LudemeError(f"no spiral of {turns} turns has {sites} points")
        for _ in range(steps):
            thetas[index] = theta
            index += 1
            theta += d_theta
        if ring <= 2:
            steps *= 2
    if index <= sites:
        raise LudemeError(f"no spiral of {turns} turns has {sites} points")
    for _ in range(2):   # Ludii smooths the spacing twice, in place
        for vid in range(2, sites):
            thetas[vid] = (thetas[vid - 1] + thetas[vid + 1]) / 2.0
    thetas[1] -= 0.5 * (thetas[2] - thetas[1])
    g = Graph()
    pivot = g.add_vertex(0.0, 0.0)
    for vid in range(1, sites):
        t = thetas[vid]
        g.add_vertex(-t * math.cos(t) if clockwise else t * math.cos(t), t * math.sin(t))
    vs = g.vertices
    for vid in range(len(vs) - 1):
        g.find_or_add_edge(vs[vid], vs[vid + 1], curved=True)
    for v in vs:
        v.pivot = pivot
    g.basis = "spiral"
    g.link_edges()
    return g


def morris(rings: int, join_corners: bool = False) -> Graph:
    """Ludii's ``(morris rings)``: ``rings`` nested squares of 8 points each (corners,
    then side middles), the middles joined ring to ring (and the corners with
    ``joinCorners``), numbered by position; no cells."""
    check_dims(rings, rings)
    g = Graph()
    top = 2 * rings
    for ring in range(rings):
        lo, hi = ring, top - ring
        mid = 0.5 * (lo + hi)
        for x, y in ((lo, lo), (lo, hi), (hi, hi), (hi, lo),
                     (lo, mid), (mid, hi), (hi, mid), (mid, lo)):
            g.add_vertex(float(x), float(y))
        vs, base = g.vertices, 8 * ring
        for n in range(4):
            g.find_or_add_edge(vs[base + n], vs[base + n + 4])
            g.find_or_add_edge(vs[base + n + 4], vs[base + (n + 1) % 4])
            if ring > 0:
                g.find_or_add_edge(vs[base + n + 4], vs[base + n - 4])
                if join_corners:
                    g.find_or_add_edge(vs[base + n], vs[base + n - 8])
    g.basis = "morris"
    g.reorder()
    g.link_edges()
    return g


def circle(cells_per_ring: list[int], stagger: bool = False, site_type: str = "Cell") -> Graph:
    """Ludii's ``(circle {n1 n2 ...})``: rings of ``n`` cells about a centre point (the
    pivot of every vertex), ring ``r`` between radii r - 1/2 and r + 1/2; points are
    numbered as made, spoke by spoke clockwise from the top, the rings' lines are arcs.
    ``stagger`` turns every other ring by half a cell. Cells only on a cell board."""
    for n in cells_per_ring:
        if n < 0:
            raise LudemeError(f"a ring of {n} cells")
    if sum(cells_per_ring) > MAX_ELEMENTS:
        raise LudemeError("this circle has too many cells")
    g = Graph()
    pivot = g.add_vertex(0.0, 0.0)
    rings = len(cells_per_ring)
    samples: list[list[tuple[float, float, float]]] = [[] for _ in range(rings + 1)]

    def spokes(ring: int):
        n = cells_per_ring[ring]
        r_in, r_out = max(0.0, ring - 0.5), ring + 0.5
        offset = math.pi * 2 / n / 2 if stagger and ring % 2 == 1 and n else 0.0
        if n < 2:
            return
        for step in range(n):
            theta = math.pi / 2 + offset - 2 * math.pi * step / n
            c, s_ = math.cos(theta), math.sin(theta)
            yield theta, (r_in * c, r_in * s_), (r_out * c, r_out * s_)

    for ring in range(rings):
        for theta, inner, outer in spokes(ring):
            samples[ring].append((*inner, theta))
            samples[ring + 1].append((*outer, theta))
            g.find_or_add_vertex(*inner)
            g.find_or_add_vertex(*outer)
    for ring in range(rings + 1):
        ring_samples = sorted(samples[ring], key=lambda smp: smp[2])
        for n in range(len(ring_samples) - 1, 0, -1):
            a, b = ring_samples[n], ring_samples[n - 1]
            if math.hypot(a[0] - b[0], a[1] - b[1]) < 0.1:
                del ring_samples[n]
        size = len(ring_samples)
        if size > 1:
            for n in range(size):
                a, b = ring_samples[n], ring_samples[(n + 1) % size]
                va, vb = g.find_or_add_vertex(a[0], a[1]), g.find_or_add_vertex(b[0], b[1])
                if va is not vb:
                    g.find_or_add_edge(va, vb, curved=True)
    for ring in range(rings):
        for _theta, inner, outer in spokes(ring):
            va, vb = g.find_or_add_vertex(*inner), g.find_or_add_vertex(*outer)
            if va is not vb:
                g.find_or_add_edge(va, vb)
    for v in g.vertices:
        v.pivot = pivot
    g.basis = "circle"
    if site_type == "Cell":
        g.make_faces(True)
    else:
        g.link_edges()
    return g


# -- operators -------------------------------------------------------------------------
# Ludii's operators keep the numbering of what they are given: shift, scale and rotate
# move the points; merge and union number the parts one after the other.

# Their amounts are Ludii FloatFunctions: a description's number reaches the geometry
# as a 32-bit float (1.414 is 1.41400003...), and that rounding breaks exact ties (two
# cells on one line from a third) the way Ludii does.

def shift(g: Graph, dx: float, dy: float) -> Graph:
    dx, dy = _f32(dx), _f32(dy)
    return g.transform(lambda x, y: (x + dx, y + dy))


def scale(g: Graph, sx: float, sy: float) -> Graph:
    sx, sy = _f32(sx), _f32(sy)
    return g.transform(lambda x, y: (x * sx, y * sy))


def rotate(g: Graph, degrees: float) -> Graph:
    """Rotate counter-clockwise about the centre of the points' bounding box."""
    if not g.vertices:
        return g.copy()
    xs = [v.x for v in g.vertices]
    ys = [v.y for v in g.vertices]
    mx, my = min(xs) + (max(xs) - min(xs)) / 2, min(ys) + (max(ys) - min(ys)) / 2
    t = math.radians(_f32(degrees))
    c, s = math.cos(t), math.sin(t)
    return g.transform(lambda x, y: (mx + (x - mx) * c - (y - my) * s,
                                     my + (y - my) * c + (x - mx) * s))


def merge(graphs: list[Graph]) -> Graph:
    """The parts one after the other, coincident points joined (the first one stays),
    repeated lines dropped, and the faces found again (Ludii's merge)."""
    pts: list[tuple[float, float]] = []
    lines: list[tuple[int, int]] = []
    pivots: list[tuple[float, float] | None] = []
    for src in graphs:
        base = len(pts)
        pts += [(v.x, v.y) for v in src.vertices]
        pivots += [(v.pivot.x, v.pivot.y) if v.pivot is not None else None
                   for v in src.vertices]
        lines += [(base + e.a.id, base + e.b.id) for e in src.edges]
    alias = list(range(len(pts)))
    keep: list[int] = []
    grid: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(pts):
        kx, ky = round(x * 10), round(y * 10)
        found = None
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in grid.get((kx + dx, ky + dy), ()):
                    if abs(pts[j][0] - x) < 0.01 and abs(pts[j][1] - y) < 0.01:
                        found = j if found is None else min(found, j)
        if found is None:
            grid.setdefault((kx, ky), []).append(i)
            keep.append(i)
        else:
            alias[i] = found
    g = Graph()
    g.basis = graphs[0].basis if len({x.basis for x in graphs}) == 1 else ""
    vmap = {}
    for i in keep:
        vmap[i] = g.add_vertex(*pts[i])
    for i in keep:
        if pivots[i] is not None:
            vmap[i].pivot = g.find_vertex(*pivots[i])
    for a, b in lines:
        va, vb = vmap[alias[a]], vmap[alias[b]]
        if va is not vb:
            g.find_or_add_edge(va, vb)
    g.make_faces(True)
    return g


def intersect(graphs: list[Graph]) -> Graph:
    """Ludii's ``(intersect {...})``: the points of the first graph that every other
    graph also has (within 0.01), the lines of the first that every other also has, in
    the first's order, and the cells of those lines."""
    if len(graphs) == 1:
        return graphs[0]

    def near(ax: float, ay: float, bx: float, by: float) -> bool:
        return abs(ax - bx) + abs(ay - by) < 0.01

    def has_point(g: Graph, v: Vertex) -> bool:
        return any(near(v.x, v.y, w.x, w.y) for w in g.vertices)

    def has_line(g: Graph, e: Edge) -> bool:
        return any((near(e.a.x, e.a.y, o.a.x, o.a.y) and near(e.b.x, e.b.y, o.b.x, o.b.y))
                   or (near(e.a.x, e.a.y, o.b.x, o.b.y) and near(e.b.x, e.b.y, o.a.x, o.a.y))
                   for o in g.edges)

    first, others = graphs[0], graphs[1:]
    out = Graph()
    vmap = {v.id: out.add_vertex(v.x, v.y) for v in first.vertices
            if all(has_point(g, v) for g in others)}
    for e in first.edges:
        if all(has_line(g, e) for g in others) and e.a.id in vmap and e.b.id in vmap:
            out.find_or_add_edge(vmap[e.a.id], vmap[e.b.id])
    out.make_faces(True)
    return out


def union(graphs: list[Graph], connect: bool = False) -> Graph:
    """The parts one after the other, nothing joined (Ludii's union); with ``connect``,
    points closer than 1.1 average lines are joined and the faces found again."""
    g = Graph()
    g.basis = graphs[0].basis if len({x.basis for x in graphs}) == 1 else ""
    for src in graphs:
        vbase = len(g.vertices)
        for v in src.vertices:
            g.add_vertex(v.x, v.y)
        ebase = len(g.edges)
        for e in src.edges:
            ne = Edge(len(g.edges), g.vertices[vbase + e.a.id], g.vertices[vbase + e.b.id])
            g.edges.append(ne)
        for f in src.faces:
            g.faces.append(Face(len(g.faces), [g.vertices[vbase + v.id] for v in f.vertices],
                                [g.edges[ebase + e.id] for e in f.edges]))
    g._ekey = {}
    for e in g.edges:
        g._ekey.setdefault((min(e.a.id, e.b.id), max(e.a.id, e.b.id)), e)
    g.link_edges()
    for f in g.faces:
        for v, e in zip(f.vertices, f.edges, strict=True):
            if e.a is v:
                e.right = f
            else:
                e.left = f
    g.link_faces(True)
    if connect:
        limit = 1.1 * g.average_edge_length()
        vs = g.vertices
        for a in vs:
            for b in vs:
                if a is not b and math.hypot(a.x - b.x, a.y - b.y) < limit:
                    g.find_or_add_edge(a, b)
        g.make_faces(True)
    return g


def custom(pts: list[tuple[float, float]], lines: list[tuple[int, int]]) -> Graph:
    """Points and lines given one by one (Ludii's ``(graph vertices:... edges:...)``):
    numbered as given, faces found from the lines."""
    g = Graph()
    for x, y in pts:
        g.add_vertex(_f32(x), _f32(y))
    for a, b in lines:
        if not (0 <= a < len(pts) and 0 <= b < len(pts)) or a == b:
            raise LudemeError(f"edge {{{a} {b}}} needs two of the {len(pts)} vertices")
        g.find_or_add_edge(g.vertices[a], g.vertices[b])
    g.make_faces(True)
    return g


def points(pts: list[tuple[float, float]]) -> Graph:
    g = Graph()
    for x, y in pts:
        g.add_vertex(x, y)
    return g


def mancala(rows: int, cols: int, stores: str = "Outer", num_stores: int = 2) -> Graph:
    """Ludii's mancala board: ``rows`` rows of ``cols`` holes (points), with a store at
    each end (``stores:None`` for none), joined to their neighbours."""
    check_dims(rows, cols)
    if stores == "Inner" or num_stores != 2 or not 2 <= rows <= 4:
        return rectangle(rows, rows, "Vertex")
    lines = [shift(rectangle(1, cols, "Vertex"), 0.0, float(r)) for r in range(rows)]
    left, right = {2: ((-0.85, 0.5), (cols - 0.15, 0.5)), 3: ((-1.0, 1.0), (float(cols), 1.0)),
                   4: ((-0.9, 1.5), (cols - 0.1, 1.5))}[rows]
    parts = lines if stores == "None" else [points([left])] + lines + [points([right])]
    g = union(parts, connect=True)
    g.basis = "mancala"
    return g


def remove(g: Graph, cells: set[int] = frozenset(), vertices: set[int] = frozenset(),
           edges: list[tuple[int, int]] = (), trim: bool = True) -> Graph:
    """Without the given faces (and, with ``trim``, the lines only they used), lines
    (given by their end points) and points (with their lines and faces); the rest keep
    their order (Ludii's remove)."""
    gone_f = set(cells)
    gone_e: set[int] = set()
    gone_v = set(vertices)
    by_pair = {(min(e.a.id, e.b.id), max(e.a.id, e.b.id)): e for e in g.edges}
    for a, b in edges:
        e = by_pair.get((min(a, b), max(a, b)))
        if e is not None:
            gone_e.add(e.id)
            gone_f |= {f.id for f in (e.left, e.right) if f is not None}
    for v in g.vertices:
        if v.id in gone_v:
            gone_e |= {e.id for e in v.edges}
            gone_f |= {f.id for f in v.faces}
    if trim:
        for e in g.edges:
            sides = [f for f in (e.left, e.right) if f is not None]
            if sides and all(f.id in gone_f for f in sides) and any(f.id in cells for f in sides):
                gone_e.add(e.id)
    out = Graph()
    out.basis = g.basis
    vmap = {}
    for v in g.vertices:
        if v.id not in gone_v:
            vmap[v.id] = out.add_vertex(v.x, v.y)
    for v in g.vertices:
        if v.id in vmap and v.pivot is not None:
            vmap[v.id].pivot = vmap.get(v.pivot.id)
    emap = {}
    for e in g.edges:
        if e.id not in gone_e:
            emap[e.id] = out.find_or_add_edge(vmap[e.a.id], vmap[e.b.id], e.curved)
    out.link_edges()
    for f in g.faces:
        if f.id not in gone_f:
            nf = Face(len(out.faces), [vmap[v.id] for v in f.vertices],
                      [emap[e.id] for e in f.edges])
            out.faces.append(nf)
            for v, e in zip(nf.vertices, nf.edges, strict=True):
                if e.a is v:
                    e.right = nf
                else:
                    e.left = nf
    out.link_faces(True)
    return out
