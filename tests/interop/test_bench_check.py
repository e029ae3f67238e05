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


def test_the_floor_measures_a_do_nothing_game(capsys):
    """--floor plays the do-nothing game through each adapter's loop: it runs its fixed
    length, and each ceiling is a ratio below 1."""
    import json
    import random

    from benchmarks.interop_floor import NULL_LENGTH, openspiel_null_game, pettingzoo_null_env

    assert bench_interop.openspiel_loop(openspiel_null_game(9))(random.Random(0)) == NULL_LENGTH
    for wrapped in (True, False):
        env = pettingzoo_null_env("tic-tac-toe", [], wrapped=wrapped)
        assert bench_interop.pettingzoo_loop(env)(random.Random(0)) == NULL_LENGTH
    assert bench_interop.main(["tic-tac-toe", "--seconds", "0.2", "--floor", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["games"]["tic-tac-toe"]
    assert {"openspiel_floor", "pettingzoo_floor", "pettingzoo_raw_floor"} <= set(result)
    assert set(result["ceiling"]) == {"openspiel", "pettingzoo", "pettingzoo_raw"}
    assert all(0 < c < 1 for c in result["ceiling"].values())
