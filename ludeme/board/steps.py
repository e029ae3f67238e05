"""Steps between elements and their compass directions, as Ludii's trajectories.

Every element has steps to elements of every type, each tagged with relations
(Orthogonal, Diagonal, OffDiagonal, Adjacent, All) and one compass direction. The
direction comes from the angle of the step: eight compass points, or sixteen when two
steps of one element would share one of the eight (hex and triangle tilings).
"""

from __future__ import annotations

import math

from ludeme.board.measure import _distance_to_line
from ludeme.board.tiling import Graph

ORTH, DIAG, OFF, ADJ, ALL = 1, 2, 4, 8, 16

# the 16 compass directions, clockwise from north (Ludii's order)
COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
           "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
_EIGHT = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")
_SIXTEEN = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW",
            "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE")


_TWO_PI = 2 * math.pi
_ARC8 = _TWO_PI / 8
_ARC16 = _TWO_PI / 16


def _angle(ax: float, ay: float, bx: float, by: float) -> float:
    ang = math.atan2(by - ay, bx - ax)
    while ang < 0.0:
        ang += _TWO_PI
    while ang > _TWO_PI:
        ang -= _TWO_PI
    return ang


def _compass(ang: float, sixteen: bool) -> str:
    if sixteen:
        return _SIXTEEN[int((ang + _ARC16 / 2) / _ARC16) % 16]
    return _EIGHT[int((ang + _ARC8 / 2) / _ARC8) % 8]


class _Steps:
    """The steps from one element: ``(to_type, to_id) -> relation bits`` in order."""
    __slots__ = ("order", "bits", "x", "y")

    def __init__(self) -> None:
        self.order: list[tuple[str, int, object]] = []
        self.bits: dict[tuple[str, int], int] = {}

    def add(self, t: str, ge, bits: int) -> None:
        k = (t, ge.id)
        # A second step to the same element (a diagonal that is also a line) is folded
        # into the first; Ludii files it only under the first step's relations, so a
        # point joined by a line is never also a diagonal neighbour.
        if k not in self.bits:
            self.bits[k] = bits
            self.order.append((t, ge.id, ge))


def _vertex_steps(v) -> _Steps:
    s = _Steps()
    for e in v.edges:
        s.add("Vertex", e.other(v), ORTH | ADJ | ALL)
    for f in v.faces:
        if len(f.vertices) < 4:
            continue
        best, best_d = None, 1e6
        for to in f.vertices:
            if to is v:
                continue
            d = _distance_to_line(f.x, f.y, v.x, v.y, to.x, to.y)
            if d < best_d:
                best, best_d = to, d
        if best is not None:
            s.add("Vertex", best, DIAG | ALL)
    for e in v.edges:
        s.add("Edge", e, ORTH | ADJ | ALL)
    for f in v.faces:
        s.add("Cell", f, ORTH | ADJ | ALL)
    return s


def _edge_steps(e) -> _Steps:
    s = _Steps()
    for v in (e.a, e.b):
        for o in v.edges:
            if o is not e:
                s.add("Edge", o, ORTH | ADJ | ALL)
    for v in (e.a, e.b):
        s.add("Vertex", v, ORTH | ADJ | ALL)
    used = set()
    for f in (e.left, e.right):
        if f is not None:
            used.add(f.id)
            s.add("Cell", f, ORTH | ADJ | ALL)
    for v in (e.a, e.b):
        for f in v.faces:
            if f.id not in used:
                used.add(f.id)
                s.add("Cell", f, ORTH | ADJ | ALL)
    return s


def _face_steps(f) -> _Steps:
    s = _Steps()
    used = {f.id}
    for e in f.edges:
        o = e.other_face(f)
        if o is None:
            continue
        used.add(o.id)
        s.add("Cell", o, ORTH | ADJ | ALL)
    for v in f.vertices:
        best, best_d = None, 1e6
        for o in v.faces:
            if o.id in used:
                continue
            d = _distance_to_line(v.x, v.y, f.x, f.y, o.x, o.y)
            if d < best_d:
                best, best_d = o, d
        if best is not None:
            used.add(best.id)
            s.add("Cell", best, DIAG | ADJ | ALL)
    for v in f.vertices:
        for o in v.faces:
            if o.id in used:
                continue
            used.add(o.id)
            s.add("Cell", o, OFF | ADJ | ALL)
    for v in f.vertices:
        if len(v.edges) != 3:
            continue
        away = next((e.other(v) for e in v.edges if e not in f.edges), None)
        if away is None:
            continue
        for o in away.faces:
            if o.id in used:
                continue
            d_v = _distance_to_line(v.x, v.y, f.x, f.y, o.x, o.y)
            d_o = _distance_to_line(away.x, away.y, f.x, f.y, o.x, o.y)
            d_ab = math.hypot(f.x - o.x, f.y - o.y)
            # Java's division: x/0 is infinite (too far), 0/0 is NaN (never too far)
            if d_ab == 0.0:
                if d_v + d_o > 0.0:
                    continue
            elif (d_v + d_o) / d_ab > 0.1:
                continue
            used.add(o.id)
            s.add("Cell", o, DIAG | ALL)
    for v in f.vertices:
        s.add("Vertex", v, ORTH | ADJ | ALL)
    for e in f.edges:
        s.add("Edge", e, ORTH | ADJ | ALL)
    return s


_MAKERS = {"Vertex": _vertex_steps, "Edge": _edge_steps, "Cell": _face_steps}


def same_type_steps(g: Graph, t: str) -> list[list[tuple[int, int, str]]]:
    """For each element of type ``t``: its steps to elements of type ``t`` as
    ``(to_id, relation_bits, compass_direction)``, clockwise from north."""
    out = []
    make = _MAKERS[t]
    atan2, two_pi, half8, half16 = math.atan2, _TWO_PI, _ARC8 / 2, _ARC16 / 2
    quarter = math.pi / 2 + 1e-4
    if g.layered:
        return _layered_steps(g, t, make)
    for ge in g.elements(t):
        st = make(ge)
        x, y = ge.x, ge.y
        # the angle of every step (to elements of every type: sixteen directions are
        # used when any two of them share one of the eight), inlined for speed
        angles = []
        seen = 0
        sixteen = False
        for _, _, o in st.order:
            ang = atan2(o.y - y, o.x - x)
            if ang < 0.0:
                ang += two_pi
            angles.append(ang)
            bit = 1 << (int((ang + half8) / _ARC8) % 8)
            if seen & bit:
                sixteen = True
            seen |= bit
        names = _SIXTEEN if sixteen else _EIGHT
        arc, half, n = (_ARC16, half16, 16) if sixteen else (_ARC8, half8, 8)
        bits = st.bits
        mine = []
        for (tt, tid, _o), ang in zip(st.order, angles, strict=True):
            if tt != t:
                continue
            # clockwise from north, as Ludii sorts steps
            score = quarter - ang
            while score < 0.0:
                score += two_pi
            mine.append((score, tid, bits[(tt, tid)], names[int((ang + half) / arc) % n]))
        mine.sort(key=lambda m: m[0])
        out.append([(tid, b, d) for _, tid, b, d in mine])
    return out


# a step that climbs or drops (by more than a tenth of the average line) is named with
# Ludii's U/D prefix: U (straight up), UN, UNE, ... (eight ways only)
_UP8 = {1: ("UE", "UNE", "UN", "UNW", "UW", "USW", "US", "USE"),
        -1: ("DE", "DNE", "DN", "DNW", "DW", "DSW", "DS", "DSE")}
# with sixteen directions, a climbing step's sixteenth falls to one of the eight (the
# three around each diagonal go to that diagonal, as Ludii maps them)
_SIXTEEN_TO_8 = (0, 1, 1, 1, 2, 3, 3, 3, 4, 5, 5, 5, 6, 7, 7, 7)


def _layered_steps(g: Graph, t: str, make) -> list[list[tuple[int, int, str]]]:
    """``same_type_steps`` on a board of stacked layers: as on a flat board, but a
    step's height decides its elevation (Ludii's mapAngleToAbsoluteDirection), steps up
    and down are named U.../D..., and only steps in one layer share the sixteen-way
    test."""
    out = []
    unit = g.average_edge_length()
    quarter = math.pi / 2 + 1e-4
    for ge in g.elements(t):
        st = make(ge)
        elevs, angles = [], []
        used: set[tuple[int, int]] = set()
        sixteen = False
        for _, _, o in st.order:
            dz = o.z - ge.z
            elev = -1 if dz < -0.1 * unit else (1 if dz > 0.1 * unit else 0)
            ang = _angle(ge.x, ge.y, o.x, o.y)
            vertical = elev != 0 and math.hypot(o.x - ge.x, o.y - ge.y) < 0.1 * unit
            key = (elev, -1 if vertical else int((ang + _ARC8 / 2) / _ARC8) % 8)
            sixteen = sixteen or key in used
            used.add(key)
            elevs.append((elev, vertical))
            angles.append(ang)
        mine = []
        for (tt, tid, _o), ang, (elev, vertical) in zip(st.order, angles, elevs, strict=True):
            if tt != t:
                continue
            if vertical:
                name = "U" if elev > 0 else "D"
            elif elev and sixteen:
                name = _UP8[elev][_SIXTEEN_TO_8[int((ang + _ARC16 / 2) / _ARC16) % 16]]
            elif elev:
                name = _UP8[elev][int((ang + _ARC8 / 2) / _ARC8) % 8]
            else:
                name = _compass(ang, sixteen)
            score = quarter - ang
            while score < 0.0:
                score += _TWO_PI
            mine.append((score, tid, st.bits[(tt, tid)], name))
        mine.sort(key=lambda m: m[0])
        out.append([(tid, b, d) for _, tid, b, d in mine])
    return out


def _walk(start: int, first: int, d: str, following) -> tuple[int, ...]:
    line = [first]
    seen = {start, first}
    prev, cur = start, first
    while True:
        nxt = following(prev, cur, d)
        if nxt < 0 or nxt in seen:
            return tuple(line)
        line.append(nxt)
        seen.add(nxt)
        prev, cur = cur, nxt


def radials(g: Graph, t: str, steps: list[list[tuple[int, int, str]]],
            by_direction: bool = True) -> list[dict[str, tuple[int, ...]]]:
    """For each element, the lines of elements it sees in each compass direction, one
    per step in that direction (most often one): follow steps in that direction while
    they turn by less than 0.25 radians (Ludii's radials).
    With ``by_direction`` False the line goes on by any of ``steps`` (Ludii's radials
    of a relation, such as Adjacent, which go on by any step of that relation)."""
    els = g.elements(t)
    by_dir: list[dict[str, list[int]]] = []
    for row in steps:
        m: dict[str, list[int]] = {}
        for tid, _bits, d in row:
            m.setdefault(d, []).append(tid)
        by_dir.append(m)
    any_dir = None if by_direction else [[tid for tid, _b, _d in row] for row in steps]
    xs = [e.x for e in els]
    ys = [e.y for e in els]
    tan_limit = math.tan(0.25)
    choice: dict[tuple[int, int, str], int] = {}

    def following(prev: int, cur: int, d: str) -> int:
        """The straightest next step in direction ``d`` after prev -> cur that turns by
        less than 0.25 radians (|turn| = atan(|cross| / dot)), or -1."""
        key = (prev, cur, d)
        got = choice.get(key)
        if got is not None:
            return got
        vx, vy = xs[cur] - xs[prev], ys[cur] - ys[prev]
        best, best_ratio = -1, tan_limit
        for nxt in (by_dir[cur].get(d, ()) if any_dir is None else any_dir[cur]):
            ux, uy = xs[nxt] - xs[cur], ys[nxt] - ys[cur]
            dot = ux * vx + uy * vy
            if dot <= 0.0:
                continue
            ratio = abs(ux * vy - uy * vx) / dot
            if ratio < best_ratio:
                best, best_ratio = nxt, ratio
                if ratio == 0.0:
                    break
        choice[key] = best
        return best

    tails: dict[tuple[int, int, str], tuple[int, ...]] = {}

    def tail(prev: int, cur: int, d: str) -> tuple[int, ...]:
        """``cur`` and the elements after it on the line entered by prev -> cur; each
        step pair is worked out once and shared by every line through it."""
        key = (prev, cur, d)
        got = tails.get(key)
        if got is not None:
            return got
        chain = [(prev, cur)]
        on = {prev, cur}
        end: tuple[int, ...] = ()
        while True:
            p, c = chain[-1]
            nxt = following(p, c, d)
            if nxt < 0 or nxt in on:
                break
            known = tails.get((c, nxt, d))
            if known is not None:
                end = known
                break
            chain.append((c, nxt))
            on.add(nxt)
        for p, c in reversed(chain):
            end = (c,) + end
            tails[(p, c, d)] = end
        return end

    out = []
    for i in range(len(els)):
        rays: dict[str, tuple[tuple[int, ...], ...]] = {}
        for d, firsts in by_dir[i].items():
            lines = []
            for first in firsts:
                line = tail(i, first, d)
                if i in line or len(set(line)) != len(line):
                    line = _walk(i, first, d, following)    # a line that comes round
                lines.append(line)
            rays[d] = tuple(lines)
        out.append(rays)
    return out
