"""Ratings and tournaments: Bradley-Terry on results whose order is known, a round robin
played end to end into the database, its leaderboard shown again, people's records
added by name."""

from __future__ import annotations

import json
import math
import sqlite3

import pytest
from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.records import load_records
from ludeme.sim.ratings import Result, fit_ratings, pairwise

pytest.importorskip("choix")


def results_from(rates: dict[tuple[str, str], tuple[int, int, int]]) -> list[Result]:
    """(a, b) -> (a's wins, draws, b's wins)."""
    out = []
    for (a, b), (w, d, lost) in rates.items():
        out += [Result(a, b, 1.0)] * w + [Result(a, b, 0.5)] * d + [Result(a, b, 0.0)] * lost
    return out


def test_known_order_and_elo_gap():
    # A scores 80% against B, B 80% against C, A 94% against C (what the model predicts)
    results = results_from({("A", "B"): (80, 0, 20), ("B", "C"): (80, 0, 20),
                            ("A", "C"): (94, 0, 6)})
    table = fit_ratings(results, bootstrap=100, seed=1)
    assert [r.name for r in table] == ["A", "B", "C"]
    a, b, c = table
    # 80% is a 241-point gap on the Elo scale (400 log10 4)
    assert a.rating - b.rating == pytest.approx(400 * math.log10(4), abs=25)
    assert b.rating - c.rating == pytest.approx(400 * math.log10(4), abs=25)
    assert sum(r.rating for r in table) / 3 == pytest.approx(1500, abs=1e-6)
    for r in table:
        assert r.low <= r.rating <= r.high and r.high - r.low < 200
    assert a.low > b.high and b.low > c.high      # the intervals separate them
    assert (a.games, a.wins, a.losses) == (200, 174, 26)


def test_draws_and_an_even_record_give_equal_ratings():
    results = results_from({("X", "Y"): (10, 20, 10)})
    x, y = fit_ratings(results, bootstrap=50)
    assert x.rating == pytest.approx(1500, abs=0.5) and y.rating == pytest.approx(1500, abs=0.5)
    assert (x.draws, x.score) == (20, 0.5)


def test_an_entrant_who_always_wins_has_a_finite_rating():
    table = fit_ratings(results_from({("S", "W"): (30, 0, 0)}), bootstrap=20)
    assert table[0].name == "S" and math.isfinite(table[0].rating)
    assert table[0].rating > table[1].rating + 300


def test_the_bootstrap_is_seeded():
    results = results_from({("A", "B"): (6, 1, 3), ("B", "C"): (5, 0, 5)})
    assert fit_ratings(results, seed=4) == fit_ratings(results, seed=4)


def test_a_game_of_three_is_three_comparisons():
    got = pairwise(["ann", "bob", "cy"], [1.0, -1.0, -1.0])
    assert got == [Result("ann", "bob", 1.0), Result("ann", "cy", 1.0), Result("bob", "cy", 0.5)]
    assert pairwise(["ann", "ann"], [1.0, -1.0]) == []


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_a_tournament_end_to_end(tmp_path):
    db = str(tmp_path / "t.sqlite")
    result = run("tournament", "tic-tac-toe", "--agents", "random", "alphabeta:depth=9",
                 "mcts:iterations=30", "-n", "3", "--workers", "1", "--seed", "5",
                 "--db", db, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 18 and data["tournament"] == 1
    board = data["leaderboard"]
    assert {r["name"] for r in board} == {"random", "alphabeta:depth=9", "mcts:iterations=30"}
    assert all(r["games"] == 12 for r in board)
    # perfect play never loses at tic-tac-toe; random play is last
    top = next(r for r in board if r["name"] == "alphabeta:depth=9")
    assert top["losses"] == 0 and board[-1]["name"] == "random"
    # stored: the tournament, its six batches (three pairs, both seat orders), the games
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 1
    batches = conn.execute("SELECT b.agents FROM batches b JOIN tournament_batches t "
                           "ON t.batch = b.id").fetchall()
    seatings = {tuple(json.loads(a)) for (a,) in batches}
    assert len(seatings) == 6 and all((b, a) in seatings for a, b in seatings)
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 18
    conn.close()
    # the same leaderboard again, from the database
    again = json.loads(run("ratings", db, "--json").output)
    assert again["leaderboard"] == board
    table = run("ratings", db).output
    assert "Tic-Tac-Toe" in table and "alphabeta:depth=9" in table and "95% interval" in table
    assert "1: Tic-Tac-Toe, 3 entrants" in run("ratings", db, "--list").output


def test_tournament_usage_errors(tmp_path):
    db = str(tmp_path / "t.sqlite")
    r = run("tournament", "tic-tac-toe", "--agents", "random", "-n", "2", "--db", db)
    assert r.exit_code == 2 and "two different agents" in r.output
    r = run("tournament", "twigs-and-thorns", "-o", "Players/3", "--agents", "random", "mcts",
            "-n", "2", "--db", db)
    assert r.exit_code == 2 and "two-player games" in r.output
    r = run("ratings", str(tmp_path / "none.sqlite"))
    assert r.exit_code == 2 and "no such results database" in r.output


def test_peoples_records_join_the_leaderboard_by_name(tmp_path):
    games = tmp_path / "ann.jsonl"
    # Ann plays P1 three times against random, resigning once
    for seed, text in ((1, "b2\nresign\n"), (2, "b2\nresign\n"), (3, "quit\n")):
        r = run("play", "tic-tac-toe", "--p1", "human", "--p2", "random", "--seed", str(seed),
                "--name", "Ann", "--save", str(tmp_path / f"g{seed}.json"), input=text)
        assert r.exit_code == 0, r.output
    recs = [load_records(tmp_path / f"g{s}.json")[0] for s in (1, 2, 3)]
    assert recs[0].players == ["Ann", ""]
    games.write_text("".join(rec.to_json(indent=None) + "\n" for rec in recs))
    db = str(tmp_path / "r.sqlite")
    r = run("ratings", db, "--add-records", str(games), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    board = {row["name"]: row for row in data["leaderboard"]}
    # two resignations rated, the unfinished game left out
    assert board["Ann"]["games"] == 2 and board["Ann"]["losses"] == 2
    assert board["random"]["wins"] == 2
    # a record is added once
    r = run("ratings", db, "--add-records", str(games))
    assert "added 0 game records" in r.output
    # a record without a name is rated only under the name given for it
    r = run("play", "tic-tac-toe", "--p1", "human", "--p2", "random", "--seed", "7",
            "--save", str(tmp_path / "anon.json"), input="b2\nresign\n")
    r = run("ratings", db, "--add-records", str(tmp_path / "anon.json"))
    assert "1 skipped (a person without a name: give --name)" in r.output
    r = run("ratings", db, "--add-records", str(tmp_path / "anon.json"), "--name", "Bo",
            "--json")
    assert {row["name"] for row in json.loads(r.output)["leaderboard"]} == {"Ann", "Bo",
                                                                           "random"}


def test_play_name_needs_a_person():
    r = run("play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--name", "Ann")
    assert r.exit_code == 2 and "1 name for 0 people playing" in r.output
