"""The README's OpenSpiel and PettingZoo examples run as written and print what they
claim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## OpenSpiel and PettingZoo", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_has_both_examples():
    blocks = _examples()
    assert len(blocks) == 2
    assert "ludeme.interop import openspiel" in blocks[0]
    assert "ludeme.interop import pettingzoo" in blocks[1]


def test_openspiel_example(capsys):
    pytest.importorskip("pyspiel")
    exec(compile(_examples()[0], "README.md", "exec"), {})
    wins = int(re.search(r"beat random in (\d+) of 6", capsys.readouterr().out).group(1))
    assert wins >= 5


def test_pettingzoo_example(capsys):
    pytest.importorskip("pettingzoo")
    exec(compile(_examples()[1], "README.md", "exec"), {})
    out = capsys.readouterr().out
    before, after = map(int, re.search(r"won (\d+)/500 games before training, (\d+)/500",
                                       out).groups())
    assert after > before + 50
