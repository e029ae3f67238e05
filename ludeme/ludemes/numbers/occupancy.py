"""Which piece stands where: the piece on a site, piece ids, and where a piece is
(Ludii's ``what``, ``id`` and ``where``; ``who``, ``is Friend`` and ``is Enemy`` are in
``queries``)."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV, SiteV
from ludeme.errors import suggest
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("what", T.IntFn)
def what_at(c: CompileContext, *, at: T.Site, level: T.IntFn = None):
    """The id of the piece on a site (0 when empty, or when the site is off the
    board, as ``Off``); on a hand site, the piece the hand holds there (0 when it holds
    none). Compare it with ``(id ...)``. In a game with stacks it is the top piece, or
    with ``level:`` the piece at that level (0 at the bottom, 0 when there is none):
    ``(what at:(to) level:0)``."""
    from ludeme.ludemes.moves.from_to import hand_origins

    site = at.fn
    n = c.require_board().n_sites
    if level is not None:
        from ludeme.ludemes.containers.stacks import piece_at_level

        lvl = level.fn
        return IntV(lambda s: piece_at_level(s, x, lvl(s)) if 0 <= (x := site(s)) < n else 0)
    _, hand_piece, hands = hand_origins(c)

    def what(s) -> int:
        x = site(s)
        if 0 <= x < n:
            return s.what[x]
        if hands is not None and n <= x < hands.stop and hands.count(s, x):
            return hand_piece(x)
        return 0

    return IntV(what)


def _piece_id(c: CompileContext, name: str, role) -> int:
    pieces = c.pieces
    if role is not None:
        if role.const is None:
            c.fail(f"(id \"{name}\" {role.name}): name a player, P1, P2, ...")
        pid = pieces.find(name, role.const) or _containing(pieces, name, role.const)
        if not pid:
            c.fail(f"no piece \"{name}\" of {role.name}",
                   suggest(name, pieces.kind_names) or
                   "pieces: " + ", ".join(pieces.names[1:]))
        return pid
    if name in pieces.names:
        return pieces.names.index(name)
    ids = pieces.ids_of_kind(name)
    if len(ids) == 1:
        return ids[0]
    if ids:
        c.fail(f"several players have a \"{name}\": name one, e.g. (id \"{name}\" P1) "
               f"or (id \"{pieces.names[ids[0]]}\")")
    c.fail(f"no piece \"{name}\"", suggest(name, pieces.names[1:] + pieces.kind_names))
    raise AssertionError


def _containing(pieces, name: str, p: int) -> int:
    """The first piece of player p whose full name contains ``name`` (Ludii's matching
    of a name with a player, as in ``(where "Cow2" P2)``), else 0."""
    for pid in range(1, len(pieces.names)):
        if pieces.owner[pid] == p and name in pieces.names[pid]:
            return pid
    return 0


def _ids_per_player(c: CompileContext, name: str, role) -> tuple[int, ...]:
    """For a player known only when the rule runs (``Mover``, ``Next``): the id of the
    piece ``name`` of each player (index 0 unused; 0 where a player has none, or the
    shared piece of that kind)."""
    pieces = c.pieces
    ids = tuple([0] + [pieces.find(name, p) or pieces.find(name, 0)
                       or _containing(pieces, name, p)
                       for p in range(1, c.num_players + 1)])
    if not any(ids):
        c.fail(f"no piece \"{name}\" of any player",
               suggest(name, pieces.kind_names) or "pieces: " + ", ".join(pieces.names[1:]))
    return ids


@ludeme("id", T.IntFn)
def piece_id(c: CompileContext, name: T.Str, owner: T.Role = None):
    """The id of a piece, by its name (``(id "King2")``) or kind and owner (``(id "King"
    P2)``, ``(id "Queen" Mover)``), to compare with ``(what at:...)``. For a player
    who has no such piece it is 0, which no piece has."""
    if owner is not None and owner.const is None:
        ids = _ids_per_player(c, name, owner)
        who = owner.fn
        return IntV(lambda s: ids[who(s)])
    return IntV.of(_piece_id(c, name, owner))


@ludeme("where", T.Site)
def where(c: CompileContext, name: T.Str, owner: T.Role = None):
    """The site of a piece (the first one, counting sites in order, when there are
    several), or -1 (off the board) when it has none on the board. The owner may be a
    player known only when the rule runs (``(where "King" Mover)``)."""
    if owner is not None and owner.const is None:
        ids = _ids_per_player(c, name, owner)
        who = owner.fn

        def fn_dynamic(s):
            pid = ids[who(s)]
            if not pid:
                return -1
            try:
                return s.what.index(pid)
            except ValueError:
                return -1

        return SiteV(fn_dynamic)
    pid = _piece_id(c, name, owner)

    def fn(s):
        try:
            return s.what.index(pid)
        except ValueError:
            return -1

    fn.piece_id = pid  # (is In ...) of it may read the piece's kept sites (placedreads)
    return SiteV(fn)
