"""Starting positions: ``(place "King2" "d4")``, ``(place "Attacker1" {"d1" "d2"})``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV, RegionV
from ludeme.errors import suggest
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def piece_named(c: CompileContext, piece: str) -> int:
    """The id of a piece named as declared with its owner's number (``"King2"``; a
    neutral one also ``"Disc0"``), or by its kind alone when only one player has it."""
    pieces = c.pieces
    pid = pieces.named(piece)
    if not pid:
        ids = pieces.ids_of_kind(piece)
        if len(ids) != 1:
            if ids:
                c.fail(f"several players have a \"{piece}\": name one, e.g. "
                       f"\"{pieces.names[ids[0]]}\"")
            c.fail(f"no piece \"{piece}\"", suggest(piece, pieces.names[1:])
                   or "pieces: " + ", ".join(pieces.names[1:]))
        pid = ids[0]
    return pid


@ludeme("place", T.Effect,
        ludii="rotation:, invisibleTo: and maskedTo: are not supported.")
def place(c: CompileContext, piece: T.Str, site_type: T.SiteType = None,
          where: (T.Str, T.Region) = None, *, coord: T.Str = None, count: T.Int = 1,
          state: T.Int = 0):
    """Put a piece on each site of a region (in ``(start ...)``). The piece is named as
    declared with its owner's number (``"King2"``), or by its kind alone when only one
    player has that kind. The sites are a region, a site (``5``, ``"A1"``), a list of
    them, or ``coord:"A1"``; a string may also name a region of the equipment, or a
    hand: ``(place "Disc1" "Hand1" count:2)`` puts two in player 1's hand, and ``(place
    "Disc" "Hand" count:3)`` three of each player's discs in that player's hand (the
    first site of it nothing was placed on yet), as Ludii names its containers
    (``"Hand"`` + the owner's number, ``"Hand0"`` the shared hand). ``count:`` puts that
    many on each site (a site then holds a count of identical pieces). ``state:`` gives
    each the state value (Ludii's local state: the side a double-sided disc shows), as
    in ``(place "Disc0" (sites Centre) state:1)``. A site that already holds a piece
keeps it, as in Ludii. Ludii: ``(place <string> [<string>]
    [<siteType>] [<intFunction> | <regionFunction> | {<string>}] [coord:<string>]
    [count:<int>] [state:<int>] ...)``."""
    if isinstance(where, str):
        from ludeme.compile.values import IntV
        from ludeme.ludemes.containers.hands import fill_hands, first_unbound, hand_of_container

        hand = hand_of_container(c, where)
        if hand is not None:
            if hand.many is not None and not any(ch.isdigit() for ch in piece):
                return fill_hands(c, piece, hand, lambda p: first_unbound(c, p),
                                  IntV.of(count))
            if hand.many is not None:
                c.fail(f"\"{piece}\" is one player's piece: name its hand (\"Hand1\", ...)")
            return fill_hands(c, piece, hand, lambda p: 0, IntV.of(count))
        if where in c.regions:
            where = c.regions[where][1]
        else:
            where = RegionV.of((c.site_of(where, site_type),))
    if coord is not None:
        if where is not None:
            c.fail("(place ...) takes its sites once: a region or coord:")
        where = RegionV.of((c.site_of(coord, site_type),))
    if where is None:
        c.fail("(place ...) needs the sites to place on", 'e.g. (place "Disc1" coord:"A1")')
    pid = piece_named(c, piece)
    z = c.game.zobrist
    if count != 1:
        if count < 1:
            c.fail(f"(place ...) puts at least one piece, not count:{count}")
        from ludeme.ludemes.containers.counts import enable_counts

        enable_counts(c)
        put_count, sites_of_count, n = c.game.set_count, where.fn, count

        def fn(s):
            for x in list(sites_of_count(s)):
                put_count(s, x, n, pid)
    elif where.static is not None:
        sites = where.static

        def fn(s):
            w = s.what
            for x in sites:
                if not w[x]:  # as Ludii's ActionAdd, a piece already there stays
                    w[x] = pid
                    s.occ = None  # runtime.occupancy: not kept here
                    s.hash ^= z[x][pid]
    else:
        region = where.fn

        def fn(s):
            w = s.what
            for x in list(region(s)):
                if not w[x]:
                    w[x] = pid
                    s.occ = None  # runtime.occupancy: not kept here
                    s.hash ^= z[x][pid]

    if state:
        from ludeme.ludemes.containers.site_states import enable_site_state

        enable_site_state(c)
        put, place_pieces, sites_of = c.game.set_site_state, fn, where.fn

        def fn(s):
            place_pieces(s)
            for x in list(sites_of(s)):
                put(s, x, state)

    return EffectV(fn)


@ludeme("set", T.Effect)
def set_role_sites(c: CompileContext, role: T.Role, site_type: T.SiteType = None,
                   where: (T.Region, T.ListOf(T.Int)) = None):
    """In ``(start ...)``: put a piece of ``role`` on each site of ``where``, as
    Ludii's ``(set P1 Vertex (sites {0 5 6}))``: the piece whose number is the
    player's (``P1``: the first piece declared), for ``Neutral`` the first piece owned
    by no player, for ``Shared`` the first owned by all."""
    pieces = c.pieces
    if role.name == "Neutral":
        pid = next((i for i in range(1, len(pieces.names)) if pieces.owner[i] == 0), 0)
    elif role.name in ("Shared", "All"):
        shared = c.num_players + 1
        pid = next((i for i in range(1, len(pieces.names)) if pieces.owner[i] == shared), 0)
    elif role.const is not None and 0 < role.const < len(pieces.names):
        pid = role.const
    else:
        pid = 0
    if not pid:
        c.fail(f"(set {role.name} ...) has no piece to put: Ludii puts piece number "
               "n for player n, the first unowned piece for Neutral")
    if where is None:
        c.fail(f"(set {role.name} ...) needs the sites")
    if isinstance(where, (list, tuple)):
        where = RegionV.of(tuple(c.site_of(x, site_type) for x in where))
    return place(c, pieces.names[pid], site_type, where)
