"""The moves of every piece of one kind at once: one generated scan of the board.

A step or a one-hurdle hop whose rules fold into site-and-piece tables
(``(is Empty (to))``, ``(is Enemy (who at:(between)))``) asks, for each piece of the
kind, one or two table lookups per move it could make. Listed the plain way, the
pieces' sites are found first (a pass over the board) and then each site's moves are
tried in a loop over its tuples. Here, per mover, one function is generated that reads
every site from which the piece could move, in site order, and for a site holding it
tries that site's moves written out one by one::

    def scan(w, out):
        w0, w1, ..., w63 = w
        p = P
        append = out.append
        t0 = T0
        if w9 == p:
            if t0[w18]: append(M0)
            if t0[w16]: append(M1)
        ...

which appends the moves in the order the plain generator does (by origin, then in the
origin's own order). As the project's rule for generated code asks, the source holds
only names the generator chose (``w9`` is the local holding site 9's piece); every
value (the piece id, the tables, the moves, a site's offset in a table) is a constant
of the namespace given to ``exec``. A scan is made once per generator, piece and
mover, when first asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludeme.runtime.move import Move

# boards with more sites than this keep the loop ((forEach Piece) finds the pieces' sites
# and lists each site's moves: the scan reads every site, however few pieces stand on
# the board)
MOST_SITES = 160


def site_free(table: Sequence[Sequence[bool]], n_sites: int,
              n_pieces: int) -> list[tuple[bool, ...]] | None:
    """A folded site-and-piece table (``table[who][site * n_pieces + piece]``) as one row
    per mover indexed by the piece alone, when no answer depends on the site; else
    None."""
    rows: list[tuple[bool, ...]] = []
    for row in table:
        first = tuple(row[:n_pieces])
        for x in range(1, n_sites):
            if tuple(row[x * n_pieces:(x + 1) * n_pieces]) != first:
                return None
        rows.append(first)
    return rows


def scan_every(pid: int, n_pieces: int, rows: Sequence[Sequence[tuple[int, ...]]],
               moves: Sequence[Sequence[Move]],
               tests: Sequence[Sequence[Sequence[bool]]]) -> Callable | None:
    """``every(state, out)``: the moves of every piece ``pid`` on the board appended to
    ``out``, as ``at(state, site, out)`` appends them for each site holding it in site
    order; None when the board is too big. ``rows[frm]`` lists, per
    move from ``frm`` (``moves[frm]``, in that order), the sites it reads, the ``k``-th
    of them passing when ``tests[k][who][site * n_pieces + piece]`` holds."""
    n = len(rows)
    if n > MOST_SITES or not any(rows):
        return None
    free = [site_free(t, n, n_pieces) for t in tests]
    scans: list[Callable | None] = [None] * len(tests[0])  # per mover, made when first asked

    def every(s, out):
        who = s.who
        scan = scans[who]
        if scan is None:
            scan = scans[who] = _scan(pid, n_pieces, rows, moves, [t[who] for t in tests],
                                      [f[who] if f is not None else None for f in free])
        scan(s.what, out)

    return every


def _scan(pid: int, n_pieces: int, rows, moves, tables, free) -> Callable:
    """The generated scan for one mover: ``tables[k]`` its site-and-piece table of the
    test ``k``, ``free[k]`` the same by piece alone (or None when it depends on the
    site). The board is unpacked into locals at once (``w0, w1, ..., w63 = w``: the
    state's ``what`` has one entry per site of the board) and the piece id and the
    tables are copied into locals, so that a site read costs no subscript."""
    ns: dict[str, object] = {"P": pid}
    body = []
    count = 0
    for frm, row in enumerate(rows):
        if not row:
            continue
        body.append(f"    if w{frm} == p:")
        for sites, m in zip(row, moves[frm], strict=True):
            tests = []
            for k, x in enumerate(sites):
                if free[k] is not None:
                    tests.append(f"t{k}[w{x}]")
                else:
                    ns[f"O{x}"] = x * n_pieces
                    tests.append(f"t{k}[O{x} + w{x}]")
            ns[f"M{count}"] = m
            body.append(f"        if {' and '.join(tests)}: append(M{count})")
            count += 1
    # the whole board unpacked at once: a list's exact unpacking copies its items in
    # C, cheaper than a subscript per site read (or a starred unpacking, which iterates)
    first = ["    " + ", ".join(f"w{x}" for x in range(len(rows))) + " = w"]
    head = ["def scan(w, out):", *first, "    p = P", "    append = out.append"]
    for k, (table, row) in enumerate(zip(tables, free, strict=True)):
        ns[f"T{k}"] = tuple(row) if row is not None else tuple(table)
        head.append(f"    t{k} = T{k}")
    exec(compile("\n".join(head + body), "<ludeme piece scan>", "exec"), ns)  # noqa: S102
    return ns["scan"]
