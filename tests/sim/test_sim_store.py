"""The results database: refusing files that are not ours, one row per game."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.errors import UsageError
from ludeme.sim.store import open_store


def _row(idx: int) -> dict:
    return {"idx": idx, "seed": 1, "agents": ["random", "random"], "options": [],
            "desc_hash": "x", "returns": [1.0, -1.0], "winners": [1], "end": "rules",
            "length": 5, "seconds": 0.1, "moves": ["a1", "b2", "c3", "a2", "a3"],
            "branching_sum": 35, "branching_max": 9, "decisions": 5}


def _batch(store):
    return store.new_batch(game="G", ref="g", options=[], chosen=[], ruleset=None,
                           agents=["random", "random"], seed=1, n=3, desc_hash="x",
                           players=2, first_mover=1)


def test_rows_round_trip_and_no_duplicates(tmp_path):
    with open_store(tmp_path / "r.sqlite") as store:
        b = _batch(store)
        assert store.add_game(b.id, _row(0))
        assert not store.add_game(b.id, _row(0))     # (batch, idx) is unique
        assert store.add_game(b.id, _row(2))
        assert store.done_indices(b.id) == {0, 2}
        rows = list(store.games(b.id))
    assert [r["idx"] for r in rows] == [0, 2]
    assert {k: v for k, v in rows[0].items() if k != "batch"} == _row(0)
    # reopening finds the same data
    with open_store(tmp_path / "r.sqlite", create=False) as store:
        assert store.latest().id == b.id and store.count(b.id) == 2


def test_corrupt_file_is_refused(tmp_path):
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not SQLite at all" * 100)
    with pytest.raises(UsageError, match="not a ludeme results database"):
        open_store(path)


def test_foreign_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (name TEXT)")
    conn.execute("INSERT INTO games VALUES ('chess')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(UsageError, match="not a ludeme results database"):
        open_store(path)
    assert path.read_bytes() == before


def test_missing_or_empty_database_for_reading(tmp_path):
    with pytest.raises(UsageError, match="no such results database"):
        open_store(tmp_path / "none.sqlite", create=False)
    assert not (tmp_path / "none.sqlite").exists()
    with open_store(tmp_path / "new.sqlite") as store, pytest.raises(UsageError, match="no batches"):
        store.latest()


@pytest.mark.parametrize("content", ["corrupt", "foreign"])
def test_cli_errors_without_traceback(tmp_path, content):
    path = tmp_path / "bad.sqlite"
    if content == "corrupt":
        path.write_bytes(b"\x00garbage" * 500)
    else:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
        conn.close()
    runner = CliRunner()
    for args in (["report", str(path)],
                 ["simulate", "tic-tac-toe", "-n", "2", "-w", "1", "--db", str(path)]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 2, result.output
        assert "not a ludeme results database" in result.output
        assert "Traceback" not in result.output
        assert not isinstance(result.exception, sqlite3.Error)


def test_report_unknown_batch(tmp_path):
    path = tmp_path / "r.sqlite"
    with open_store(path) as store:
        _batch(store)
    result = CliRunner().invoke(cli, ["report", str(path), "--batch", "9"])
    assert result.exit_code == 2
    assert "no batch 9" in result.output
