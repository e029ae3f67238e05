"""Groups: the connected sets of one player's pieces.

``(sizes Group P1)`` lists the sizes of P1's groups, ``(count Groups P1)`` counts them;
with ``(max ...)`` and ``(difference ...)`` on lists of numbers they express scores
such as "the largest group" (see ``sequences``).
"""

from __future__ import annotations

from itertools import compress

from ludeme.compile import neighbourcounts
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
        return _flooded(mine, sites, nb)

    if len(owner) <= 256 and len(nb) == n and \
            tuple(sites) == tuple(range(n)):
        return _sizes_by_bytes(nb, n, owner, players, sizes)
    return sizes


#: the group sizes of the last few owner tables asked are kept per neighbour table and
#: shared by every ``(sizes Group ...)`` / ``(count Groups ...)`` of a game: a score
#: asked for both players and its tie-breaker ask the same position several times;
#: how many owner tables each neighbour table keeps
SHARED_SIZES_KEPT = 8
#: the neighbour tables with kept sizes (the oldest dropped past this many)
_SHARED_TABLES = 16
_shared: dict[int, tuple] = {}


def _sizes_memo(nb) -> dict:
    """The sizes kept for the neighbour table ``nb`` (the same object for every ludeme
    of a game asking it), keyed by the owner table (bytes)."""
    found = _shared.get(id(nb))
    if found is not None and found[0] is nb:
        return found[1]
    if len(_shared) >= _SHARED_TABLES:
        del _shared[next(iter(_shared))]
    memo: dict = {}
    _shared[id(nb)] = (nb, memo)      # nb kept alive: its id is not reused meanwhile
    return memo


def _sizes_by_bytes(nb, n: int, owner, players, slow):
    """``_group_sizes``' function for a board whose sites of the type are 0..n-1 and
    pieces numbered below 256: the owners (255 for a piece nobody owns) by a translation
    table per set of players asked; the sizes of the last few owner tables kept
    (``_sizes_memo``)."""
    tables: dict = {}

    def table_of(ps) -> bytes:
        key = None if ps is None else tuple(ps)
        found = tables.get(key)
        if found is None:
            found = tables[key] = bytes(
                (owner[p] or 255) if p < len(owner) and p and
                (ps is None or owner[p] in ps) else 0 for p in range(256))
        return found

    every = table_of(None) if players is None else None
    as_bytes = neighbourcounts.board_reader()

    def owners(s):
        """The owner of each site's piece (0: none, or not asked), or None when the
        board holds values beyond a byte."""
        try:
            return as_bytes(s.what[:n]).translate(every or table_of(players(s)))
        except (ValueError, TypeError):     # values beyond a byte
            return None

    memo = _sizes_memo(nb)
    kept = SHARED_SIZES_KEPT

    def shared_sizes(s):
        mine = owners(s)
        if mine is None:
            return slow(s)
        key = bytes(mine)
        found = memo.get(key)
        if found is None:
            found = tuple(_flooded(bytearray(key), compress(range(n), key), nb))
            if len(memo) >= kept:
                del memo[next(iter(memo))]
            memo[key] = found
        return list(found)

    return shared_sizes


def _flooded(mine: bytearray, starts, nb) -> list[int]:
    """The sizes of the groups of ``mine`` (an owner per site, 0 for none; cleared as
    the groups are flooded) met from ``starts`` in turn, largest first."""
    out = []
    for x in starts:
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


def _group_at(c: CompileContext, directions, at, if_):
    """A function state -> (the group at ``at``, as a list; its sites, as a set), as
    Ludii's ``(count Liberties ...)`` and ``(size Group ...)`` find it: the sites joined
    to ``at`` through neighbours along ``directions`` (Adjacent by default) that hold the
    same piece, or, with ``if:``, where the condition holds with ``(to)`` the site
    examined and ``(from)`` ``at`` (``at`` itself must meet it)."""
    from ludeme.ludemes.regions.around import neighbour_table

    nb = neighbour_table(c, tuple(directions) if directions else None)
    start = at.fn if at is not None else (lambda s: s.history[-1].to if s.history else -1)
    cond = if_.fn if if_ is not None else None

    def group_at(s):
        x0 = start(s)
        if x0 < 0:
            return [], set()
        w = s.what
        old_to, old_from = s.to, s.frm
        group = []
        if cond is None:
            group.append(x0)
        else:
            s.to = x0
            if cond(s):
                group.append(x0)
        members = set(group)
        piece = w[x0]
        if group:
            s.frm = x0
            k = 0
            while k < len(group):
                for y in nb[group[k]]:
                    if y in members:
                        continue
                    if cond is None:
                        ok = w[y] == piece
                    else:
                        s.to = y
                        ok = cond(s)
                    if ok:
                        members.add(y)
                        group.append(y)
                k += 1
        s.to, s.frm = old_to, old_from
        return group, members

    return group_at, nb


@ludeme("count Liberties", T.IntFn,
        ludii="The site type is the one in scope (use:); Ludii's optional first "
              "<siteType> argument is not supported.")
def count_liberties(c: CompileContext, directions: T.Direction = None, *,
                    at: T.Site = None, if_: T.Cond = None):
    """The number of liberties of the group at ``at`` (by default the site the last
    move reached): the empty sites next to the group along ``directions`` (Adjacent by
    default). The group is the sites joined to ``at`` through neighbours that hold the
    same piece, or, with ``if:``, the sites where the condition holds, evaluated with
    ``(to)`` the site examined (``at`` itself must meet it). As in Ludii: ``(> (count
    Liberties Orthogonal) 0)`` says the piece just placed is not left without
    liberties."""
    group_at, nb = _group_at(c, directions, at, if_)

    def fn(s):
        group, members = group_at(s)
        w = s.what
        return len({y for x in group for y in nb[x] if not w[y] and y not in members})

    return IntV(fn)


@ludeme("size Group", T.IntFn,
        ludii="The site type is the one in scope (use:); Ludii's optional first "
              "<siteType> argument is not supported.")
def size_group(c: CompileContext, directions: T.Direction = None, *, at: T.Site,
               if_: T.Cond = None):
    """The number of sites of the group at ``at``: the sites joined to it through
    neighbours along ``directions`` (Adjacent by default) that hold the same piece as
    ``at`` (an empty ``at``: the empty sites), or, with ``if:``, where the condition
    holds, evaluated with ``(to)`` the site examined (0 when ``at`` does not meet it).
    As in Ludii: ``(= 1 (size Group at:(last To)))``."""
    group_at, _ = _group_at(c, directions, at, if_)
    return IntV(lambda s: len(group_at(s)[0]))


@ludeme("size Territory", T.IntFn,
        ludii="The site type is the one in scope (use:); Ludii's optional first "
              "<siteType> argument is not supported. Ludii 1.0.8's way of joining empty "
              "sites is kept (see the text), so that scores are Ludii's.")
def size_territory(c: CompileContext, who: (T.Role, T.IntFn), directions: T.Direction = None):
    """A player's territory, as Ludii 1.0.8 counts it (Go's territory score). Ludii means
    the empty sites of the regions of empty sites bordered by ``who``'s pieces only, but
    its union-find keeps one list of neighbours for the whole board, and ludeme counts
    what Ludii counts: the empty sites (sites without an owned piece) are taken in site
    order; each is joined to every earlier empty site that neighbours (along
    ``directions``, Orthogonal by default) any empty site taken so far; a group whose
    last site is m then counts its own sites and the empty sites neighbouring the empty
    sites up to m, and is ``who``'s when no site neighbouring those holds another
    player's piece. On an empty board every site counts for every player. ``(size
    Territory P1)``."""
    from ludeme.ludemes.regions.around import neighbour_table

    board = c.require_board()
    nb = neighbour_table(c, tuple(directions) if directions else
                         board.directions["Orthogonal"])
    sites = board.sites[c.site_type or board.default_type]
    owner = c.pieces.owner
    player = who.fn
    n_players = c.num_players

    def fn(s):
        p = player(s)
        w = s.what
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        seen_at: dict[int, int] = {}        # site -> the step it joined the neighbours
        first_owner = [None] * (n_players + 1)  # owner -> first step seeing its piece
        empties_seen = []                    # per step: empty neighbours seen so far
        n_seen_empty = 0
        waiting: list[int] = []              # empty neighbours not yet before the step
        anchor = None
        order = []
        for k in sites:
            if owner[w[k]]:
                continue
            parent[k] = k
            order.append(k)
            for y in nb[k]:
                if y in seen_at:
                    continue
                seen_at[y] = k
                o = owner[w[y]]
                if o:
                    if first_owner[o] is None:
                        first_owner[o] = k
                else:
                    n_seen_empty += 1
                    waiting.append(y)
            empties_seen.append(n_seen_empty)
            # k joins every earlier empty site among the neighbours seen so far
            ready = [y for y in waiting if y < k]
            if ready:
                waiting = [y for y in waiting if y >= k]
            # (those that were before an earlier step are already one group: anchor's)
            for y in ready:
                parent[find(y)] = find(k)
            if anchor is not None:
                parent[find(anchor)] = find(k)
            if ready or anchor is not None:
                anchor = k
        step_of = {k: i for i, k in enumerate(order)}
        groups: dict[int, list[int]] = {}
        for k in order:
            groups.setdefault(find(k), []).append(k)
        total = 0
        for members in groups.values():
            last = max(members)
            if any(first_owner[o] is not None and first_owner[o] <= last
                   for o in range(1, n_players + 1) if o != p):
                continue
            own = sum(1 for x in members if not (x in seen_at and seen_at[x] <= last))
            total += empties_seen[step_of[last]] + own
        return total

    return IntV(fn)
