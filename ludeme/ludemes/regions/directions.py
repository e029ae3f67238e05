"""Sets of directions: ``(directions ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("directions", T.Direction,
        ludii="Ludii's of: (relation) and bySite: are not supported; its forms with a "
              "site type, from: and to: are not either; a piece's rotation is not applied.")
def directions(c: CompileContext, dirs: (T.Direction, T.ListOf(T.Direction))):
    """A set of directions, absolute (``(directions {N S})``) or relative to the piece
    that moves (``(directions {FR FL})``: forward right and forward left of the way the
    piece faces: its owner's direction, ``(player N)``, or else its own, ``(piece
    "Counter" P1 N)``, north when neither is given). Relative directions are Ludii's:
    Forward, Backward, Rightward, Leftward, Forwards, Backwards, Rightwards, Leftwards,
    FR, FL, BR, BL (and FRR, FLL, ..., which Ludii 1.0.8 turns as FR, FL, ...), taken
    among the board's adjacent directions; SameDirection and OppositeDirection (the line
    of the last move) are for ``(move Hop ...)``. Ludii: ``(directions <direction> |
    {<direction>})``."""
    if isinstance(dirs, list):
        out: dict[str, None] = {}
        for group in dirs:
            for d in group:
                out[d] = None
        return tuple(out)
    return tuple(dirs)


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
