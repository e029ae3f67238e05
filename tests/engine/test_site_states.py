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


# a small flanking game of double-sided discs, written for these tests: a disc is placed
# where it encloses a line of the opponent's side orthogonally; those discs turn over
FLANK = """
(game "Flank" (players 2)
    (equipment {(board (square 4)) (piece "Disc" Neutral (flips 1 2))})
    (rules
        (start {(place "Disc0" {"b2" "c3"} state:1) (place "Disc0" {"c2" "b3"} state:2)})
        (play (forEach Site (sites Empty)
            (append
                (custodial Orthogonal
                    (between if:(is Enemy (state at:(between)))
                        (apply (allCombinations
                            (add (piece "Disc0" state:(mover)) (to (site)))
                            (flip (between)))))
                    (to if:(is Friend (state at:(to)))))
                (then (set Score Mover (count Sites in:(sites State (mover))))))))
        (end (if (all Passed) (byScore)))))
"""


def states(s) -> dict[str, int]:
    board = s.game.board
    return {board.labels[x]: v for x, v in enumerate(s.site_state) if v}


def test_flanking_discs_turn_over_and_one_move_is_made_per_site():
    g = ludeme.loads(FLANK)
    s = g.new_initial_state()
    # P1 (state 1) encloses c2 from d2 (b2 beyond) and b3 from b4 (b2 beyond), ...
    assert legal(s) == {"a3-a3", "b4-b4", "c1-c1", "d2-d2"}
    play(s, "d2-d2")
    assert states(s) == {"b2": 1, "c2": 1, "d2": 1, "c3": 1, "b3": 2}
    assert s.score[1] == 4 and s.hash == g._full_hash(s)


def test_a_line_of_several_discs_turns_over_at_once():
    g = ludeme.loads(FLANK)
    s = g.new_initial_state()
    for label in ("a3-a3", "a2-a2", "a1-a1", "b4-b4"):
        play(s, label)
    assert states(s)["b2"] == 2 and states(s)["c2"] == 2
    play(s, "d2-d2")                   # P1: a2 beyond b2 and c2
    assert states(s) == {"a1": 1, "a2": 1, "b2": 1, "c2": 1, "d2": 1, "a3": 1,
                         "b3": 2, "c3": 1, "b4": 2}
    assert s.score[1] == 7 and s.hash == g._full_hash(s)


def test_flip_turns_a_disc_between_its_two_sides():
    def game(piece: str, site: str):
        return ludeme.loads(f"""
            (game "Turn" (players 2)
                (equipment {{(board (square 3)) {piece}}})
                (rules (start (place "Disc0" {{"a1"}} state:1))
                    (play (move Add "Disc" (to (sites Empty)) (then (flip {site}))))
                    (end (if (is Full) (result Mover Draw)))))""")
    g = game('(piece "Disc" Neutral (flips 1 2))', "0")     # site 0 is a1
    s = g.new_initial_state()
    play(s, "b1")
    assert s.site_state[:2] == [2, 0] and s.hash == g._full_hash(s)
    play(s, "c1")
    assert s.site_state[:3] == [1, 0, 0] and s.hash == g._full_hash(s)
    g = game('(piece "Disc" Neutral (flips 1 2))', "(last To)")
    s = g.new_initial_state()
    play(s, "b1")                      # the new disc has state 0, neither side: stays
    assert s.site_state[:2] == [1, 0]
    g = game('(piece "Disc" Neutral)', "0")  # without (flips ...) nothing turns
    s = g.new_initial_state()
    play(s, "b1")
    assert s.site_state[:2] == [1, 0]


def test_append_makes_one_move_of_several():
    g = make('(append (forEach Site (sites {"a1" "b1"}) (move Add "Disc" (to (site)))))')
    s = g.new_initial_state()
    (m,) = s.legal_moves()
    s.apply(m)
    assert s.what[0] and s.what[1] and not any(s.what[2:])


def test_a_piece_s_state_goes_with_it_when_it_moves():
    """As Ludii's ActionMove: the state value leaves the site with the piece, and a
    piece landing on a site brings its own (0 here), the hash following."""
    g = ludeme.loads("""
        (game "Travel" (players 2)
            (equipment { (board (square 2))
                         (piece "Rook" Each (move Step N (to if:(is Empty (to)))))
                         (piece "Pawn" Each (move Step W (to if:(is Empty (to))))) })
            (rules (start { (place "Rook1" "a1" state:1) (place "Pawn1" "b1") })
                   (play (forEach Piece))
                   (end (if (= (state at:(coord "a1")) 1) (result Mover Win)))))""")
    s = g.new_initial_state()
    play(s, "a1-a2")
    assert s.site_state == [0, 0, 1, 0]      # a1 no longer holds the rook's state
    assert s.hash == g._full_hash(s)
    play(s, "pass")                          # P2 has no piece
    play(s, "b1-a1")                         # the pawn brings its own state, 0
    assert s.site_state == [0, 0, 1, 0]
    assert s.hash == g._full_hash(s)
    assert not s.is_terminal()


def test_counting_the_sites_of_a_state_counts_them_all():
    # (count Sites in:(sites State (mover))) is counted without listing the sites
    import random

    g = ludeme.loads(FLANK)
    rng = random.Random(3)
    for _ in range(5):
        s = g.new_initial_state()
        while not s.is_terminal():
            who = s.current_player()
            moves = s.legal_moves()
            m = moves[rng.randrange(len(moves))]
            s.apply(m)
            if m.kind != "pass":
                assert s.score[who] == sum(1 for v in s.site_state if v == who) > 0


def test_moves_of_a_capture_rule_are_interned_and_numbered():
    # (append (custodial ...)) makes one move per site: the same object each time it is
    # generated, and one the interop action space numbers
    from ludeme.interop.actions import ActionSpace

    g = ludeme.loads(FLANK)
    space = ActionSpace(g)
    s = g.new_initial_state()
    first = s.legal_moves()
    again = g.new_initial_state().legal_moves()
    assert [id(m) for m in first] == [id(m) for m in again]
    actions = [space.encode(m) for m in first]
    assert len(set(actions)) == len(first) and all(0 <= a < space.size for a in actions)
