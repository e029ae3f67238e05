"""``benchmarks.bench_interop --check`` runs both adapters' consistency checks on any
description path (for Ludii's library games once ludeme runs them)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from benchmarks import bench_interop  # noqa: E402
from tests.interop.games import TINY  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Observation")


def test_check_a_description_path(tmp_path, capsys):
    path = tmp_path / "tiny-check.lud"
    path.write_text(TINY)
    assert bench_interop.main([str(path), "--check", "--sims", "2"]) == 0
    out = capsys.readouterr().out
    assert f"{path}: OpenSpiel random_sim_test passed (2 games)" in out
    assert f"{path}: PettingZoo api_test passed" in out


def test_the_breakdown_measures_its_runners(capsys):
    """--breakdown adds its three runners to the table."""
    import json

    assert bench_interop.main(["tic-tac-toe", "--seconds", "0.2", "--breakdown",
                               "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["games"]["tic-tac-toe"]
    assert set(result) == {"ludeme", "openspiel", "pettingzoo", "pettingzoo_raw",
                           "ludeme_api", "numbered", "openspiel_no_bridge"}
    assert all(r["moves_per_s"] > 0 for r in result.values())


def test_a_numbered_playout_applies_legal_moves():
    import random

    run = bench_interop.ludeme_api_runner("tic-tac-toe", [], numbered=True)
    lengths = {run(random.Random(seed)) for seed in range(20)}
    assert lengths <= set(range(5, 10)) and len(lengths) > 1
