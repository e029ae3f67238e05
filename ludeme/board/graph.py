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
# the relations a step's bits put it in, by bits (in the order of RELATIONS)
_RELS_OF = tuple(tuple(r for r in RELATIONS if bits & _BIT[r]) for bits in range(32))

REGION_BITS = {"Perimeter": M.PERIMETER, "Outer": M.OUTER, "Inner": M.INNER,
               "Corners": M.CORNER, "CornersConvex": M.CONVEX, "CornersConcave": M.CONCAVE,
               "Major": M.MAJOR, "Minor": M.MINOR, "Centre": M.CENTRE, "Top": M.TOP,
               "Bottom": M.BOTTOM, "Left": M.LEFT, "Right": M.RIGHT}


class Directions(tuple):
    """The compass directions a relation (Orthogonal, Diagonal, Adjacent, ...) has on a
    board, remembering the relation: Ludii steps and follows lines along a relation's own
    steps (``Board.rays_of``), so on a board of points where only some squares have
    diagonal lines, Adjacent's NE from a point with no such line is no step at all."""

    def __new__(cls, dirs: Iterable[str] = (), relation: str = "") -> Directions:
        self = super().__new__(cls, dirs)
        self.relation = relation
        return self


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
            if dup or self.graph.layered:
                self._rows_cols_by_position(t, els, self.graph.layered)
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

    def _rows_cols_by_position(self, t: str, els: list, layered: bool = False) -> None:
        """Ludii's fallback when two elements would share a label, and its rule on
        boards of stacked layers: rows by height and columns by x, 0.001 apart. Each
        value in turn claims every element near it, so an element near two values is in
        both lines and numbered by the higher. With layers, only the ground layer's
        elements give the values, and the lines take elements of every layer."""
        lines = {}
        for attr, key in (("row", "y"), ("col", "x")):
            vals: list[float] = []
            for ge in els:
                if layered and ge.z != 0.0:
                    continue
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
        self.steps_by_dir: list[dict[str, tuple[int, ...]]] = [{} for _ in range(n)]
        supported = {r: set() for r in RELATIONS}
        self._step_tables: dict[str, list] = {}
        self._relation_rays: dict[str, tuple[dict, dict]] = {}
        self._compass_rays: tuple[dict, dict] | None = None
        compass = step[ALL_REL]
        steps_by_dir = self.steps_by_dir
        for t in self.use:
            o = off[t]
            table = self._step_tables[t] = same_type_steps(self.graph, t)
            default = t == self.default_type
            seen: set[tuple[int, str]] = set()   # (relation bits, direction) of its steps
            for i, row in enumerate(table):
                s = o + i
                by_dir: dict[str, list[int]] = {}
                for tid, bits, d in row:
                    if d not in compass:
                        # a step up or down between stacked layers: a neighbour, but
                        # in none of the compass directions
                        continue
                    to = o + tid
                    got = by_dir.get(d)
                    if got is None:
                        by_dir[d] = [to]
                    else:
                        got.append(to)
                    for rel in _RELS_OF[bits]:
                        column = step[rel][d]
                        if column[s] < 0:
                            column[s] = to
                    if default:
                        seen.add((bits, d))
                for rel, bit in _BIT.items():
                    nbrs[rel][s] = tuple(sorted([o + tid for tid, bits, _d in row if bits & bit]))
                steps_by_dir[s] = {d: tuple(v) for d, v in by_dir.items()}
            for bits, d in seen:
                for rel in _RELS_OF[bits]:
                    supported[rel].add(d)
        self.nbrs = {r: tuple(v) for r, v in nbrs.items()}
        self.step = {r: {d: tuple(v) for d, v in ds.items()} for r, ds in step.items()}
        # which directions the tiling has for the default site type (Ludii's supported
        # directions), clockwise from north
        self.directions = {rel: Directions((d for d in COMPASS if d in supported[rel]), rel)
                           for rel in RELATIONS}
        self._build_incidence()

    @property
    def ray(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """``ray[dir][site]``: the sites beyond ``site`` along ``dir`` (Ludii's radial,
        the first one where a site has several steps in one direction). Built on first
        use: many games never follow a line."""
        return self._all_rays()[0]

    def _all_rays(self) -> tuple[dict, dict]:
        """The compass rays: the first line per direction and site, and where a site
        has several steps in one direction, all their lines (Ludii has a radial per
        step)."""
        if self._compass_rays is None:
            ray: dict[str, list[tuple[int, ...]]] = {d: [()] * self.n_sites for d in COMPASS}
            more: dict[str, dict[int, tuple]] = {d: {} for d in COMPASS}
            for t in self.use:
                o = self.offset[t]
                for i, rays in enumerate(radials(self.graph, t, self._step_tables[t])):
                    for d, lines in rays.items():
                        if d not in ray:
                            continue   # up or down between stacked layers: no compass ray
                        if o:
                            lines = tuple(tuple(o + x for x in line) for line in lines)
                        ray[d][o + i] = lines[0]
                        if len(lines) > 1:
                            more[d][o + i] = lines
            self._compass_rays = ({d: tuple(v) for d, v in ray.items()},
                                  {d: m for d, m in more.items() if m})
        return self._compass_rays

    def rays_of(self, dirs: Iterable[str] | None) -> dict[str, tuple[tuple[int, ...], ...]]:
        """The lines (``ray[dir][site]``) that steps, slides and hops along ``dirs`` follow,
        the first line per direction (``lines_of`` has them all). Compass directions
        follow ``ray``, every step of the tiling in that direction. A relation's
        directions (``Directions``, from Orthogonal, Diagonal, Adjacent, OffDiagonal)
        follow that relation's steps only, as Ludii's radials do: a line starts with a
        step of the relation and goes on by the straightest step of the relation (turning
        by less than 0.25 radians). On most boards both are the same lines in the
        relation's directions; they differ where the relation has only some of a
        direction's steps, like the diagonal lines of some squares only on a board of
        points."""
        return self._rays(dirs)[0]

    def lines_of(self, dirs: Iterable[str]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per site, every line along ``dirs`` (as ``rays_of``), in the order of ``dirs``:
        one per step, so two where a site has two steps in one direction (Ludii's
        radials), the empty ones left out."""
        first, more = self._rays(dirs)
        none: dict[int, tuple] = {}

        def lines(d: str, x: int) -> tuple[tuple[int, ...], ...]:
            return more.get(d, none).get(x) or (first[d][x],)

        return tuple(tuple(line for d in dirs for line in lines(d, x) if line)
                     for x in range(self.n_sites))

    def _rays(self, dirs) -> tuple[dict, dict]:
        rel = getattr(dirs, "relation", None)
        if rel is None or rel == ALL_REL:
            return self._all_rays()
        got = self._relation_rays.get(rel)
        if got is None:
            got = self._relation_rays[rel] = self._build_relation_rays(rel)
        return got

    def _build_relation_rays(self, rel: str) -> tuple[dict, dict]:
        bit = _BIT[rel]
        ray: dict[str, list[tuple[int, ...]]] = {d: [()] * self.n_sites for d in COMPASS}
        more: dict[str, dict[int, tuple]] = {d: {} for d in COMPASS}
        for t in self.use:
            o = self.offset[t]
            table = [[step for step in row if step[1] & bit] for row in self._step_tables[t]]
            for i, rays in enumerate(radials(self.graph, t, table, by_direction=False)):
                for d, lines in rays.items():
                    if o:
                        lines = tuple(tuple(o + x for x in line) for line in lines)
                    ray[d][o + i] = lines[0]
                    if len(lines) > 1:
                        more[d][o + i] = lines
        out = {d: tuple(v) for d, v in ray.items()}
        more = {d: m for d, m in more.items() if m}
        return out, more

    def step_targets(self, dirs: Iterable[str]) -> tuple[tuple[int, ...], ...]:
        """Per site, the sites one step away along ``dirs``, as Ludii's ``steps``: every
        step of the tiling in each compass direction, or every step of a relation's
        (``Directions``), clockwise from north; each site once."""
        rel = getattr(dirs, "relation", None)
        if rel is not None:
            bit = _BIT[rel]
            out: list[tuple[int, ...]] = []
            for t in self.use:
                o = self.offset[t]
                out.extend(tuple(o + tid for tid, bits, _d in row if bits & bit)
                           for row in self._step_tables[t])
            return tuple(out)
        by_dir = self.steps_by_dir
        return tuple(tuple(dict.fromkeys(y for d in dirs for y in by_dir[x].get(d, ())))
                     for x in range(self.n_sites))

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
