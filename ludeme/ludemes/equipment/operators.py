"""Equipment: Ludii's graph operators, which edit a board shape's points, lines and
cells (``add``, ...)."""

from __future__ import annotations

from ludeme.board import operators as ops
from ludeme.board.shapes import Shape
from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def plain(item):
    """An argument's value as plain Python: numbers, and lists of them, nested."""
    item = getattr(item, "value", item)
    if isinstance(item, (list, tuple)):
        return [plain(x) for x in item]
    return item


def _is_num(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def point(c: CompileContext, item, what: str) -> tuple[float, float]:
    if not isinstance(item, list) or len(item) not in (2, 3) or not all(map(_is_num, item)):
        c.fail(f"each point of {what} is {{x y}}")
    return float(item[0]), float(item[1])


def index_list(c: CompileContext, item, n: int, what: str) -> list[int]:
    if (not isinstance(item, list) or len(item) < n
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
        c.fail(f"each of {what} is {'a pair' if n == 2 else 'a list'} of vertex numbers")
    return item


@ludeme("add", T.Shape)
def add_to_shape(c: CompileContext, shape: T.Shape = None, *,
                 vertices: T.ListOf(T.Any) = None, edges: T.ListOf(T.Any) = None,
                 cells: T.ListOf(T.Any) = None, connect: T.Bool = False):
    """A shape with points, lines and cells added (Ludii's ``add``):
    ``vertices:{{x y} ...}`` new points (one already there is not added again),
    ``edges:{{0 5} ...}`` lines between vertex numbers or ``edges:{{{x y} {x y}} ...}``
    between positions (a new point where none is), ``cells:{{{x y} ...}}`` or
    ``cells:{{0 1 5 4}}`` cells by their corners. What is added is numbered after what
    was there. The cells are not found again: only those given are added.
    ``connect:True`` joins each new point to every point closer than 1.1 average
    lines."""
    pts = [point(c, v, "vertices:") for v in plain(vertices or [])]
    edge_pts, edge_ids = [], []
    for e in plain(edges or []):
        if isinstance(e, list) and e and all(isinstance(x, list) for x in e):
            if len(e) != 2:
                c.fail("each of edges: joins two points, {{x y} {x y}}")
            edge_pts.append((point(c, e[0], "edges:"), point(c, e[1], "edges:")))
        else:
            a, b = index_list(c, e, 2, "edges:")[:2]
            edge_ids.append((a, b))
    face_pts, face_ids = [], []
    for f in plain(cells or []):
        if isinstance(f, list) and f and all(isinstance(x, list) for x in f):
            face_pts.append([point(c, p, "cells:") for p in f])
        else:
            face_ids.append(index_list(c, f, 3, "cells:"))
    inner = shape

    def build(t: str):
        from ludeme.board.tiling import Graph

        g = inner.graph(t) if inner is not None else Graph()
        return ops.add(g, pts, edge_pts, edge_ids, face_pts, face_ids, bool(connect))

    return Shape(inner.kind if inner is not None else "custom", build)


@ludeme("splitCrossings", T.Shape)
def split_crossings(c: CompileContext, shape: T.Shape):
    """A shape with a point added wherever two of its lines cross, and each line cut at
    every point lying on it; the cells are found again (Ludii's ``splitCrossings``; new
    points are numbered after the others)."""
    return Shape(shape.kind, lambda t: ops.split_crossings(shape.graph(t)))


@ludeme("makeFaces", T.Shape)
def make_faces(c: CompileContext, shape: T.Shape):
    """A shape whose cells are found again from its lines (Ludii's ``makeFaces``), after
    operators that leave them as they were (``add``, ``remove``)."""
    return Shape(shape.kind, lambda t: ops.make_faces(shape.graph(t)))


@ludeme("renumber", T.Shape)
def renumber(c: CompileContext, first: T.SiteType = None, second: T.SiteType = None,
             third: T.SiteType = None, shape: T.Shape = None):
    """A shape whose sites are numbered again by position, bottom row first and left to
    right (Ludii's ``renumber``): all of them, or only the kinds named first
    (``(renumber Vertex (merge ...))``)."""
    if shape is None:
        c.fail("(renumber ...) needs a shape", "e.g. (renumber (splitCrossings (shape Star 6)))")
    named = tuple(t for t in (first, second, third) if t is not None)
    types = named or ("Vertex", "Edge", "Cell")
    return Shape(shape.kind, lambda t: ops.renumber(shape.graph(t), types))


@ludeme("dual", T.Shape)
def dual(c: CompileContext, shape: T.Shape):
    """The dual of a shape (Ludii's ``dual``): a point in the middle of each cell, a
    line across each line two cells share, and the cells those lines enclose; numbered
    by position."""
    return Shape("dual", lambda t: ops.dual(shape.graph(t)))


@ludeme("complete", T.Shape)
def complete(c: CompileContext, shape: T.Shape, *,
             eachCell: T.Bool = False):  # noqa: N803 - Ludii's argument name
    """A shape with every point joined to every other, its own lines dropped and the
    cells found again (Ludii's ``complete``); ``eachCell:True`` instead joins the
    corners of each cell to each other."""
    if not eachCell:
        limit = 400

        def build(t: str):
            g = shape.graph(t)
            if len(g.vertices) > limit:
                from ludeme.errors import LudemeError

                raise LudemeError(f"(complete ...) of {len(g.vertices)} points: at most "
                                  f"{limit}")
            return ops.complete(g)

        return Shape(shape.kind, build)
    return Shape(shape.kind, lambda t: ops.complete(shape.graph(t), each_cell=True))


@ludeme("poly", T.Poly)
def poly(c: CompileContext, corners: T.ListOf(T.Any)):
    """A polygon given by its corners in order, ``(poly {{0 0} {4 0} {4 4}})``: the area
    ``keep`` keeps and ``hole`` cuts out (points on its outline count as inside)."""
    from ludeme.board.tiling import _f32

    pts = [point(c, p, "(poly ...)") for p in plain(corners)]
    if len(pts) < 3:
        c.fail("a polygon needs at least 3 corners")
    return [(_f32(x), _f32(y)) for x, y in pts]


@ludeme("keep", T.Shape)
def keep(c: CompileContext, shape: T.Shape, area: T.Poly):
    """Only the part of a shape inside a polygon (Ludii's ``keep``): the points inside
    and the lines between them, numbered in their order; the cells found again."""
    return Shape(shape.kind, lambda t: ops.keep(shape.graph(t), area))


@ludeme("hole", T.Shape)
def hole(c: CompileContext, shape: T.Shape, area: T.Poly):
    """A shape with a hole (Ludii's ``hole``): the cells whose middle is inside the
    polygon are removed, with the lines only they used; the points stay."""
    from ludeme.board.shapes import remove

    return remove(shape, lambda g: ops.hole(g, area))


@ludeme("skew", T.Shape)
def skew(c: CompileContext, amount: (T.Int, T.Float), shape: T.Shape):
    """A shape slanted (Ludii's ``skew``): each point moved right by ``amount`` times
    its height above the lowest point."""
    return Shape(shape.kind, lambda t: ops.skew(shape.graph(t), float(amount)))


@ludeme("subdivide", T.Shape)
def subdivide(c: CompileContext, shape: T.Shape, *, min: T.Int = 1):  # noqa: A002
    """A shape with a point in the middle of each cell of at least ``min:`` sides,
    joined to the cell's corners (Ludii's ``subdivide``); on a cell board the cells are
    found again, on a vertex board none are kept."""
    return Shape(shape.kind, lambda t: ops.subdivide(shape.graph(t), t, min))
