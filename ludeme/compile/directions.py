"""Ludii's relative directions (Forward, FR, Leftwards, ...) made absolute.

A relative direction is taken from a facing (a compass point: the direction of the
player owning the piece, ``(players {(player N) (player S)})``, N when none is given)
among the directions a site type supports (``Adjacent``: the eight compass points on a
square grid of cells, six on hexagons). As in Ludii 1.0.8, ``FR`` is the first supported
direction turning right from the facing on the sixteen-point compass, ``BL`` the first
turning left from the opposite, and so on; Ludii's FRR, FRRR, FLL, ... come out equal to
FR, FL, ... (its loops for the second and third turn never run), which is kept.
"""

from __future__ import annotations

from ludeme.board.steps import COMPASS

_INDEX = {d: i for i, d in enumerate(COMPASS)}

#: every relative direction name Ludii's ``RelativeDirection`` has, but SameDirection and
#: OppositeDirection (which depend on the last move)
RELATIVE = ("Forward", "Backward", "Rightward", "Leftward", "Forwards", "Backwards",
            "Rightwards", "Leftwards", "FL", "FLL", "FLLL", "BL", "BLL", "BLLL", "FR", "FRR",
            "FRRR", "BR", "BRR", "BRRR")


def _turn(d: str, steps: int) -> str:
    """``d`` turned clockwise by ``steps`` points of the sixteen (negative: anticlockwise)."""
    return COMPASS[(_INDEX[d] + steps) % 16]


def _first_supported(start: str, step: int, supported: tuple[str, ...]) -> tuple[str, ...]:
    d = start
    for _ in range(16):
        if d in supported:
            return (d,)
        d = _turn(d, step)
    return ()


def _sweep(first: str, stop: str, step: int, supported: tuple[str, ...]) -> tuple[str, ...]:
    """The supported directions from ``first`` turning by ``step`` until ``stop`` (out)."""
    out = []
    d = first
    while d != stop:
        if d in supported:
            out.append(d)
        d = _turn(d, step)
    return tuple(out)


def relative(name: str, facing: str, supported: tuple[str, ...]) -> tuple[str, ...]:
    """The absolute directions the relative direction ``name`` means for a piece facing
    ``facing`` on a site type supporting ``supported`` (absolute compass names)."""
    back = _turn(facing, 8)
    if name in ("Forward", "Backward", "Rightward", "Leftward"):
        d = {"Forward": facing, "Backward": back, "Rightward": _turn(facing, 4),
             "Leftward": _turn(facing, -4)}[name]
        return (d,) if d in supported else ()
    if name == "Forwards":
        return _sweep(_turn(facing, -3), _turn(facing, 4), 1, supported)
    if name == "Backwards":
        return _sweep(_turn(back, -3), _turn(back, 4), 1, supported)
    if name == "Rightwards":
        return _sweep(_turn(facing, 1), back, 1, supported)
    if name == "Leftwards":
        return _sweep(_turn(facing, -1), back, -1, supported)
    base = facing if name[0] == "F" else back
    step = 1 if name[1] == "R" else -1
    return _first_supported(_turn(base, step), step, supported)
