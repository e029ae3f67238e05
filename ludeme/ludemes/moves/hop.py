"""Hopping over pieces: ``(move Hop ...)``, as in Ludii (jumping captures, peg
solitaire, the hunt games).

A hop goes along a line from the piece: past at most ``before:`` sites that meet the
landing rule, over a hurdle of consecutive sites meeting ``(between if:...)`` (one by
default, ``(range min max)`` otherwise), and lands on a site just after it (or up to
``after:`` sites further on, each meeting the landing rule). The lines and the interned
moves are tables built at compile time. In the common case (the hurdle next to the
piece, one site long, landing just behind it) the rules for the hurdle and for the
landing site are folded into tables indexed by site and piece, so generating a hop is
two lookups per direction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ludeme.compile.compiler import CompileContext, victims_in_turn
from ludeme.compile.directions import LAST_MOVE, last_move_directions
from ludeme.compile.fold import site_piece_table
from ludeme.compile.moveparts import BETWEEN, FROM, TO
from ludeme.compile.movetable import MoveTable
from ludeme.compile.piecemoves import describe, memo
from ludeme.compile.piecescan import scan_every
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move


def _site_test(c: CompileContext, fn: Callable | None, variable: str) -> Callable:
    """``test(state, site)``: ``fn`` with the site bound to ``variable``; a table lookup
    when ``fn`` reads only that site, the piece on it and the mover."""
    if fn is None:
        return lambda s, x: True
    n = c.require_board().n_sites
    np = len(c.pieces.names)
    table = site_piece_table(fn, variable, n, np, c.game.next_of)
    if table is not None:
        def lookup(s, x):
            return table[s.who][x * np + s.what[x]]

        lookup.table = table  # generators may index it themselves: see move_hop
        return lookup
    if variable == "to":
        def test_to(s, x):
            s.to = x
            return fn(s)

        return test_to

    def test_between(s, x):
        s.between = x
        return fn(s)

    return test_between


@ludeme("hop", T.Moves, ludii="Ludii's other spelling of (move Hop ...), as its defines use it.")
@ludeme("move Hop", T.Moves, ludii="before:, after: and "
        "the hurdle's (range ...) must be numbers known when the game is compiled.")
def move_hop(c: CompileContext, from_: (FROM, T.Site) = None, directions: T.Direction = None,
             between: BETWEEN = None, to: TO = None, *, stack: T.Bool = False,
             then: T.Effect = None):
    """Hop over a hurdle along a line (every adjacent direction by default) and land
    beyond it. The hurdle is the sites meeting ``(between if:<cond>)`` (any site when no
    condition is given), with ``(between)`` bound to each; ``(between (apply
    <effect>))`` acts on each of them (``(apply (remove (between)))`` captures it).
    ``(to if:<cond>)`` is where the hop may land (``(to)`` bound to the site). As in
    Ludii: the hurdle must be next to the piece unless ``(between before:n)`` lets the
    piece first pass up to ``n`` sites meeting the landing rule; it is one site long
    unless ``(range min max)`` says otherwise; the hop lands just behind it unless
    ``(between after:n)`` lets it go up to ``n`` sites further, over sites meeting the
    landing rule. ``(to (apply if:<cond>))`` instead lands on the first site behind the
    hurdle that fails ``(to if:...)`` but meets ``<cond>``, without acting on the
    hurdle, and ``(to (apply <effect>))`` acts on the landing site. A piece standing
    where it lands is taken. Inside a ``(piece ...)`` the hop starts from that piece;
    otherwise from every piece of the mover (or those of ``(from ...)``). ``then:`` runs
    after the move with ``(last To)`` its destination. ``SameDirection`` and
    ``OppositeDirection`` among the directions are the line of the last move, from its
    start through its end, or back (Ludii's capture sequences). In a game with stacks
    the top piece hops, or the whole stack with ``stack:True``, as in Ludii.

    ``(move Hop Diagonal (between if:(is Enemy (who at:(between))) (apply (remove
    (between)))) (to if:(is Empty (to))))``"""
    # imported here, not at the top: importing sliding registers its move parts, and the
    # checker tries overloads in registration order ((to) the site before (to) the part)
    from ludeme.ludemes.moves.slide import make_move_act, piece_moves
    from ludeme.ludemes.moves.step import then_after

    if to is None:
        c.fail("(move Hop ...) needs (to ...): where the piece may land",
               "e.g. (move Hop (between if:(is Enemy (who at:(between)))) "
               "(to if:(is Empty (to))))")
    board = c.require_board()
    n = board.n_sites
    dirs = directions if directions else board.directions["Adjacent"]
    before = between.before if between is not None else 0
    after = between.after if between is not None else 0
    longest = between.max if between is not None and between.max is not None else 1
    shortest = between.min if between is not None and between.min is not None else 1
    if shortest > longest:
        c.fail(f"a hurdle of at least {shortest} and at most {longest} sites is impossible")
    if shortest == 0:
        c.fail("a hurdle of length 0 (a plain step) is not supported in (move Hop ...)",
               "write the step as (move Step ...) next to the hop")
    hurdle_fn = between.cond.fn if between is not None and between.cond is not None else None
    side = between.effect if between is not None else None
    go_fn = to.cond.fn if to.cond is not None else None
    stop_fn = to.apply.cond.fn if to.apply is not None and to.apply.cond is not None else None
    stop_effect = to.apply.effect if to.apply is not None else None
    hurdle = _site_test(c, hurdle_fn, "between")
    go = _site_test(c, go_fn, "to")
    stop = _site_test(c, stop_fn, "to") if stop_fn is not None else None

    base_act = make_move_act(c, bool(getattr(stack, "value", stack)))
    side_fn = side.fn if side is not None else None
    land_fn = stop_effect.fn if stop_effect is not None else None

    def act(s, m):
        # as in Ludii, the effects on the hurdle come first, then the effect on the
        # landing site, then the move itself
        if side_fn is not None:
            for x in m.extra:
                s.between = x
                side_fn(s)
        if land_fn is not None:
            s.to = m.to
            land_fn(s)
        base_act(s, m)

    thenfn = then.fn if then is not None else None
    side_victims = side.victims if side is not None else None
    land_victims = stop_effect.victims if stop_effect is not None else None

    def hurdle_victims(s):
        if side_victims is None:
            return []
        out = []
        for x in s.history[-1].extra:
            s.between = x
            out.extend(side_victims(s))
        return out

    takes = victims_in_turn([hurdle_victims if side_victims is not None else None,
                             land_victims, then.victims if then is not None else None])
    # the direction of the last move, or its opposite (Ludii's SameDirection and
    # OppositeDirection): known only when the moves are generated
    along_last = last_move_directions(board, [d for d in dirs if d in LAST_MOVE])
    if any(d in LAST_MOVE for d in dirs):
        dirs = tuple(d for d in dirs if d not in LAST_MOVE)
    # every line from each site along dirs (a relation's own, Ludii's radials)
    step_rays = board.lines_of(dirs)
    rays = [tuple(r for r in step_rays[x] if len(r) >= 2) for x in range(n)]
    # the lines a hop may follow, for the table of its moves
    key_rays = rays if along_last is None else [
        tuple(r for r in (board.ray[d][x] for d in dict.fromkeys(
            dirs + board.directions["Adjacent"])) if len(r) >= 2) for x in range(n)]

    exact = between.length if between is not None else None
    simple = before == 0 and after == 0 and longest == 1 and stop is None and exact is None \
        and along_last is None

    keep = side_fn is not None  # a hop that acts on its hurdle names the hurdle's sites

    def hops():
        """Every (origin, landing, hurdle) a hop can make: past ``i <= before`` sites,
        over ``h`` hurdle sites, landing up to ``after`` sites beyond them."""
        for frm in range(n):
            for ray in key_rays[frm]:
                size = len(ray)
                for i in range(min(before, size - 1) + 1):
                    for h in range(shortest, longest + 1):
                        taken = ray[i:i + h] if keep else ()
                        for a in range(i + h, min(i + h + after, size - 1) + 1):
                            yield frm, ray[a], taken
                            if stop is not None and keep:
                                yield frm, ray[a], ()

    # any piece may hop when the hop stands alone (no piece of its own)
    interned = MoveTable(
        c.game, lambda frm, x, hurdles, pid: Move("move", frm, x, pid, hurdles, act, thenfn,
                                                  takes),
        lambda: ((*hop, pid) for pid in range(1, len(c.pieces.names)) for hop in hops()))

    def for_piece(pid: int):
        def move(frm, x, hurdles):
            return interned[frm, x, hurdles, pid]

        if simple:
            entries = [tuple((r[0], r[1], move(frm, r[1], (r[0],)) if side_fn is not None
                              else move(frm, r[1], ())) for r in rays[frm])
                       for frm in range(n)]

            def at(s, frm, out):
                s.frm = frm  # for a rule that reads (from) and was not folded
                for b, x, m in entries[frm]:
                    if hurdle(s, b) and go(s, x):
                        out.append(m)

            hurdle_table = getattr(hurdle, "table", None)
            go_table = getattr(go, "table", None)
            if hurdle_table is not None and go_table is not None:
                np = len(c.pieces.names)
                # both tests folded into site-and-piece tables: indexed here, no calls
                # (else a call per test: ``at`` above)
                indexed = [tuple((b, b * np, x, x * np, m) for b, x, m in row)
                           for row in entries]

                def at(s, frm, out):  # noqa: F811 - the same test, from the tables
                    w = s.what
                    ht, gt = hurdle_table[s.who], go_table[s.who]
                    for b, bp, x, xp, m in indexed[frm]:
                        if ht[bp + w[b]] and gt[xp + w[x]]:
                            out.append(m)

                def many(s, frms, out):
                    # ``at`` for each of the sites in turn, in one call
                    w = s.what
                    ht, gt = hurdle_table[s.who], go_table[s.who]
                    append = out.append
                    for frm in frms:
                        for b, bp, x, xp, m in indexed[frm]:
                            if ht[bp + w[b]] and gt[xp + w[x]]:
                                append(m)

                at.many = many
                # every such piece's hops in one generated scan (compile.piecescan)
                at.every = scan_every(pid, np, [[(b, x) for b, x, _ in row]
                                                for row in entries],
                                      [[m for _, _, m in row] for row in entries],
                                      (hurdle_table, go_table))

            possible = [frozenset(m for _, _, m in row) for row in entries]
        else:
            def at(s, frm, out):
                # hurdles of different lengths may land on one site: as Ludii compares
                # moves by their sites, such a hop is one move (when nothing is taken)
                s.frm = frm
                mine: list[Move] = []
                lines = rays[frm] if along_last is None else rays[frm] + along_last(s, frm)
                if exact is None:
                    for ray in lines:
                        _walk(s, frm, ray, mine, shortest, longest)
                else:
                    k = exact(s)
                    if k == 0:  # as in Ludii, a hurdle of no site is a step
                        for ray in step_rays[frm]:
                            if go(s, ray[0]):
                                mine.append(move(frm, ray[0], ()))
                    elif k > 0:
                        for ray in lines:
                            _walk(s, frm, ray, mine, k, k)
                out.extend(dict.fromkeys(mine))

            def _walk(s, frm, ray, out, shortest, longest):
                size = len(ray)
                i = 0
                while i < size:
                    b = ray[i]
                    if hurdle(s, b):
                        length, j = 1, i + 1
                        while j < size and length < longest and hurdle(s, ray[j]):
                            length += 1
                            j += 1
                        if length < shortest:
                            return
                        for k in range(length - shortest, -1, -1):
                            taken = ray[i:i + length - k] if keep else ()
                            a = j - k
                            while a < size:
                                x = ray[a]
                                if not go(s, x):
                                    if stop is not None and stop(s, x):
                                        out.append(move(frm, x, ()))
                                    break
                                if stop is None:
                                    out.append(move(frm, x, taken))
                                if a - j + 1 > after - k:
                                    break
                                a += 1
                        return
                    if i + 1 > before or not go(s, b):
                        return
                    i += 1

            possible = None

        return describe(at, anchored=True, possible=possible)

    for_piece = memo(for_piece)
    # the same hops with more consequences, for (forEach Piece ... (then ...))
    return replace(piece_moves(c, for_piece, from_), rethen=lambda more: move_hop(
        c, from_, directions, between, to, stack=stack, then=then_after(then, more)))


move_hop.last_move_directions = True
move_hop.per_facing = True  # relative directions: see ludeme.compile.directions
