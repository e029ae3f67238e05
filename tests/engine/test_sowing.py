"""Counts per site, tracks and sowing on small mancala descriptions written for these
tests (Ludii's meaning: the reference's Kalah is compared in benchmarks.ludii_compare)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.editing import set_count, set_turn

# a 2 x 4 board with stores: 0 the left store, 1-4 the bottom row, 5-8 the top row,
# 9 the right store; the track runs counterclockwise through both stores
SMALL = """
(game "SmallKalah"
    (players 2)
    (equipment {
        (mancalaBoard 2 4 (track "Track" "0,ESE,E,ENE,WNW,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (map {(pair P1 LastSite) (pair P2 FirstSite)})
        (piece "Seed" Shared)
    })
    (rules
        (start (set Count 3 to:(union (sites P1) (sites P2))))
        (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
            (then (sow
                apply:(if (= (to) (mapEntry (mover)))
                    (moveAgain)
                    (if (and (is In (to) (sites Mover)) (= (count at:(to)) 1))
                        (fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))))
                skipIf:(= (to) (mapEntry (next)))))))
        (end (if (no Moves Mover)
            (byScore { (score P1 (count at:(mapEntry P1))) (score P2 (count in:(sites Track))) })))
    )
)
"""


def game(src: str = SMALL):
    return ludeme.loads(src)


def test_set_count_fills_the_pits():
    g = game()
    s = g.new_initial_state()
    assert s.count == [0, 3, 3, 3, 3, 3, 3, 3, 3, 0]
    assert s.what == [0] + [1] * 8 + [0]
    assert s.scores() == [0, 24]  # (count in:(sites Track)): every seed on the track


def test_the_track_follows_ludiis_steps():
    src = SMALL.replace("(sow", '(sow "Track"')
    g = game(src)
    s = g.new_initial_state()
    set_count(s, g.board.labels[1], 12)
    s.apply(next(m for m in s.legal_moves() if m.frm == 1))
    # 12 seeds from 1: 3, 4, store 9, 8, 7, 6, 5, 0, 1, 3, 4, store 9: site 2 is skipped
    # (skipIf: P2's store, FirstSite, reads as the key 2 in Ludii's map, see below)
    assert s.count == [1, 1, 3, 5, 5, 4, 4, 4, 4, 2]
    assert s.mover == 1


def test_sowing_drops_one_seed_per_pit_and_a_last_seed_in_the_store_moves_again():
    g = game()
    s = g.new_initial_state()
    s.apply(next(m for m in s.legal_moves() if m.frm == 2))  # 3 seeds: 3, 4, store 9
    assert s.count == [0, 3, 0, 4, 4, 3, 3, 3, 3, 1]
    assert s.mover == 1  # the last seed fell in P1's store
    s.apply(next(m for m in s.legal_moves() if m.frm == 4))  # 4 seeds: 9, 8, 7, 6
    assert s.count == [0, 3, 0, 4, 0, 3, 4, 4, 4, 2]
    assert s.mover == 2
    assert s.hash == g._full_hash(s)


def test_skip_if_passes_over_the_opponents_store():
    g = game()
    s = g.new_initial_state()
    s.mover = 2
    set_count(s, g.board.labels[8], 6)
    s.apply(next(m for m in s.legal_moves() if m.frm == 8))
    # 6 seeds from 8: 7, 6, 5, store 0, 1, 2 (never P1's store 9)
    assert s.count[9] == 0 and s.count[0] == 1
    assert [s.count[x] for x in (7, 6, 5, 1, 2)] == [4, 4, 4, 4, 4]


def test_a_capture_moves_the_count_of_the_last_pit_to_the_store():
    g = game()
    s = g.new_initial_state()
    for x in range(1, 9):
        set_count(s, g.board.labels[x], 0)
    set_count(s, g.board.labels[3], 1)
    set_count(s, g.board.labels[5], 2)
    s.apply(next(m for m in s.legal_moves() if m.frm == 3))  # 1 seed: 4
    # the last seed fell in an empty pit of P1's own: it goes to P1's store
    assert s.count[4] == 0 and s.what[4] == 0 and s.count[9] == 1 and s.count[5] == 2
    assert s.hash == g._full_hash(s)


def test_map_entry_reads_a_zero_value_as_no_entry_as_ludii():
    # Ludii's maps cannot tell 0 from no entry: P2's FirstSite (0) reads as the key, 2
    g = game()
    s = g.new_initial_state()
    set_count(s, g.board.labels[7], 5)
    s.mover = 2
    s.apply(next(m for m in s.legal_moves() if m.frm == 7))  # 5 seeds: 6, 5, 0, 1, 2
    assert s.count[0] == 1
    assert s.mover == 2  # the last seed fell on site 2, which (mapEntry 2) gives


def test_count_errors_and_track_errors():
    with pytest.raises(LudemeError, match="not a direction"):
        game(SMALL.replace('"0,ESE,E,ENE,WNW,W"', '"0,ESE,Q,W"'))
    with pytest.raises(LudemeError, match="no track named"):
        game(SMALL.replace("(sow", '(sow "Nope"'))
    with pytest.raises(LudemeError, match="start with a site"):
        game(SMALL.replace('"0,ESE,E,ENE,WNW,W"', '"E,W"'))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_hash_and_seed_total_along_random_games(seed):
    g = game()
    s = g.new_initial_state()
    rng = random.Random(seed)
    total = sum(s.count)
    while not s.is_terminal() and s.ply < 200:
        legal = s.legal_moves()
        s = s.child(legal[rng.randrange(len(legal))])
        assert s.hash == g._full_hash(s)
        assert sum(s.count) == total  # sowing and captures never lose a seed
        assert all((n > 0) == (w != 0) for n, w in zip(s.count, s.what, strict=True))


def test_captured_seeds_go_to_the_movers_hand_site():
    src = SMALL.replace("(piece \"Seed\" Shared)", "(piece \"Seed\" Shared) (hand Each)").replace(
        "(fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))",
        "(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))")
    g = game(src)
    s = g.new_initial_state()
    for x in range(1, 9):
        set_count(s, g.board.labels[x], 0)
    set_count(s, g.board.labels[3], 1)
    s.apply(next(m for m in s.legal_moves() if m.frm == 3))  # 1 seed: 4, taken to hand
    assert s.count[4] == 0 and s.hand[1] == [1] and s.count[9] == 0
    assert s.hash == g._full_hash(s)


# sowing without skipIf: takes the precomputed walk; with a skipIf: that never holds and
# reads the position (so that it cannot be folded), the walk pit by pit. Both must give
# the same positions, laps past the start included.
LAPS = SMALL.replace("(set Count 3", "(set Count 11").replace(
    "skipIf:(= (to) (mapEntry (next)))", "includeSelf:False backtracking:True")


@pytest.mark.parametrize("src", [LAPS, LAPS.replace("includeSelf:False ", "")])
def test_sowing_without_skip_if_matches_the_walk_pit_by_pit(src):
    fast = game(src)
    slow = game(src.replace("backtracking:True",
                            "backtracking:True skipIf:(< (count at:(to)) 0)"))
    for seed in range(6):
        rng = random.Random(seed)
        a, b = fast.new_initial_state(), slow.new_initial_state()
        total = sum(a.count)
        while not a.is_terminal() and a.ply < 150:
            legal = a.legal_moves()
            assert [m.key for m in legal] == [m.key for m in b.legal_moves()]
            i = rng.randrange(len(legal))
            a.apply(legal[i])
            b.apply(b.legal_moves()[i])
            assert a.count == b.count and a.what == b.what and a.mover == b.mover
            assert a.hash == fast._full_hash(a)
            assert sum(a.count) == total


# relay sowing: a sowing whose last seed falls in an occupied pit goes on from that pit
# (Ludii's (last To afterConsequence:True): the last action of the move, consequences
# included, rather than the site selected). 0-3 the bottom row, 4-7 the top row from the
# left, 8 and 9 the hands; the track runs 0, 1, 2, 3, 7, 6, 5, 4.
RELAY = """
(game "Relay"
    (players 2)
    (equipment {
        (mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (piece "Seed" Shared)
        (hand Each)
    })
    (rules
        (start (set Count 2 to:(sites Track)))
        (play (move Select
            (from (if (is Mover Prev) (sites {LAST}) (sites Mover))
                  if:(> (count at:(from)) 0))
            (then (sow apply:(if (> (count at:(to)) 1)
                (moveAgain)
                (if (> (count at:"Opposite") 0)
                    (fromTo (from "Opposite") (to (handSite Mover))
                        count:(count at:"Opposite") AFTER)))))))
        (end (if (no Moves Mover)
            (byScore { (score P1 (count at:(handSite P1))) (score P2 (count at:(handSite P2))) })))
    )
)
""".replace('"Opposite"', "(if (< (to) 4) (+ (to) 4) (- (to) 4))")


def relay(last: str = "(last To afterConsequence:True)", after: str = "",
          select_if: str = "if:(> (count at:(from)) 0)"):
    return game(RELAY.replace("LAST", last).replace("AFTER", after)
                .replace("if:(> (count at:(from)) 0)", select_if))


def play_from(s, site: int) -> None:
    s.apply(next(m for m in s.legal_moves() if m.frm == site))


def test_relay_sowing_goes_on_from_the_last_pit_sown():
    g = relay()
    s = g.new_initial_state()
    play_from(s, 1)  # 2 seeds: 2, 3; pit 3 then holds 3: sow again from there
    assert s.count == [2, 0, 3, 3, 2, 2, 2, 2] and s.mover == 1
    assert [m.frm for m in s.legal_moves()] == [3]
    play_from(s, 3)  # 3 seeds: 7, 6, 5
    assert s.count == [2, 0, 3, 0, 2, 3, 3, 3] and s.mover == 1
    assert [m.frm for m in s.legal_moves()] == [5]
    # without afterConsequence:, (last To) is the pit selected: the relay stays there
    g = relay("(last To)")
    s = g.new_initial_state()
    play_from(s, 1)
    assert [m.kind for m in s.legal_moves()] == ["pass"]  # the pit selected is empty


def test_a_capture_is_the_last_action_its_store_the_destination_its_pit_the_origin():
    g = relay()
    s = g.new_initial_state()
    set_count(s, "a1", 0)
    set_count(s, "d2", 1)
    set_turn(s, 2)
    play_from(s, 7)  # P2 sows 1 seed into 6 (now 3): goes on from 6
    assert [m.frm for m in s.legal_moves()] == [6]
    play_from(s, 6)  # 3 seeds: 5, 4, 0; pit 0 was empty: the 2 seeds of 4 are taken
    assert s.count[4] == 0 and s.hand[2] == [3] and s.mover == 1
    assert (s.after_frm, s.after_to) == (4, 9)  # from pit 4 to P2's hand, site 9
    # a capture followed by another move: (last From afterConsequence:True) is the pit
    # emptied (selectable here whatever its count), (last To ...) P2's hand, which is no
    # board site: (move Select) chooses among board sites only
    g = relay("(last To afterConsequence:True) (last From afterConsequence:True)",
              after="(then (moveAgain))", select_if="")
    s = g.new_initial_state()
    set_count(s, "a1", 0)
    set_count(s, "d2", 1)
    set_turn(s, 2)
    play_from(s, 7)
    assert sorted(m.frm for m in s.legal_moves()) == [6, 7]  # the last seed's pit and start
    play_from(s, 6)
    assert s.mover == 2 and s.hand[2] == [3]
    assert [m.frm for m in s.legal_moves()] == [4]


# a pit may be sown either way: (or ...) of two selections of the same pits with other
# consequences lists both, as Ludii does (0-3 the bottom row, 4-7 the top row)
EITHER_WAY = """
(game "EitherWay"
    (players 2)
    (equipment {
        (mancalaBoard 2 4 store:None {
            (track "TrackCCW" "0,E,N,W" loop:True)
            (track "TrackCW" "3,W,N,E" loop:True)})
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (piece "Seed" Shared)
    })
    (rules
        (start (set Count 2 to:(sites Track "TrackCCW")))
        (play (or
            (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow "TrackCCW")))
            (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow "TrackCW")))))
        (end (if (no Moves Mover) (result Mover Loss)))
    )
)
"""


def test_or_lists_a_move_twice_when_its_consequences_differ():
    g = game(EITHER_WAY)
    s = g.new_initial_state()
    legal = s.legal_moves()
    texts = [s.move_to_string(m) for m in legal]
    assert texts == ["select a1", "select b1", "select c1", "select d1", "select a1/or2",
                     "select b1/or2", "select c1/or2", "select d1/or2"]
    assert len(set(legal)) == 8  # told apart: not equal moves
    for m, text in zip(legal, texts, strict=True):
        assert s.parse_move(text) is m
    ccw, cw = s.child(legal[1]), s.child(legal[5])  # b1 sown to c1, d1 / to a1, e2
    assert ccw.count == [2, 0, 3, 3, 2, 2, 2, 2]
    assert cw.count == [3, 0, 2, 2, 3, 2, 2, 2]
    # without consequences the two selections of a pit are one move
    g = game(EITHER_WAY.replace(' (then (sow "TrackCCW"))', "").replace(
        ' (then (sow "TrackCW"))', ""))
    assert [m.frm for m in g.new_initial_state().legal_moves()] == [0, 1, 2, 3]


def test_sites_occupied_by_all_counts_the_shared_seeds():
    # as in Ludii, All's pieces include the shared ones: the game below ends only when
    # the board is empty, and is not over after the first sowing
    src = EITHER_WAY.replace(
        "(end (if (no Moves Mover) (result Mover Loss)))",
        "(end (if (= 0 (count Sites in:(sites Occupied by:All))) (result Mover Win)))")
    g = game(src)
    s = g.new_initial_state()
    s.apply(s.legal_moves()[0])
    assert not s.is_terminal()
    assert s.outcome is None and len(s.legal_moves()) == 8  # P2: its 4 pits, both ways


def test_a_sowings_captures_are_worked_out_before_any_applies():
    # as in Ludii, (and (fromTo ...) (if <test> ...)) in apply: tests the position the
    # sowing left: the pit just emptied by the capture still holds its seeds for it
    src = RELAY.replace("LAST", "(last To afterConsequence:True)").replace(
        """(fromTo (from (if (< (to) 4) (+ (to) 4) (- (to) 4))) (to (handSite Mover))
                        count:(count at:(if (< (to) 4) (+ (to) 4) (- (to) 4))) AFTER)""",
        """(and (fromTo (from (if (< (to) 4) (+ (to) 4) (- (to) 4))) (to (handSite Mover))
                        count:(count at:(if (< (to) 4) (+ (to) 4) (- (to) 4))))
                     (if (> (count at:(if (< (to) 4) (+ (to) 4) (- (to) 4))) 0)
                         (moveAgain)))""")
    assert src != RELAY.replace("LAST", "(last To afterConsequence:True)")
    for g, again in ((relay(), False), (game(src), True)):
        s = g.new_initial_state()
        set_count(s, "a1", 0)
        set_count(s, "d2", 1)
        set_turn(s, 2)
        play_from(s, 7)
        play_from(s, 6)  # 3 seeds: 5, 4, 0; the 2 seeds of 4 are taken
        assert s.count[4] == 0 and s.hand[2] == [3]
        assert (s.mover == 2) == again


ORIGIN = """
(game "Origin"
    (players 2)
    (equipment {
        (mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (piece "Seed" Shared)
        (hand Each)
    })
    (rules
        (start (set Count 2 to:(sites Track)))
        (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
            (then (sow origin:True if:(= (count at:(to)) 1)
                apply:(fromTo (from (to)) (to (handSite Mover)) count:1)))))
        (end (if (no Moves Mover) (result Mover Loss)))
    )
)
"""


def test_origin_with_one_seed_sows_nothing_and_tries_the_capture_at_the_start():
    # origin:True leaves the first seed in the starting pit; with one seed nothing is
    # sown, and, as in Ludii, the capture rule is asked at the start pit
    g = game(ORIGIN)
    s = g.new_initial_state()
    set_count(s, "b1", 1)
    play_from(s, 1)
    assert s.count[:4] == [2, 0, 2, 2] and s.hand[1] == [1]
    play_from(s, 4)  # two seeds: one stays, one to a1 (3 seeds): no capture there
    assert s.count == [3, 0, 2, 2, 1, 2, 2, 2] and s.hand[2] == [0]


def test_backtracking_sees_the_start_as_from():
    # as in Ludii, (from) is the start pit while the captures backtrack, whatever the
    # capture's own (from ...): here each capture takes from (to), and backtracking goes
    # on while the start is the mover's
    src = ORIGIN.replace("origin:True if:(= (count at:(to)) 1)",
                         "if:(and (is In (to) (sites Next)) (= (count at:(to)) 2))").replace(
        "count:1)))))", "count:2) backtracking:(is In (from) (sites Mover))))))")
    g = game(src)
    s = g.new_initial_state()
    for label, n in (("d1", 2), ("d2", 1), ("c2", 1)):
        set_count(s, label, n)
    play_from(s, 3)  # 2 seeds: d2 (3 = 7), c2 (6): both reach 2 and are taken
    assert s.count[6] == 0 and s.count[7] == 0 and s.hand[1] == [4]


# a skipIf: that reads only (to) and the players is folded into a table of the sites it
# passes over (fold.site_players_row); the same rule with a test of the position added
# (always true) is asked pit by pit. Both must sow alike: on the small board with stores
# (the opponent's store skipped) and on a second board without stores whose rule reads
# the mover (P1 passes over two pits of the top row, P2 over none).
NO_STORES = """
(game "SkipRow"
    (players 2)
    (equipment {
        (mancalaBoard 2 5 store:None (track "Track" "0,E,N,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (piece "Seed" Shared)
    })
    (rules
        (start (set Count 4 to:(sites Track)))
        (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
            (then (sow
                if:(and (is In (to) (sites Next)) (= (count at:(to)) 2))
                apply:(remove (to))
                skipIf:(and (is Mover P1) (is In (to) (sites {6 8})))
                backtracking:True))))
        (end (if (no Moves Mover) (result Mover Loss)))
    )
)
"""


@pytest.mark.parametrize("src,skip", [
    (SMALL, "skipIf:(= (to) (mapEntry (next)))"),
    (NO_STORES, "skipIf:(and (is Mover P1) (is In (to) (sites {6 8})))"),
])
def test_a_folded_skip_if_sows_as_the_rule_asked_pit_by_pit(src, skip, monkeypatch):
    import ludeme.ludemes.effects.sow as sow

    rows = []

    def recorded(*args):
        rows.append(fold_row(*args))
        return rows[-1]

    fold_row = sow.site_players_row
    monkeypatch.setattr(sow, "site_players_row", recorded)
    # a text of its own: the game is compiled afresh here, not taken from the cache
    src = src + "// folded skipIf:"
    folded = game(src)
    walked = game(src.replace(skip, skip[:-1] + " (>= (count at:(to)) 0))"
                              if skip.startswith("skipIf:(and") else
                              "skipIf:(and " + skip[len("skipIf:"):] + " (>= (count at:(to)) 0))"))
    for seed in range(8):
        rng = random.Random(seed)
        a, b = folded.new_initial_state(), walked.new_initial_state()
        while not a.is_terminal() and a.ply < 120:
            legal = a.legal_moves()
            assert [m.key for m in legal] == [m.key for m in b.legal_moves()]
            i = rng.randrange(len(legal))
            a.apply(legal[i])
            b.apply(b.legal_moves()[i])
            assert a.count == b.count and a.what == b.what and a.mover == b.mover
            assert a.hash == folded._full_hash(a) and a.hash == b.hash
        assert a.is_terminal() == b.is_terminal()
    # the folded rule gave a table (for each player), the other none
    assert any(r is not None and any(r) for r in rows) and None in rows


def test_site_players_row_folds_only_rules_of_the_site_and_the_players():
    from ludeme.compile.fold import site_players_row

    row = site_players_row(lambda s: s.to == s.nxt * 3, "to", 8, 1, 2)
    assert row == tuple(x == 6 for x in range(8))
    assert site_players_row(lambda s: s.what[s.to] == 0, "to", 8, 1, 2) is None
    assert site_players_row(lambda s: s.frm == s.who, "frm", 4, 2, 1) == (False, False, True, False)


@pytest.mark.parametrize("src", [SMALL, NO_STORES])
@pytest.mark.parametrize("test", ["(> (count at:(from)) 0)", "(< 0 (count at:(from)))",
                                  "(>= (count at:(from)) 2)", "(= (count at:(from)) 3)"])
def test_count_at_from_reads_the_pit_as_count_at_to(src, test):
    # (move Select ...) binds (from) and (to) to the pit: (count at:(from)), read without
    # a call and compared for every pit at once, must select as (count at:(to)) does (a
    # pit at a time), on two boards
    assert "if:(> (count at:(from)) 0)" in src
    a_game = game(src.replace("if:(> (count at:(from)) 0)", f"if:{test}"))
    b_game = game(src.replace("if:(> (count at:(from)) 0)",
                              "if:" + test.replace("(from)", "(to)")))
    for seed in range(5):
        rng = random.Random(seed)
        a, b = a_game.new_initial_state(), b_game.new_initial_state()
        while not a.is_terminal() and a.ply < 120:
            legal = a.legal_moves()
            assert [m.key for m in legal] == [m.key for m in b.legal_moves()]
            i = rng.randrange(len(legal))
            a.apply(legal[i])
            b.apply(b.legal_moves()[i])
            assert a.count == b.count
        assert b.is_terminal() == a.is_terminal()
