"""Directions relative to a piece's facing (Ludii's ``RelativeDirection``): ``Forward``,
``FR``, ``BL``, ``Leftwards``... A piece faces the direction its ``(piece ...)`` gives
(``(piece "Counter" P1 N)``; north when none), and a relative direction turns into
absolute ones per piece, among the board's adjacent directions, as Ludii's
``Directions.convertToAbsolute`` does. Move generators that accept them resolve them
per piece while building their tables (``for_piece``), so nothing is resolved per move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludeme.board.steps import COMPASS
from ludeme.lang.types import RELATIVE_DIRECTIONS as RELATIVE

_IDX = {d: i for i, d in enumerate(COMPASS)}


def _at(i: int) -> str:
    return COMPASS[i % 16]


def _first(start: int, step: int, supported: Sequence[str]) -> list[str]:
    """The first supported direction from ``start`` turning by ``step`` sixteenths."""
    for k in range(16):
        d = _at(start + k * step)
        if d in supported:
            return [d]
    return []


def _arc(start: int, stop: int, step: int, supported: Sequence[str]) -> list[str]:
    """The supported directions from ``start`` turning by ``step`` until ``stop``
    (excluded)."""
    out, i = [], start
    for _ in range(16):
        if i % 16 == stop % 16:
            break
        if _at(i) in supported:
            out.append(_at(i))
        i += step
    return out


def _resolve_one(name: str, f: int, sup: Sequence[str]) -> list[str]:
    o = f + 8
    if name == "Forward":
        return [_at(f)] if _at(f) in sup else []
    if name == "Backward":
        return [_at(o)] if _at(o) in sup else []
    if name == "Rightward":
        return [_at(f + 4)] if _at(f + 4) in sup else []
    if name == "Leftward":
        return [_at(f - 4)] if _at(f - 4) in sup else []
    if name == "Forwards":
        return _arc(f - 3, f + 4, 1, sup)
    if name == "Backwards":
        return _arc(o - 3, o + 4, 1, sup)
    if name == "Rightwards":
        return _arc(f + 1, o, 1, sup)
    if name == "Leftwards":
        return _arc(f - 1, o, -1, sup)
    # Ludii 1.0.8 turns FLL and FLLL (and the others) exactly as FL: the first
    # supported direction on that side
    base = f if name[0] == "F" else o
    return _first(base + 1, 1, sup) if name[1] == "R" else _first(base - 1, -1, sup)


#: the directions of the last move: from its start to its end, or back
LAST_MOVE = ("SameDirection", "OppositeDirection")


def last_move_directions(board, names: Sequence[str]) -> Callable | None:
    """``lines(state, site)``: the lines from ``site`` along the last move's direction
    (``SameDirection``: the first of the board's adjacent directions whose line from the
    last move's start passes its end) or the opposite one (``OppositeDirection``: the
    line from its end that passes its start), as Ludii finds them; None without such
    names."""
    if not names:
        return None
    supported = board.directions["Adjacent"]
    ray = board.ray
    found: dict[tuple[int, int], str | None] = {}

    def direction(a: int, b: int) -> str | None:
        key = (a, b)
        if key not in found:
            found[key] = next((d for d in supported if b in ray[d][a]), None)
        return found[key]

    same, opposite = "SameDirection" in names, "OppositeDirection" in names

    def lines(s, site: int) -> tuple:
        if not s.history:
            return ()
        last = s.history[-1]
        a, b = last.frm, last.to
        if a < 0 or b < 0:
            return ()
        out = []
        for wanted, (x, y) in ((same, (a, b)), (opposite, (b, a))):
            if wanted:
                d = direction(x, y)
                if d is not None and len(ray[d][site]) >= 2:
                    out.append(ray[d][site])
        return tuple(out)

    return lines


def is_relative(directions: Sequence[str] | None) -> bool:
    return bool(directions) and any(d in RELATIVE for d in directions)


def resolve(directions: Sequence[str], facing: str, supported: Sequence[str]) -> tuple[str, ...]:
    """The absolute directions ``directions`` mean for a piece facing ``facing`` (the
    directions of the last move, ``LAST_MOVE``, are kept as they are: they are known only
    when moves are generated)."""
    f = _IDX[facing]
    out: dict[str, None] = {}
    for d in directions:
        for a in (_resolve_one(d, f, supported) if d in RELATIVE and d not in LAST_MOVE
                  else [d]):
            out[a] = None
    return tuple(out)


def per_piece(c, directions: Sequence[str] | None) -> Callable[[int], tuple[str, ...]] | None:
    """``pid -> absolute directions`` when ``directions`` holds relative ones, else None."""
    if not is_relative(directions):
        return None
    board = c.require_board()
    supported = board.directions["Adjacent"]
    facing = c.pieces.facing
    cache: dict[str, tuple[str, ...]] = {}

    def of(pid: int) -> tuple[str, ...]:
        f = facing[pid] or "N"
        if f not in cache:
            cache[f] = resolve(directions, f, supported)
        return cache[f]

    return of
