"""One model of a board and a position, read by every picture of a game: the terminal
diagrams (``text``, ``rich_board``), the SVG (``svg``) and the web board.

``board_geometry`` is computed once per board from its tables (cell polygons, vertex
points, edge end points, where the coordinate labels go); ``position_view`` says what
is on each site of a state, which way it points, what the last move touched and which
regions the description names. Nothing here knows a game: everything is read from the
board's tables and the pieces' declarations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludeme.board.graph import Board
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

# rot index (1..8) -> compass direction, as ``state.rot`` stores it
ROT_DIRECTIONS = ("", "N", "NE", "E", "SE", "S", "SW", "W", "NW")
ROT_ANGLE = {"N": 90, "NE": 45, "E": 0, "SE": -45, "S": -90, "SW": -135, "W": 180, "NW": 135}
PLAYER_MARKS = "·XOABCD"


@dataclass
class AxisLabel:
    """A coordinate (a column letter, a row number) written beyond the end of its line."""

    text: str
    x: float
    y: float


@dataclass
class BoardGeometry:
    """Where every site of a board is, in board units (y up)."""

    cells: list[tuple[int, tuple[tuple[float, float], ...]]]   # (site, polygon)
    vertices: list[tuple[int, tuple[float, float]]]            # (site, point)
    edges: list[tuple[int, tuple[float, float], tuple[float, float]]]  # (site, end, end)
    lattice: list[tuple[tuple[float, float], tuple[float, float]]]     # every line drawn
    bounds: tuple[float, float, float, float]                  # min x, min y, max x, max y
    spacing: float                                             # distance between neighbours
    axis_labels: list[AxisLabel] = field(default_factory=list)


_GEOMETRY: dict[int, tuple[Board, BoardGeometry]] = {}


def board_geometry(board: Board) -> BoardGeometry:
    """The geometry of ``board`` (cached per board object)."""
    hit = _GEOMETRY.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    geo = _build_geometry(board)
    if len(_GEOMETRY) > 64:
        _GEOMETRY.clear()
    _GEOMETRY[id(board)] = (board, geo)
    return geo


def _build_geometry(b: Board) -> BoardGeometry:
    g = b.graph
    cells = []
    if "Cell" in b.use:
        # a cell's polygon is its face's corner vertices, in the tiling's order (site
        # ``offset + i`` is face ``i``)
        o = b.offset["Cell"]
        for site in b.sites["Cell"]:
            face = g.faces[site - o]
            cells.append((site, tuple((v.x, v.y) for v in face.vertices)))
    vertices = [(s, b.coords[s]) for s in b.sites.get("Vertex", ())]
    edges = []
    if "Edge" in b.use and hasattr(b, "edge_ends"):
        for site, (a, c) in zip(b.sites["Edge"], b.edge_ends, strict=False):
            edges.append((site, b.coords[a], b.coords[c]))
    # the lines of the tiling: every polygon side (whatever site types are in use)
    lattice = [((e.a.x, e.a.y), (e.b.x, e.b.y)) for e in g.edges]
    pts = [p for _, poly in cells for p in poly] + [p for _, p in vertices] + \
        [p for line in lattice for p in line]
    if not pts:
        pts = list(b.coords) or [(0.0, 0.0)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    bounds = (min(xs), min(ys), max(xs), max(ys))
    spacing = _spacing(b)
    if b.kind == "mancala":
        return _pits(b, bounds, spacing)
    geo = BoardGeometry(cells, vertices, edges, lattice, bounds, spacing)
    geo.axis_labels = _axis_labels(b, spacing)
    return geo


def _pits(b: Board, bounds: tuple[float, float, float, float], spacing: float
          ) -> BoardGeometry:
    """A mancala board: its sites are pits (cells without corners, drawn round), with no
    lines between them; each pit's label is written beside it, away from the board's
    middle (below the bottom row, above the top row, outside the stores)."""
    sites = b.sites[b.default_type]
    cells = [(s, ()) for s in sites]
    mx, my = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    gap = 0.72 * spacing
    labels = []
    for s in sites:
        x, y = b.coords[s]
        if abs(y - my) > 1e-6:
            labels.append(AxisLabel(b.labels[s], x, y + math.copysign(gap, y - my)))
        else:
            labels.append(AxisLabel(b.labels[s], x + math.copysign(gap, x - mx), y))
    xs = [a.x for a in labels] + [bounds[0], bounds[2]]
    ys = [a.y for a in labels] + [bounds[1], bounds[3]]
    geo = BoardGeometry(cells, [], [], [], (min(xs), min(ys), max(xs), max(ys)), spacing)
    geo.axis_labels = labels
    return geo


def _spacing(b: Board) -> float:
    """The typical distance between orthogonal neighbours of the main site type."""
    t = b.default_type
    nb = b.nbrs["Orthogonal"]
    for s in b.sites[t]:
        for o in nb[s]:
            d = math.dist(b.coords[s], b.coords[o])
            if d > 0:
                return d
    return 1.0


def _split_label(label: str) -> tuple[str, str]:
    letters = "".join(ch for ch in label if ch.isalpha())
    digits = "".join(ch for ch in label if ch.isdigit())
    return letters, digits


def _axis_labels(b: Board, spacing: float) -> list[AxisLabel]:
    """Each coordinate (the letters of a label, its number) names a line of sites; write
    it beyond both ends of that line when the line is straight (on every tiling, both
    axes get labelled, at both ends)."""
    t = b.default_type
    groups: dict[tuple[int, str], list[int]] = {}  # (0 letters | 1 digits, text) -> sites
    for s in b.sites[t]:
        letters, digits = _split_label(b.labels[s])
        if letters and digits:
            groups.setdefault((0, letters), []).append(s)
            groups.setdefault((1, digits), []).append(s)
    lines: dict[tuple[int, str], tuple] = {}
    for key, sites in groups.items():
        ends = _straight_ends(b, sites, spacing)
        if ends is not None:
            lines[key] = ends
    # where one coordinate names no straight line (the positions along the rows of a
    # hexagon), the lines of the other are named by their end sites' full labels
    full = any(k not in lines for k in groups)
    out: list[AxisLabel] = []
    gap = 0.85 * spacing

    def place(label: AxisLabel) -> None:
        # where the lines of both axes end at one cell (the sides of a hexagon), a
        # label would sit on another; the line keeps its label at its other end
        if all(math.dist((label.x, label.y), (o.x, o.y)) > 0.55 * spacing for o in out):
            out.append(label)

    # rows (numbers) first, so that a crowded corner keeps the row's label
    for (axis, text), (a, c, ux, uy) in sorted(lines.items(), key=lambda kv: -kv[0][0]):
        if full and any(k[0] != axis for k in groups if k not in lines):
            first, last = b.labels[a], b.labels[c]
        elif full:
            continue
        else:
            first = last = text
        pa, pc = b.coords[a], b.coords[c]
        place(AxisLabel(first, pa[0] - ux * gap, pa[1] - uy * gap))
        place(AxisLabel(last, pc[0] + ux * gap, pc[1] + uy * gap))
    return out


def _straight_ends(b: Board, sites: list[int], spacing: float):
    """The two end sites of a straight line of sites (the first the lower-left one) and
    the line's direction; None when the sites are not on one straight line."""
    if len(sites) < 2:
        return None
    pt = b.coords
    # the two sites furthest apart are the line's ends
    a = min(sites, key=lambda s: pt[s])
    c = max(sites, key=lambda s: math.dist(pt[s], pt[a]))
    a = max(sites, key=lambda s: math.dist(pt[s], pt[c]))
    if pt[c] < pt[a]:
        a, c = c, a
    length = math.dist(pt[a], pt[c])
    if length == 0:
        return None
    ux, uy = (pt[c][0] - pt[a][0]) / length, (pt[c][1] - pt[a][1]) / length
    for s in sites:
        p = pt[s]
        if abs((p[0] - pt[a][0]) * uy - (p[1] - pt[a][1]) * ux) > 0.05 * spacing:
            return None
    return a, c, ux, uy


# -- pieces ---------------------------------------------------------------------------
@dataclass
class PieceView:
    """A piece as every picture shows it: who owns it, its kind, the short text that
    names it without colour, and which way it points."""

    site: int
    piece: int
    owner: int
    kind: str
    text: str            # kind letter or symbol ("K", "2"), "" for a game's only kind
    direction: str       # compass direction it points ("" when it does not)
    size: float          # 0..1: relative size (pieces whose symbols are sizes 1, 2, 3)
    count: int = 1       # how many stand there (mancala seeds); their number is the text
    below: tuple[int, ...] = ()  # the pieces under it in a stack, bottom first


def piece_text(game, piece: int) -> str:
    """The letters that tell a piece from the other kinds: its symbol, or its kind's
    initial when the game has several kinds; "" when there is only one."""
    p = game.pieces
    if p.symbol[piece]:
        return p.symbol[piece]
    if p.owner[piece] == 0 or len(p.kind_names) > 1:
        return p.kinds[piece][:1].upper()
    return ""


def _sizes(game) -> dict[int, float]:
    """Pieces whose symbols are numbers (sizes, values): a relative size for each."""
    p = game.pieces
    nums = {pid: int(p.symbol[pid]) for pid in range(1, len(p.names))
            if p.symbol[pid].isdigit()}
    top = max(nums.values(), default=0)
    return {pid: 0.55 + 0.45 * n / top for pid, n in nums.items()} if top else {}


def piece_view(state: State, site: int) -> PieceView | None:
    g = state.game
    p = state.what[site]
    if not p:
        return None
    r = state.rot[site]
    direction = ROT_DIRECTIONS[r] if 0 < r < len(ROT_DIRECTIONS) else ""
    size = _sizes(g).get(p, 1.0) if g.pieces.symbol[p].isdigit() else 1.0
    text = piece_text(g, p)
    count = 1
    if state.count is not None:  # a game with counts: the number tells them apart
        count = state.count[site] or 1
        text = (text if len(g.pieces.kind_names) > 1 else "") + str(count)
    below = tuple(state.stack[site]) if state.stack is not None else ()
    return PieceView(site, p, g.pieces.owner[p], g.pieces.kinds[p], text, direction, size,
                     count, below)


# -- regions and moves ----------------------------------------------------------------
def move_sites(move: Move | None) -> list[int]:
    """The sites a move touches, in order (from, the path, to)."""
    if move is None:
        return []
    out: list[int] = []
    if move.kind == "path" and isinstance(move.extra, tuple):
        out = [x for x in move.extra if isinstance(x, int) and x >= 0]
    else:
        out = [x for x in (move.frm, move.to) if x is not None and x >= 0]
    return list(dict.fromkeys(out))


def move_edges(state: State, move: Move | None) -> list[int]:
    """The edge sites a path of vertices runs along (to highlight them)."""
    b = state.game.board
    sites = move_sites(move)
    between = getattr(b, "edge_between", None)
    if not between or len(sites) < 2:
        return []
    return [between[(a, c)] for a, c in zip(sites, sites[1:], strict=False)
            if (a, c) in between]


@dataclass
class RegionView:
    name: str
    owner: int           # 0 for a region that belongs to nobody
    sites: tuple[int, ...]


def _region_sites(region, state: State) -> tuple[int, ...] | None:
    sites = getattr(region, "static", None)
    if sites is None:
        try:
            sites = region.fn(state)
        except Exception:  # noqa: BLE001 - a region needing a move's context is not drawn
            return None
    return tuple(sites)


def regions_view(state: State) -> list[RegionView]:
    """The regions the description names (a throne, corners) and the players' own
    regions (the sides a player connects), with their sites in this position."""
    g = state.game
    out = []
    for name, (owner, region) in (getattr(g, "named_regions", {}) or {}).items():
        sites = _region_sites(region, state)
        if sites is None:
            continue
        who = int(owner[1:]) if owner and owner[:1] == "P" and owner[1:].isdigit() else 0
        out.append(RegionView(name, who, sites))
    for player, region in sorted((getattr(g, "player_regions", {}) or {}).items()):
        sites = _region_sites(region, state)
        if sites:
            out.append(RegionView(f"P{player}'s region", player, sites))
    return out


@dataclass
class PositionView:
    """Everything a picture of a position shows."""

    geometry: BoardGeometry
    pieces: dict[int, PieceView]
    regions: list[RegionView]
    last: list[int]                  # sites the last move touched
    last_edges: list[int]
    targets: list[int]               # sites to highlight as legal choices
    selected: list[int]
    status: str
    numbers: list[str]               # scores, tallies, pieces in hand
    num_players: int


def status_line(state: State) -> str:
    g = state.game
    if state.outcome is not None:
        winners = [p for p in range(1, g.num_players + 1) if state.outcome[p] > 0]
        return ("won by " + ", ".join(f"P{p}" for p in winners)) if winners else "drawn"
    text = f"P{state.mover} to move"
    return text + (f" (move {state.ply + 1})" if state.ply else "")


def number_lines(state: State) -> list[str]:
    """Scores, tallies and stashes (pieces in hand), where the game has them."""
    g = state.game
    lines = []
    if any(state.score[1:]) or g.score_fn is not None:
        lines.append("scores: " + "  ".join(f"P{p} {v}" for p, v in
                                             enumerate(g.final_scores(state), start=1)))
    for name, tally in zip(g.tally_names, state.tally, strict=False):
        lines.append(f"{name}: " + "  ".join(f"P{p} {v}" for p, v in enumerate(tally[1:], start=1)))
    for p in range(1, g.num_players + 1):
        held = ", ".join(f"{k} x{n}" for k, n in zip(g.pieces.kind_names, state.hand[p],
                                                     strict=False) if n)
        if held:
            lines.append(f"P{p} holds: {held}")
    return lines


def position_view(state: State, last: Move | None = None, targets=(), selected=()) -> PositionView:
    """The model of ``state`` every picture reads. ``last`` defaults to the state's last
    move; ``targets`` are sites to mark as legal choices, ``selected`` sites chosen."""
    if last is None and state.history:
        last = state.history[-1]
    pieces = {}
    for site, p in enumerate(state.what):
        if p:
            pieces[site] = piece_view(state, site)
    return PositionView(board_geometry(state.game.board), pieces, regions_view(state),
                        move_sites(last), move_edges(state, last), list(targets),
                        list(selected), status_line(state), number_lines(state),
                        state.game.num_players)
