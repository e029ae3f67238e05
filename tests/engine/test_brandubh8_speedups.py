"""Wave 19's Brandubh pass (issue 19 item 2): the end checks written into the turn told
what the turn knows, and a few lines of the written turn and playout, each checked
against an oracle that can still fail:

- ``endchecks.TURN_KNOWS``: the turn's copy of the end checks leaves out what the turn
  has just set (``(no Moves Next)``'s tests of ``s._moves``, ``s.nxt``, the phase's
  generator in a game of one phase, ``s.who`` saved; ``(is Repeat n)``'s test that the
  position counted is the current one): the turn written per game against the general
  turn ``Game.play`` (per ply the moves in order and the full position; the playouts);
- ``(is Repeat n)``'s record (``_Seen``: a ``defaultdict`` of counts, attributes read
  by name) against the count of the position in ``state.hashes``, along games, clones
  and edited positions; in the playout loop, the record kept in the loop's locals from
  move to move (``"loop"``): playouts from played, cloned and edited positions against
  the general turn's;
- the written turn's change of mover read by the mover alone (``to_following``), the
  playout's head taking the kept moves first, the pass tested by its origin first:
  against the general turn on these games and on three players (``few`` off);
- ``placedreads.absent_of`` without the state's stacks asked in a game that never has
  any (the template compared, and the games played against the board scanned in
  ``test_tafl_speedups``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ludeme.compile import placedreads
from ludeme.ludemes.conditions.state import _Seen
from ludeme.runtime.editing import set_turn
from ludeme.runtime.search import random_playout
from tests.engine.test_brandubh3_speedups import brandubh, compiled
from tests.engine.test_brandubh5_speedups import SHUFFLES
from tests.engine.test_tafl_speedups import RAIDS
from tests.engine.test_turn_speedups import general_turn, play_alike, playouts_alike

GAMES = [(text, None) for text in SHUFFLES] + [(text, None) for text in RAIDS] + \
    [(brandubh(), ["King/Guarded by the Throne"]), (brandubh(), ["King/Weak"])]
IDS = ["repeat 3", "crowded", "stuck loses", "4x4", "swap", "raid slide", "raid step",
       "brandubh", "brandubh weak"]


def kept(s) -> tuple:
    """What a turn leaves on the state beyond ``play_alike``'s comparisons (and the
    record of ``(is Repeat n)``, where the game has one)."""
    seen = [(a.n, dict(a.counts), a.last) for a in s.aux if isinstance(a, _Seen)]
    return (s.hashes, s.ply, [m.key for m in s.history], s.outcome, seen)


@pytest.mark.parametrize(("text", "options"), GAMES, ids=IDS)
def test_turn_told_what_it_knows_plays_as_the_general_turn(text, options):
    fast = compiled(text, options)
    slow = general_turn(compiled(text, options))
    play = fast.play
    assert play.__code__.co_filename == "<ludeme turn>"
    names = set(play.__code__.co_names)
    if len(fast.phases) == 1 and getattr(fast.phases[0].generate, "mover_only", False):
        # the written (no Moves Next) calls the phase's generator as it stands (not
        # looked up by the state's phase)
        assert "_moves" in names and "phases" not in names and "phase" not in names
    plies = sum(play_alike(fast, slow, seed, plies=400, same=kept) for seed in range(12))
    assert plies > 60
    assert playouts_alike(fast, slow, seed=3, games=12, same=kept) > 60


@pytest.mark.parametrize(("text", "options"), GAMES[:4] + GAMES[6:7] + GAMES[7:8],
                         ids=IDS[:4] + IDS[6:8])
def test_playout_from_played_and_edited_positions(text, options):
    """The playout loop (whose end checks keep the record of positions in its locals
    from move to move) started from positions played by ``apply``, from their clones and
    from edited ones (the record left behind: rebuilt), as the general turn plays them:
    the same games, and the record counts ``state.hashes``."""
    fast = compiled(text, options)
    slow = general_turn(compiled(text, options))
    # the loop's own end checks, with the record kept in its locals
    assert any(v.startswith("f_n") for v in fast.play.playout.__code__.co_varnames)
    rng = random.Random(9)
    for g in range(16):
        a, b = fast.new_initial_state(), slow.new_initial_state()
        for _ in range(rng.randrange(12)):
            if a.is_terminal():
                break
            moves = a.legal_moves()
            i = rng.randrange(len(moves))
            a.apply(moves[i])
            b.apply(b.legal_moves()[i])
        if g % 3 == 1:
            a, b = a.clone(), b.clone()
        if g % 3 == 2 and not a.is_terminal():
            set_turn(a, a.mover)
            set_turn(b, b.mover)
        seed = rng.randrange(1000)
        n = random_playout(a, random.Random(seed))
        assert n == random_playout(b, random.Random(seed))
        assert kept(a) == kept(b)
        for seen in (x for x in a.aux if isinstance(x, _Seen)):
            if seen.n == len(a.hashes):
                assert dict(seen.counts) == dict(Counter(a.hashes))


def _record(s) -> _Seen:
    (seen,) = [a for a in s.aux if isinstance(a, _Seen)]
    return seen


@pytest.mark.parametrize("text", [*SHUFFLES[:4], RAIDS[1]], ids=[*IDS[:4], IDS[6]])
def test_repeat_record_counts_the_positions(text):
    """Along seeded games (some continued on a clone, some from an edited position) the
    record, whenever it says it has counted the whole of ``state.hashes``, holds their
    counts; a position counted the rule's number of times in ``state.hashes`` ends the
    game (drawn, where the rule is the first), and a draw before the move limit is such
    a position."""
    times = int(text.split("(is Repeat ")[1].split(")")[0])
    limit = int(text.split("(count Moves) ")[1].split(")")[0])
    first = "(end {(if (is Repeat" in text
    game = compiled(text)
    rng = random.Random(5)
    repeats = checked = 0
    for g in range(30):
        s = game.new_initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
            if rng.random() < 0.05:
                s = s.clone()
            seen = _record(s)
            if seen.n == len(s.hashes):
                assert dict(seen.counts) == dict(Counter(s.hashes))
                assert seen.last is s.hashes[-1]
                checked += 1
            repeated = s.hashes.count(s.hash) >= times
            drawn = s.is_terminal() and s.returns() == [0.0, 0.0]
            assert not repeated or (drawn if first else s.is_terminal())
            assert not drawn or repeated or s.ply >= limit
            repeats += repeated
            if g % 7 == 3 and s.ply == 6 and not s.is_terminal():
                set_turn(s, s.mover)          # an edited position: the record rebuilt
                assert s.hashes == [s.hash]
    assert repeats and checked > 100


def test_repeat_record_copied_apart():
    """A clone's record is its own: counting on one leaves the other as it was."""
    a = _Seen.fresh()
    a.counts[7] += 2
    a.n, a.last = 3, 7
    b = _Seen.copy(a)
    b.counts[7] += 1
    b.counts[9] += 1
    assert (dict(a.counts), a.n, a.last) == ({7: 2}, 3, 7)
    assert dict(b.counts) == {7: 3, 9: 1} and b.counts[5] == 0


def test_three_players_keep_the_mover_change_read_by_both():
    """With three players the next player may be another than ``next_of``'s: the turn
    reads the change by both players (``to_following`` is for one or two)."""
    text = SHUFFLES[0].replace("(players 2)", "(players 3)").replace(
        '(place "Rook2" {"c3"})', '(place "Rook2" {"c3"}) (place "Rook3" {"b2"})')
    fast, slow = compiled(text), general_turn(compiled(text))
    assert "to_following" not in fast.play.__code__.co_names
    assert sum(play_alike(fast, slow, seed, same=kept) for seed in range(4)) > 20
    two = compiled(SHUFFLES[0])
    assert "to_following" in two.play.__code__.co_names


def test_absent_asks_the_stacks_only_where_a_game_may_have_them():
    def fallback(s):
        return True

    plain = placedreads.absent_of((1,), fallback, stacks=False).inline[0]
    stacked = placedreads.absent_of((1, 2), fallback, stacks=True).inline[0]
    assert "s.stack" not in plain and "s.occ is not None" in plain
    assert "s.stack is None" in stacked
    raid = compiled(RAIDS[0])
    template = raid.end_rules[0].__code__.co_names
    assert "stack" not in template and "placed" in template
