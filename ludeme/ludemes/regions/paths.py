"""Drawing on the lines of a board: paths of edges between vertices, and the shapes
edges of several owners make where they meet.

A board with ``use:{Vertex Edge}`` has both site types; a drawn edge is a piece on an
edge site. These ludemes serve line-drawing games: a stroke of several joined edges
(``move Path``), and a constraint on how lines may meet at a point (``is Crossing``).
"""

from __future__ import annotations

from itertools import product

from ludeme.board.graph import EDGE, OPPOSITE, VERTEX
from ludeme.compile.compiler import CompileContext
from ludeme.compile.movetable import MoveTable
from ludeme.compile.ownedregions import reads_mover_only, writes_since
from ludeme.compile.values import CondV, MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move
from ludeme.runtime.state import TRIAL_HASH

MAX_PATH_LENGTH = 16
MAX_PATHS = 250_000  # precomputed walks; more means the length is a mistake
#: a path generator under a vertex-by-vertex veto (``CondV.at_drawn_vertex``) is written
#: out as nested loops, one per edge of the path (no recursive walk), and asks the veto
#: at a vertex only when the sites it needs there are all occupied (False: the recursive
#: walk asking it at every vertex; tests compare the two)
UNROLLED_WALKS = True
#: the longest path written out as nested loops (longer ones take the recursive walk)
UNROLLED_MAX_LENGTH = 8
#: the written-out walks take the start vertices and a container to test them in from
#: the region in one call when it offers it (``RegionV.with_members``; False: a set is
#: made of the sites listed; tests compare the two)
MEMBERS_WITH_STARTS = True
#: the written-out walks read an entry's edge before unpacking it (most edges looked at
#: from the tree are drawn: the entry is then skipped without its five names bound),
#: and a vertex with no walks has an empty table instead of None (no test per start)
#: (False: every entry unpacked, None tested; tests compare the two)
LEAN_LOOPS = True
#: the written-out walks put the path's edges on the board only around a call of the
#: veto (its two edges at the vertex asked, when the sites it needs there are occupied),
#: not at every step: the veto reads only the sites at its vertex, and a path of distinct
#: vertices never meets its own earlier edges (False: each edge drawn as the walk takes
#: it and erased as it leaves; tests compare the two)
DRAWN_AT_VETO = True
#: with ``DRAWN_AT_VETO``, the veto's answer at a vertex, once the sites it needs there
#: are occupied, is read from a table made when compiling by asking it of every value of
#: the other sites at that vertex (the veto reads only those), indexed by the values of
#: the sites it turned out to depend on: no call, no edge put on the board (False: the
#: veto called; tests compare the two)
TABLED_VETO = True
#: the largest table (values ** sites) made for one vertex
TABLED_VETO_MAX = 4096
#: with ``TABLED_VETO``, the state keeps per vertex a mask of its drawn edges (brought up
#: to date from the moves' ``act.writes`` and checked against the board), and the walks'
#: tables are indexed by it: each step reads only the free edges on from a vertex, and
#: the veto's check at that vertex is known from the mask (its table is read only where
#: the sites it needs there are all occupied): no loop iteration per drawn edge, no
#: read of the board per edge (False: every edge looked at; tests compare the two)
FREE_MASKS = True
#: masks over vertices of at most this many edges (2 ** edges variants per step)
FREE_MASKS_MAX_EDGES = 6
#: at most this many moves' writes are looked at (more: the masks are made afresh)
FREE_MASKS_MOVES = 8
#: with ``FREE_MASKS`` and masks kept beside the tree (``ownedregions.FOLLOWED``), each
#: variant of the walks' last step also holds its moves as one tuple and an integer of
#: the vertices that could stop one of them (the ends to look at for the veto, the ends
#: whose walk from the other end is the listed one): when none of those is a vertex where
#: the veto may hold (kept beside the masks) or in ``from:`` (the region's members as an
#: integer), the moves are added in one step, without a loop over the entries (False:
#: every entry looked at; tests compare the two)
LAST_EXTEND = True
#: a path's move puts its piece's hash keys on the state as one integer made when the
#: move is (one xor a move, not one an edge; False: one an edge; tests compare the two)
ONE_XOR = True
#: with ``LAST_EXTEND``, a variant that nothing can stop (its integer 0) is added before
#: its integer is and-ed with the listing's (an ``&`` on integers of several digits
#: makes its result even when one side is 0), that integer then False (a test of a bool;
#: False: always and-ed; tests compare the two)
NO_STOP_FIRST = True
#: with ``LAST_EXTEND``, the masks' upkeep reads per drawn edge each vertex's row of hot
#: masks and its bit from one tuple (False: looked up and shifted; tests compare the two)
HOT_ROWS = True
#: with ``LAST_EXTEND`` and ``HOT_ROWS``, the state keeps (beside the masks) each start's
#: moves per player from listing to listing: a start is walked again only when a site
#: its walks read may have changed since (an edge drawn at a vertex it reaches in fewer
#: steps than the path's length through edges free then, or at one it reaches in as many
#: where the veto may be asked; a vertex site; a vertex joining ``from:`` that its walks
#: may end at), marked by the masks' upkeep from the writes it brings in; the listing
#: joins the starts' kept moves in the order of the starts (False: every start walked at
#: every listing; tests compare the two)
KEPT_WALKS = True
#: ``KEPT_WALKS`` where an edge drawn marks on average at most this share of the board's
#: vertices (those within ``length - 1`` steps of its ends) times the path's length: on
#: small boards and long paths a move's marks reach most of the starts and the upkeep
#: costs more than the walks it spares; a longer walk spares more a start (measured on
#: square boards of 6 to 10 vertices a side: paths of 2 edges 0.145 a loss, 0.09 a gain;
#: 3 edges 0.289 a loss, 0.186 a gain; 4 edges 0.30 a loss, 0.213 a gain)
KEPT_WALKS_SHARE = 0.07
#: with ``LAST_EXTEND`` and ``HOT_ROWS``, where the starts' moves are not kept
#: (``KEPT_WALKS``), the state keeps per vertex the values on its edges as one code (the
#: digits of a number in base the number of piece values) instead of a mask of the drawn
#: ones, and the walks' tables are indexed by it: the veto's answer at a vertex is then
#: known from the code when compiling (no table read while walking), the table at a
#: walk's end is a tuple of answers per code of the end vertex, and the vertices where
#: the veto may hold at a walk's end are kept per player (False: masks of drawn edges;
#: tests compare the two)
VALUE_CODES = True
#: at most this many codes a vertex (values ** its edges)
VALUE_CODES_MAX = 81
#: with ``VALUE_CODES``, a last step's variant also holds, for each set of its moves'
#: ends that would make them listed from the other end (in ``from:``, below the start),
#: its moves without those: when what stops the variant is such a set (and no vertex
#: where the veto may hold), they are added in one step, without a loop over the entries
#: (False: the entries looked at; tests compare the two)
KNOWN_DROPS = True
#: at most this many such ends a variant (2 ** ends sets)
KNOWN_DROPS_MAX = 3


def _pieces_per_player(c: CompileContext, piece: str | None) -> list[int]:
    """The piece id each player places (0: none), as ``move Add`` chooses it."""
    pieces = c.pieces
    out = [0] * (c.num_players + 1)
    for p in range(1, c.num_players + 1):
        if piece is None:
            owned = [q for q in range(1, len(pieces.names)) if pieces.owner[q] == p]
            if len(owned) > 1:
                c.fail("the mover has several kinds of piece: name the one to draw with")
        else:
            owned = [q for q in range(1, len(pieces.names))
                     if pieces.kinds[q] == piece and pieces.owner[q] in (p, 0)]
        out[p] = owned[0] if owned else 0
    if not any(out[1:]):
        c.fail(f"no piece {piece!r} to draw with" if piece
               else "no piece to draw with: declare (piece ...)")
    return out


def _draw_act(edges: tuple[int, ...], zobrist, pid: int = 0):
    def act(s, m):
        what = s.what
        p = m.piece
        h = s.hash
        for e in edges:
            what[e] = p
            h ^= zobrist[e][p]
        s.hash = h
        s.occ = None  # runtime.occupancy: not kept here

    act.writes = edges  # the sites it writes (ownedregions.WRITES_FIRST)
    if not (ONE_XOR and pid):
        return act
    # the keys of the move's own piece on its edges, xor-ed together once
    key = 0
    for e in edges:
        key ^= zobrist[e][pid]

    one_xor = _one_xor_maker(len(edges))(edges, pid, key, act)
    one_xor.writes = edges
    return one_xor


#: per number of edges, ``_one_xor_maker``'s function
_ONE_XOR_MAKERS: dict = {}


def _one_xor_maker(n: int):
    """A function making a path's act with ``ONE_XOR`` for ``n`` edges (generated
    source, one per ``n``, the edges' sites read one by one): ``make(edges, pid, key,
    act)``: the edges given the piece pid and the hash its key, the general ``act`` for
    another piece."""
    got = _ONE_XOR_MAKERS.get(n)
    if got is None:
        names = [f"e{i}" for i in range(n)]
        lines = ["def make(edges, pid, key, act):",
                 f"    {', '.join(names)}, = edges",
                 "    def one_xor(s, m):",
                 "        if m.piece != pid:",
                 "            return act(s, m)",
                 "        what = s.what",
                 *(f"        what[{e}] = pid" for e in names),
                 "        s.hash ^= key",
                 "        s.occ = None  # runtime.occupancy: not kept here",
                 "    return one_xor"]
        ns: dict = {}
        exec(compile("\n".join(lines), "<path act>", "exec"), ns)  # noqa: S102
        got = _ONE_XOR_MAKERS[n] = ns["make"]
    return got


@ludeme("move Path", T.Moves,
        ludii="Not in Ludii, whose line games draw one edge per move with (move Add ...).")
def move_path(c: CompileContext, piece: T.Str = None, *, length: T.Int = None,
              from_: T.Region = None, then: T.Effect = None):
    """Draw a path of ``length`` empty edges joined end to end, starting at a vertex of
    ``from:``, putting a piece of the mover on every edge. The path visits ``length + 1``
    distinct vertices (straight or bent, never a fork or a closed loop); pieces on its
    vertices do not stop it (only drawn edges do). A path is one
    move whichever end it is walked from: when both its ends are in ``from:`` it starts
    at the lower one (lower row, then further left). Its notation is its vertices joined
    by ``-`` from the start (``e5-e6-f6-f7``); the reverse is accepted as input.

    The walks from every vertex are precomputed; under ``(do ... ifAfterwards:...)`` each
    path is tried by drawing and erasing its edges in place, with ``(from)``/``(to)`` its
    two ends and the path itself as the last move (what ``(is Crossing)`` looks at)."""
    board = c.require_board()
    if VERTEX not in board.use or EDGE not in board.use:
        c.fail("(move Path ...) draws on edges between vertices: the board needs "
               "use:{Vertex Edge}")
    if length is None or from_ is None:
        c.fail("(move Path ...) needs length: and from:", "e.g. (move Path length:3 "
               "from:(sites Occupied Mover Vertex))")
    if not 1 <= length <= MAX_PATH_LENGTH:
        c.fail(f"a path has 1 to {MAX_PATH_LENGTH} edges, not {length}")
    g = c.game
    n_players = c.num_players
    pid_of = _pieces_per_player(c, piece)
    thenfn = then.fn if then is not None else None
    zobrist = g.zobrist
    n = board.n_sites
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i, (a, b) in enumerate(board.edge_ends):
        e = board.offset[EDGE] + i
        adj[a].append((e, b))
        adj[b].append((e, a))
    for v in board.sites[VERTEX]:
        adj[v].sort(key=lambda ew: ew[1])
    # walks that never turn straight back bound the paths: refuse before building
    top = max(len(adj[v]) for v in board.sites[VERTEX])
    bound = sum(len(adj[v]) for v in board.sites[VERTEX]) * max(top - 1, 1) ** (length - 1)
    if bound > MAX_PATHS:
        c.fail(f"(move Path length:{length}) could have up to {bound:,} paths on this board "
               f"(the limit is {MAX_PATHS:,})", "use a shorter length")

    # every path move, keyed by its walk: the walks are all found below, at compile time
    walks: list[tuple] = []
    interned = MoveTable(g, lambda vs, es, pid: Move("path", vs[0], vs[-1], pid, vs,
                                                     _draw_act(es, zobrist, pid), thenfn),
                         lambda: walks)

    def leaf(vs: tuple[int, ...], es: tuple[int, ...]):
        moves = tuple(interned[vs, es, pid_of[p]] if pid_of[p] else None
                      for p in range(n_players + 1))
        walks.extend((vs, es, pid) for pid in pid_of if pid)
        # (end, the walk from the other end is the canonical one when both ends qualify,
        #  every edge, the move for each player)
        return (vs[-1], vs[-1] < vs[0], es, moves)

    def build(vs: tuple[int, ...], es: tuple[int, ...]) -> tuple:
        """The walks on from ``vs``: (edge, leaf) pairs at the last step, else (edge,
        vertex reached, the walks on from there)."""
        entries = []
        last = len(es) + 1 == length
        for e, w in adj[vs[-1]]:
            if w in vs:
                continue
            if last:
                entries.append((e, leaf(vs + (w,), es + (e,))))
            else:
                sub = build(vs + (w,), es + (e,))
                if sub:
                    entries.append((e, w, sub))
        return tuple(entries)

    tries: list[tuple | None] = [None] * n
    for v in board.sites[VERTEX]:
        tries[v] = build((v,), ()) or None
    from_fn = from_.fn

    def make(cond):
        test = cond.fn if cond is not None else None
        # a condition that fails at a vertex of the path whatever the rest of it (see
        # CondV.at_drawn_vertex) is asked vertex by vertex as the walk draws the path
        veto = veto_of(cond) if cond is not None else None
        if veto is not None:
            if UNROLLED_WALKS and length <= UNROLLED_MAX_LENGTH:
                at_vertex = [(v, *(e for e, _ in adj[v])) for v in range(n)]
                return _unrolled_vetoed_walks(length, pid_of, from_fn, tries, veto,
                                              cond.at_drawn_vertex[2]
                                              if len(cond.at_drawn_vertex) > 2 else None,
                                              from_.with_members if MEMBERS_WITH_STARTS
                                              else None,
                                              (at_vertex, len(c.pieces.names))
                                              if TABLED_VETO else None,
                                              g if FREE_MASKS else None)
            return _vetoed_walks(length, pid_of, from_fn, tries, veto)

        def gen(s):
            who = s.who
            pid = pid_of[who]
            if not pid:
                return []
            what = s.what
            starts = from_fn(s)
            inset = set(starts)
            out: list[Move] = []
            append = out.append
            hist = s.history

            def walk(node, depth):
                if depth < length:
                    for e, _, sub in node:
                        if not what[e]:
                            walk(sub, depth + 1)
                    return
                for e, (end, lower, edges, moves) in node:
                    if what[e] or (lower and end in inset):
                        continue
                    m = moves[who]
                    if test is not None:
                        for x in edges:
                            what[x] = pid
                        s.occ = None  # runtime.occupancy: a trial
                        s.hash ^= TRIAL_HASH
                        hist.append(m)
                        s.frm = m.frm
                        s.to = end
                        ok = test(s)
                        hist.pop()
                        for x in edges:
                            what[x] = 0
                        s.occ = None  # runtime.occupancy: a trial
                        s.hash ^= TRIAL_HASH
                        if not ok:
                            continue
                    append(m)

            for v in starts:
                node = tries[v]
                if node is not None:
                    walk(node, 1)
            return out

        return gen

    def listing(cond):
        gen = make(cond)
        # no condition, or a veto that reads only the board at a vertex, and a from:
        # that reads only the board and the mover: the listing reads nothing else of
        # the state (structure.MOVER_ONLY; the masks and the tree are kept from the board)
        if (cond is None or veto_of(cond) is not None) and reads_mover_only(from_):
            gen.mover_only = True
        return gen

    return MovesV(listing(None), keep_if=listing)


def veto_of(cond):
    """The test a path generator asks vertex by vertex for ``cond`` (``CondV.
    at_drawn_vertex`` of kind "none"), else None."""
    drawn = cond.at_drawn_vertex
    return drawn[1] if drawn is not None and drawn[0] == "none" else None


def _vetoed_walks(length: int, pid_of: list[int], from_fn, tries: list, veto):
    """The paths that fail ``veto`` at none of their vertices. The walk draws each edge
    as it goes and tests the vertex it leaves (its two edges of the path are then on
    the board; the path touches no other) and, at the end, the last vertex: a prefix
    that fails is not walked further, and the tests of a prefix serve every path that
    continues it. Same paths, in the same order, as trying each drawn path whole."""

    def gen(s):
        who = s.who
        pid = pid_of[who]
        if not pid:
            return []
        what = s.what
        starts = from_fn(s)
        inset = set(starts)
        out: list[Move] = []
        append = out.append

        def walk(node, depth, v):
            if depth < length:
                for e, x, sub in node:
                    if not what[e]:
                        what[e] = pid
                        if not veto(what, v):
                            walk(sub, depth + 1, x)
                        what[e] = 0
                return
            for e, (end, lower, _, moves) in node:
                if what[e] or (lower and end in inset):
                    continue
                what[e] = pid
                if not (veto(what, v) or veto(what, end)):
                    append(moves[who])
                what[e] = 0

        for v in starts:
            node = tries[v]
            if node is not None:
                walk(node, 1, v)
        return out

    return gen


def _unrolled_vetoed_walks(length: int, pid_of: list[int], from_fn, tries: list, veto,
                           needs, with_members=None, tabling=None, masking=None):
    """``_vetoed_walks`` written out as ``length`` nested loops (generated source; the
    tables reach it through its namespace). ``needs(v, drawn)`` (from the veto's
    ``at_drawn_vertex``; None: not given) says which sites must all be occupied for the
    veto to hold at v once the path's edges ``drawn`` there are on the board (None:
    it cannot hold): each step of the walk carries two of them (or the edge it has just
    drawn, which is occupied), and the veto is called only when both are. Same paths,
    in the same order. ``tabling``: (the sites at each vertex, the number of piece
    values) to read the veto's answers from tables (``TABLED_VETO``)."""

    def check(v: int, drawn: tuple[int, ...]) -> tuple[int, int]:
        """(a, b): the sites to look at before asking the veto at v; a < 0 when it
        cannot hold there."""
        nonlocal lazy
        need = () if needs is None else needs(v, drawn)
        if need is None:
            return (-1, -1)
        rest = [x for x in need if x not in drawn][:2]
        if not rest:
            # asked whenever the path gets there: looked for on the board as drawn
            lazy = False
            return (drawn[-1], drawn[-1])
        return (rest[0], rest[-1])

    tables: dict = {}

    def tabled(v: int, drawn: tuple[int, ...], pid: int, ab: tuple[int, int]) -> tuple:
        """``check``'s (a, b) and (the table, its sites) for the veto at v (None: made
        none; a < 0 when the veto never holds there)."""
        nonlocal tabling
        if tabling is None or ab[0] < 0:
            return (*ab, None)
        key = (v, drawn, pid)
        got = tables.get(key)
        if got is None:
            got = tables[key] = _veto_table(veto, tabling[0][v], v, drawn, pid, tabling[1],
                                            len(tries))
        if got is None:
            tabling = None  # too large: the veto is called everywhere
            return (*ab, None)
        if got is False:
            return (-1, -1, None)
        return (*ab, got)

    def convert(node: tuple, v: int, prev: int, depth: int, who: int) -> tuple:
        out = []
        pid = pid_of[who]
        if depth < length:
            for e, x, sub in node:
                drawn = (prev, e) if prev >= 0 else (e,)
                ab = check(v, drawn)
                sub = convert(sub, x, e, depth + 1, who)
                if tabling is None:
                    out.append((e, x, *ab, sub))
                else:
                    out.append((e, x, *tabled(v, drawn, pid, ab), sub))
        else:
            for e, (end, lower, _, moves) in node:
                drawn = (prev, e) if prev >= 0 else (e,)
                ab, cd = check(v, drawn), check(end, (e,))
                if tabling is None:
                    out.append((e, end, lower, moves[who], *ab, *cd))
                else:
                    a, b, t = tabled(v, drawn, pid, ab)
                    c, d, u = tabled(end, (e,), pid, cd)
                    out.append((e, end, lower, moves[who], a, b, c, d, t, u))
        return tuple(out)

    # the edges drawn only around the veto's calls, unless a check has no site to look at
    lazy = DRAWN_AT_VETO
    # per player, per start vertex: the walks, their leaves holding that player's moves
    none = () if LEAN_LOOPS else None

    def flatten():
        return [[none if t is None else convert(t, v, -1, 1, who) for v, t in enumerate(tries)]
                if pid_of[who] else None for who in range(len(pid_of))]

    if tabling is not None and not lazy:
        tabling = None
    flats = flatten()
    if tabling is not None and not lazy:
        tabling = None  # a vertex where the veto must be asked with the path drawn
    if tabling is None and tables:
        flats = flatten()
    masked = None
    if masking is not None and tabling is not None and LEAN_LOOPS:
        # (LAST_EXTEND: the bit above every vertex's)
        top = LAST_EXTEND and 1 + max(v for v, at in enumerate(tabling[0]) if len(at) > 1)
        masked = _masked_flats(length, pid_of, tries, needs, tabling[0],
                               lambda v, drawn, pid, ab: tabled(v, drawn, pid, ab)[2],
                               lambda v, drawn: check(v, drawn), top)
        if tabling is None:
            masked = None  # a table too large was met
    width = 0
    if tabling is not None:
        # as many sites for every table (one read again where there are fewer)
        made = [t for t in tables.values() if t]
        width = max((len(t) - 1 for t in made), default=1)
        for t in made:
            while len(t) - 1 < width:
                t[:] = [(t[0],) * tabling[1], *t[1:2], *t[1:]]
    if masked is not None:
        follow = getattr(with_members, "follow", None)
        hot = None
        if top:
            masked, hot = masked

        def coded():
            # (VALUE_CODES: the flats and hot codes under the number of piece values)
            if not (VALUE_CODES and top and HOT_ROWS):
                return None
            got = _masked_flats(length, pid_of, tries, needs, tabling[0],
                                lambda v, drawn, pid, ab: tabled(v, drawn, pid, ab)[2],
                                lambda v, drawn: check(v, drawn), top, tabling[1])
            return None if got is None or tabling is None else (*got, tabling[1])

        *made, got = _free_masks(masking, tabling[0], len(tries), follow, hot, top,
                                 length if KEPT_WALKS else 0, len(pid_of), coded)
        prepare = getattr(made[1], "prepare", None)
        if prepare is not None:
            # (the kept tree's one-move plans for every path this generator lists)
            for m in _path_moves(tries):
                prepare(m.act.writes, m.piece)
        values = 0
        if got is not None:
            masked, values = got
        return _masked_walks(length, pid_of, from_fn, with_members, masked, width, *made,
                             top=top, values=values)
    lines = ["def gen(s):",
             "    who = s.who",
             "    pid = pid_of[who]",
             "    if not pid:",
             "        return []",
             "    what = s.what",
             "    flat = flats[who]",
             *(["    starts = from_fn(s)",
                "    inset = set(starts)"] if with_members is None else
               ["    starts, inset = with_members(s)"]),
             "    out = []",
             "    append = out.append",
             "    for v0 in starts:",
             "        node0 = flat[v0]",
             *([] if LEAN_LOOPS else ["        if node0 is None:",
                                      "            continue"])]
    pad = "        "
    for d in range(1, length):
        if LEAN_LOOPS:
            lines += [f"{pad}for t{d} in node{d - 1}:",
                      f"{pad}    if what[t{d}[0]]:",
                      f"{pad}        continue",
                      f"{pad}    e{d}, v{d}, a{d}, b{d}, {f'k{d}, ' if width else ''}node{d} "
                      f"= t{d}"]
        else:
            lines += [f"{pad}for e{d}, v{d}, a{d}, b{d}, {f'k{d}, ' if width else ''}node{d} "
                      f"in node{d - 1}:",
                      f"{pad}    if what[e{d}]:",
                      f"{pad}        continue"]
        if lazy:
            lines += _tabled_at(pad + "    ", f"a{d}", f"b{d}", f"k{d}", width) if width \
                else _vetoed_at(pad + "    ", f"a{d}", f"b{d}", f"v{d - 1}",
                                [f"e{d - 1}", f"e{d}"] if d > 1 else ["e1"])
            pad += "    "
        else:
            lines += [f"{pad}    what[e{d}] = pid",
                      f"{pad}    if a{d} < 0 or not (what[a{d}] and what[b{d}] and "
                      f"veto(what, v{d - 1})):"]
            pad += "        "
    last = length - 1
    if width and LEAN_LOOPS:
        # (ten items: the edge read before unpacking them)
        lines += [f"{pad}for t in node{last}:",
                  f"{pad}    if what[t[0]]:",
                  f"{pad}        continue",
                  f"{pad}    e, end, lower, m, a, b, c, d, k, kk = t",
                  f"{pad}    if lower and end in inset:",
                  f"{pad}        continue"]
    else:
        lines += [f"{pad}for e, end, lower, m, a, b, c, d{', k, kk' if width else ''} "
                  f"in node{last}:",
                  f"{pad}    if what[e] or (lower and end in inset):",
                  f"{pad}        continue"]
    if lazy:
        lines += [*_tabled_at(pad + "    ", "a", "b", "k", width),
                  *_tabled_at(pad + "    ", "c", "d", "kk", width),
                  f"{pad}    append(m)"] if width else [
                  *_vetoed_at(pad + "    ", "a", "b", f"v{last}",
                              [f"e{last}", "e"] if last else ["e"]),
                  *_vetoed_at(pad + "    ", "c", "d", "end", ["e"]),
                  f"{pad}    append(m)"]
    else:
        lines += [f"{pad}    what[e] = pid",
                  f"{pad}    if (a < 0 or not (what[a] and what[b] and veto(what, v{last}))) "
                  "and (c < 0 or not (what[c] and what[d] and veto(what, end))):",
                  f"{pad}        append(m)",
                  f"{pad}    what[e] = 0"]
        for d in range(length - 1, 0, -1):
            pad = pad[:-8]
            lines.append(f"{pad}    what[e{d}] = 0")
    lines.append("    return out")
    ns = {"pid_of": pid_of, "from_fn": from_fn, "flats": flats, "veto": veto,
          "with_members": with_members}
    exec(compile("\n".join(lines), "<move Path walks>", "exec"), ns)  # noqa: S102
    return ns["gen"]


def _path_moves(tries: list):
    """Every move at the leaves of the walks ``tries`` (``move_path``'s), for every
    player."""
    for node in tries:
        stack = [node or ()]
        while stack:
            for entry in stack.pop():
                if len(entry) == 2:
                    yield from (m for m in entry[1][3] if m is not None)
                else:
                    stack.append(entry[2])


class _Unmaskable(Exception):
    """A veto's check that a vertex's mask of drawn edges cannot settle."""


def _masked_flats(length: int, pid_of: list[int], tries: list, needs, at_vertex: list,
                  table_of, check, extend: int = 0, values: int = 0):
    """``FREE_MASKS``: per player, per vertex, the walks from it as a tuple indexed by the
    vertex's mask of drawn edges (bit i: its i-th edge in ``at_vertex``), each item the
    entries on from there whose edge is free under that mask, in the walk's order. Before
    the last step an entry is (the next vertex, the veto's table at this vertex when the
    sites it needs here are all drawn under the mask else (), the entries on from the next
    vertex indexed likewise); at the last step (the end when the walk from the other end
    is the listed one else -1, the move, the table at this vertex or (), the two sites to
    look at before asking the veto at the end, the table there or ()). ``table_of(v,
    drawn, pid, ab)``: ``tabled``'s table (None: none); ``check``: ``check``. None when a
    check needs a site that is not an edge of its vertex, or a vertex has more than
    ``FREE_MASKS_MAX_EDGES`` edges.

    ``extend`` (``LAST_EXTEND``; 0: off): a bit above every vertex's. A last step's
    variant is then (its moves, the bits that could stop one: bit ``end`` where the veto
    is looked at at the end, bit ``extend + 1 + end`` where the walk from the end is the
    listed one when it is in ``from:``, bit ``extend`` where the table at this vertex is
    read, its entries), and the flats come with ``hot``: per vertex, per mask of its
    drawn edges, whether the veto may hold there at the end of a walk.

    ``values`` (``VALUE_CODES``, with ``extend``; 0: off): the tuples are indexed by the
    vertex's code instead (the value on its i-th edge times ``values ** i``, summed), the
    veto's answer at a vertex read from its table when compiling: an entry is then (the
    next vertex, the entries on from there), a last step's (the end when the walk from
    the other end is the listed one else -1, the move, the veto's answers at the end per
    code of the end or False, the end), no bit ``extend``; ``hot`` per vertex, per code,
    the players (bit ``who - 1``) for whom it may hold. None also when a table reads a
    site that is not an edge of its vertex, or a vertex has more than
    ``VALUE_CODES_MAX`` codes."""
    bit_at = [{e: 1 << i for i, e in enumerate(at[1:])} for at in at_vertex]
    if any(len(b) > FREE_MASKS_MAX_EDGES for b in bit_at):
        return None
    if values:
        if not extend or any(values ** len(b) > VALUE_CODES_MAX for b in bit_at):
            return None
        # (per vertex, per edge: its digit's weight in the vertex's code)
        weight = [{e: values ** i for i, e in enumerate(at[1:])} for at in at_vertex]

    answered: dict = {}  # (the table's id, v): its answers (the tables are kept)
    keyed: dict = {}  # (v, the items' weights and answers' ids): the keys per code

    def answers(t, v: int) -> tuple | bool:
        """The veto's answers (``tabled``'s table t at v) per code of v; False when
        none holds."""
        got = answered.get((id(t), v))
        if got is None:
            got = answered[id(t), v] = _answers(t, v)
        return got

    def _answers(t, v: int) -> tuple | bool:
        out = []
        for code in range(values ** len(bit_at[v])):
            q = t[0]
            for x in t[1:]:
                if x not in weight[v]:
                    raise _Unmaskable
                q = q[code // weight[v][x] % values]
            out.append(bool(q))
        return tuple(out) if any(out) else False
    # (with ``extend``, no table is False: a test of it is then a test of a bool)
    no_table = False if extend else ()

    def need_bits(v: int, drawn: tuple[int, ...]) -> int:
        """The mask bits of the sites the veto needs at v (-1: it cannot hold there)."""
        need = needs(v, drawn) if needs is not None else None
        if need is None:
            return -1
        rest = [x for x in need if x not in drawn]
        if not rest or any(x not in bit_at[v] for x in rest):
            raise _Unmaskable
        bits = 0
        for x in rest:
            bits |= bit_at[v][x]
        return bits

    def variants(v: int, items: list[tuple], last: bool = False) -> tuple:
        # items: (the entry's edge bit, its check's bits or -1, the entry without the
        # check, with it[, the end: a last step's with ``extend``]); a variant per mask,
        # alike ones shared
        made: dict = {}
        out = []
        if values:
            # (items: (the edge's weight, the veto's answers per code or False, the entry
            # [, the end]); the variant's key: the entries kept)
            pattern = (v, *((w, id(no)) for w, no, *_ in items))
            keys = keyed.get(pattern)
            if keys is None:
                keys = keyed[pattern] = [
                    tuple(i for i, (w, no, *_) in enumerate(items)
                          if not code // w % values and not (no and no[code]))
                    for code in range(values ** len(bit_at[v]))]
            for key in keys:
                got = made.get(key)
                if got is None:
                    got = made[key] = tuple(items[i][2] for i in key)
                    if last:
                        got = made[key] = _extended(got, [items[i][3] for i in key], extend,
                                                    True)
                out.append(got)
            return tuple(out)
        for mask in range(1 << len(bit_at[v])):
            key = tuple(2 * i + (nb >= 0 and mask & nb == nb)
                        for i, (bit, nb, *_) in enumerate(items) if not mask & bit)
            got = made.get(key)
            if got is None:
                got = made[key] = tuple(items[k >> 1][2 + (k & 1)] for k in key)
                if last and extend:
                    got = made[key] = _extended(got, [items[k >> 1][4] for k in key],
                                                extend)
            out.append(got)
        return tuple(out)

    def convert(node: tuple, v: int, prev: int, depth: int, who: int) -> tuple:
        pid = pid_of[who]
        items = []
        for entry in node:
            e = entry[0]
            drawn = (prev, e) if prev >= 0 else (e,)
            nb = need_bits(v, drawn)
            t = table_of(v, drawn, pid, check(v, drawn)) if nb >= 0 else None
            if t is None:
                nb = -1  # the veto never holds here
            if depth < length:
                _, x, sub = entry
                sub = convert(sub, x, e, depth + 1, who)
                if values:
                    items.append((weight[v][e], t is not None and answers(t, v), (x, sub)))
                    continue
                items.append((bit_at[v][e], nb, (x, no_table, sub), (x, t, sub)))
            else:
                _, (end, lower, _, moves) = entry
                c, d = check(end, (e,))
                u = table_of(end, (e,), pid, (c, d)) if c >= 0 else None
                if values:
                    items.append((weight[v][e], t is not None and answers(t, v),
                                  (end if lower else -1, moves[who],
                                   u is not None and answers(u, end), end), end))
                    continue
                tail = (c, d, u) if u is not None else (0, 0, no_table)
                low, m = (end if lower else -1), moves[who]
                items.append((bit_at[v][e], nb, (low, m, no_table, *tail), (low, m, t, *tail),
                              end))
        return variants(v, items, depth == length)

    def hot(v: int) -> bytes:
        # per mask at v: whether a walk's last edge, free under it, may end where the
        # veto holds (the sites it needs there then all drawn)
        out = bytearray(1 << len(bit_at[v]))
        for e, bit in bit_at[v].items():
            try:
                nb = need_bits(v, (e,))
            except _Unmaskable:
                nb = 0
            if nb < 0:
                continue
            for mask in range(len(out)):
                if mask & nb == nb and not mask & bit:
                    out[mask] = 1
        return bytes(out)

    def hot_coded(v: int) -> tuple:
        # per code at v: the players (bit who - 1) for whom a walk's last edge, free
        # under it, may end where the veto holds
        out = [0] * (values ** len(bit_at[v]))
        for who, pid in enumerate(pid_of):
            if not pid:
                continue
            for e, w in weight[v].items():
                ab = check(v, (e,))
                u = table_of(v, (e,), pid, ab) if ab[0] >= 0 else None
                no = u is not None and answers(u, v)
                if no:
                    for code in range(len(out)):
                        if not code // w % values and no[code]:
                            out[code] |= 1 << (who - 1)
        return tuple(out)

    try:
        flats = [[convert(t or (), v, -1, 1, who) for v, t in enumerate(tries)]
                 if pid_of[who] else None for who in range(len(pid_of))]
        if values:
            return flats, [hot_coded(v) for v in range(len(bit_at))]
    except _Unmaskable:
        return None
    if not extend:
        return flats
    return flats, [hot(v) for v in range(len(bit_at))]


def _extended(entries: tuple, ends: list[int], top: int, coded: bool = False) -> tuple:
    """A last step's variant for ``LAST_EXTEND``: (the moves, the bits that could stop one
    of them, the entries); see ``_masked_flats`` (``coded``: its entries under
    ``values``)."""
    stop = 0
    for en, end in zip(entries, ends, strict=True):
        low, k, kk = (en[0], False, en[2]) if coded else (en[0], en[2], en[5])
        if k:
            stop |= 1 << top
        if kk:
            stop |= 1 << end
        if low >= 0:
            stop |= 1 << (top + 1 + low)
    # (NO_STOP_FIRST: nothing to stop as False, a test of a bool, not of an int)
    moves = tuple(en[1] for en in entries)
    stop = stop or (not NO_STOP_FIRST and stop)
    if not (coded and KNOWN_DROPS):
        return (moves, stop, entries)
    # (KNOWN_DROPS: the entries under key 0, which no set of ends is)
    lows = [i for i, en in enumerate(entries) if en[0] >= 0]
    drops: dict = {0: entries}
    if len(lows) <= KNOWN_DROPS_MAX:
        for k in range(1, 1 << len(lows)):
            out = {i for b, i in enumerate(lows) if k >> b & 1}
            drops[sum(1 << (top + 1 + entries[i][0]) for i in out)] = \
                tuple(m for i, m in enumerate(moves) if i not in out)
    return (moves, stop, drops)


def _free_masks(game, at_vertex: list, size: int, follow=None, hot=None, top: int = 0,
                length: int = 0, players: int = 0, coded=None):
    """``FREE_MASKS``: ``masks_of(s)``, per site the mask of the drawn edges at it (bit i:
    the i-th edge in ``at_vertex``; 0 for other sites), kept on the state (a slot of
    ``Game.add_aux``) with the board it was made from. The sites changed since then are
    looked for among those the moves played since say they write (``act.writes``), and
    the board kept is then compared with the state's whole: any other change (or a board
    not in a list) makes the masks afresh. The masks are a function of the board alone.
    With ``follow`` (a kept region's ``with_members.follow``, ``ownedregions.FOLLOWED``),
    the masks are kept beside the region instead: returns (None, ``with_masks(s)``: the
    region's sites, its members, the masks); else (``masks_of``, None).

    With ``hot`` (``LAST_EXTEND``: per vertex, per mask, whether the veto may hold at the
    end of a walk there), the masks' list holds one more item, the vertices where it may
    as an integer (bit v; bit ``top`` always set), and the region's members come as an
    integer too (``with_masks(s)``: sites, members, masks, members' bits).

    ``coded`` (``VALUE_CODES``): where the starts' moves are not kept, ``coded()`` gives
    ``_masked_flats``' flats and hot codes under ``values`` and ``values`` (None: none):
    the follower then keeps per vertex its code and per player (index ``size + who -
    1``) the vertices where the veto may hold at a walk's end; the fourth item returned
    is (those flats, ``values``), else None."""
    flips: list[tuple] = [()] * size
    for v, at in enumerate(at_vertex):
        for i, e in enumerate(at[1:]):
            flips[e] += ((v, 1 << i),)
    edges = [e for e in range(size) if flips[e]]
    most = FREE_MASKS_MOVES

    def made(what) -> list[int]:
        masks = [0] * size
        if hot is not None:
            # (a vertex hot on the way stays marked: a mark too many only costs a look)
            bits = 1 << top
            for e in edges:
                if what[e]:
                    for v, bit in flips[e]:
                        m = masks[v] = masks[v] | bit
                        if hot[v][m]:
                            bits |= 1 << v
            masks.append(bits)
            return masks
        for e in edges:
            if what[e]:
                for v, bit in flips[e]:
                    masks[v] |= bit
        return masks

    def put(masks: list[int], j: int, _x: int = 0) -> None:
        for v, bit in flips[j]:
            masks[v] |= bit

    def put_hot(masks: list[int], j: int, _x: int = 0) -> None:
        for v, bit in flips[j]:
            m = masks[v] = masks[v] | bit
            if hot[v][m]:
                masks[size] |= 1 << v

    # (HOT_ROWS: per edge, (vertex, its bit, its row of ``hot``, the vertex's bit))
    rows = [tuple((v, bit, hot[v], 1 << v) for v, bit in flips[e]) for e in range(size)] \
        if hot is not None and HOT_ROWS else None

    def put_rows(masks: list[int], j: int, _x: int = 0) -> None:
        for v, bit, row, vbit in rows[j]:
            m = masks[v] = masks[v] | bit
            if row[m]:
                masks[size] |= vbit

    if hot is not None:
        put = put_rows if rows is not None else put_hot
    kept = _kept_walks(length, at_vertex, flips, hot, size, made, rows, players) \
        if length and rows is not None and follow is not None else None
    if kept is not None:
        with_masks = follow(kept["made"], kept["put"], kept["copy"], size, True)
        if with_masks is not None:
            return None, with_masks, kept, None
    got = coded() if coded is not None and follow is not None and rows is not None \
        else None
    if got is not None:
        made_c, put_c, plan_c, apply_c = _coded_follower(at_vertex, size, top, players,
                                                         *got[1:])
        with_masks = follow(made_c, put_c, list.copy, size, True, plan_c, apply_c)
        if with_masks is not None:
            return None, with_masks, None, (got[0], got[2])
    with_masks = follow(made, put, list.copy, size, hot is not None) \
        if follow is not None else None
    if with_masks is not None:
        return None, with_masks, None, None

    def fresh():
        # [the board read, the masks, how many moves the history held then]
        return [None, None, -1]

    def copy(a):
        return [a[0] and a[0][:], a[1] and a[1][:], a[2]]

    slot = game.add_aux(fresh, copy)

    def masks_of(s) -> list[int]:
        kept = s.aux[slot]
        what = s.what
        board = kept[0]
        if board is not None:
            hist = s.history
            n = len(hist)
            k = kept[2]
            if k == n:
                if board == what:
                    return kept[1]
            elif (writes := writes_since(hist, k, most)) is not None:
                masks = kept[1]
                for sites in writes:
                    for j in sites:
                        x, y = what[j], board[j]
                        if x != y:
                            board[j] = x
                            if not x or not y:
                                for v, bit in flips[j]:
                                    masks[v] ^= bit
                                    if hot is not None and hot[v][masks[v]]:
                                        masks[size] |= 1 << v
                if board == what:
                    kept[2] = n
                    return masks
        kept[0] = list(what)
        kept[1] = masks = made(what)
        kept[2] = len(s.history)
        return masks

    return masks_of, None, None, None


def _coded_follower(at_vertex: list, size: int, top: int, players: int, hot: list,
                    values: int):
    """``VALUE_CODES``: the follower's ``made`` and ``put`` (``_free_masks``): per site
    its code (the value on its i-th edge in ``at_vertex`` times ``values ** i``, summed;
    0 for a site without edges), then per player (``who - 1``) an integer of the
    vertices where ``hot`` (per vertex, per code, the players for whom the veto may hold
    at a walk's end, bit ``who - 1``) holds or held since (bit ``top`` always set)."""
    # per edge, per end: (the vertex, the edge's weight there, its row of hot, its bit)
    rows: list[tuple] = [()] * size
    for v, at in enumerate(at_vertex):
        for i, e in enumerate(at[1:]):
            rows[e] += ((v, values ** i, hot[v], 1 << v),)
    edges = [e for e in range(size) if rows[e]]
    # per set of players: the indices of their integers
    slots = [tuple(size + i for i in range(players - 1) if h >> i & 1)
             for h in range(1 << max(players - 1, 0))]

    def made(what) -> list[int]:
        masks = [0] * size
        for e in edges:
            x = what[e]
            if x:
                for v, w, _, _ in rows[e]:
                    masks[v] += x * w
        masks += [1 << top] * (players - 1)
        for v in range(size):
            for i in slots[hot[v][masks[v]]]:
                masks[i] |= 1 << v
        return masks

    def put(masks: list[int], j: int, x: int) -> None:
        for v, w, row, vbit in rows[j]:
            m = masks[v] = masks[v] + x * w
            h = row[m]
            if h:
                for i in slots[h]:
                    masks[i] |= vbit

    def plan(sites, x: int) -> tuple:
        # (a move putting x on the empty sites: per vertex, what its code gains)
        gains: dict = {}
        for j in sites:
            for v, w, row, vbit in rows[j]:
                gains[v] = (gains[v][0] + x * w, row, vbit) if v in gains else (x * w, row, vbit)
        return tuple((v, *got) for v, got in gains.items())

    def apply(masks: list[int], planned: tuple) -> None:
        # (only the codes after the move are looked up in hot, as ``made`` does: what
        # the codes between would have marked is no longer needed)
        for v, gain, row, vbit in planned:
            m = masks[v] = masks[v] + gain
            h = row[m]
            if h:
                for i in slots[h]:
                    masks[i] |= vbit

    return made, put, plan, apply


def _kept_walks(length: int, at_vertex: list, flips: list, hot: list, size: int, made,
                rows: list, players: int) -> dict:
    """``KEPT_WALKS``: the masks' list (``_free_masks``' ``made``, hot vertices at index
    ``size``) with two more items: at ``size + 1`` the starts marked since it was last
    read (bit v: start v must be walked again), at ``size + 2`` per player but the first
    (index ``who - 1``) [its kept moves per start, the starts marked since its last
    listing, its members' bits then (None: not listed yet)]. A put marks: for an edge
    drawn at v (its mask now m), v and the vertices within ``length - 1`` steps of v whose
    first step is an edge free under m (``length`` where the veto may be asked at v before
    or after: a walk may end there); for another site, those within ``length`` steps. A
    listing marks for each vertex y that joined ``from:`` since the player's last y and
    the starts above y within ``length`` steps, the first through an edge free now (a walk
    from them may end at y, listed from y now; one that came in through an edge drawn
    since was marked by that put). Returns the follower's ``made``, ``put``, ``copy``,
    and for the walks ``near`` (per site, per mask, y's marks) and ``nbytes`` (the sites).
    ``players``: the number of players + 1 (the walks' ``pid_of``)."""
    nbr: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for ends in flips:
        if len(ends) == 2:
            (a, abit), (b, bbit) = ends
            nbr[a].append((abit, b))
            nbr[b].append((bbit, a))

    def marks(v: int, r: int, free: int = -1, above: int = -1) -> int:
        """A bit a vertex within r steps of v (the first through edges free under
        ``free``; -1: every edge): v and those above ``above``."""
        seen = {v}
        frontier = [v]
        for step in range(r):
            nxt = []
            for x in frontier:
                for bit, w in nbr[x]:
                    if step == 0 and free >= 0 and free & bit:
                        continue
                    if w not in seen:
                        seen.add(w)
                        nxt.append(w)
            frontier = nxt
        return sum(1 << w for w in seen if w > above or w == v)

    # (the mean share of the vertices an edge drawn marks: too large, nothing kept)
    vertices = sum(1 for at in at_vertex if len(at) > 1)
    drawn = [(marks(a, length - 1) | marks(b, length - 1)).bit_count()
             for (a, _), (b, _) in (ends for ends in flips if len(ends) == 2)]
    if not drawn or sum(drawn) > KEPT_WALKS_SHARE * length * vertices * len(drawn):
        return None

    memo: dict = {}

    def marked(v: int, r: int, free: int) -> int:
        key = (v, r, free)
        got = memo.get(key)
        if got is None:
            got = memo[key] = marks(v, r, free)
        return got

    # per edge, per end: (vertex, its bit, its row of hot, the vertex's bit, the marks
    # per mask of the vertex after the edge is drawn)
    rows_kept = [tuple((v, bit, row, vbit,
                        tuple(marked(v, length if hot[v][m] or hot[v][m & ~bit]
                                     else length - 1, m)
                              for m in range(len(row))))
                       for v, bit, row, vbit in rows[e]) for e in range(size)]
    alone = [0 if rows[j] else marks(j, length) for j in range(size)]
    # (per vertex, per its mask: a walk kept that ends at y came in through an edge free
    # now, else the put that drew it marked its start)
    near = [tuple(marks(y, length, m, y) for m in range(len(hot[y]))) for y in range(size)]
    nbytes = size
    every = (1 << size) - 1

    def made_kept(what) -> list:
        masks = made(what)
        masks.append(0)
        masks.append([[[()] * size, every, None] for _ in range(1, players)])
        return masks

    marked_at = size + 1

    def put_kept(masks: list, j: int, _x: int = 0) -> None:
        ends = rows_kept[j]
        if not ends:
            masks[marked_at] |= alone[j]
            return
        for v, bit, row, vbit, by in ends:
            m = masks[v] = masks[v] | bit
            if row[m]:
                masks[size] |= vbit
            masks[marked_at] |= by[m]

    def copy_kept(masks: list) -> list:
        c = masks[:]
        c[size + 2] = [[k[:], d, b] for k, d, b in masks[size + 2]]
        return c

    out = {"made": made_kept, "put": put_kept, "copy": copy_kept, "near": near,
           "nbytes": nbytes}
    return out


def _masked_walks(length: int, pid_of: list[int], from_fn, with_members, flats: list,
                  width: int, masks_of, with_masks=None, kept=None, top: int = 0,
                  values: int = 0):
    """The written-out walks over ``_masked_flats``' tables (``FREE_MASKS``): a step takes
    the entries its vertex's mask leaves (its free edges), reads the veto's table where
    the entry holds one, and at the end the table at the end vertex once the two sites
    it needs there are occupied. Same paths, in the same order, as ``_unrolled_vetoed_walks``'
    other loops. ``with_masks``: the start vertices, a container of them and the masks
    in one call (``_free_masks``), else ``masks_of``. ``top`` (``LAST_EXTEND``; 0: off):
    the last step's variants are ``_extended``'s, added whole unless a vertex that could
    stop one of their moves is hot or in ``from:`` (known only with ``with_masks``).
    ``kept`` (``KEPT_WALKS``, with ``with_masks`` and ``top``; ``_kept_walks``' dict): each
    start's moves kept per player, a start walked again only when marked. ``values``
    (``VALUE_CODES``, with ``with_masks`` and ``top``, not ``kept``): the flats are
    indexed by the vertices' codes, no veto's table is read but the answers at a walk's
    end, the hot vertices are the mover's."""
    sites = ", ".join(f"r{i}" for i in range(width))
    read = "".join(f"[what[r{i}]]" for i in range(width))
    if kept is not None and (with_masks is None or not top):
        kept = None
    if kept is not None:
        size = kept["nbytes"]

    def vetoed(pad: str, k: str) -> list[str]:
        return [f"{pad}if {k}:",
                f"{pad}    q, {sites} = {k}",
                f"{pad}    if q{read}:",
                f"{pad}        continue"]

    if kept is not None:
        # the marks brought in since the last listing go to every player's; the starts
        # near the vertices that joined this player's members since its last are marked;
        # the marked members are walked again (each into its own list), then the kept
        # lists joined in the order of the starts
        head = ["    starts, inset, mask, inb = with_masks(s)",
                f"    keep = mask[{size + 2}]",
                f"    acc = mask[{size + 1}]",
                "    if acc:",
                f"        mask[{size + 1}] = 0",
                "        for kq in keep:",
                "            kq[1] |= acc",
                "    kp = keep[who - 1]",
                "    kept, dirty, last = kp",
                "    if last != inb:",
                "        kp[2] = inb",
                "        if last is not None:",
                "            new = inb ^ last",
                "            while new:",
                "                y = new.bit_length() - 1",
                "                new ^= 1 << y",
                "                dirty |= near[y][mask[y]]",
                "    if dirty:",
                "        kp[1] = 0",
                "        dirty &= inb",
                f"        bad = mask[{size}] | inb << {top + 1}",
                "    while dirty:",
                "        v0 = dirty.bit_length() - 1",
                "        dirty ^= 1 << v0",
                "        out = []",
                "        append = out.append"]
    elif values:
        # (the mover's hot vertices: after the codes, one integer a player)
        head = ["    starts, inset, mask, inb = with_masks(s)",
                f"    bad = mask[{next(len(f) for f in flats if f) - 1} + who] | inb << {top + 1}"]
    elif with_masks is not None:
        head = ["    starts, inset, mask = with_masks(s)"] if not top else [
            # (the hot vertices and the members' bits: what could stop a last step)
            "    starts, inset, mask, inb = with_masks(s)",
            f"    bad = mask[-1] | inb << {top + 1}"]
    else:
        head = (["    starts = from_fn(s)",
                 "    inset = set(starts)",
                 "    mask = masks_of(s)"] if with_members is None else
                ["    starts, inset = with_members(s)",
                 "    mask = masks_of(s)"]) + (["    bad = -1"] if top else [])
    if kept is None:
        head += ["    out = []",
                 "    append = out.append",
                 "    for v0 in starts:"]
    lines = ["def gen(s):",
             "    who = s.who",
             "    if not pid_of[who]:",
             "        return []",
             *([] if values else ["    what = s.what"]),
             "    flat = flats[who]",
             *head]
    pad = "        "
    for d in range(1, length):
        node = "flat[v0]" if d == 1 else f"node{d - 1}"
        lines += [f"{pad}for v{d}, node{d} in {node}[mask[v{d - 1}]]:"] if values else [
                  f"{pad}for v{d}, k{d}, node{d} in {node}[mask[v{d - 1}]]:",
                  *vetoed(pad + "    ", f"k{d}")]
        pad += "    "
    node = "flat[v0]" if length == 1 else f"node{length - 1}"
    inner = pad
    drops = values and KNOWN_DROPS
    if drops:
        # (KNOWN_DROPS: the moves without the ends in from: below the start looked up)
        lines += [f"{pad}ms, stop, drops = {node}[mask[v{length - 1}]]",
                  f"{pad}if not ({'stop and ' if NO_STOP_FIRST else ''}(x := stop & bad)):",
                  f"{pad}    out += ms",
                  f"{pad}    continue",
                  f"{pad}ms = drops.get(x)",
                  f"{pad}if ms is not None:",
                  f"{pad}    out += ms",
                  f"{pad}    continue",
                  f"{pad}entries = drops[0]"]
    elif top:
        lines += [f"{pad}ms, stop, entries = {node}[mask[v{length - 1}]]",
                  f"{pad}if not ({'stop and ' if NO_STOP_FIRST else ''}stop & bad):",
                  f"{pad}    out += ms"]
        if kept is not None and length == 1:
            # (no continue at the start's own level: its moves are kept after the loop)
            lines.append(f"{pad}else:")
            inner = pad + "    "
        else:
            lines.append(f"{pad}    continue")
    if values:
        lines += [f"{inner}for low, m, kk, end in entries:",
                  f"{inner}    if low in inset:",
                  f"{inner}        continue",
                  f"{inner}    if kk and kk[mask[end]]:",
                  f"{inner}        continue",
                  f"{inner}    append(m)"]
    else:
        lines += [f"{inner}for low, m, k, c, d, kk in "
                  f"{'entries' if top else f'{node}[mask[v{length - 1}]]'}:",
                  f"{inner}    if low in inset:",
                  f"{inner}        continue",
                  *vetoed(inner + "    ", "k"),
                  f"{inner}    if kk and what[c] and what[d]:",
                  f"{inner}        q, {sites} = kk",
                  f"{inner}        if q{read}:",
                  f"{inner}            continue",
                  f"{inner}    append(m)"]
    if kept is not None:
        lines += ["        kept[v0] = out",
                  "    out = []",
                  "    for v0 in starts:",
                  "        ms = kept[v0]",
                  "        if ms:",
                  "            out += ms"]
    lines.append("    return out")
    ns = {"pid_of": pid_of, "from_fn": from_fn, "flats": flats, "masks_of": masks_of,
          "with_members": with_members, "with_masks": with_masks,
          "near": kept["near"] if kept is not None else None}
    exec(compile("\n".join(lines), "<move Path walks>", "exec"), ns)  # noqa: S102
    return ns["gen"]


def _veto_table(veto, sites: tuple[int, ...], v: int, drawn: tuple[int, ...], pid: int,
                values: int, size: int):
    """The veto's answers at v once the path's edges ``drawn`` there hold ``pid``, for
    every value (``0 .. values - 1``) of the other ``sites`` at v: ``[table, *the sites it
    depends on]``, the table nested tuples indexed by their values in that order (one
    site, its answers all alike, when it depends on none); False when it never holds;
    None when there would be more than ``TABLED_VETO_MAX`` answers."""
    free = [x for x in sites if x not in drawn]
    if values ** len(free) > TABLED_VETO_MAX:
        return None
    board = [0] * size
    for x in drawn:
        board[x] = pid
    answers = []  # in the order of product(): the last site's value varies fastest
    for combo in product(range(values), repeat=len(free)):
        for x, y in zip(free, combo, strict=True):
            board[x] = y
        answers.append(bool(veto(board, v)))
    if not any(answers):
        return False
    # the sites it depends on: a site whose value never changes the answer is left out
    dims = []
    for i in range(len(free)):
        stride = values ** (len(free) - 1 - i)
        if any(a != answers[j - (j // stride) % values * stride]
               for j, a in enumerate(answers)):
            dims.append(i)

    def nest(at: int, k: int):
        if k == len(dims):
            return answers[at]
        stride = values ** (len(free) - 1 - dims[k])
        return tuple(nest(at + y * stride, k + 1) for y in range(values))

    if not dims:
        return [(answers[0],) * values, v]
    return [nest(0, 0), *(free[i] for i in dims)]


def _tabled_at(pad: str, a: str, b: str, k: str, width: int) -> list[str]:
    """Lines of a written-out walk (``TABLED_VETO``): when the sites ``a`` and ``b`` are
    occupied, the veto's answer read from the table and sites ``k`` holds (``continue``
    when it holds)."""
    sites = ", ".join(f"r{i}" for i in range(width))
    read = "".join(f"[what[r{i}]]" for i in range(width))
    return [f"{pad}if {a} >= 0 and what[{a}] and what[{b}]:",
            f"{pad}    q, {sites} = {k}",
            f"{pad}    if q{read}:",
            f"{pad}        continue"]


def _vetoed_at(pad: str, a: str, b: str, v: str, edges: list[str]) -> list[str]:
    """Lines of a written-out walk (``DRAWN_AT_VETO``): when the sites ``a`` and ``b``
    are occupied, the path's ``edges`` at vertex ``v`` are put on the board, the veto
    asked there and the edges erased; the walk goes on (``continue`` otherwise)."""
    return [f"{pad}if {a} >= 0 and what[{a}] and what[{b}]:",
            *(f"{pad}    what[{e}] = pid" for e in edges),
            f"{pad}    no = veto(what, {v})",
            *(f"{pad}    what[{e}] = 0" for e in edges),
            f"{pad}    if no:",
            f"{pad}        continue"]


@ludeme("is Crossing", T.Cond,
        ludii="Ludii's (is Crossing <edge> <edge>) asks whether two edges cross; this form "
              "asks whether lines of edges cross at a vertex.")
def is_crossing(c: CompileContext, at: T.Region = None, *, mixed: T.Bool = False):
    """Whether two straight lines of drawn edges cross at a vertex: at some vertex, the
    two edges of one axis (north and south) hold pieces of one owner, and so do the
    edges of another axis (east and west). With ``mixed:True`` only lines of different
    owners count (crossing one's own line is allowed). The vertices looked at are
    ``at`` (a region of vertices), by default those the last move drew at: the ends of
    the edge it placed on, or every vertex of a drawn path. Under ``(do ...
    ifAfterwards:...)`` that is the move being tried, so ``(not (is Crossing
    mixed:True))`` forbids drawing through another colour's line (or ending a stroke
    where it completes such an X) at the cost of a few vertices per move."""
    board = c.require_board()
    if VERTEX not in board.use or EDGE not in board.use:
        c.fail("(is Crossing ...) needs a board with use:{Vertex Edge}")
    n = board.n_sites
    step = board.step["Orthogonal"]
    dirs = board.directions["Orthogonal"]
    axis_dirs = []
    for d in dirs:
        if OPPOSITE[d] in dirs and (OPPOSITE[d], d) not in axis_dirs:
            axis_dirs.append((d, OPPOSITE[d]))
    # per vertex: its axes as pairs of edges, when it has two or more complete axes
    axes: list[tuple[tuple[int, int], ...] | None] = [None] * n
    for v in board.sites[VERTEX]:
        pairs = []
        for d1, d2 in axis_dirs:
            a, b = step[d1][v], step[d2][v]
            if a >= 0 and b >= 0:
                pairs.append((board.edge_between[(v, a)], board.edge_between[(v, b)]))
        if len(pairs) >= 2:
            axes[v] = tuple(pairs)
    # the vertices a move on one site draws at
    ends: list[tuple[int, ...]] = [()] * n
    for i, (a, b) in enumerate(board.edge_ends):
        ends[board.offset[EDGE] + i] = (a, b)
    for v in board.sites[VERTEX]:
        ends[v] = (v,)
    owner = c.pieces.owner
    only_mixed = bool(mixed)
    if all(ax is None or len(ax) == 2 for ax in axes):
        crossed, crossed_at = _crossed_two_axes(axes, owner, only_mixed)
    else:
        crossed, crossed_at = _crossed_any(axes, owner, only_mixed)

    if at is not None:
        if at.static is not None:
            fixed = tuple(at.static)
            return CondV(lambda s: crossed(s.what, fixed))
        at_fn = at.fn
        return CondV(lambda s: crossed(s.what, at_fn(s)))

    def last_move(s):
        hist = s.history
        if not hist:
            return False
        m = hist[-1]
        if m.kind == "path":
            return crossed(s.what, m.extra)
        return m.to >= 0 and crossed(s.what, ends[m.to])

    def needs(v: int, drawn: tuple[int, ...]) -> tuple[int, ...] | None:
        """The sites that must all be occupied for a crossing at v once the edges
        ``drawn`` there hold pieces of one kind (one owner); None when there cannot be
        one: no two axes at v, or (``mixed:``) the drawn edges lie on two axes, which
        then hold that one owner's lines."""
        ax = axes[v]
        if ax is None:
            return None
        if len(ax) != 2:
            return ()
        if only_mixed and sum(1 for a, b in ax if a in drawn or b in drawn) > 1:
            return None
        return tuple(x for pair in ax for x in pair if x not in drawn)

    return CondV(last_move, at_drawn_vertex=("any", crossed_at, needs))


def _crossed_two_axes(axes, owner, only_mixed):
    """The crossing tests, at any of some vertices and at one vertex (it reads only
    that vertex's edges), when a vertex has at most two axes (square grids): four
    edges, no inner loop."""
    quads = [ax and (ax[0][0], ax[0][1], ax[1][0], ax[1][1]) for ax in axes]

    def crossed_at(what, v: int) -> bool:
        q = quads[v]
        if q is None:
            return False
        a, b, x, y = q
        pa, pb, px, py = what[a], what[b], what[x], what[y]
        if pa and pb and px and py:
            o, ox = owner[pa], owner[px]
            return o == owner[pb] and ox == owner[py] and (o != ox or not only_mixed)
        return False

    def crossed(what, vertices) -> bool:
        for v in vertices:
            q = quads[v]
            if q is None:
                continue
            a, b, x, y = q
            pa, pb, px, py = what[a], what[b], what[x], what[y]
            if pa and pb and px and py:
                o, ox = owner[pa], owner[px]
                if o == owner[pb] and ox == owner[py] and (o != ox or not only_mixed):
                    return True
        return False

    return crossed, crossed_at


def _crossed_any(axes, owner, only_mixed):
    """The crossing tests (as ``_crossed_two_axes``) for vertices with any number of
    axes (triangular grids)."""

    def crossed(what, vertices) -> bool:
        for v in vertices:
            ax = axes[v]
            if ax is None:
                continue
            first = -1
            for a, b in ax:
                pa = what[a]
                if not pa:
                    continue
                pb = what[b]
                if not pb:
                    continue
                oa = owner[pa]
                if oa != owner[pb]:
                    continue
                if first < 0:
                    first = oa
                elif oa != first or not only_mixed:
                    return True
        return False

    def crossed_at(what, v: int) -> bool:
        return crossed(what, (v,))

    return crossed, crossed_at
