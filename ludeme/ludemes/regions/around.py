"""The sites around a site, filtered by a condition on each of them (Ludii's ``if:``).

``(count Sites in:(sites Around (to) Orthogonal if:(is Empty (to))))`` counts the empty
neighbours of the site being tried; ``(sites Around (last To) if:...)`` selects the
neighbours of the piece just placed that meet a condition (to capture them, say);
``(sites Around (sites Centre) Orthogonal includeSelf:True)`` is a centre and the sites
beside it.
"""

from __future__ import annotations

from operator import itemgetter

from ludeme.board import Board
from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Lit
from ludeme.lang.registry import ludeme

#: count the empty sites around a site in C (``(count Sites in:(sites Around ...
#: if:(is Empty (to))))``); tests turn it off to compare with counting the list
COUNT_IN_C = True


def neighbour_table(c: CompileContext, directions: tuple[str, ...] | None
                    ) -> tuple[tuple[int, ...], ...]:
    """``nb[site]``: the neighbours of each site along ``directions`` (all adjacent sites
    when None). A named relation (Orthogonal, Diagonal, Adjacent) uses the board's own
    table; other sets of compass directions are built from the step tables."""
    board: Board = c.require_board()
    if directions is None:
        return board.nbrs["Adjacent"]
    want = set(directions)
    for rel in ("Orthogonal", "Adjacent", "Diagonal"):
        if want == set(board.directions[rel]):
            return board.nbrs[rel]
    steps = [board.step["Adjacent"][d] for d in directions if d in board.step["Adjacent"]]
    if not steps:
        c.fail(f"no direction among {', '.join(directions)} on this board")
    return tuple(tuple(dict.fromkeys(st[x] for st in steps if st[x] >= 0))
                 for x in range(board.n_sites))


def _is_at_to(cond, kind: str) -> bool:
    """Whether ``cond`` is the checked form ``(is <kind> (to))``."""
    if not (isinstance(cond, Call) and cond.decl.name == f"is {kind}"):
        return False
    args = list(cond.args.values())
    return len(args) == 1 and isinstance(args[0], Call) and args[0].decl.name == "to" \
        and not args[0].args


def _reader(sites: tuple[int, ...]):
    """A function of a list giving its items at ``sites`` as a tuple."""
    if len(sites) >= 2:
        return itemgetter(*sites)
    if sites:
        only = sites[0]
        return lambda w: (w[only],)
    return lambda w: ()


@ludeme("sites Around", T.Region, lazy=True)
def sites_around_if(c: CompileContext, where: (T.Site, T.Region), directions: T.Direction = None,
                    *, if_: T.Cond = None, includeSelf: T.Bool = False):
    """The sites next to ``where`` (a site, or every site of a region, then without the
    region's own sites) along ``directions`` (Adjacent by default) for which ``if:``
    holds, with ``(to)`` bound to each of them; ``includeSelf:True`` adds ``where``
    itself (also subject to ``if:``). As in Ludii:
    ``(sites Around (to) Orthogonal if:(is Empty (to)))``."""
    dirs = c.compile(directions, T.Direction) if directions is not None else None
    nb = neighbour_table(c, dirs)
    self_too = bool(includeSelf.value) if isinstance(includeSelf, Lit) else bool(includeSelf)
    centre = c.compile(where, (T.Site, T.Region))
    test = c.compile(if_, T.Cond).fn if if_ is not None else None
    # the commonest filters read one table entry per neighbour instead of calling a test
    only_empty = if_ is not None and _is_at_to(if_, "Empty")
    only_occupied = if_ is not None and _is_at_to(if_, "Occupied")

    if isinstance(centre, SiteV):
        at = centre.fn
        around = tuple((x,) + nb[x] for x in range(len(nb))) if self_too else nb
        if test is None:
            if centre.const is not None:
                return RegionV.of(around[centre.const])
            return RegionV(lambda s: around[at(s)])
        if only_empty:
            def fn(s):
                w = s.what
                return [y for y in around[at(s)] if not w[y]]

            # counted in C: the pieces around read by one itemgetter, the empty ones
            # (0) counted by tuple.count
            readers = [_reader(a) for a in around]

            def size(s):
                return readers[at(s)](s.what).count(0)

            return RegionV(fn, size=size if COUNT_IN_C else None)
        elif only_occupied:
            def fn(s):
                w = s.what
                return [y for y in around[at(s)] if w[y]]
        else:
            def fn(s):
                keep = s.to
                out = []
                for y in around[at(s)]:
                    s.to = y
                    if test(s):
                        out.append(y)
                s.to = keep
                return out
        return RegionV(fn)

    region_fn = centre.fn

    def around_region(s):
        inside = dict.fromkeys(region_fn(s))
        out: dict[int, None] = dict.fromkeys(inside) if self_too else {}
        for x in inside:
            for y in nb[x]:
                if y not in inside:
                    out[y] = None
        if test is None:
            return tuple(out)
        keep = s.to
        kept = []
        for y in out:
            s.to = y
            if test(s):
                kept.append(y)
        s.to = keep
        return kept

    return RegionV(around_region)
