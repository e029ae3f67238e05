"""Regions: sets of sites, fixed (tables) or read from the state."""

from __future__ import annotations

from itertools import compress

from ludeme.board.graph import DIRECTIONS
from ludeme.compile import ownedregions
from ludeme.compile.compiler import CompileContext, looks_like_label, union_regions
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def _type(c: CompileContext, t: str | None) -> str:
    board = c.require_board()
    t = t or c.site_type or board.default_type
    if t not in board.use:
        c.fail(f"the board does not use {t.lower()}s", "add it to the board's use:")
    return t


@ludeme("sites", T.Region)
def sites_given(c: CompileContext, region: T.Region):
    """Sites given by label (``(sites {"a1" "g7"})``), or a named region
    (``(sites "Throne")``) when the string names one."""
    return region


@ludeme("sites", T.Region)
def sites_named(c: CompileContext, name: T.Str):
    """A region declared with ``(regions "Name" ...)``."""
    if name in c.regions:
        return c.regions[name][1]
    if not looks_like_label(name):
        return c.no_region(name)   # empty, as in Ludii, with a warning
    return RegionV.of((c.site_of(name),))


@ludeme("sites", T.Region)
def sites_of_player(c: CompileContext, who: T.Role, name: T.Str = None):
    """The sites of the regions a player owns (declared with ``(regions P1 ...)``):
    ``(sites Mover)``, ``(sites Next)``, ``(sites P2)``; none when the player has no
    region. With a name, only the player's regions whose name contains it, as Ludii
    matches them: ``(sites Mover "Promotion")`` after ``(regions "Promotion" P1 ...)``
    and ``(regions "Promotion" P2 ...)``."""
    if name is None:
        owned = {p: union_regions(list(rs)) for p, rs in c.player_regions.items() if rs}
    else:
        found: dict[int, list[RegionV]] = {}
        for rname, owner, region in getattr(c, "region_list", []):
            if name in rname:
                found.setdefault(owner, []).append(region)
        if not found:
            from ludeme.errors import suggest

            c.fail(f"no region named '{name}'",
                   suggest(name, [r for r, _, _ in getattr(c, "region_list", [])]))
        owned = {p: union_regions(rs) for p, rs in found.items()}
    none = RegionV.of(())
    if who.const is not None:
        return owned.get(who.const, none)
    per = [owned.get(p, none) for p in range(c.num_players + 1)]
    player = who.fn
    if all(r.static is not None for r in per):
        # every player's region is fixed (as mancalas' rows are): the player's tuple,
        # read with one call
        tups = tuple(r.static for r in per)
        sets = tuple(frozenset(t) for t in tups)
        if who.name == "Mover":
            return RegionV(lambda s: tups[s.who], None, lambda s, x: x in sets[s.who])
        return RegionV(lambda s: tups[player(s)], None, lambda s, x: x in sets[player(s)])
    fns = [r.fn for r in per]
    tests = [r.member() for r in per]
    return RegionV(lambda s: fns[player(s)](s), None, lambda s, x: tests[player(s)](s, x))


@ludeme("sites Board", T.Region)
def sites_board(c: CompileContext, site_type: T.SiteType = None):
    """Every site of the board (of the given type)."""
    return RegionV.of(c.require_board().sites[_type(c, site_type)])


@ludeme("sites Empty", T.Region)
def sites_empty(c: CompileContext, site_type: T.SiteType = None):
    """The sites with no piece on them."""
    all_sites = c.require_board().sites[_type(c, site_type)]
    first, stop = all_sites[0], all_sites[-1] + 1

    def fn(s):
        w = s.what
        return [x for x in all_sites if not w[x]]

    by_piece = (bytes([1] + [0] * (len(c.pieces.names) - 1)), first, stop) \
        if len(all_sites) == stop - first else None
    # a site off the range (a hand's, End, Off) is not one of them
    return RegionV(fn, None, lambda s, x: first <= x < stop and not s.what[x],
                   _type(c, site_type), (first, stop),
                   by_piece=by_piece)


@ludeme("sites Occupied", T.Region)
def sites_occupied(c: CompileContext, who: T.Role = None, site_type: T.SiteType = None, *,
                   by: T.Role = None, component: (T.Str, T.ListOf(T.Str)) = None,
                   components: T.ListOf(T.Str) = None,
                   container: (T.Str, T.IntFn) = None, top: T.Bool = True):
    """The sites holding a piece (of the players ``by:`` names when given, as Ludii writes
    it: ``(sites Occupied by:Mover)``, ``by:All`` for anyone's, shared pieces (mancala
    seeds) included, as in Ludii; of the pieces whose name
    contains one of ``component:``/``components:``, as Ludii matches them: ``(sites
    Occupied component:"Null")``). ``container:`` picks the container, by Ludii's name
    (``"Board"``, ``"Hand"``: the hand of the ``by:`` player, ``"Hand2"``) or number (0
    the board, then the hands in the order the equipment declares them:
    ``container:(mover)``); a hand's sites count as occupied when they hold a piece.
    Without it, the board's sites. ludeme also accepts the player first: ``(sites
    Occupied Mover)``. In a game with stacks a site counts by its top piece, or with
    ``top:False`` by any piece of its stack."""
    if components is not None:
        if component is not None:
            c.fail("(sites Occupied ...) names its pieces once: component: or components:")
        component = list(components)
    if container is not None and container != "Board":
        return _occupied_in_hands(c, by if by is not None else who, component, container)
    if who is not None and by is not None:
        c.fail("(sites Occupied ...) names the players once: by:<role>")
    by = by if by is not None else who
    if by is not None and by.name == "All" and component is None:
        by = None  # as in Ludii, All's pieces are the players' and the shared ones
    all_sites = c.require_board().sites[_type(c, site_type)]
    owner = c.pieces.owner
    if not getattr(top, "value", top) and getattr(c, "uses_stacks", False):
        return _occupied_at_any_level(c, all_sites, by, component)
    if component is not None:
        # piece id -> does it count, so that the scan is one table lookup per site
        ok = _named_pieces(c, component)
        if by is not None:
            many = by.players()
            return RegionV(lambda s: [x for x in all_sites if ok[s.what[x]]
                                      and owner[s.what[x]] in many(s)], None,
                           lambda s, x: ok[s.what[x]] and owner[s.what[x]] in many(s))

        def fn_kind(s):
            w = s.what
            return [x for x in all_sites if ok[w[x]]]

        first, stop = all_sites[0], all_sites[-1] + 1
        return RegionV(fn_kind, None, lambda s, x: ok[s.what[x]],
                       by_piece=(bytes(ok), first, stop)
                       if len(all_sites) == stop - first else None)
    if by is None:
        first, stop = all_sites[0], all_sites[-1] + 1
        return RegionV(lambda s: [x for x in all_sites if s.what[x]], None,
                       lambda s, x: s.what[x] != 0,
                       by_piece=(bytes([0] + [1] * (len(c.pieces.names) - 1)), first, stop)
                       if len(all_sites) == stop - first else None)
    players = by.players()

    def fn(s):
        ps = players(s)
        w = s.what
        return [x for x in all_sites if w[x] and owner[w[x]] in ps]

    first, stop = all_sites[0], all_sites[-1] + 1
    n_pieces = len(c.pieces.names)
    if by.many is None and len(all_sites) == stop - first and n_pieces <= 256:
        # one player's sites: the pieces of the range translated to 1 for theirs and
        # 0 otherwise, then the sites picked, in C (bytes.translate, itertools.compress)
        one = by.fn
        mine = [bytes([0] + [int(owner[pid] == p) for pid in range(1, n_pieces)])
                + bytes(256 - n_pieces)
                for p in range(max(c.num_players, *owner[1:n_pieces], 0) + 1)]

        def owned(s):
            p = one(s)
            if not 0 <= p < len(mine):
                return []
            return list(compress(all_sites, bytes(s.what[first:stop]).translate(mine[p])))
        per_owned = (by.name, one, tuple(all_sites), {x: (x,) for x in all_sites})
    else:
        owned = fn
        per_owned = None

    return RegionV(owned, None, lambda s, x: s.what[x] != 0 and owner[s.what[x]] in players(s),
                   per_owned=per_owned)


def _named_pieces(c: CompileContext, component) -> list[bool]:
    """Per piece id, whether its name contains one of the names (Ludii's matching of
    ``component:``: ``"Pawn"`` is every player's pawn)."""
    names = [component] if isinstance(component, str) else list(component)
    pieces = c.pieces
    for k in names:
        if not any(k in n for n in pieces.names[1:]):
            from ludeme.errors import suggest

            c.fail(f"no piece '{k}' in the equipment", suggest(k, pieces.kind_names))
    return [i > 0 and any(k in pieces.names[i] for k in names)
            for i in range(len(pieces.names))]


def _occupied_in_hands(c: CompileContext, by, component, container) -> RegionV:
    """``(sites Occupied ... container:...)`` for a hand: its sites holding pieces (of the
    named pieces), of the hands the container names."""
    from ludeme.ludemes.containers.hands import hand_layout, hand_of_container

    layout = hand_layout(c)
    order = list(layout.first)  # the hands in declaration order: containers 1, 2, ...
    if isinstance(container, str):
        role = hand_of_container(c, container)
        if role is None:
            c.fail(f"no container '{container}'", "Ludii's names: \"Board\", \"Hand\", "
                   "\"Hand1\", ...")
        if role.many is not None:  # "Hand": the hand of the by: player
            if by is None:
                c.fail('container:"Hand" needs by:<player> (whose hand)')
            role = by
        owner = role.fn
        hand_sites = [layout.sites(p) for p in range(c.num_players + 1)]

        def sites_of(s):
            p = owner(s)
            return hand_sites[p] if 0 <= p < len(hand_sites) else ()
    else:
        index = container.fn
        per = [()] + [layout.sites(p) for p in order]

        def sites_of(s):
            i = index(s)
            return per[i] if 0 < i < len(per) else ()
    kinds = None
    if component is not None:
        ok = _named_pieces(c, component)
        pieces = c.pieces
        kinds = {pieces.kind_index(pieces.kinds[i]) for i in range(1, len(ok)) if ok[i]}
    base, kind_of, hand_owner = layout.base, layout.kind, layout.owner
    players = by.players() if by is not None else None

    def fn(s):
        held = s.hand
        got = []
        for x in sites_of(s):
            i = x - base
            k, p = kind_of[i], hand_owner[i]
            if k >= 0 and held[p][k] > 0 and (kinds is None or k in kinds) and \
                    (players is None or p in players(s)):
                got.append(x)
        return got

    return RegionV(fn, None, lambda s, x: x in fn(s))
def _occupied_at_any_level(c: CompileContext, all_sites, by, component) -> RegionV:
    """``(sites Occupied top:False)``: the sites with a piece of the players (and kinds)
    asked for at any level of their stack."""
    from ludeme.ludemes.containers.stacks import pieces_on

    ok = _named_pieces(c, component) if component is not None else \
        [i > 0 for i in range(len(c.pieces.names))]
    owner = c.pieces.owner
    players = by.players() if by is not None else None

    def fn(s):
        ps = players(s) if players is not None else None
        return [x for x in all_sites
                if any(ok[p] and (ps is None or owner[p] in ps) for p in pieces_on(s, x))]

    return RegionV(fn)


@ludeme("sites ToClear", T.Region)
def sites_to_clear(c: CompileContext):
    """The sites of the pieces captured this turn with ``(remove ... at:EndOfTurn)`` and
    still on the board until the turn ends (none otherwise). Ludii: ``(sites
    ToClear)``."""
    from ludeme.compile.removals import to_clear_slot

    slot = to_clear_slot(c)
    return RegionV(lambda s: tuple(s.aux[slot]), None, lambda s, x: x in s.aux[slot])


def _static(c: CompileContext, name: str, table: dict, site_type):
    return RegionV.of(table[_type(c, site_type)])


@ludeme("sites Perimeter", T.Region)
def sites_perimeter(c: CompileContext, site_type: T.SiteType = None):
    """The sites on the edge of the board (cells with a side on the outline)."""
    return _static(c, "Perimeter", c.require_board().perimeter, site_type)


@ludeme("sites Corners", T.Region)
def sites_corners(c: CompileContext, site_type: T.SiteType = None):
    """The corner sites of the board (where the outline turns sharply, as Ludii finds
    them)."""
    return _static(c, "Corners", c.require_board().corners, site_type)


@ludeme("sites Centre", T.Region)
def sites_centre(c: CompileContext, site_type: T.SiteType = None):
    """The site(s) in the middle of the board (nearest to every outline site and corner
    together, Ludii's rule)."""
    return _static(c, "Centre", c.require_board().centre, site_type)


def _named(c: CompileContext, name: str, site_type) -> RegionV:
    return RegionV.of(c.require_board().regions[_type(c, site_type)][name])


@ludeme("sites Top", T.Region)
def sites_top(c: CompileContext, site_type: T.SiteType = None):
    """The sites level with the highest one (Ludii's top row, whatever the tiling)."""
    return _named(c, "Top", site_type)


@ludeme("sites Bottom", T.Region)
def sites_bottom(c: CompileContext, site_type: T.SiteType = None):
    """The sites level with the lowest one."""
    return _named(c, "Bottom", site_type)


@ludeme("sites Left", T.Region)
def sites_left(c: CompileContext, site_type: T.SiteType = None):
    """The sites as far left as the leftmost one."""
    return _named(c, "Left", site_type)


@ludeme("sites Right", T.Region)
def sites_right(c: CompileContext, site_type: T.SiteType = None):
    """The sites as far right as the rightmost one."""
    return _named(c, "Right", site_type)


@ludeme("sites Outer", T.Region)
def sites_outer(c: CompileContext, site_type: T.SiteType = None):
    """The sites touching the board's outline (a cell with a corner on it counts)."""
    return _named(c, "Outer", site_type)


@ludeme("sites Inner", T.Region)
def sites_inner(c: CompileContext, site_type: T.SiteType = None):
    """The sites that are not outer."""
    return _named(c, "Inner", site_type)


@ludeme("sites ConvexCorners", T.Region)
def sites_convex(c: CompileContext, site_type: T.SiteType = None):
    """The corners that stick out."""
    return _named(c, "CornersConvex", site_type)


@ludeme("sites ConcaveCorners", T.Region)
def sites_concave(c: CompileContext, site_type: T.SiteType = None):
    """The corners that point in (on boards with notches)."""
    return _named(c, "CornersConcave", site_type)


@ludeme("sites Major", T.Region)
def sites_major(c: CompileContext, site_type: T.SiteType = None):
    """The cells with the most sides (the octagons of a 4.8.8 tiling)."""
    return _named(c, "Major", site_type)


@ludeme("sites Minor", T.Region)
def sites_minor(c: CompileContext, site_type: T.SiteType = None):
    """The cells with fewer sides than the most."""
    return _named(c, "Minor", site_type)


@ludeme("sites Phase", T.Region)
def sites_phase(c: CompileContext, phase: T.Int, site_type: T.SiteType = None):
    """The sites of one colour (0 to 3) of the board's chequering, as Ludii colours
    them: neighbours get different phases (a chessboard's dark squares are phase 0)."""
    phases = c.require_board().phases[_type(c, site_type)]
    if not 0 <= phase < 4:
        c.fail(f"phase {phase} does not exist (phases 0 to 3)")
    return RegionV.of(phases[phase])


@ludeme("sites Side", T.Region)
def sites_side(c: CompileContext, direction: T.Direction, site_type: T.SiteType = None):
    """The sites of one side of the board, as Ludii finds them: the outline is cut at
    its corners into runs, and each run is named by the compass point it lies in seen
    from the middle of the board (a hex rhombus has sides NE, SE, SW and NW)."""
    board = c.require_board()
    t = _type(c, site_type)
    out = []
    for d in direction:
        if d not in DIRECTIONS:
            c.fail(f"(sites Side ...) takes a compass direction, not {d}")
        out += board.side(t, d)
    return RegionV.of(out)


def _line(c: CompileContext, lines, index, what: str) -> RegionV:
    """Row or column ``index`` of ``lines``: fixed when the number is, else looked up in
    each position (no site when the number is off the board)."""
    if index.const is not None:
        if not 0 <= index.const < len(lines):
            c.fail(f"{what} {index.const} is not on the board ({what}s 0 to {len(lines) - 1})")
        return RegionV.of(lines[index.const])
    fn, n = index.fn, len(lines)
    members = [frozenset(line) for line in lines]

    def sites(s):
        i = fn(s)
        return lines[i] if 0 <= i < n else ()

    def contains(s, x):
        i = fn(s)
        return 0 <= i < n and x in members[i]

    return RegionV(sites, None, contains)


@ludeme("sites Row", T.Region)
def sites_row(c: CompileContext, row: T.IntFn, site_type: T.SiteType = None):
    """The sites of one row, counted from 0 at the bottom (Ludii's rows: on a hex
    rhombus they run up to the right). The number may be worked out in play: ``(sites
    Row (/ (count Rows) 2))``."""
    return _line(c, c.require_board().rows[_type(c, site_type)], row, "row")


@ludeme("sites Column", T.Region)
def sites_column(c: CompileContext, column: T.IntFn, site_type: T.SiteType = None):
    """The sites of one column, counted from 0 at the left (Ludii's columns). The number
    may be worked out in play."""
    return _line(c, c.require_board().columns[_type(c, site_type)], column, "column")


@ludeme("sites Drop", T.Region)
def sites_drop(c: CompileContext, direction: T.Direction = ("S",), site_type: T.SiteType = None):
    """Where a piece dropped in lands under gravity pulling towards ``direction``: in each
    line of sites running that way, the last empty site before an occupied one or the
    edge (the columns of a game where pieces drop)."""
    board = c.require_board()
    t = _type(c, site_type)
    if len(direction) != 1:
        c.fail("(sites Drop ...) takes one direction")
    d = direction[0]
    step = board.step["Adjacent"][d]
    sites = board.sites[t]
    # lines from the far end ("top") to the landing end, each listed bottom first
    heads = [x for x in sites if not any(step[y] == x for y in sites)]
    lines = []
    for h in heads:
        line, cur = [], h
        while cur >= 0:
            line.append(cur)
            cur = step[cur]
        lines.append(tuple(reversed(line)))

    def fn(s):
        w = s.what
        out = []
        for line in lines:
            for x in line:
                if not w[x]:
                    out.append(x)
                    break
        return out

    return RegionV(fn, None, None, t, only_empty=True, lowest_empty=tuple(lines))


@ludeme("union", T.Region)
def union(c: CompileContext, *regions: T.Region):
    """The sites in any of the regions."""
    parts = [r.per_owned for r in regions]
    if ownedregions.KEPT_OWNED and ownedregions.one_player(parts):
        return kept_owned(c, parts, union_regions(list(regions)))
    return union_regions(list(regions))


def kept_owned(c: CompileContext, parts: list[tuple], plain: RegionV) -> RegionV:
    """``plain`` (read from one player's pieces site by site: ``per_owned`` ``parts``)
    kept on the state from move to move (``ludeme.compile.ownedregions``)."""
    kept = ownedregions.kept_region(c.game, c.pieces.owner, parts, plain.fn)
    if kept is None:
        return plain
    fn, contains, with_members = kept
    return RegionV(fn, None, contains, plain.site_type, with_members=with_members)


@ludeme("difference", T.Region)
def difference(c: CompileContext, region: T.Region, minus: T.Region):
    """The sites of ``region`` that are not in ``minus``."""
    if region.static is not None and minus.static is not None:
        drop = set(minus.static)
        return RegionV.of([x for x in region.static if x not in drop])
    fn, test = region.fn, minus.member()
    inside = region.member()
    if region.static is not None and minus.by_piece is not None and \
            sorted(set(region.static)) == list(range(*minus.by_piece[1:])):
        # every site of a range but those whose piece ``minus`` reads: read from the piece
        # too (the sites that are not holes), so that a condition can tell a site's
        # membership from the piece put on it
        table, first, stop = minus.by_piece
        kept = bytes(not t for t in table)
        sites = tuple(dict.fromkeys(region.static))      # in the region's order

        def read(s):
            w = s.what
            return [x for x in sites if kept[w[x]]]

        return RegionV(read, None, lambda s, x: first <= x < stop and kept[s.what[x]],
                       by_piece=(kept, first, stop))
    if minus.static is not None:
        drop = frozenset(minus.static)
        return RegionV(lambda s: [x for x in fn(s) if x not in drop], None,
                       lambda s, x: inside(s, x) and x not in drop)
    minus_fn = minus.fn

    def listed(s):
        # one pass over ``minus`` and a set test per site: cheaper than asking ``minus``
        # about every site of ``region`` through its membership closure
        drop = set(minus_fn(s))
        return [x for x in fn(s) if x not in drop]

    return RegionV(listed, None, lambda s, x: inside(s, x) and not test(s, x))


@ludeme("intersection", T.Region)
def intersection(c: CompileContext, region: T.Region, other: T.Region):
    """The sites in both regions."""
    if region.static is not None and other.static is not None:
        keep = set(other.static)
        return RegionV.of([x for x in region.static if x in keep])
    if region.static is not None and other.by_piece is not None:
        # fixed sites read against the piece on each (the empty sites of the
        # perimeter): one table look-up per site instead of a membership call
        table, first, stop = other.by_piece
        sites = tuple(x for x in region.static if first <= x < stop)
        members = frozenset(sites)

        def by_piece(s):
            w = s.what
            return [x for x in sites if table[w[x]]]

        return RegionV(by_piece, None, lambda s, x: x in members and table[s.what[x]],
                       only_empty=other.known_empty())
    fn, test = region.fn, other.member()
    inside = region.member()

    def both(s):
        # a loop, not a comprehension: CPython 3.11 makes a function object and a frame
        # for each comprehension run, more than the few sites a region here holds cost
        out = []
        for x in fn(s):
            if test(s, x):
                out.append(x)
        return out

    return RegionV(both, None, lambda s, x: inside(s, x) and test(s, x))
