"""A board as a graph of sites with every relation precomputed as tuples.

The geometry is Ludii's (``tiling`` builds and numbers the graph, ``measure`` finds its
regions, ``steps`` its directions), so that each cell, vertex and edge has Ludii's
index, coordinate label and position. Sites of the kinds a game uses share one index
space, cells first, then vertices, then edges; within a kind, site ``offset[kind] + i``
is Ludii's element ``i``. Compiled rules index these tables; nothing here runs per move.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import SimpleNamespace

from ludeme.board import measure as M
from ludeme.board.steps import ADJ, ALL, COMPASS, DIAG, OFF, ORTH, radials, same_type_steps
from ludeme.board.tiling import Graph
from ludeme.errors import LudemeError

CELL, VERTEX, EDGE = "Cell", "Vertex", "Edge"
SITE_TYPES = (CELL, VERTEX, EDGE)

# The eight principal compass points (a placed piece's facing uses these, in this order).
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
OPPOSITE = {d: COMPASS[(i + 8) % 16] for i, d in enumerate(COMPASS)}

# Relations: which neighbours a step or slide may use.
ORTHOGONAL, DIAGONAL, ADJACENT = "Orthogonal", "Diagonal", "Adjacent"
OFF_DIAGONAL, ALL_REL = "OffDiagonal", "All"
RELATIONS = (ORTHOGONAL, DIAGONAL, ADJACENT, OFF_DIAGONAL, ALL_REL)
_BIT = {ORTHOGONAL: ORTH, DIAGONAL: DIAG, ADJACENT: ADJ, OFF_DIAGONAL: OFF, ALL_REL: ALL}

REGION_BITS = {"Perimeter": M.PERIMETER, "Outer": M.OUTER, "Inner": M.INNER,
               "Corners": M.CORNER, "CornersConvex": M.CONVEX, "CornersConcave": M.CONCAVE,
               "Major": M.MAJOR, "Minor": M.MINOR, "Centre": M.CENTRE, "Top": M.TOP,
               "Bottom": M.BOTTOM, "Left": M.LEFT, "Right": M.RIGHT}


def column_letters(i: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa (like spreadsheet columns, lower case)."""
    return M.column_label(i).lower()


class _Labels(dict):
    """Label -> site, ignoring case (Ludii writes "A1", ludeme's notation "a1")."""

    def __getitem__(self, key):
        return super().__getitem__(key.lower() if isinstance(key, str) else key)

    def get(self, key, default=None):
        return super().get(key.lower() if isinstance(key, str) else key, default)

    def __contains__(self, key) -> bool:
        return super().__contains__(key.lower() if isinstance(key, str) else key)


def _group(els: list, attr: str) -> list[list]:
    """The elements by their row (or column) number, each line in element order."""
    lines: list[list] = [[] for _ in range(max((getattr(ge, attr) for ge in els), default=-1) + 1)]
    for ge in els:
        lines[getattr(ge, attr)].append(ge)
    return lines


class Board:
    """Sites, labels, coordinates and relations of one board.

    Tables (all tuples, indexed by site):
      ``step[rel][dir][s]``  the neighbour of s in compass direction dir under relation
                             rel (Orthogonal, Diagonal, Adjacent, OffDiagonal, All), or -1
      ``nbrs[rel][s]``       the neighbours of s under rel
      ``ray[dir][s]``        the sites beyond s in direction dir (Ludii's radial)
      ``edge_ends[e]``       the two vertex sites of edge e (when vertices are in use)
      ``vertex_edges[v]``    edges incident to vertex v
      ``cell_edges[c]``, ``cell_vertices[c]``
    ``labels[s]`` is Ludii's coordinate label in lower case (``"a1"``; ``ludii_labels``
    keeps Ludii's own case); lookups by label ignore case.
    """

    def __init__(self, shape, use: Iterable[str] = (CELL,), *, boardless: bool = False):
        use = tuple(use)
        # a boardless container keeps the measured labels even where two coincide
        # (Ludii relabels by position only on a board)
        self.boardless = boardless
        order = tuple(t for t in SITE_TYPES if t in set(use))
        if not order:
            raise LudemeError("a board needs at least one site type")
        graph = shape if isinstance(shape, Graph) else shape.graph(use[0])
        self.graph = graph
        self.kind = graph.basis or "custom"
        self.shape = SimpleNamespace(kind=self.kind, label_style="ColumnRow")
        self.use = order
        self.default_type = use[0] if use[0] in order else order[0]
        if CELL in order and self.default_type != CELL and use[0] != self.default_type:
            self.default_type = CELL
        if not graph.faces and CELL in order:
            raise LudemeError("this board has no cells; use:Vertex plays on its points")
        self.perimeters = M.measure(graph, order)
        self._build_index()
        self._build_relations()
        self._build_regions()

    # -- sites --------------------------------------------------------------------------
    def _elements(self, t: str) -> list:
        return self.graph.elements(t)

    def _build_index(self) -> None:
        offset: dict[str, int] = {}
        count: dict[str, int] = {}
        total = 0
        for t in self.use:
            offset[t] = total
            count[t] = len(self._elements(t))
            total += count[t]
        self.offset, self.count, self.n_sites = offset, count, total
        self.sites = {t: tuple(range(offset[t], offset[t] + count[t])) for t in self.use}
        site_type: list[str] = []
        coords: list[tuple[float, float]] = []
        labels: list[str] = []
        self.index: dict[str, dict[str, int]] = {t: _Labels() for t in self.use}
        self._lines: dict[str, dict[str, list[list]]] = {}
        self.row_of: list[int] = []
        self.col_of: list[int] = []
        for t in self.use:
            els = self._elements(t)
            dup = self.graph.duplicate.get(t, False)
            if dup:
                self._rows_cols_by_position(t, els)
            for ge in els:
                site_type.append(t)
                coords.append((ge.x, ge.y))
                if t == EDGE:
                    lab = str(ge.id)
                elif dup and not self.boardless:
                    lab = f"{M.column_label(ge.col)}{ge.row + 1}"
                else:
                    lab = ge.label
                labels.append(lab)
                self.row_of.append(ge.row)
                self.col_of.append(ge.col)
        self.site_type = tuple(site_type)
        self.coords = tuple(coords)
        self.ludii_labels = tuple(labels)
        # edges are named by their end points ("a1-b1"), which reads better than a number
        if EDGE in self.use:
            for i, e in enumerate(self._elements(EDGE)):
                a, b = sorted((e.a, e.b), key=lambda v: v.id)
                labels[offset[EDGE] + i] = f"{a.label.lower()}-{b.label.lower()}"
        self.labels = tuple(lab.lower() for lab in labels)
        for s, lab in enumerate(self.labels):
            t = site_type[s]
            self.index[t].setdefault(lab, s)
            if t == EDGE:
                self.index[t].setdefault(self.ludii_labels[s], s)

    def _rows_cols_by_position(self, t: str, els: list) -> None:
        """Ludii's fallback when two elements would share a label: rows by height and
        columns by x, 0.001 apart. Each value in turn claims every element near it, so an
        element near two values is in both lines and numbered by the higher."""
        lines = {}
        for attr, key in (("row", "y"), ("col", "x")):
            vals: list[float] = []
            for ge in els:
                v = getattr(ge, key)
                if not any(abs(v - u) < 0.001 for u in vals):
                    vals.append(v)
            vals.sort()
            lines[attr] = [[ge for ge in els if abs(getattr(ge, key) - u) < 0.001]
                           for u in vals]
            for j, members in enumerate(lines[attr]):
                for ge in members:
                    setattr(ge, attr, j)
        self._lines[t] = lines

    # -- relations ----------------------------------------------------------------------
    def _build_relations(self) -> None:
        n = self.n_sites
        off = self.offset
        nbrs = {r: [()] * n for r in RELATIONS}
        step = {r: {d: [-1] * n for d in COMPASS} for r in RELATIONS}
        ray: dict[str, list[tuple[int, ...]]] = {d: [()] * n for d in COMPASS}
        self.steps_by_dir: list[dict[str, tuple[int, ...]]] = [{} for _ in range(n)]
        supported = {r: set() for r in RELATIONS}
        for t in self.use:
            o = off[t]
            table = same_type_steps(self.graph, t)
            default = t == self.default_type
            rels_of: dict[int, tuple[str, ...]] = {}
            for i, row in enumerate(table):
                s = o + i
                lists: dict[str, list[int]] = {r: [] for r in RELATIONS}
                by_dir: dict[str, list[int]] = {}
                for tid, bits, d in row:
                    to = o + tid
                    by_dir.setdefault(d, []).append(to)
                    rels = rels_of.get(bits)
                    if rels is None:
                        rels = rels_of[bits] = tuple(r for r in RELATIONS if bits & _BIT[r])
                    for rel in rels:
                        lists[rel].append(to)
                        column = step[rel][d]
                        if column[s] < 0:
                            column[s] = to
                        if default:
                            supported[rel].add(d)
                for rel, got in lists.items():
                    got.sort()
                    nbrs[rel][s] = tuple(got)
                self.steps_by_dir[s] = {d: tuple(v) for d, v in by_dir.items()}
            for i, rays in enumerate(radials(self.graph, t, table)):
                for d, line in rays.items():
                    ray[d][o + i] = tuple(o + x for x in line) if o else line
        self.nbrs = {r: tuple(v) for r, v in nbrs.items()}
        self.step = {r: {d: tuple(v) for d, v in ds.items()} for r, ds in step.items()}
        self.ray = {d: tuple(v) for d, v in ray.items()}
        # which directions the tiling has for the default site type (Ludii's supported
        # directions), clockwise from north
        self.directions = {rel: tuple(d for d in COMPASS if d in supported[rel])
                           for rel in RELATIONS}
        self._build_incidence()

    def _build_incidence(self) -> None:
        off = self.offset
        g = self.graph
        n = self.n_sites
        if VERTEX in self.use and EDGE in self.use:
            ov, oe = off[VERTEX], off[EDGE]
            self.edge_ends = tuple((ov + e.a.id, ov + e.b.id) for e in g.edges)
            ve: list[list[int]] = [[] for _ in range(n)]
            for e in g.edges:
                ve[ov + e.a.id].append(oe + e.id)
                ve[ov + e.b.id].append(oe + e.id)
            self.vertex_edges = tuple(tuple(sorted(x)) for x in ve)
            self.edge_between = {}
            for e in g.edges:
                self.edge_between[(ov + e.a.id, ov + e.b.id)] = oe + e.id
                self.edge_between[(ov + e.b.id, ov + e.a.id)] = oe + e.id
        if CELL in self.use and EDGE in self.use:
            oe = off[EDGE]
            self.cell_edges = tuple(tuple(oe + e.id for e in f.edges) for f in g.faces)
        if CELL in self.use and VERTEX in self.use:
            ov = off[VERTEX]
            self.cell_vertices = tuple(tuple(ov + v.id for v in f.vertices) for f in g.faces)

    # -- regions ------------------------------------------------------------------------
    def _build_regions(self) -> None:
        self.regions: dict[str, dict[str, tuple[int, ...]]] = {}
        self.sides: dict[str, dict[str, tuple[int, ...]]] = {}
        self.phases: dict[str, tuple[tuple[int, ...], ...]] = {}
        self.rows: dict[str, tuple[tuple[int, ...], ...]] = {}
        self.columns: dict[str, tuple[tuple[int, ...], ...]] = {}
        for t in self.use:
            o = self.offset[t]
            els = self._elements(t)
            self.regions[t] = {name: tuple(o + ge.id for ge in els if ge.props & bit)
                               for name, bit in REGION_BITS.items()}
            self.sides[t] = {d: tuple(o + ge.id for ge in els if ge.props & bit)
                             for d, bit in M.SIDE.items()}
            self.phases[t] = tuple(tuple(o + ge.id for ge in els if ge.props & bit)
                                   for bit in M.PHASES)
            lines = self._lines.get(t) or {attr: _group(els, attr) for attr in ("row", "col")}
            self.rows[t] = tuple(tuple(o + ge.id for ge in members) for members in lines["row"])
            self.columns[t] = tuple(tuple(o + ge.id for ge in members)
                                    for members in lines["col"])
        self.perimeter = {t: r["Perimeter"] for t, r in self.regions.items()}
        self.corners = {t: r["Corners"] for t, r in self.regions.items()}
        self.centre = {t: r["Centre"] for t, r in self.regions.items()}

    def rays_in(self, relation: str | None, d: str) -> tuple[tuple[int, ...], ...]:
        """Per site, the ray in compass direction ``d`` when its first step is one of the
        site's ``relation`` neighbours, else empty: Ludii's radials of an absolute
        direction such as Adjacent, which leave out a step that is not adjacent (a
        diagonal with no line drawn on a board of vertices). ``None``: every ray."""
        if relation is None:
            return self.ray[d]
        cache = self.__dict__.setdefault("_rays_in", {})
        got = cache.get((relation, d))
        if got is None:
            near = self.nbrs[relation]
            got = cache[(relation, d)] = tuple(
                r if r and r[0] in near[x] else () for x, r in enumerate(self.ray[d]))
        return got

    def side(self, t: str, direction: str) -> tuple[int, ...]:
        """Ludii's ``(sites Side direction)``: the perimeter run facing that way."""
        return self.sides[t].get(direction, ())

    # -- lookups ------------------------------------------------------------------------
    def site(self, label: str, t: str | None = None) -> int:
        """The site with this label (of type ``t``, default the board's main type)."""
        t = t or self.default_type
        try:
            return self.index[t][label.lower()]
        except KeyError:
            raise LudemeError(f"no {t.lower()} '{label}' on this board") from None

    def describe(self) -> str:
        plural = {CELL: "cells", VERTEX: "vertices", EDGE: "edges"}
        parts = [f"{self.count[t]} {plural[t]}" for t in self.use]
        return f"{self.kind} board, " + ", ".join(parts)
