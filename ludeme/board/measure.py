"""Properties of a graph's elements as Ludii measures them: perimeter, inner/outer,
extremes, corners, sides, phases, centre, rows, columns and coordinate labels.

Each element gets a bit set (``props``); ``Board`` turns the bits into region tables.
The computations follow Ludii's ``MeasureGraph`` so that ``(sites Side N)``, ``(sites
Corners)``, ``(sites Centre)``, ``(sites Phase 0)`` ... name the same sites as in Ludii.
"""

from __future__ import annotations

import math

import numpy as np

from ludeme.board.tiling import Graph

INNER, OUTER, PERIMETER, CENTRE, MAJOR, MINOR = 1, 2, 4, 8, 16, 32
CORNER, CONVEX, CONCAVE = 1024, 2048, 4096
PHASES = (1 << 20, 1 << 21, 1 << 22, 1 << 23)
LEFT, RIGHT, TOP, BOTTOM = 1 << 25, 1 << 26, 1 << 27, 1 << 28
SIDE = {"N": 1 << 40, "E": 1 << 41, "S": 1 << 42, "W": 1 << 43,
        "NE": 1 << 44, "SE": 1 << 45, "SW": 1 << 46, "NW": 1 << 47}
SIDES_MASK = 0xFF << 40
TYPES = ("Cell", "Vertex", "Edge")


def measure(g: Graph, types: tuple[str, ...] = TYPES) -> list:
    """Measure the elements; phases, centres and labels only for ``types`` (the others
    are still measured where these depend on them). Returns the perimeters (lists of
    vertices)."""
    for t in TYPES:
        for ge in g.elements(t):
            ge.props = 0
    perims = _perimeters(g)
    _inner_outer(g)
    _extremes(g)
    _major_minor(g)
    _corners(g, perims)
    sides(g, perims)
    for t in types:
        _phase(g, t)
    _situation(g, types)
    _centre(g, types)
    return perims


def point_in_polygon(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    """Whether (x, y) is inside the polygon, by crossing count (Ludii's
    Polygon.contains)."""
    odd = False
    j = len(poly) - 1
    for i in range(len(poly)):
        ix, iy = poly[i]
        jx, jy = poly[j]
        if ((iy < y <= jy) or (jy < y <= iy)) and (ix <= x or jx <= x):
            odd ^= ix + (y - iy) / (jy - iy) * (jx - ix) < x
        j = i
    return odd


def _follow_clockwise(start) -> list:
    if not start.edges:
        return [start]
    best, best_angle = None, 1e6
    for e in start.edges:
        to = e.other(start)
        ang = math.atan2(to.x - start.x, -(to.y - start.y))
        if ang < best_angle:
            best, best_angle = e, ang
    out = []
    v = start
    edge = best
    guard = 0
    while True:
        out.append(v)
        prev = v
        v = edge.other(v)
        i = v.edges.index(edge)
        n_e = len(v.edges)
        for n in range(1, n_e):
            edge = v.edges[(i + n) % n_e]
            if edge.other(v) is not prev:
                break
        guard += 1
        if v is start or guard > 100000:
            break
    return out


def points_in_polygon(xs: np.ndarray, ys: np.ndarray,
                      poly: list[tuple[float, float]]) -> np.ndarray:
    """``point_in_polygon`` for many points at once (the same arithmetic, per side)."""
    odd = np.zeros(len(xs), dtype=bool)
    j = len(poly) - 1
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in range(len(poly)):
            ix, iy = poly[i]
            jx, jy = poly[j]
            j = i
            if iy == jy:
                continue        # a level side is never crossed (both tests are strict)
            hit = (((iy < ys) & (ys <= jy)) | ((jy < ys) & (ys <= iy))) & \
                ((ix <= xs) | (jx <= xs))
            if hit.any():
                odd ^= hit & (ix + (ys - iy) / (jy - iy) * (jx - ix) < xs)
    return odd


def _perimeters(g: Graph) -> list:
    covered: set[int] = set()
    perims: list[list] = []
    while True:
        start, min_x = None, 1e6
        for v in g.vertices:
            if v.id not in covered and v.x < min_x:
                start, min_x = v, v.x
        if start is None:
            break
        per = _follow_clockwise(start)
        on = {v.id for v in per}
        covered |= on
        poly = [(v.x, v.y) for v in per]
        rest = [v for v in g.vertices if v.id not in covered]
        if rest:
            inside = points_in_polygon(np.array([v.x for v in rest]),
                                       np.array([v.y for v in rest]), poly)
            covered.update(v.id for v, yes in zip(rest, inside.tolist(), strict=True) if yes)
        perims.append(per)
    for pa in range(len(perims) - 1, -1, -1):
        x, y = perims[pa][0].x, perims[pa][0].y
        if any(pb != pa and point_in_polygon(x, y, [(v.x, v.y) for v in perims[pb]])
               for pb in range(len(perims))):
            del perims[pa]
    for per in perims:
        n = len(per)
        for i in range(n):
            a, b = per[i], per[(i + 1) % n]
            a.props |= PERIMETER
            b.props |= PERIMETER
            e = g.find_edge(a, b) if a is not b else None
            if e is not None:
                e.props |= PERIMETER
                f = e.left if e.left is not None else e.right
                if f is not None:
                    f.props |= PERIMETER
    return perims


def _inner_outer(g: Graph) -> None:
    for t in TYPES:
        for ge in g.elements(t):
            if ge.props & PERIMETER:
                ge.props |= OUTER
    for f in g.faces:
        if any(v.props & PERIMETER for v in f.vertices):
            f.props |= OUTER | PERIMETER
    for e in g.edges:
        if e.a.props & PERIMETER and e.b.props & PERIMETER and (e.left is None or e.right is None):
            e.props |= OUTER | PERIMETER
    for t in TYPES:
        for ge in g.elements(t):
            if not ge.props & OUTER:
                ge.props |= INNER


def _extremes(g: Graph) -> None:
    for t in TYPES:
        els = g.elements(t)
        if not els:
            continue
        min_x = min(e.x for e in els)
        max_x = max(e.x for e in els)
        min_y = min(e.y for e in els)
        max_y = max(e.y for e in els)
        for e in els:
            if e.x - min_x < 0.01:
                e.props |= LEFT
            if e.y - min_y < 0.01:
                e.props |= BOTTOM
            if max_x - e.x < 0.01:
                e.props |= RIGHT
            if max_y - e.y < 0.01:
                e.props |= TOP


def _major_minor(g: Graph) -> None:
    most = max((len(f.vertices) for f in g.faces), default=0)
    for f in g.faces:
        f.props |= MAJOR if len(f.vertices) == most else MINOR


def _distance_to_line(px, py, ax, ay, bx, by) -> float:
    dx, dy = bx - ax, by - ay
    if abs(dx) + abs(dy) < 1e-7:
        return math.hypot(px - ax, py - ay)
    a2 = (py - ay) * dx - (px - ax) * dy
    return math.sqrt(a2 * a2 / (dx * dx + dy * dy))


def _clockwise3(a, b, c) -> bool:
    return (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]) < 1e-7


def _corners_of(per: list) -> None:
    num = len(per)
    if num < 6:
        for v in per:
            v.props |= CORNER | CONVEX
        return
    pts = [(v.x, v.y) for v in per]
    scores = []
    for n in range(num):
        pt = pts[n]
        score = 0.0
        for k in range(1, 4):
            pa, pb = pts[(n - k) % num], pts[(n + k) % num]
            dist = _distance_to_line(pt[0], pt[1], pa[0], pa[1], pb[0], pb[1])
            if _clockwise3(pa, pt, pb):
                dist = -dist
            score += dist / k
        scores.append(score)
    scores = [(4.0 * scores[n] + scores[(n + 1) % num] + scores[(n - 1) % num]) / 6.0
              for n in range(num)]
    keep = [not (s < 0.32 or s < scores[n - 1] - 0.001 or s < scores[(n + 1) % num] - 0.001)
            for n, s in enumerate(scores)]
    # a neighbour almost as sharp as a corner is a corner too (one pass, in index order)
    n = 0
    while n < num:
        if keep[n]:
            if scores[(n - 1) % num] >= 0.95 * scores[n]:
                keep[(n - 1) % num] = True
            if scores[(n + 1) % num] >= 0.95 * scores[n]:
                keep[(n + 1) % num] = True
        n += 1
    for n in range(num):
        if keep[n]:
            per[n].props |= CORNER | CONVEX
    for n, s in enumerate(scores):
        if not (s > -0.25 or s > scores[n - 1] + 0.001 or s > scores[(n + 1) % num] + 0.001):
            per[n].props |= CORNER | CONCAVE


def _corners(g: Graph, perims: list) -> None:
    for per in perims:
        _corners_of(per)
    for v in g.vertices:
        if not v.props & CORNER:
            continue
        kind = CONCAVE if v.props & CONCAVE else CONVEX
        single = False
        for e in v.edges:
            if e.other(v).props & CORNER:
                e.props |= CORNER | kind
                f = e.left if e.left is not None else e.right
                if f is not None:
                    f.props |= CORNER | kind
                single = True
        if single:
            continue
        for e in v.edges:
            if not e.props & PERIMETER:
                continue
            e.props |= CORNER | kind
            if kind == CONCAVE:
                for f in v.faces:
                    if sum(1 for w in f.vertices if w.props & PERIMETER) == 1:
                        f.props |= CORNER | CONCAVE
            else:
                f = e.left if e.left is not None else e.right
                if f is not None:
                    f.props |= CORNER | CONVEX


def discrete_direction(ax: float, ay: float, bx: float, by: float, n: int = 16) -> int:
    arc = 2 * math.pi / n
    ang = math.atan2(by - ay, bx - ax)
    while ang < 0.0:
        ang += 2 * math.pi
    while ang > 2 * math.pi:
        ang -= 2 * math.pi
    return (int((ang + arc / 2) / arc) + n) % n


def _side_of(dirn: int) -> str:
    if dirn == 0:
        return "E"
    if dirn == 4:
        return "N"
    if dirn == 8:
        return "W"
    if dirn == 12:
        return "S"
    if 0 < dirn < 4:
        return "NE"
    if 4 < dirn < 8:
        return "NW"
    if 8 < dirn < 12:
        return "SW"
    return "SE"


def sides(g: Graph, perims: list, ludii_108: bool = False) -> None:
    """Side bits from the direction of each perimeter run between corners, seen from
    the centroid. ``ludii_108``: Ludii 1.0.8's rule (the run's run + 1 points divided
    by run), only for comparing with that version."""
    n_v = len(g.vertices)
    mx = sum(v.x for v in g.vertices) / n_v if n_v else 0.0
    my = sum(v.y for v in g.vertices) / n_v if n_v else 0.0
    for per in perims:
        num = len(per)
        for start in range(num):
            if not per[start].props & CORNER:
                continue
            to = start
            while True:
                to += 1
                if per[to % num].props & CORNER:
                    break
            run = to - start
            # the mean of the run's run + 1 points, corners included (Ludii after 1.0.8;
            # 1.0.8 divided by ``run``, which turns the sides of short runs)
            div = run if ludii_108 else run + 1
            ax = sum(per[(start + r) % num].x for r in range(run + 1)) / div
            ay = sum(per[(start + r) % num].y for r in range(run + 1)) / div
            bit = SIDE[_side_of(discrete_direction(mx, my, ax, ay))]
            for r in range(run + 1):
                per[(start + r) % num].props |= bit
    for v in g.vertices:
        if not v.props & CORNER:
            continue
        for bit in SIDE.values():
            if v.props & bit:
                for e in v.edges:
                    if e.other(v).props & bit:
                        e.props |= bit
                for f in v.faces:
                    f.props |= bit
    for v in g.vertices:
        s = v.props & SIDES_MASK
        if s:
            for e in v.edges:
                e.props |= s
            for f in v.faces:
                f.props |= s


def _nbors(g: Graph, t: str) -> list[list[int]]:
    """Each element's neighbours of its own type, as Ludii's ``nbors()`` lists them."""
    if t == "Vertex":
        return [[e.other(v).id for e in v.edges] for v in g.vertices]
    if t == "Edge":
        return [[o.id for o in e.a.edges if o is not e] + [o.id for o in e.b.edges if o is not e]
                for e in g.edges]
    return [[o.id for o in (e.other_face(f) for e in f.edges) if o is not None] for f in g.faces]


def _phase(g: Graph, t: str) -> None:
    """Colour the elements with phases 0-3 so that neighbours differ where they can,
    breadth first from the first uncoloured element (Ludii's measurePhase)."""
    from collections import deque

    els = g.elements(t)
    nbors = _nbors(g, t)
    low = [4] * len(els)          # the lowest phase bit set on each element (4: none)
    bits = [0] * len(els)

    def phases(ids: list[int]) -> int:
        out = 0
        for j in ids:
            if low[j] < 4:
                out |= 1 << low[j]
        return out

    while True:
        start = next((i for i in range(len(els)) if bits[i] == 0), None)
        if start is None:
            break
        bits[start] |= 1
        low[start] = 0
        queue = deque([start])
        visited = [False] * len(els)
        while queue:
            i = queue.popleft()
            if visited[i]:
                continue
            used = phases(nbors[i])
            phase = 0
            while phase < 4 and used >> phase & 1:
                phase += 1
            if phase < 4:
                bits[i] |= 1 << phase
                low[i] = min(low[i], phase)
            visited[i] = True
            for j in nbors[i]:
                if visited[j]:
                    continue
                if bin(phases(nbors[j])).count("1") > 1:
                    queue.appendleft(j)
                else:
                    queue.append(j)
    for ge, b in zip(els, bits, strict=True):
        for k in range(4):
            if b >> k & 1:
                ge.props |= PHASES[k]


def _bounds(els: list) -> tuple[float, float, float, float]:
    x0 = min(e.x for e in els)
    y0 = min(e.y for e in els)
    return x0, y0, max(e.x for e in els) - x0, max(e.y for e in els) - y0


def _cluster(els: list, kind: str, unit: float, theta: float,
             pts: tuple[np.ndarray, np.ndarray] | None = None) -> float:
    """Ludii's clustering of elements into rows (or columns): sort them by distance from
    a reference line at angle ``theta``, and start a new bucket wherever one is more
    than 0.6 ``unit`` from the running mean of the last. Sets each element's row (or
    col) and returns the fit's error (lower is better). ``pts`` are the elements' x and
    y as arrays (made here when not given)."""
    error, ids = _buckets(els, kind, unit, theta, pts)
    _assign(els, kind, ids)
    return error


def _assign(els: list, kind: str, ids: list[int]) -> None:
    attr = "row" if kind == "row" else "col"
    for e, bid in zip(els, ids, strict=True):
        setattr(e, attr, bid)


def _buckets(els: list, kind: str, unit: float, theta: float,
             pts: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[float, list[int]]:
    if pts is None:
        pts = (np.array([e.x for e in els]), np.array([e.y for e in els]))
    xs, ys = pts
    bx, by, bw, bh = _bounds(els)
    if kind == "row":
        ax, ay = bx + bw / 2.0, by - bh
    else:
        ax, ay = bx - bw, by + bh / 2.0
    # the distance of each point from the line a-b, in the same floating-point steps
    # as Ludii's MathRoutines.distanceToLine (b - a is not exactly bw * cos(theta))
    bx2, by2 = ax + bw * math.cos(theta), ay + bw * math.sin(theta)
    dx, dy = bx2 - ax, by2 - ay
    if abs(dx) + abs(dy) < 1e-7:
        dist = np.sqrt((xs - ax) ** 2 + (ys - ay) ** 2)
    else:
        a2 = (ys - ay) * dx - (xs - ax) * dy
        dist = np.sqrt(a2 * a2 / (dx * dx + dy * dy))
    order = np.argsort(dist, kind="stable").tolist()
    scores = dist.tolist()
    margin = 0.6 * unit
    ids = [0] * len(els)
    error = 0.0
    bid = -1
    total = 0.0
    count = 0
    last = 0.0
    for i in order:
        score = scores[i]
        if count == 0 or abs(score - total / count) > margin:
            if count:
                mean = total / count
                error += (mean - last) ** 2 / count   # Ludii keeps the last item's term only
            bid += 1
            total, count = 0.0, 0
        ids[i] = bid
        total += score
        count += 1
        last = score
    if count:
        mean = total / count
        error += (mean - last) ** 2 / count
    return error + 0.01 * (bid + 1), ids


def column_label(col: int) -> str:
    label = chr(65 + col % 26)
    while col >= 26:
        col //= 26
        label = chr(65 + col % 26 - 1) + label
    return label


def _situation(g: Graph, types: tuple[str, ...]) -> None:
    best = [0.0, 0.5]
    g.duplicate = {}
    for t in ("Vertex", "Edge", "Cell"):
        # edges are clustered along the vertices' best angles, so vertices go first
        if t not in types and not (t == "Vertex" and "Edge" in types):
            continue
        els = g.elements(t)
        if not els:
            g.duplicate[t] = False
            continue
        _, _, bw, bh = _bounds(els)
        unit = (bw + bh) / 2.0 / math.sqrt(len(els))
        pts = (np.array([e.x for e in els]), np.array([e.y for e in els]))
        if unit < 1e-9:
            # every element at one point (up to rounding noise, which would otherwise
            # split them by chance): one row and one column, as Ludii gets for points
            # that coincide exactly
            _assign(els, "row", [0] * len(els))
            _assign(els, "col", [0] * len(els))
        elif t == "Edge":
            _cluster(els, "row", unit, best[0], pts)
            _cluster(els, "col", unit, best[1], pts)
        else:
            # rows: the best of 0, 15, ... 60 degrees; columns: 90 to 120 degrees from
            # the rows' angle (the first fit under 0.01 is taken at once)
            for slot, kind, angles in ((0, "row", range(0, 61, 15)),
                                       (1, "col", range(90, 121, 15))):
                origin = best[0] if kind == "col" else 0.0
                best_err, best_ids = 1000.0, None
                best[slot] = 0.0
                for angle in angles:
                    theta = origin + angle / 180.0 * math.pi
                    err, ids = _buckets(els, kind, unit, theta, pts)
                    if err < best_err:
                        best_err, best[slot], best_ids = err, theta, ids
                        if err < 0.01:
                            break
                if best_ids is None:     # nothing fits better than 1000: Ludii's angle 0
                    best_ids = _buckets(els, kind, unit, 0.0, pts)[1]
                _assign(els, kind, best_ids)
        # layers by height (Ludii clusters z as it clusters rows); labels carry the
        # layer ("C3/2") when the elements are not all in one
        layered = g.layered and _layers(els, unit)
        seen = set()
        dup = False
        for e in els:
            e.label = f"{column_label(e.col)}{e.row + 1}"
            if layered:
                e.label += f"/{e.layer}"
            if e.label in seen:
                dup = True
            seen.add(e.label)
        g.duplicate[t] = dup


def _layers(els: list, unit: float) -> bool:
    """Each element's layer: sorted by height, a new layer wherever one is more than
    0.6 ``unit`` above the running mean of the last (Ludii's clustering). Whether two
    elements next to each other in the numbering are in different layers (Ludii's test
    for putting the layer in labels)."""
    order = sorted(range(len(els)), key=lambda i: els[i].z)
    margin = 0.6 * unit
    layer, total, count = -1, 0.0, 0
    for i in order:
        z = els[i].z
        if count == 0 or abs(z - total / count) > margin:
            layer, total, count = layer + 1, 0.0, 0
        els[i].layer = layer
        total += z
        count += 1
    return any(a.layer != b.layer for a, b in zip(els, els[1:], strict=False))


def _centre(g: Graph, types: tuple[str, ...]) -> None:
    if not g.vertices:
        return
    for t in types:
        els = g.elements(t)
        per = [e for e in els if e.props & PERIMETER] if len(els) < 100 else []
        corners = [e for e in els if e.props & CORNER]
        refs = [(e.x, e.y) for e in per] + [(e.x, e.y) for e in corners]
        dist = [sum((e.x - x) ** 2 + (e.y - y) ** 2 for x, y in refs) for e in els]
        if not dist:
            continue
        low = min(dist)
        for e, d in zip(els, dist, strict=True):
            if abs(d - low) < 1e-4:
                e.props |= CENTRE
