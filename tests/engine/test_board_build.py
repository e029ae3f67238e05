"""Board building's shortcuts give what the plain computations give.

``same_type_steps`` looks at an element's steps to the other site types only when they
can change the name of one of its own steps (sixteen directions or eight), and
``radials`` shares the work of lines that run through the same steps; the board's rays
are built on first use. Here each is checked against the plain rule (every step's angle
in the sixteen-way test; each line walked on its own) on boards of every tiling.
"""

from __future__ import annotations

import math

import pytest

from ludeme.api import loads
from ludeme.board import Board, hex_shape, rectangle, tri_shape
from ludeme.board.steps import (
    _ARC8,
    _ARC16,
    _EIGHT,
    _MAKERS,
    _SIXTEEN,
    ADJ,
    radials,
    same_type_steps,
)


def _plain_steps(g, t: str) -> list[list[tuple[int, int, str]]]:
    """Every step to every type, every angle, the sixteen-way test over all of them."""
    make, others = _MAKERS[t]
    own = type(g.elements(t)[0]) if g.elements(t) else None
    out = []
    for ge in g.elements(t):
        st = make(ge)
        others(ge, st)
        angles = [math.atan2(o.y - ge.y, o.x - ge.x) % (2 * math.pi) for o in st]
        eighths = [int((a + _ARC8 / 2) / _ARC8) % 8 for a in angles]
        sixteen = len(set(eighths)) < len(eighths)
        mine = []
        for (o, bits), a, e8 in zip(st.items(), angles, eighths, strict=True):
            if type(o) is not own:
                continue
            name = _SIXTEEN[int((a + _ARC16 / 2) / _ARC16) % 16] if sixteen else _EIGHT[e8]
            score = (math.pi / 2 + 1e-4 - a) % (2 * math.pi)
            mine.append((score, o.id, bits, name))
        mine.sort(key=lambda m: m[0])
        out.append([(tid, bits, d) for _, tid, bits, d in mine])
    return out


def _plain_radials(g, t: str, steps, by_direction: bool = True):
    """Each line walked from its first step, choosing every next step afresh."""
    xs = [e.x for e in g.elements(t)]
    ys = [e.y for e in g.elements(t)]

    def following(prev: int, cur: int, d: str) -> int:
        vx, vy = xs[cur] - xs[prev], ys[cur] - ys[prev]
        best, best_ratio = -1, math.tan(0.25)
        for nxt, _bits, dd in steps[cur]:
            if by_direction and dd != d:
                continue
            ux, uy = xs[nxt] - xs[cur], ys[nxt] - ys[cur]
            dot = ux * vx + uy * vy
            if dot > 0.0 and abs(ux * vy - uy * vx) / dot < best_ratio:
                best, best_ratio = nxt, abs(ux * vy - uy * vx) / dot
        return best

    out = []
    for i, row in enumerate(steps):
        rays: dict[str, list] = {}
        for first, _bits, d in row:
            line, seen, prev, cur = [first], {i, first}, i, first
            while (nxt := following(prev, cur, d)) >= 0 and nxt not in seen:
                line.append(nxt)
                seen.add(nxt)
                prev, cur = cur, nxt
            rays.setdefault(d, []).append(tuple(line))
        out.append({d: tuple(lines) for d, lines in rays.items()})
    return out


BOARDS = {
    "square cells": lambda: rectangle(6, 5, counts="Site").graph("Cell"),
    "square points": lambda: rectangle(6, 5, counts="Site").graph("Vertex"),
    "alternating diagonals": lambda: rectangle(5, 5, "Alternating", "Site").graph("Vertex"),
    "solid diagonals": lambda: rectangle(4, 4, "Solid", "Site").graph("Vertex"),
    "hex hexagon": lambda: hex_shape(4).graph("Cell"),
    "hex diamond": lambda: hex_shape(5, "Diamond").graph("Cell"),
    "hex star": lambda: hex_shape(3, "Star").graph("Cell"),
    "tri triangle": lambda: tri_shape(5).graph("Cell"),
    "tri hexagon": lambda: tri_shape(3, "Hexagon").graph("Cell"),
    "pyramidal": lambda: rectangle(4, 4, counts="Site", pyramidal=True).graph("Vertex"),
}
FORMS = {
    "3.4.6.4": "(board (tiling T3464 2))",
    "circle": "(board (circle {1 6 12}))",
    "morris": "(board (morris 3 joinCorners:True) use:Vertex)",
    "spiral": "(board (spiral turns:3 sites:40) use:Vertex)",
}


def _graph(name: str):
    if name in BOARDS:
        return BOARDS[name]()
    text = (f'(game "G" (players 2) (equipment {{ {FORMS[name]} (piece "Disc" Each) }}) '
            f'(rules (play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))')
    return loads(text).board.graph


@pytest.mark.parametrize("name", [*BOARDS, *FORMS])
@pytest.mark.parametrize("t", ["Cell", "Vertex", "Edge"])
def test_steps_and_radials_as_the_plain_rule(name, t):
    g = _graph(name)
    if not g.elements(t):
        pytest.skip(f"no {t} on this board")
    steps = same_type_steps(g, t)
    if not g.layered:
        assert steps == _plain_steps(g, t)
    assert radials(g, t, steps) == _plain_radials(g, t, steps)
    adjacent = [[s for s in row if s[1] & ADJ] for row in steps]
    assert radials(g, t, adjacent, by_direction=False) == \
        _plain_radials(g, t, adjacent, by_direction=False)


def test_some_boards_name_steps_in_sixteen_directions():
    # the shortcut must meet both cases: hex cells step NNE, square cells only NE
    hexes = {d for row in same_type_steps(_graph("hex diamond"), "Cell") for _, _, d in row}
    squares = {d for row in same_type_steps(_graph("square cells"), "Cell") for _, _, d in row}
    assert "NNE" in hexes or "ENE" in hexes
    assert squares == {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


def test_rays_are_built_on_first_use_and_are_the_lines_of_the_steps():
    b = Board(rectangle(5, 5, counts="Site"), ["Cell"])
    assert b._compass_rays is None
    c3 = b.site("c3")
    assert [b.labels[x] for x in b.ray["N"][c3]] == ["c4", "c5"]
    assert [b.labels[x] for x in b.ray["SW"][c3]] == ["b2", "a1"]
    assert b._compass_rays is not None
