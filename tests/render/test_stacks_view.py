"""Pictures and records of games whose sites hold stacks."""

from __future__ import annotations

import ludeme
from ludeme.records import play_game, verify_record
from tests.engine.test_stacks import PILES, play


def test_the_text_diagram_shows_each_pile_bottom_first():
    s = ludeme.loads(PILES).new_initial_state()
    play(s, 0, 0, 1, 0)  # site 0: P1, P2, P2; site 1: P1
    row = str(s).splitlines()[0].split()
    assert row[1:] == ["XOO", "X", ".", ".", "."]


def test_a_record_of_a_stacking_game_replays(tmp_path):
    path = tmp_path / "piles.lud"
    path.write_text(PILES)
    g = ludeme.load(str(path))
    rec = play_game(g, ["random", "random"], seed=3)
    assert rec.end == "rules"
    report = verify_record(rec)
    assert report.ok, report.divergence


def test_the_svg_shows_the_pieces_under_the_top_of_a_stack():
    from ludeme.render.svg import render_svg

    s = ludeme.loads(PILES).new_initial_state()
    play(s, 0, 0, 1, 0)  # site 0: P1, P2, P2 (two under the top); site 1: P1
    picture = render_svg(s)
    assert picture.count('class="under"') == 2
    assert "Disc of P2 on a stack of 3: Disc1 Disc2 under it on a1" in picture
    assert picture.count('<g class="piece"') == 2
