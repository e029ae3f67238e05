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
        ludii="A site type is not supported.")
def move_promote(c: CompileContext, site: T.Site = None, what: T.Item = None,
                 owner: T.Role = None, *, then: T.Effect = None):
    """Replace the piece on ``site`` (``(to)`` by default) by the piece ``(piece ...)``
    names: with ``owner`` (``Mover``), that player's piece whose name contains the name
    given, else the piece of exactly that name. One move per piece named, whatever
    stands there, as in Ludii: ``(piece {"Queen" "Rook"})`` is a choice of two, ``(piece
    (id "Queen" Mover))`` or ``(piece (mapEntry ...))`` a piece computed when the rule
    runs.

    ``(move Promote (last To) (piece "DoubleCounter") Mover)``"""
    from ludeme.ludemes.moves.piece_choice import piece_choice_of, piece_choices

    choice = piece_choice_of(c, what, "(move Promote ...) needs the new piece")
    loc = c.compile(site, T.Site).fn if site is not None else (lambda s: s.to)
    role = c.compile(owner, T.Role) if owner is not None else None
    thenfn = c.compile(then, T.Effect).fn if then is not None else None
    n = c.require_board().n_sites
    choices = piece_choices(c, choice, role)
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
        s.occ = None  # runtime.occupancy: not kept here
        s.hash = h ^ z[x][p]
        r = s.rot[x]
        if r:  # the new piece is a new piece: it faces no way yet
            s.hash ^= zr[x][r]
            s.rot[x] = 0

    # one move per piece the site may become, as Ludii makes them
    table = MoveTable(g, lambda x, pid: Move("promote", x, x, pid, 0, act, thenfn),
                      lambda: ((x, pid) for pid in range(1, len(c.pieces.names))
                               for x in range(n)))

    def gen(s):
        x = loc(s)
        if not 0 <= x < n:
            return []
        return [table[x, pid] for pid in choices(s)]

    return MovesV(gen)
