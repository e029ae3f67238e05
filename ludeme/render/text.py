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


def render_text(s: State) -> str:
    """Cells (or vertices) as rows from the top, with column letters and row numbers;
    drawn edges as ``-`` and ``|`` between vertices; then whose turn it is and numbers."""
    g = s.game
    b = g.board
    t = b.default_type
    lines: list[str] = []
    if t in ("Cell", "Vertex"):
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
            for x in sites:
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
