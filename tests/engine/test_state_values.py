"""Ludii's state values on small games written for these tests: (set Counter) and
(counter), (set Var) and (var), (set Pending) with (is Pending), (value Pending) and
(sites Pending), (set Value) and (value Player), (trigger) and (is Triggered), and the
region filter (forEach <region> if:...) with (site)."""

import ludeme


def make(play: str, end: str = "(if (is Full) (result Mover Draw))", board: int = 3):
    return ludeme.loads(f"""
        (game "Values" (players 2)
            (equipment {{(board (square {board})) (piece "Disc" Each)}})
            (rules (play {play}) (end {end})))""")


def play(s, label: str) -> None:
    (m,) = [m for m in s.legal_moves() if s.move_to_string(m) == label]
    s.apply(m)


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_counter_counts_moves_since_it_was_set():
    g = make('(move Add (to (sites Empty)) (then (if (is In (last To) (sites {"a1"})) '
             '(set Counter))))')
    s = g.new_initial_state()
    assert s.counter == -1
    play(s, "b1")
    play(s, "c1")
    assert s.counter == 1
    play(s, "a1")                      # set to -1, then this move counts: 0
    assert s.counter == 0
    play(s, "b2")
    assert s.counter == 1


def test_the_end_rules_read_the_counter_before_the_move_counts():
    g = make("(move Add (to (sites Empty)))", "(if (= (counter) 2) (result Mover Win))")
    s = g.new_initial_state()
    for label in ("a1", "b1", "c1"):
        play(s, label)
    assert not s.is_terminal()        # the counter was 1 when the rules were read
    assert s.counter == 2
    play(s, "a2")
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_var_keeps_a_value_from_move_to_move():
    # a player may not play on the site after the one recorded in (var)
    g = make("(move Add (to (sites Empty) if:(!= (to) (+ (var) 1))) "
             "(then (set Var (last To))))")
    s = g.new_initial_state()
    assert "a1" not in legal(s)       # (var) is -1: site 0 (a1) is excluded
    play(s, "b2")                     # (var) is 4 now: site 5 (c2) is excluded
    assert "c2" not in legal(s) and "a1" in legal(s)


def test_pending_sites_last_until_the_next_move():
    g = make("(if (is Pending) (move Add (to (sites Around (sites Pending)) "
             "if:(is Empty (to)))) (move Add (to (sites Empty)) "
             "(then (if (is In (last To) (sites {\"b2\"})) (set Pending (last To))))))")
    s = g.new_initial_state()
    play(s, "a1")
    assert len(legal(s)) == 8         # nothing pending: anywhere empty
    play(s, "b2")                     # b2 is pending: play next to it
    assert legal(s) == {"a2", "a3", "b1", "b3", "c1", "c2", "c3"}
    play(s, "c3")                     # that move started: nothing is pending any more
    assert s.pending == ()
    assert legal(s) == {"a2", "a3", "b1", "b3", "c1", "c2"}


def test_value_pending_is_the_one_value_marked():
    g = make("(move Add (to (sites Empty) if:(!= (to) (value Pending))) "
             "(then (set Pending (+ (last To) 1))))")
    s = g.new_initial_state()
    assert "a1" not in legal(s)       # nothing pending: (value Pending) is 0, site a1
    play(s, "b1")                     # pending: site 2 (c1)
    assert "c1" not in legal(s) and "a1" in legal(s)


def test_player_values_read_minus_one_when_zero_as_in_ludii():
    g = make("(move Add (to (sites Empty) if:(= (value Player Mover) -1)) "
             "(then (set Value Mover (count Pieces Mover))))",
             "(if (no Moves Next) (result Mover Win))")
    s = g.new_initial_state()
    play(s, "a1")                     # P1's value is 1 now: P1 cannot add again
    assert s.player_value[1:] == [1, 0]
    play(s, "b1")                     # P2's value is 1 too
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_a_trigger_lasts_for_the_rest_of_the_game():
    g = make('(move Add (to (sites Empty)) (then (if (is In (last To) (sites {"c3"})) '
             '(trigger "Reached" Mover))))',
             '(if (is Triggered "Reached" P2) (result P2 Win))')
    s = g.new_initial_state()
    play(s, "c3")                     # P1 triggers for P1: the game goes on
    assert not s.is_terminal()
    g2 = make('(move Add (to (sites Empty)) (then (if (is In (last To) (sites {"c3"})) '
              '(trigger "Reached" Mover))))',
              '(if (is Triggered "Reached" P1) (result P1 Win))')
    s = g2.new_initial_state()
    play(s, "a1")
    play(s, "b1")
    assert not s.is_terminal()
    play(s, "c3")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_for_each_filters_a_region_site_by_site():
    # the empty sites but site 4 (b2) and those right of an occupied site
    g = make('(move Add (to (forEach (sites Empty) if:(and (!= (site) 4) '
             '(not (is In (site) (sites Around (sites Occupied by:All) E)))))))')
    s = g.new_initial_state()
    assert legal(s) == {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}
    play(s, "a1")
    assert legal(s) == {"a2", "a3", "b3", "c1", "c2", "c3"}


def test_an_added_piece_runs_its_own_consequences():
    # Ludii's (add ... (then ...)): the counter is set once the piece is added
    for piece, added in (('(piece "Disc2")', "Disc2"), ('(piece (id "Disc" Next))', "Disc1")):
        g = make(f'(move Add (to (sites Empty)) (then (if (is In (last To) (sites {{"a1"}})) '
                 f'(add {piece} (to (sites {{"c3"}})) (then (set Var 7))))))')
        s = g.new_initial_state()
        play(s, "b1")
        assert s.temp == -1 and s.board() == {"b1": "Disc1"}
        play(s, "a1")
        assert s.temp == 7 and s.board() == {"b1": "Disc1", "a1": "Disc2", "c3": added}


def test_set_value_is_worked_out_before_the_effects_beside_it_apply():
    # as Ludii evaluates an (and ...) of effects: the player is the one whose piece stood
    # at a1 before the removal beside it (checked with the real Ludii's Tugi-Epfe, whose
    # captured player's value is reset this way)
    g = make("(move Add (to (sites Empty)) (then (if (= (last To) (coord \"b1\")) "
             "(and (remove (coord \"a1\")) (set Value (player (who at:(coord \"a1\"))) 7)))))")
    s = g.new_initial_state()
    play(s, "a1")
    play(s, "b1")                     # P2 takes P1's a1: P1's value is set, not P0's
    assert s.player_value[1:] == [7, 0]
