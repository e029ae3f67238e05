"""The Ray backend plays exactly the games local workers play (one local Ray instance for
the whole module: starting Ray takes seconds)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.sim.backends import run_games
from ludeme.sim.runner import BatchSpec
from ludeme.sim.store import open_store, rows_equal_ignoring_time

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def ray_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def test_ray_and_local_backends_play_the_same_games(ray_cluster):
    spec = BatchSpec("tic-tac-toe", (), None, ("random", "random"), 123)
    local = sorted(run_games(spec, range(30), "local", workers=1), key=lambda r: r["idx"])
    remote = sorted(run_games(spec, range(30), "ray", workers=2), key=lambda r: r["idx"])
    assert [r["idx"] for r in remote] == list(range(30))
    assert rows_equal_ignoring_time(local, remote)
    assert ray.is_initialized()  # the backend leaves a cluster it did not start running


def test_simulate_cli_on_ray_stores_the_same_rows(ray_cluster, tmp_path):
    db = tmp_path / "r.sqlite"
    cli_runner = CliRunner()
    common = ["simulate", "tic-tac-toe", "-n", "16", "--agents", "random,mcts:iterations=20",
              "--seed", "4", "--db", str(db), "--json"]
    on_ray = cli_runner.invoke(cli, [*common, "--backend", "ray", "-w", "2"])
    assert on_ray.exit_code == 0, on_ray.output
    local = cli_runner.invoke(cli, [*common, "-w", "2"])
    assert local.exit_code == 0, local.output
    a, b = json.loads(on_ray.stdout), json.loads(local.stdout)
    assert a["batch"] == 1 and b["batch"] == 2
    with open_store(db) as store:
        assert rows_equal_ignoring_time(store.games(1), store.games(2))
