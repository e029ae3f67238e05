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
