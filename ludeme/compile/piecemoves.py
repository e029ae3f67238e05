"""The moves of one piece: how generators and combinators take part in ``(forEach Piece)``.

``(forEach Piece)`` plays the moves each ``(piece ...)`` declares, once per piece of the
mover, with ``(from)`` the site of that piece. A generator compiles to a ``PieceMovesV``
whose ``for_piece(pid)`` returns ``at(state, site, out)``: the moves of the piece ``pid``
standing on ``site``, appended to ``out``. Combinators (``or``, ``if``, ``priority``,
``do``) combine their children's ``at`` functions, so that whatever they combine, a piece
contributes its own moves only.

An ``at`` function may carry two facts that let its users skip work:

* ``anchored``: every move it appends starts at ``site`` (a step, a slide). Moves of
  different pieces then never coincide, and ``(forEach Piece)`` need not look for
  duplicates. A generator that ignores the piece (``(move Add ...)`` inside a piece) is
  not anchored: its moves are the same whichever piece asks, and duplicates are removed.
* ``possible``: per site, the frozenset of every move it could ever append from there
  (its interned table), or None. ``or`` uses it to prove at compile time that its
  children never make the same move, and then skips the duplicate check.

An ``at`` may also have ``many(state, sites, out)``: the same as ``at`` on each of the
sites in turn, in one call, which ``(forEach Piece)`` uses when one kind of piece moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress

from ludeme.compile.values import MovesV, PieceMovesV
from ludeme.runtime.move import Move

At = Callable  # (state, site, out) -> None

def piece_sites(c, moving: list[list[bool]], n: int) -> Callable:
    """``sites(state, who)``: the sites (below ``n``, in site order) holding a piece id
    ``pid`` with ``moving[who][pid]``, as a shared list not to be changed. Every
    ``(forEach Piece)`` of the game moving the same pieces asks the same function, which
    keeps the last position's answer (known by the state's hash, which follows every
    change of the board): a position's moves listed by several of them (a capture that
    must be taken first, then the other moves) find the pieces once."""
    key = tuple(tuple(row) for row in moving)
    made = vars(c).setdefault("piece_sites", {})
    if key in made:
        return made[key]
    sites = range(n)
    getters = [row.__getitem__ for row in moving]
    # per player, the piece ids as bytes 1 (moves) or 0, for bytes.translate: the board
    # read in C when every piece id fits in a byte
    tables = [bytes([1 if p < len(row) and row[p] else 0 for p in range(256)])
              for row in moving] if all(len(row) <= 256 for row in moving) else None
    last: list = [None, 0, ()]  # hash, who, sites

    def find(s, who):
        h = s.hash
        if h == last[0] and who == last[1]:
            return last[2]
        w = s.what
        try:
            found = list(compress(sites, bytes(w).translate(tables[who])))
        except (TypeError, ValueError):  # no tables, or a value beyond a byte
            found = list(compress(sites, map(getters[who], w)))
        last[0], last[1], last[2] = h, who, found
        return found

    made[key] = find
    return find


def describe(at: At, anchored: bool, possible: Sequence[frozenset] | None = None) -> At:
    """Record what is known about ``at`` (see the module docstring)."""
    at.anchored = anchored
    at.possible = possible
    return at


def is_anchored(at: At) -> bool:
    return getattr(at, "anchored", False)


def possible_of(at: At) -> Sequence[frozenset] | None:
    return getattr(at, "possible", None)


def per_piece(moves: MovesV) -> Callable[[int], At]:
    """``for_piece`` of any generator: its own when it has one; otherwise its whole
    generator run with ``(from)`` bound to the piece's site (not anchored)."""
    if isinstance(moves, PieceMovesV) and moves.for_piece is not None:
        return moves.for_piece
    gen = moves.gen

    def at(s, frm, out):
        s.frm = frm
        out.extend(gen(s))

    describe(at, anchored=False)
    return lambda pid: at


def memo(for_piece: Callable[[int], At]) -> Callable[[int], At]:
    """``for_piece`` built once per piece id."""
    built: dict[int, At] = {}

    def get(pid: int) -> At:
        at = built.get(pid)
        if at is None:
            at = built[pid] = for_piece(pid)
        return at

    return get


def targets_of(at: At) -> Sequence[frozenset] | None:
    """Per site, the sites the moves ``at`` could ever append from there go to (from
    its ``possible`` table, or as a wrapper passed them on), or None when unknown."""
    targets = getattr(at, "targets", None)
    if targets is None:
        possible = possible_of(at)
        if possible is None:
            return None
        targets = at.targets = tuple(frozenset(m.to for m in cell) for cell in possible)
    return targets


def reach_of(moves: MovesV) -> Callable:
    """``reaches(state, site)`` of any generator (Ludii's canMoveTo): its own when it
    has one, else whether one of all its moves goes to the site."""
    if moves.reaches is not None:
        return moves.reaches
    gen = moves.gen

    def reaches(s, site):
        for m in gen(s):
            if m.to == site:
                return True
        return False

    return reaches


def union_possible(ats: Sequence[At]) -> list[frozenset] | None:
    tables = [possible_of(a) for a in ats]
    if any(t is None for t in tables):
        return None
    return [frozenset().union(*cells) for cells in zip(*tables, strict=True)]


def disjoint(ats: Sequence[At]) -> bool:
    """Whether no two of ``ats`` can ever append the same move from the same site."""
    tables = [possible_of(a) for a in ats]
    if any(t is None for t in tables):
        return False
    for cells in zip(*tables, strict=True):
        total = sum(len(c) for c in cells)
        if total and len(frozenset().union(*cells)) != total:
            return False
    return True


def unique(moves: list[Move]) -> list[Move]:
    """``moves`` without repeats, first occurrences kept in order."""
    return list(dict.fromkeys(moves))


def or_at(ats: Sequence[At]) -> At:
    """Every move of every ``at``, each once."""
    ats = tuple(ats)
    anchored = all(is_anchored(a) for a in ats)
    possible = union_possible(ats)
    if disjoint(ats):
        if len(ats) == 2:
            a, b = ats

            def at(s, frm, out):
                a(s, frm, out)
                b(s, frm, out)
        else:
            def at(s, frm, out):
                for a in ats:
                    a(s, frm, out)
        return describe(at, anchored, possible)

    def at_unique(s, frm, out):
        mine: list[Move] = []
        for a in ats:
            a(s, frm, mine)
        out.extend(dict.fromkeys(mine))

    return describe(at_unique, anchored, possible)


def priority_at(ats: Sequence[At]) -> At:
    """The moves of the first ``at`` that has any."""
    ats = tuple(ats)

    def at(s, frm, out):
        for a in ats:
            mine: list[Move] = []
            a(s, frm, mine)
            if mine:
                out.extend(mine)
                return

    return describe(at, all(is_anchored(a) for a in ats), union_possible(ats))


def if_at(test: Callable, then_at: At, else_at: At | None) -> At:
    """``then_at``'s moves when ``test`` holds with ``(from)`` the piece's site, else
    ``else_at``'s."""
    from ludeme.compile.pure import choice_at

    chosen = choice_at(test, then_at, else_at)  # a test of the context alone: a table
    if chosen is not None:
        return describe(chosen, is_anchored(then_at) and (else_at is None or
                                                          is_anchored(else_at)),
                        possible_of(then_at) if else_at is None else
                        union_possible((then_at, else_at)))
    if else_at is None:
        def at(s, frm, out):
            s.frm = frm
            if test(s):
                then_at(s, frm, out)

        return describe(at, is_anchored(then_at), possible_of(then_at))

    def at_else(s, frm, out):
        s.frm = frm
        if test(s):
            then_at(s, frm, out)
        else:
            else_at(s, frm, out)

    return describe(at_else, is_anchored(then_at) and is_anchored(else_at),
                    union_possible((then_at, else_at)))


def filter_at(inner: At, keep: Callable) -> At:
    """``inner``'s moves that ``keep(state, moves)`` keeps."""

    def at(s, frm, out):
        mine: list[Move] = []
        inner(s, frm, mine)
        if mine:
            out.extend(keep(s, mine))

    return describe(at, is_anchored(inner), possible_of(inner))
