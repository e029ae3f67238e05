"""Articulation points by a depth-first search generated for one neighbour table.

``(is Connected ... to: through:)`` after a placement asks, once per position, for the
articulation points of the sites joined through a region plus one node standing for
the target region (``ludeme.ludemes.conditions.connected``). That search is most of a
placement game's time, and in CPython most of the search is the loop over a site's
neighbours. Here the loop is written out: one small function per site, its neighbours'
numbers bound as default arguments (fast locals), the recursion calling the
neighbour's own function. Nothing from a description goes into the source: it is made
from the shape of the neighbour table alone (how many neighbours each site has), and
every number comes in through the namespace (``S<k>``, bound to ``k``).

The functions are made on the first search of a table and shared by every game on a
board with the same table (a bounded cache), since making them costs 50-300 ms.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

#: search with the generated functions (tests turn it off to compare with the loop)
GENERATED = True

#: neighbour table -> its search (the oldest dropped past ``_CACHE_SIZE``)
_CACHE: dict[tuple, Callable] = {}
_CACHE_SIZE = 16

# One site's visit: ``v`` the site, ``w<j>`` its neighbours. A neighbour in the region
# (``in_c``) not reached yet is visited; its subtree is cut off by ``v`` when its low
# number is not below ``v``'s discovery number (Tarjan). ``low`` <= ``d`` always, so a
# cut-off subtree's low number never lowers ``v``'s.
_HEAD = """def V{site}({args}):
    order.append(v)
    d = disc[v] = len(order)
    low = 1 if is_seed[v] else d"""
_NEIGHBOUR = """    if in_c[{w}]:
        dw = disc[{w}]
        if not dw:
            dw = V{to}()
            if dw >= d:
                split(v, {w})
        if dw < low:
            low = dw"""
_SPLIT = """def split(v, w):
    cut[v] = 1
    separated.setdefault(v, []).append((disc[w] - 1, len(order)))"""

Result = tuple[list[int], bytearray, dict[int, list], list[int]]


def searcher(nb: Sequence[Sequence[int]]) -> Callable[[list[int], bytearray], Result]:
    """The search over ``nb`` (made on first use, then cached): ``search(seeds, in_c)``
    gives what ``connected._articulation`` gives for the same arguments, or raises
    ``RecursionError`` when the recursion limit is too low for the board."""
    key = tuple(map(tuple, nb))
    found = _CACHE.get(key)
    if found is None:
        state: list = []

        def search(seeds: list[int], in_c: bytearray) -> Result:
            if not state:
                state.append(_generate(key))
            return state[0](seeds, in_c)

        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        found = _CACHE[key] = search
    return found


def _generate(nb: tuple[tuple[int, ...], ...]) -> Callable[[list[int], bytearray], Result]:
    n = len(nb)
    parts = [_SPLIT]
    for v, around in enumerate(nb):
        args = ", ".join([f"v=S{v}"] + [f"w{j}=S{w}" for j, w in enumerate(around)])
        parts.append(_HEAD.format(site=v, args=args))
        parts.extend(_NEIGHBOUR.format(w=f"w{j}", to=w) for j, w in enumerate(around))
        parts.append("    return low")
    ns: dict = {f"S{v}": v for v in range(n)}
    exec(compile("\n".join(parts), "<articulation search>", "exec"), ns)
    visits = [ns[f"V{v}"] for v in range(n)]
    limit_needed = n + 100

    def search(seeds: list[int], in_c: bytearray) -> Result:
        if limit_needed >= sys.getrecursionlimit():
            raise RecursionError("board too large for the recursive search")
        disc = [0] * n
        is_seed = bytearray(n)
        for x in seeds:
            is_seed[x] = 1
        cut = bytearray(n)
        separated: dict[int, list] = {}
        order = [-1]                           # the extra node is number 1
        # the generated functions read these as their globals, bound for this search
        ns["disc"], ns["in_c"], ns["is_seed"] = disc, in_c, is_seed
        ns["cut"], ns["separated"], ns["order"] = cut, separated, order
        for r in seeds:
            if not disc[r]:
                visits[r]()
        return disc, cut, separated, order

    return search
