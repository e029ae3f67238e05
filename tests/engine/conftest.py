"""Fixtures for the engine tests."""

from __future__ import annotations

import pytest

import ludeme.api

# The files that compare a speed-up switched on with it switched off: a compilation
# cached by the API under one switch setting must not answer for the other.
SWITCH_TESTS = {"test_custodial_speedups", "test_line_speedups", "test_occupancy", "test_piece_scan", "test_piece_tables",
                "test_play_speedups", "test_pure_context", "test_race_fast_paths", "test_seed_speedups",
                "test_speedups", "test_turn_speedups"}


@pytest.fixture(autouse=True)
def _fresh_compilations(request, monkeypatch):
    if request.module.__name__.rsplit(".", 1)[-1] in SWITCH_TESTS:
        monkeypatch.setattr(ludeme.api, "_CACHE", {})


@pytest.fixture
def spied(monkeypatch):
    """``spied(module, name, into=None)``: ``module.name`` replaced (for this test) by a
    wrapper that records each call's name in a list and calls the real one; returns the
    list (``into`` when given, so several spies can share one)."""

    def spy(module, name: str, into: list | None = None) -> list:
        real = getattr(module, name)
        calls = [] if into is None else into

        def wrapper(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)
        return calls

    return spy
