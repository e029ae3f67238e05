"""A coloured board diagram (rich) for any board: the same grid as the plain text
diagram, with pieces coloured by owner, the last move highlighted, the description's
named regions marked on empty sites, and the numbers the game keeps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ludeme.render.text import piece_char

if TYPE_CHECKING:
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

PLAYER_STYLES = ("bold white", "bold red", "bold blue", "bold green", "bold magenta",
                 "bold yellow", "bold cyan")
REGION_STYLES = ("yellow", "cyan", "magenta", "green", "red", "blue")
HIGHLIGHT = "on grey30"


def player_style(player: int) -> str:
    return PLAYER_STYLES[player] if 0 <= player < len(PLAYER_STYLES) else "bold"


def move_sites(move: Move | None) -> set[int]:
    """The sites a move touches, to highlight."""
    if move is None:
        return set()
    sites = {x for x in (move.frm, move.to) if x is not None and x >= 0}
    if move.kind == "path" and isinstance(move.extra, tuple):
        sites.update(x for x in move.extra if isinstance(x, int))
    return sites


def _layout(state: State):
    """Rows (top first) of sites with their column index, as the text diagram lays
    them out; None when the board has no cells or vertices to draw."""
    b = state.game.board
    t = b.default_type
    if t not in ("Cell", "Vertex"):
        return None
    sites = b.sites[t]
    rows: dict[float, list[int]] = {}
    for x in sites:
        rows.setdefault(round(b.coords[x][1], 3), []).append(x)
    xs = sorted({round(b.coords[x][0], 3) for x in sites})
    step = min((q - p for p, q in zip(xs, xs[1:], strict=False)), default=1.0) or 1.0
    col_of = {x: round((round(b.coords[x][0], 3) - xs[0]) / step) for x in sites}
    ordered = [sorted(rows[y], key=lambda x: b.coords[x][0]) for y in sorted(rows, reverse=True)]
    return ordered, col_of, max(col_of.values()) + 1


def board_text(state: State, highlight: set[int] | None = None) -> Text:
    """The diagram as rich Text (falls back to the plain diagram's grid)."""
    g = state.game
    b = g.board
    highlight = highlight or set()
    layout = _layout(state)
    if layout is None:
        return Text(str(state).rsplit("\n", 1)[0])
    ordered, col_of, width = layout
    marks: dict[int, str] = {}
    for i, (_name, (_owner, sites)) in enumerate(_marked_regions(state)):
        for x in sites:
            marks.setdefault(x, REGION_STYLES[i % len(REGION_STYLES)])
    row_labels = b.shape.label_style != "RowPosition"
    edges_on = "Edge" in b.use and "Vertex" in b.use
    owner = g.pieces.owner
    out = Text()
    for row in ordered:
        label = b.labels[row[0]]
        rowname = "".join(ch for ch in label if (ch.isdigit() if row_labels else ch.isalpha()))
        out.append(f"{rowname:>3} ", style="dim")
        cells: list[tuple[str, str]] = [(" ", "")] * (width * 2 + 1)
        under: list[tuple[str, str]] = [(" ", "")] * (width * 2 + 1)
        for x in row:
            p = state.what[x]
            if p:
                ch, style = piece_char(state, x), player_style(owner[p])
            elif x in marks:
                ch, style = "+", marks[x]
            else:
                ch, style = "·", "dim"
            if x in highlight:
                style = f"{style} {HIGHLIGHT}"
            cells[col_of[x] * 2] = (ch, style)
            if edges_on:
                east = b.step["Orthogonal"]["E"][x]
                if east >= 0:
                    e = b.edge_between.get((x, east))
                    if e is not None and state.what[e]:
                        cells[col_of[x] * 2 + 1] = ("─", player_style(owner[state.what[e]]))
                south = b.step["Orthogonal"]["S"][x]
                if south >= 0:
                    e = b.edge_between.get((x, south))
                    if e is not None and state.what[e]:
                        under[col_of[x] * 2] = ("│", player_style(owner[state.what[e]]))
        _append_cells(out, cells)
        if edges_on and any(c != " " for c, _ in under):
            out.append("    ")
            _append_cells(out, under)
    if row_labels:
        # each column letter once, under the lowest site that has it (on a rhombus the
        # columns lean, so the bottom row names them all)
        letters = [" "] * (width * 2 + 1)
        placed: set[str] = set()
        for row in reversed(ordered):
            for x in row:
                letter = "".join(ch for ch in b.labels[x] if ch.isalpha())
                if letter and letter not in placed and letters[col_of[x] * 2] == " ":
                    letters[col_of[x] * 2] = letter[:1]
                    placed.add(letter)
        out.append("    " + "".join(letters).rstrip() + "\n", style="dim")
    return out


def _append_cells(out: Text, cells: list[tuple[str, str]]) -> None:
    last = max((i for i, (c, _) in enumerate(cells) if c != " "), default=-1)
    for ch, style in cells[:last + 1]:
        out.append(ch, style=style or None)
    out.append("\n")


def _marked_regions(state: State) -> list[tuple[str, tuple[str | None, tuple[int, ...]]]]:
    """Named regions not owned by a player, with their sites in this position: squares
    a description gives a name (a castle, a goal) are shown even when empty."""
    regions = getattr(state.game, "named_regions", {}) or {}
    out = []
    for name, (owner, region) in regions.items():
        if owner and owner not in ("Neutral", "Shared"):
            continue
        sites = getattr(region, "static", None)
        if sites is None:
            try:
                sites = region.fn(state)
            except Exception:  # noqa: BLE001 - a region needing a move's context: not drawn
                continue
        out.append((name, (owner, tuple(sites))))
    return out


def legend(state: State) -> Text:
    """Which colour is which player, and what the marks mean."""
    out = Text()
    for p in range(1, state.game.num_players + 1):
        owned = [k for k in range(1, len(state.game.pieces.names))
                 if state.game.pieces.owner[k] == p]
        glyphs = sorted({_glyph(state, k) for k in owned})
        out.append(f"P{p} ", style=player_style(p))
        out.append(("".join(glyphs) or "·") + "  ", style=player_style(p))
    for i, (name, (_owner, sites)) in enumerate(_marked_regions(state)):
        labels = " ".join(state.game.board.labels[x] for x in sites[:6])
        more = " ..." if len(sites) > 6 else ""
        out.append("+", style=REGION_STYLES[i % len(REGION_STYLES)])
        out.append(f" {name} ({labels}{more})  ", style="dim")
    return out


def _glyph(state: State, piece: int) -> str:
    # piece_char reads the state; ask it about a copy holding just this piece
    s = state.clone()
    s.what = [0] * len(state.what)
    s.what[0] = piece
    return piece_char(s, 0)


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
