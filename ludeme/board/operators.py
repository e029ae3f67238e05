"""Graph operators that edit a built graph the way Ludii's do (``add``, ...): each takes
a freshly built graph, changes it in place, keeps the numbers of what was there and
numbers what it adds after it."""

from __future__ import annotations

import math

from ludeme.board.tiling import Graph, Vertex
from ludeme.errors import LudemeError

Point = tuple[float, float]
TOLERANCE = 0.01  # Ludii's: a point this close to a vertex is that vertex


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
