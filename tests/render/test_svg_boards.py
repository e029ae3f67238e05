"""SVG pictures of the boards the bundled games do not use: triangular tilings, boards
drawn point by point (``graph``) and mancala boards. Each test renders a position of a
small description written here and checks the picture's structure: one clickable
polygon or circle per cell or pit, with its label; the coordinates or pit labels
written; the pieces by owner."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import ludeme
from ludeme.render.svg import LAST, render_svg

NS = "{http://www.w3.org/2000/svg}"


def game(board: str, start: str = "", name: str = "Board") -> ludeme.Game:
    return ludeme.loads(f"""
        (game "{name}" (players 2)
            (equipment {{{board} (piece "Disc" Each)}})
            (rules (start {{{start}}}) (play (move Add (to (sites Empty))))
                (end (if (is Full) (result Mover Draw)))))""", file=f"{name}.lud")


def picture(state, **kw) -> ET.Element:
    return ET.fromstring(render_svg(state, **kw))


def sites_drawn(root: ET.Element) -> dict[int, ET.Element]:
    out: dict[int, ET.Element] = {}
    for e in root.iter():
        if e.get("class") == "site":
            site = int(e.get("data-site"))
            assert site not in out, f"site {site} drawn twice"
            out[site] = e
    return out


def texts(root: ET.Element, cls: str) -> list[str]:
    return [e.text for e in root.iter(f"{NS}text") if e.get("class") == cls]


def pieces(root: ET.Element) -> dict[str, str]:
    """The title of each piece drawn (``Disc of P1 on a1``) -> its fill colour."""
    out = {}
    for e in root.iter():
        if e.get("class") == "piece":
            out[e.find(f"{NS}title").text] = e.find(f"{NS}circle").get("fill")
    return out


def board_lines(root: ET.Element) -> list[ET.Element]:
    """The lines drawn on the board (not those of the hatching pattern's definition)."""
    defined = set(root.find(f"{NS}defs").iter())
    return [e for e in root.iter(f"{NS}line") if e not in defined]


def corners(e: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in e.get("points").split()]


def test_triangle_of_triangles_one_three_cornered_polygon_per_cell():
    g = game("(board (tri 4))", '(place "Disc1" {0 5}) (place "Disc2" {3})')
    b = g.board
    s = g.new_initial_state()
    s.apply(s.legal_moves()[0])
    root = picture(s)
    drawn = sites_drawn(root)
    assert sorted(drawn) == list(b.sites["Cell"]) and len(drawn) == 16
    for site, e in drawn.items():
        assert e.tag == f"{NS}polygon" and e.get("data-label") == b.labels[site]
        assert len(set(corners(e))) == 3
    # the cells tile the triangle: 10 triangles pointing up, 6 down (SVG's y grows down:
    # a triangle pointing up has its two lowest corners at the largest y)
    ys = {site: sorted(y for _, y in corners(e)) for site, e in drawn.items()}
    apex_up = sum(1 for v in ys.values() if v[1] == v[2])
    assert apex_up == 10 and len(ys) - apex_up == 6
    placed = pieces(root)
    last = b.labels[s.history[-1].to]
    assert set(placed) == {f"Disc of P1 on {b.labels[0]}", f"Disc of P1 on {b.labels[5]}",
                           f"Disc of P2 on {b.labels[3]}", f"Disc of P1 on {last}"}
    assert len(set(placed.values())) == 2   # one fill per player
    assert texts(root, "coord")              # coordinates written
    assert any(e.get("fill") == LAST for e in root.iter(f"{NS}polygon"))


def test_hexagon_of_triangles():
    g = game("(board (tri Hexagon 2))")
    drawn = sites_drawn(picture(g.new_initial_state()))
    assert len(drawn) == 24 == len(g.board.sites["Cell"])
    assert all(len(set(corners(e))) == 3 for e in drawn.values())


GRAPH = "(graph vertices:{{0 0} {2 0} {1 2} {3 2}} edges:{{0 1} {1 2} {2 0} {1 3} {3 2}})"


def test_graph_cells_are_its_faces():
    g = game(f"(board {GRAPH})", '(place "Disc1" 0)')
    root = picture(g.new_initial_state())
    drawn = sites_drawn(root)
    assert len(drawn) == 2                       # two triangles enclosed by the edges
    for site, e in drawn.items():
        assert e.tag == f"{NS}polygon" and e.get("data-label") == g.board.labels[site]
        assert len(set(corners(e))) == 3
    assert list(pieces(root)) == [f"Disc of P1 on {g.board.labels[0]}"]


def test_graph_played_on_its_points_draws_points_and_lines():
    g = game(f"(board {GRAPH} use:Vertex)", '(place "Disc2" 1)')
    root = picture(g.new_initial_state())
    drawn = sites_drawn(root)
    assert sorted(drawn) == [0, 1, 2, 3]
    assert all(e.tag == f"{NS}circle" for e in drawn.values())
    assert [drawn[s].get("data-label") for s in range(4)] == list(g.board.labels[:4])
    assert len(board_lines(root)) == 5           # the five edges of the graph
    assert list(pieces(root)) == [f"Disc of P2 on {g.board.labels[1]}"]


def test_mancala_one_round_pit_per_site_labelled_without_lines():
    g = game("(mancalaBoard 2 6)", '(place "Disc1" 3) (place "Disc2" 9)', name="Pits")
    b = g.board
    s = g.new_initial_state()
    s.apply(s.parse_move("e1"))
    root = picture(s)
    drawn = sites_drawn(root)
    assert sorted(drawn) == list(range(14))       # twelve pits and two stores
    assert all(e.tag == f"{NS}circle" for e in drawn.values())
    assert not board_lines(root) and not list(root.iter(f"{NS}polygon"))
    # every pit's label once, beside its pit: below the bottom row, above the top one
    assert sorted(texts(root, "coord")) == sorted(b.labels)
    where = {e.text: float(e.get("y")) for e in root.iter(f"{NS}text")
             if e.get("class") == "coord"}
    centre_y = {b.labels[site]: float(e.get("cy")) for site, e in drawn.items()}
    assert where["b1"] > centre_y["b1"] and where["b2"] < centre_y["b2"]
    assert set(pieces(root)) == {"Disc of P1 on d1", "Disc of P2 on d2", "Disc of P1 on e1"}
    rings = [e for e in root.iter(f"{NS}circle") if e.get("stroke") == LAST]
    assert len(rings) == 1 and rings[0].get("cx") == drawn[b.site("e1")].get("cx")
