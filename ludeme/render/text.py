"""A text diagram of a state: a grid with labels, for any board.

The diagram is built once as lines of segments, each segment a piece of text with what
it shows (a site and its owner, an edge and its owner, a label); the plain diagram
(``str(state)``) joins the texts, the colour diagram (``rich_board``) styles the same
segments, so the two always show the same things.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludeme.render.model import ROT_DIRECTIONS, number_lines, regions_view

if TYPE_CHECKING:
    from ludeme.runtime.state import State

PLAYER_MARKS = "·XOABCD"
DIR_ARROWS = ("", "^", "/", ">", "\\", "v", "/", "<", "\\")
# an edge of a player's, east of a point and south of it (told apart without colour)
EDGE_EAST = {1: "-", 2: "="}
EDGE_SOUTH = {1: "|", 2: "!"}
assert len(DIR_ARROWS) == len(ROT_DIRECTIONS)


@dataclass(frozen=True, slots=True)
class Seg:
    """A piece of a diagram line: ``kind`` is "site" (a site, ``owner`` None when
    empty, 0 for a shared piece), "edge" (a player's edge), "side" (a mark saying whose
    region a side is), "label" (coordinates) or "" (spacing)."""

    text: str
    kind: str = ""
    site: int = -1
    owner: int | None = None


def piece_char(s: State, site: int) -> str:
    g = s.game
    p = s.what[site]
    if not p:
        return "."
    kind = g.pieces.kinds[p]
    owner = g.pieces.owner[p]
    sym = g.pieces.symbol[p]
    if owner == 0:
        return (sym or kind[0]).lower() if kind else "#"
    ch = sym[0] if sym else PLAYER_MARKS[owner]
    if len(g.pieces.kind_names) > 1 and not sym:
        ch = kind[0]
    return ch.upper() if owner == 1 else ch.lower()


def _needs_wide_cells(g) -> bool:
    """Whether one character per site would hide something: pieces of different owners
    drawn alike (players' pieces named by symbols such as sizes), or pieces that can be
    turned (``state.rot``)."""
    p = g.pieces
    drawn: dict[str, int] = {}
    for pid in range(1, len(p.names)):
        if p.owner[pid] and p.symbol[pid]:
            ch = p.symbol[pid][0].upper()
            if drawn.setdefault(ch, p.owner[pid]) != p.owner[pid]:
                return True
    return bool(getattr(g, "turns_pieces", False))


def wide_token(s: State, site: int) -> str:
    """A site as owner mark, symbol (or the kind's initial when there are several kinds)
    and direction (``X2>``); shared pieces by the first letter of their kind (``r``);
    ``.`` when empty."""
    g = s.game
    p = s.what[site]
    if not p:
        return "."
    arrow = DIR_ARROWS[s.rot[site]] if s.rot[site] else ""
    return piece_mark(g, p) + arrow


def piece_mark(g, p: int) -> str:
    """Piece ``p`` as its owner's mark and symbol (``X2``), a shared piece by the first
    letter of its kind (``r``)."""
    owner = g.pieces.owner[p]
    if owner == 0:
        return (g.pieces.symbol[p] or g.pieces.kinds[p][0]).lower()
    sym = g.pieces.symbol[p] or (g.pieces.kinds[p][0] if len(g.pieces.kind_names) > 1 else "")
    return PLAYER_MARKS[owner] + sym


def stack_token(s: State, site: int) -> str:
    """A site of a game with stacks: its whole pile, bottom first, top last (``XOX``);
    ``.`` when empty."""
    if not s.what[site]:
        return "."
    g = s.game
    return "".join(piece_mark(g, p) for p in s.stack[site]) + wide_token(s, site)


def count_token(s: State, site: int) -> str:
    """A site of a game with counts (mancala pits): how many pieces it holds, ``.`` when
    none, with the piece's initial when the game has several kinds (``3s``)."""
    p = s.what[site]
    if not p:
        return "."
    n = s.count[site] or 1
    g = s.game
    return str(n) + (g.pieces.kinds[p][0].lower() if len(g.pieces.kind_names) > 1 else "")


def _site(s: State, x: int, text: str) -> Seg:
    p = s.what[x]
    return Seg(text, "site", x, s.game.pieces.owner[p] if p else None)


@dataclass
class _Layout:
    """Where each site goes in a diagram: its rows from the top (each left to right), the
    character column of each site in half cells, and whether the rows lean (each row
    shifted from the one below, as on a rhombus of hexagons)."""

    rows: list[list[int]]
    col_of: dict[int, int]
    sheared: bool


def _layout(s: State, sites) -> _Layout:
    """Rows are Ludii's rows of the board (``row_of``, 1 at the bottom), so that each
    line of the diagram is the row its number names, whichever way the tiling lays the
    rows; a site's place along its line is its position projected on the rows'
    direction. When the rows are not straight parallel lines (an irregular graph), the
    sites are laid out by height instead."""
    b = s.game.board
    pt = b.coords
    by_row: dict[int, list[int]] = {}
    for x in sites:
        by_row.setdefault(b.row_of[x], []).append(x)
    longest = max(by_row.values(), key=len, default=[])
    ux, uy = 1.0, 0.0
    straight = len(longest) > 1
    if straight:
        a = min(longest, key=lambda x: b.col_of[x])
        c = max(longest, key=lambda x: b.col_of[x])
        length = math.dist(pt[a], pt[c])
        straight = length > 0
        if straight:
            ux, uy = (pt[c][0] - pt[a][0]) / length, (pt[c][1] - pt[a][1]) / length
            tol = 0.05 * length / (len(longest) - 1)
            straight = all(abs((pt[x][0] - pt[row[0]][0]) * uy - (pt[x][1] - pt[row[0]][1]) * ux)
                           <= tol for row in by_row.values() for x in row)
    if straight:
        ordered = [by_row[r] for r in sorted(by_row, reverse=True)]
    else:
        ux, uy = 1.0, 0.0
        heights: dict[float, list[int]] = {}
        for x in sites:
            heights.setdefault(round(pt[x][1], 3), []).append(x)
        ordered = [heights[y] for y in sorted(heights, reverse=True)]
    along = {x: round(pt[x][0] * ux + pt[x][1] * uy, 3) for x in sites}
    values = sorted(set(along.values()))
    gaps = [q - p for p, q in zip(values, values[1:], strict=False) if q - p > 1e-2]
    step = min(gaps, default=1.0)
    col_of = {x: round((along[x] - values[0]) / step) for x in sites}
    rows = [sorted(row, key=lambda x: col_of[x]) for row in ordered]
    # the rows lean when a column's sites are not above one another
    places: dict[int, set[int]] = {}
    for x in sites:
        places.setdefault(b.col_of[x], set()).add(col_of[x])
    return _Layout(rows, col_of, any(len(v) > 1 for v in places.values()))


def _line(cells: dict[int, Seg], prefix: list[Seg]) -> list[Seg]:
    """Segments at character positions -> a line (gaps filled with spaces)."""
    out = list(prefix)
    pos = 0
    for at in sorted(cells):
        if at > pos:
            out.append(Seg(" " * (at - pos)))
        seg = cells[at]
        out.append(seg)
        pos = at + len(seg.text)
    return out


def _wide_grid(s: State) -> list[list[Seg]]:
    g = s.game
    b = g.board
    sites = b.sites[b.default_type]
    lay = _layout(s, sites)
    col_of = lay.col_of
    token = count_token if s.count is not None else \
        stack_token if s.stack is not None else wide_token
    tokens = {x: token(s, x) for x in sites}
    w = max(3, max(len(t) for t in tokens.values()))
    lines = []
    for row in lay.rows:
        rowname = "".join(ch for ch in b.labels[row[0]] if ch.isdigit())
        cells = {col_of[x] * (w + 1): _site(s, x, tokens[x]) for x in row}
        lines.append(_line(cells, [Seg(f"{rowname:>3} ", "label")]))
    letters = {col_of[x] * (w + 1): Seg("".join(ch for ch in b.labels[x] if ch.isalpha()),
                                        "label") for x in sites}
    lines.append(_line(letters, [Seg("    ")]))
    return lines


def _player_sides(s: State) -> dict[int, set[int]]:
    """The sites of each player's own regions (the sides a player connects)."""
    out: dict[int, set[int]] = {}
    for r in regions_view(s):
        if r.owner and r.name.endswith("'s region"):
            out.setdefault(r.owner, set()).update(r.sites)
    return out


def _grid(s: State) -> list[list[Seg]]:
    """Cells (or points) as rows from the top with row numbers and column letters; a
    player's edges between points; beside the rows, whose sides they are."""
    g = s.game
    b = g.board
    t = b.default_type
    sites = b.sites[t]
    lay = _layout(s, sites)
    col_of, ordered = lay.col_of, lay.rows
    edges_on = "Edge" in b.use and "Vertex" in b.use
    owner = g.pieces.owner
    sides = _player_sides(s)
    if sides:
        # room left of the leftmost site for a side's mark
        col_of = {x: c + 1 for x, c in col_of.items()}
    lines: list[list[Seg]] = []

    def whole_rows(row: list[int]) -> list[int]:
        return [p for p, region in sorted(sides.items()) if all(x in region for x in row)]

    def side_line(row: list[int], players: list[int]) -> None:
        for p in players:
            cells = {col_of[x] * 2: Seg(PLAYER_MARKS[p] if p < len(PLAYER_MARKS) else "#",
                                        "side", x, p) for x in row}
            lines.append(_line(cells, [Seg(f"{'P' + str(p):>3} ", "side", -1, p)]))

    if lay.sheared:
        lines.append(_column_letters(s, ordered, col_of, top=True, sheared=True))
    if ordered:
        side_line(ordered[0], whole_rows(ordered[0]))
    for row in ordered:
        label = b.labels[row[0]]
        rowname = "".join(ch for ch in label if ch.isdigit())
        cells: dict[int, Seg] = {}
        under: dict[int, Seg] = {}
        for x in row:
            cells[col_of[x] * 2] = _site(s, x, piece_char(s, x))
            if edges_on:
                east = b.step["Orthogonal"]["E"][x]
                if east >= 0:
                    e = b.edge_between[(x, east)]
                    if s.what[e]:
                        o = owner[s.what[e]]
                        cells[col_of[x] * 2 + 1] = Seg(EDGE_EAST.get(o, "="), "edge", e, o)
                south = b.step["Orthogonal"]["S"][x]
                if south >= 0:
                    e = b.edge_between[(x, south)]
                    if s.what[e]:
                        o = owner[s.what[e]]
                        under[col_of[x] * 2] = Seg(EDGE_SOUTH.get(o, "!"), "edge", e, o)
        whole = set(whole_rows(row))
        for p, region in sorted(sides.items()):
            if p in whole:
                continue
            mark = PLAYER_MARKS[p] if p < len(PLAYER_MARKS) else "#"
            if row[0] in region:
                cells[col_of[row[0]] * 2 - 2] = Seg(mark, "side", row[0], p)
            if row[-1] in region:
                cells[col_of[row[-1]] * 2 + 2] = Seg(mark, "side", row[-1], p)
        if lay.sheared and rowname:
            right = max(cells) + len(cells[max(cells)].text) + 1
            cells[right] = Seg(rowname, "label")
        lines.append(_line(cells, [Seg(f"{rowname:>3} ", "label")]))
        if under:
            lines.append(_line(under, [Seg("    ")]))
    if ordered:
        side_line(ordered[-1], whole_rows(ordered[-1]))
    lines.append(_column_letters(s, ordered, col_of, top=False, sheared=lay.sheared))
    return lines


def _column_letters(s: State, ordered, col_of, top: bool, sheared: bool) -> list[Seg]:
    """Each column letter once, beside the row nearest to it; where the rows lean, a
    column named by the bottom row does not stand under the top row, so the bottom row
    names its columns below and the top row its columns above."""
    b = s.game.board
    letters: dict[int, Seg] = {}
    placed: set[str] = set()
    rows = ordered if top else list(reversed(ordered))
    for row in (rows[:1] if sheared else rows):
        for x in row:
            letter = "".join(ch for ch in b.labels[x] if ch.isalpha())
            if letter and letter not in placed and col_of[x] * 2 not in letters:
                letters[col_of[x] * 2] = Seg(letter, "label")
                placed.add(letter)
    return _line(letters, [Seg("    ")])


def diagram(s: State) -> list[list[Seg]]:
    """The board as lines of segments (no status lines)."""
    g = s.game
    b = g.board
    t = b.default_type
    if t == "Cell" and _needs_wide_cells(g) or (s.count is not None or s.stack is not None) \
            and t in ("Cell", "Vertex"):
        return _wide_grid(s)
    if t in ("Cell", "Vertex"):
        return _grid(s)
    return []


def status_text(s: State) -> str:
    """``Game: P2 to move (move 3)``, or who won; ``move N`` is the move about to be
    made, as the colour diagram's title counts."""
    g = s.game
    status = f"{g.name}: "
    if s.outcome is not None:
        winners = [p for p in range(1, g.num_players + 1) if s.outcome[p] > 0]
        status += ("won by " + ", ".join(f"P{p}" for p in winners)) if winners else "drawn"
    else:
        status += f"P{s.mover} to move"
        if s.history:
            status += f" (move {s.ply + 1})"
    return status


def render_text(s: State) -> str:
    """Cells (or vertices) as rows from the top, with column letters and row numbers;
    drawn edges as ``-`` and ``|`` (P1) or ``=`` and ``!`` (P2) between vertices; the
    players' sides marked; then whose turn it is and the numbers the game keeps."""
    lines = ["".join(seg.text for seg in line).rstrip() for line in diagram(s)]
    lines.append(status_text(s))
    lines.extend(number_lines(s))
    return "\n".join(lines)
