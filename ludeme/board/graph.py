"""A board as a graph of sites with every relation precomputed as tuples.

Sites of the kinds a game uses (cells, vertices, edges) share one index space,
cells first, then vertices, then edges. Compiled rules index these tables; nothing
here runs per move.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ludeme.board.shapes import Shape
from ludeme.errors import LudemeError

CELL, VERTEX, EDGE = "Cell", "Vertex", "Edge"
SITE_TYPES = (CELL, VERTEX, EDGE)

# Compass directions and their angles (degrees, counter-clockwise from east).
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ANGLE = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}
OPPOSITE = {d: DIRECTIONS[(i + 4) % 8] for i, d in enumerate(DIRECTIONS)}

# Relations: which neighbours a step or slide may use.
ORTHOGONAL, DIAGONAL, ADJACENT = "Orthogonal", "Diagonal", "Adjacent"
RELATIONS = (ORTHOGONAL, DIAGONAL, ADJACENT)


def _direction_of(dx: float, dy: float) -> str:
    ang = math.degrees(math.atan2(dy, dx)) % 360
    best = min(ANGLE, key=lambda d: min(abs(ANGLE[d] - ang), 360 - abs(ANGLE[d] - ang)))
    return best


def column_letters(i: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa (like spreadsheet columns, lower case)."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(97 + r) + s
    return s


class Board:
    """Sites, labels, coordinates and relations of one board.

    Tables (all tuples, indexed by site):
      ``step[rel][dir][s]``  the neighbour of s in direction dir under relation rel, or -1
      ``nbrs[rel][s]``       the neighbours of s under rel
      ``ray[dir][s]``        the sites beyond s in direction dir (same relation as the step)
      ``edge_ends[e]``       the two vertex sites of edge e (when vertices are in use)
      ``vertex_edges[v]``    edges incident to vertex v
      ``cell_edges[c]``, ``cell_vertices[c]``, ``edge_cells[e]``
    """

    def __init__(self, shape: Shape, use: Iterable[str] = (CELL,)):
        use = tuple(t for t in SITE_TYPES if t in set(use))
        if not use:
            raise LudemeError("a board needs at least one site type")
        self.shape = shape
        self.kind = shape.kind
        self.use = use
        self.default_type = use[0] if CELL not in use else CELL
        self._build_geometry()
        self._build_index()
        self._build_relations()
        self._build_regions()

    # -- geometry -------------------------------------------------------------------
    def _build_geometry(self) -> None:
        key = lambda p: (round(p[0], 6), round(p[1], 6))  # noqa: E731
        vid: dict[tuple[float, float], int] = {}
        vcoords: list[tuple[float, float]] = []
        cell_vs: list[tuple[int, ...]] = []
        eid: dict[tuple[int, int], int] = {}
        ends: list[tuple[int, int]] = []
        cell_es: list[tuple[int, ...]] = []
        for cell in self.shape.cells:
            vs = []
            for p in cell.corners:
                k = key(p)
                if k not in vid:
                    vid[k] = len(vcoords)
                    vcoords.append(k)
                vs.append(vid[k])
            cell_vs.append(tuple(vs))
            es = []
            for a, b in zip(vs, vs[1:] + vs[:1], strict=True):
                e = (min(a, b), max(a, b))
                if e not in eid:
                    eid[e] = len(ends)
                    ends.append(e)
                es.append(eid[e])
            cell_es.append(tuple(es))
        # number vertices row by row from the bottom left, so indices read like the board
        order = sorted(range(len(vcoords)), key=lambda i: (vcoords[i][1], vcoords[i][0]))
        new = {old: n for n, old in enumerate(order)}
        self._vcoords = [vcoords[i] for i in order]
        self._cell_vs = [tuple(new[v] for v in vs) for vs in cell_vs]
        ends = [tuple(sorted((new[a], new[b]))) for a, b in ends]
        eorder = sorted(range(len(ends)), key=lambda i: ends[i])
        enew = {old: n for n, old in enumerate(eorder)}
        self._ends = [ends[i] for i in eorder]
        self._cell_es = [tuple(enew[e] for e in es) for es in cell_es]

    def _build_index(self) -> None:
        cells = self.shape.cells
        nc, nv, ne = len(cells), len(self._vcoords), len(self._ends)
        offset: dict[str, int] = {}
        count = {CELL: nc, VERTEX: nv, EDGE: ne}
        total = 0
        for t in self.use:
            offset[t] = total
            total += count[t]
        self.offset = offset
        self.count = {t: count[t] for t in self.use}
        self.n_sites = total
        self.site_type: list[str] = []
        self.coords: list[tuple[float, float]] = []
        for t in self.use:
            self.site_type += [t] * count[t]
            if t == CELL:
                self.coords += [c.centre for c in cells]
            elif t == VERTEX:
                self.coords += list(self._vcoords)
            else:
                self.coords += [((self._vcoords[a][0] + self._vcoords[b][0]) / 2,
                                 (self._vcoords[a][1] + self._vcoords[b][1]) / 2)
                                for a, b in self._ends]
        self.sites = {t: tuple(range(offset[t], offset[t] + count[t])) for t in self.use}
        self.site_type = tuple(self.site_type)
        self.coords = tuple(self.coords)
        # Labels: cells and vertices by grid column/row; edges by their two end points.
        self.labels: list[str] = [""] * total
        self.index: dict[str, dict[str, int]] = {t: {} for t in self.use}
        if CELL in self.use:
            self._label_cells()
        if VERTEX in self.use or EDGE in self.use:
            vlabels = self._vertex_labels()
            if VERTEX in self.use:
                for i, lab in enumerate(vlabels):
                    self._set_label(offset[VERTEX] + i, VERTEX, lab)
            if EDGE in self.use:
                for i, (a, b) in enumerate(self._ends):
                    la, lb = sorted((vlabels[a], vlabels[b]), key=self._label_order(vlabels))
                    self._set_label(offset[EDGE] + i, EDGE, f"{la}-{lb}")
        self.labels = tuple(self.labels)

    def _label_order(self, vlabels):
        order = {lab: i for i, lab in enumerate(vlabels)}
        return lambda lab: order[lab]

    def _set_label(self, site: int, t: str, label: str) -> None:
        self.labels[site] = label
        self.index[t][label] = site

    def _label_cells(self) -> None:
        cells = self.shape.cells
        off = self.offset[CELL]
        if self.shape.label_style == "RowPosition":
            rows: dict[int, list[int]] = {}
            for i, c in enumerate(cells):
                rows.setdefault(c.row, []).append(i)
            for rank, r in enumerate(sorted(rows)):
                for pos, i in enumerate(sorted(rows[r], key=lambda i: cells[i].centre[0])):
                    self._set_label(off + i, CELL, f"{column_letters(rank)}{pos + 1}")
        else:
            c0 = min(c.col for c in cells)
            r0 = min(c.row for c in cells)
            for i, c in enumerate(cells):
                self._set_label(off + i, CELL, f"{column_letters(c.col - c0)}{c.row - r0 + 1}")

    def _vertex_labels(self) -> list[str]:
        xs = sorted({x for x, _ in self._vcoords})
        ys = sorted({y for _, y in self._vcoords})
        xi = {x: i for i, x in enumerate(xs)}
        yi = {y: i for i, y in enumerate(ys)}
        return [f"{column_letters(xi[x])}{yi[y] + 1}" for x, y in self._vcoords]

    # -- relations --------------------------------------------------------------------
    def _build_relations(self) -> None:
        n = self.n_sites
        pairs: dict[str, set[tuple[int, int]]] = {r: set() for r in RELATIONS}
        off = self.offset

        def add(rel: str, a: int, b: int) -> None:
            pairs[rel].add((a, b))
            pairs[rel].add((b, a))

        # cells: orthogonal = share an edge, diagonal = share only a corner
        if CELL in self.use:
            by_edge: dict[int, list[int]] = {}
            by_vertex: dict[int, list[int]] = {}
            for ci, (es, vs) in enumerate(zip(self._cell_es, self._cell_vs, strict=True)):
                for e in es:
                    by_edge.setdefault(e, []).append(ci)
                for v in vs:
                    by_vertex.setdefault(v, []).append(ci)
            ortho = set()
            for cs in by_edge.values():
                for a in cs:
                    for b in cs:
                        if a != b:
                            ortho.add((a, b))
                            add(ORTHOGONAL, off[CELL] + a, off[CELL] + b)
            for cs in by_vertex.values():
                for a in cs:
                    for b in cs:
                        if a != b and (a, b) not in ortho:
                            add(DIAGONAL, off[CELL] + a, off[CELL] + b)
        # vertices: orthogonal = joined by an edge, diagonal = opposite corners of a cell
        if VERTEX in self.use:
            for a, b in self._ends:
                add(ORTHOGONAL, off[VERTEX] + a, off[VERTEX] + b)
            edges = set(self._ends)
            for vs in self._cell_vs:
                for a in vs:
                    for b in vs:
                        if a < b and (a, b) not in edges:
                            add(DIAGONAL, off[VERTEX] + a, off[VERTEX] + b)
        # edges: adjacent when they share an end point (orthogonal too, for steps)
        if EDGE in self.use:
            at: dict[int, list[int]] = {}
            for ei, (a, b) in enumerate(self._ends):
                at.setdefault(a, []).append(ei)
                at.setdefault(b, []).append(ei)
            for es in at.values():
                for a in es:
                    for b in es:
                        if a != b:
                            add(ORTHOGONAL, off[EDGE] + a, off[EDGE] + b)
        pairs[ADJACENT] = pairs[ORTHOGONAL] | pairs[DIAGONAL]

        coords = self.coords
        self.nbrs: dict[str, tuple[tuple[int, ...], ...]] = {}
        self.step: dict[str, dict[str, tuple[int, ...]]] = {}
        for rel in RELATIONS:
            lists: list[list[int]] = [[] for _ in range(n)]
            steps = {d: [-1] * n for d in DIRECTIONS}
            for a, b in sorted(pairs[rel]):
                lists[a].append(b)
                if self.site_type[a] != EDGE:
                    d = _direction_of(coords[b][0] - coords[a][0], coords[b][1] - coords[a][1])
                    steps[d][a] = b
            self.nbrs[rel] = tuple(tuple(x) for x in lists)
            self.step[rel] = {d: tuple(v) for d, v in steps.items()}
        # which directions the tiling has (for a cell/vertex of the default type)
        self.directions = {
            rel: tuple(d for d in DIRECTIONS if any(s >= 0 for s in self.step[rel][d]))
            for rel in RELATIONS
        }
        self.ray: dict[str, tuple[tuple[int, ...], ...]] = {}
        for d in DIRECTIONS:
            st = self.step[ADJACENT][d]
            rays = []
            for s in range(n):
                r, cur = [], st[s]
                while cur >= 0 and len(r) <= n:
                    r.append(cur)
                    cur = st[cur]
                rays.append(tuple(r))
            self.ray[d] = tuple(rays)
        # incidence
        if VERTEX in self.use and EDGE in self.use:
            ov, oe = off[VERTEX], off[EDGE]
            self.edge_ends = tuple((ov + a, ov + b) for a, b in self._ends)
            ve: list[list[int]] = [[] for _ in range(n)]
            for ei, (a, b) in enumerate(self._ends):
                ve[ov + a].append(oe + ei)
                ve[ov + b].append(oe + ei)
            self.vertex_edges = tuple(tuple(x) for x in ve)
            # the edge between two vertices
            self.edge_between = {}
            for ei, (a, b) in enumerate(self._ends):
                self.edge_between[(ov + a, ov + b)] = oe + ei
                self.edge_between[(ov + b, ov + a)] = oe + ei
        if CELL in self.use and EDGE in self.use:
            oe = off[EDGE]
            self.cell_edges = tuple(tuple(oe + e for e in es) for es in self._cell_es)
        if CELL in self.use and VERTEX in self.use:
            ov = off[VERTEX]
            self.cell_vertices = tuple(tuple(ov + v for v in vs) for vs in self._cell_vs)

    # -- regions ----------------------------------------------------------------------
    def _build_regions(self) -> None:
        self.perimeter: dict[str, tuple[int, ...]] = {}
        self.corners: dict[str, tuple[int, ...]] = {}
        self.centre: dict[str, tuple[int, ...]] = {}
        self.rows: dict[str, tuple[tuple[int, ...], ...]] = {}
        self.columns: dict[str, tuple[tuple[int, ...], ...]] = {}
        for t in self.use:
            sites = self.sites[t]
            if t == CELL:
                # a cell is on the perimeter when one of its edges borders no other cell
                owners: dict[int, int] = {}
                for es in self._cell_es:
                    for e in es:
                        owners[e] = owners.get(e, 0) + 1
                per = tuple(self.offset[CELL] + ci for ci, es in enumerate(self._cell_es)
                            if any(owners[e] == 1 for e in es))
            else:
                full = max((len(self.nbrs[ORTHOGONAL][s]) for s in sites), default=0)
                per = tuple(s for s in sites if len(self.nbrs[ORTHOGONAL][s]) < full)
            self.perimeter[t] = per
            if t == CELL:
                minimal = min((len(self.nbrs[ORTHOGONAL][s]) for s in per), default=0)
                self.corners[t] = tuple(s for s in per
                                        if len(self.nbrs[ORTHOGONAL][s]) == minimal)
            else:
                minimal = min((len(self.nbrs[ORTHOGONAL][s]) for s in sites), default=0)
                self.corners[t] = tuple(s for s in sites
                                        if len(self.nbrs[ORTHOGONAL][s]) == minimal)
            cx = sum(self.coords[s][0] for s in sites) / len(sites)
            cy = sum(self.coords[s][1] for s in sites) / len(sites)
            dist = {s: round((self.coords[s][0] - cx) ** 2 + (self.coords[s][1] - cy) ** 2, 6)
                    for s in sites}
            best = min(dist.values())
            self.centre[t] = tuple(s for s in sites if dist[s] == best)
            ys = sorted({round(self.coords[s][1], 6) for s in sites})
            xs = sorted({round(self.coords[s][0], 6) for s in sites})
            self.rows[t] = tuple(tuple(s for s in sites if round(self.coords[s][1], 6) == y)
                                 for y in ys)
            self.columns[t] = tuple(tuple(s for s in sites if round(self.coords[s][0], 6) == x)
                                    for x in xs)

    def side(self, t: str, direction: str) -> tuple[int, ...]:
        """Perimeter sites with no neighbour in ``direction`` (for a direction the tiling
        lacks, none in either direction beside it)."""
        per = self.perimeter[t]
        st = self.step[ORTHOGONAL]
        if direction in self.directions[ORTHOGONAL]:
            return tuple(s for s in per if st[direction][s] < 0)
        i = DIRECTIONS.index(direction)
        left, right = DIRECTIONS[(i - 1) % 8], DIRECTIONS[(i + 1) % 8]
        return tuple(s for s in per if st[left][s] < 0 and st[right][s] < 0)

    # -- lookups ------------------------------------------------------------------------
    def site(self, label: str, t: str | None = None) -> int:
        """The site with this label (of type ``t``, default the board's main type)."""
        t = t or self.default_type
        try:
            return self.index[t][label]
        except KeyError:
            raise LudemeError(f"no {t.lower()} '{label}' on this board") from None

    def describe(self) -> str:
        plural = {CELL: "cells", VERTEX: "vertices", EDGE: "edges"}
        parts = [f"{self.count[t]} {plural[t]}" for t in self.use]
        return f"{self.kind} board, " + ", ".join(parts)
