"""How many empty neighbours every site has, for all sites at once, as Python integers.

Filters such as ``(to (sites Empty) if:(>= (count Sites in:(sites Around (to) ... if:(is
Empty (to)))) k))`` and the connectivity test of placements that must leave every piece
next to an empty site ask, in every position, how many empty neighbours each site has.
Counted site by site that is a Python loop over the board. Here the board is one integer
with a byte per site (site ``x`` is the byte ``x``, 1 when empty: the board's bytes
translated and read little-endian, in C) and a neighbour table is split by the offset
``d = y - x`` between a site and its neighbour: for each offset, the sites that have a
neighbour at that offset as a mask. Shifting the board by ``d`` bytes and masking gives,
for every site at once, whether its neighbour at that offset is empty; a few saturating
counters (``levels[i]``: the sites with more than ``i`` empty neighbours) add these up.
On the boards of a tiling numbered row by row there are a few offsets (4 on a square
board, 14 on a hexagon of side 6), so a position costs a few dozen integer operations.

The code adding up the offsets is written out per neighbour table (one line per offset
and counter); its numbers reach it through the ``exec`` namespace only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: a table with more distinct offsets than this is counted by the loops (irregular
#: numbering would make the integers' work grow past the loop's)
MAX_OFFSETS = 40

#: bytes.translate table: 1 for an empty site (0), 0 for any piece
EMPTY_FLAG = bytes([1] + [0] * 255)


def board_reader():
    """What reads a board's list of piece numbers as bytes, asked when compiling:
    ``bytearray``, which CPython 3.11 makes from a list of small integers in less than
    half the time ``bytes`` takes (1.5 us against 3.3 us for 91 sites). It raises
    ValueError for a value beyond a byte."""
    return bytearray


_CACHE: dict[tuple, Callable | None] = {}
_CACHE_SIZE = 32


def offsets(nb: Sequence[Sequence[int]]) -> dict[int, int]:
    """offset d -> the sites x with a neighbour x + d, one byte (1) per site."""
    out: dict[int, int] = {}
    for x, around in enumerate(nb):
        for y in around:
            out[y - x] = out.get(y - x, 0) | (1 << (8 * x))
    return out


def counter(nb: Sequence[Sequence[int]], levels: int) -> Callable[[int], tuple] | None:
    """``count(empty)`` -> ``levels`` integers, the i-th holding (one byte a site, 1 or
    0) the sites with more than i empty neighbours, where ``empty`` holds a byte 1 for
    each empty site; None when the table has too many offsets."""
    if levels < 1:
        return None
    key = (tuple(map(tuple, nb)), levels)
    if key in _CACHE:
        return _CACHE[key]
    table = offsets(key[0])
    made = _generate(table, levels) if len(table) <= MAX_OFFSETS else None
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[key] = made
    return made


def _generate(table: dict[int, int], levels: int) -> Callable[[int], tuple]:
    ns: dict = {}
    names = [f"l{i}" for i in range(levels)]
    lines = ["def count(e):"]
    lines += [f"    {name} = 0" for name in names]
    for j, (d, mask) in enumerate(sorted(table.items())):
        ns[f"M{j}"] = mask
        ns[f"D{j}"] = 8 * abs(d)
        shift = ">>" if d > 0 else "<<"
        lines.append(f"    c = (e {shift} D{j}) & M{j}" if d else f"    c = e & M{j}")
        for i in range(levels - 1, 0, -1):
            lines.append(f"    l{i} |= l{i - 1} & c")
        lines.append("    l0 |= c")
    lines.append(f"    return ({', '.join(names)},)")
    exec(compile("\n".join(lines), "<neighbour counts>", "exec"), ns)
    return ns["count"]


def spread(nb: Sequence[Sequence[int]]) -> Callable[[int, int], int] | None:
    """``mark(sites, within)``: the neighbours of ``sites`` that are in ``within`` (both
    one byte a site), by the same offsets; None as for ``counter``."""
    key = (tuple(map(tuple, nb)), "spread")
    if key in _CACHE:
        return _CACHE[key]
    table = offsets(key[0])
    made = None
    if len(table) <= MAX_OFFSETS:
        ns: dict = {}
        lines = ["def mark(m, within):", "    out = 0"]
        for j, (d, mask) in enumerate(sorted(table.items())):
            ns[f"M{j}"], ns[f"D{j}"] = mask, 8 * abs(d)
            # a site x of m with a neighbour x + d marks that neighbour
            shift = "<<" if d > 0 else ">>"
            lines.append(f"    out |= (m & M{j}) {shift} D{j}" if d else f"    out |= m & M{j}")
        lines.append("    return out & within")
        exec(compile("\n".join(lines), "<neighbour marks>", "exec"), ns)
        made = ns["mark"]
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[key] = made
    return made


#: a position more than this many sites away from the last one is counted afresh
KEPT_MAX_CHANGES = 8

#: the counts of the last few positions counted afresh kept, and copied back (then
#: changed) when a position near one of them is asked after a jump (the start of every
#: game)
KEPT_STARTS_SIZE = 4


def low_sites(d: int) -> list[int]:
    """The sites whose byte is 1 in ``d`` (flags, a byte 0 or 1 per site, site x the
    byte x), lowest first: the lowest bit taken off in turn (for a few sites, fewer
    operations than listing the bytes)."""
    out = []
    while d:
        low = d & -d
        out.append(low.bit_length() >> 3)
        d ^= low
    return out


def changed_sites(d: int, n: int, most: int) -> list[int]:
    """The sites whose byte is 1 in ``d`` (flags of ``n`` sites), lowest first; when
    there are more than ``most``, only the first ``most + 1`` (the caller starts afresh).
    A few are read off the lowest bits (``low_sites``), more by listing the bytes."""
    if d.bit_count() <= most:
        return low_sites(d)
    diff = d.to_bytes(n, "little")
    changed: list[int] = []
    at = diff.find(1)
    while at >= 0 and len(changed) <= most:
        changed.append(at)
        at = diff.find(1, at + 1)
    return changed


class NearStarts:
    """What was worked out afresh for the last few positions (keyed by their flags as an
    integer, the oldest dropped first): a position asked after a jump (the start of
    every game) that is near one of them starts from a copy of it, not afresh."""

    def __init__(self, size: int):
        self.size = size
        self.kept: dict = {}

    def __len__(self) -> int:
        return len(self.kept)

    def __contains__(self, e: int) -> bool:
        return e in self.kept

    def keep(self, e: int, value) -> None:
        kept = self.kept
        if len(kept) >= self.size:
            del kept[next(iter(kept))]
        kept[e] = value

    def near(self, e: int, most: int):
        """``(flags, value)`` of a kept position at most ``most`` sites from ``e``, or
        None."""
        for k, value in self.kept.items():
            if (e ^ k).bit_count() <= most:
                return k, value
        return None


#: the levels a ``KeptCounts`` answers (``above(..., level)`` for level below this)
KEPT_LEVELS = 8


class KeptCounts:
    """How many empty neighbours every site has, kept from the last position asked as
    one integer with a byte per site (site x the byte x): a site that changed adds or
    takes off its neighbours' bytes in one integer operation (``self.near[x]``, a byte
    1 at each neighbour of x), in place of the shifts over the whole board (``counter``)
    or a loop over the neighbours. A count never reaches 128, so "more than ``level``"
    is read from the bytes' top bits after adding 127 - level to every byte (no carry
    leaves a byte), without a translation to bytes and back."""

    def __init__(self, nb: Sequence[Sequence[int]]):
        self.nb = tuple(map(tuple, nb))
        self.n = n = len(self.nb)
        self.near = [sum(1 << (8 * y) for y in around) for around in self.nb]
        self.empty = None                   # the empty flags last asked, as an integer
        self.counts = 0                     # the counts, a byte per site
        self.ones = int.from_bytes(b"\1" * n, "little")   # a byte 1 per site
        self.tops = self.ones << 7                           # a byte 128 per site
        # per level: the byte to add for the top bit to say "more than level"
        self.lift = [(127 - level) * self.ones for level in range(KEPT_LEVELS)]
        self.starts = NearStarts(KEPT_STARTS_SIZE)   # the counts made afresh

    def above(self, empty: bytes, e: int, level: int) -> int:
        """The sites with more than ``level`` empty neighbours (a byte 1 per site), for
        ``empty`` (a byte 1 per empty site; ``e``: the same read little-endian)."""
        last = self.empty
        if e != last:
            if last is None or (e ^ last) & ((e ^ last) - 1):
                self._follow(empty, e)
            else:
                # one site changed (most moves), its flag the one bit of e ^ last
                d = e ^ last
                if e & d:
                    self.counts += self.near[d.bit_length() >> 3]
                else:
                    self.counts -= self.near[d.bit_length() >> 3]
                self.empty = e
        return ((self.counts + self.lift[level]) & self.tops) >> 7

    def above_two(self, empty: bytes, e: int) -> tuple[int, int]:
        """``(above(empty, e, 0), above(empty, e, 1))``."""
        tops = self.tops
        one = self.above(empty, e, 1)
        return ((self.counts + self.lift[0]) & tops) >> 7, one

    def _follow(self, empty: bytes, e: int) -> None:
        """The counts brought to the position ``empty`` (``e``: read little-endian)."""
        last = self.empty
        near, n = self.near, self.n
        if last is None or (e ^ last).bit_count() > KEPT_MAX_CHANGES:
            # counts made afresh before for a position near this one: copied back,
            # then changed as from the last position
            found = self.starts.near(e, KEPT_MAX_CHANGES)
            if found is not None:
                last, self.counts = found
        changed = [] if last is None else \
            changed_sites(e ^ last, n, KEPT_MAX_CHANGES)
        if last is None or len(changed) > KEPT_MAX_CHANGES:
            counts = sum(near[x] for x in range(n) if empty[x])
            self.starts.keep(e, counts)
        else:
            counts = self.counts
            for x in changed:
                if empty[x]:
                    counts += near[x]
                else:
                    counts -= near[x]
        self.counts = counts
        self.empty = e


#: the shifts cost a few integer operations per offset, the kept counts a few per
#: neighbour of a changed site: a table of this many offsets or fewer (4 on a square
#: board) keeps the shifts (measured on a seed game of issue 19 on the 9x9 square:
#: 283.1k instructions a move with the shifts, 298.9k kept; on hexagons, 14 or more
#: offsets, the kept counts save 4.6%)
KEPT_MIN_OFFSETS = 8


def kept_counts(nb: Sequence[Sequence[int]], levels: int) -> KeptCounts | None:
    """A ``KeptCounts`` for ``nb`` (the counts kept from the last position asked and
    changed by the sites that changed, not counted afresh) when ``levels`` fit its tables
    and the table has more than ``KEPT_MIN_OFFSETS`` offsets (else None: the shifts)."""
    if not 0 < levels <= KEPT_LEVELS or len(nb) == 0 or max(map(len, nb)) > 127 or \
            len(offsets(nb)) <= KEPT_MIN_OFFSETS:
        return None
    return KeptCounts(nb)
