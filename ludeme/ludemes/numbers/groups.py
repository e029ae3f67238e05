"""Groups: the connected sets of one player's pieces.

``(sizes Group P1)`` lists the sizes of P1's groups, ``(count Groups P1)`` counts them;
with ``(max ...)`` and ``(difference ...)`` on lists of numbers they express scores
such as "the largest group" (see ``sequences``).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntListV, IntV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.regions.around import neighbour_table


def _group_sizes(c: CompileContext, directions, who):
    """A function state -> the sizes of ``who``'s groups, largest first."""
    board = c.require_board()
    nb = neighbour_table(c, directions)
    sites = board.sites[c.site_type or board.default_type]
    owner = c.pieces.owner
    n = board.n_sites
    players = who.players() if who is not None else None

    def sizes(s):
        w = s.what
        mine = bytearray(n)
        if players is None:
            for x in sites:
                if w[x]:
                    mine[x] = owner[w[x]] or 255
        else:
            ps = players(s)
            for x in sites:
                if w[x] and owner[w[x]] in ps:
                    mine[x] = owner[w[x]] or 255
        out = []
        for x in sites:
            o = mine[x]
            if not o:
                continue
            mine[x] = 0
            size, stack = 1, [x]
            while stack:
                y = stack.pop()
                for z in nb[y]:
                    if mine[z] == o:
                        mine[z] = 0
                        size += 1
                        stack.append(z)
            out.append(size)
        out.sort(reverse=True)
        return out

    return sizes


@ludeme("sizes Group", T.IntList, ludii="Sizes come largest first.")
def sizes_group(c: CompileContext, directions: T.Direction = None, who: T.Role = None):
    """The sizes of the groups of ``who``'s pieces (every owner's, each group of one
    owner, when not given), largest first. A group is a maximal set of one owner's
    pieces joined through neighbours along ``directions`` (Adjacent by default). As in
    Ludii: ``(sizes Group Orthogonal P1)``."""
    return IntListV(_group_sizes(c, directions, who))


@ludeme("count Groups", T.IntFn)
def count_groups(c: CompileContext, directions: T.Direction = None, who: T.Role = None):
    """The number of groups of ``who``'s pieces (see ``sizes Group``)."""
    sizes = _group_sizes(c, directions, who)
    return IntV(lambda s: len(sizes(s)))
