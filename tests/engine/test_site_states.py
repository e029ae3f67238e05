"""State values of pieces on sites, on small games written for these tests: (place ...
state:), (set State ...), (state at:...) and (sites State ...), with the hash kept
equal to one recomputed from scratch."""

import ludeme


def make(play: str, start: str = "", end: str = "(if (is Full) (result Mover Draw))"):
    return ludeme.loads(f"""
        (game "States" (players 2)
            (equipment {{(board (square 3)) (piece "Disc" Neutral)}})
            (rules {start} (play {play}) (end {end})))""")


def play(s, label: str) -> None:
    (m,) = [m for m in s.legal_moves() if s.move_to_string(m) == label]
    s.apply(m)


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_games_without_states_keep_none():
    g = make("(move Add \"Disc\" (to (sites Empty)))")
    assert not g.uses_site_state
    assert g.new_initial_state().site_state is None


def test_place_with_state_and_sites_state():
    g = make("(move Add \"Disc\" (to (sites Empty)) "
             "(then (set State at:(last To) (mover))))",
             start='(start {(place "Disc0" {"a1" "b1"} state:1) '
                   '(place "Disc0" {"c1"} state:2)})',
             end="(if (= (count Sites in:(sites State 2)) 3) (result P2 Win))")
    s = g.new_initial_state()
    assert g.uses_site_state
    assert s.site_state[:3] == [1, 1, 2] and s.site_state[3:] == [0] * 6
    assert s.hash == g._full_hash(s)
    play(s, "a2")                      # P1: state 1 at a2
    play(s, "b2")                      # P2: state 2 at b2
    assert s.site_state[3:5] == [1, 2]
    assert s.hash == g._full_hash(s)
    assert not s.is_terminal()
    play(s, "c2")                      # P1
    play(s, "a3")                      # P2: a third site with state 2
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.hash == g._full_hash(s)


def test_state_at_reads_a_sites_state():
    g = make("(move Add \"Disc\" (to (sites Empty)) "
             "(then (set State at:(last To) (mover))))",
             end="(if (= (state at:(last To)) 2) (result P2 Win))")
    s = g.new_initial_state()
    play(s, "a1")                      # state 1: the game goes on
    assert not s.is_terminal()
    play(s, "b1")                      # state 2
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_the_state_is_part_of_the_hash():
    g = make("(move Add \"Disc\" (to (sites Empty)) "
             "(then (set State at:(last To) (mover))))")
    a, b = g.new_initial_state(), g.new_initial_state()
    play(a, "a1")
    play(b, "a1")
    assert a.hash == b.hash
    g.set_site_state(b, 0, 2)
    assert b.hash != a.hash and b.hash == g._full_hash(b)
    g.set_site_state(b, 0, 1)
    assert b.hash == a.hash
