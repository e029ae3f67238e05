"""Selecting a site as a move: ``(move Select ...)``, as in Ludii. The move changes
nothing itself; its consequences (``then:``) act, with ``(last From)``/``(last To)``
the sites selected."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.fold import mover_rows
from ludeme.compile.moveparts import FROM, FromPart
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV, RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.moves.from_to import origins_of
from ludeme.runtime.move import Move, no_action


@ludeme("select", T.Moves, ludii="Ludii's other spelling of (move Select ...).")
@ludeme("move Select", T.Moves, ludii="Board sites only; no levels in a stack.")
def move_select(c: CompileContext, from_: (FROM, T.Site), to: T.Region = None, *,
                then: T.Effect = None):
    """Choose a site of ``(from ...)`` (a site or a region, ``if:`` evaluated with
    ``(from)`` and ``(to)`` bound to it), or a pair of sites: one of ``(from ...)`` and
    one of ``(to ...)`` (a site or region evaluated with ``(from)`` bound, filtered by
    ``(to ... if:)``). As in Ludii the sites need not hold a piece.

    ``(move Select (from (sites Occupied by:Mover)) then:(remove (last To)))``"""
    n = c.require_board().n_sites
    origins, cond = origins_of(from_)
    # the condition asked of every candidate at once, when it can be
    select_from = None
    if isinstance(from_, FromPart) and from_.cond is not None:
        select_from = from_.cond.select_from
    # the condition keeps the board sites holding a piece ((> (count at:(from)) 0))
    occupied = getattr(select_from, "occupied_on_board", False)
    targets = None
    if isinstance(to, SiteV):
        to_site = to.fn
        targets = lambda s: (to_site(s),)  # noqa: E731
    elif isinstance(to, RegionV):
        targets = to.fn
    thenfn = then.fn if then is not None else None
    takes = then.victims if then is not None else None

    act = no_action  # the consequences act

    # the sites chosen: one site (twice), or any pair when there is (to ...)
    interned = MoveTable(
        c.game, lambda frm, x: Move("select", frm, x, 0, 0, act, thenfn, takes),
        (lambda: ((x, x) for x in range(n))) if targets is None
        else (lambda: ((frm, x) for frm in range(n) for x in range(n))))

    if targets is None:
        # one site chosen: the moves of a region's sites, worked out once per region
        # object (a player's region is the same tuple at every call)
        made: dict[int, tuple[object, tuple[tuple[int, Move], ...]]] = {}

        def gen_sites(s):
            src = origins(s)
            entry = made.get(id(src))
            if entry is None or entry[0] is not src:
                pairs = tuple((x, interned[x, x]) for x in dict.fromkeys(src) if 0 <= x < n)
                entry = made[id(src)] = (src, pairs, tuple(x for x, _ in pairs), dict(pairs),
                                         tuple(m for _, m in pairs))
                if len(made) > 64:      # regions built afresh each time: keep a few
                    made.clear()
                    made[id(src)] = entry
            if cond is None:
                return list(entry[4])
            if occupied:  # the sites of entry are the board's
                w = s.what
                return [m for x, m in entry[1] if w[x]]
            if select_from is not None:
                by_site = entry[3]
                return [by_site[x] for x in select_from(s, entry[2])]
            out: list[Move] = []
            for frm, m in entry[1]:
                s.frm = s.to = frm
                if cond(s):
                    out.append(m)
            return out

        if occupied:
            # per mover: the sites of the region and their moves, when the region reads
            # nothing but the mover (folded at the first call; None: not foldable)
            by_mover: list = []

            def fold() -> list:
                rows = mover_rows(origins, c.num_players)
                if rows is None:
                    by_mover.extend([None] * (c.num_players + 1))
                else:
                    by_mover.extend(
                        None if src is None else
                        tuple((x, interned[x, x]) for x in dict.fromkeys(src) if 0 <= x < n)
                        for src in rows)
                return by_mover

            def gen_occupied(s):
                pairs = (by_mover or fold())[s.who]
                if pairs is None:
                    return gen_sites(s)
                w = s.what
                return [m for x, m in pairs if w[x]]

            return MovesV(gen_occupied)
        return MovesV(gen_sites)

    def gen(s):
        out: list[Move] = []
        for frm in dict.fromkeys(origins(s)):
            if not 0 <= frm < n:
                continue
            s.frm = s.to = frm
            if cond is not None and not cond(s):
                continue
            if targets is None:
                out.append(interned[frm, frm])
                continue
            for x in dict.fromkeys(targets(s)):
                if 0 <= x < n:
                    out.append(interned[frm, x])
        return out

    return MovesV(gen)
