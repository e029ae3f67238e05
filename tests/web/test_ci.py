"""CI runs exactly the README's test command (after installing the browser)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    command = next(line for b in blocks for line in b.splitlines()
                   if "pytest" in line and "pip install" in line)
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == command
    assert "web" in command and "svg" in command   # the browser tests' and PNG's extras
    assert any("apt-get install" in line and "chromium" in line for line in ci)
