"""State values of pieces on sites (Ludii's local state of a site): a double-sided disc
shows one side or the other, as ``(place "Disc0" <region> state:1)`` and ``(set State
...)`` set it and ``(state at:...)``/``(sites State ...)`` read it.

A game that uses them keeps ``state.site_state[x]`` beside ``state.what[x]``
(``Game.set_site_state`` keeps it and the hash); other games keep none and pay
nothing. Taking a piece off a site clears its state.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV, IntV, RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def enable_site_state(c: CompileContext) -> None:
    """Sites of this game carry state values (``state.site_state``)."""
    if getattr(c, "game", None) is not None:
        c.game.uses_site_state = True


@ludeme("state", T.IntFn,
        ludii="A piece that moves leaves its state on the site it left.")
def state_at(c: CompileContext, *, at: T.Site):
    """The state value of the site ``at`` (0 when it has none, or is off the board). As
    in Ludii: ``(is Enemy (state at:(between)))`` where a disc's side says its owner."""
    enable_site_state(c)
    site = at.fn
    n = c.require_board().n_sites

    def fn(s):
        x = site(s)
        return s.site_state[x] if 0 <= x < n else 0

    return IntV(fn)


@ludeme("set State", T.Effect)
def set_state(c: CompileContext, value: T.IntFn, *, at: T.Site):
    """Give the site ``at`` the state value ``value``. As in Ludii: ``(set State
    at:(last To) 2)``."""
    enable_site_state(c)
    site, val = at.fn, value.fn
    n = c.require_board().n_sites
    put = c.game.set_site_state

    def run(s):
        x = site(s)
        if 0 <= x < n:
            put(s, x, val(s))

    return EffectV(run)


@ludeme("sites State", T.Region)
def sites_state(c: CompileContext, value: T.IntFn):
    """The board sites whose state value is ``value`` (with 0: every site without one,
    empty sites included, as in Ludii). As in Ludii: ``(count Sites in:(sites State
    1))``."""
    enable_site_state(c)
    val = value.fn
    n = c.require_board().n_sites

    def fn(s):
        v = val(s)
        st = s.site_state
        return [x for x in range(n) if st[x] == v]

    return RegionV(fn)
