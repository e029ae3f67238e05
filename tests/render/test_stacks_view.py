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
