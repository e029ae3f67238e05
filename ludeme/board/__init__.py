"""Generic graph boards: tilings of polygons, with cells, vertices and edges as sites."""

from ludeme.board.graph import CELL, EDGE, SITE_TYPES, VERTEX, Board
from ludeme.board.shapes import Shape, hex_shape, merge, rectangle, remove, shift

__all__ = ["CELL", "EDGE", "SITE_TYPES", "VERTEX", "Board", "Shape", "hex_shape", "merge",
           "rectangle", "remove", "shift"]
