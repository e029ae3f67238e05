"""Iterating over sites: ``(forEach Site <region> <moves>)``, and its form as a
consequence, ``(forEach Site <region> <effect>)``."""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.values import EffectV, MovesV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Seq
from ludeme.lang.registry import ludeme
from ludeme.runtime.state import State


class _MovesBySite(dict):
    """site -> the generator's move at that site (``move_at(site)``, which is the same
    move every time: the moves are interned), made on first use and then read in C."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[int], object]):
        super().__init__()
        self._make = make

    def __missing__(self, x: int):
        m = self[x] = self._make(x)
        return m


@ludeme("forEach Site", T.Moves)
def for_each_site(c: CompileContext, region: T.Region, moves: T.Moves, *,
                  noMoveYet: T.Moves = None, then: T.Effect = None):
    """The moves ``moves`` generates at each site of ``region``, with ``(site)``,
    ``(from)`` and ``(to)`` bound to the site; when there are none, those of
    ``noMoveYet:`` (without the ``then:`` consequences, as in Ludii). The region and every site's moves are worked out on the same
    position before any is made (as a consequence, all are then applied in order). As in
    Ludii: ``(forEach Site (sites Occupied by:Mover) (move Remove (site)))``."""
    if then is not None:
        # as in Ludii, the consequences follow the moves of the sites only: the moves of
        # noMoveYet: are made without them
        main = with_then(c, for_each_site(c, region, moves), then)
        if noMoveYet is None:
            return main
        gen_main, gen_else = main.gen, noMoveYet.gen
        return MovesV(lambda s: gen_main(s) or gen_else(s))
    sites, gen = region.fn, moves.gen
    otherwise = noMoveYet.gen if noMoveYet is not None else None

    def generate(s):
        old = s.site, s.frm, s.to
        out = []
        for x in sorted(sites(s)):  # in site order, as Ludii walks a region
            s.site = s.frm = s.to = x
            out.extend(gen(s))
        s.site, s.frm, s.to = old
        if not out and otherwise is not None:
            return otherwise(s)
        return out

    if moves.at_site is not None and moves.at_sites is not None:
        # at most one move per site (``MovesV.at_site``), known by a test the generator
        # asks of every site at once: no context bound per site, no list per site
        _, move_at = moves.at_site
        test_all = moves.at_sites
        # when that test can answer with a bit set (``at_sites.bits(state)``: site x as
        # bit x, None when it cannot answer), the region is asked only about the sites
        # found (its ``contains``) instead of being listed and sorted, and each site's
        # move is looked up in C
        bits = getattr(test_all, "bits", None)
        member = region.contains

        def generate(s):
            found = test_all(s, sorted(sites(s)))
            if not found and otherwise is not None:
                return otherwise(s)
            return list(map(move_at, found))

        if bits is not None and member is not None:
            from ludeme.compile import bitlines

            # the board sites in ascending order (Ludii's order over a region), each
            # asked whether it is in the region, or the region's own bit set taken
            # (a region known by the pieces on its sites, such as (sites Empty))
            listed = bitlines.site_lister(c.require_board().n_sites)
            move_of = _MovesBySite(move_at).__getitem__
            listing = generate
            by_piece = region.by_piece
            in_region = bitlines.piece_region(*by_piece) if by_piece is not None else None

            def generate(s):  # noqa: F811
                hit = bits(s)
                if hit is None:
                    return listing(s)
                found = [x for x in listed(hit) if member(s, x)] if hit else ()
                if not found and otherwise is not None:
                    return otherwise(s)
                return list(map(move_of, found))

            if in_region is not None:
                def generate(s):  # noqa: F811
                    hit = bits(s)
                    if hit is None:
                        return listing(s)
                    if hit:
                        try:
                            hit &= in_region(s.what)
                        except ValueError:  # a piece beyond the region's table
                            return listing(s)
                    if not hit:
                        return otherwise(s) if otherwise is not None else []
                    return list(map(move_of, listed(hit)))

    elif moves.at_site is not None:
        # at most one move per site, known by a test: no list per site
        test, move_at = moves.at_site

        def generate(s):  # noqa: F811
            old = s.site, s.frm, s.to
            found = []
            for x in sorted(sites(s)):
                s.site = s.frm = s.to = x
                if test(s):
                    found.append(x)
            s.site, s.frm, s.to = old
            if not found and otherwise is not None:
                return otherwise(s)
            return list(map(move_at, found))

    return MovesV(generate)


# what one site's effect comes to on the position: the plain effects to apply, each
# (fn, victims), chosen by the conditions of the (if ...) forms around them
Plan = Callable[[State], list[tuple[Callable, Callable | None]]]


@ludeme("forEach Site", T.Effect, lazy=True,
        ludii="The effects chosen are applied with their values worked out as they apply "
              "(Ludii works those out too before any applies).")
def for_each_site_effect(c: CompileContext, region: T.Region, moves: T.Effect):
    """An effect at each site of ``region``, with ``(site)``, ``(from)`` and ``(to)``
    bound to the site, as a consequence: ``(then (forEach Site (sites Occupied
    by:Mover) (if (= (state at:(site)) 0) (set State at:(site) 1))))``. As in Ludii,
    the region and the conditions of the ``(if ...)`` forms choosing each site's effects
    are worked out on the position before any of them applies; then the effects apply
    site by site, in site order (so a rule for every cell of a board, as in a game of
    life, reads the generation it replaces)."""
    sites = c.compile(region, T.Region).fn
    plan = _plan(c, moves)

    def chosen(s) -> list[tuple[int, list]]:
        old = s.site, s.frm, s.to
        out = []
        for x in sorted(sites(s)):  # in site order, as Ludii walks a region
            s.site = s.frm = s.to = x
            got = plan(s)
            if got:
                out.append((x, got))
        s.site, s.frm, s.to = old
        return out

    def run(s) -> None:
        todo = chosen(s)
        old = s.site, s.frm, s.to
        for x, effects in todo:
            s.site = s.frm = s.to = x
            for fn, _victims in effects:
                fn(s)
        s.site, s.frm, s.to = old

    def victims(s) -> list[int]:
        old = s.site, s.frm, s.to
        out: list[int] = []
        for x, effects in chosen(s):
            s.site = s.frm = s.to = x
            for _fn, took in effects:
                if took is not None:
                    out.extend(took(s))
        s.site, s.frm, s.to = old
        return out

    return EffectV(run, victims)


def _plan(c: CompileContext, node) -> Plan:
    """How to choose a site's effects from the checked form ``node``: ``(if ...)`` by its
    condition, ``(and ...)``/``(or ...)`` part by part, any other effect as itself."""
    if isinstance(node, Call) and node.decl.returns.name == "Effect":
        head, args = node.decl.head, node.args
        if head == "if" and node.decl.sub is None:
            test = c.compile(args["cond"], T.Cond).fn
            yes = _plan(c, args["then"])
            no = _plan(c, args["else"]) if "else" in args else None
            return lambda s: yes(s) if test(s) else (no(s) if no is not None else [])
        if head in ("and", "or") and node.decl.sub is None:
            parts = [_plan(c, a) for a in _items(args.get("effects", ()))]
            return lambda s: [e for p in parts for e in p(s)]
    effect = c.compile(node, T.Effect)
    pair = [(effect.fn, effect.victims)]
    return lambda s: pair


def _items(raw) -> list:
    """The forms of a variadic argument, ``{...}`` lists spread out."""
    out = []
    for a in raw if isinstance(raw, list | tuple) else [raw]:
        out.extend(a.items if isinstance(a, Seq) else [a])
    return out
