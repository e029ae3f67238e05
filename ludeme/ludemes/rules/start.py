"""Starting positions: ``(place "King2" "d4")``, ``(place "Attacker1" {"d1" "d2"})``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV
from ludeme.errors import suggest
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def piece_named(c: CompileContext, piece: str) -> int:
    """The id of a piece named as declared with its owner's number (``"King2"``; a
    neutral one also ``"Disc0"``), or by its kind alone when only one player has it."""
    pieces = c.pieces
    pid = pieces.named(piece)
    if not pid:
        ids = pieces.ids_of_kind(piece)
        if len(ids) != 1:
            if ids:
                c.fail(f"several players have a \"{piece}\": name one, e.g. "
                       f"\"{pieces.names[ids[0]]}\"")
            c.fail(f"no piece \"{piece}\"", suggest(piece, pieces.names[1:])
                   or "pieces: " + ", ".join(pieces.names[1:]))
        pid = ids[0]
    return pid


@ludeme("place", T.Effect)
def place(c: CompileContext, piece: T.Str, where: T.Region, *, state: T.Int = 0):
    """Put a piece on each site of a region (in ``(start ...)``). The piece is named as
    declared with its owner's number (``"King2"``), or by its kind alone when only one
    player has that kind. ``state:`` gives each the state value (Ludii's local state:
    the side a double-sided disc shows), as in ``(place "Disc0" (sites Centre)
    state:1)``."""
    pid = piece_named(c, piece)
    z = c.game.zobrist
    if where.static is not None:
        sites = where.static

        def fn(s):
            w = s.what
            for x in sites:
                old = w[x]
                w[x] = pid
                s.hash ^= z[x][old] ^ z[x][pid] if old else z[x][pid]
    else:
        region = where.fn

        def fn(s):
            w = s.what
            for x in list(region(s)):
                old = w[x]
                w[x] = pid
                s.hash ^= z[x][old] ^ z[x][pid] if old else z[x][pid]

    if state:
        from ludeme.ludemes.containers.site_states import enable_site_state

        enable_site_state(c)
        put, place_pieces, sites_of = c.game.set_site_state, fn, where.fn

        def fn(s):
            place_pieces(s)
            for x in list(sites_of(s)):
                put(s, x, state)

    return EffectV(fn)
