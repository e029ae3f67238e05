"""(do (move Add ...) ifAfterwards:(is Connected ... through:(sites Empty))) answered for
every candidate placement at once (the articulation points of the empty sites joined
to the target region, ludeme/ludemes/conditions/connected.py): move sets along random games and
on random fillings against a brute-force computation of the definition, on descriptions
written here (8-neighbour square board with the corners as the target; a hexagon
with the centre as the target), and a check that the all-at-once path is the one used."""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.ludemes.conditions import connected as connectivity
from ludeme.runtime.position import position

GAME = """(game "Breathe" (players 2)
  (equipment {{(board {board}) (piece "Disc" Each)}})
  (rules (play (do (move Add (to (sites Empty)))
                   ifAfterwards:(is Connected {region} {dirs} to:{target}
                                              through:(sites Empty))))
         (end (if (no Moves Next) (result Mover Loss)))))"""

CASES = {
    "square-corners": ("(square 6)", "Adjacent", "(sites Corners)", "(sites Empty)"),
    "hex-centre": ("(hex 4)", "Orthogonal", "(sites Centre)", "(sites Empty)"),
    "square-empty-edge": ("(square 5)", "Orthogonal",
                          "(intersection (sites Perimeter) (sites Empty))", "(sites Empty)"),
    # every site, stones too, is a target site or touches an empty site joined to one
    "hex-all-sites": ("(hex 3)", "Orthogonal",
                      "(intersection (sites Perimeter) (sites Empty))", "(sites Board)"),
    "square-all-corners": ("(square 5)", "Adjacent", "(sites Corners)", "(sites Board)"),
}


def target(s, text: str) -> set[int]:
    b = s.game.board
    if text == "(sites Corners)":
        return set(b.corners["Cell"])
    if text == "(sites Centre)":
        return set(b.centre["Cell"])
    return {x for x in b.perimeter["Cell"] if not s.what[x]}


def expected_moves(s, dirs: str, target_text: str, region: str) -> set[str]:
    """Place on each empty site in turn and check the definition by flood fill: every
    site of the region is a target site, or reaches an empty target site through empty
    sites (a stone: has an empty neighbour that does)."""
    g = s.game
    nb = g.board.nbrs[dirs]
    out = set()
    for x in range(g.board.n_sites):
        if s.what[x]:
            continue
        t = s.clone()
        t.what[x] = g.pieces.find("Disc", s.mover)
        goal = target(t, target_text)
        empty = {y for y in range(g.board.n_sites) if not t.what[y]}
        reached = {y for y in goal if y in empty}
        stack = list(reached)
        while stack:
            y = stack.pop()
            for z in nb[y]:
                if z in empty and z not in reached:
                    reached.add(z)
                    stack.append(z)
        sites = empty if region == "(sites Empty)" else range(g.board.n_sites)
        if all(y in reached or y in goal or any(z in reached for z in nb[y]) for y in sites):
            out.add(g.board.labels[x])
    return out or {"pass"}   # with no placement the mover passes, as in Ludii


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


@pytest.mark.parametrize("case", list(CASES))
def test_placements_match_the_definition(case):
    board, dirs, target_text, region = CASES[case]
    g = ludeme.loads(GAME.format(board=board, dirs=dirs, target=target_text, region=region))
    rng = random.Random(case)
    checked = 0
    for _ in range(3):                       # positions reached in play
        s = g.new_initial_state()
        while True:
            if s.is_terminal():      # (no Moves Next) ended it
                assert legal(s) == set()
                break
            want = expected_moves(s, dirs, target_text, region)
            assert legal(s) == want
            checked += 1
            s.apply(s.legal_moves()[rng.randrange(len(want))])
    labels = list(g.board.labels)
    for i in range(40):                      # arbitrary fillings, walled-in space too
        density = rng.random() * 0.7
        pieces = {lab: rng.choice(("Disc1", "Disc2")) for lab in labels
                  if rng.random() < density}
        s = position(g, pieces, mover=1 + i % 2)
        assert legal(s) == expected_moves(s, dirs, target_text, region), pieces
        checked += 1
    assert checked > 60


def test_every_candidate_is_answered_from_one_pass_per_position(monkeypatch):
    monkeypatch.setattr(connectivity, "COUNT_STATS", True)
    stats = {"fast": 0, "walk": 0, "flood": 0, "base": 0}
    monkeypatch.setattr(connectivity, "STATS", stats)
    # a board no other test compiles (compiled games are cached; the counters are fixed
    # when the condition is compiled)
    g = ludeme.loads(GAME.format(board="(square 7)", dirs="Adjacent",
                                 target="(sites Corners)", region="(sites Empty)"))
    rng = random.Random(3)
    s = g.new_initial_state()
    while not s.is_terminal():
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    # no flood fill of a position after a placement; one pass per position generated
    assert stats["flood"] == 0
    assert 0 < stats["base"] <= s.ply + 1
    assert stats["fast"] > 5 * stats["base"]
    assert stats["walk"] > 0                 # some placements did cut space off



def test_articulation_points_of_a_path_also_from_deep_in_the_stack():
    # sites 0..n-1 in a row, 0 joined to the extra node: every site but the last is a
    # cut site; called with most of the recursion limit used, the loop answers
    import sys

    n = 300
    nb = [tuple(x for x in (i - 1, i + 1) if 0 <= x < n) for i in range(n)]
    in_c = bytearray([1] * n)
    want = bytearray([1] * (n - 1) + [0])
    assert connectivity._cut_sites([0], in_c, nb, n) == want

    def deep(k):
        return deep(k - 1) if k else connectivity._cut_sites([0], in_c, nb, n)

    assert deep(sys.getrecursionlimit() - 250) == want
    # a ring of 6 sites, two of them seeds: no cut site; with one seed, the seed is one
    ring = [((i - 1) % 6, (i + 1) % 6) for i in range(6)]
    assert connectivity._cut_sites([0, 3], bytearray([1] * 6), ring, 6) == bytearray(6)
    assert connectivity._cut_sites([0], bytearray([1] * 6), ring, 6) == bytearray([1] + [0] * 5)
