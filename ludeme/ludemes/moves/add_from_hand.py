"""Placing pieces from a hand, optionally turned to point at a neighbour.

``(move Add (handSite Mover) (to (sites Empty)) rotations:Orthogonal facing:<region>)``
places one piece of any kind the mover still holds, on a ``to`` site, pointing in one
of the ``rotations`` directions at a neighbour in ``facing``. The direction is stored
in ``state.rot`` (1..8 for N NE E SE S SW W NW) and printed after the site (``2c3n``).

(This module is loaded after ``moves``: the plain ``(move Add "Disc" (to ...))`` is
tried first, and forms whose first argument is a hand come here.)
"""

from __future__ import annotations

from bisect import bisect_left

from ludeme.board.graph import DIRECTIONS
from ludeme.compile.compiler import CompileContext, reads_mover
from ludeme.compile.moveacts import Facts, written_act
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.containers.hands import hand_players
from ludeme.runtime.move import Move

#: rotation index stored in ``state.rot`` for each compass direction (0 = not turned)
ROTATION = {d: i + 1 for i, d in enumerate(DIRECTIONS)}


@ludeme("move Add", T.Moves,
        ludii="Ludii places from a hand with (move (from (handSite Mover)) (to <region> "
              "(rotations Orthogonal))); hands here are counts, not sites, and facing: "
              "(which neighbours a turned piece may point at) is not in Ludii.")
def move_add_from_hand(c: CompileContext, where: T.Hand, piece: (T.Str, T.ListOf(T.Str)) = None,
                       to: T.Region = None, *, rotations: T.Direction = None,
                       facing: T.Region = None, then: T.Effect = None):
    """Place a piece from a hand (``(handSite Mover)``): one of each kind the hand still
    holds (only the kinds named by ``piece`` when given), on one of the ``to`` sites that
    is empty (a placement never replaces a piece, as in Ludii); the
    hand loses it. With ``rotations:`` the piece is also turned to one of those
    directions (``Orthogonal``: N, E, S, W), each a different move; with ``facing:`` only
    directions whose neighbour of the destination lies in that region are allowed (the
    piece must point at one of those sites). ``(ahead (to))`` is the site it points at."""
    if to is None:
        c.fail("(move Add ...) needs (to ...)")
    where = where.role
    # the hand is the mover's: act and the generator read s.who (compiler.reads_mover)
    mover_hand = reads_mover(where)
    g = c.game
    board = c.require_board()
    pieces = c.pieces
    if facing is not None and rotations is None:
        c.fail("facing: needs rotations: (the directions the piece may point in)")
    # which kinds this generator may place
    if piece is None:
        kinds = [k for k in pieces.kind_names]
    else:
        kinds = [piece] if isinstance(piece, str) else list(piece)
        for k in kinds:
            if k not in pieces.kind_names:
                from ludeme.errors import suggest

                c.fail(f"no piece '{k}' in the equipment", suggest(k, pieces.kind_names))
    players = hand_players(c, where)
    if not players and where.const != 0:
        c.fail("no player has a hand", "declare hands in the equipment: (hand Each)")
    # per hand owner: (kind index, piece id) for the kinds that player can hold
    owned: dict[int, list[tuple[int, int]]] = {}
    for p in set(players) | ({where.const} if where.const is not None else set()):
        row = []
        for k in kinds:
            pid = pieces.find(k, p) or pieces.find(k, 0)
            if pid:
                row.append((pieces.kind_index(k), pid))
        owned[p] = row
    if piece is not None and not any(owned.values()):
        c.fail("nobody can hold these pieces in hand")
    n_sites = board.n_sites
    z, zr = g.zobrist, g.zobrist_rot
    hand_fn = where.fn
    kind_of = [pieces.kind_index(pieces.kinds[i]) if i else -1 for i in range(len(pieces.names))]

    zh = g.zobrist_hand

    # placing keeps the hash's change of the piece on its site on the move
    # (``Move.keys``) and reads the hand's change per count from a table
    def keyed_of(m):
        to, p, r = m.to, m.piece, m.extra
        k = m.keys = z[to][p] ^ zr[to][r] if r else z[to][p]
        return k

    # per hand, per kind: the hash's change when a hand holding `count` pieces places
    # one, indexed by `count` (counts from 128 on are worked out as act does)
    changes = [[[keys[c & 63] ^ (keys[(c - 1) & 63] if c > 1 else 0) for c in range(128)]
                for keys in row] for row in zh]

    def write(p: str, f: Facts) -> list[str]:
        # keyed_act's lines (``compile.moveacts.written_act``)
        to, pc, owner, held, k, count = (p + x for x in ("to", "pc", "owner", "held", "k",
                                                          "count"))
        lines = [f"{to} = m.to",
                 f"{pc} = m.piece",
                 f"s.what[{to}] = {pc}",
                 "s.occ = None"]  # runtime.occupancy: not kept here
        if f.turns:  # (else every piece stays unturned: rot is 0 everywhere)
            lines.append(f"s.rot[{to}] = m.extra")
        return lines + [
            f"{owner} = {f.mover if mover_hand else p + 'hand_fn(s)'}",
            f"{held} = s.hand[{owner}]",
            f"{k} = {p}kind_of[{pc}]",
            f"{count} = {held}[{k}]",
            f"{held}[{k}] = {count} - 1",
            "try:",
            f"    {p}change = {p}changes[{owner}][{k}][{count}]",
            "except IndexError:",
            f"    {p}keys = {p}zh[{owner}][{k}]",
            f"    {p}change = {p}keys[{count} & 63] ^ {p}keys[({count} - 1) & 63]",
            f"s.hash ^= (m.keys or {p}keyed_of(m)) ^ {p}change"]

    act = written_act(g, write, dict(hand_fn=hand_fn, kind_of=kind_of, changes=changes,
                                     zh=zh, keyed_of=keyed_of),
                      dict(mover_hand=mover_hand))

    thenfn = then.fn if then is not None else None
    # the (rotation, neighbour) pairs each site may turn to
    if rotations is None:
        turns: list[tuple[tuple[int, int], ...]] = [((0, -1),)] * n_sites
    else:
        g.turns_pieces = True  # diagrams then show which way pieces point
        step = board.step["Adjacent"]
        dirs = [d for d in rotations if d in ROTATION]
        if not dirs:
            c.fail("rotations: takes compass directions (N, NE, ... or Orthogonal)")
        if facing is None:
            turns = [tuple((ROTATION[d], step[d][x]) for d in dirs) for x in range(n_sites)]
        else:
            turns = [tuple((ROTATION[d], step[d][x]) for d in dirs if step[d][x] >= 0)
                     for x in range(n_sites)]
    # moves[p][x * 9 + r] = the moves placing each kind p may hold, on x turned to r, as
    # (kind index, move) pairs; filtered by what the hand holds when generating
    interned = MoveTable(g, lambda x, pid, r: Move("add", -1, x, pid, r, act, thenfn),
                         lambda: ((x, pid, r) for row in owned.values() for _, pid in row
                                  for x in range(n_sites) for r, _ in turns[x]))
    moves: dict[int, list[tuple[tuple[int, Move], ...]]] = {}
    for p, row in owned.items():
        table = [()] * (n_sites * 9)
        for x in range(n_sites):
            for r, _ in turns[x]:
                table[x * 9 + r] = tuple(
                    (k, interned[x, pid, r]) for k, pid in row)
        moves[p] = table
    # bundles[(p, mask)][x * 9 + r]: the same restricted to the kinds in `mask`, so that
    # generating is one list extension per (site, direction); built when first needed
    bundles: dict[tuple[int, int], list[tuple[Move, ...]]] = {}

    def bundle(p: int, mask: int) -> list[tuple[Move, ...]]:
        b = [tuple(m for k, m in entry if mask >> k & 1) for entry in moves[p]]
        bundles[(p, mask)] = b
        return b

    region = to.fn
    if not to.known_empty():  # as in Ludii, a placement never replaces a piece
        anywhere = region

        def region(s):
            w = s.what
            return [x for x in anywhere(s) if not w[x]]

    face = facing.fn if facing is not None else None
    # incoming[y]: the (site, rotation) pairs that point at y, to walk from the sites
    # pointed at when there are fewer of them than destinations
    incoming: list[list[tuple[int, int]]] = [[] for _ in range(n_sites)]
    for x in range(n_sites):
        for r, y in turns[x]:
            if y >= 0:
                incoming[y].append((x, r))

    # (hand, its counts) -> its bundle (or None): the mask worked out once per content
    by_content: dict[tuple, list | None] = {}

    def held_bundle(s):
        """The moves of each slot for the kinds the hand to play from holds (None when
        it holds nothing), looked up by the hand's content."""
        p = s.who if mover_hand else hand_fn(s)
        key = (p, *s.hand[p])
        try:
            return by_content[key]
        except KeyError:
            pass
        if len(by_content) >= 4096:
            by_content.clear()          # bounded: hands of many pieces have many contents
        b = by_content[key] = held_mask_bundle(s, p)
        return b

    def held_mask_bundle(s, p):
        mask = 0
        for k, n in enumerate(s.hand[p]):
            if n > 0:
                mask |= 1 << k
        if not mask or p not in moves:
            return None
        return bundles.get((p, mask)) or bundle(p, mask)

    # the (destination, direction) pairs kept up to date from one position to the next
    # when the regions allow; their function lists the moves itself, one call a position,
    # for the mover's hand: the bundle looked up by its content (False when that content
    # is not known yet)
    held = (by_content.get, held_bundle) if mover_hand else None
    kept = _kept_pairs(c, to, facing, turns, incoming, n_sites, held)
    if kept is not None and held is not None:
        return MovesV(kept)
    if kept is not None:
        def gen_kept(s):
            b = held_bundle(s)
            if b is None:
                return []
            out: list[Move] = []
            for slot in kept(s):
                out += b[slot]
            return out

        return MovesV(gen_kept)

    def gen(s):
        b = held_bundle(s)
        if b is None:
            return []
        out: list[Move] = []
        if face is None:
            for x in region(s):
                base = x * 9
                for r, _ in turns[x]:
                    out += b[base + r]
            return out
        targets = face(s)
        dests = region(s)
        if len(targets) < len(dests):
            into = set(dests)
            for y in targets:
                if y >= len(incoming):
                    continue  # a hand's site faces no board site
                for x, r in incoming[y]:
                    if x in into:
                        out += b[x * 9 + r]
            return out
        pointed = set(targets)
        for x in dests:
            base = x * 9
            for r, y in turns[x]:
                if y in pointed:
                    out += b[base + r]
        return out

    return MovesV(gen)


def _kept_pairs(c: CompileContext, to, facing, turns, incoming, n_sites: int,
                held: tuple | None = None):
    """When the destinations are exactly the empty sites and the sites pointed at (if
    any) are read from the piece on them alone (``RegionV.by_piece``): a function of
    the state giving the slots ``x * 9 + r`` of the allowed (destination, direction)
    pairs in order, kept in the state from one position to the next; with ``held``
    (the look-up of the mover's bundle by ``(player, *hand)``, and the function that
    works it out), the moves of those slots for the kinds the mover holds instead. The cache is
    keyed by the board itself: when the board differs from the cached one by one piece
    added on the last move's destination, only the pairs at that site and those
    pointing at it change; otherwise (a capture, an edited position) it is rebuilt.
    None when the regions do not allow it."""
    if to.by_piece is None or (facing is not None and facing.by_piece is None) \
            or len(c.pieces.names) > 256:
        return None
    to_table, first, stop = to.by_piece
    if to_table[0] != 1 or any(to_table[1:]):
        return None                              # not exactly the empty sites
    if facing is None:
        face_ok = None
        pairs_at = [tuple(x * 9 + r for r, _ in turns[x]) if first <= x < stop else ()
                    for x in range(n_sites)]
    else:
        face_ok, f_first, f_stop = facing.by_piece
        pairs_at = [tuple(x * 9 + r for r, y in turns[x] if f_first <= y < f_stop)
                    if first <= x < stop else () for x in range(n_sites)]
        # the pairs pointing at y: (destination, slot)
        into = [tuple((x, x * 9 + r) for x, r in incoming[y] if first <= x < stop)
                if f_first <= y < f_stop else () for y in range(n_sites)]
    step_of = {}
    for x in range(n_sites):
        for r, y in turns[x]:
            step_of[x * 9 + r] = y
    # per piece id, 1 when a site holding it may be pointed at: the pairs worked out from
    # scratch from the sites pointed at when they are fewer than the empty sites
    targets_flag = bytes(1 if p < len(face_ok) and face_ok[p] else 0 for p in range(256)) \
        if face_ok is not None else None
    # [the board it was worked out for (a copy of ``state.what``, changed in place), the
    # slots allowed there, in order, what ``has_moves`` kept for the draw or None]
    slot = c.game.add_aux(lambda: [None, None, None],
                          lambda a: [a[0][:], a[1][:], a[2]] if a[0] is not None
                          else [None, None, None])

    def rebuild(w) -> set:
        if face_ok is None:
            return {i for x in range(first, stop) if not w[x] for i in pairs_at[x]}
        if targets_flag is not None:
            # fewer sites pointed at than empty sites: from the sites pointed at, found
            # in C from a byte per site (1 where its piece may be pointed at)
            try:
                flags = bytes(w[f_first:f_stop]).translate(targets_flag)
            except ValueError:               # a value beyond a byte: walk the empty sites
                flags = None
            if flags is not None and flags.count(1) < bytes(w[first:stop]).count(0):
                out = set()
                y = flags.find(1)
                while y >= 0:
                    for x, i in into[y + f_first]:
                        if not w[x]:
                            out.add(i)
                    y = flags.find(1, y + 1)
                return out
        return {i for x in range(first, stop) if not w[x] for i in pairs_at[x]
                if face_ok[w[step_of[i]]]}

    lookup, held_bundle = held if held is not None else (None, None)

    def slots(s):
        """The allowed slots, in increasing order (a list the next call may change)."""
        cache = s.aux[slot]
        w = s.what
        old = cache[0]
        ordered = None
        if old is not None:
            hist = s.history
            x = hist[-1].to if hist else -1
            if 0 <= x < n_sites and not old[x]:
                # the board may differ from the cached one by a piece added on the last
                # move's destination alone: put it in the copy and compare the whole
                p = old[x] = w[x]
                if p and old == w:
                    # the slots that change: x's own (one run of slots x * 9 + r), and the
                    # pairs pointing at x when it became or stopped being a target
                    ordered = cache[1]
                    cache[2] = None  # the draw's stash is of another board
                    if first <= x < stop:
                        j = bisect_left(ordered, x * 9)
                        k = bisect_left(ordered, x * 9 + 9, j)
                        if j < k:
                            del ordered[j:k]
                    if face_ok is not None and face_ok[0] != face_ok[p]:
                        if face_ok[0]:                   # x stopped being a target
                            gone = {i for _, i in into[x]}
                            if gone:
                                ordered[:] = [i for i in ordered if i not in gone]
                        else:                            # x became one
                            n = len(ordered)
                            for y, i in into[x]:         # (a loop: no comprehension's call)
                                if not w[y]:
                                    ordered.append(i)
                            if len(ordered) != n:
                                ordered.sort()
            elif old == w:
                ordered = cache[1]
        if ordered is None:
            cache[0] = w[:]
            ordered = cache[1] = sorted(rebuild(w))
            cache[2] = None
        return ordered

    if lookup is None:
        return slots

    def kept(s):
        """The mover's moves on the allowed slots, in order."""
        ordered = slots(s)
        p = s.who
        b = lookup((p, *s.hand[p]), False)
        if b is False:
            b = held_bundle(s)
        if b is None:
            return []
        out: list[Move] = []
        for i in ordered:
            out += b[i]
        return out

    # ``has_moves(s)`` and ``drawn(s, bits)``: the move a uniform draw picks from the
    # moves kept lists (``moves[r]``, r drawn by rejection from ``bits``), without listing
    # them; ``search._plain_playout`` and the ordered turn's pass over stuck players use
    # them. Every slot's bundle holds one move per kind the hand holds (the same kinds at
    # every (destination, direction)), so the r-th move kept lists is the (r % m)-th of
    # slot ordered[r // m], m the bundle's size at any slot
    def has_moves(s):
        ordered = slots(s)
        if not ordered:
            return False
        p = s.who
        b = lookup((p, *s.hand[p]), False)
        if b is False:
            b = held_bundle(s)
        m = len(b[ordered[0]]) if b is not None else 0
        if not m:
            return False
        # kept for the draw that follows, with the position's hash (which covers
        # the board, the hands and the mover): the bundle, its size at a slot, the
        # number of moves and its bit length
        k = len(ordered) * m
        s.aux[slot][2] = (s.hash, b, m, k, k.bit_length())
        return True

    def drawn(s, bits):
        cache = s.aux[slot]
        kept_for = cache[2]
        if kept_for is None or kept_for[0] != s.hash:
            if not has_moves(s):
                return None
            kept_for = cache[2]
        _, b, m, k, n = kept_for
        r = bits(n)
        while r >= k:
            r = bits(n)
        return b[cache[1][r // m]][r % m] if m > 1 else b[cache[1][r]][0]

    kept.drawn = drawn
    kept.has_moves = has_moves

    return kept

