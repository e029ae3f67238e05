"""Shared fixtures: games loaded once per session."""

from __future__ import annotations

import pytest

import ludeme


@pytest.fixture(scope="session")
def load():
    """``load(name, *options)``: a compiled bundled game (cached by the API)."""

    def _load(name: str, *options: str, ruleset: str | None = None):
        return ludeme.load(name, list(options), ruleset)

    return _load
