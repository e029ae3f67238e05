"""Helpers for the front-end tests: write a description, run a command on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ludeme.cli.main import cli

DATA = Path(__file__).parent / "data"


@pytest.fixture
def run(tmp_path, monkeypatch):
    """``run("check", "x.lud", files={"x.lud": text})`` in a fresh folder (so paths in
    messages are short and stable); returns click's Result (exit_code, stdout, stderr)."""
    monkeypatch.chdir(tmp_path)

    def _run(*args: str, files: dict[str, str | bytes] | None = None, input: str | None = None):
        for name, content in (files or {}).items():
            p = tmp_path / name
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                p.write_text(content, encoding="utf-8")
        return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)

    return _run
