"""How players and pieces look in pictures: colours, line styles and glyphs, with what
a description's ``(metadata (graphics ...))`` asks for, following Ludii's graphics
ludemes where they exist:

    (player Colour P1 (colour Red))                  a player's colour (name or R G B)
    (piece Colour P2 "Disc" fillColour:(colour 20 40 200))
    (piece Foreground "King" image:"crown")          a glyph drawn on the piece
    (piece Scale "Disc" 0.8)

Ownership never rests on colour alone: every player also has a line style (edges,
rings) and a mark, and every piece a text fallback.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# piece fills: dark, light, then colours that stay apart in greyscale as far as they can
PLAYER_FILL = ("#888888", "#262626", "#f5f2e9", "#c8372d", "#2f6fd0", "#2e9b4f", "#d9a21b",
               "#8e44ad")
# lines (edges, rings): strong inks that show on a light board
PLAYER_INK = ("#666666", "#c8372d", "#1f5bbf", "#23864a", "#8e44ad", "#d48a00", "#137f86")
# dash patterns in units of the stroke width: solid, dashed, dotted, dash-dot...
PLAYER_DASH = ("", "", "3 1.6", "0.9 1.3", "4 1.3 0.9 1.3", "2 2", "6 1.5")
PLAYER_MARKS = "·XOABCD"

NAMED_COLOURS = {
    "black": "#262626", "white": "#f5f2e9", "red": "#c8372d", "blue": "#2f6fd0",
    "green": "#2e9b4f", "yellow": "#e6c229", "orange": "#e07b1a", "purple": "#8e44ad",
    "brown": "#8b5a2b", "grey": "#888888", "gray": "#888888", "pink": "#e87ea1",
    "cyan": "#27b3c4", "dark": "#3a3a3a", "light": "#eeeeee",
}
GLYPHS = ("crown", "cross", "star", "dot", "ring", "square", "triangle", "disc")


def _colour(value) -> str | None:
    """``(colour Red)`` / ``(colour 20 40 200)`` as plain data -> a CSS colour."""
    if isinstance(value, dict):
        value = value.get("colour", value.get("color"))
    if isinstance(value, str):
        return NAMED_COLOURS.get(value.lower())
    if isinstance(value, list) and len(value) >= 3 and all(isinstance(v, int) for v in value[:3]):
        r, g, b = (max(0, min(255, v)) for v in value[:3])
        return f"#{r:02x}{g:02x}{b:02x}"
    return None


def _entries(data, key: str) -> list[list]:
    graphics = data.get("graphics") if isinstance(data, dict) else None
    if not isinstance(graphics, dict):
        return []
    found = graphics.get(key)
    if not isinstance(found, list) or not found:
        return []
    return [found] if isinstance(found[0], str) else [e for e in found if isinstance(e, list)]


def _player(word) -> int | None:
    if isinstance(word, str) and word[:1] == "P" and word[1:].isdigit():
        return int(word[1:])
    return None


@dataclass
class Style:
    """Colours and glyphs for one game (defaults, then the description's metadata)."""

    fill: dict[int, str] = field(default_factory=dict)          # player -> piece fill
    ink: dict[int, str] = field(default_factory=dict)           # player -> line colour
    piece_fill: dict[tuple[int, str], str] = field(default_factory=dict)  # (owner, kind)
    glyph: dict[tuple[int, str], str] = field(default_factory=dict)       # (owner, kind)
    scale: dict[str, float] = field(default_factory=dict)

    def player_fill(self, p: int) -> str:
        return self.fill.get(p) or PLAYER_FILL[p % len(PLAYER_FILL)]

    def player_ink(self, p: int) -> str:
        return self.ink.get(p) or PLAYER_INK[p % len(PLAYER_INK)]

    @staticmethod
    def dash(p: int) -> str:
        return PLAYER_DASH[p % len(PLAYER_DASH)]

    def fill_of(self, owner: int, kind: str) -> str:
        return (self.piece_fill.get((owner, kind)) or self.piece_fill.get((0, kind))
                or self.player_fill(owner))

    def glyph_of(self, owner: int, kind: str) -> str | None:
        return self.glyph.get((owner, kind)) or self.glyph.get((-1, kind))


_STYLES: dict[int, tuple[object, Style]] = {}


def game_style(game) -> Style:
    """The style of ``game`` (cached per game)."""
    hit = _STYLES.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    st = Style()
    meta = getattr(game, "metadata", None) or {}
    for e in _entries(meta, "player"):
        if len(e) >= 3 and e[0] == "Colour" and _player(e[1]):
            c = _colour(e[2])
            if c:
                st.fill[_player(e[1])] = c
                st.ink[_player(e[1])] = c
    for e in _entries(meta, "piece"):
        if not e:
            continue
        what, rest = e[0], e[1:]
        owner = _player(rest[0]) if rest else None
        if owner is not None:
            rest = rest[1:]
        kind = rest[0] if rest and isinstance(rest[0], str) else None
        named = {k: v for r in rest if isinstance(r, dict) for k, v in r.items()}
        if kind is None:
            continue
        if what == "Colour":
            c = _colour(named.get("fillColour"))
            if c:
                st.piece_fill[(owner or 0, kind)] = c
        elif what == "Foreground" and isinstance(named.get("image"), str):
            st.glyph[(owner if owner is not None else -1, kind)] = named["image"]
        elif what == "Scale" and len(rest) > 1 and isinstance(rest[1], int | float):
            st.scale[kind] = max(0.2, min(1.5, float(rest[1])))
    if len(_STYLES) > 64:
        _STYLES.clear()
    _STYLES[id(game)] = (game, st)
    return st
