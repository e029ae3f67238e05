"""A coloured board diagram (rich) for any board: the plain diagram's segments
(``text.diagram``), so it shows everything the plain one shows, with pieces, edges and
sides coloured by owner, the last move highlighted, the description's named regions
marked on empty sites, and the numbers the game keeps. Ownership is never told by
colour alone: marks, letters, arrows and edge characters differ as in the plain one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ludeme.render.model import move_sites as _move_sites
from ludeme.render.model import number_lines, regions_view
from ludeme.render.text import diagram

if TYPE_CHECKING:
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

__all__ = ["board_text", "legend", "move_sites", "number_lines", "player_style"]

PLAYER_STYLES = ("bold white", "bold red", "bold blue", "bold green", "bold magenta",
                 "bold yellow", "bold cyan")
REGION_STYLES = ("yellow", "cyan", "magenta", "green", "red", "blue")
HIGHLIGHT = "on grey30"
# the plain diagram's edge characters, drawn as lines (still one style per player)
LINES = {"-": "─", "=": "═", "|": "│", "!": "║"}


def player_style(player: int) -> str:
    return PLAYER_STYLES[player] if 0 <= player < len(PLAYER_STYLES) else "bold"


def move_sites(move: Move | None) -> set[int]:
    """The sites a move touches, to highlight."""
    return set(_move_sites(move))


def board_text(state: State, highlight: set[int] | None = None) -> Text:
    """The diagram as rich Text."""
    highlight = highlight or set()
    lines = diagram(state)
    if not lines:
        return Text(str(state).rsplit("\n", 1)[0])
    marks: dict[int, str] = {}
    for i, (_name, sites) in enumerate(_marked_regions(state)):
        for x in sites:
            marks.setdefault(x, REGION_STYLES[i % len(REGION_STYLES)])
    out = Text()
    for line in lines:
        if not "".join(seg.text for seg in line).strip():
            continue
        for seg in line:
            text, style = seg.text, None
            if seg.kind == "label":
                style = "dim"
            elif seg.kind == "side":
                style = f"{player_style(seg.owner)} dim" if seg.owner else "dim"
            elif seg.kind == "edge":
                text = LINES.get(text, text)
                style = player_style(seg.owner or 0)
            elif seg.kind == "site":
                if seg.owner is None:
                    if seg.site in marks:
                        text, style = "+", marks[seg.site]
                    else:
                        text, style = text.replace(".", "·"), "dim"
                else:
                    style = player_style(seg.owner)
                if seg.site in highlight:
                    style = f"{style or ''} {HIGHLIGHT}".strip()
            out.append(text, style=style)
        out.rstrip()
        out.append("\n")
    return out


def _marked_regions(state: State) -> list[tuple[str, tuple[int, ...]]]:
    """Named regions not owned by a player, with their sites in this position: squares
    a description gives a name (a castle, a goal) are shown even when empty."""
    return [(r.name, r.sites) for r in regions_view(state)
            if not r.owner and not r.name.endswith("'s region")]


def legend(state: State) -> Text:
    """Which colour and mark is which player, and what the marks mean."""
    from ludeme.render.text import PLAYER_MARKS, _needs_wide_cells, piece_char, wide_token

    g = state.game
    wide = g.board.default_type == "Cell" and _needs_wide_cells(g)
    token = wide_token if wide else piece_char
    out = Text()
    for p in range(1, g.num_players + 1):
        owned = [k for k in range(1, len(g.pieces.names)) if g.pieces.owner[k] == p]
        glyphs = sorted({_glyph(state, k, token) for k in owned})
        out.append(f"P{p} ", style=player_style(p))
        out.append((" ".join(glyphs) if wide else "".join(glyphs))
                   or PLAYER_MARKS[p % len(PLAYER_MARKS)], style=player_style(p))
        out.append("  ")
    sides = [r for r in regions_view(state) if r.owner and r.name.endswith("'s region")]
    if sides:
        out.append("sides: " + ", ".join(
            f"P{r.owner} {PLAYER_MARKS[r.owner] if r.owner < len(PLAYER_MARKS) else '#'}"
            for r in sides) + "  ", style="dim")
    for i, (name, sites) in enumerate(_marked_regions(state)):
        labels = " ".join(g.board.labels[x] for x in sites[:6])
        more = " ..." if len(sites) > 6 else ""
        out.append("+", style=REGION_STYLES[i % len(REGION_STYLES)])
        out.append(f" {name} ({labels}{more})  ", style="dim")
    return out


def _glyph(state: State, piece: int, piece_char) -> str:
    # piece_char reads the state; ask it about a copy holding just this piece
    s = state.clone()
    s.what = [0] * len(state.what)
    s.occ = None  # see runtime.occupancy
    s.rot = [0] * len(state.rot)
    s.what[0] = piece
    return piece_char(s, 0)
