"""Flanking lines for every site at once, as bit masks (bitboards).

A flanking rule asked at each of many sites ("would a piece placed here enclose a line
in some direction?", as in the placement games whose placements must capture) is a scan
along every line from every site. On a board where each direction of the rule moves by
one fixed difference of site index (every line from ``x`` is ``x + d, x + 2d, ...``
until it leaves the board), the scan is done for all sites together with Python
integers holding one bit per site: "the sites whose next site along ``d`` is in the set
X" is a shift and a mask. The lines are compared with the board's own at compile time;
on any other board the per-site scan is kept.

The conditions must be the same on every site (a value table per mover), so that the
sets of sites meeting them are found in C from the state's values (``bytes.translate``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import compress

#: one bit per site (site x is bit x): sets are built from the state's values as text
#: of "0" and "1" (``bytes.translate``, then ``int(..., 2)``), in C
ZERO, ONE, TWO = ord("0"), ord("1"), ord("2")


def offsets_of(lines: Sequence[Sequence[tuple[int, ...]]], n: int
               ) -> list[tuple[int, int]] | None:
    """``(difference, mask)`` per direction when every site's lines are exactly the
    lines of fixed index differences (from ``x``: ``x + d``, ``x + 2d``, ... while the
    site reached has a next one along ``d``), the mask holding the sites that have a
    next site along ``d``; else None. ``lines[x]``: the site's whole lines (not cut)."""
    starts: dict[int, set[int]] = {}
    for x in range(n):
        seen = set()
        for r in lines[x]:
            if not r:
                continue
            d = r[0] - x
            if d == 0 or d in seen:
                return None  # two lines one way (radials of an irregular board)
            seen.add(d)
            starts.setdefault(d, set()).add(x)
    for x in range(n):
        model = set()
        for d, has in starts.items():
            if x not in has:
                continue
            ray, y = [], x
            while y in has and len(ray) <= n:
                y += d
                if not 0 <= y < n:
                    return None
                ray.append(y)
            model.add(tuple(ray))
        if model != {tuple(r) for r in lines[x] if r}:
            return None
    return [(d, sum(1 << x for x in has)) for d, has in sorted(starts.items())]


def value_tables(table: list[list[bool]], n: int, stride: int) -> list[bytes] | None:
    """Per mover, a ``bytes.translate`` table giving "1" for the values meeting a folded
    condition (``table[who][site * stride + value]``), "0" for the others, when the
    condition does not depend on the site; else None."""
    out: list[bytes] = []
    for row in table:
        if not row:
            out.append(bytes([ZERO] * stride + [TWO] * (256 - stride)))
            continue
        first = row[:stride]
        if any(row[x * stride:(x + 1) * stride] != first for x in range(1, n)):
            return None
        # a value beyond the table reads as "2", which int(..., 2) refuses (ValueError):
        # the caller then asks site by site
        out.append(bytes([(ONE if first[v] else ZERO) if v < stride else TWO
                          for v in range(256)]))
    return out


def flanking_origins(offsets: list[tuple[int, int]], limit: int, n: int,
                     target: list[bytes], friend: list[bytes]) -> Callable:
    """``origins(values, who)``: the set (site x as bit x of an int) of the sites from
    which some line runs through 1 to ``limit`` sites meeting ``target`` and stops at a
    site meeting ``friend``, read as the per-site scan reads a line: the run of target
    sites is taken as long as it goes (up to ``limit``), and the site after it must be a
    friend. ``values``: the bytes of the state's values; ValueError when one is beyond
    the tables' stride."""
    capped = limit < n
    # per direction: its step as a shift (a right shift for a step up the numbering),
    # and the sites that have a next site that way
    steps = [(d, mask) for d, mask in offsets if d > 0]
    downs = [(-d, mask) for d, mask in offsets if d < 0]

    def origins(values: bytes, who: int) -> int:
        targets = int(values.translate(target[who])[::-1], 2)
        if not targets:
            return 0
        friends = int(values.translate(friend[who])[::-1], 2)
        # a friend that is not also a target ends a run of any length up to limit; any
        # friend ends a run of exactly limit (the scan stops there asking for no target)
        ends = friends & ~targets
        found = 0
        # run: the sites starting a run of exactly k targets followed by an end (k = 1,
        # 2, ...); the sites whose next site along d is in X: (X >> d) & mask
        for d, mask in steps:
            on = targets & mask
            run = on & (ends >> d)
            acc = run
            if not capped:
                # no run is as long as the board: no count to keep
                while run:
                    run = on & (run >> d)
                    acc |= run
                if acc:
                    found |= (acc >> d) & mask
                continue
            k = 1
            while run and k < limit:
                run = on & (run >> d)
                acc |= run
                k += 1
            if capped:
                run = on & (friends >> d)
                for _ in range(limit - 1):
                    if not run:
                        break
                    run = on & (run >> d)
                acc |= run
            if acc:
                found |= (acc >> d) & mask
        for d, mask in downs:
            on = targets & mask
            run = on & (ends << d)
            acc = run
            if not capped:
                while run:
                    run = on & (run << d)
                    acc |= run
                if acc:
                    found |= (acc << d) & mask
                continue
            k = 1
            while run and k < limit:
                run = on & (run << d)
                acc |= run
                k += 1
            if capped:
                run = on & (friends << d)
                for _ in range(limit - 1):
                    if not run:
                        break
                    run = on & (run << d)
                acc |= run
            if acc:
                found |= (acc << d) & mask
        return found

    return origins


#: "0" -> 0 and "1" -> 1, so that a bit set written in binary selects with ``compress``
_BIT_BYTES = bytes(range(256)).replace(b"01", b"\x00\x01", 1)


def site_lister(n: int) -> Callable[[int], Iterator[int]]:
    """``sites(bits)``: the sites of a bit set (site x as bit x, every bit below ``n``)
    in ascending order, read in C (the set written in binary, then ``compress``)."""
    width = f"0{n}b"
    board = range(n)
    table = _BIT_BYTES

    def sites(bits: int) -> Iterator[int]:
        return compress(board, format(bits, width).encode()[::-1].translate(table))

    return sites


def piece_region(table: bytes, first: int, stop: int) -> Callable[[Sequence[int]], int] | None:
    """``region(what)``: as a bit set, the sites x of ``first <= x < stop`` whose piece
    ``what[x]`` has ``table[what[x]]`` true (a region known by its pieces alone:
    ``RegionV.by_piece``), found in C; None when the piece ids do not fit in bytes."""
    if len(table) > 256:
        return None
    ascii01 = bytes(ONE if table[v] else ZERO for v in range(len(table))).ljust(256, b"2")

    def region(what: Sequence[int]) -> int:
        return int(bytes(what[first:stop]).translate(ascii01)[::-1], 2) << first

    return region
