"""Shapes: what a board ludeme describes, built into a graph once the board says which
site type it plays on (Ludii's ``(square 3)`` is 3x3 cells on a cell board and 3x3
points on a vertex board)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludeme.board import tiling
from ludeme.board.tiling import Graph


@dataclass(frozen=True)
class Shape:
    kind: str                              # "square", "hexagonal", "triangular", ...
    build: Callable[[str], Graph]          # site type -> graph

    def graph(self, site_type: str = "Cell") -> Graph:
        return self.build(site_type)


def rectangle(rows: int, cols: int, diagonals: str | None = None,
              counts: str = "Cell", pyramidal: bool = False) -> Shape:
    """``rows`` x ``cols`` squares. ``counts="Cell"`` (the default): the numbers count
    cells whatever the board plays on; ``counts="Site"``: Ludii's rule, they count the
    sites of the board's type (points on a vertex board)."""
    tiling.check_dims(rows, cols)

    def build(t: str) -> Graph:
        return tiling.rectangle(rows, cols, "Cell" if counts == "Cell" else t, diagonals,
                                pyramidal)

    return Shape("square", build)


def hex_shape(side: int, form: str = "Hexagon", other: int | None = None) -> Shape:
    """Hexagonal cells: ``Hexagon`` (side ``side``), ``Diamond`` (a rhombus), ``Prism``,
    ``Rectangle``, ``Triangle``, ``Star``, ``Limping`` (sides ``side`` and ``side + 1``
    in turn)."""
    tiling.check_dims(side, other or side)
    makers = {
        "Hexagon": lambda t: tiling.hex_hexagon(side),
        "Diamond": lambda t: tiling.hex_diamond(side),
        "Prism": lambda t: tiling.hex_diamond(side, other or side),
        "Rectangle": lambda t: tiling.hex_rectangle(side, other or side),
        "Square": lambda t: tiling.hex_rectangle(side, side),
        "Triangle": lambda t: tiling.hex_triangle(side),
        "Star": lambda t: tiling.hex_star(side),
        "Limping": lambda t: tiling.hex_custom([side, side + 1]),
    }
    return Shape("hexagonal", makers[form])


def tri_shape(side: int, form: str = "Triangle") -> Shape:
    tiling.check_dims(side, side)
    if form == "Limping":
        return tri_sides([side, side + 1])
    makers = {"Triangle": tiling.tri_triangle, "Hexagon": tiling.tri_hexagon,
              "Diamond": tiling.tri_diamond}
    fn = makers[form]
    return Shape("triangular", lambda t: fn(side, t))


def tri_sides(sides: list[int]) -> Shape:
    """A trihex with sides of the given lengths in turn (in points, whatever the board
    plays on, as in Ludii)."""
    tiling.tri_custom(sides)          # bad sides fail here, where the form is
    return Shape("triangular", lambda t: tiling.tri_custom(sides))


def shift(dx: float, dy: float, shape: Shape) -> Shape:
    """Move a shape by ``dx`` right and ``dy`` up (in the tiling's units)."""
    return Shape(shape.kind, lambda t: tiling.shift(shape.graph(t), dx, dy))


def scale(sx: float, sy: float, shape: Shape) -> Shape:
    return Shape(shape.kind, lambda t: tiling.scale(shape.graph(t), sx, sy))


def rotate(degrees: float, shape: Shape) -> Shape:
    return Shape(shape.kind, lambda t: tiling.rotate(shape.graph(t), degrees))


def _kind(shapes) -> str:
    kinds = {s.kind for s in shapes}
    return kinds.pop() if len(kinds) == 1 else "custom"


def intersect(*shapes: Shape) -> Shape:
    """What all the shapes have in common (points and lines of the first)."""
    return Shape(_kind(shapes), lambda t: tiling.intersect([s.graph(t) for s in shapes]))


def merge(*shapes: Shape) -> Shape:
    """The union of several shapes; coincident points and lines count once."""
    return Shape(_kind(shapes), lambda t: tiling.merge([s.graph(t) for s in shapes]))


def union(*shapes: Shape) -> Shape:
    """Several shapes side by side, numbered one after the other, nothing joined."""
    return Shape(_kind(shapes), lambda t: tiling.union([s.graph(t) for s in shapes]))


def remove(shape: Shape, cells: Callable[[Graph], set[int]] | set[int] = frozenset(),
           vertices: set[int] = frozenset(),
           edges: Callable[[Graph], list[tuple[int, int]]] | list[tuple[int, int]] = (),
           trim: bool = True) -> Shape:
    """The shape without some cells (indices, or a function of the graph picking
    them), points and lines (pairs of vertex numbers, or a function of the graph giving
    them); the rest keep their numbers' order."""
    def build(t: str) -> Graph:
        g = shape.graph(t)
        picked = cells(g) if callable(cells) else cells
        pairs = edges(g) if callable(edges) else edges
        return tiling.remove(g, set(picked), set(vertices), list(pairs), trim)

    return Shape(shape.kind, build)
