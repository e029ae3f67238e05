"""Ludii's relative directions (Forward, FR, Leftwards, ...) made absolute.

A relative direction is taken from a facing (a compass point: the direction of the
player owning the piece, ``(players {(player N) (player S)})``, N when none is given)
among the directions a site type supports (``Adjacent``: the eight compass points on a
square grid of cells, six on hexagons). As in Ludii 1.0.8, ``FR`` is the first supported
direction turning right from the facing on the sixteen-point compass, ``BL`` the first
turning left from the opposite, and so on; Ludii's FRR, FRRR, FLL, ... come out equal to
FR, FL, ... (its loops for the second and third turn never run), which is kept.

A move generator marked ``per_facing`` (Step, Hop, Slide) that uses relative directions
outside ``(forEach Piece)``, where the pieces it may move face different ways, is
compiled once per facing and plays each piece by its own (``per_facing``), so a
description may write ``(move Hop (from (last To)) (directions {FR FL}) ...)`` as Ludii
does.

``SameDirection`` and ``OppositeDirection`` (the line of the last move) are known only
when moves are generated: ``last_move_directions`` finds them then, for (move Hop ...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludeme.board.steps import COMPASS
from ludeme.lang.checker import Call, Lit, Seq

_INDEX = {d: i for i, d in enumerate(COMPASS)}

#: every relative direction name Ludii's ``RelativeDirection`` has, but SameDirection and
#: OppositeDirection (which depend on the last move)
RELATIVE = ("Forward", "Backward", "Rightward", "Leftward", "Forwards", "Backwards",
            "Rightwards", "Leftwards", "FL", "FLL", "FLLL", "BL", "BLL", "BLLL", "FR", "FRR",
            "FRRR", "BR", "BRR", "BRRR")


class RelationDirections(tuple):
    """The compass directions a relation (``Adjacent``, ``Orthogonal``, ``Diagonal``)
    has on the board, remembering the relation: a step or hop in them goes only to the
    relation's neighbours, as Ludii's radials of that absolute direction do."""

    relation: str

    def __new__(cls, dirs, relation: str):
        self = super().__new__(cls, dirs)
        self.relation = relation
        return self


def relation_of(directions) -> str | None:
    """The relation moves in ``directions`` keep to: ``Adjacent`` when none are given
    (Ludii's default), the relation named (``Orthogonal``), or None (compass names)."""
    if not directions:
        return "Adjacent"
    return getattr(directions, "relation", None)


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


def mentions_relative(node: Any) -> bool:
    """Whether a checked tree names a relative direction (Forward, FR, ...)."""
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, Lit):
            if x.value in RELATIVE and x.type.name == "Direction":
                return True
        elif isinstance(x, Call):
            for v in x.args.values():
                stack.extend(v if isinstance(v, list) else [v])
        elif isinstance(x, Seq):
            stack.extend(x.items)
        elif isinstance(x, list):
            stack.extend(x)
    return False


def per_facing(c, call: Call, compile_once: Callable[[Call], Any]) -> Any:
    """``call`` (a generator marked ``per_facing``, outside the moves of a piece)
    compiled once per facing of the pieces when it names relative directions and the
    pieces face different ways: each piece plays the moves of its own facing. None when
    one compilation does (the caller compiles it as usual)."""
    from ludeme.compile.piecemoves import memo
    from ludeme.compile.values import PieceMovesV

    pieces = range(1, len(c.pieces.names))
    facing = {pid: c.facing_of(pid) for pid in pieces}
    facings = list(dict.fromkeys(facing.values()))
    if len(facings) < 2 or not mentions_relative(call):
        return None
    compiled = {}
    for f in facings:
        c.facing = f
        try:
            compiled[f] = compile_once(call)
        finally:
            c.facing = None
    if not all(isinstance(v, PieceMovesV) and v.starts is not None
               for v in compiled.values()):
        c.fail("relative directions (Forward, FR, ...) here are not supported when pieces "
               "face different ways",
               "declare the moves in the (piece ...) and play them with (forEach Piece)")
    # moves that start elsewhere than at the piece (from (last To)) keep their pieces'
    # moves on ``starts`` (see ``piece_moves``): the piece found there moves by its facing
    elsewhere = any(v.for_piece is None for v in compiled.values())
    fors = {f: v.for_piece or v.starts.for_piece for f, v in compiled.items()}
    for_piece = memo(lambda pid: fors[facing[pid]](pid))
    starts = compiled[facings[0]].starts
    return PieceMovesV(starts(for_piece), for_piece=None if elsewhere else for_piece,
                       starts=starts)
