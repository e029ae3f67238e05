"""Small games written for these tests: a condition or region chosen by a condition,
(if <cond> <cond> <cond>) and (if <cond> <region> <region>); (sites {<int> ...}) worked
out on the state; (is In <int> <region>); end rules nested in (if <cond> {...}); and a
list of moves and effects spread over (and {...})."""

import ludeme


def make(play: str, end: str = "(if (is Full) (result Mover Draw))"):
    return ludeme.loads(f"""
        (game "Choices" (players 2)
            (equipment {{(board (square 3)) (piece "Disc" Each)
                         (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
            (rules (play {play}) (end {end})))""")


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def play(s, label: str) -> None:
    (m,) = [m for m in s.legal_moves() if s.move_to_string(m) == label]
    s.apply(m)


def test_a_region_chosen_by_the_mover():
    s = make("(move Add (to (if (is Mover P1) (sites P2) (sites P1))))").new_initial_state()
    assert legal(s) == {"a3", "b3", "c3"}
    play(s, "a3")
    assert legal(s) == {"a1", "b1", "c1"}


def test_a_region_if_without_else_is_empty_when_the_condition_fails():
    s = make("(or (move Add (to (if (is Mover P2) (sites P2)))) (move Pass))").new_initial_state()
    assert legal(s) == {"pass"}
    play(s, "pass")
    assert legal(s) == {"a3", "b3", "c3", "pass"}


def test_a_condition_chosen_by_the_mover():
    # P1 may only play where column a is empty; P2 only while b2 is empty
    g = make('(move Add (to (sites Empty) if:(if (is Mover P1) (is Empty "a1") '
             '(is Empty "b2"))))')
    s = g.new_initial_state()
    play(s, "a1")
    assert "b2" in legal(s)
    play(s, "b2")
    assert legal(s) == {"pass"}         # a1 is taken: P1 cannot play


def test_sites_of_values_follow_the_state_and_stand_for_site_0_below_0():
    # one may play on the site before the last one played, or on c1
    g = make("(move Add (to (intersection (sites Empty) (sites {(- (last To) 1) 2}))))")
    s = g.new_initial_state()
    assert legal(s) == {"a1", "c1"}     # no last move: -1 - 1 is below 0, site 0 (a1)
    play(s, "c1")
    assert legal(s) == {"b1"}           # site 2 - 1


def test_is_in_asks_about_any_integer():
    g = make("(move Add (to (sites Empty) if:(is In (count Moves) (sites {0 2 4}))))"
             "", "(if (is Full) (result Mover Draw))")
    s = g.new_initial_state()
    assert len(legal(s)) == 9
    play(s, "a1")
    assert legal(s) == {"pass"}         # after one move: 1 is not in {0 2 4}


def test_end_rules_nested_in_a_condition():
    end = ("(if (>= (count Moves) 2) {(if (is Occupied \"c3\") (result P2 Win)) "
           "(if (is Occupied \"a1\") (result P1 Win))})")
    g = make("(move Add (to (sites Empty)))", end)
    s = g.new_initial_state()
    play(s, "a1")
    assert not s.is_terminal()          # a1 is taken, but only one move was made
    play(s, "b2")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    s = g.new_initial_state()
    play(s, "c3")
    play(s, "a1")
    assert s.returns() == [-1.0, 1.0]   # the first nested rule that applies decides
    s = g.new_initial_state()
    play(s, "b1")
    play(s, "b2")
    assert not s.is_terminal()          # none of the nested rules applies


def test_a_list_of_moves_and_effects_is_an_and_of_effects():
    # (fromTo ...) is a move, (moveAgain) an effect: together they are consequences
    g = ludeme.loads("""
        (game "Mixed" (players 2)
            (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules
                (start (place "Disc1" "a1"))
                (play (move Add (to (sites Empty))
                    (then (if (is Mover P1)
                              (and {(fromTo (from "a1") (to "c3")) (moveAgain)})))))
                (end (if (is Full) (result Mover Draw)))))""")
    s = g.new_initial_state()
    play(s, "b2")
    assert s.current_player() == 1 and s.what[8] and not s.what[0]


def test_from_and_count_at_take_any_integer_as_a_site():
    # the piece on the site numbered (count Moves) may move, while site 0 holds a piece
    g = ludeme.loads("""
        (game "Numbers" (players 2)
            (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules
                (start (place "Disc1" {"a1" "b1"}))
                (play (if (= (count at:(* 0 (count Moves))) 1)
                          (move (from (+ 0 (count Moves))) (to (sites Empty)))
                          (move Pass)))
                (end (if (is Full) (result Mover Draw)))))""")
    s = g.new_initial_state()
    assert {s.move_to_string(m).split("-")[0] for m in s.legal_moves()} == {"a1"}
    play(s, "a1-c3")
    assert legal(s) == {"pass"}          # site 0 is empty now
