"""Which piece a move makes or asks about: Ludii's ``(piece ...)`` inside moves and
regions (its ``game.util.moves.Piece``), as in ``(move Promote (last To) (piece {"Queen"
"Rook"}) Mover)`` or ``(sites Start (piece (what at:(from))))``.

``(piece "Name")`` is written like a piece of the equipment, and is that declaration
(``equipment.boards``) until a rule reads it; the other forms, a piece id computed when
the rule runs or a list of names, are declared here. ``piece_choices`` reads either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV
from ludeme.errors import suggest
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@dataclass(frozen=True)
class PieceChoiceV:
    """The pieces ``(piece ...)`` names: by name (``names``) or by id, computed when the
    rule runs (``ids``); ``state`` the state value it gives them, when it says."""

    names: tuple[str, ...] | None = None
    ids: tuple[IntV, ...] | None = None
    state: IntV | None = None


@ludeme("piece", T.Item,
        ludii="Ludii's (piece ...) of moves (game.util.moves.Piece); (piece \"Name\") is "
              "the equipment's form.")
def piece_choice(c: CompileContext, what: (T.ListOf(T.Str), T.IntFn, T.ListOf(T.IntFn)), *,
                 state: T.IntFn = None):
    """The piece a move makes or a region asks about, by id (``(piece (what
    at:(from)))``, ``(piece (id "Queen" Mover))``, ``(piece (mapEntry ...))``) or a
    choice of several (``(piece {"Queen" "Rook" "Bishop" "Knight"})``: a promotion to
    any of them, one move each). Ludii: ``(piece <string> | <intFunction> | {<string>} |
    {<intFunction>} [state:<intFunction>])``."""
    if isinstance(what, list) and what and isinstance(what[0], str):
        return PieceChoiceV(names=tuple(what), state=state)
    if isinstance(what, list):
        return PieceChoiceV(ids=tuple(what), state=state)
    return PieceChoiceV(ids=(what,), state=state)


def piece_choice_of(c: CompileContext, what, need: str) -> PieceChoiceV:
    """The ``(piece ...)`` argument of a lazy ludeme, read: the equipment's form
    ``(piece "Name")`` as a choice of that name, without declaring a piece."""
    decl = getattr(what, "decl", None)
    if decl is None or decl.head != "piece":
        c.fail(f'{need}: (piece "Name")')
    if "name" in what.args:
        return PieceChoiceV(names=(c.compile(what.args["name"], T.Str),))
    return c.compile(what, T.Item)


def piece_choices(c: CompileContext, choice: PieceChoiceV, owner=None,
                  ) -> Callable[[object], list[int]]:
    """``fn(s)``: the ids of the pieces a choice names, in its order. With an ``owner``,
    as Ludii reads a name with a player, each name is that player's piece whose name
    contains it (``"Queen"`` and ``Mover``: the mover's queen; else a shared piece of
    that kind); a single id computed
    when the rule runs is, likewise, that player's piece whose name contains the name
    of the piece with that id. Ids that name no piece are left out."""
    pieces = c.pieces
    names = pieces.names
    count = len(names)

    def of_player(name: str, p: int) -> int:
        for pid in range(1, count):
            if name in names[pid] and pieces.owner[pid] == p:
                return pid
        # a shared piece of that kind (Ludii would make no piece)
        return pieces.find(name, 0)

    if choice.names is not None:
        if owner is None:
            from ludeme.ludemes.moves.promote import piece_id_of_name

            fixed = []
            for name in choice.names:
                pid = piece_id_of_name(pieces, name)
                if not pid:
                    c.fail(f"no piece '{name}' in the equipment",
                           suggest(name, names[1:] + pieces.kind_names))
                fixed.append(pid)
            return lambda s: fixed
        for name in choice.names:
            if not any(name in n for n in names[1:]):
                c.fail(f"no piece '{name}' in the equipment", suggest(name, pieces.kind_names))
        per = [[pid for pid in (of_player(n, p) for n in choice.names) if pid]
               for p in range(c.num_players + 1)]
        if owner.const is not None:
            mine = per[owner.const]
            return lambda s: mine
        who = owner.fn
        return lambda s: per[who(s)] if 0 <= who(s) < len(per) else []
    fns = [i.fn for i in choice.ids]
    if owner is None or len(fns) != 1:
        return lambda s: [pid for pid in (f(s) for f in fns) if 0 < pid < count]
    # one id and a player: that player's piece whose name contains the id's name
    table = [[of_player(names[pid], p) for p in range(c.num_players + 1)]
             for pid in range(count)]
    one, who = fns[0], owner.fn

    def run(s):
        pid, p = one(s), who(s)
        got = table[pid][p] if 0 < pid < count and 0 <= p <= c.num_players else 0
        return [got] if got else []

    return run


def _kind_to_add(c: CompileContext, name: str) -> str:
    """The kind ``(move Add ...)`` adds for a name: a kind, or the name of a shared piece
    (Ludii's ``"Ball0"``)."""
    from ludeme.ludemes.moves.promote import piece_id_of_name

    pieces = c.pieces
    if name in pieces.kind_names:
        return name
    pid = piece_id_of_name(pieces, name)
    if pid and pieces.owner[pid] == 0:
        return pieces.kinds[pid]
    if pid:
        c.fail(f"(move Add (piece \"{name}\") ...) adds one player's piece for every mover: "
               "not supported", f"name its kind: (piece \"{pieces.kinds[pid]}\")")
    c.fail(f"no piece '{name}' in the equipment", suggest(name, pieces.kind_names))
    raise AssertionError


@ludeme("move Add", T.Moves, lazy=True,
        ludii="The piece is one name (a kind, or a shared piece's name); a piece computed "
              "when the rule runs is not supported.")
def move_add_piece(c: CompileContext, what: T.Item, to: T.Region = None, *,
                   stack: T.Bool = False, then: T.Effect = None):
    """Ludii's ``(move Add (piece "Ball0") (to ...))``: ``(move Add "Ball" (to ...))``
    written with the piece as Ludii writes it."""
    from ludeme.ludemes.moves.generators import move_add

    choice = piece_choice_of(c, what, "(move Add ...) needs the piece to add")
    if choice.names is None or len(choice.names) != 1:
        c.fail("(move Add (piece ...)) with a piece computed when the rule runs, or several, "
               "is not supported", 'name one piece: (piece "Disc")', node=what)
    return move_add(c, _kind_to_add(c, choice.names[0]),
                    c.compile(to, T.Region) if to is not None else None,
                    stack=bool(getattr(stack, "value", stack)),
                    then=c.compile(then, T.Effect) if then is not None else None)


@ludeme("add", T.Effect, lazy=True,
        ludii="A site already holding the same piece takes the state again; other occupied "
              "sites are left alone.")
def add_piece(c: CompileContext, what: T.Item, to: T.Region, *, then: T.Effect = None):
    """Ludii's ``(add (piece ...) (to ...))`` as an effect, the piece named
    (``(piece "Rubble0")``) or computed when the rule runs (``(piece (id "Ball"
    Mover))``, ``(piece (next))``): put it on each empty site of ``to``. A hand site
    (``(to (handSite P2))``, a captured piece going to the captor's hand) holds one
    more piece of that kind; a hand site nothing was placed on yet stands, from then
    on, for the kind first added there (as Ludii's hand site holds the piece put on it).
    ``(then ...)`` runs right after it: ``(add (piece "Pawn1") (to (site)) (then (set
    Counter)))``."""
    from ludeme.compile.consequences import effect_then
    from ludeme.ludemes.containers.hands import hand_layout

    choice = piece_choice_of(c, what, "(add ...) needs the piece to add")
    ids = piece_choices(c, choice)
    state = choice.state.fn if choice.state is not None else None
    if state is not None:
        from ludeme.ludemes.containers.site_states import enable_site_state

        enable_site_state(c)
    region = c.compile(to, T.Region).fn
    g = c.game
    z, put, count = g.zobrist, g.set_site_state, len(c.pieces.names)
    change_hand = g.change_hand
    hands = hand_layout(c)
    base, stop = hands.base, hands.stop
    kind_of = [c.pieces.kind_names.index(c.pieces.kinds[pid]) if pid else -1
               for pid in range(count)]

    def to_hand(s, x: int, pid: int) -> None:
        i, k = x - base, kind_of[pid]
        if i not in hands.bound:
            hands.bind(x, k)
        if hands.kind[i] == k:
            change_hand(s, hands.owner[i], k, 1)

    def run(s):
        got = ids(s)
        if not got:
            return
        pid = got[0]
        w = s.what
        v = state(s) if state is not None else 0
        for x in list(region(s)):
            if base <= x < stop:
                to_hand(s, x, pid)
                continue
            old = w[x]
            if old and old != pid:
                continue
            if not old and 0 < pid < count:
                w[x] = pid
                s.occ = None  # runtime.occupancy: not kept here
                s.hash ^= z[x][pid]
            if state is not None:
                put(s, x, v)

    return effect_then(run, c.compile(then, T.Effect) if then is not None else None)
