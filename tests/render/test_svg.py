"""The SVG picture: every site drawn from the board's geometry, pieces by owner with a
text fallback, pointing pieces, players' edges told apart by style, regions, labels,
highlights, the description's graphics metadata, and ``ludeme svg``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

import ludeme
from ludeme.cli.main import cli
from ludeme.render.model import position_view
from ludeme.render.svg import LAST, render_svg

NS = {"s": "http://www.w3.org/2000/svg"}


def play(game, *moves):
    state = game.new_initial_state()
    for m in moves:
        state.apply(state.parse_move(m))
    return state


def tree(text: str) -> ET.Element:
    return ET.fromstring(text)


def sites_drawn(root: ET.Element) -> dict[int, ET.Element]:
    return {int(e.get("data-site")): e for e in root.iter() if e.get("class") == "site"}


@pytest.mark.parametrize("name", ["tic-tac-toe", "brandubh", "hex", "branching-coral",
                                  "connect-four", "twigs-and-thorns"])
def test_every_cell_is_a_clickable_polygon_with_its_label(load, name):
    g = load(name)
    root = tree(render_svg(g.new_initial_state()))
    drawn = sites_drawn(root)
    cells = g.board.sites["Cell"]
    assert sorted(drawn) == list(cells)
    for s in cells:
        assert drawn[s].tag.endswith("polygon")
        assert drawn[s].get("data-label") == g.board.labels[s]
        # a polygon with as many corners as the tiling's cells have
        assert len(drawn[s].get("points").split()) in (4, 6)


def test_brandubh_pieces_have_owner_fill_and_text(load):
    g = load("brandubh")
    root = tree(render_svg(g.new_initial_state()))
    pieces = [e for e in root.iter() if e.get("class") == "piece"]
    assert len(pieces) == 13
    titles = sorted(e.find("s:title", NS).text for e in pieces)
    assert "King of P2 on d4" in titles
    texts = {e.find("s:text", NS).text for e in pieces}
    # kinds told apart by text, not only by colour
    assert texts == {"A", "D", "K"}
    fills = {e.find("s:circle", NS).get("fill") for e in pieces}
    assert len(fills) == 2  # dark attackers, light defenders


def test_last_move_and_named_regions(load):
    g = load("brandubh")
    s = play(g, "d2-b2")
    root = tree(render_svg(s))
    b = g.board
    polys = [e for e in root.iter() if e.tag.endswith("polygon") and e.get("fill") == LAST]
    assert len(polys) == 2
    hatched = [e for e in root.iter() if e.get("fill") == "url(#hatch)"]
    view = position_view(s)
    named = {r.name: r.sites for r in view.regions}
    assert set(named["Corners"]) == {b.site(x) for x in ("a1", "g1", "a7", "g7")}
    assert len(hatched) >= 5  # the four corners and the throne at least


def test_coordinates_on_every_axis(load):
    g = load("brandubh")
    root = tree(render_svg(g.new_initial_state()))
    coords = [e.text for e in root.iter() if e.get("class") == "coord"]
    for ch in "abcdefg1234567":
        assert coords.count(ch) == 2, ch  # both ends of every column and row


def test_hex_labels_both_axes_and_shades_players_sides(load):
    g = load("hex", "Board Size/7x7")
    s = g.new_initial_state()
    root = tree(render_svg(s))
    coords = [e.text for e in root.iter() if e.get("class") == "coord"]
    assert coords.count("a") == 2 and coords.count("7") == 2
    view = position_view(s)
    owners = {r.owner: set(r.sites) for r in view.regions}
    b = g.board
    # Ludii's rhombus stands on A1: P1 joins rows 1 and 7, P2 columns a and g
    rows, cols = b.rows["Cell"], b.columns["Cell"]
    assert owners[1] == set(rows[0]) | set(rows[-1]) == set(b.side("Cell", "SE")) | set(
        b.side("Cell", "NW"))
    assert owners[2] == set(cols[0]) | set(cols[-1])


def test_branches_edges_by_colour_and_style_origins_circled(load):
    g = load("branches")
    s = play(g, "i2", "b9", "i1", "h4", "i1-h1-h2-i2", "h4-g4-f4-f5")
    root = tree(render_svg(s))
    owned = [e for e in root.iter() if e.tag.endswith("line") and e.find("s:title", NS) is not None]
    assert len(owned) == 6
    p1 = [e for e in owned if "Pen1" in e.find("s:title", NS).text]
    p2 = [e for e in owned if "Pen2" in e.find("s:title", NS).text]
    assert len(p1) == len(p2) == 3
    # told apart without colour: one solid, the other dashed
    assert {e.get("stroke-dasharray") for e in p1} == {None}
    assert all(e.get("stroke-dasharray") for e in p2)
    assert {e.get("stroke") for e in p1}.isdisjoint({e.get("stroke") for e in p2})
    rings = [e for e in root.iter() if e.get("class") == "piece"]
    assert len(rings) == 4  # the four origins, circled
    assert sum(1 for e in rings if e.find("s:circle", NS).get("stroke-dasharray")) == 2
    # every vertex and every edge can be clicked
    drawn = sites_drawn(root)
    assert set(g.board.sites["Vertex"]) | set(g.board.sites["Edge"]) == set(drawn)


def test_pointing_pieces_point(load):
    g = load("twigs-and-thorns")
    s = play(g, "a2", "d3", "2d2n", "3e2w")
    root = tree(render_svg(s))
    tri = {e.get("data-site"): e.find("s:polygon", NS) for e in root.iter()
           if e.get("class") == "piece" and e.find("s:polygon", NS) is not None}
    b = g.board
    assert "rotate(-90)" in tri[str(b.site("d2"))].get("transform")   # north: up
    assert "rotate(-180)" in tri[str(b.site("e2"))].get("transform")  # west
    titles = [e.find("s:title", NS).text for e in root.iter() if e.get("class") == "piece"]
    assert "Medium of P1 pointing N on d2" in titles
    notes = [e.text for e in root.iter() if e.get("class") == "note"]
    assert any(n.startswith("P1 holds:") for n in notes)


def test_targets_and_selection(load):
    g = load("tic-tac-toe")
    s = g.new_initial_state()
    root = tree(render_svg(s, targets=[0, 4], selected=[8]))
    targets = [int(e.get("data-site")) for e in root.iter() if e.get("class") == "target"]
    assert targets == [0, 4]


def test_graphics_metadata_colours_and_glyphs():
    text = """(game "Marks" (players 2)
      (equipment {(board (square 3)) (piece "Disc" Each)})
      (rules (play (move Add (to (sites Empty))))
             (end (if (is Line 3) (result Mover Win)))))
    (metadata (graphics {(player Colour P1 (colour Red)) (player Colour P2 (colour 20 40 200))
                         (piece Foreground "Disc" image:"cross")}))"""
    g = ludeme.loads(text)
    s = play(g, "a1", "b2")
    root = tree(render_svg(s))
    fills = {e.find("s:circle", NS).get("fill") for e in root.iter() if e.get("class") == "piece"}
    assert fills == {"#c8372d", "#1428c8"}
    assert sum(1 for e in root.iter() if e.get("class") == "glyph") == 2


def test_cli_writes_svg_and_png(tmp_path):
    runner = CliRunner()
    out = tmp_path / "b.svg"
    r = runner.invoke(cli, ["svg", "brandubh", "--moves", "d2-b2 e4-e1", "--out", str(out),
                            "--legal"])
    assert r.exit_code == 0, r.output
    root = tree(out.read_text())
    assert any(e.get("class") == "target" for e in root.iter())
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as err:  # not installed, or no cairo library
        pytest.skip(f"--png needs cairosvg and libcairo: {err}")
    png = tmp_path / "b.png"
    r = runner.invoke(cli, ["svg", "hex", "-o", "Board Size/7x7", "--out", str(png), "--png"])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_from_a_record_ply(tmp_path):
    from ludeme.records import play_game, save_records

    g = ludeme.load("tic-tac-toe")
    rec = play_game(g, ["random", "random"], seed=4)
    path = tmp_path / "r.json"
    save_records(path, [rec])
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(cli, ["svg", "--record", str(path), "--ply", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    pieces = [e for e in tree(out.read_text()).iter() if e.get("class") == "piece"]
    assert len(pieces) == 2
    assert json.loads(path.read_text())["moves"][:2]


def test_cli_bad_move_is_a_clear_error(tmp_path):
    r = CliRunner().invoke(cli, ["svg", "tic-tac-toe", "--moves", "a1 a1", "--out",
                                 str(tmp_path / "x.svg")])
    assert r.exit_code == 2
    assert "move 2 ('a1')" in r.output
    assert "Traceback" not in r.output
    assert not (tmp_path / "x.svg").exists()


def test_rows_and_columns_of_a_hexagon_named_at_both_ends(load):
    # Ludii labels a hexagon by column and row: rows are the horizontal lines (1 at the
    # bottom), columns the lines leaning left (a from a1 to a6, k from k6 to k11)
    g = load("branching-coral")
    root = tree(render_svg(g.new_initial_state()))
    coords = [e.text for e in root.iter() if e.get("class") == "coord"]
    for text in map(str, range(1, 12)):
        assert coords.count(text) == 2, text
    # a column's end on a side beside a row's end is labelled at its other end only,
    # so no two labels sit on each other
    for text in "abcdefghijk":
        assert coords.count(text) == (2 if text == "f" else 1), text


@pytest.mark.parametrize("command", ["svg", "serve"])
def test_help(command):
    r = CliRunner().invoke(cli, [command, "--help"])
    assert r.exit_code == 0 and "Usage" in r.output


def test_four_players_told_apart_by_mark_not_only_colour(load):
    g = load("twigs-and-thorns", "Players/4")
    s = g.new_initial_state()
    rng = __import__("random").Random(3)
    for _ in range(16):
        s.apply(rng.choice(s.legal_moves()))
    root = tree(render_svg(s))
    for e in root.iter():
        if e.get("class") != "piece":
            continue
        site = int(e.get("data-site"))
        owner = g.pieces.owner[s.what[site]]
        text = e.find("s:text", NS).text
        if owner:
            assert text[0] == "·XOAB"[owner] and text[1:] == g.pieces.symbol[s.what[site]]
