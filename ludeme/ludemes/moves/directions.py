"""``(directions ...)``: a set of directions written as Ludii writes one, absolute or
relative to the moving piece's facing."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("directions", T.Direction,
        ludii="of: and bySite: are not supported (relative directions turn among the "
              "board's adjacent directions, Ludii's default); a piece's rotation is not "
              "applied.")
def directions(c: CompileContext, dirs: (T.Direction, T.ListOf(T.Direction))):
    """Directions, absolute (``(directions {N S})``) or relative to the piece that moves
    (``(directions {FR FL})``: forward right and forward left of the way the piece faces,
    as ``(piece "Counter" P1 N)`` declares it). Relative directions are Ludii's: Forward,
    Backward, Rightward, Leftward, Forwards, Backwards, Rightwards, Leftwards, FR, FL,
    BR, BL (and FRR, FLL, ..., which Ludii 1.0.8 turns as FR, FL, ...); they are
    accepted by ``(move Step ...)`` and ``(move Hop ...)``. Ludii: ``(directions
    (<absoluteDirection> | {<absoluteDirection>} | <relativeDirection> |
    {<relativeDirection>}) ...)``."""
    if isinstance(dirs, list):
        out: dict[str, None] = {}
        for group in dirs:
            for d in group:
                out[d] = None
        return tuple(out)
    return tuple(dirs)
