"""Shooting a piece along a line: ``(move Shoot ...)``, as in Ludii (the arrow an
Amazon shoots after moving). The lines are the board's ray tables; each site reached
is a placement of the piece shot, interned at compile time."""

from __future__ import annotations

from ludeme.compile import slidelists
from ludeme.compile.compiler import CompileContext
from ludeme.compile.fold import site_table
from ludeme.compile.moveparts import BETWEEN, FROM, TO
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.moves.generators import make_add_act
from ludeme.ludemes.moves.promote import piece_id_of_name, piece_named
from ludeme.runtime import occupancy
from ludeme.runtime.move import Move


@ludeme("move Shoot", T.Moves, lazy=True,
        ludii="The piece is named by (piece \"Name\"); a site type is not supported.")
def move_shoot(c: CompileContext, what: T.Item = None, from_: FROM = None,
               directions: T.Direction = None, between: BETWEEN = None, to: TO = None, *,
               then: T.Effect = None):
    """Place the piece ``(piece "Name")`` names on a site along a line from ``(from
    <site>)`` (``(last To)`` by default) in ``directions`` (every adjacent one by
    default): on each site as far as ``(to if:<cond>)`` holds (by default: as far as
    the sites are empty), the first that fails ending the line. As in Ludii,
    ``(between ...)`` is accepted and has no effect. A name of the equipment
    (``"Dot0"``) is that piece; a kind (``"Arrow"``) is the mover's (or the shared)
    piece of that kind.

    ``(move Shoot (piece "Dot0"))``"""
    name = piece_named(c, what, "(move Shoot ...) needs the piece it shoots")
    pieces = c.pieces
    board = c.require_board()
    n = board.n_sites
    if piece_id_of_name(pieces, name):
        per_player = [piece_id_of_name(pieces, name)] * (c.num_players + 1)
    elif name in pieces.kind_names:
        per_player = [pieces.find(name, p) or pieces.find(name, 0)
                      for p in range(c.num_players + 1)]
    else:
        from ludeme.errors import suggest

        c.fail(f"no piece '{name}' in the equipment",
               suggest(name, pieces.names[1:] + pieces.kind_names))
    if from_ is not None:
        part = c.compile(from_, FROM)
        if part.site is None or part.cond is not None:
            c.fail("(move Shoot ...) shoots from one site: (from (last To))")
        origin = part.site.fn
    else:
        origin = lambda s: s.history[-1].to if s.history else -1  # noqa: E731
    last_to = from_ is None
    dirs = c.compile(directions, T.Direction) if directions is not None else None
    dirs = dirs if dirs else board.directions["Adjacent"]
    if between is not None:
        c.compile(between, BETWEEN)  # checked, and unused, as in Ludii
    rule = c.compile(to, TO).cond if to is not None else None
    thenfn = c.compile(then, T.Effect).fn if then is not None else None
    act = make_add_act(c)
    shot = sorted({pid for pid in per_player[1:] if pid})
    interned = MoveTable(c.game, lambda x, pid: Move("add", -1, x, pid, 0, act, thenfn),
                         lambda: ((x, pid) for pid in shot for x in range(n)))
    table = [[interned[x, pid] for x in range(n)] if pid else None for pid in per_player]
    rays = board.lines_of(dirs)
    if rule is None:
        def go(s, x):
            return not s.what[x]
    else:
        fixed = site_table(rule.fn, "to", n)
        test = rule.fn
        if fixed is not None:
            def go(s, x):
                return fixed[x]
        else:
            def go(s, x):
                s.to = x
                return test(s)

    if rule is None and all(len(set().union(*rs)) == sum(map(len, rs)) for rs in rays):
        # the default (sites Empty) along lines that never meet: per origin and line, the
        # shots landing before each site and all of them, made once (as slides walk them)
        lines: dict[int, list] = {}

        def lines_of(pid: int) -> list:
            got = lines.get(pid)
            if got is None:
                row = interned_row[pid]
                got = lines[pid] = [
                    tuple((ray, {x: tuple(row[y] for y in ray[:i]) for i, x in enumerate(ray)},
                           tuple(row[y] for y in ray)) for ray in rays[frm])
                    for frm in range(n)]
            return got

        bits_of = None
        interned_row = {pid: [interned[x, pid] for x in range(n)] for pid in shot}
        by_player = [lines_of(pid) if pid else None for pid in per_player]
        # per player, per origin, per line: its mask in the board's occupancy and the
        # shots by the bit length of the line's occupied sites there, as plain slides
        # read them (ludeme.compile.slidelists), when every line's sites rise or fall:
        # each line's first occupied site found in the board's occupancy read as bits
        entries = {pid: [[slidelists.ray_entry(ray, [interned_row[pid][y] for y in ray], n)
                          for ray in rays[frm]] for frm in range(n)] for pid in shot}
        if all(e[3] is not None for es in entries.values() for row in es
                        for e in row):
            bits_of = [[tuple((e[3], slidelists.by_index(e[4])) for e in row)
                        for row in entries[pid]] if pid
                       else None for pid in per_player]

            def gen_bits(s):
                mine = bits_of[s.who]
                if last_to:  # (last To), read here rather than by a call
                    history = s.history
                    frm = history[-1].to if history else -1
                else:
                    frm = origin(s)
                if mine is None or not 0 <= frm < n:
                    return []
                board = s.occ
                if board is None:  # not kept: made from the board (runtime.occupancy)
                    board = occupancy.read(s)
                    if board is None:  # a value beyond a byte
                        return gen_free(s)
                out: list[Move] = []
                extend = out.extend
                for mask, by_length in mine[frm]:
                    extend(by_length[(board & mask).bit_length()])
                return out

        def gen_free(s):
            mine = by_player[s.who]
            frm = origin(s)
            if mine is None or not 0 <= frm < n:
                return []
            w = s.what
            out: list[Move] = []
            for ray, before, free in mine[frm]:
                for x in ray:
                    if w[x]:
                        out.extend(before[x])
                        break
                else:
                    out.extend(free)
            return out

        return MovesV(gen_bits if bits_of is not None else gen_free)

    def gen(s):
        row = table[s.who]
        frm = origin(s)
        if row is None or not 0 <= frm < n:
            return []
        out: dict[Move, None] = {}
        for ray in rays[frm]:
            for x in ray:
                if not go(s, x):
                    break
                out[row[x]] = None
        return list(out)

    return MovesV(gen)
