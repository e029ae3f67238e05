"""Steps between elements and their compass directions, as Ludii's trajectories.

Every element has steps to elements of every type, each tagged with relations
(Orthogonal, Diagonal, OffDiagonal, Adjacent, All) and one compass direction. The
direction comes from the angle of the step: eight compass points, or sixteen when two
steps of one element would share one of the eight (hex and triangle tilings).
"""

from __future__ import annotations

import math
from itertools import islice

from ludeme.board.measure import _distance_to_line
from ludeme.board.tiling import Edge, Face, Graph, Vertex

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


_OAA = ORTH | ADJ | ALL
_DA = DIAG | ALL
_DAA = DIAG | ADJ | ALL
_OFA = OFF | ADJ | ALL
_hypot = math.hypot


# The steps from one element are a dict ``element -> relation bits`` in the order they
# are found (elements hash by identity). A second step to the same element (a diagonal
# that is also a line) is folded into the first: Ludii files it only under the first
# step's relations, so a point joined by a line is never also a diagonal neighbour.
# Ludii finds an element's steps to its own type first (``_vertex_steps`` ...), then
# those to the other types (``_vertex_others`` ...), which only the sixteen-way test
# of ``same_type_steps`` looks at.

def _vertex_steps(v) -> dict:
    s: dict = {}
    vx, vy = v.x, v.y
    for e in v.edges:
        o = e.b if e.a is v else e.a
        if o not in s:
            s[o] = _OAA
    for f in v.faces:
        fv = f.vertices
        if len(fv) < 4:
            continue
        best, best_d = None, 1e6
        fx, fy = f.x, f.y
        for to in fv:
            if to is v:
                continue
            d = _distance_to_line(fx, fy, vx, vy, to.x, to.y)
            if d < best_d:
                best, best_d = to, d
        if best is not None and best not in s:
            s[best] = _DA
    return s


def _vertex_others(v, s: dict) -> None:
    for e in v.edges:
        if e not in s:
            s[e] = _OAA
    for f in v.faces:
        if f not in s:
            s[f] = _OAA


def _edge_steps(e) -> dict:
    s: dict = {}
    for v in (e.a, e.b):
        for o in v.edges:
            if o is not e and o not in s:
                s[o] = _OAA
    return s


def _edge_others(e, s: dict) -> None:
    for v in (e.a, e.b):
        if v not in s:
            s[v] = _OAA
    for f in (e.left, e.right):
        if f is not None and f not in s:
            s[f] = _OAA
    for v in (e.a, e.b):
        for f in v.faces:
            if f not in s:
                s[f] = _OAA


def _face_steps(f) -> dict:
    s: dict = {}
    used = {f}      # the cells stepped to, and f
    fx, fy = f.x, f.y
    for e in f.edges:
        o = e.right if e.left is f else (e.left if e.right is f else None)
        if o is None:
            continue
        used.add(o)
        if o not in s:
            s[o] = _OAA
    verts = f.vertices
    for v in verts:
        best, best_d = None, 1e6
        vx, vy = v.x, v.y
        for o in v.faces:
            if o in used:
                continue
            d = _distance_to_line(vx, vy, fx, fy, o.x, o.y)
            if d < best_d:
                best, best_d = o, d
        if best is not None:
            used.add(best)
            if best not in s:
                s[best] = _DAA
    for v in verts:
        for o in v.faces:
            if o not in used:
                used.add(o)
                if o not in s:
                    s[o] = _OFA
    f_edges = f.edges
    for v in verts:
        if len(v.edges) != 3:
            continue
        away = next(((e.b if e.a is v else e.a) for e in v.edges if e not in f_edges), None)
        if away is None:
            continue
        for o in away.faces:
            if o in used:
                continue
            ox, oy = o.x, o.y
            d_v = _distance_to_line(v.x, v.y, fx, fy, ox, oy)
            d_o = _distance_to_line(away.x, away.y, fx, fy, ox, oy)
            d_ab = _hypot(fx - ox, fy - oy)
            # Java's division: x/0 is infinite (too far), 0/0 is NaN (never too far)
            if d_ab == 0.0:
                if d_v + d_o > 0.0:
                    continue
            elif (d_v + d_o) / d_ab > 0.1:
                continue
            used.add(o)
            if o not in s:
                s[o] = _DA
    return s


def _face_others(f, s: dict) -> None:
    for v in f.vertices:
        if v not in s:
            s[v] = _OAA
    for e in f.edges:
        if e not in s:
            s[e] = _OAA


_MAKERS = {"Vertex": (_vertex_steps, _vertex_others), "Edge": (_edge_steps, _edge_others),
           "Cell": (_face_steps, _face_others)}
_CLASS = {"Vertex": Vertex, "Edge": Edge, "Cell": Face}


def same_type_steps(g: Graph, t: str) -> list[list[tuple[int, int, str]]]:
    """For each element of type ``t``: its steps to elements of type ``t`` as
    ``(to_id, relation_bits, compass_direction)``, clockwise from north."""
    out = []
    make, others = _MAKERS[t]
    atan2, two_pi, half8, half16 = math.atan2, _TWO_PI, _ARC8 / 2, _ARC16 / 2
    quarter = math.pi / 2 + 1e-4
    if g.layered:
        return _layered_steps(g, t, make, others)
    for ge in g.elements(t):
        st = make(ge)
        x, y = ge.x, ge.y
        # Sixteen directions are used when any two steps (to elements of every type)
        # share one of the eight. A step in the middle sixteenth of its eighth has the
        # same name either way, so when all its own type's steps are, the steps to the
        # other types need not be looked at.
        mine = []
        agree = True
        for o, b in st.items():
            ang = atan2(o.y - y, o.x - x)
            if ang < 0.0:
                ang += two_pi
            i8 = int((ang + half8) / _ARC8) % 8
            if agree and int((ang + half16) / _ARC16) % 16 != 2 * i8:
                agree = False
            # clockwise from north, as Ludii sorts steps
            score = quarter - ang
            while score < 0.0:
                score += two_pi
            mine.append((score, o.id, b, ang, i8))
        if agree:
            named = [(score, tid, b, _EIGHT[i8]) for score, tid, b, _a, i8 in mine]
        else:
            n_own = len(st)
            others(ge, st)
            seen = 0
            sixteen = False
            for m in mine:
                bit = 1 << m[4]
                if seen & bit:
                    sixteen = True
                seen |= bit
            if not sixteen:
                for o in islice(st, n_own, None):
                    ang = atan2(o.y - y, o.x - x)
                    if ang < 0.0:
                        ang += two_pi
                    bit = 1 << (int((ang + half8) / _ARC8) % 8)
                    if seen & bit:
                        sixteen = True
                        break
                    seen |= bit
            if sixteen:
                named = [(score, tid, b, _SIXTEEN[int((ang + half16) / _ARC16) % 16])
                         for score, tid, b, ang, _i8 in mine]
            else:
                named = [(score, tid, b, _EIGHT[i8]) for score, tid, b, _a, i8 in mine]
        named.sort(key=_first)
        out.append([(tid, b, d) for _, tid, b, d in named])
    return out


def _first(m: tuple) -> float:
    return m[0]


# a step that climbs or drops (by more than a tenth of the average line) is named with
# Ludii's U/D prefix: U (straight up), UN, UNE, ... (eight ways only)
_UP8 = {1: ("UE", "UNE", "UN", "UNW", "UW", "USW", "US", "USE"),
        -1: ("DE", "DNE", "DN", "DNW", "DW", "DSW", "DS", "DSE")}
# with sixteen directions, a climbing step's sixteenth falls to one of the eight (the
# three around each diagonal go to that diagonal, as Ludii maps them)
_SIXTEEN_TO_8 = (0, 1, 1, 1, 2, 3, 3, 3, 4, 5, 5, 5, 6, 7, 7, 7)


def _layered_steps(g: Graph, t: str, make, others) -> list[list[tuple[int, int, str]]]:
    """``same_type_steps`` on a board of stacked layers: as on a flat board, but a
    step's height decides its elevation (Ludii's mapAngleToAbsoluteDirection), steps up
    and down are named U.../D..., and only steps in one layer share the sixteen-way
    test."""
    out = []
    kind = _CLASS[t]
    unit = g.average_edge_length()
    quarter = math.pi / 2 + 1e-4
    for ge in g.elements(t):
        st = make(ge)
        others(ge, st)
        elevs, angles = [], []
        used: set[tuple[int, int]] = set()
        sixteen = False
        for o in st:
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
        for (o, b), ang, (elev, vertical) in zip(st.items(), angles, elevs, strict=True):
            if type(o) is not kind:
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
            mine.append((score, o.id, b, name))
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
    n = len(els)
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
    directions = list(dict.fromkeys(d for m in by_dir for d in m))
    lines_of: dict[str, list] = {}
    for d in directions:
        # one direction at a time; a step prev -> cur is keyed prev * n + cur
        nexts = [m.get(d, ()) for m in by_dir] if any_dir is None else any_dir
        choice: dict[int, int] = {}
        # the line entered by each step: the step's end and the elements after it;
        # each step is worked out once and shared by every line through it
        tails: dict[int, tuple[int, ...]] = {}

        def following(prev: int, cur: int, _d: str = d, choice=choice, nexts=nexts) -> int:
            """The straightest next step after prev -> cur (in direction ``d``, or by
            any step) that turns by less than 0.25 radians (|turn| = atan(|cross| /
            dot)), or -1."""
            key = prev * n + cur
            got = choice.get(key)
            if got is not None:
                return got
            vx, vy = xs[cur] - xs[prev], ys[cur] - ys[prev]
            best, best_ratio = -1, tan_limit
            for nxt in nexts[cur]:
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

        per_site: list = [None] * n
        for i in range(n):
            firsts = by_dir[i].get(d)
            if not firsts:
                continue
            lines = []
            for first in firsts:
                line = tails.get(i * n + first)
                if line is None:
                    chain = [(i, first)]
                    on = {i, first}
                    end: tuple[int, ...] = ()
                    p, c = i, first
                    while True:
                        nxt = following(p, c)
                        if nxt < 0 or nxt in on:
                            break
                        known = tails.get(c * n + nxt)
                        if known is not None:
                            end = known
                            break
                        p, c = c, nxt
                        chain.append((p, c))
                        on.add(nxt)
                    for p, c in reversed(chain):
                        end = (c,) + end
                        tails[p * n + c] = end
                    line = end
                if i in line or len(set(line)) != len(line):
                    # a line that comes round
                    line = _walk(i, first, d, lambda p, c, _d, f=following: f(p, c))
                lines.append(line)
            per_site[i] = tuple(lines)
        lines_of[d] = per_site
    return [{d: lines_of[d][i] for d in by_dir[i]} for i in range(n)]
