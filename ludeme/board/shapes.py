"""Shapes: sets of polygon cells with integer grid coordinates.

A shape is pure geometry; ``Board`` derives vertices, edges and every relation
from it, so a new tiling only has to say where its polygons are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ludeme.errors import LudemeError

MAX_CELLS = 4096  # a board bigger than this is a mistake, not a game

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class Cell:
    col: int          # grid column (for labels)
    row: int          # grid row from the bottom (for labels)
    corners: tuple[tuple[float, float], ...]  # polygon, counter-clockwise

    @property
    def centre(self) -> tuple[float, float]:
        xs = [p[0] for p in self.corners]
        ys = [p[1] for p in self.corners]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True, slots=True)
class Shape:
    kind: str                  # "square" or "hexagonal": which directions the tiling has
    cells: tuple[Cell, ...]
    label_style: str = "ColumnRow"  # or "RowPosition"

    def __post_init__(self) -> None:
        if len(self.cells) > MAX_CELLS:
            raise LudemeError(f"board has {len(self.cells)} cells; the limit is {MAX_CELLS}")


def _check_dims(*dims: int) -> None:
    for d in dims:
        if d < 1:
            raise LudemeError(f"board dimension {d} must be at least 1")
    if math.prod(dims) > MAX_CELLS * 4:
        raise LudemeError(f"board of {' x '.join(map(str, dims))} is too large "
                          f"(at most {MAX_CELLS} cells)")


def rectangle(rows: int, cols: int) -> Shape:
    """``rows`` x ``cols`` unit squares; cell (c, r) spans [c, c+1] x [r, r+1]."""
    _check_dims(rows, cols)
    cells = tuple(
        Cell(c, r, ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)))
        for r in range(rows) for c in range(cols)
    )
    return Shape("square", cells)


def _hex_cell(col: int, row: int, x: float, y: float) -> Cell:
    # Pointy-top hexagon of circumradius 1 centred at (x, y): rows are horizontal.
    corners = tuple(
        (round(x + math.cos(math.radians(30 + 60 * k)), 9),
         round(y + math.sin(math.radians(30 + 60 * k)), 9))
        for k in range(6)
    )
    return Cell(col, row, corners)


def hex_shape(side: int, form: str = "Hexagon") -> Shape:
    """Hexagonal cells: a hexagon of ``side`` cells per side, or a ``Diamond`` (rhombus)."""
    _check_dims(side, side)
    cells = []
    if form == "Diamond":
        for r in range(side):
            for c in range(side):
                cells.append(_hex_cell(c, r, SQRT3 * (c + r / 2), 1.5 * r))
        return Shape("hexagonal", tuple(cells), "ColumnRow")
    n = side
    for r in range(2 * n - 1):
        count = 2 * n - 1 - abs(r - (n - 1))
        x0 = -SQRT3 * (count - 1) / 2
        for i in range(count):
            cells.append(_hex_cell(i, r, x0 + SQRT3 * i, 1.5 * r))
    return Shape("hexagonal", tuple(cells), "RowPosition")


def shift(dx: int, dy: int, shape: Shape) -> Shape:
    """Move a shape by whole cells (grid units), e.g. to join sections."""
    if shape.kind == "hexagonal":
        raise LudemeError("shift is only defined for square tilings")
    cells = tuple(
        Cell(c.col + dx, c.row + dy, tuple((x + dx, y + dy) for x, y in c.corners))
        for c in shape.cells
    )
    return Shape(shape.kind, cells, shape.label_style)


def merge(*shapes: Shape) -> Shape:
    """The union of several shapes of one tiling; overlapping cells count once."""
    kinds = {s.kind for s in shapes}
    if len(kinds) != 1:
        raise LudemeError("merge needs shapes of one tiling")
    seen: dict[tuple[int, int], Cell] = {}
    for s in shapes:
        for c in s.cells:
            seen.setdefault((c.col, c.row), c)
    cells = tuple(sorted(seen.values(), key=lambda c: (c.row, c.col)))
    return Shape(shapes[0].kind, cells, shapes[0].label_style)


def remove(shape: Shape, drop: set[tuple[int, int]]) -> Shape:
    """The shape without the cells at the given (col, row) grid positions."""
    return Shape(shape.kind, tuple(c for c in shape.cells if (c.col, c.row) not in drop),
                 shape.label_style)
