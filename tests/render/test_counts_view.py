"""Pictures and records of games whose sites hold counts (mancala seeds) and hands."""

from __future__ import annotations

import re

import ludeme
from ludeme.records import play_game, verify_record
from ludeme.render.svg import render_svg
from ludeme.runtime.editing import set_count
from tests.engine.test_sowing import SMALL


def _state():
    g = ludeme.loads(SMALL)
    s = g.new_initial_state()
    s.apply(next(m for m in s.legal_moves() if m.frm == 2))  # 3, 4 and the store 9
    return g, s


def test_the_text_diagram_shows_each_pits_count_and_the_stores():
    g, s = _state()
    set_count(s, g.board.labels[6], 12)
    text = str(s)
    rows = text.splitlines()
    # top row: pits 5-8; middle: the stores 0 (empty) and 9 (1); bottom: pits 1-4
    assert rows[0].split()[1:] == ["3", "12", "3", "3"]
    assert rows[1].split()[1:] == [".", "1"]
    assert rows[2].split()[1:] == ["3", ".", "4", "4"]


def test_the_svg_writes_the_counts_on_the_pits():
    _, s = _state()
    svg = render_svg(s)
    counts = re.findall(r'class="ptext"[^>]*>([^<]*)<', svg)
    assert sorted(counts) == sorted(["3", "4", "4", "1", "3", "3", "3", "3"])


def test_a_record_of_a_sowing_game_replays(tmp_path):
    path = tmp_path / "small-kalah.lud"
    path.write_text(SMALL)
    g = ludeme.load(str(path))
    rec = play_game(g, ["random", "random"], seed=5)
    assert rec.end == "rules"
    report = verify_record(rec)
    assert report.ok, report.divergence
