"""Equipment: boards and their shapes, pieces, named regions."""

from __future__ import annotations

from ludeme.board import Board, hex_shape, merge, rectangle, remove, shift
from ludeme.board.shapes import Shape
from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("board", T.Item)
def board(c: CompileContext, shape: T.Shape, *, use: (T.SiteType, T.ListOf(T.SiteType)) = "Cell"):
    """The board: a shape, and which of its sites the game plays on (``use:Vertex``,
    ``use:{Vertex Edge}``; cells by default). Regions and moves refer to the first
    type in ``use:`` unless they name another."""
    types = [use] if isinstance(use, str) else list(use)
    c.board = Board(shape, types)
    c.site_type = types[0]
    return c.board


@ludeme("square", T.Shape)
def square(c: CompileContext, size: T.Int):
    """A ``size`` x ``size`` board of square cells."""
    return rectangle(size, size)


@ludeme("rectangle", T.Shape)
def rect(c: CompileContext, rows: T.Int, columns: T.Int = None):
    """A board of ``rows`` x ``columns`` square cells (Ludii's argument order)."""
    return rectangle(rows, columns if columns is not None else rows)


@ludeme("hex", T.Shape)
def hexagon(c: CompileContext, size: T.Int):
    """A hexagon of hexagonal cells with ``size`` cells per side (3n(n-1)+1 cells).
    Cells are labelled by row letter from the bottom and position in the row from the
    left (``f6`` is the centre of side 6)."""
    return hex_shape(size)


@ludeme("hex Diamond", T.Shape)
def hex_diamond(c: CompileContext, size: T.Int):
    """A rhombus of ``size`` x ``size`` hexagonal cells (the board of Hex), labelled
    column letter and row number."""
    return hex_shape(size, "Diamond")


@ludeme("merge", T.Shape)
def merge_shapes(c: CompileContext, *shapes: T.Shape):
    """The union of several shapes of one tiling (sections joined into one board)."""
    if not shapes:
        c.fail("(merge ...) needs shapes")
    return merge(*shapes)


@ludeme("shift", T.Shape)
def shift_shape(c: CompileContext, dx: T.Int, dy: T.Int, shape: T.Shape):
    """A square-celled shape moved right by ``dx`` and up by ``dy`` cells."""
    if shape.kind != "square":
        c.fail("(shift ...) works on square-celled shapes")
    return shift(dx, dy, shape)


@ludeme("remove", T.Shape)
def remove_cells(c: CompileContext, shape: T.Shape, *, cells: T.ListOf(T.Str)):
    """A shape without some cells, given by their labels on the whole shape."""
    full = Board(shape)
    drop = set()
    for label in cells:
        if label not in full.index["Cell"]:
            from ludeme.errors import suggest

            c.fail(f"no cell '{label}' on this shape", suggest(label, full.index["Cell"]))
        cell = shape.cells[full.index["Cell"][label]]
        drop.add((cell.col, cell.row))
    return remove(shape, drop)


@ludeme("piece", T.Item)
def piece(c: CompileContext, name: T.Str, owner: T.Role = "Each", *, symbol: T.Str = "",
          value: T.Int = 0):
    """A kind of piece. ``Each`` gives every player one (named ``Disc1``, ``Disc2``...),
    ``P2`` only that player, ``Shared``/``Neutral`` a piece nobody owns. ``symbol:`` is
    its prefix in move notation (``"K"``: ``Kd4-d6``). ``value:`` is a number the rules
    can read with ``(value Piece at:...)`` (a size, a strength; 0 by default)."""
    if owner.name in ("Each", "All"):
        for p in range(1, c.num_players + 1):
            c.pieces.add(name, p, symbol, value)
    elif owner.const is not None:
        c.pieces.add(name, owner.const, symbol, value)
    else:
        c.fail(f"a piece belongs to Each, Shared or a player, not {owner.name}")
    return None


@ludeme("regions", T.Item)
def regions(c: CompileContext, name: T.Str = None, owner: T.Role = None,
            *groups: T.ListOf(T.Region)):
    """A named region (``(regions "Throne" (sites {"d4"}))``, used as
    ``(sites "Throne")``), or a player's goal regions (``(regions P1 {(sites Side N)
    (sites Side S)})``) that ``(is Connected ...)`` joins."""
    sites = [r for group in groups for r in group]
    if not sites:
        c.fail("(regions ...) needs sites")
    if name is None and owner is None:
        c.fail("(regions ...) needs a name or a player")
    if name is not None:
        from ludeme.compile.compiler import union_regions

        c.regions[name] = (owner.name if owner else None, union_regions(list(sites)))
    if owner is not None:
        if owner.const is None:
            c.fail("a player's regions belong to P1, P2, ...")
        c.player_regions.setdefault(owner.const, []).extend(sites)
    return None


__all__ = ["RegionV", "Shape"]
