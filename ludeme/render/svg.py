"""An SVG picture of any position of any description, drawn from the board's geometry.

    from ludeme.render.svg import render_svg
    svg_text = render_svg(state)                       # the last move highlighted
    svg_text = render_svg(state, targets=[12, 13])     # legal choices marked

Every site is an element with ``data-site`` (its index) and ``data-label`` (its
coordinate), so the web board can make it clickable. Ownership is shown by colour and
also by something that is not colour: the fill's lightness (dark, light), the line
style of edges and rings (solid, dashed, dotted), and a text mark for three or more
players; every piece has a ``<title>`` naming it.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ludeme.render.model import ROT_ANGLE, PositionView, position_view
from ludeme.render.style import PLAYER_MARKS, Style, game_style

if TYPE_CHECKING:
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

PX = 48.0                     # pixels between neighbouring sites
BOARD = "#ecd9b0"             # cells
BOARD_LINE = "#7a6242"
PAPER = "#fbf8f1"             # behind a board of points and lines
LATTICE = "#b9c4d0"
LAST = "#f2c744"
TARGET = "#2e9b4f"
REGION_TINTS = ("#c9a86a", "#9fb8c9", "#c2a0c8", "#a9c79a", "#d6a08f")

CSS = """
.site{cursor:pointer}
.coord{font:600 13px sans-serif;fill:#5a4a36;text-anchor:middle;dominant-baseline:central}
.ptext{font:700 15px sans-serif;text-anchor:middle;dominant-baseline:central;pointer-events:none}
.note{font:13px sans-serif;fill:#333}
.piece,.glyph{pointer-events:none}
"""


def _lum(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) != 6:
        return 0.5
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _text_colour(fill: str) -> str:
    return "#111" if _lum(fill) > 0.55 else "#fafafa"


class _Frame:
    """Board units (y up) to pixels (y down)."""

    def __init__(self, view: PositionView, margin: float):
        geo = view.geometry
        self.k = PX / geo.spacing
        xs = [geo.bounds[0], geo.bounds[2]] + [a.x for a in geo.axis_labels]
        ys = [geo.bounds[1], geo.bounds[3]] + [a.y for a in geo.axis_labels]
        pad = 0.45 * geo.spacing
        self.x0, self.x1 = min(xs) - pad, max(xs) + pad
        self.y0, self.y1 = min(ys) - pad, max(ys) + pad
        self.margin = margin
        self.width = (self.x1 - self.x0) * self.k + 2 * margin
        self.height = (self.y1 - self.y0) * self.k + 2 * margin

    def x(self, x: float) -> float:
        return round((x - self.x0) * self.k + self.margin, 1)

    def y(self, y: float) -> float:
        return round((self.y1 - y) * self.k + self.margin, 1)

    def pt(self, p) -> str:
        return f"{self.x(p[0])},{self.y(p[1])}"


def render_svg(state: State, last: Move | None = None, targets=(), selected=(),
               size: int | None = None, title: bool = True, view: PositionView | None = None
               ) -> str:
    """The position as an SVG document. ``size`` is the picture's larger side in pixels
    (default: 48 pixels between neighbouring sites)."""
    if view is None:
        view = position_view(state, last, targets, selected)
    return _draw(state, view, game_style(state.game), size, title)


def _draw(state: State, view: PositionView, st: Style, size: int | None, title: bool) -> str:
    g = state.game
    b = g.board
    geo = view.geometry
    f = _Frame(view, 6.0)
    labels = b.labels
    notes = [view.status] + view.numbers if title else []
    owned = [r for r in view.regions if r.owner]
    if title and owned:
        notes.append("shaded: " + ", ".join(
            f"{r.name} ({'dark' if _lum(st.player_fill(r.owner)) < 0.5 else 'light'})"
            for r in owned))
    height = f.height + 18 * len(notes) + (6 if notes else 0)
    scale = size / max(f.width, height) if size else 1.0
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {f.width:.0f} {height:.0f}" '
        f'width="{f.width * scale:.0f}" height="{height * scale:.0f}" class="ludeme-board">',
        f"<title>{escape(g.name)}: {escape(view.status)}</title>",
        f"<style>{CSS}</style>",
        '<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#000" '
        'stroke-opacity="0.18" stroke-width="3"/></pattern></defs>',
    ]
    has_cells = bool(geo.cells)
    out.append(f'<rect x="0" y="0" width="{f.width:.0f}" height="{height:.0f}" '
               f'fill="{PAPER if not has_cells else "#f7efde"}"/>')
    # a region is tinted: a player's in that player's piece colour (dark sides, light
    # sides), a region of nobody's with a tint and a hatch
    region_fill: dict[int, tuple[str, float]] = {}
    hatched: set[int] = set()
    for i, r in enumerate(view.regions):
        if r.owner:
            fill = st.player_fill(r.owner)
            tint = (fill, 0.35 if _lum(fill) < 0.5 else 0.75)
        else:
            tint = (REGION_TINTS[i % len(REGION_TINTS)], 0.45)
        for s in r.sites:
            region_fill.setdefault(s, tint)
            if not r.owner:
                hatched.add(s)
    last = set(view.last)
    # cells
    if has_cells:
        out.append(f'<g stroke="{BOARD_LINE}" stroke-width="1.2" stroke-linejoin="round">')
        for site, poly in geo.cells:
            if not poly:  # a cell without corners (a pit, a graph's node): a circle
                c = b.coords[site]
                out.append(f'<circle class="site" data-site="{site}" data-label="{labels[site]}"'
                           f' cx="{f.x(c[0])}" cy="{f.y(c[1])}" r="{PX * 0.46:.1f}" '
                           f'fill="{BOARD}"/>')
                continue
            pts = " ".join(f.pt(p) for p in poly)
            out.append(f'<polygon class="site" data-site="{site}" data-label="{labels[site]}" '
                       f'points="{pts}" fill="{BOARD}"/>')
        out.append("</g>")
        tinted = [(s, poly) for s, poly in geo.cells if s in region_fill or s in last]
        for site, poly in tinted:
            if not poly:  # a pit: tinted and highlighted as a ring inside it
                c = b.coords[site]
                ring = (f'cx="{f.x(c[0])}" cy="{f.y(c[1])}" r="{PX * 0.42:.1f}" fill="none" '
                        f'stroke-width="{PX * 0.08:.1f}" pointer-events="none"')
                if site in region_fill:
                    out.append(f'<circle {ring} stroke="{region_fill[site][0]}"/>')
                if site in last:
                    out.append(f'<circle {ring} stroke="{LAST}"/>')
                continue
            pts = " ".join(f.pt(p) for p in poly)
            if site in region_fill:
                colour, opacity = region_fill[site]
                out.append(f'<polygon points="{pts}" fill="{colour}" '
                           f'fill-opacity="{opacity}" pointer-events="none"/>')
                if site in hatched:
                    out.append(f'<polygon points="{pts}" fill="url(#hatch)" '
                               f'pointer-events="none"/>')
            if site in last:
                out.append(f'<polygon points="{pts}" fill="{LAST}" fill-opacity="0.55" '
                           f'pointer-events="none"/>')
    # the lines of a board of points (all of them, faint), then the players' edges
    if geo.vertices:
        if not has_cells:
            out.append(f'<g stroke="{LATTICE}" stroke-width="1.5">')
            for a, c in geo.lattice:
                out.append(f'<line x1="{f.x(a[0])}" y1="{f.y(a[1])}" x2="{f.x(c[0])}" '
                           f'y2="{f.y(c[1])}"/>')
            out.append("</g>")
        edge_set = set(view.last_edges)
        for site, a, c in geo.edges:
            p = state.what[site]
            line = (f'x1="{f.x(a[0])}" y1="{f.y(a[1])}" x2="{f.x(c[0])}" y2="{f.y(c[1])}"')
            if site in edge_set:
                out.append(f'<line {line} stroke="{LAST}" stroke-width="13" '
                           f'stroke-linecap="round" pointer-events="none"/>')
            if p:
                owner = g.pieces.owner[p]
                dash = st.dash(owner)
                dash_attr = (' stroke-dasharray="' + " ".join(
                    str(round(float(d) * 5, 1)) for d in dash.split()) + '"') if dash else ""
                out.append(f'<line {line} stroke="{st.player_ink(owner)}" stroke-width="5" '
                           f'stroke-linecap="round"{dash_attr}>'
                           f'<title>{escape(g.pieces.names[p])} on {labels[site]}</title></line>')
            out.append(f'<line class="site" data-site="{site}" data-label="{labels[site]}" '
                       f'{line} stroke="transparent" stroke-width="10"/>')
        for site, pt in geo.vertices:
            x, y = f.x(pt[0]), f.y(pt[1])
            if site in last:
                out.append(f'<circle cx="{x}" cy="{y}" r="11" fill="{LAST}" '
                           f'pointer-events="none"/>')
            if site in region_fill:
                colour, opacity = region_fill[site]
                out.append(f'<circle cx="{x}" cy="{y}" r="12" fill="{colour}" '
                           f'fill-opacity="{opacity}" pointer-events="none"/>')
            out.append(f'<circle cx="{x}" cy="{y}" r="3.2" fill="#4a5866" pointer-events="none"/>')
            out.append(f'<circle class="site" data-site="{site}" data-label="{labels[site]}" '
                       f'cx="{x}" cy="{y}" r="14" fill="transparent"/>')
    # pieces
    centres = b.coords
    three_or_more = g.num_players > 2
    for site, pv in view.pieces.items():
        if b.site_type[site] == "Edge":
            continue
        cx, cy = f.x(centres[site][0]), f.y(centres[site][1])
        name = f"{pv.kind}" + (f" of P{pv.owner}" if pv.owner else "")
        if pv.direction:
            name += f" pointing {pv.direction}"
        if pv.below:
            name += f" on a stack of {len(pv.below) + 1}: " + " ".join(
                g.pieces.names[q] for q in pv.below) + " under it"
        out.append(f'<g class="piece" data-site="{site}"><title>{escape(name)} on '
                   f'{labels[site]}</title>')
        # a stack: the pieces under the top one show as discs stepping down from it
        for i, q in enumerate(pv.below):
            dy = 5 * (len(pv.below) - i)
            out.append(f'<circle class="under" cx="{cx}" cy="{cy + dy:.1f}" r="16" '
                       f'fill="{st.fill_of(g.pieces.owner[q], g.pieces.kinds[q])}" '
                       f'stroke="#111" stroke-width="1.4"/>')
        out.append(_piece(pv, cx, cy, st, on_vertex=b.site_type[site] == "Vertex" and
                          bool(geo.edges), mark=three_or_more))
        out.append("</g>")
    # legal choices and the current selection
    for site in view.selected:
        cx, cy = f.x(centres[site][0]), f.y(centres[site][1])
        out.append(f'<circle cx="{cx}" cy="{cy}" r="21" fill="none" stroke="{TARGET}" '
                   f'stroke-width="3.5" pointer-events="none"/>')
    for site in view.targets:
        cx, cy = f.x(centres[site][0]), f.y(centres[site][1])
        r = 9 if not state.what[site] else 22
        attrs = (f'fill="{TARGET}" fill-opacity="0.55"' if not state.what[site] else
                 f'fill="none" stroke="{TARGET}" stroke-width="3"')
        out.append(f'<circle class="target" data-site="{site}" cx="{cx}" cy="{cy}" r="{r}" '
                   f'{attrs} pointer-events="none"/>')
    # coordinates
    for a in geo.axis_labels:
        out.append(f'<text class="coord" x="{f.x(a.x)}" y="{f.y(a.y)}">{escape(a.text)}</text>')
    # whose turn, scores, pieces in hand
    y = f.height + 12
    for line in notes:
        out.append(f'<text class="note" x="{f.margin + 4:.0f}" y="{y:.0f}">{escape(line)}</text>')
        y += 18
    out.append("</svg>")
    return "\n".join(out)


def _piece(pv, cx: float, cy: float, st: Style, on_vertex: bool, mark: bool) -> str:
    owner = pv.owner
    scale = st.scale.get(pv.kind, 1.0)
    if on_vertex and owner:
        # a player's point on a board of lines: circled in the player's ink and line style
        dash = st.dash(owner)
        dash_attr = (' stroke-dasharray="' + " ".join(
            str(round(float(d) * 3, 1)) for d in dash.split()) + '"') if dash else ""
        return (f'<circle cx="{cx}" cy="{cy}" r="{12 * scale:.1f}" fill="#fff" fill-opacity="0.7" '
                f'stroke="{st.player_ink(owner)}" stroke-width="3"{dash_attr}/>')
    fill = st.fill_of(owner, pv.kind) if owner else "#9a948a"
    ink = _text_colour(fill)
    # three or more players: the owner's mark first, as the text diagram writes it
    owner_mark = (PLAYER_MARKS[owner] if owner < len(PLAYER_MARKS) else str(owner)) \
        if mark and owner else ""
    text = owner_mark + pv.text
    parts = []
    r = 18 * scale * pv.size
    if pv.direction:
        # a pyramid on its side: a triangle whose apex points the piece's way
        angle = ROT_ANGLE[pv.direction]
        h = 21 * scale * pv.size
        w = 14 * scale * pv.size
        # apex forward, base behind: the triangle's centroid on the site's centre
        pts = f"{h:.1f},0 {-h * 0.6:.1f},{-w:.1f} {-h * 0.6:.1f},{w:.1f}"
        parts.append(f'<polygon points="{pts}" transform="translate({cx},{cy}) '
                     f'rotate({-angle})" fill="{fill}" stroke="#222" stroke-width="1.5" '
                     f'stroke-linejoin="round"/>')
    elif owner == 0:
        parts.append(f'<rect x="{cx - r * 0.85:.1f}" y="{cy - r * 0.85:.1f}" '
                     f'width="{r * 1.7:.1f}" height="{r * 1.7:.1f}" rx="4" fill="{fill}" '
                     f'stroke="#444" stroke-width="1.5"/>')
    else:
        edge = "#111" if _lum(fill) > 0.5 else "#000"
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{fill}" stroke="{edge}" '
                     f'stroke-width="1.6"/>')
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r * 0.72:.1f}" fill="none" '
                     f'stroke="{ink}" stroke-opacity="0.25" stroke-width="1.2"/>')
    glyph = st.glyph_of(owner, pv.kind)
    if glyph:
        parts.append(_glyph(glyph, cx, cy, r, ink))
    elif text:
        size = round((15 if len(text) <= 2 else 11) * min(1.0, 0.35 + 0.65 * pv.size))
        parts.append(f'<text class="ptext" x="{cx}" y="{cy}" fill="{ink}" '
                     f'style="font-size:{size}px">{escape(text)}</text>')
    return "".join(parts)


def _glyph(name: str, cx: float, cy: float, r: float, ink: str) -> str:
    """A small drawing on a piece, named by the description's metadata."""
    n = name.lower()
    s = r * 0.55
    if n in ("crown", "king"):
        pts = (f"{cx - s},{cy + s * 0.6} {cx - s},{cy - s * 0.5} {cx - s * 0.5},{cy} "
               f"{cx},{cy - s * 0.8} {cx + s * 0.5},{cy} {cx + s},{cy - s * 0.5} "
               f"{cx + s},{cy + s * 0.6}")
        return f'<polygon class="glyph" points="{pts}" fill="{ink}"/>'
    if n == "cross":
        return (f'<path class="glyph" d="M{cx - s},{cy - s}L{cx + s},{cy + s}M{cx + s},{cy - s}'
                f'L{cx - s},{cy + s}" stroke="{ink}" stroke-width="3"/>')
    if n == "star":
        import math

        pts = " ".join(f"{cx + (s if i % 2 == 0 else s * 0.45) * math.sin(math.pi * i / 5):.1f},"
                       f"{cy - (s if i % 2 == 0 else s * 0.45) * math.cos(math.pi * i / 5):.1f}"
                       for i in range(10))
        return f'<polygon class="glyph" points="{pts}" fill="{ink}"/>'
    if n == "dot":
        return f'<circle class="glyph" cx="{cx}" cy="{cy}" r="{s * 0.45:.1f}" fill="{ink}"/>'
    if n == "ring":
        return (f'<circle class="glyph" cx="{cx}" cy="{cy}" r="{s * 0.7:.1f}" fill="none" '
                f'stroke="{ink}" stroke-width="2.5"/>')
    if n == "square":
        return (f'<rect class="glyph" x="{cx - s * 0.6:.1f}" y="{cy - s * 0.6:.1f}" '
                f'width="{s * 1.2:.1f}" height="{s * 1.2:.1f}" fill="{ink}"/>')
    if n == "triangle":
        return (f'<polygon class="glyph" points="{cx},{cy - s} {cx + s},{cy + s * 0.7} '
                f'{cx - s},{cy + s * 0.7}" fill="{ink}"/>')
    if n == "disc":
        return ""
    # any other name: its first letters as text
    return (f'<text class="ptext" x="{cx}" y="{cy}" fill="{ink}">{escape(name[:2])}</text>')


def svg_to_png(svg_text: str, path: str, scale: float = 1.0) -> None:
    """Write the picture as PNG (needs the optional ``cairosvg``)."""
    from ludeme.errors import UsageError

    try:
        import cairosvg
    except ImportError:  # pragma: no cover - depends on the installation
        raise UsageError("--png needs cairosvg", hint="pip install 'ludeme[svg]'") from None
    except OSError as err:  # pragma: no cover - cairosvg without the cairo library
        raise UsageError(f"--png needs the cairo library: {err}",
                         hint="apt-get install libcairo2") from None
    try:
        cairosvg.svg2png(bytestring=svg_text.encode(), write_to=path, scale=scale)
    except OSError as err:
        raise UsageError(f"{path}: cannot write: {err.strerror or err}") from None
