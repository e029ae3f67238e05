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
from operator import attrgetter

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
#: with ``IN_PLACE``, a region asked for with one move played since it was last brought
#: up to date (the history one longer, the board kept a list) takes that move's writes
#: first, before any other test: one comparison of the history's length, the writes
#: put in place (a piece put on an empty site), the lists' contributions added in one
#: call, then the board compared whole (anything else: the general path; False: the
#: general path's tests first; tests compare the two)
ONE_MOVE_FIRST = True
#: another part's data derived from the board (e.g. the path walks' masks of drawn edges)
#: kept beside a kept region and brought up to date in the same pass over the last move's
#: writes (``follow``; False: the data keeps its own board; tests compare the two)
FOLLOWED = True
#: with ``FOLLOWED``, the follower's data is made once from the empty board (each state
#: starts with a copy) and brought up to date along the general path wherever that only
#: puts pieces on empty sites (False: made afresh from the board after the general path;
#: tests compare the two)
FOLLOWED_ALONG = True
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


#: the roles a kept region may be read for with nothing of the state's context but the
#: mover (``State.who``): a fixed player, or the mover (``structure.MOVER_ONLY``)
_MOVER_ONLY_ROLES = frozenset({"Mover", "Shared", "Neutral", *(f"P{i}" for i in range(1, 17))})


def reads_mover_only(region) -> bool:
    """Whether the region (a ``RegionV``) reads nothing of the state but the board, the
    mover (``State.who``) and data kept from them: a fixed region, or one kept here for
    the mover or a fixed player (its function marked ``mover_only``). A listing that
    reads only such a region and the board may be marked ``mover_only`` too
    (``structure.MOVER_ONLY``)."""
    return region.static is not None or getattr(region.fn, "mover_only", False)


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
    role = parts[0][0]
    if ONE_MOVE_FIRST:
        # a list for every player the role can name (the mover, the next, a player by
        # number), none of them out of range
        n_owners = max(n_owners, game.num_players + 1,
                       int(role[1:]) + 1 if role[:1] == "P" and role[1:].isdigit() else 0)
        if role == "Mover":
            who = attrgetter("who")  # (read in C)
    writes_first, most = WRITES_FIRST and whole, WRITES_FIRST_MOVES
    # (the switches as they stand when compiling: tests compile with each on and off)
    in_place = IN_PLACE and writes_first
    move_first = ONE_MOVE_FIRST and in_place
    along_too = FOLLOWED_ALONG

    # data another part keeps beside the region (``follow``): (make, on_put, copy, the
    # data of the empty board: FOLLOWED_ALONG)
    follower: list = []
    # the follower's (plan(sites, x), apply(data, plan)): its data brought up to date with
    # a move putting x on the empty ``sites`` (``one_move``)
    moved: list = []

    def fresh():
        # [the board's bytes read, per owner [keys, sites, site -> key, sites' bits]]
        # (and how many moves the history held then: WRITES_FIRST; a follower's data;
        # the history's length at which ``sync`` takes its first path: ONE_MOVE_FIRST)
        data = follower[2](follower[3]) if len(follower) > 3 else None
        return [b"\0" * span, [[[], [], {}, 0] for _ in range(n_owners)], -1, data, -1]

    def copy(a):
        board, data = a[0], a[3]
        return [board[:] if type(board) is list else board,
                [[k[:], v[:], d.copy(), b] for k, v, d, b in a[1]], a[2],
                follower[2](data) if data is not None else None, a[4]]

    slot = game.add_aux(fresh, copy)

    def add(lists, places, values):
        """The contributions of each site j of ``places`` (offsets in the span), now
        holding the piece ``values[j]`` (not 0), added to its owner's lists (a site's
        added again, unchanged, leaves them as they are)."""
        for j in places:
            contributions = adds[j]
            if contributions is not None:
                insert(lists[owner[values[j]]], contributions)

    def insert(kept, contributions):
        """The ``(key, y)`` pairs ``contributions`` added to one owner's lists ``kept``:
        y goes in at key, or moves up to it when listed with a larger key."""
        keys, vals, at, bits = kept
        for key, y in contributions:
            if y in at:
                if at[y] <= key:
                    continue
                i = bisect_left(keys, at[y])
                del keys[i]
                del vals[i]
            else:
                bits |= 1 << y
            i = bisect_left(keys, key)
            keys.insert(i, key)
            vals.insert(i, y)
            at[y] = key
        kept[3] = bits

    # per piece value, per move's writes (``act.writes``): what putting that piece on
    # those sites, all empty before, does: (the piece, its owner, the sites'
    # contributions merged (each y once, at its least key, by key), the follower's
    # plan), or False (``one_move`` takes no such move); made when compiling for the
    # moves a part says it will play (``prepare``), else when first met
    planned: dict = {}
    limit = min(len(owner), 256)

    def prepare(sites, x):
        """``planned``'s entry for a move putting x on ``sites`` (made and kept)."""
        got = planned.setdefault(x, {})
        plan = got.get(sites)
        if plan is not None:
            return plan
        if type(x) is not int or not 0 < x < limit or not sites or min(sites) < 0 or \
                max(sites) >= span or len(set(sites)) != len(sites):
            got[sites] = False
            return False
        # (by key, each y at its least)
        merged = []
        seen = set()
        for pair in sorted([pair for j in sites for pair in adds[j] or ()]):
            if pair[1] not in seen:
                seen.add(pair[1])
                merged.append(pair)
        plan = got[sites] = (x, owner[x], tuple(merged),
                             moved[0](sites, x) if moved else None)
        return plan

    def plan_for(what, sites):
        """``prepare`` for the last move, writing ``sites`` on the board ``what`` (False:
        it names no site, or not as a tuple)."""
        if type(sites) is not tuple or not sites or not 0 <= sites[0] < len(what):
            return False
        return prepare(sites, what[sites[0]])

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

    def one_move(s, kept, sites):
        """The lists brought up to date in place from the one move played since they
        were (its writes ``sites``; the board kept a list): None, and the lists made
        afresh, when the board changed otherwise (a piece taken off or replaced, or put
        elsewhere, or the move's sites not all given one piece)."""
        what = s.what
        try:
            plan = planned[what[sites[0]]][sites]
        except (LookupError, TypeError):
            plan = plan_for(what, sites)
        if plan:
            x, o, contributions, moving = plan
            board = kept[0]
            for j in sites:
                if board[j]:
                    break
                board[j] = x
            else:
                if board == what:
                    data = kept[3]
                    if data is not None:
                        moved[1](data, moving)
                    lists = kept[1]
                    insert(lists[o], contributions)
                    if move_first:
                        kept[4] += 1  # (kept[2] is then kept[4] - 1: see ``synced``)
                    else:
                        kept[2] += 1
                    return lists
        # out of step with the board: made afresh from it by the caller
        kept[0] = b"\0" * span
        kept[1] = [[[], [], {}, 0] for _ in range(n_owners)]
        kept[3] = None
        kept[2] = kept[4] = -1
        return None

    def sync(s):
        """The lists brought up to date with the board; None when it holds values
        beyond a byte."""
        kept = s.aux[slot]
        hist = s.history
        if kept[4] == len(hist):
            # (ONE_MOVE_FIRST) one move since, the board kept a list of the whole board
            try:
                sites = hist[-1].act.writes
            except AttributeError:
                sites = None
            if sites is not None:
                lists = one_move(s, kept, sites)
                if lists is not None:
                    return lists
        lists = synced(s, kept)
        if move_first and type(kept[0]) is list:
            kept[4] = kept[2] + 1
        return lists

    def synced(s, kept):
        if kept[4] >= 0:
            # (the one-move path counts the moves in kept[4] alone)
            kept[2] = kept[4] - 1
        what = s.what
        listed = writes_first and type(what) is list and len(what) == stop
        if listed:
            if in_place and not move_first and type(kept[0]) is list and \
                    kept[2] == len(s.history) - 1:
                # one move since: its writes brought in place into the board kept and
                # the lists, then the board compared whole
                sites = getattr(s.history[-1].act, "writes", None)
                if sites is not None:
                    lists = one_move(s, kept, sites)
                    if lists is not None:
                        return lists
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
                    add(lists, places, board)
                    kept[0] = board
                    along(kept, places, board)
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
            kept[3] = None
        else:
            along(kept, changed, raw)
        add(lists, changed, raw)
        kept[0] = raw
        return lists

    def along(kept, places, board):
        """The follower's data brought up to date with pieces put on the empty sites
        ``places`` (now holding ``board[j]``; ``FOLLOWED_ALONG``; else, or over a region
        not over the whole board, it is made afresh when next asked for)."""
        data = kept[3]
        if data is not None:
            if along_too:
                put = follower[1]
                for j in places:
                    put(data, j, board[j])
            else:
                kept[3] = None

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

    def follow(make, on_put, copy_data, size: int, bits: bool = False, plan=None,
               apply=None):
        """Data kept beside the region on each state, brought up to date with it
        (``FOLLOWED``): ``make(what)`` makes it from the board, ``on_put(data, j, x)`` when
        a piece x is put on the empty site j, ``copy_data`` copies it with the state;
        ``plan(sites, x)`` (made once a move's writes) and ``apply(data, plan)`` do what
        ``on_put`` does for each of the sites, empty before, all at once (by default
        ``on_put`` site by site). Returns ``with_members_and(s)``: ``with_members(s)``
        and the data as the board is now (with ``bits``, then the members as an integer
        too: bit x for site x); None when the region has a follower already, does not
        read the whole board (``size`` sites), or ``FOLLOWED`` is off."""
        if follower or not FOLLOWED or not writes_first or stop != size:
            return None
        follower.extend((make, on_put, copy_data))
        if plan is None:
            def plan(sites, x):
                return sites, x

            def apply(data, planned):
                sites, x = planned
                for j in sites:
                    on_put(data, j, x)
        moved.extend((plan, apply))
        if along_too:
            # made once: each state starts with a copy of it, which the general
            # path brings up to date (or drops) with the lists
            follower.append(make([0] * size))

        def with_members_and(s):
            lists = sync(s)
            if lists is None:
                return (*members(s, None), make(s.what))
            kept = s.aux[slot]
            data = kept[3]
            if data is None:
                data = kept[3] = make(s.what)
            return (*members(s, lists), data)

        with_members_and.prepare = prepare
        if not bits:
            return with_members_and

        def with_members_bits(s):
            # (ONE_MOVE_FIRST: kept[4] is -1 without it) ``sync``'s first path, the
            # follower's data made
            kept = s.aux[slot]
            hist = s.history
            if kept[4] == len(hist) and (data := kept[3]) is not None:
                try:
                    sites = hist[-1].act.writes
                except AttributeError:
                    sites = None
                if sites is not None and (lists := one_move(s, kept, sites)) is not None:
                    mine = lists[who(s)]
                    if LIVE_MEMBERS:
                        return mine[1], mine[2], data, mine[3]
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

        with_members_bits.prepare = prepare
        return with_members_bits

    with_members.follow = follow
    # read for the mover or a fixed player: nothing of the context but ``State.who``
    # (``reads_mover_only``)
    fn.mover_only = parts[0][0] in _MOVER_ONLY_ROLES

    def contains(s, x):
        lists = sync(s)
        if lists is None:
            return x in plain(s)
        p = who(s)
        return 0 <= p < n_owners and x in lists[p][2]

    return fn, contains, with_members
