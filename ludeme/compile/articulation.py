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

One table serves both membership and discovery: 0 for a site of the region not reached
yet, a number above every discovery number for a site outside the region (so that it
is never visited and never lowers a low number), the discovery number otherwise.

Two forms are made, each on its first use, and shared by every game on a board with
the same table (a bounded cache), since making one costs 50-300 ms: the lean one finds
the articulation points only; the recording one also lists the sites in the order
reached and, for each articulation point, the slices of that order it cuts off.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from itertools import count

#: (neighbour table, recording) -> its search (the oldest dropped past ``_CACHE_SIZE``)
_CACHE: dict[tuple, Callable] = {}
_CACHE_SIZE = 16

# One site's visit: ``v`` the site, ``w<j>`` its neighbours. A neighbour in the region
# not reached yet is visited; its subtree is cut off by ``v`` when its low number is
# not below ``v``'s discovery number (Tarjan). ``low`` <= ``d`` always, so a cut-off
# subtree's low number never lowers ``v``'s.
_HEAD = {False: """def V{site}({args}):
    d = disc[v] = number()
    low = {low}""",
         True: """def V{site}({args}):
    order.append(v)
    d = disc[v] = len(order)
    low = {low}"""}
#: a site's first low number: 1 when it is a seed (joined to the extra node); written as
#: a constant when the sites that can be seeds are fixed (``seedable``)
_LOW = {None: "1 if is_seed[v] else d", 0: "d", 1: "1"}
#: a neighbour asked low number first: one outside the region (its number above every
#: discovery number) or reached with a number not below ``low`` costs one comparison; 0
#: (not reached yet) is below every low number, so it is visited there
_NEIGHBOUR = """    dw = disc[{w}]
    if dw < low:
        if dw:
            low = dw
        else:
            dw = V{to}()
            if dw >= d:
                {cut}
            elif dw < low:
                low = dw"""
_CUT = {False: "cut[v] = 1", True: "split(v, {w})"}
_SPLIT = """def split(v, w):
    cut[v] = 1
    separated.setdefault(v, []).append((disc[w] - 1, len(order)))"""

#: (joined: nonzero for each site reached, articulation points, (separated, order) when
#: recording or None, how many sites were reached)
Result = tuple[bytes, bytearray, "tuple[dict[int, list], list[int]] | None", int]
Search = Callable[[list[int], bytearray], Result]


def searcher(nb: Sequence[Sequence[int]], record: bool,
             seedable: bytes | None = None) -> Search:
    """The search over ``nb`` (made on first use, then cached): ``search(seeds, in_c)``
    gives the articulation points of the sites reachable from ``seeds`` through sites
    of ``in_c`` plus one extra node joined to every seed, as
    ``connected._articulation`` does; it raises ``RecursionError`` when the recursion
    limit is too low for the board; ``search(seeds, in_c, False)`` makes no joined
    table when not recording (None in its place). With ``seedable`` (a byte per site)
    the seeds are exactly the sites of ``in_c`` marked there: the caller passes those
    (``seeds`` is then only the order in which they are tried): each site's first low
    number is then written as a constant and no table of the seeds is made per search."""
    key = (tuple(map(tuple, nb)), record, bytes(seedable) if seedable is not None else None)
    found = _CACHE.get(key)
    if found is None:
        made: list = []

        def search(seeds: list[int], in_c: bytearray, joined: bool = True) -> Result:
            if not made:
                made.append(_generate(key[0], record, key[2]))
            return made[0](seeds, in_c, joined)

        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        found = _CACHE[key] = search
    return found


def _generate(nb: tuple[tuple[int, ...], ...], record: bool,
              seedable: bytes | None = None) -> Search:
    n = len(nb)
    parts = [_SPLIT] if record else []
    for v, around in enumerate(nb):
        args = ", ".join([f"v=S{v}"] + [f"w{j}=S{w}" for j, w in enumerate(around)])
        low = _LOW[None if seedable is None else int(bool(seedable[v]))]
        parts.append(_HEAD[record].format(site=v, args=args, low=low))
        parts.extend(_NEIGHBOUR.format(w=f"w{j}", to=w, cut=_CUT[record].format(w=f"w{j}"))
                     for j, w in enumerate(around))
        parts.append("    return low")
    ns: dict = {f"S{v}": v for v in range(n)}
    exec(compile("\n".join(parts), "<articulation search>", "exec"), ns)
    visits = [ns[f"V{v}"] for v in range(n)]
    limit_needed = n + 100
    outside = n + 2                 # above every discovery number (the extra node is 1)
    if outside < 256:
        # in_c (1: in the region) -> the search's table, and back to joined, in C
        to_disc = bytes([outside, 0] + [outside] * 254)
        to_joined = bytes([0] + [1] * (outside - 1) + [0] * (256 - outside))

        def start(in_c: bytearray) -> list[int]:
            return list(in_c.translate(to_disc))

        def joined_of(disc: list[int]) -> bytes:
            return bytes(disc).translate(to_joined)
    else:
        def start(in_c: bytearray) -> list[int]:
            return [0 if x else outside for x in in_c]

        def joined_of(disc: list[int]) -> bytes:
            return bytes([0 < d < outside for d in disc])

    def search(seeds: list[int], in_c: bytearray, joined: bool = True) -> Result:
        if limit_needed >= sys.getrecursionlimit():
            raise RecursionError("board too large for the recursive search")
        disc = start(in_c)
        if seedable is None:
            is_seed = bytearray(n)
            for x in seeds:
                is_seed[x] = 1
            ns["is_seed"] = is_seed
        cut = bytearray(n)
        # the generated functions read these as their globals, bound for this search
        ns["disc"], ns["cut"] = disc, cut
        if record:
            separated: dict[int, list] = {}
            order = [-1]                       # the extra node is number 1
            ns["separated"], ns["order"] = separated, order
        else:
            numbers = count(2)                 # the extra node is number 1
            ns["number"] = numbers.__next__
        for r in seeds:
            if not disc[r]:
                visits[r]()
        if record:
            return joined_of(disc), cut, (separated, order), len(order) - 1
        return joined_of(disc) if joined else None, cut, None, next(numbers) - 2

    return search
