"""A plain-text diagram of a state: a grid with labels, for any board."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludeme.runtime.state import State

PLAYER_MARKS = "·XOABCD"
DIR_ARROWS = ("", "^", "/", ">", "\\", "v", "/", "<", "\\")


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
    owner = g.pieces.owner[p]
    arrow = DIR_ARROWS[s.rot[site]] if s.rot[site] else ""
    if owner == 0:
        return (g.pieces.symbol[p] or g.pieces.kinds[p][0]).lower() + arrow
    sym = g.pieces.symbol[p] or (g.pieces.kinds[p][0] if len(g.pieces.kind_names) > 1 else "")
    return PLAYER_MARKS[owner] + sym + arrow


def _wide_grid(s: State) -> list[str]:
    g = s.game
    b = g.board
    sites = b.sites["Cell"]
    xs = sorted({round(b.coords[x][0], 3) for x in sites})
    step = min((q - p for p, q in zip(xs, xs[1:], strict=False)), default=1.0) or 1.0
    col_of = {x: round((round(b.coords[x][0], 3) - xs[0]) / step) for x in sites}
    tokens = {x: wide_token(s, x) for x in sites}
    w = max(3, max(len(t) for t in tokens.values()))
    width = max(col_of.values()) + 1
    rows: dict[float, list[int]] = {}
    for x in sites:
        rows.setdefault(round(b.coords[x][1], 3), []).append(x)
    lines = []
    for y in sorted(rows, reverse=True):
        row = rows[y]
        rowname = "".join(ch for ch in b.labels[row[0]] if ch.isdigit())
        cells = [" " * w] * width
        for x in row:
            cells[col_of[x]] = tokens[x].ljust(w)
        lines.append(f"{rowname:>3} {' '.join(cells).rstrip()}")
    letters = [" " * w] * width
    for x in sites:
        letters[col_of[x]] = "".join(ch for ch in b.labels[x] if ch.isalpha()).ljust(w)
    lines.append(f"    {' '.join(letters).rstrip()}")
    return lines


def _row_position_grid(s: State) -> list[str]:
    """Boards named by row and position in the row (a hexagon of hexagons): each row
    from the top, between the labels of its first and last cells, cells half a cell
    apart from one row to the next as the tiling lays them."""
    b = s.game.board
    sites = b.sites["Cell"]
    xs = sorted({round(b.coords[x][0], 3) for x in sites})
    step = min((q - p for p, q in zip(xs, xs[1:], strict=False)), default=1.0) or 1.0
    col_of = {x: round((round(b.coords[x][0], 3) - xs[0]) / step) for x in sites}
    rows: dict[float, list[int]] = {}
    for x in sites:
        rows.setdefault(round(b.coords[x][1], 3), []).append(x)
    ordered = [sorted(rows[y], key=lambda x: b.coords[x][0]) for y in sorted(rows, reverse=True)]
    pad = max(len(b.labels[row[0]]) for row in ordered)
    lines = []
    for row in ordered:
        cells = [" "] * (max(col_of.values()) + 1)
        for x in row:
            cells[col_of[x]] = piece_char(s, x)
        body = "".join(cells).rstrip()
        lines.append(f"{b.labels[row[0]]:>{pad}} {body}  {b.labels[row[-1]]}")
    return lines


def render_text(s: State) -> str:
    """Cells (or vertices) as rows from the top, with column letters and row numbers;
    drawn edges as ``-`` and ``|`` between vertices; then whose turn it is and numbers."""
    g = s.game
    b = g.board
    t = b.default_type
    lines: list[str] = []
    if t == "Cell" and b.shape.label_style == "RowPosition":
        lines.extend(_row_position_grid(s))
    elif t == "Cell" and _needs_wide_cells(g):
        lines.extend(_wide_grid(s))
    elif t in ("Cell", "Vertex"):
        sites = b.sites[t]
        rows: dict[float, list[int]] = {}
        for x in sites:
            rows.setdefault(round(b.coords[x][1], 3), []).append(x)
        xs = sorted({round(b.coords[x][0], 3) for x in sites})
        step = min((b - a for a, b in zip(xs, xs[1:], strict=False)), default=1.0) or 1.0
        col_of = {x: round((xv - xs[0]) / step) for x, xv in
                  ((x, round(b.coords[x][0], 3)) for x in sites)}
        edges_on = "Edge" in b.use and "Vertex" in b.use
        width = max(col_of.values()) + 1
        for y in sorted(rows, reverse=True):
            row = sorted(rows[y], key=lambda x: b.coords[x][0])
            label = b.labels[row[0]]
            rowname = "".join(ch for ch in label if ch.isdigit()) if b.shape.label_style != \
                "RowPosition" else "".join(ch for ch in label if ch.isalpha())
            cells = [" "] * (width * 2 + 1)
            for x in row:
                cells[col_of[x] * 2] = piece_char(s, x)
                if edges_on:
                    east = b.step["Orthogonal"]["E"][x]
                    if east >= 0:
                        e = b.edge_between[(x, east)]
                        if s.what[e]:
                            cells[col_of[x] * 2 + 1] = "-" if g.pieces.owner[s.what[e]] == 1 \
                                else "="
            lines.append(f"{rowname:>3} {''.join(cells).rstrip()}")
            if edges_on:
                under = [" "] * (width * 2 + 1)
                for x in row:
                    south = b.step["Orthogonal"]["S"][x]
                    if south >= 0:
                        e = b.edge_between[(x, south)]
                        if s.what[e]:
                            under[col_of[x] * 2] = "|" if g.pieces.owner[s.what[e]] == 1 else "!"
                if any(c != " " for c in under):
                    lines.append(f"    {''.join(under).rstrip()}")
        if b.shape.label_style != "RowPosition":
            letters = [" "] * (width * 2 + 1)
            # on hexagons the columns slant: letter them along the bottom row only
            for x in (rows[min(rows)] if b.kind == "hexagonal" else sites):
                lab = b.labels[x]
                letters[col_of[x] * 2] = "".join(ch for ch in lab if ch.isalpha())[:1]
            lines.append(f"    {''.join(letters).rstrip()}")
    status = f"{g.name}: "
    if s.outcome is not None:
        winners = [p for p in range(1, g.num_players + 1) if s.outcome[p] > 0]
        status += ("won by " + ", ".join(f"P{p}" for p in winners)) if winners else "drawn"
    else:
        status += f"P{s.mover} to move"
    if s.history:
        status += f" (move {s.ply})"
    lines.append(status)
    if any(s.score[1:]) or g.score_fn is not None:
        lines.append("scores: " + "  ".join(f"P{p} {v}" for p, v in
                                             enumerate(g.final_scores(s), start=1)))
    for name, tally in zip(g.tally_names, s.tally, strict=True):
        lines.append(f"{name}: " + "  ".join(f"P{p} {v}" for p, v in enumerate(tally[1:], start=1)))
    if any(any(h[1:] if False else h) for h in s.hand[1:]):
        for p in range(1, g.num_players + 1):
            held = ", ".join(f"{k} x{n}" for k, n in zip(g.pieces.kind_names, s.hand[p],
                                                         strict=True) if n)
            if held:
                lines.append(f"P{p} holds: {held}")
    return "\n".join(lines)
