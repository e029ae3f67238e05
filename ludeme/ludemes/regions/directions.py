"""Sets of directions: ``(directions ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("directions", T.Direction, lazy=True,
        ludii="Ludii's bySite: is not supported; its forms with a site type, from: and "
              "to: are not either; a piece's rotation is not applied.")
def directions(c: CompileContext, dirs: (T.Direction, T.ListOf(T.Direction)), *,
               of: T.Direction = None):
    """A set of directions, absolute (``(directions {N S})``) or relative to the piece
    that moves (``(directions {FR FL})``: forward right and forward left of the way the
    piece faces: its owner's direction, ``(player N)``, or else its own, ``(piece
    "Counter" P1 N)``, north when neither is given). Relative directions are Ludii's:
    Forward, Backward, Rightward, Leftward, Forwards, Backwards, Rightwards, Leftwards,
    FR, FL, BR, BL (and FRR, FLL, ..., which Ludii 1.0.8 turns as FR, FL, ...), taken
    among the board's adjacent directions, or among those of the relation ``of:``
    (``Orthogonal``, ``Diagonal``, ``Adjacent``, ``All``: ``(directions {FR FL} of:All)``
    turns to the diagonals of a grid of vertices, whose adjacent directions are
    orthogonal); SameDirection and OppositeDirection (the line of the last move) are
    for ``(move Hop ...)``. Ludii: ``(directions <direction> | {<direction>}
    [of:<relationType>])``."""
    relation = None
    if of is not None:
        relation = getattr(of, "value", None)
        if relation not in ("Orthogonal", "Diagonal", "Adjacent", "All"):
            c.fail("of: names a relation: Orthogonal, Diagonal, Adjacent or All")
    outer = vars(c).get("relative_of")
    vars(c)["relative_of"] = relation or outer
    try:
        got = c.compile(dirs, T.Direction)
        return got if isinstance(got, tuple) else tuple(got)  # a relation stays one
    finally:
        vars(c)["relative_of"] = outer


@ludeme("if", T.Direction, lazy=True)
def if_directions(c: CompileContext, cond: T.Cond, ok: T.Direction, else_: T.Direction):
    """The directions ``ok`` when ``cond`` holds, else ``else``, for the move generator
    it is an argument of: ``(move Step (if (is Mover P1) (directions {N NE}) (directions
    {S SW})))``. The generator is the choice between itself with each set of directions,
    made when it runs, as Ludii evaluates its directions then. Ludii: ``(if <boolean>
    <direction> <direction>)``."""
    c.fail("(if <cond> <directions> <directions>) chooses the directions of a move "
           "generator: it must be one of its arguments",
           "e.g. (move Step (if (is Mover P1) N S) (to if:(is Empty (to))))")


@ludeme("difference", T.Direction, lazy=True,
        ludii="Only as an argument of a move generator, as (if ...) between directions.")
def difference_directions(c: CompileContext, directions: T.Direction,
                          remove: T.Direction):
    """The directions of ``directions`` but those of ``remove``, for the move generator
    it is an argument of: ``(move Hop (from (last To)) (difference Adjacent
    OppositeDirection) ...)``, every way but back along the last move. As in Ludii, a
    relation (Adjacent, Orthogonal, ...) becomes the compass directions it has on the
    board, so the lines followed are those of the compass directions; SameDirection and
    OppositeDirection are those of the last move, found when the generator runs. Ludii:
    ``(difference <direction> <direction>)``."""
    c.fail("(difference <directions> <directions>) chooses the directions of a move "
           "generator: it must be one of its arguments",
           "e.g. (move Hop (from (last To)) (difference Adjacent OppositeDirection) ...)")
