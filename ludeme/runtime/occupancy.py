"""The board's occupancy as integers kept on the state, for the listings that read the
board as bits (plain slides, ``ludeme.compile.slidelists``; shots along lines).

``State.occ`` is None until such a listing asks for it (``read``), which makes it from
the board. From then on the writers a sliding game uses every turn keep it up to date
as they write (a piece moving, ``ludeme.ludemes.moves.slide.make_move_act``; a piece
placed, ``ludeme.ludemes.moves.generators.make_add_act``), and every other writer of
``State.what`` drops it (``s.occ = None``, a trial placement too, once undone), so that
the next listing makes it afresh. A game that never lists so never makes it: its
writers find None and do nothing more.

``occ`` holds every occupied site twice, as ``slidelists`` reads it: site ``x`` is the
bit ``n - 1 - x`` (the low half, reversed) and the bit ``n + x`` (the high half).
``State.placed[p]`` holds the sites of piece id ``p``, site ``x`` as the bit ``x``; it
is valid while ``occ`` is not None.
"""

from __future__ import annotations

from functools import cache

# a board byte as the digit 0 (an empty site) or 1
AS_BITS = bytes([48] + [49] * 255)


@cache
def double_bits(n: int) -> tuple[int, ...]:
    """Per site of a board of ``n`` sites, its two bits in ``occ``."""
    return tuple((1 << (n - 1 - x)) | (1 << (n + x)) for x in range(n))


@cache
def _digits_of(p: int) -> bytes:
    """A board byte as the digit 1 where it is the piece id ``p``, else 0."""
    return bytes(49 if q == p else 48 for q in range(256))


def read(s) -> int | None:
    """``s.occ``, made from the board (with ``s.placed``) when it is not kept; None when
    the board holds a value beyond a byte (then the caller reads the board itself)."""
    occ = s.occ
    if occ is not None:
        return occ
    try:
        raw = bytes(s.what)
    except (ValueError, TypeError):
        return None
    digits = raw.translate(AS_BITS)
    occ = int(digits[::-1] + digits, 2)
    placed = [0] * max(len(s.game.pieces.names), max(raw) + 1)
    backwards = raw[::-1]  # site 0 last: the bit 0
    for p in set(raw):
        if p:
            placed[p] = int(backwards.translate(_digits_of(p)), 2)
    s.placed = placed
    s.occ = occ
    s.game.reads_occupancy = True  # new states start with it (primed by ``new_initial_state``)
    return occ


def cleared(s, x: int, p: int) -> None:
    """The kept occupancy once piece ``p`` is taken off site ``x`` (``s.occ`` kept): a
    piece taken off the board (``Game.clear_site``, a capture) keeps it, its site's bits
    cleared."""
    s.occ ^= double_bits(len(s.what))[x]
    s.placed[p] ^= 1 << x
