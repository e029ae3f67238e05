"""benchmarks/compare.py: every option set of the seed games is compared, and each
ludeme description plays the same rules as the baseline it is timed against."""

import sys
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import compare  # noqa: E402

PAIRS = [c for c in compare.COMPARISONS if c.reference.startswith("baseline:")]


def test_every_option_set_of_the_issue_is_compared():
    params = {(c.reference, tuple(sorted(c.reference_params.items()))) for c in PAIRS}
    for size in (6, 8, 10):
        for length in (2, 3, 4):
            assert ("baseline:branches", (("length", length), ("size", size))) in params
    for players in range(2, 7):
        assert ("baseline:twigs_and_thorns", (("players", players),)) in params
    coral = [c.reference_params for c in PAIRS if c.reference == "baseline:branching_coral"]
    for brain in (False, True):
        assert {p["side"] for p in coral if p["brain"] == brain and "shape" not in p} \
            == {4, 6, 9}
        assert any(p["brain"] == brain and p.get("shape") == "square" for p in coral)
    assert any(c.game == "brandubh" for c in PAIRS)


@pytest.mark.parametrize("cmp", PAIRS, ids=lambda c: c.name)
def test_each_pair_plays_the_same_rules(cmp):
    assert compare.check_pair(cmp, plies=40) == []


def test_the_check_sees_a_pair_that_differs():
    coral = next(c for c in PAIRS if c.name == "coral-4")
    wrong = replace(coral, reference_params={**coral.reference_params, "side": 5})
    problems = compare.check_pair(wrong, plies=5)
    assert problems and "perft 2" in problems[0]


def test_names_patterns_and_aliases_select_comparisons():
    assert [c.name for c in compare.select(["brain-*"])] == [
        "brain-4", "brain-6", "brain-9", "brain-square-9"]
    assert [c.name for c in compare.select(["branches-young"])] == ["branches-6-2"]
    with pytest.raises(SystemExit):
        compare.select(["no-such-game"])
