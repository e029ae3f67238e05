"""State values of pieces on sites (Ludii's local state of a site): a double-sided disc
shows one side or the other, as ``(place "Disc0" <region> state:1)`` and ``(set State
...)`` set it and ``(state at:...)``/``(sites State ...)`` read it.

A game that uses them keeps ``state.site_state[x]`` beside ``state.what[x]``
(``Game.set_site_state`` keeps it and the hash); other games keep none and pay
nothing. Taking a piece off a site clears its state.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.moveparts import FLIPS, PIECE_STATE, FlipsPart, PieceStatePart
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
            s.after_frm = s.after_to = x  # Ludii's set state action, for (last To ...)

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

    def size(s):
        # the state values are kept for the board's sites only: counted in C
        return s.site_state.count(val(s))

    return RegionV(fn, size=size)


@ludeme("flips", FLIPS)
def flips(c: CompileContext, a: T.Int, b: T.Int):
    """The two state values of a double-sided piece, which ``(flip ...)`` turns it
    between: ``(piece "Disc" Neutral (flips 1 2))``."""
    if a == b:
        c.fail("(flips ...) needs two different state values")
    return FlipsPart(a, b)


def piece_flips(c: CompileContext) -> dict[int, tuple[int, int]]:
    """Piece id -> the two state values it flips between, as the equipment declares."""
    return vars(c).setdefault("piece_flips", {})


@ludeme("flip", T.Effect)
def flip(c: CompileContext, at: T.Site = None):
    """Turn the piece on a site (``(to)`` by default) over: its state value becomes the
    other of its ``(flips a b)`` (a state that is neither stays; a piece without flips
    or an empty site is left alone). As in Ludii: ``(flip (between))``."""
    enable_site_state(c)
    site = at.fn if at is not None else (lambda s: s.to)
    n = c.require_board().n_sites
    declared = piece_flips(c)
    # per piece id: state -> flipped state (None: the piece does not flip)
    table: list[dict[int, int] | None] = [None] * len(c.pieces.names)
    for pid, (a, b) in declared.items():
        table[pid] = {a: b, b: a}

    all_keys = c.game.site_state_keys  # made now (a game with flips uses them)

    def run(s):
        # Game.set_site_state's work (the value and the hash), without its call
        x = site(s)
        if 0 <= x < n:
            turn = table[s.what[x]]
            if turn is not None:
                st = s.site_state
                v = st[x]
                w = turn.get(v, v)
                if w != v:
                    keys = all_keys[x]
                    s.hash ^= (keys[v & 127] if v else 0) ^ (keys[w & 127] if w else 0)
                    st[x] = w

    return EffectV(run)


@ludeme("piece", PIECE_STATE)
def piece_with_state(c: CompileContext, name: T.Str, *, state: T.IntFn = None):
    """A piece to add with a state value: ``(add (piece "Disc0" state:(mover)) (to
    (site)))``. The piece is named as declared (``"King2"``; a neutral one also
    ``"Disc0"``, as Ludii names it), or by its kind alone when only one player has it."""
    if state is not None:
        enable_site_state(c)
    return PieceStatePart(name, state.fn if state is not None else None)
