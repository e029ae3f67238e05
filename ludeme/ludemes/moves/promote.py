"""Promoting a piece as a move: ``(move Promote ...)``, as in Ludii (a man reaching the
far row becomes a king)."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


def piece_named(c: CompileContext, what, need: str) -> str:
    """The name in ``(piece "Name")``, as Ludii's moves name a piece to create (the
    argument is taken unchecked, lazily: it is not a piece of the equipment)."""
    if what is None or getattr(getattr(what, "decl", None), "head", None) != "piece" \
            or "name" not in what.args:
        c.fail(f'{need}: (piece "Name")')
    return c.compile(what.args["name"], T.Str)


def piece_id_of_name(pieces, name: str) -> int:
    """The piece id of a full piece name: ``"King2"``, or Ludii's ``"Dot0"`` for the
    shared piece of kind ``Dot`` (ludeme names it ``Dot``); 0 when there is none."""
    if name in pieces.names[1:]:
        return pieces.names.index(name)
    kind = name.rstrip("0123456789")
    if kind != name and kind in pieces.kind_names:
        return pieces.find(kind, int(name[len(kind):]))
    return 0


@ludeme("promote", T.Moves, lazy=True,
        ludii="Ludii's other spelling of (move Promote ...), as its defines use it.")
@ludeme("move Promote", T.Moves, lazy=True,
        ludii="The new piece is named by (piece \"Name\") only, not by a number; a site "
              "type is not supported.")
def move_promote(c: CompileContext, site: T.Site = None, what: T.Item = None,
                 owner: T.Role = None, *, then: T.Effect = None):
    """Replace the piece on ``site`` (``(to)`` by default) by a piece of the kind
    ``(piece "Name")`` names: of ``owner`` when given (``Mover``: the mover's piece of
    that kind), else the piece of exactly that name. One move, whatever stands there, as
    in Ludii.

    ``(move Promote (last To) (piece "DoubleCounter") Mover)``"""
    name = piece_named(c, what, "(move Promote ...) needs the new piece")
    loc = c.compile(site, T.Site).fn if site is not None else (lambda s: s.to)
    role = c.compile(owner, T.Role) if owner is not None else None
    thenfn = c.compile(then, T.Effect).fn if then is not None else None
    pieces = c.pieces
    n = c.require_board().n_sites
    if role is None:
        fixed = piece_id_of_name(pieces, name)
        if not fixed:
            from ludeme.errors import suggest

            c.fail(f"no piece '{name}' in the equipment",
                   suggest(name, pieces.names[1:] + pieces.kind_names))
        by_player = None
    else:
        if name not in pieces.kind_names:
            from ludeme.errors import suggest

            c.fail(f"no piece '{name}' in the equipment", suggest(name, pieces.kind_names))
        fixed = None
        by_player = [pieces.find(name, p) or pieces.find(name, 0)
                     for p in range(c.num_players + 1)]
    g = c.game
    z, zr = g.zobrist, g.zobrist_rot

    def act(s, m):
        x, p = m.to, m.piece
        w = s.what
        q = w[x]
        h = s.hash
        if q:
            h ^= z[x][q]
        w[x] = p
        s.hash = h ^ z[x][p]
        r = s.rot[x]
        if r:  # the new piece is a new piece: it faces no way yet
            s.hash ^= zr[x][r]
            s.rot[x] = 0

    # the pieces a site may become: the named one, or that kind of each player's
    kinds = sorted({fixed} if role is None else {p for p in by_player if p})
    table = MoveTable(g, lambda x, pid: Move("promote", x, x, pid, 0, act, thenfn),
                      lambda: ((x, pid) for pid in kinds for x in range(n)))
    owner_fn = role.fn if role is not None else None

    def gen(s):
        x = loc(s)
        if not 0 <= x < n:
            return []
        pid = fixed if owner_fn is None else by_player[owner_fn(s)]
        return [table[x, pid]] if pid else []

    return MovesV(gen)
