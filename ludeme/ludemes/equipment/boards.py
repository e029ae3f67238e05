"""Equipment: boards and their shapes, pieces, named regions."""

from __future__ import annotations

from ludeme.board import Board, hex_shape, merge, rectangle, remove, shift, tri_shape
from ludeme.board.shapes import Shape, rotate, scale, union
from ludeme.compile.compiler import CompileContext
from ludeme.compile.puzzle import VALUES, declare_values
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("board", T.Item)
def board(c: CompileContext, shape: T.Shape, tracks: (T.Track, T.ListOf(T.Track)) = None,
          values: VALUES = None, *, use: (T.SiteType, T.ListOf(T.SiteType)) = "Cell"):
    """The board: a shape, its tracks if any (``(track ...)`` or a list of them), a
    deduction puzzle's values if any (``(values Cell (range 1 9))``), and which of its
    sites the game plays on (``use:Vertex``, ``use:{Vertex Edge}``; cells by default).
    Regions and moves refer to the first type in ``use:`` unless they name another; the
    kinds of site the rules name (``(sites Empty Edge)``) are on the board too."""
    types = [use] if isinstance(use, str) else list(use)
    # the kinds of site the rules name are built too (Ludii's boards have all three)
    named = [t for t in c.named_site_types if t not in types]
    c.board = Board(shape, types + named)
    c.site_type = types[0]
    _tracks(c, tracks)
    if values is not None:
        declare_values(c, values)
    return c.board


def _tracks(c: CompileContext, tracks) -> None:
    if tracks is not None:
        from ludeme.ludemes.containers.tracks import build_tracks

        build_tracks(c, list(tracks) if isinstance(tracks, (list, tuple)) else [tracks])


@ludeme("mancalaBoard", T.Item)
def mancala_board(c: CompileContext, rows: T.Int, columns: T.Int,
                  tracks: (T.Track, T.ListOf(T.Track)) = None, *,
                  store: T.StoreType = "Outer",
                  numStores: T.Int = 2):  # noqa: N803 - Ludii's argument name
    """A mancala board (Ludii's): ``rows`` rows of ``columns`` holes played on as points,
    with a store at each end unless ``store:None``, and the tracks seeds are sown along.
    Holes are numbered row by row from the bottom left, the left store first and the
    right store last. Its holes hold counts of seeds (``(count at:...)``)."""
    from ludeme.board.shapes import Shape as _Shape
    from ludeme.board.tiling import mancala
    from ludeme.ludemes.containers.counts import enable_counts

    if not 2 <= rows <= 4:
        c.fail("a mancala board has 2 to 4 rows")
    shape = _Shape("mancala", lambda t: mancala(rows, columns, store, numStores))
    c.board = Board(shape, ["Vertex"])
    c.site_type = "Vertex"
    enable_counts(c)
    _tracks(c, tracks)
    return c.board


@ludeme("surakartaBoard", T.Item)
def corner_loop_board(c: CompileContext, shape: T.Shape, *, loops: T.Int = None,
                    from_: T.Int = 1):
    """A board played on its points with circuits looping round its corners (Ludii's
    ``surakartaBoard``): on a square grid, loop k runs along row k and column k from
    each side (k from ``from:``, default 1; ``loops:`` of them, by default as many as
    fit); on a triangle, along lines parallel to its sides. Each loop is two tracks,
    ``"Track<k>F"`` and ``"Track<k>B"`` (one each way); the corners it turns round are
    passed twice."""
    from ludeme.ludemes.containers.tracks import TrackSpec

    c.board = Board(shape, ["Vertex"])
    c.site_type = "Vertex"
    b = c.board
    dim0, dim1 = len(b.rows["Vertex"]) - 1, len(b.columns["Vertex"]) - 1
    kind = b.graph.basis
    if kind not in ("square", "triangular"):
        c.fail("a board of corner loops is a square grid or a triangle")
    if loops is None:
        loops = (min(dim0, dim1) - 1) // 2 if kind == "square" else dim0 // 2
    specs = []
    for k in range(from_, from_ + loops):
        track = _corner_loops_square(dim0 + 1, dim1 + 1, k) if kind == "square" else \
            _corner_loops_triangle(dim0 + 1, k)
        n = b.count["Vertex"]
        if any(abs(x) >= n for x in track):
            c.fail(f"loop {k} does not fit on this board")
        for name, seq in ((f"Track{k}F", track), (f"Track{k}B", track[::-1])):
            sites = []
            for i, a in enumerate(seq):
                sites.append(abs(a))
                if a < 0 and seq[(i + 1) % len(seq)] < 0:
                    sites.append(abs(a))          # round a corner: pass it twice
            specs.append(TrackSpec(name, tuple(sites), True, 0, True))
    _tracks(c, specs)
    return c.board


def _corner_loops_square(rows: int, cols: int, loop: int) -> list[int]:
    """Loop ``loop`` of a square grid as Ludii lists it: row, column, row, column, each
    end of each run negated (the corners the circuit turns round)."""
    def run(sites: list[int]) -> list[int]:
        return [-x if i in (0, len(sites) - 1) else x for i, x in enumerate(sites)]

    return (run([loop * cols + col for col in range(cols)])
            + run([cols - 1 - loop + row * cols for row in range(rows)])
            + run([rows * cols - 1 - loop * cols - col for col in range(cols)])
            + run([rows * cols - cols + loop - row * cols for row in range(rows)]))


def _corner_loops_triangle(rows: int, loop: int) -> list[int]:
    """Loop ``loop`` of a triangle of points (rows of rows, rows - 1, ... points), as
    Ludii lists it: three runs parallel to the sides, their ends negated."""
    cols = rows
    track: list[int] = []
    n = rows - loop

    def add(step: int, site: int) -> None:
        track.append(-site if step == 0 or step >= n - 1 else site)

    v, dec = 0, cols
    for _ in range(loop):
        v += dec
        dec -= 1
    for step in range(n):
        add(step, v)
        v += 1
    v, dec = cols - 1 - loop, rows - 1
    for step in range(n):
        add(step, v)
        v += dec
        dec -= 1
    dec += 3
    for step in range(n):
        add(step, v)
        v -= dec
        dec += 1
    return track


@ludeme("boardless", T.Item)
def boardless(c: CompileContext, tiling: T.TilingType):
    """A board without edges (Ludii's): a large field of the tiling's cells, a 41 x 41
    square, a hexagon of side 21 (``Hexagonal``) or a triangle of side 41
    (``Triangular``), numbered as that board."""
    shape = {"Square": lambda: rectangle(41, 41, counts="Site"),
             "Hexagonal": lambda: hex_shape(21),
             "Triangular": lambda: tri_shape(41)}[tiling]()
    c.board = Board(shape, ["Cell"], boardless=True)
    c.site_type = "Cell"
    return c.board


@ludeme("graph", T.Shape)
def graph_shape(c: CompileContext, *, vertices: T.ListOf(T.Any),
                edges: T.ListOf(T.Any) = None):
    """A board drawn point by point: ``vertices:{{0 0} {1 0} {1 1}}`` (x y each) and
    ``edges:{{0 1} {1 2}}`` (pairs of vertex numbers); the cells are the faces the
    edges enclose. Sites keep the order given (Ludii's graph)."""
    from ludeme.board.shapes import Shape as _Shape
    from ludeme.board.tiling import custom

    def numbers(item, n: int, what: str):
        vals = getattr(item, "value", item)
        if not isinstance(vals, (list, tuple)) or len(vals) < n or not all(
                isinstance(getattr(v, "value", v), (int, float)) for v in vals):
            c.fail(f"each of {what} needs {n} numbers")
        return [getattr(v, "value", v) for v in vals][:n]

    pts = [tuple(float(x) for x in numbers(v, 2, "vertices:")) for v in vertices]
    lines = [tuple(int(x) for x in numbers(e, 2, "edges:")) for e in (edges or [])]
    for a, b in lines:
        if not (0 <= a < len(pts) and 0 <= b < len(pts)) or a == b:
            c.fail(f"edge {{{a} {b}}} needs two different vertices among 0 to {len(pts) - 1}")
    return _Shape("custom", lambda t: custom(pts, lines))


@ludeme("square", T.Shape)
def square(c: CompileContext, size: T.Int, *, diagonals: T.Diagonals = None,
           pyramidal: T.Bool = False):
    """A ``size`` x ``size`` square grid: cells on a cell board, points on a vertex
    board (Ludii's rule: ``(board (square 3) use:Vertex)`` has 3 x 3 points).
    ``diagonals:`` adds diagonal lines: ``Alternating`` (the alquerque pattern),
    ``Solid`` (both, crossing at a new middle point), ``Concentric`` (turning about the
    middle) or ``Radiating`` (from the middle point out to the corners).
    ``pyramidal:True`` stacks layers of points in the hollows of the grid (4 x 4, then
    3 x 3, 2 x 2, 1 x 1 above it), each point joined to the four it rests on."""
    if diagonals is not None and pyramidal:
        c.fail("only one of diagonals: and pyramidal: can be given")
    return rectangle(size, size, _diagonals(c, diagonals), counts="Site",
                     pyramidal=bool(pyramidal))


@ludeme("rectangle", T.Shape)
def rect(c: CompileContext, rows: (T.Int, T.IntFn), columns: (T.Int, T.IntFn) = None, *,
         diagonals: T.Diagonals = None, pyramidal: T.Bool = False):
    """A board of ``rows`` x ``columns`` squares (Ludii's argument order; like
    ``square``, they count the sites of the board's type; either may be arithmetic on
    numbers, ``(* 3 3)``). ``pyramidal:True`` stacks layers as ``square`` does."""
    rows = known(c, rows, "the number of rows")
    columns = rows if columns is None else known(c, columns, "the number of columns")
    if diagonals is not None and pyramidal:
        c.fail("only one of diagonals: and pyramidal: can be given")
    return rectangle(rows, columns, _diagonals(c, diagonals), counts="Site",
                     pyramidal=bool(pyramidal))


def _diagonals(c: CompileContext, kind):
    if kind is not None and kind not in ("Alternating", "Solid", "Concentric", "Radiating"):
        c.fail(f"diagonals:{kind} is not supported",
               "use Alternating, Solid, Concentric or Radiating")
    return kind


@ludeme("hex", T.Shape)
def hexagon(c: CompileContext, size: T.Int):
    """A hexagon of hexagonal cells with ``size`` cells per side (3n(n-1)+1 cells), as
    Ludii builds and labels it."""
    return hex_shape(size)


@ludeme("hex Diamond", T.Shape)
def hex_diamond(c: CompileContext, size: T.Int):
    """A rhombus of ``size`` x ``size`` hexagonal cells (the board of Hex), as Ludii
    builds it: A1 at the bottom, columns A, B, ... up to the right, rows 1, 2, ... up to
    the left."""
    return hex_shape(size, "Diamond")


@ludeme("hex Rectangle", T.Shape)
def hex_rectangle(c: CompileContext, rows: T.Int, columns: T.Int = None):
    """``rows`` rows of hexagonal cells, ``columns`` on even rows (counting from 0) and
    one fewer on odd rows, so that both sides are straight (Ludii's)."""
    return hex_shape(rows, "Rectangle", columns)


@ludeme("hex Triangle", T.Shape)
def hex_triangle(c: CompileContext, size: T.Int):
    """A triangle of hexagonal cells, ``size`` per side."""
    return hex_shape(size, "Triangle")


@ludeme("hex Star", T.Shape)
def hex_star(c: CompileContext, size: T.Int):
    """A six-pointed star of hexagonal cells (a star board of ``size`` 4 has 121 cells):
    a hexagon of side ``size + 1`` with a triangle of side ``size`` on each side."""
    return hex_shape(size, "Star")


@ludeme("hex Limping", T.Shape)
def hex_limping(c: CompileContext, size: T.Int):
    """A hexagon of hexagonal cells whose sides have ``size`` and ``size + 1`` cells in
    turn (Ludii's limping hexhex, fairer to the second player than a regular one)."""
    return hex_shape(size, "Limping")


@ludeme("tiling T3464", T.Shape)
def tiling_3464(c: CompileContext, size: T.Int, columns: T.Int = None):
    """The rhombitrihexagonal tiling (hexagons, squares and triangles meeting 3.4.6.4 at
    every corner) on a hexagon of ``size`` hexagons a side, as Ludii builds it."""
    from ludeme.board.shapes import Shape as _Shape
    from ludeme.board.tiling import check_dims, t3464_hexagon

    if columns is not None:
        c.fail("(tiling T3464 rows columns), the parallelogram, is not supported",
               "use (tiling T3464 size) for the hexagon")
    check_dims(size, size)
    return _Shape("T3464", lambda t: t3464_hexagon(size))


@ludeme("tiling T33336", T.Shape)
def tiling_33336(c: CompileContext, size: T.Int):
    """The snub hexagonal tiling (hexagons ringed by triangles, 3.3.3.3.6 at every
    corner) on a hexagon of ``size`` hexagons a side, as Ludii builds it."""
    from ludeme.board.shapes import Shape as _Shape
    from ludeme.board.tiling import check_dims, t33336_hexagon

    check_dims(size, size)
    return _Shape("T33336", lambda t: t33336_hexagon(size))


@ludeme("repeat", T.Shape)
def repeat(c: CompileContext, rows: T.Int, columns: T.Int, polygons: (T.Poly, T.ListOf(T.Poly)),
           *, step: T.ListOf(T.Any)):
    """Polygons drawn again and again (Ludii's ``repeat``): ``rows`` x ``columns``
    copies, copy (r, c) moved by c times the first step and r times the second
    (``step:{{1 0} {0 1}}``); touching points are one, and the cells are those the lines
    enclose, numbered by position."""
    from ludeme.board.shapes import Shape as _Shape
    from ludeme.board.tiling import _f32
    from ludeme.board.tiling import repeat as build
    from ludeme.ludemes.equipment.operators import plain, point

    steps = plain(step)
    if not isinstance(steps, list) or len(steps) != 2:
        c.fail("step: is two steps, {{x y} {x y}}: along a row, then to the next row")
    (cx, cy), (rx, ry) = (point(c, s_, "step:") for s_ in steps)
    polys = [polygons] if polygons and isinstance(polygons[0], tuple) else list(polygons)
    step_col, step_row = (_f32(cx), _f32(cy)), (_f32(rx), _f32(ry))
    build(rows, columns, step_col, step_row, polys)          # bad sizes fail here
    return _Shape("repeat", lambda t: build(rows, columns, step_col, step_row, polys))


@ludeme("spiral", T.Shape)
def spiral(c: CompileContext, *, turns: T.Int, sites: T.Int, clockwise: T.Bool = True):
    """A track of ``sites`` points (the centre first) along a spiral of ``turns`` turns,
    each joined to the next (Ludii's ``spiral``); play on its points (``use:Vertex``)."""
    from ludeme.board.shapes import Shape as _Shape
    from ludeme.board.tiling import spiral as build

    build(turns, sites, clockwise)          # bad sizes fail here, at the form
    return _Shape("spiral", lambda t: build(turns, sites, clockwise))


@ludeme("tri", T.Shape)
def tri(c: CompileContext, size: T.Int):
    """A triangle of triangular cells, ``size`` per side (points on a vertex board)."""
    return tri_shape(size)


@ludeme("tri", T.Shape)
def tri_custom(c: CompileContext, sides: T.ListOf(T.Int)):
    """A board of triangular cells whose outline has sides of the given lengths in
    points, in turn round it (Ludii's ``(tri {4 6 4 7 4})``; a negative length turns
    the other way)."""
    from ludeme.board.shapes import tri_sides

    return tri_sides([getattr(v, "value", v) for v in sides])


@ludeme("tri Limping", T.Shape)
def tri_limping(c: CompileContext, size: T.Int):
    """A hexagon of triangular cells whose sides have ``size`` and ``size + 1`` points
    in turn (Ludii's limping trihex)."""
    return tri_shape(size, "Limping")


@ludeme("tri Hexagon", T.Shape)
def tri_hexagon(c: CompileContext, size: T.Int):
    """A hexagon of triangular cells, ``size`` per side."""
    return tri_shape(size, "Hexagon")


@ludeme("wedge", T.Shape)
def wedge_shape(c: CompileContext, rows: T.Int, columns: T.Int = 3):
    """A wedge (Ludii's): a point at the top with ``columns`` lines (3 by default)
    fanning down through ``rows - 1`` rows of points joined across, as on the triangular
    arms of hunt games' boards. It has points and lines, no cells; points are numbered
    from the top."""
    from ludeme.board.tiling import wedge

    if columns < 2:
        c.fail("a wedge needs at least 2 columns")
    return Shape("wedge", lambda t: wedge(rows, columns))


@ludeme("shape", T.Shape)
def polygon_shape(c: CompileContext, sides: T.Int):
    """A regular polygon of ``sides`` points and lines (Ludii's ``shape``), one cell on a
    cell board; numbered by position."""
    from ludeme.board.tiling import polygon

    if sides < 3:
        c.fail("a shape has at least 3 sides")
    return Shape("polygon", lambda t: polygon(sides, False, t))


@ludeme("shape Star", T.Shape)
def star_shape(c: CompileContext, points: T.Int):
    """A star of ``points`` points (Ludii's ``(shape Star n)``): each point joined to the
    ones (n-1)/2 further round, so the lines cross (``splitCrossings`` puts points where
    they do)."""
    from ludeme.board.tiling import polygon

    if points < 3:
        c.fail("a star has at least 3 points")
    return Shape("star", lambda t: polygon(points, True, t))


@ludeme("morris", T.Shape)
def morris_shape(c: CompileContext, rings: T.Int, *,
                 joinCorners: T.Bool = False):  # noqa: N803 - Ludii's argument name
    """A morris board (Ludii's): ``rings`` nested squares of 8 points, the middles of
    their sides joined ring to ring (``joinCorners:True`` joins the corners too). Played
    on its points; numbered bottom row first."""
    from ludeme.board.tiling import morris

    return Shape("morris", lambda t: morris(rings, bool(joinCorners)))


@ludeme("circle", T.Shape)
def circle_shape(c: CompileContext, cells: T.ListOf(T.Int), *, stagger: T.Bool = False):
    """A round board (Ludii's): rings of cells about a centre, ``{1 8 8}`` the number of
    cells in each ring from the middle out (a ring of 0 or 1 cell has no spokes).
    ``stagger:True`` turns every other ring by half a cell. Points are numbered from
    the centre, spoke by spoke clockwise from the top."""
    from ludeme.board.tiling import circle

    counts = [int(getattr(x, "value", x)) for x in cells]
    if not counts:
        c.fail("(circle ...) needs the number of cells of each ring")
    return Shape("circle", lambda t: circle(counts, bool(stagger), t))


@ludeme("merge", T.Shape)
def merge_shapes(c: CompileContext, *shapes: T.Shape):
    """Several shapes joined into one board: coincident points and lines count once,
    and the cells are found again (Ludii's merge; numbered part after part)."""
    if not shapes:
        c.fail("(merge ...) needs shapes")
    return merge(*shapes)


@ludeme("intersect", T.Shape)
def intersect_shapes(c: CompileContext, shapes: T.ListOf(T.Shape)):
    """The part several shapes have in common (Ludii's ``intersect``): the points and
    lines of the first shape that every other shape also has, in the first's order, and
    the cells those lines enclose."""
    from ludeme.board.shapes import intersect

    if not shapes:
        c.fail("(intersect ...) needs shapes")
    return intersect(*shapes)


@ludeme("union", T.Shape)
def union_shapes(c: CompileContext, *shapes: T.Shape):
    """Several shapes side by side on one board, nothing joined (Ludii's union)."""
    if not shapes:
        c.fail("(union ...) needs shapes")
    return union(*shapes)


def known(c: CompileContext, value, what: str):
    """A board measure given as a number or as arithmetic on numbers (``(* 3 3)``,
    Ludii's dimension functions): its value, known before play."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    const = getattr(value, "const", None)
    if const is None and callable(getattr(value, "fn", None)):
        from ludeme.compile.fold import constant

        const = constant(value.fn)
    if not isinstance(const, (int, float)) or isinstance(const, bool):
        c.fail(f"{what} must be known before play: a number, or arithmetic on numbers")
    return const


@ludeme("shift", T.Shape)
def shift_shape(c: CompileContext, dx: (T.Int, T.Float, T.IntFn), dy: (T.Int, T.Float, T.IntFn),
                shape: T.Shape):
    """A shape moved right by ``dx`` and up by ``dy`` (one unit is a square's side;
    either may be arithmetic on numbers, ``(- 7 1)``)."""
    return shift(known(c, dx, "the shift"), known(c, dy, "the shift"), shape)


@ludeme("scale", T.Shape)
def scale_shape(c: CompileContext, sx: (T.Int, T.Float), sy: (T.Int, T.Float) = None,
                shape: T.Shape = None):
    """A shape stretched ``sx`` times across and ``sy`` times up (``sx`` both ways when
    ``sy`` is left out)."""
    if shape is None and isinstance(sy, Shape):
        shape, sy = sy, None
    if shape is None:
        c.fail("(scale ...) needs a shape")
    return scale(sx, sx if sy is None else sy, shape)


@ludeme("rotate", T.Shape)
def rotate_shape(c: CompileContext, degrees: (T.Int, T.Float), shape: T.Shape):
    """A shape turned ``degrees`` counter-clockwise about its middle."""
    return rotate(degrees, shape)


@ludeme("remove", T.Shape)
def remove_cells(c: CompileContext, shape: T.Shape, *,
                 cells: (T.ListOf(T.Int), T.ListOf(T.Str)) = None,
                 vertices: T.ListOf(T.Int) = None, edges: T.ListOf(T.Any) = None):
    """A shape without some cells (Ludii's indices, ``cells:{0 4}``, or labels on the
    whole shape, ``cells:{"a1"}``), points (``vertices:{...}``, with their lines and
    cells) and lines (``edges:{{0 1} ...}`` by their end points' numbers, or
    ``edges:{{{0 0} {1 1}} ...}`` by their positions; with their cells)."""
    from ludeme.ludemes.equipment.operators import plain, point

    pairs, at = [], []
    for e in plain(edges or []):
        if isinstance(e, list) and len(e) == 2 and all(isinstance(p, list) for p in e):
            at.append((point(c, e[0], "edges:"), point(c, e[1], "edges:")))
            continue
        if (not isinstance(e, list) or len(e) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in e)):
            c.fail("each of edges: is a pair of vertex numbers, {0 1}, or of points, "
                   "{{0 0} {1 1}}")
        pairs.append((e[0], e[1]))
    lines = pairs
    if at:
        def lines(g):
            from ludeme.board.operators import vertex_at

            found = [(vertex_at(g, a), vertex_at(g, b)) for a, b in at]
            return pairs + [(a.id, b.id) for a, b in found if a and b]
    cells = list(cells or [])
    if any(isinstance(x, str) for x in cells):
        labels = cells

        def pick(g):
            full = Board(g)
            drop = set()
            for label in labels:
                if label not in full.index["Cell"]:
                    from ludeme.errors import suggest

                    c.fail(f"no cell '{label}' on this shape",
                           suggest(label, full.index["Cell"]))
                drop.add(full.index["Cell"][label])
            return drop

        return remove(shape, pick, set(vertices or ()), lines)
    return remove(shape, set(cells), set(vertices or ()), lines)


@ludeme("piece", T.Item)
def piece(c: CompileContext, name: T.Str, owner: T.Role = "Each",
          facing: T.Direction = None, *, symbol: T.Str = "", value: T.Int = 0):
    """A kind of piece. ``Each`` gives every player one (named ``Disc1``, ``Disc2``...),
    ``P2`` only that player, ``Shared``/``Neutral`` a piece nobody owns. A compass
    direction after the owner is the way the piece faces (``(piece "Counter" P1 N)``;
    north when none), which directions relative to the piece (``Forward``, ``FR``,
    ...) turn from. ``symbol:`` is its prefix in move notation (``"K"``: ``Kd4-d6``).
    ``value:`` is a number the rules can read with ``(value Piece at:...)`` (a size, a
    strength; 0 by default). Ludii: ``(piece <string> [<roleType>]
    [<directionFacing>] [<moves>] ...)``."""
    face = ""
    if facing is not None:
        from ludeme.board.steps import COMPASS

        if len(facing) != 1 or facing[0] not in COMPASS:
            c.fail("a piece faces one compass direction (N, NE, E, ...)")
        face = facing[0]
    # the piece's own facing; its owner's direction, when the player has one, comes
    # first (``CompileContext.facing_of``)
    if owner.name in ("Each", "All"):
        for p in range(1, c.num_players + 1):
            c.pieces.add(name, p, symbol, value, face)
    elif owner.const is not None:
        c.pieces.add(name, owner.const, symbol, value, face)
    else:
        c.fail(f"a piece belongs to Each, Shared or a player, not {owner.name}")
    return None


@ludeme("regions", T.Item)
def regions(c: CompileContext, name: T.Str = None, owner: T.Role = None,
            *groups: T.ListOf(T.Region)):
    """A named region (``(regions "Throne" (sites {"d4"}))``, used as
    ``(sites "Throne")``), or a player's goal regions (``(regions P1 {(sites Side N)
    (sites Side S)})``) that ``(is Connected ...)`` joins. Without a name or a player,
    each region is a group a deduction puzzle's ``(all Different)`` checks."""
    sites = [r for group in groups for r in group]
    if not sites:
        c.fail("(regions ...) needs sites")
    if name is None and owner is None:
        # Ludii's unnamed regions: each region a group a puzzle's constraints read
        from ludeme.ludemes.equipment.puzzle import declare_groups

        declare_groups(c, sites)
        return None
    declare_region(c, name, owner, sites)
    return None


@ludeme("regions", T.Item)
def regions_of_sites(c: CompileContext, name: T.Str = None, owner: T.Role = None,
                     sites: T.ListOf(T.Int) = ()):
    """A region given by its site numbers, as Ludii's ``(regions "Palace" P1 {4 12 14
    22})``: one region (the numbers are sites of the board's default site type)."""
    if not sites:
        c.fail("(regions ...) needs sites")
    if name is None and owner is None:
        c.fail("(regions ...) needs a name or a player")
    region = RegionV.of(tuple(c.site_of(x) for x in sites))
    declare_region(c, name, owner, [region])
    return None


def declare_region(c: CompileContext, name: str | None, owner, sites: list) -> None:
    """Record a region of the equipment: by name (``(sites "Name")`` is every region of
    that name, whoever owns it, as in Ludii), by owner (``(sites P1)``), and in the list
    ``(sites P1 "Name")`` searches."""
    from ludeme.compile.compiler import union_regions

    region = union_regions(list(sites))
    if owner is not None and owner.const is None:
        c.fail("a player's regions belong to P1, P2, ...")
    if name is not None:
        if name in c.regions:  # one name for several players' regions: all of them
            region_all = union_regions([c.regions[name][1], region])
            c.regions[name] = (None, region_all)
        else:
            c.regions[name] = (owner.name if owner else None, region)
    c.region_list = getattr(c, "region_list", []) + [
        (name or "", owner.const if owner is not None else 0, region)]
    if owner is not None:
        c.player_regions.setdefault(owner.const, []).extend(sites)


__all__ = ["RegionV", "Shape"]
