"""Batches: reproducible seeds, identical results on any number of workers, resume after
an interruption or a kill, and reports that agree with a count done by replaying."""

from __future__ import annotations

import json
import sqlite3
import statistics
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from ludeme.api import load
from ludeme.cli.main import cli
from ludeme.errors import UsageError
from ludeme.sim import stats
from ludeme.sim.batch import plan_batch, run_plan, seat_agents, split_agents
from ludeme.sim.report import compare, summarize
from ludeme.sim.runner import BatchSpec, Runner, game_seed
from ludeme.sim.store import open_store, rows_equal_ignoring_time


def _simulate(db, n, seed, workers, game="tic-tac-toe", agents=("random",), **kw):
    with open_store(db) as store:
        plan = plan_batch(store, game, n, agents, seed=seed, **kw)
        run_plan(store, plan, workers=workers)
        return store.batch(plan.batch.id), list(store.games(plan.batch.id))


def test_agent_lists():
    assert split_agents("random") == ["random"]
    assert split_agents("random,mcts:iterations=200,c=1.4") == ["random",
                                                                "mcts:iterations=200,c=1.4"]
    assert split_agents("mcts:iterations=50;random") == ["mcts:iterations=50", "random"]
    assert seat_agents(["random"], 2) == ["random", "random"]
    with pytest.raises(UsageError, match="3 agents for a 2-player game"):
        seat_agents(["random"] * 3, 2)
    with pytest.raises(UsageError, match="no agent 'randm'"):
        seat_agents(["randm"], 2)


def test_game_seeds_are_derived_from_the_batch_seed(tmp_path):
    _, rows = _simulate(tmp_path / "a.sqlite", 5, 42, 1)
    assert [r["seed"] for r in rows] == [game_seed(42, i) for i in range(5)]
    assert len({r["seed"] for r in rows}) == 5
    assert game_seed(42, 0) != game_seed(43, 0)


def test_one_or_two_workers_play_the_same_games(tmp_path):
    _, serial = _simulate(tmp_path / "a.sqlite", 40, 7, 1)
    _, pooled = _simulate(tmp_path / "b.sqlite", 40, 7, 2)
    assert [r["idx"] for r in pooled] == list(range(40))
    assert rows_equal_ignoring_time(serial, pooled)
    # and a different batch seed plays different games
    _, other = _simulate(tmp_path / "c.sqlite", 40, 8, 1)
    assert [r["moves"] for r in other] != [r["moves"] for r in serial]


def test_report_matches_a_count_by_replaying(tmp_path):
    batch, rows = _simulate(tmp_path / "a.sqlite", 30, 3, 1)
    game = load("tic-tac-toe")
    wins = [0, 0]
    losses = [0, 0]
    draws = 0
    lengths = []
    legal_total = decisions = 0
    for r in rows:
        state = game.new_initial_state()
        for text in r["moves"]:
            legal_total += len(state.legal_moves())
            decisions += 1
            state.apply(state.parse_move(text))
        assert state.is_terminal()
        ret = state.returns()
        assert ret == r["returns"]
        for p in (0, 1):
            wins[p] += ret[p] > 0
            losses[p] += ret[p] < 0
        draws += not any(x > 0 for x in ret)
        lengths.append(len(r["moves"]))
    rep = summarize(batch, rows)
    assert rep["games"] == 30
    for p in (0, 1):
        seat = rep["seats"][p]
        assert seat["win"]["count"] == wins[p]
        assert seat["loss"]["count"] == losses[p]
        assert seat["draw"]["count"] == 30 - wins[p] - losses[p]
        assert seat["win"]["ci95"] == list(stats.wilson(wins[p], 30))
    assert rep["draw_rate"]["count"] == draws
    assert rep["decisiveness"]["count"] == 30 - draws
    assert rep["first_mover"]["player"] == 1
    assert rep["first_mover"]["count"] == wins[0]
    assert rep["first_mover"]["advantage"] == pytest.approx(wins[0] / (30 - draws) - 0.5)
    assert rep["length"]["mean"] == pytest.approx(statistics.mean(lengths))
    assert rep["length"]["median"] == statistics.median(lengths)
    assert rep["length"]["sd"] == pytest.approx(statistics.stdev(lengths))
    assert rep["branching"]["mean"] == pytest.approx(legal_total / decisions)
    assert rep["branching"]["max"] == 9


class _Stop(Exception):
    pass


def test_resume_after_an_interruption_loses_and_duplicates_nothing(tmp_path):
    db = tmp_path / "r.sqlite"
    seen = []

    def stop_after_7(row):
        seen.append(row["idx"])
        if len(seen) == 7:
            raise _Stop

    with open_store(db) as store:
        plan = plan_batch(store, "tic-tac-toe", 50, ["random"], seed=5)
        with pytest.raises(_Stop):
            run_plan(store, plan, workers=2, on_game=stop_after_7)
        assert store.count(plan.batch.id) == 7
        again = plan_batch(store, "tic-tac-toe", 50, ["random"], resume=True)
        assert again.resumed and again.batch.id == plan.batch.id and again.batch.seed == 5
        assert sorted(again.todo) == sorted(set(range(50)) - set(seen))
        run_plan(store, again, workers=2)
        rows = list(store.games(plan.batch.id))
        assert len(store.batches()) == 1
    _, reference = _simulate(tmp_path / "ref.sqlite", 50, 5, 1)
    assert [r["idx"] for r in rows] == list(range(50))
    assert rows_equal_ignoring_time(rows, reference)


def test_resume_after_the_process_is_killed(tmp_path):
    db = tmp_path / "killed.sqlite"
    n = 40
    args = ["simulate", "tic-tac-toe", "-n", str(n), "--agents", "mcts:iterations=150",
            "--seed", "11", "-w", "1", "--db", str(db)]
    proc = subprocess.Popen([sys.executable, "-m", "ludeme.cli.main", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stored = 0
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if db.exists():
                try:
                    with sqlite3.connect(db) as conn:
                        stored = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
                except sqlite3.Error:
                    stored = 0
                if stored >= 5:
                    break
            time.sleep(0.02)
        proc.kill()
    finally:
        proc.wait()
    assert 5 <= stored < n, f"could not stop the run part-way ({stored} games stored)"
    with open_store(db) as store:
        before = store.count(1)
    assert before < n
    result = CliRunner().invoke(cli, [*args, "--resume", "--json"])
    assert result.exit_code == 0, result.output
    with open_store(db) as store:
        assert len(store.batches()) == 1
        rows = list(store.games(1))
        dupes = store.conn.execute("SELECT idx FROM games GROUP BY batch, idx "
                                   "HAVING COUNT(*) > 1").fetchall()
    assert dupes == []
    assert [r["idx"] for r in rows] == list(range(n))
    runner = Runner(BatchSpec("tic-tac-toe", (), None, tuple(rows[0]["agents"]), 11))
    assert rows_equal_ignoring_time(rows, [runner.play(i) for i in range(n)])


def test_simulate_and_report_cli(tmp_path):
    db = tmp_path / "r.sqlite"
    cli_runner = CliRunner()
    sim = cli_runner.invoke(cli, ["simulate", "tic-tac-toe", "-n", "12", "--seed", "1", "-w",
                                  "1", "--db", str(db), "--json"])
    assert sim.exit_code == 0, sim.output
    rep = cli_runner.invoke(cli, ["report", str(db), "--json"])
    assert rep.exit_code == 0, rep.output
    assert json.loads(rep.stdout) == json.loads(sim.stdout)
    table = cli_runner.invoke(cli, ["report", str(db), "--batch", "1"])
    assert table.exit_code == 0 and "Wilson" in table.output
    plots = cli_runner.invoke(cli, ["report", str(db), "--plot", str(tmp_path / "charts")])
    assert plots.exit_code == 0, plots.output
    files = sorted(p.name for p in (tmp_path / "charts").iterdir())
    assert files == ["batch1-length.png", "batch1-wins.png"]
    assert (tmp_path / "charts" / files[0]).read_bytes()[:4] == b"\x89PNG"
    bad = cli_runner.invoke(cli, ["simulate", "tic-tac-toe", "-n", "2", "--agents",
                                  "random,random,random", "--db", str(db)])
    assert bad.exit_code == 2 and "3 agents for a 2-player game" in bad.output


def test_compare_marks_significant_differences(tmp_path):
    db = tmp_path / "c.sqlite"
    result = CliRunner().invoke(cli, ["compare", "tic-tac-toe", "connect-four", "-n", "40",
                                      "--seed", "2", "-w", "1", "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["a"]["seed"] == out["b"]["seed"] == 2
    by_metric = {d["metric"]: d for d in out["differences"]}
    # random connect four lasts far longer than random tic-tac-toe
    assert by_metric["length (distribution)"]["significant"]
    assert by_metric["length (distribution)"]["test"] == "Mann-Whitney U"
    assert by_metric["P1 win"]["test"] == "two-proportion z"
    # --resume with a larger -n extends both batches instead of starting new ones
    more = CliRunner().invoke(cli, ["compare", "tic-tac-toe", "connect-four", "-n", "50",
                                    "-w", "1", "--db", str(db), "--json", "--resume"])
    assert more.exit_code == 0, more.output
    out = json.loads(more.stdout)
    assert (out["a"]["batch"], out["b"]["batch"]) == (1, 2)
    assert out["a"]["games"] == out["b"]["games"] == 50
    with open_store(db) as store:
        assert len(store.batches()) == 2


def test_compare_a_game_with_itself_finds_nothing(tmp_path):
    with open_store(tmp_path / "s.sqlite") as store:
        reps, rows = [], []
        for label in ("A", "B"):
            plan = plan_batch(store, "tic-tac-toe", 60, ["random"], seed=9, label=label)
            run_plan(store, plan, workers=1)
            rows.append(list(store.games(plan.batch.id)))
            reps.append(summarize(store.batch(plan.batch.id), rows[-1]))
    assert rows_equal_ignoring_time(*rows)
    diffs = compare(reps[0], reps[1], rows[0], rows[1])
    assert all(d["p"] == pytest.approx(1.0) for d in diffs if d["metric"] != "seconds per game")


def test_missing_optional_dependencies_are_clear_errors(monkeypatch, tmp_path):
    from ludeme.sim.backends import run_games
    from ludeme.sim.plots import write_plots

    monkeypatch.setitem(sys.modules, "ray", None)        # import ray -> ImportError
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    spec = BatchSpec("tic-tac-toe", (), None, ("random", "random"), 1)
    with pytest.raises(UsageError, match="needs Ray"):
        list(run_games(spec, [0], "ray"))
    with pytest.raises(UsageError, match="needs matplotlib"):
        write_plots(tmp_path, [], [])
