"""Every move generator registers every move it can make with ``Game.intern_moves``, so
that a game has a stable action space whatever generators it uses (``ludeme.interop``).

For one small description per generator, the action space is built when the game
loads, before any move is generated; then along random games every legal move must
already carry its action (``Move.index``, given when the space was built: the move
object was interned and registered) or, for a copy carrying a combinator's
consequences, have the key of a registered move; every action is below the size and
a move keeps its action in every position.
"""

from __future__ import annotations

import random

import pytest

import ludeme
from ludeme.interop.actions import action_space

#: one description per generator: (moves of each piece, moves at play level)
GENERATORS = {
    "step": ("(move Step Orthogonal (to if:(is Empty (to))))", None),
    "step-take": ("(move Step Diagonal (to if:(is Enemy (who at:(to))) (apply (remove (to)))))",
                  None),
    "slide": ("(move Slide Orthogonal (between (max 2)))", None),
    "leap": ('(move Leap "KnightWalk" (to if:(not (is Friend (who at:(to))))))', None),
    "hop": ("(move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between))))"
            " (to if:(is Empty (to))))", None),
    "hop-long": ("(move Hop Orthogonal (between before:3 after:3 (range 1 2)"
                 " (apply (remove (between)))) (to if:(is Empty (to))))", None),
    "hop-stop": ("(move Hop Orthogonal (between (range 1 3)) (to if:(is Empty (to))"
                 " (apply if:(is Enemy (who at:(to))))))", None),
    "from-to": ("(move (from) (to (sites Empty)))", None),
    "from-to-region": (None, "(move (from (sites Occupied by:Mover))"
                             " (to (sites Around (from)) if:(is Empty (to))))"),
    "fromTo": (None, '(fromTo (from (sites Occupied by:Next)) (to (sites {"a1" "b2" "c3"})))'),
    "select": (None, "(move Select (from (sites Occupied by:Mover)) then:(remove (last To)))"),
    "select-pair": (None, "(move Select (from (sites Occupied by:Mover))"
                          " (to (sites Around (from))))"),
    "swap": ("(move Step Orthogonal (to if:(is Empty (to))))",
             "(or (forEach Piece) (move Swap Pieces (last From) (last To)))"),
    "remove": (None, "(move Remove (sites Occupied by:Next))"),
    "promote": ('(or (move Step N (to if:(is Empty (to))))'
                ' (move Promote (from) (piece "Disc") Next))', None),
    "shoot": ("(move Step Orthogonal (to if:(is Empty (to)))"
              ' then:(move Shoot (piece "Disc") Orthogonal))', None),
    "add": (None, "(move Add (to (sites Empty)))"),
    "pass": ("(move Step N (to if:(is Empty (to))))", "(or (forEach Piece) (move Pass))"),
    "consequences": (None, "(or {(move Select (from (sites Occupied by:Mover)))"
                           " (move Remove (sites Occupied by:Next))} (then (moveAgain)))"),
}


def make(name: str) -> ludeme.Game:
    piece, play = GENERATORS[name]
    play = play or "(forEach Piece)"
    return ludeme.loads(f"""
        (game "Generator {name}" (players 2)
            (equipment {{(board (square 5)) (piece "Disc" Each {piece or ""})}})
            (rules
                (start {{(place "Disc1" {{"a1" "b1" "c1" "c2"}})
                         (place "Disc2" {{"a5" "e5" "c4" "d4"}})}})
                (play {play})
                (end (if (>= (count Moves) 30) (result Mover Draw))))
        )""", file=f"{name}.lud")


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_every_generated_move_has_an_action_from_the_load(name):
    game = make(name)
    space = action_space(game)   # before any move is generated
    rng = random.Random(3)
    seen: dict[tuple, int] = {}
    moves_seen = 0
    for _ in range(4):
        s = game.new_initial_state()
        while not s.is_terminal():
            moves = s.legal_moves()
            for m in moves:
                if m.index < 0:  # a copy carrying consequences: its key was registered
                    assert space.key(m) in space._index, f"{m!r} was never registered"
                a = space.encode(m)
                assert 0 <= a < space.size
                assert seen.setdefault(m.key, a) == a
            legal = space.legal(s)
            assert legal.ordered == sorted(set(legal.ordered))
            moves_seen += len(moves)
            s.apply(moves[rng.randrange(len(moves))])
    assert moves_seen > 0


def test_lazy_generators_number_their_whole_domain():
    """A generator whose moves are made when first generated still numbers every move
    it could make when the space is built: moving from any site to any site."""
    game = make("from-to")
    n = game.board.n_sites
    space = action_space(game)
    keys = {space.key(m) for m in space.examples}
    assert {(k[1], k[2]) for k in keys if k[0] == "move"} == {
        (a, b) for a in range(n) for b in range(n)}
