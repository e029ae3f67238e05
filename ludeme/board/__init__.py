"""Generic graph boards built as Ludii builds them: cells, vertices and edges as sites."""

from ludeme.board.graph import CELL, EDGE, SITE_TYPES, VERTEX, Board
from ludeme.board.shapes import Shape, hex_shape, merge, rectangle, remove, shift, tri_shape

__all__ = ["CELL", "EDGE", "SITE_TYPES", "VERTEX", "Board", "Shape", "hex_shape", "merge",
           "rectangle", "remove", "shift", "tri_shape"]
