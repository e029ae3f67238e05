"""Regions read from one player's pieces site by site, kept on the state from move to
move (``RegionV.per_owned``): ``(sites Occupied Mover Edge)``, the points its edges
reach (``(sites Incident Vertex of:Edge at:(sites Occupied Mover Edge))``), the union
of such regions (a line-drawing player's tree: its origins and every point its edges
reach).

Such a region lists, for each site x of a fixed sequence holding a piece of the player,
the sites ``contrib[x]``, each once, at its first occurrence; a union lists its parts'
sites one part after the other, each once. Every site y listed then has a key, the
first place it occurs: (the part, x's place in the part's sequence, y's place in
``contrib[x]``) as one integer, and the region is its sites sorted by key. The state
keeps, per player, the keys in order and the sites beside them, and the board's bytes
(over the sites the parts read) it last read them from. When a region is asked for, the
board's bytes are compared with those: a piece put on an empty site adds that site's
contributions to its owner's lists (a site not listed yet goes in at its key, one listed
with a larger key moves up), in C (``bisect``, ``list.insert``); any other change (a
piece taken off or replaced) rebuilds the lists from the board. The lists are a
function of the board alone, so no hash or move history is trusted. Same sites, in the
same order, as listing the region afresh.
"""

from __future__ import annotations

from bisect import bisect_left

#: keep regions read from one player's pieces on the state (False: list them afresh from
#: the board each time; tests compare the two)
KEPT_OWNED = True
#: a kept region over the whole board (a list) finds the sites changed since it was last
#: brought up to date among those the moves played since then say they write
#: (``act.writes``), checked by comparing the board with the list it was last read into
#: with those sites as they are now, before turning the board into bytes and diffing it
#: whole (False: always diffed; tests compare the two)
WRITES_FIRST = True
#: at most this many moves' writes are looked at (more: the whole board is diffed)
WRITES_FIRST_MOVES = 8
#: with ``WRITES_FIRST``, when one move was played since the region was last brought up
#: to date, its writes are put into the board kept (a list, copied with the state) in
#: place, without a copy of it; a change the lists cannot take in (a piece taken off or
#: replaced, one elsewhere) makes them afresh from the board (False: the board kept is
#: copied and compared first; tests compare the two)
IN_PLACE = True
#: another part's data derived from the board (e.g. the path walks' masks of drawn edges)
#: kept beside a kept region and brought up to date in the same pass over the last move's
#: writes (``follow``; False: the data keeps its own board; tests compare the two)
FOLLOWED = True
#: ``with_members`` hands its caller the region's live list and dict (to read before the
#: state changes, never to change) instead of copies (False: copies; tests compare them)
LIVE_MEMBERS = True


def writes_since(history: list, k: int, most: int) -> list | None:
    """The sites each move played after the first ``k`` of ``history`` says it writes
    (``act.writes``), one sequence a move; None when a move does not say, ``k`` is not a
    point of this history, or more than ``most`` moves were played since: a board kept
    as it was after move ``k`` then differs from the state's only at these sites, if
    nothing else changed it (the caller compares the two whole)."""
    n = len(history)
    if not 0 <= k <= n or n - k > most:
        return None
    writes = []
    for i in range(k, n):
        sites = getattr(history[i].act, "writes", None)
        if sites is None:
            return None
        writes.append(sites)
    return writes


def _role_key(part: tuple):
    role = part[0]
    return None if role is None or role.startswith("(") else role


def one_player(parts: list) -> bool:
    """Whether regions with these ``per_owned`` (None: not such a region) are all read
    from the pieces of one player, named alike (``Mover``, ``P1``, ...)."""
    if not parts or any(p is None for p in parts):
        return False
    role = _role_key(parts[0])
    return role is not None and all(_role_key(p) == role for p in parts)


def kept_region(game, owner: list[int], parts: list[tuple], plain):
    """A ``RegionV``'s (fn, contains, with_members) for the union of ``parts`` (each a
    ``per_owned`` tuple, ``contrib`` a dict, of one player named alike), kept on the state; ``plain(s)``
    lists it afresh (used when the board holds values beyond a byte). None when the
    parts read no site."""
    who = parts[0][1]
    firsts = [min(p[2]) for p in parts if p[2]]
    if not firsts:
        return None
    first = min(firsts)
    stop = max(max(p[2]) for p in parts if p[2]) + 1
    # per site of the span: ((key, y), ...) its contributions, keys ascending per site
    width = max((len(ys) for p in parts for ys in p[3].values()), default=1) + 1
    span = stop - first
    whole = first == 0  # read the board's list whole when it holds no other site
    adds: list[tuple | None] = [None] * span
    for k, (_, _, sites, contrib) in enumerate(parts):
        for pos, x in enumerate(sites):
            ys = contrib.get(x)
            if not ys:
                continue
            got = [((k * span + pos) * width + i, y) for i, y in enumerate(ys)]
            adds[x - first] = tuple(adds[x - first] or ()) + tuple(got)
    n_owners = max(owner) + 1 if owner else 1
    writes_first, most = WRITES_FIRST and whole, WRITES_FIRST_MOVES

    # data another part keeps beside the region (``follow``): (make, on_put, copy)
    follower: list = []

    def fresh():
        # [the board's bytes read, per owner [keys, sites, site -> key]]
        # (and how many moves the history held then: WRITES_FIRST; a follower's data)
        return [b"\0" * span, [[[], [], {}, 0] for _ in range(n_owners)], -1, None]

    def copy(a):
        board, data = a[0], a[3]
        return [board[:] if type(board) is list else board,
                [[k[:], v[:], d.copy(), b] for k, v, d, b in a[1]], a[2],
                follower[2](data) if data is not None else None]

    slot = game.add_aux(fresh, copy)

    def add(lists, j, pid):
        contributions = adds[j]
        if contributions is None:
            return
        kept = lists[owner[pid]]
        keys, vals, at, _ = kept
        for key, y in contributions:
            old = at.get(y)
            if old is not None:
                if old < key:
                    continue
                i = bisect_left(keys, old)
                del keys[i]
                del vals[i]
            else:
                kept[3] |= 1 << y
            i = bisect_left(keys, key)
            keys.insert(i, key)
            vals.insert(i, y)
            at[y] = key

    def written(s, kept):
        """(places, the board as a list) when the board (a list) differs from the one
        it was last read from (``kept[0]``, bytes or a list) only at sites the moves
        played since then say they write (places: where it does); None when that is not
        known."""
        writes = writes_since(s.history, kept[2], most)
        if writes is None:
            return None
        what = s.what
        board = kept[0]
        board = board[:] if type(board) is list else list(board)
        places = []
        for sites in writes:
            for j in sites:
                x = what[j]
                if x != board[j]:
                    if not 0 <= x < 256:
                        return None
                    board[j] = x
                    places.append(j)
        return (places, board) if board == what else None

    def sync(s):
        """The lists brought up to date with the board; None when it holds values
        beyond a byte."""
        kept = s.aux[slot]
        what = s.what
        listed = writes_first and type(what) is list and len(what) == stop
        if listed:
            board = kept[0]
            if IN_PLACE and type(board) is list and kept[2] == len(s.history) - 1:
                # one move since: its writes brought in place into the board kept and
                # the lists, then the board compared whole
                sites = getattr(s.history[-1].act, "writes", None)
                if sites is not None:
                    lists = kept[1]
                    for j in sites:
                        x = what[j]
                        if x != board[j]:
                            if board[j] or not 0 < x < 256:
                                break
                            board[j] = x
                            add(lists, j, x)
                            if kept[3] is not None:
                                follower[1](kept[3], j)
                    else:
                        if board == what:
                            kept[2] += 1
                            return lists
                    # out of step with the board: made afresh from it below
                    kept[0] = b"\0" * span
                    kept[1] = [[[], [], {}, 0] for _ in range(n_owners)]
                    kept[3] = None
            found = written(s, kept)
            if found is not None:
                places, board = found
                kept[2] = len(s.history)
                if not places:
                    return kept[1]
                old = kept[0]
                for j in places:
                    if old[j]:
                        break
                else:
                    lists = kept[1]
                    for j in places:
                        add(lists, j, board[j])
                    kept[0] = board
                    kept[3] = None
                    return lists
        try:
            raw = bytes(what) if whole and len(what) == stop else bytes(what[first:stop])
        except (ValueError, TypeError):
            return None
        old = kept[0]
        if type(old) is list:
            old = bytes(old)
        kept[2] = len(s.history)
        if raw == old:
            return kept[1]
        kept[3] = None
        lists = kept[1]
        diff = int.from_bytes(raw, "little") ^ int.from_bytes(old, "little")
        changed = []
        while diff:
            j = ((diff & -diff).bit_length() - 1) >> 3
            diff &= ~(0xFF << (j << 3))
            if old[j]:
                changed = None
                break
            changed.append(j)
        if changed is None:
            lists = kept[1] = [[[], [], {}, 0] for _ in range(n_owners)]
            changed = [j for j in range(span) if raw[j]]
        for j in changed:
            add(lists, j, raw[j])
        kept[0] = raw
        return lists

    def fn(s):
        lists = sync(s)
        if lists is None:
            return plain(s)
        p = who(s)
        return tuple(lists[p][1]) if 0 <= p < n_owners else ()

    def members(s, lists):
        if lists is None:
            sites = plain(s)
            return sites, set(sites)
        p = who(s)
        if not 0 <= p < n_owners:
            return (), set()
        kept = lists[p]
        if LIVE_MEMBERS:
            return kept[1], kept[2]
        return tuple(kept[1]), kept[2].copy()

    def with_members(s):
        return members(s, sync(s))

    def follow(make, on_put, copy_data, size: int, bits: bool = False):
        """Data kept beside the region on each state, brought up to date with it
        (``FOLLOWED``): ``make(what)`` makes it from the board, ``on_put(data, j)`` when
        a piece is put on the empty site j, ``copy_data`` copies it with the state. Returns
        ``with_members_and(s)``: ``with_members(s)`` and the data as the board is now
        (with ``bits``, then the members as an integer too: bit x for site x); None when
        the region has a follower already, does not read the whole board (``size``
        sites), or ``FOLLOWED`` is off."""
        if follower or not FOLLOWED or not writes_first or stop != size:
            return None
        follower.extend((make, on_put, copy_data))

        def with_members_and(s):
            lists = sync(s)
            if lists is None:
                return (*members(s, None), make(s.what))
            kept = s.aux[slot]
            data = kept[3]
            if data is None:
                data = kept[3] = make(s.what)
            return (*members(s, lists), data)

        if not bits:
            return with_members_and

        def with_members_bits(s):
            lists = sync(s)
            if lists is None:
                sites, inset = members(s, None)
                return sites, inset, make(s.what), sum(1 << x for x in inset)
            kept = s.aux[slot]
            data = kept[3]
            if data is None:
                data = kept[3] = make(s.what)
            p = who(s)
            if not 0 <= p < n_owners:
                return (), set(), data, 0
            mine = lists[p]
            if LIVE_MEMBERS:
                return mine[1], mine[2], data, mine[3]
            return tuple(mine[1]), mine[2].copy(), data, mine[3]

        return with_members_bits

    with_members.follow = follow

    def contains(s, x):
        lists = sync(s)
        if lists is None:
            return x in plain(s)
        p = who(s)
        return 0 <= p < n_owners and x in lists[p][2]

    return fn, contains, with_members
