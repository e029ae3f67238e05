"""Move generators: placing, passing, and combining generators.

Generators intern their moves in tables built at compile time, so producing the legal
moves of a position allocates only the list that holds them.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import not_

from ludeme.compile.compiler import (
    CompileContext,
    branch_effect,
    sequence_effects,
    victims_in_turn,
)
from ludeme.compile.consequences import with_then
from ludeme.compile.moveacts import add_act
from ludeme.compile.movetable import MoveTable
from ludeme.compile.neighbourcounts import EMPTY_FLAG
from ludeme.compile.piecemoves import (
    filter_at,
    if_at,
    memo,
    or_at,
    per_piece,
    priority_at,
    reach_of,
)
from ludeme.compile.values import EffectV, MovesV, PieceMovesV, RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


def make_add_act(c: CompileContext):
    """The primitive of placing ``m.piece`` (with rotation ``m.extra``) on ``m.to``: one
    act a game, written once (``compile.moveacts.add_act``)."""
    return add_act(c.game)


@ludeme("to", T.Region, lazy=True)
def to_typed_region(c: CompileContext, site_type: T.SiteType, region: T.Region, *,
                    if_: T.Cond = None):
    """Destination sites of one site type: ``(to Edge (sites Empty Edge))``. The type
    says which sites a number or label in ``region`` names, as in Ludii; otherwise as
    ``(to <region>)``."""
    kind = c.compile(site_type, T.SiteType)
    if kind not in c.require_board().use:
        c.fail(f"the board does not use {kind.lower()}s", "add it to the board's use:")
    outer = c.site_type
    c.site_type = kind
    try:
        compiled = c.compile(region, T.Region)
    finally:
        c.site_type = outer
    return to_region(c, compiled, if_=c.compile(if_, T.Cond))


@ludeme("to", T.Region)
def to_region(c: CompileContext, region: T.Region, *, if_: T.Cond = None):
    """Destination sites: ``region``, filtered by ``if:`` evaluated with ``(to)`` bound to
    each candidate site."""
    if if_ is None:
        return region
    fn, test = region.fn, if_.fn
    member = region.member()
    select = if_.select_to

    in_range = getattr(select, "in_range", None) if select is not None else None
    if in_range is not None and region.empty_range is not None:
        # the empty sites of a range selected in one call that reads the board itself
        # (``regions.around``'s ``in_range``)
        lo, hi = region.empty_range

        def filtered(s):
            return in_range(s, lo, hi)

        flags_between = getattr(in_range, "flags_between", None)
        if flags_between is not None:
            # the same sites as one integer, a byte 1 per site (``_kept_by_flags``)
            filtered.flags = flags_between(lo, hi)
    elif select is not None:
        # every candidate asked in one call
        def filtered(s):
            sites = fn(s)
            if not isinstance(sites, (list, tuple)):
                sites = list(sites)
            return select(s, sites)
    else:
        def filtered(s):
            out = []
            for x in fn(s):
                s.to = x
                if test(s):
                    out.append(x)
            return out

    def contains(s, x):
        if not member(s, x):
            return False
        s.to = x
        return test(s)

    return RegionV(filtered, None, contains, region.site_type,
                   only_empty=region.known_empty())


@ludeme("move Add", T.Moves)
def move_add(c: CompileContext, piece: T.Str = None, to: T.Region = None, *,
             stack: T.Bool = False, then: T.Effect = None):
    """Place a piece of the mover on one of the ``to`` sites that is empty (as in Ludii,
    a placement never replaces a piece: occupied ``to`` sites are left out). ``piece``
    names the kind when the mover has several (``(move Add "Null" (to ...))``); it may
    be a shared piece. Ludii writes ``(move Add (to ...))``, the same form; without a
    piece, when the mover has no kind or several of its own, it adds the piece whose
    number is the mover's, as Ludii does (the first declared, for player 1). With
    ``stack:True`` the piece goes on top of whatever stands on the site (sites hold
    stacks, ``(size Stack at:...)``), so occupied ``to`` sites are kept."""
    if to is None:
        c.fail("(move Add ...) needs (to ...)")
    g = c.game
    stack = bool(getattr(stack, "value", stack))
    if stack:
        from ludeme.ludemes.containers.stacks import enable_stacks

        enable_stacks(c)
    pieces = c.pieces
    n = c.num_players
    per_player = [0] * (n + 1)
    for p in range(1, n + 1):
        if piece is None:
            owned = [pid for pid in range(1, len(pieces.names)) if pieces.owner[pid] == p]
        else:
            owned = [pid for pid in range(1, len(pieces.names))
                     if pieces.kinds[pid] == piece and pieces.owner[pid] in (p, 0)]
        if piece is None and len(owned) != 1 and p < len(pieces.names):
            # Ludii adds the piece whose number is the mover's (its Add without a
            # piece adds component (mover)): so with no piece of one's own
            owned = [p]
        per_player[p] = owned[0] if owned else 0
    if not any(per_player[1:]):
        c.fail(f"no piece {piece!r} to add" if piece else "no piece to add: declare (piece ...)")
    # in a game with stacks an added piece goes on top of the stack, as in Ludii
    stacking = stack or getattr(c, "uses_stacks", False)
    act = make_add_act(c) if not stacking else (lambda s, m: g.push_piece(s, m.to, m.piece))
    return _adds(c, per_player, act, to, stack, then, None)


def _adds(c: CompileContext, per_player: list[int], act, to: RegionV, stack: bool,
          then: EffectV | None, takes) -> MovesV:
    """The placements of ``per_player[mover]`` on the ``to`` sites, with the consequences
    ``then`` (``takes``: the victims the notation names, see ``Move``); ``rethen`` gives
    the same placements with more consequences, as ``with_then`` would add them, but
    made in a table of their own, so that no move is copied while generating."""
    g = c.game
    thenfn = then.fn if then is not None else None
    sites = range(g.board.n_sites)
    added = sorted({pid for pid in per_player[1:] if pid})
    interned = MoveTable(g, lambda x, pid: Move("add", -1, x, pid, 0, act, thenfn, takes),
                         lambda: ((x, pid) for pid in added for x in sites))
    table = [[interned[x, pid] for x in sites] if pid else None for pid in per_player]
    region = to.fn
    plain = thenfn is None and not stack

    def rethen(more: EffectV) -> MovesV:
        from ludeme.ludemes.moves.step import then_after

        return _adds(c, per_player, act, to, stack, then_after(then, more),
                     victims_in_turn([takes, more.victims]))

    if to.empty_range is not None:
        return MovesV(_add_to_empty(c, table, to.empty_range), plain_adds=plain,
                      rethen=rethen)

    if to.lowest_empty is not None and not stack:
        # the placements on ``(sites Drop ...)`` kept on the state from one position to
        # the next
        return MovesV(_add_to_lowest_empty(c, table, to), plain_adds=plain, rethen=rethen)

    if to.known_empty() or stack:
        def gen(s):
            row = table[s.who]
            if row is None:
                return []
            return [row[x] for x in region(s)]

        if not stack:
            gen.kept_by = _kept_by(table, region)
        return MovesV(gen, plain_adds=plain, rethen=rethen)

    def gen_empty(s):
        row = table[s.who]
        if row is None:
            return []
        w = s.what
        return [row[x] for x in region(s) if not w[x]]

    return MovesV(gen_empty, plain_adds=plain, rethen=rethen)


@ludeme("move Pass", T.Moves)
def move_pass(c: CompileContext, *, then: T.Effect = None):
    """Do nothing this turn."""
    thenfn = then.fn if then else None
    m = MoveTable(c.game, lambda: Move("pass", -1, -1, 0, 0, lambda s, m: None, thenfn),
                  lambda: ((),))[()]
    return MovesV(lambda s: [m])


@ludeme("or", T.Moves, ludii="Ludii lists a move as often as its generators make it; "
        "ludeme lists it once unless the copies have different consequences.")
def or_moves(c: CompileContext, *generators: T.Moves, then: T.Effect = None):
    """All the moves of all the generators (each move once). Inside a ``(piece ...)``
    the moves of the piece moving only, whatever the generators. ``(then ...)`` adds
    consequences to every move, after its own.

    A move that a later generator makes again with other consequences (the same pit
    selected, sown one way or the other) is another move, as in Ludii: it is listed
    too, its notation followed by ``/or`` and the generator's number (``select
    d1/or2``)."""
    if then is not None:
        return with_then(c, or_moves(c, *generators), then)
    gens = [g.gen for g in generators]
    if len(gens) == 1:
        return generators[0]
    # (id(original), generator) -> (original, its copy told apart): the original is
    # kept so that its id is never reused by another move
    apart: dict[tuple[int, int], tuple[Move, Move]] = {}
    c.game.intern_moves(lambda: [w for _, w in apart.values()])

    def told_apart(m: Move, k: int) -> Move:
        entry = apart.get((id(m), k))
        if entry is not None and entry[0] is m:
            return entry[1]
        act = m.act
        w = Move(m.kind, m.frm, m.to, m.piece, m.extra,
                 lambda s, _w, inner=m: act(s, inner), m.then, m.takes)
        w._key = (*m._key, ("or", k + 1))
        w._hash = hash(w._key)
        apart[id(m), k] = (m, w)
        return w

    first_gen = gens[0] if gens else (lambda s: ())  # (or) of nothing makes no move
    later = tuple(enumerate(gens))[1:]
    origins = joined_origins(generators)
    fors = [per_piece(g) for g in generators]
    reaches = [reach_of(g) for g in generators]
    if (origins is not None and all(
            len(joined) == sum(len(g.origins[p]) for g in generators)
            for p, joined in enumerate(origins)) or disjoint_by_container(generators)):
        # the generators move different pieces, each move once: no move of one is a
        # move of another, and the lists are joined as they are
        def joined(s):
            out = first_gen(s)
            for _, g in later:
                made = g(s)
                if made:
                    out = out + made if out else made
            return out

        return PieceMovesV(joined, for_piece=memo(lambda pid: or_at([f(pid) for f in fors])),
                           reaches=lambda s, site: any(r(s, site) for r in reaches),
                           origins=origins, hand_origins=joined_origins(
                               generators, "hand_origins"))

    def gen(s):
        # the first generator's moves, each once (first occurrences, in C)
        out = list(dict.fromkeys(first_gen(s)))
        seen: dict[Move, Move] | None = None
        for k, g in later:
            made = g(s)
            if not made:
                continue
            if seen is None:
                seen = {m: m for m in out}
            for m in made:
                first = seen.get(m)
                if first is None:
                    seen[m] = m
                    out.append(m)
                elif first.then is not m.then:
                    w = told_apart(m, k)
                    if w not in seen:
                        seen[w] = w
                        out.append(w)
        return out

    return PieceMovesV(gen, for_piece=memo(lambda pid: or_at([f(pid) for f in fors])),
                       reaches=lambda s, site: any(r(s, site) for r in reaches),
                       origins=origins)


def joined_origins(generators, field: str = "origins") -> tuple[frozenset[int], ...] | None:
    """The ``origins`` (or ``hand_origins``, see ``MovesV``) of the moves of all
    ``generators`` listed together, each once: per player, the pieces any of them
    moves; None when one of them does not know its own."""
    all_origins = [getattr(g, field) for g in generators]
    if not all_origins or any(o is None for o in all_origins):
        return None
    return tuple(frozenset().union(*row) for row in zip(*all_origins, strict=True))


def disjoint_by_container(generators) -> bool:
    """Whether no two of ``generators`` can make the same move because their moves
    start on different sites: each moves pieces from the board (``origins``) or from
    the hands (``hand_origins``), each move once, and those of one container move
    different pieces (a ``(forEach Piece)`` and a ``(forEach Piece container:...)``)."""
    if len(generators) < 2:
        return False
    by_container = ([g.origins for g in generators if g.origins is not None],
                    [g.hand_origins for g in generators if g.origins is None])
    if any(o is None for o in by_container[1]):
        return False
    for rows in by_container:
        for per_player in zip(*rows, strict=True):
            if len(frozenset().union(*per_player)) != sum(map(len, per_player)):
                return False
    return True


@ludeme("and", T.Moves)
def and_moves(c: CompileContext, *generators: T.Moves, then: T.Effect = None):
    """All the moves of all the generators, each once: Ludii's ``and`` of move lists,
    the same as ``or``. (Between effects, ``and`` applies them one after another.)"""
    return or_moves(c, *generators, then=then)


@ludeme("priority", T.Moves)
def priority_moves(c: CompileContext, *generators: T.Moves, then: T.Effect = None):
    """The moves of the first generator that has any (a capture that must be taken
    before any other move, say). Inside a ``(piece ...)`` it chooses for each piece
    from that piece's moves, as in Ludii. ``(then ...)`` adds consequences to every
    move, after its own."""
    if not generators:
        c.fail("(priority ...) needs at least one move generator")
    if then is not None:
        return with_then(c, priority_moves(c, *generators), then)
    gens = [g.gen for g in generators]

    def gen(s):
        for g in gens:
            moves = g(s)
            if moves:
                return moves
        return []

    fors = [per_piece(g) for g in generators]
    return PieceMovesV(gen, for_piece=memo(lambda pid: priority_at([f(pid) for f in fors])),
                       origins=joined_origins(generators))


@ludeme("if", T.Moves)
def if_moves(c: CompileContext, cond: T.Cond, moves: T.Moves, else_: T.Moves = None, *,
             then: T.Effect = None):
    """The ``moves`` when ``cond`` holds, else those of ``else`` (or none).
    Inside a ``(piece ...)`` the condition sees ``(from)``, the site of the piece.
    A last ``(then ...)`` adds consequences to every move, after its own."""
    if then is not None:
        return with_then(c, if_moves(c, cond, moves, else_), then)
    then_ = moves
    test, a = cond.fn, then_.gen
    b = else_.gen if else_ is not None else (lambda s: [])
    then_for = per_piece(then_)
    else_for = per_piece(else_) if else_ is not None else None
    reach_a = reach_of(then_)
    reach_b = reach_of(else_) if else_ is not None else (lambda s, site: False)

    parity = getattr(test, "ply_parity", None)
    if parity is not None:
        # a condition on the ply's parity alone (``(is Even (count Moves))``): the
        # generator of each parity, by the ply's last bit
        by_parity = (a, b) if parity == 0 else (b, a)

        def gen(s):
            return by_parity[s.ply & 1](s)

        gen.by_ply_parity = by_parity
    else:
        def gen(s):
            return a(s) if test(s) else b(s)

    # used as an effect, it tests, then runs one branch's moves (compiler.moves_as_effect)
    gen.if_parts = (test, then_, else_)
    return PieceMovesV(gen, for_piece=memo(
        lambda pid: if_at(test, then_for(pid), else_for(pid) if else_for else None)),
        reaches=lambda s, site: reach_a(s, site) if test(s) else reach_b(s, site))


@ludeme("if", T.Effect)
def if_effect(c: CompileContext, cond: T.Cond, then_: T.Effect, else_: T.Effect = None):
    """Apply ``then`` when ``cond`` holds, else ``else`` (or nothing)."""
    return branch_effect(cond.fn, then_, else_)


@ludeme("and", T.Effect)
def and_effects(c: CompileContext, *effects: T.Effect):
    """Apply the effects one after another. As in Ludii, which makes every effect of an
    ``(and ...)`` before applying any, the conditions of its ``(if ...)`` effects are
    read first: in ``(and (remove (between)) (if <cond> (moveAgain)))`` the condition
    sees the piece not yet removed."""
    from ludeme.ludemes.effects.captures import fuse_captures

    return fuse_captures(effects, sequence_effects(effects))


@ludeme("or", T.Effect,
        ludii="The effects apply one after another; Ludii works out each on the position "
              "before any of them applies (the same when they take different pieces).")
def or_effects(c: CompileContext, *effects: T.Effect):
    """Apply every one of the effects, in order: Ludii's ``(or {...})`` of
    consequences, as in ``(then (or {(custodial ...) (surround ...)}))``."""
    from ludeme.ludemes.effects.captures import fuse_captures

    return fuse_captures(effects, sequence_effects(effects))


@ludeme("do", T.Moves)
def do_if_afterwards(c: CompileContext, moves: T.Moves, *, ifAfterwards: T.Cond,
                     then: T.Effect = None):
    """The moves after which ``ifAfterwards`` holds. The condition sees the position
    with the move made, its own consequences included (the captures of ``(move Add ...
    (then ...))``), with ``(to)``/``(from)`` bound to the move's sites. As in Ludii. A
    last ``(then ...)`` adds consequences to every move kept, after its own (they are
    not tried)."""
    if then is not None:
        if moves.plain_adds and moves.rethen is not None and \
                moves.keep_if is None:
            # plain placements made with the consequences (their own moves, not copies),
            # tried without them, as the plain placements they are
            return _kept_after(c, moves.rethen(then), ifAfterwards, untried_then=True)
        return with_then(c, do_if_afterwards(c, moves, ifAfterwards=ifAfterwards), then)
    if moves.keep_if is not None and ifAfterwards.auto_succeeds is None:
        return MovesV(moves.keep_if(ifAfterwards))
    return _kept_after(c, moves, ifAfterwards)


def _kept_after(c: CompileContext, moves: MovesV, ifAfterwards, *,
                untried_then: bool = False) -> PieceMovesV:
    """The moves of ``moves`` after which ``ifAfterwards`` holds. With ``untried_then``
    every move is a plain placement whose ``then`` the condition must not see (the
    consequences of the ``(do ...)`` itself, attached to the moves beforehand)."""
    gen, test = moves.gen, ifAfterwards.fn
    zobrist = c.game.zobrist
    after_add = ifAfterwards.after_add

    auto = ifAfterwards.auto_succeeds
    plain = moves.plain_adds or untried_then

    def keep(s, moves):
        if auto is not None and auto():
            return moves  # as in Ludii, a condition known to hold keeps every move
        # a condition that answers every placement on an empty site from the position
        # before it (one pass per position), e.g. (is Connected ...)
        decide = after_add(s) if after_add is not None else None
        if plain and decide is not None:
            blocked = getattr(decide, "blocked", None)
            if blocked is not None:
                # its answers for every empty site at once (plain placements, which
                # only ever go to empty sites)
                return [m for m in moves if not blocked[m.to]]
        out = []
        what = s.what
        for m in moves:
            if m.kind == "add" and (m.then is None or untried_then):
                to = m.to
                old = what[to]
                if decide is not None and not old:
                    ok = decide(to, m.piece)
                    if ok is not None:
                        if ok:
                            out.append(m)
                        continue
                # placing is undone in place: much cheaper than a copy of the state; the
                # hash follows, since caches on the state are validated by it
                delta = zobrist[to][m.piece] ^ (zobrist[to][old] if old else 0)
                what[to] = m.piece
                s.occ = None  # runtime.occupancy: a trial
                s.hash ^= delta
                s.frm, s.to = m.frm, to
                s.history.append(m)  # the move being tried is the last move, and played
                s.ply += 1
                ok = test(s)
                s.ply -= 1
                s.history.pop()
                what[to] = old
                s.occ = None  # runtime.occupancy: a trial
                s.hash ^= delta
            else:
                # as in Ludii, the move is tried with its consequences (captures)
                t = s.probe()
                t.frm, t.to = m.frm, m.to
                t.ply += 1  # the move being tried counts as played, as in Ludii
                m.act(t, m)
                t.history.append(m)  # the move being tried is the last move
                try:
                    if m.then is not None:
                        m.then(t)
                        t.frm, t.to = m.frm, m.to
                    if t.nxt == t.who:
                        # the move said (moveAgain): as Ludii, the condition takes the
                        # previous player as the next one
                        t.nxt = t.prev_mover
                    ok = test(t)
                finally:
                    t.history.pop()
            if ok:
                out.append(m)
        return out

    inner = per_piece(moves)
    reach_inner = reach_of(moves)

    def reaches(s, site):
        if auto is not None and auto():
            return reach_inner(s, site)  # every move is kept: the generator's own answer
        return any(m.to == site for m in keep(s, gen(s)))

    generate = lambda s: keep(s, gen(s))  # noqa: E731
    kept_by = getattr(gen, "kept_by", None)
    if kept_by is not None and plain and after_add is not None:
        # placements to empty sites kept by a condition's table of every empty site
        # (e.g. ``(is Connected ...)``'s ``after_add``) made for the kept sites only
        generate = _fused_keep(gen, keep, kept_by, after_add, auto)
    return PieceMovesV(generate,
                       for_piece=memo(lambda pid: filter_at(inner(pid), keep)),
                       reaches=reaches)


def _kept_by(table, region):
    """``kept_by(s, blocked)``: the mover's placements on the sites of ``region`` (only
    ever empty sites) whose ``blocked`` byte is 0, in the region's order."""
    def kept_by(s, blocked, empty=None):
        row = table[s.who]
        if row is None:
            return []
        return [row[x] for x in region(s) if not blocked[x]]

    flags = getattr(region, "flags", None)
    if flags is not None:
        return _kept_by_flags(table, flags, kept_by)
    return kept_by


def _kept_by_flags(table, flags, slow):
    """``kept_by`` picked in C from the region's sites as an integer (a byte per site,
    in site order) and the table's unblocked sites: ``compress`` over the mover's row of
    moves, no loop over the sites in Python. For a region given as flags (``flags(s, empty)``: an integer with a
    byte 1 per site of the region, in site order, or None: ``slow`` answers; ``empty``:
    the position's empty sites as bytes when known, else None); ``table[p]`` holds
    player p's move per site."""
    n = max((len(r) for r in table if r is not None), default=0)

    def kept_by(s, blocked, empty=None):
        row = table[s.who]
        if row is None:
            return []
        f = flags(s, empty)
        if f is None or len(blocked) != n:
            return slow(s, blocked)
        f &= int.from_bytes(blocked.translate(EMPTY_FLAG), "little")
        return list(compress(row, f.to_bytes(n, "little")))

    return kept_by


def _fused_keep(gen, keep, kept_by, after_add, auto):
    """``keep(s, gen(s))`` when the condition answers every empty site at once by a
    table: the placements made for the sites it keeps only, in one comprehension; the sites
    it leaves open taken as an integer when it has them (``allowed``) and ``kept_by``
    takes them (``kept_by.by_allowed``)."""
    by_allowed = getattr(kept_by, "by_allowed", None)

    def generate(s):
        if auto is not None and auto():
            return gen(s)  # as in Ludii, a condition known to hold keeps every move
        decide = after_add(s)
        blocked = getattr(decide, "blocked", None) if decide is not None else None
        if blocked is not None:
            allowed = getattr(decide, "allowed", None)
            if allowed is not None and by_allowed is not None:
                return by_allowed(s, blocked, allowed)
            return kept_by(s, blocked, getattr(decide, "empty", None))
        return keep(s, gen(s))

    return generate


def _kept_lists_slot(g) -> int:
    """The state's slot for placements kept from one position to the next: [hash of the
    pieces, per player its moves, the sites they go to], copied with the state."""
    return g.add_aux(lambda: [None, None, None],
                     lambda a: [a[0], [x[:] if x is not None else None for x in a[1]]
                                if a[1] is not None else None,
                                a[2][:] if a[2] is not None else None])


def _add_to_empty(c: CompileContext, table: list, empty_range: tuple[int, int]):
    """"Place on any empty site", kept incrementally: each state carries every player's
    move list; when the position differs from the cached one by exactly one added piece
    (checked with the Zobrist hash) that site's moves are dropped, otherwise the lists
    are rebuilt from the board in C (itertools.compress)."""
    g = c.game
    first, stop = empty_range
    rows = [r[first:stop] if r is not None else None for r in table]
    players = [p for p in range(len(rows)) if rows[p] is not None]
    zobrist, zmover = g.zobrist, g.zobrist_mover
    # [hash of the pieces, per player its moves, the empty sites]: every player's list
    # holds one move per empty site, in site order, so the lists go index for index
    slot = _kept_lists_slot(g)
    board_sites = range(first, stop)

    def rebuild(s, cache, pieces_hash):
        empty = list(map(not_, s.what[first:stop]))
        cache[1] = [list(compress(r, empty)) if r is not None else None for r in rows]
        cache[2] = list(compress(board_sites, empty))
        cache[0] = pieces_hash

    def gen(s):
        cache = s.aux[slot]
        pieces_hash = s.hash ^ zmover[s.mover]
        if cache[0] != pieces_hash:
            hist = s.history
            x = hist[-1].to if hist else -1
            p = s.what[x] if x >= 0 else 0
            if cache[1] is not None and p and first <= x < stop and \
                    cache[0] ^ zobrist[x][p] == pieces_hash:
                empty = cache[2]
                i = bisect_left(empty, x)  # the site's index in every player's list
                if i < len(empty) and empty[i] == x:
                    del empty[i]
                    lists = cache[1]
                    for q in players:
                        del lists[q][i]
                    cache[0] = pieces_hash
                else:
                    rebuild(s, cache, pieces_hash)
            else:
                rebuild(s, cache, pieces_hash)
        mine = cache[1][s.who]
        return mine[:] if mine is not None else []

    gen.kept_by = _kept_empty_by(table, first, stop)
    return gen


def _kept_empty_by(table, first: int, stop: int):
    """``kept_by(s, blocked)`` for the placements on the empty sites of [first, stop):
    the empty sites whose ``blocked`` byte is 0, picked in C."""
    n = max((len(r) for r in table if r is not None), default=0)
    keep = (1 << (8 * stop)) - (1 << (8 * first))

    def kept_by(s, blocked, empty=None):
        row = table[s.who]
        if row is None:
            return []
        w = s.what
        if len(blocked) == n:
            if empty is None or len(empty) != n:
                try:
                    empty = bytes(w[:n]).translate(EMPTY_FLAG)
                except (ValueError, TypeError):     # values beyond a byte
                    empty = None
            if empty is not None:
                f = int.from_bytes(empty, "little") & keep & \
                    int.from_bytes(blocked.translate(EMPTY_FLAG), "little")
                return list(compress(row, f.to_bytes(n, "little")))
        return [row[x] for x in range(first, stop) if not w[x] and not blocked[x]]

    def by_allowed(s, blocked, allowed: int):
        """``kept_by`` given the empty sites not blocked as an integer, one byte 1 a
        site (the table's ``allowed``)."""
        row = table[s.who]
        if row is None:
            return []
        if len(blocked) != n:
            return kept_by(s, blocked)
        return list(compress(row, (allowed & keep).to_bytes(n, "little")))

    kept_by.by_allowed = by_allowed
    return kept_by


def _add_to_lowest_empty(c: CompileContext, table: list, to: RegionV):
    """Placements on the first empty site of each line (``RegionV.lowest_empty``: the
    sites a dropped piece lands on), kept incrementally as ``_add_to_empty`` keeps its
    own: each state carries every player's moves, one per line that has an empty site,
    in the region's order. When the position differs from the cached one by exactly one
    added piece (checked with the Zobrist hash), a piece on a line's listed site moves
    that line's site on to the next empty one along it (or drops the line once it is
    full) and a piece anywhere else changes nothing; otherwise the lists are rebuilt
    from the board."""
    g = c.game
    n = g.board.n_sites
    lines, lowest = to.lowest_empty, to.fn
    players = [p for p in range(len(table)) if table[p] is not None]
    zobrist, zmover = g.zobrist, g.zobrist_mover
    nxt = [-1] * n  # the site after each one along its line
    for line in lines:
        for a, b in zip(line, line[1:], strict=False):
            nxt[a] = b
    # [hash of the pieces, per player its moves, the sites they go to]
    slot = _kept_lists_slot(g)

    def rebuild(s, cache, pieces_hash):
        sites = lowest(s)
        cache[1] = [[r[x] for x in sites] if r is not None else None for r in table]
        cache[2] = sites
        cache[0] = pieces_hash

    def gen(s):
        cache = s.aux[slot]
        pieces_hash = s.hash ^ zmover[s.mover]
        if cache[0] != pieces_hash:
            hist = s.history
            x = hist[-1].to if hist else -1
            w = s.what
            p = w[x] if 0 <= x < n else 0
            if p and cache[1] is not None and cache[0] ^ zobrist[x][p] == pieces_hash:
                sites = cache[2]
                if x in sites:
                    i = sites.index(x)  # the line's index in every player's list
                    y = nxt[x]
                    while y >= 0 and w[y]:
                        y = nxt[y]
                    lists = cache[1]
                    if y >= 0:
                        sites[i] = y
                        for q in players:
                            lists[q][i] = table[q][y]
                    else:
                        del sites[i]
                        for q in players:
                            del lists[q][i]
                cache[0] = pieces_hash
            else:
                rebuild(s, cache, pieces_hash)
        mine = cache[1][s.who]
        return mine[:] if mine is not None else []

    return gen
