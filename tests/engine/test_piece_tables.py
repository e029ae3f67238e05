"""A piece's moves worked out per context with only its board reads left
(``ludeme.compile.piecetables``): the same race descriptions compiled with the tables
and without them (the rule as written) must list the same moves, in the same order, along
seeded random games; and the traced rule keeps its own answers wherever it reads more
than the context and a few sites."""

from __future__ import annotations

import random

import pytest

import ludeme
import ludeme.api
from ludeme.compile import piecetables
from ludeme.compile.piecetables import traced_at
from ludeme.ludemes.moves import generators
from tests.engine.test_pure_context import PURE, play_in_step
from tests.engine.test_speedups import none_of

# the race of test_pure_context: a piece at the end of its track leaves, none may land
# on a friend, nor on an enemy on a "Safe" site (two tests of a site's content)
SAFE_RUN = PURE


# a second race: three players on one looped track of 10 sites; a piece lands only on an
# empty site or on an enemy's that is not guarded by a friend of that enemy on the next
# site (a read of two sites), a piece past the middle may also step one site instead
# (a second choice of the context), and a landing on site 4 earns another move
LOOP_RUN = """
(define "Ahead" (trackSite Move steps:(count Pips)))
(define "Beyond" (trackSite Move from:"Ahead" steps:1))
(game "Loop Run"
    (players 3)
    (equipment {
        (board (rectangle 2 5)
            { (track "Track1" "10,0,E,N1,W,End" P1 directed:True)
              (track "Track2" "11,0,E,N1,W,End" P2 directed:True)
              (track "Track3" "12,0,E,N1,W,End" P3 directed:True) })
        (dice d:2 from:0 num:3)
        (hand Each)
        (piece "Runner" Each
            (or
                (if (= "Ahead" End)
                    (move Remove (from))
                    (if (!= "Ahead" Off)
                        (if (or (is Empty "Ahead")
                                (and (is Enemy (who at:"Ahead"))
                                     (not (= (who at:"Beyond") (who at:"Ahead")))))
                            (move (from) (to "Ahead"
                                (apply if:(is Enemy (who at:(to)))
                                    (fromTo (from (to)) (to (handSite Next)))))
                                (then (if (= (last To) 4) (moveAgain)))))))
                (if (and (> (from) 4) (< (from) 9))
                    (if (is Empty (trackSite Move steps:1))
                        (move (from) (to (trackSite Move steps:1)))))))
    })
    (rules
        (start { (place "Runner1" (handSite P1) count:2) (place "Runner2" (handSite P2) count:2)
                 (place "Runner3" (handSite P3) count:2) })
        (play (do (roll) next:(if (> (count Pips) 0)
            (or (forEach Piece) (forEach Piece container:(mover))))))
        (end (if (= (count Pieces Mover) 0) (result Mover Win)))
    )
)
"""


def _unheld(at):
    """``traced_at`` without ``held``: the caller asks the traced rule, which asks the
    hand."""
    one = traced_at(at)
    del one.held
    return one


#: the oracles the tables are checked against: the rule run as written (no table); the
#: pieces' sites found first and each site's tree walked (``many``: no board is small
#: enough for the scan); no ``held`` for a hand site; (or ...)'s lists joined looking
#: for repeats (the board's and the hand's moves not told apart by container)
UNTRACED = ((piecetables, "traced_at", lambda at: at),)
SITES_FIRST = ((piecetables, "MOST_SITES", 0),)
UNHELD = ((piecetables, "traced_at", _unheld),)
NOT_DISJOINT = ((generators, "disjoint_by_container", lambda gens: False),)


def load(text: str, monkeypatch, replaced: tuple = ()):
    """``text`` compiled now (not a game compiled before, from the cache), with each
    ``(module, name, value)`` of ``replaced`` set: a switch turned off, or a part of the
    compiler replaced by a plainer one (an oracle)."""
    for module, name, value in replaced:
        monkeypatch.setattr(module, name, value)
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    return ludeme.loads(text)


def play_alike(text: str, seed: int, monkeypatch, plies: int = 600,
               oracle: tuple = UNTRACED) -> int:
    """Plays the description as compiled and with the ``oracle``'s replacements side by
    side, asserting the same moves in the same order at every ply; returns the moves
    made."""
    fast = load(text, monkeypatch)
    return play_in_step(fast, load(text, monkeypatch, oracle), seed, plies)


@pytest.mark.parametrize("seed", range(6))
def test_a_traced_race_plays_as_the_rule_written_out(seed, monkeypatch):
    assert play_alike(SAFE_RUN, seed, monkeypatch) > 20


@pytest.mark.parametrize("seed", range(6))
def test_a_second_race_with_two_reads_and_three_players(seed, monkeypatch):
    assert play_alike(LOOP_RUN, seed, monkeypatch) > 20


def built_tables(text: str, monkeypatch) -> list:
    """The tables the traced rules of ``text`` build while a game is played."""
    made = []
    build = piecetables._build

    def recording(at, game):
        table = build(at, game)
        made.append(table)
        return table

    monkeypatch.setattr(piecetables, "_build", recording)
    play_alike(text, 1, monkeypatch, plies=100)
    return made


def cells(table) -> list:
    return [cell for row in table for by_site in row for cell in by_site]


def leaves(node) -> list:
    if isinstance(node, list):
        return [leaf for child in node[1] for leaf in leaves(child)]
    return [node]


@pytest.mark.parametrize("text", [SAFE_RUN, LOOP_RUN])
def test_the_rules_are_tabled_with_their_reads(text, monkeypatch):
    tables = [t for t in built_tables(text, monkeypatch) if t is not None]
    assert tables
    every = [c for t in tables for c in cells(t)]
    # board sites are tabled (a branch on a site, or the moves at once)
    assert any(isinstance(c, list) for c in every)
    assert any(leaf for c in every for leaf in leaves(c))
    # and so are the hand sites the start rules filled: a piece enters from there
    game = ludeme.loads(text)
    hands = range(game.board.n_sites, game.hands.stop)
    entering = [leaf for t in tables for row in t for x in hands for c in row[x] or ()
                for leaf in leaves(c) if leaf and leaf[0].frm == x]
    assert entering


def board_of(game):
    s = game.new_initial_state()
    s.settle(random.Random(1))
    return s


def test_a_rule_of_one_site_matches_it_for_every_content(monkeypatch):
    game = load(SAFE_RUN, monkeypatch)
    s = board_of(game)
    runs = []

    def at(st, frm, out):
        runs.append(frm)
        x = (frm + st.dice.total) % 12
        if st.what[x] == 0 or game.pieces.owner[st.what[x]] != st.who:
            out.append((frm, x))

    traced = traced_at(at)
    for content in range(len(game.pieces.names)):
        for frm in range(12):
            s.what[(frm + s.dice.total) % 12] = content
            want: list = []
            at(s, frm, want)
            got: list = []
            traced(s, frm, got)
            assert got == want
    s.what[:] = [0] * 12
    runs.clear()
    out: list = []
    traced.many(s, range(12), out)
    assert runs == [] and len(out) == 12


def test_a_rule_that_reads_more_keeps_its_own_answers(monkeypatch):
    # the hand, a scan of the board and more sites than MAX_READS are not tabled: the
    # rule answers for itself, with the position as it is
    game = load(SAFE_RUN, monkeypatch)
    s = board_of(game)

    def from_hand(st, frm, out):
        if st.hand[st.who][0] > frm:
            out.append(frm)

    def scan(st, frm, out):
        if 2 in st.what:
            out.append(frm)

    def far(st, frm, out):
        if sum(st.what[x] for x in range(piecetables.MAX_READS + 1)) > frm:
            out.append(frm)

    for at in (from_hand, scan, far):
        traced = traced_at(at)
        for trial in range(4):
            s.what[:] = [trial % 3] * 12
            s.hand[s.who][0] = trial
            for frm in range(14):
                want: list = []
                at(s, frm, want)
                got: list = []
                traced(s, frm, got)
                assert got == want, (at.__name__, trial, frm)


@pytest.mark.parametrize("text", [SAFE_RUN, LOOP_RUN])
@pytest.mark.parametrize("seed", range(3))
def test_the_board_and_the_hand_joined_as_they_are(text, seed, monkeypatch):
    # (or (forEach Piece) (forEach Piece container:(mover))): moves from the board and
    # moves from a hand never coincide, the lists are joined without a look for repeats
    assert play_alike(text, seed, monkeypatch, oracle=NOT_DISJOINT) > 20


def test_moves_from_the_board_and_a_hand_are_told_apart_by_container(monkeypatch):
    monkeypatch.setattr(ludeme.api, "_CACHE", {})
    seen = []
    monkeypatch.setattr(generators, "disjoint_by_container",
                        lambda gens, real=generators.disjoint_by_container:
                        seen.append(real(gens)) or seen[-1])
    ludeme.loads(SAFE_RUN)
    assert True in seen


# -- the scan of every piece's trees (every_of) -------------------------------------------

@pytest.mark.parametrize("text", [SAFE_RUN, LOOP_RUN])
@pytest.mark.parametrize("seed", range(4))
def test_the_generated_scan_plays_as_the_sites_found_first(text, seed, monkeypatch):
    # the moves of every piece on the board by one generated scan per mover and total
    # against the pieces' sites found first and each site's tree walked (many)
    assert play_alike(text, seed, monkeypatch, oracle=SITES_FIRST) > 20


def test_the_scan_is_what_lists_the_pieces_and_writes_out_their_trees(monkeypatch):
    scans = []
    real = piecetables._scan

    def recording(pid, row, at, n):
        scan = real(pid, row, at, n)
        scans.append((pid, row, scan))
        return scan

    monkeypatch.setattr(piecetables, "_scan", recording)
    play_alike(SAFE_RUN, 2, monkeypatch, plies=60)
    assert scans
    game = ludeme.loads(SAFE_RUN)
    assert len({pid for pid, _, _ in scans}) == 2
    # a scan appends what the trees say for the sites holding its piece, site by site,
    # on boards made up here (a branch on a site's content included)
    rng = random.Random(4)
    s = board_of(game)
    n = game.board.n_sites
    branched = 0
    for pid, row, scan in scans:
        for _ in range(30):
            s.what[:] = [rng.choice([0, *range(len(game.pieces.names))]) for _ in range(n)]
            got: list = []
            scan(s, s.what, got)
            want: list = []
            for frm in range(n):
                node = row[frm]
                if s.what[frm] != pid:
                    continue
                while isinstance(node, list):
                    branched += 1
                    node = node[1][s.what[node[0]]]
                want += node
            assert got == want
    assert branched


def test_the_scan_asks_the_rule_itself_where_it_reads_more(monkeypatch):
    # from even sites the rule reads a site ahead (tabled), from odd ones the hash (the
    # rule itself): the scan appends, site by site, what the rule appends
    game = load(SAFE_RUN, monkeypatch)
    s = board_of(game)
    pid = game.pieces.find("Runner", s.who)

    def at(st, frm, out):
        if frm % 2:
            if st.hash & 1:
                out.append(("odd", frm))
        elif st.what[(frm + st.dice.total) % 12] != pid:
            out.append(("even", frm))

    every = traced_at(at).every_of(pid)
    rng = random.Random(2)
    kinds = set()
    for trial in range(40):
        s.what[:] = [rng.choice(range(len(game.pieces.names))) for _ in range(12)]
        s.hash = trial
        want: list = []
        for frm in range(12):
            if s.what[frm] == pid:
                at(s, frm, want)
        got: list = []
        every(s, got)
        assert got == want
        kinds.update(m[0] for m in got)
    assert kinds == {"odd", "even"}


@pytest.mark.parametrize("seed", range(4))
def test_a_hand_site_known_to_hold_pieces_plays_as_the_traced_rule(seed, monkeypatch):
    # (forEach Piece container:(mover)) asks a piece's held moves of a hand site it
    # found holding pieces: the tree walked without asking the hand again
    assert play_alike(SAFE_RUN, seed, monkeypatch, oracle=UNHELD) > 20


def test_held_is_asked_only_of_a_hand_site_bound_for_good(monkeypatch):
    game = load(SAFE_RUN, monkeypatch)
    s = board_of(game)
    calls = []

    def at(st, frm, out):
        calls.append(frm)
        out.append(frm)

    traced = traced_at(at)
    out: list = []
    traced(s, 0, out)  # builds the table
    hand = game.hands.base
    calls.clear()
    traced.held(s, hand, out)  # a bound hand site: its tree (no call of the rule)
    assert calls == [] and out[-1] == hand
    traced.held(s, game.board.n_sites - 1, out)  # a board site: not a held one
    assert out[-1] == game.board.n_sites - 1


@pytest.mark.parametrize("text", [SAFE_RUN, LOOP_RUN])
@pytest.mark.parametrize("seed", range(3))
def test_a_capture_rule_read_from_its_table_plays_as_asked(text, seed, monkeypatch):
    # (apply if:(is Enemy (who at:(to))) ...): the condition folded into a site-and-piece
    # table against the condition asked as the move is made
    from ludeme.ludemes.moves import from_to

    assert play_alike(text, seed, monkeypatch,
                      oracle=((from_to, "site_piece_table", none_of),)) > 20


def test_the_capture_rule_is_folded(monkeypatch):
    from ludeme.ludemes.moves import from_to

    folded = []
    real = from_to.site_piece_table
    monkeypatch.setattr(from_to, "site_piece_table",
                        lambda *a: folded.append(real(*a)) or folded[-1])
    load(SAFE_RUN, monkeypatch)
    assert any(t is not None for t in folded)
