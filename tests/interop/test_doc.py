"""The interop reference: ``ludeme doc interop`` and docs/interop.md."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.interop import reference

ROOT = Path(__file__).resolve().parents[2]


def test_doc_interop_describes_actions_and_observation():
    result = CliRunner().invoke(cli, ["doc", "interop"], catch_exceptions=False)
    assert result.exit_code == 0
    text = result.stdout
    for needed in ("python_ludeme_<name>", "num_distinct_actions()", "(planes, sites)",
                   "to move: P1", "action_mask", "max_game_length"):
        assert needed in text


def test_docs_interop_md_is_up_to_date():
    """docs/interop.md is written by `ludeme doc interop --format md --out docs/interop.md`."""
    assert (ROOT / "docs" / "interop.md").read_text(encoding="utf-8") == reference()
