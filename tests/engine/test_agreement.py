"""Ending by agreement on small games written for these tests: (propose ...), (vote ...),
(is Proposed ...), (is Decided ...), and (is Cycle), which Ludii 1.0.8 never holds."""

import ludeme


def make(propose: str = '(propose "End")'):
    return ludeme.loads(f"""
        (game "Agree" (players 2)
            (equipment {{(board (square 3)) (piece "Disc" Each)}})
            (rules
                (play (if (is Proposed "End")
                          (or (vote "End") (vote "No"))
                          (or {propose} (move Add (to (sites Empty))))))
                (end {{(if (is Decided "End") (result Mover Draw))
                       (if (is Full) (result Mover Win))}})))""")


def legal(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def play(s, label: str) -> None:
    (m,) = [m for m in s.legal_moves() if s.move_to_string(m) == label]
    s.apply(m)


def test_a_proposal_leaves_only_votes_until_everybody_voted():
    s = make().new_initial_state()
    assert "propose End" in legal(s) and "a1" in legal(s)
    play(s, "propose End")
    assert legal(s) == {"vote End", "vote No"}         # P2 answers
    play(s, "vote End")
    assert legal(s) == {"vote End", "vote No"}         # and P1 votes too
    assert not s.is_terminal()
    play(s, "vote End")                                # two votes of two: decided
    assert s.is_terminal() and s.returns() == [0.0, 0.0]


def test_a_split_vote_decides_nothing_and_clears_the_proposal():
    s = make().new_initial_state()
    play(s, "propose End")
    play(s, "vote No")
    play(s, "vote End")                                # one each: no majority
    assert not s.is_terminal()
    assert "a1" in legal(s) and "vote End" not in legal(s)


def test_a_proposal_is_kept_per_state():
    s = make().new_initial_state()
    t = s.clone()
    play(s, "propose End")
    assert "a1" in legal(t) and "a1" not in legal(s)
    u = s.clone()
    play(u, "vote End")
    play(u, "vote End")
    assert u.is_terminal() and not s.is_terminal()


def test_is_cycle_never_holds_as_in_ludii():
    s = make('(if (is Cycle) (propose "End"))').new_initial_state()
    for label in ("a1", "b1", "c1", "a2"):
        assert not any(m.startswith("propose") for m in legal(s))
        play(s, label)


def test_propose_takes_a_list_of_propositions():
    s = make('(propose {"End" "Draw"})').new_initial_state()
    assert {"propose End", "propose Draw"} <= legal(s)
    play(s, "propose Draw")
    assert "vote End" not in legal(s)                  # only "End" was asked about
