"""Where pieces started: Ludii's ``(sites Start <piece>)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.moves.piece_choice import piece_choice_of, piece_choices


@ludeme("sites Start", T.Region, lazy=True)
def sites_start(c: CompileContext, piece: T.Item):
    """The sites where the start rules put the given piece (``(sites Start (piece (what
    at:(from))))``: where the piece at ``(from)`` started, as a pawn's double step asks),
    the sites of the start position holding it. Ludii: ``(sites Start <piece>)``."""
    choice = piece_choice_of(c, piece, "(sites Start ...) needs the piece")
    ids = piece_choices(c, choice)
    starts: list[tuple[int, ...]] = []

    def where_started(s) -> list[tuple[int, ...]]:
        if not starts:
            first = s.game.start_position()
            n = len(first.what)
            at: list[list[int]] = [[] for _ in range(len(c.pieces.names))]
            for x in range(n):
                if first.what[x]:
                    at[first.what[x]].append(x)
            starts.extend(tuple(a) for a in at)
        return starts

    def fn(s):
        table = where_started(s)
        got = [x for pid in ids(s) for x in table[pid]]
        return tuple(sorted(set(got)))

    return RegionV(fn, None, lambda s, x: x in fn(s))
