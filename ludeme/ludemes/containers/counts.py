"""Counts per site: a site holding several identical pieces, as mancala pits hold seeds
(Ludii's container states with counts).

A game whose equipment or rules use counts (``(mancalaBoard ...)``, ``(set Count ...)``)
keeps ``state.count[x]`` beside ``state.what[x]``: ``what`` says which piece, ``count``
how many (``Game.set_count`` keeps both and the hash). Other games keep no counts and
pay nothing: a piece on a site is one piece.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def enable_counts(c: CompileContext) -> None:
    """Sites of this game hold counts (``state.count``)."""
    c.uses_counts = True
    if getattr(c, "game", None) is not None:
        c.game.uses_counts = True


def site_counter(c: CompileContext):
    """``count(s, x)``: how many pieces stand on board site ``x`` (1 for a piece on a
    site of a game without counts)."""
    def count(s, x: int) -> int:
        cnt = s.count
        if cnt is None:
            return 1 if s.what[x] else 0
        return (cnt[x] or 1) if s.what[x] else 0

    return count


@ludeme("set Count", T.Effect)
def set_count(c: CompileContext, amount: T.IntFn, *, to: T.Region = None,
              at: T.Site = None):
    """Make each site of ``to`` (or the site ``at``) hold ``amount`` pieces, as Ludii's
    ``(set Count 4 to:(sites Track))`` fills mancala pits at the start. The pieces are
    those standing there, else the first piece of the equipment (the seed); 0 empties
    the site."""
    if (to is None) == (at is None):
        c.fail("(set Count ...) needs to:<region> or at:<site>")
    enable_counts(c)
    n = c.require_board().n_sites
    put = c.game.set_count
    amt = amount.fn
    if at is not None:
        site = at.fn

        def run_at(s):
            x = site(s)
            if 0 <= x < n:
                put(s, x, max(amt(s), 0))
                s.after_frm = s.after_to = x  # Ludii's set count action, for (last To ...)

        return EffectV(run_at)
    region = to.fn

    def run(s):
        k = max(amt(s), 0)
        for x in tuple(region(s)):
            if 0 <= x < n:
                put(s, x, k)
                s.after_frm = s.after_to = x  # Ludii's set count action, for (last To ...)

    return EffectV(run)
