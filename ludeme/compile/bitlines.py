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


def axis_steps(fwd: Sequence[int], back: Sequence[int], n: int) -> tuple[int, Sequence[int]] | None:
    """``(d, forward)`` for an axis (step tables ``fwd``/``back``, -1 off the board) whose
    every step is one fixed difference of site index, ``d > 0`` (``forward`` is the
    table that steps by ``+d``); None when it is not (or it has no step at all)."""
    d = next((y - x for x, y in enumerate(fwd) if y >= 0), None)
    if d is None or d == 0:
        return None
    if d < 0:
        fwd, back, d = back, fwd, -d
    for x in range(n):
        y = fwd[x]
        if y >= 0 and (y != x + d or back[y] != x):
            return None
        z = back[x]
        if z >= 0 and (z != x - d or fwd[z] != x):
            return None
    return d, fwd


#: the generated ``(is Line ...)`` checks, by the shape of their source (see
#: ``through_line``)
_LINE_MAKERS: dict[str, Callable] = {}


def through_line(axes: Sequence[tuple[Sequence[int], Sequence[int]]], length: int, n: int
                 ) -> Callable[[int, int], bool] | None:
    """``line(bits, at)``, the check of ``line_checks``; None where it gives none."""
    made = line_checks(axes, length, n, None, None)
    return made[0] if made is not None else None


def line_checks(axes: Sequence[tuple[Sequence[int], Sequence[int]]], length: int, n: int,
                read: Callable | None, walk: Callable | None
                ) -> tuple[Callable[[int, int], bool], Callable] | None:
    """``(line, at_last_to)``. ``line(bits, at)``: whether the set ``bits`` (site x as bit x; it holds ``at``)
    has ``length`` or more sites in a row through the site ``at`` along one of the
    ``axes`` (pairs of step tables, one each way), as a walk from ``at`` both ways along
    each axis counts them; None when an axis is not one fixed difference of site index
    or ``length`` is below 2.

    Along an axis of difference ``d``, the sites starting a run of ``length`` are found
    for the whole board at once by ``run &= run >> (k * d)`` (runs of 1, 2, 4, ...
    sites, then the rest), kept to the sites whose line goes on for the whole run (so
    that no run wraps round the board's edge); the run goes through ``at`` when one
    starts at most ``length - 1`` steps back from ``at``. The steps are written out in
    a function generated for the number of axes and steps (no number of the board in
    its source: the differences and masks come in as arguments).

    ``at_last_to(state)`` is ``(is Line length)`` through ``(last To)`` (``state.to``)
    in one call: there, the sites of the piece on it (``state.placed``, the occupancy
    kept on the state, made by ``read(state)`` when it is not kept) are checked so;
    ``walk(state, at)`` answers for an empty site, or when ``read`` gives None."""
    if length < 2:
        return None
    shifts: list[list[int]] = []
    through: list[list[int]] = []
    near = [1 << x for x in range(n)]
    for fwd, back in axes:
        found = axis_steps(fwd, back, n)
        if found is None:
            return None
        d, forward = found
        backward = fwd if forward is back else back
        starts = set()
        for x in range(n):
            y, k = x, 1
            while k < length and forward[y] >= 0:
                y, k = forward[y], k + 1
            if k == length:
                starts.add(x)
        steps, have = [], 1
        while have < length:
            k = min(have, length - have)
            steps.append(k * d)
            have += k
        masks = []
        for at in range(n):
            m, y = 0, at
            for _ in range(length):
                if y < 0:
                    break
                if y in starts:
                    m |= 1 << y
                    near[at] |= sum(1 << z for z in _run(forward, y, length))
                y = backward[y]
            masks.append(m)
        shifts.append(steps)
        through.append(masks)
    source = _line_source([len(s) for s in shifts])
    make = _LINE_MAKERS.get(source)
    if make is None:
        namespace: dict = {}
        exec(compile(source, "<is Line through a site>", "exec"), namespace)
        make = _LINE_MAKERS[source] = namespace["make"]
    args = [length, tuple(near), n, read, walk]
    for steps, masks in zip(shifts, through, strict=True):
        args.extend(steps)
        args.append(tuple(masks))
    return make(*args)


def _run(forward: Sequence[int], x: int, length: int) -> list[int]:
    """The ``length`` sites from ``x`` on along ``forward``."""
    out = [x]
    while len(out) < length:
        x = forward[x]
        out.append(x)
    return out


def _line_source(steps_per_axis: list[int]) -> str:
    """The source of ``make(length, near, n, read, walk, <axis 0's steps>, <its masks>,
    ...)``, which returns the checks ``line_checks`` describes: axis ``a``'s steps are
    ``S<a>_<k>``, its masks of the run starts through each site ``T<a>``; ``near`` holds
    per site the sites of every run through it (fewer of the set there than ``length``:
    no run)."""
    params = ["length", "near", "n", "read", "walk"]
    runs = ["if (bits & near[at]).bit_count() < length:",
            "    return False"]
    for a, count in enumerate(steps_per_axis):
        params.extend(f"S{a}_{k}" for k in range(count))
        params.append(f"T{a}")
        runs.append(f"run = bits & (bits >> S{a}_0)")
        runs.extend(f"run &= run >> S{a}_{k}" for k in range(1, count))
        runs.append(f"if run & T{a}[at]:")
        runs.append("    return True")
    runs.append("return False")
    lines = [f"def make({', '.join(params)}):",
             "    def line(bits, at):",
             *("        " + r for r in runs),
             "    def at_last_to(s):",
             "        at = s.to",
             "        if not 0 <= at < n:",
             "            return False",
             "        p = s.what[at]",
             "        if not p or s.occ is None and read(s) is None:",
             "            return walk(s, at)",
             "        bits = s.placed[p]",
             *("        " + r for r in runs),
             "    return line, at_last_to",
             ""]
    return "\n".join(lines)
