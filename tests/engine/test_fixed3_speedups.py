"""The generated end checks (``compile.endchecks.WRITTEN_IN_TURN``) and the fused captures
(``effects.captures._turn_writer``) written into the turn written per game (and its
playout loop) from the same lines as their functions, in place of their calls. With the
switch on and off, and against the captures' function called (its lines not offered,
as when a ``return`` of theirs could not be a ``break``), seeded random games list the
same moves and reach the same positions,
hashes, movers, flags and results, by ``State.apply`` and by ``random_playout``.
Descriptions: the capture games of ``test_capture_fusion`` (flanking and surrounding
together on square and hex boards, a trigger the end rules read), the rook shuffles of
``test_brandubh5_speedups`` (written repetition and stuck tests in the end checks), and
Brandubh in both king options."""

from __future__ import annotations

import pytest

from ludeme.compile import endchecks
from ludeme.ludemes.effects import captures
from tests.engine.test_brandubh5_speedups import SHUFFLES
from tests.engine.test_capture_fusion import CASES as FENCES
from tests.engine.test_capture_fusion import FENCE, FLANKED_CHIEF
from tests.engine.test_written_acts import _applied_alike, _load, _playouts_alike


def _fence(board, dirs, allowed, third, p1, p2) -> str:
    return FENCE.format(board=board, dirs=dirs, allowed=allowed, p1=p1, p2=p2,
                        third=FLANKED_CHIEF.format(dirs=dirs) if third else "")


GAMES = [(_fence(*case), None) for case in FENCES] + [(text, None) for text in SHUFFLES[:3]] + \
    [("brandubh", []), ("brandubh", ["King/Weak"])]
IDS = ["fence-square", "fence-adjacent", "fence-hex", "shuffle-a", "shuffle-b", "shuffle-c",
       "brandubh", "brandubh-weak"]


def _names(game) -> set:
    return set(game.play.__code__.co_names) | set(game.play.playout.__code__.co_names)


@pytest.mark.parametrize("src,options", GAMES, ids=IDS)
def test_the_end_checks_written_in_the_turn_play_as_their_call(monkeypatch, src, options):
    switch = (endchecks, "WRITTEN_IN_TURN")
    fast = _load(monkeypatch, src, options, True, switch)
    slow = _load(monkeypatch, src, options, False, switch)
    # the one side reads the checks' values by their prefixed names; the other calls them
    assert "end_rule" not in _names(fast) and any(n.startswith("e_") for n in _names(fast))
    assert "end_rule" in _names(slow) and not any(n.startswith("e_") for n in _names(slow))
    assert sum(_applied_alike(fast, slow, seed) for seed in range(5)) > 30
    assert _playouts_alike(fast, slow, 17, games=8) > 30


@pytest.mark.parametrize("src,options", [g for g in GAMES if g[0].startswith(("(game \"Fence", "brandubh"))],
                         ids=[i for i in IDS if not i.startswith("shuffle")])
def test_the_captures_written_in_the_turn_play_as_their_call(monkeypatch, src, options):
    fast = _load(monkeypatch, src, options)
    slow = _load(monkeypatch, src, options, _never, (captures, "_returns_outside_loops"))
    written = fast.__dict__.get("written_thens", [])
    assert written and all(getattr(f, "turn_lines", None) for f in written)
    assert not slow.__dict__.get("written_thens")
    assert "c0_TAKES" in _names(fast) or "c0_UNION" in _names(fast)
    assert not any(n.startswith("c0_") for n in _names(slow))
    assert sum(_applied_alike(fast, slow, seed) for seed in range(5)) > 30
    assert _playouts_alike(fast, slow, 19, games=8) > 30


def _never(body) -> bool:
    """``captures._returns_outside_loops`` for an oracle: no lines offered to the turn."""
    return False


def test_captures_offer_their_lines_only_when_a_return_can_be_a_break():
    """A ``return`` inside a loop, or one with a value, could not be the ``break`` of the
    loop the turn writes round the lines: such lines are not offered."""
    ok = captures._returns_outside_loops
    assert ok(["    if x:", "        return", "    for a in b:", "        if c:",
               "            continue", "    return"])
    assert not ok(["    for a in b:", "        if c:", "            return"])
    assert not ok(["    if x:", "        return 1"])
