"""Plain slides listed by reading the board as bits.

A plain slide (``(move Slide ...)`` whose rules are folded into its ray tables, see
``ludeme.ludemes.moves.slide``) of the piece on a site depends on nothing but that piece
and the first occupied site of each of its rays: it lands on the sites before it (the
landing rule being folded in the tables), or on the whole ray when none is occupied.
``(forEach Piece)``, when every piece of the mover slides so, reads the board as an
integer and finds each ray's first occupied site with integer operations in C instead of
a loop over its sites. The integer holds the occupied sites twice, a bit each: site
``x`` is the bit ``n - 1 - x`` of the low half and the bit ``n + x`` of the high half.
Along a ray of rising site numbers the nearest occupied site is the highest bit of the
ray's sites in the low half; along a ray of falling numbers, the highest in the high
half: either way ``(board & mask).bit_length()``, and the ray's table maps it (0 when the
ray is free) to the moves landing before that site, made once. The integer, and the
sites of each piece id (which give the mover's pieces, lowest bit first), are kept on
the state from one position to the next (``ludeme.runtime.occupancy``): a listing
starts with no pass over the board.

The generated listing finds the mover's pieces a byte of ``State.placed`` at a time.

Rays whose site numbers do not rise or fall steadily (an irregular board), and boards
holding a value beyond a byte, are walked site by site.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from itertools import compress

from ludeme.runtime import occupancy
from ludeme.runtime.move import Move

# the slides read as bits are listed by a generated function that reads a piece's rays
# one after the other without a loop over them (the origins with fewer rays padded with
# rays that give no move), the moves by bit length from tuples (``unrolled``); the loop
# over the rays of ``lister``'s ``moves`` lists them when no piece slides

# the generated listings find the mover's pieces a byte of ``State.placed`` at a time,
# the entries of each byte's sites looked up by its value, on boards of at most this
# many bytes of sites (else a bit at a time)
BYTES_UNROLLED = 16

# the listings made here read nothing of the state but the board and the mover
# (``State.who``): they are marked ``mover_only``, which lets ``(no Moves Next)`` list
# the next player's moves without setting the rest of its context
# (``structure.MOVER_ONLY``)

# the generated listings read a ray that some origin lacks (padded with a ray of mask 0)
# only when its mask is not 0

# the generated listings read an origin's rays two at a time: the moves of a pair of
# rays joined in order, in a table indexed by the first ray's bit length and then the
# second's, so that a pair is one ``extend`` (``_paired``), where the pairs' tables hold
# at most this many entries in all (a bound on the memory: 8 bytes an entry), else the
# rays are read one by one
PAIRED_CELLS = 1 << 20

# one entry per ray of an origin: the ray's sites; per site, the moves landing before it
# (taken when it is the first occupied site); the moves of the free ray; the ray's mask
# in the board read as bits and the moves by the ``bit_length`` of the ray's occupied
# sites there (0: none), or None when its site numbers neither rise nor fall
RayEntry = tuple[tuple[int, ...], dict, tuple, int | None, dict | None]

def ray_entry(ray: tuple[int, ...], landing: Sequence[Move | None], n: int) -> RayEntry:
    """The entry of one ray on a board of ``n`` sites, ``landing[i]`` the move landing
    on ``ray[i]`` (None where the piece may pass but not land)."""
    before = {x: tuple(m for m in landing[:i] if m is not None) for i, x in enumerate(ray)}
    free = tuple(m for m in landing if m is not None)
    steps = [b - a for a, b in zip(ray, ray[1:], strict=False)]
    if all(d > 0 for d in steps):
        bit = {x: n - 1 - x for x in ray}  # rising: the nearest is the highest, low half
    elif all(d < 0 for d in steps):
        bit = {x: n + x for x in ray}  # falling: the nearest is the highest, high half
    else:
        return ray, before, free, None, None
    mask = 0
    for x in ray:
        mask |= 1 << bit[x]
    by_length = {0: free} | {bit[x] + 1: before[x] for x in ray}
    return ray, before, free, mask, by_length


def walk(entries: Sequence[RayEntry], w: list, out: list) -> None:
    """Append the moves of one origin's rays in the position ``w``, site by site."""
    for ray, before, free, _, _ in entries:
        for x in ray:
            if w[x]:
                out.extend(before[x])
                break
        else:
            out.extend(free)


def lister(rays: list[list], moving: list[list[bool]], n: int) -> Callable:
    """``moves(state)``: the slides of every piece of the mover (``state.who``) that
    moves, in site order, each piece's in its rays' order; ``rays[who][pid][site]`` the
    entries of the piece ``pid`` on ``site``."""
    sites = range(n)
    getters = [row.__getitem__ for row in moving]

    # per player, a board byte as 1 where it holds a piece of the player that moves: the
    # player's pieces found in C (bytes.translate), where every value fits in a byte
    movers = [bytes(1 if p < len(row) and row[p] else 0 for p in range(256))
              for row in moving]

    def afresh(s):
        who = s.who
        w = s.what
        mine = rays[who]
        out: list[Move] = []
        try:
            found = bytes(w).translate(movers[who])
        except (ValueError, TypeError):  # a value beyond a byte
            found = map(getters[who], w)
        for frm in compress(sites, found):
            walk(mine[w[frm]][frm], w, out)
        return out

    tables = {id(t): t for row in rays for t in row if t is not None}
    if any(e[3] is None for t in tables.values() for es in t for e in es):
        return _mover_only(afresh)
    # per table, per origin: (mask, moves by bit length) of each ray
    masks = {key: [tuple((e[3], e[4]) for e in es) for es in t] for key, t in tables.items()}
    by_bits = [[masks[id(t)] if t is not None else None for t in row] for row in rays]

    # per player, the ids of its pieces that move (their sites are ``State.placed``)
    pids = [tuple(p for p, ok in enumerate(row) if ok) for row in moving]

    def moves(s):
        board = s.occ
        if board is None:  # not kept: made from the board (see runtime.occupancy)
            board = occupancy.read(s)
            if board is None:  # a value beyond a byte
                return afresh(s)
        who = s.who
        placed = s.placed
        mine = pids[who]
        out: list[Move] = []
        extend = out.extend
        if len(mine) == 1:  # one kind of piece moves: its table, for every one of them
            left = placed[mine[0]]
            table = by_bits[who][mine[0]]
            while left:  # its sites, lowest first
                low = left & -left
                left ^= low
                for mask, by_length in table[low.bit_length() - 1]:
                    extend(by_length[(board & mask).bit_length()])
            return out
        left = 0
        for p in mine:
            left |= placed[p]
        w = s.what
        tables = by_bits[who]
        while left:  # the mover's pieces that move, in site order
            low = left & -left
            left ^= low
            frm = low.bit_length() - 1
            for mask, by_length in tables[w[frm]][frm]:
                extend(by_length[(board & mask).bit_length()])
        return out

    return _mover_only(unrolled(by_bits, pids, afresh) or moves)


def _mover_only(listing: Callable) -> Callable:
    """``listing`` marked as reading nothing of the state but the board and the mover
    (no condition, no other player, no previous move): see ``structure.MOVER_ONLY``."""
    listing.mover_only = True
    return listing


def by_index(by_length: dict) -> tuple:
    """A ray's moves by bit length (``RayEntry``'s last) as a tuple indexed by the bit
    length, () where none is ever met."""
    got = [()] * (max(by_length) + 1)
    for k, v in by_length.items():
        got[k] = v
    return tuple(got)


# a ray that gives no move: its mask leaves nothing of the board, bit length 0
_NO_RAY = (0, ((),))


def _written(names: str, each: list[str], rows: list[list], pids: list,
             afresh: Callable, filename: str) -> Callable:
    """The generated listing of ``unrolled``: for each piece of the
    mover that moves, in site order, its origin's entry (``rows[who][pid][site]``, a
    flat tuple) unpacked into ``names`` and the lines ``each`` run. The pieces are
    found from ``State.placed`` a byte at a time (per byte and value, the entries of the
    sites it holds, made once) or, on boards of more than ``BYTES_UNROLLED`` bytes of
    sites, a bit at a time."""
    n = max(len(r) for row in rows for r in row if r is not None)
    nb = (n + 7) // 8
    if nb <= BYTES_UNROLLED:
        # the bytes of the pieces' sites, each looked at in turn (the code repeated
        # per byte: no loop over them)
        sites = [tuple(tuple(x for i in range(8) if v >> i & 1 and (x := 8 * c + i) < n)
                       for v in range(256)) for c in range(nb)]
        with _collection_paused():
            chunks = [[None if r is None else
                       [tuple([tuple(map(r.__getitem__, xs)) for xs in by_value])
                        for by_value in sites] for r in row] for row in rows]
        bs = ", ".join(f"b{c}" for c in range(nb)) + ("," if nb == 1 else "")
        cs = ", ".join(f"c{c}" for c in range(nb)) + ("," if nb == 1 else "")
        one = ["        pid = mine[0]",
               f"        {bs} = placed[pid].to_bytes({nb}, 'little')",
               f"        {cs} = chunks[who][pid]"]
        many = [f"    {bs} = left.to_bytes({nb}, 'little')"]
        for c in range(nb):
            one += [f"        if b{c}:",
                    f"            for {names} in c{c}[b{c}]:",
                    *("                " + line for line in each)]
            many += [f"    if b{c}:",
                     f"        for frm in sites[{c}][b{c}]:",
                     f"            {names} = tables[w[frm]][frm]",
                     *("            " + line for line in each)]
    else:
        # the entries by the bit length of the site's bit: site + 1
        sites = chunks = None
        rows = [[None if r is None else [None, *r] for r in row] for row in rows]
        one = [
            "        left = placed[mine[0]]",
            "        table = tables[mine[0]]",
            "        while left:",
            "            low = left & -left",
            "            left ^= low",
            f"            {names} = table[low.bit_length()]",
            *("            " + line for line in each),
        ]
        many = [
            "    while left:",
            "        low = left & -left",
            "        left ^= low",
            "        frm = low.bit_length()",
            f"        {names} = tables[w[frm - 1]][frm]",
            *("        " + line for line in each),
        ]
    source = "\n".join([
        "def moves(s):",
        "    board = s.occ",
        "    if board is None:  # not kept: made from the board",
        "        board = read(s)",
        "        if board is None:  # a value beyond a byte",
        "            return afresh(s)",
        "    who = s.who",
        "    placed = s.placed",
        "    mine = pids[who]",
        "    tables = flat[who]",
        "    out = []",
        "    extend = out.extend",
        "    if len(mine) == 1:",
        *one,
        "        return out",
        "    left = 0",
        "    for p in mine:",
        "        left |= placed[p]",
        "    w = s.what",
        *many,
        "    return out",
    ])
    namespace = {"read": occupancy.read, "afresh": afresh, "pids": pids, "flat": rows,
                 "chunks": chunks, "sites": sites}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102
    return namespace["moves"]


def unrolled(by_bits: list, pids: list, afresh: Callable) -> Callable | None:
    """``lister``'s listing as a generated function: per player and piece id, per origin
    (its site + 1, the bit length of its bit in ``State.placed``), the masks and moves of
    its rays side by side in one flat tuple, every origin with as many rays (padded with
    ``_NO_RAY``); the same moves in the same order as ``lister``'s ``moves``. None when
    no piece slides."""
    tables = {id(t): t for row in by_bits for t in row if t is not None}
    rays = max((len(es) for t in tables.values() for es in t), default=0)
    if not rays:
        return None
    flat = {key: [None] + [tuple(x for mask, by_length in es for x in (mask, by_index(by_length)))
                           + _NO_RAY * (rays - len(es)) for es in t]
            for key, t in tables.items()}
    # the rays some origin lacks (padded) are read only when their mask is not 0
    fewest = min(len(es) for t in tables.values() for es in t)
    paired = _all_paired(flat) if rays > 1 else None
    if paired is not None:
        flat = paired
        names, each = _paired_lines(rays, fewest)
    else:
        names = ", ".join(f"m{i}, t{i}" for i in range(rays))
        each = [("if m{0}: " if i >= fewest else "").format(i)
                + f"extend(t{i}[(board & m{i}).bit_length()])" for i in range(rays)]
    rows = [[flat[id(t)][1:] if t is not None else None for t in row] for row in by_bits]
    return _written(names, each, rows, pids, afresh, "<ludeme slide listing>")


def _pair(first: tuple, second: tuple) -> tuple:
    """Two rays' moves by bit length (``by_index``'s) as one table, indexed by the first
    ray's bit length and then the second's: the first's moves, then the second's."""
    met = [j for j, moves in enumerate(second) if moves]
    out = []
    for moves in first:
        if not moves:  # no move of the first ray (or a bit length never met): the second's
            out.append(second)
            continue
        row = [moves] * len(second)
        for j in met:
            row[j] = moves + second[j]
        out.append(tuple(row))
    return tuple(out)


def _paired(entry: tuple, cells: list) -> tuple:
    """An origin's flat entry (mask, moves by bit length, ... for each ray) with the rays
    two at a time: two masks and their ``_pair`` for each pair, the
    last ray alone when their number is odd; ``cells[0]`` counts the pairs' entries."""
    out: list = []
    for i in range(0, len(entry) - 3, 4):
        m0, t0, m1, t1 = entry[i:i + 4]
        pair = _pair(t0, t1)
        cells[0] += len(pair) + sum(len(row) for row in pair if row is not t1)
        out += [m0, m1, pair]
    if len(entry) % 4:
        out += entry[-2:]
    return tuple(out)


def _all_paired(flat: dict) -> dict | None:
    """``unrolled``'s flat entries ``_paired``, or None when their tables would hold more
    than ``PAIRED_CELLS`` entries."""
    cells = [0]
    out = {}
    with _collection_paused():
        for key, entries in flat.items():
            out[key] = [None] + [_paired(e, cells) for e in entries[1:]]
            if cells[0] > PAIRED_CELLS:
                return None
    return out


def _paired_lines(rays: int, fewest: int) -> tuple[str, list[str]]:
    """The names of a ``_paired`` entry and the lines reading it (a ray from ``fewest``
    on read only when its mask is not 0)."""
    names, each = [], []
    for i in range(0, rays - 1, 2):
        names += [f"m{i}", f"m{i + 1}", f"p{i}"]
        second = f"(board & m{i + 1}).bit_length()"
        if i + 1 >= fewest:
            second += f" if m{i + 1} else 0"
        line = f"extend(p{i}[(board & m{i}).bit_length()][{second}])"
        each.append((f"if m{i}: " if i >= fewest else "") + line)
    if rays % 2:
        i = rays - 1
        names += [f"m{i}", f"t{i}"]
        each.append((f"if m{i}: " if i >= fewest else "")
                    + f"extend(t{i}[(board & m{i}).bit_length()])")
    return ", ".join(names), each


@contextmanager
def _collection_paused():
    """The garbage collector paused while tables of many tuples are made (each made
    tuple would count towards a collection that finds nothing to free)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
