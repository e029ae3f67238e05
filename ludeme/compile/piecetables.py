"""A piece's moves worked out once per context, with only its reads of the board left.

A race game's piece rule (``compile.pure``'s example) asks the context (the mover, the
piece's site, the dice's total) and then a few sites of the board: is the site the
track leads to empty, or held by a friend? Given the context, its moves are a function
of the contents of those few sites alone. ``traced_at`` turns the piece's ``at`` (see
``compile.piecemoves``) into a table over the context whose entries are small *decision
trees* over those contents: a leaf is the tuple of moves the rule appends (the same
interned objects), a branch ``[site, children]`` reads the piece on ``site`` and goes on
with ``children[piece id]``. At run time a piece's moves are a look-up and a read or two
of the board, however many ludemes the rule is made of.

The trees are found by running ``at`` itself on a stand-in for the state (``_Traced``)
that has the context, the game and a board whose sites are unknown until read: the
first read of an unknown site stops the run (``_NeedSite``), and the rule is run again
once per piece id (or none) that site could hold. A run that reads anything else of the
state (a hand, the hash, the history, the dice's faces, ...) stops too (``_Unsupported``,
a ``BaseException`` that the rule's own ``except`` clauses let through): that context
keeps the plain ``at``. So does the whole rule when its trees grow beyond a few reads
(``MAX_READS``) or the tables beyond ``MAX_RUNS`` runs (a slide reads many sites: it is
no gain there).
"""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.pure import TOTAL, _axes

#: at most this many distinct sites read along one path of a tree
MAX_READS = 3
#: at most this many runs of the rule to build the whole table (else it is not built)
MAX_RUNS = 1 << 15
#: boards with more sites than this keep ``many`` (the scan of ``every_of`` reads every
#: site)
MOST_SITES = 160


class _NeedSite(BaseException):
    """The traced rule read a site whose content is not chosen yet."""

    def __init__(self, site: int):
        self.site = site


class _Unsupported(BaseException):
    """The traced rule read or wrote something else than the context and the board."""


class _Board:
    """The board of the stand-in: the contents chosen so far (``known``), a read of any
    other site asks for it (``_NeedSite``)."""

    __slots__ = ("known", "n")

    def __init__(self, n: int):
        self.known: dict[int, int] = {}
        self.n = n

    def __getitem__(self, x):
        v = self.known.get(x)
        if v is not None:
            return v
        if type(x) is not int or not 0 <= x < self.n:
            raise _Unsupported  # a slice, a negative or a site off the board
        raise _NeedSite(x)

    def __iter__(self):  # a scan of the whole board: nothing to gain
        raise _Unsupported

    def __len__(self):
        raise _Unsupported

    def __contains__(self, _):
        raise _Unsupported


class _Held:
    """How many pieces the hand site a rule is traced from holds: some, no more is
    known. It is true and above 0; any other use of it stops the run."""

    __slots__ = ()

    def __bool__(self):
        return True

    def __gt__(self, other):
        if other == 0:
            return True
        raise _Unsupported

    def __ne__(self, other):
        if other == 0:
            return True
        raise _Unsupported

    def __eq__(self, other):
        if other == 0:
            return False
        raise _Unsupported

    def __hash__(self):
        raise _Unsupported

    def _unsupported(self, *_):
        raise _Unsupported

    __lt__ = __le__ = __ge__ = __index__ = __int__ = __add__ = __radd__ = __sub__ = \
        __rsub__ = __mul__ = __rmul__ = __neg__ = __float__ = _unsupported


_HELD = _Held()


class _Hands:
    """The hands of the stand-in: of the hand site the rule is traced from (``held``:
    its owner and kind), some pieces; any other count stops the run."""

    __slots__ = ("held",)

    def __init__(self):
        self.held: tuple[int, int] | None = None

    def __getitem__(self, p):
        return _HandRow(self.held, p)


class _HandRow:
    __slots__ = ("held", "p")

    def __init__(self, held, p):
        self.held, self.p = held, p

    def __getitem__(self, k):
        if (self.p, k) == self.held:
            return _HELD
        raise _Unsupported


class _Dice:
    __slots__ = ("total",)


# the context variables a rule may set and read back while it lists its moves
_SCRATCH = frozenset({"to", "between", "site", "level"})


class _Traced:
    """The stand-in for a state: the game, the context and the board (``_Board``).
    Anything else read or written stops the run (``_Unsupported``)."""

    __slots__ = ("game", "who", "frm", "dice", "what", "hand", "scratch")

    def __getattr__(self, name):
        scratch = object.__getattribute__(self, "scratch")
        if name in scratch:
            return scratch[name]
        raise _Unsupported(name)

    def __setattr__(self, name, value):
        if name in _Traced.__slots__:
            object.__setattr__(self, name, value)
        elif name in _SCRATCH:
            self.scratch[name] = value
        else:
            raise _Unsupported(name)


class _Budget(Exception):
    """The table would take more runs than ``MAX_RUNS``."""


def _tree(at: Callable, t: _Traced, frm: int, pieces: range, runs: list[int]):
    """The decision tree of ``at``'s moves from ``frm`` in the context ``t`` holds, over
    the board's contents (see the module docstring); None when it reads more."""
    runs[0] += 1
    if runs[0] > MAX_RUNS:
        raise _Budget
    out: list = []
    t.scratch = {}
    t.frm = frm
    try:
        at(t, frm, out)
    except _NeedSite as need:
        known = t.what.known
        if len(known) >= MAX_READS:
            return None
        x = need.site
        children = []
        for p in pieces:
            known[x] = p
            child = _tree(at, t, frm, pieces, runs)
            del known[x]
            if child is None:
                return None
            children.append(child)
        if all(c == children[0] for c in children):
            return children[0]  # the site's content does not matter
        return [x, tuple(children)]
    except _Unsupported:
        return None
    except Exception:  # noqa: BLE001 - it fails on the stand-in: the rule as it is
        return None
    return tuple(out)


def _build(at: Callable, game) -> list | None:
    """Per player, per site, per dice total (when the game has dice) the tree of
    ``at``'s moves, or None where ``at`` runs as it is; None when not worth it."""
    reads = frozenset({"who", "frm"}) | ({TOTAL} if game.dice is not None else frozenset())
    axes = _axes(game, reads)
    if axes is None:
        return None
    t = object.__new__(_Traced)
    t.game = game
    t.what = _Board(game.board.n_sites)
    t.dice = None
    totals = None
    if TOTAL in reads:
        t.dice = _Dice()
        totals = axes[2][1]
    t.hand = _Hands()
    pieces = range(len(game.pieces.names))
    held = hand_sites(game)
    runs = [0]
    table = []
    try:
        for who in axes[0][1]:
            t.who = who
            row = []
            for frm in axes[1][1]:
                t.hand.held = held.get(frm)
                if frm >= t.what.n and t.hand.held is None:
                    row.append(None)  # a hand site whose kind may change: as it is
                elif totals is None:
                    row.append(_tree(at, t, frm, pieces, runs))
                    continue
                cell = []
                for total in totals:
                    t.dice.total = total
                    cell.append(_tree(at, t, frm, pieces, runs))
                row.append(cell)
            table.append(row)
    except _Budget:
        return None
    return table


def hand_sites(game) -> dict[int, tuple[int, int]]:
    """The hand sites whose kind is bound for good (by the start rules, say): the owner
    and kind index of each, whose count says whether the site holds pieces."""
    layout = game.hands
    if layout is None:
        return {}
    return {layout.base + i: (layout.owner[i], layout.kind[i])
            for i in layout.bound if layout.kind[i] >= 0}


def _rows(table: list, game, board_only: bool) -> list:
    """``table`` as rows per player and dice total (a single total 0 without dice): per
    site, its tree; with ``board_only`` the hand sites' are None (the rule itself)."""
    n = game.board.n_sites
    out = []
    for row in table:
        if game.dice is None:
            by_total = [list(row)]
        else:
            totals = max((len(cell) for cell in row if cell is not None), default=0)
            by_total = [[cell[t] if cell is not None else None for cell in row]
                        for t in range(totals)]
        if board_only:
            for r in by_total:
                r[n:] = [None] * (len(r) - n)
        out.append(by_total)
    return out


def _scan(pid: int, row: list, at: Callable, n_sites: int) -> Callable:
    """``scan(state, what, out)``: the moves of every piece ``pid`` on the board (of
    ``n_sites`` sites, ``what`` holding one entry per site), the trees of ``row`` (per
    site, the tree of one mover and dice total) written out site by site::

        def scan(s, w, out):
            w0, w1, ..., w19 = w
            if w3 == P:
                if w7 in G0:
                    out += L0
                else:
                    at(s, F3, out)
            ...

    appending what ``many`` appends for those sites, in site order. As the project's rule
    for generated code asks, the source holds only names chosen here (``w7`` holds site
    7's piece); every value (the piece id, the moves, the sets of piece ids, the sites
    passed to ``at``) is a constant of the namespace given to ``exec``."""
    ns: dict[str, object] = {"P": pid, "at": at}
    body: list[str] = []

    def const(prefix: str, value) -> str:
        name = f"{prefix}{len(ns)}"
        ns[name] = value
        return name

    def write(node, frm: int, indent: str) -> None:
        if node is None:
            body.append(f"{indent}at(s, {const('F', frm)}, out)")
        elif node.__class__ is list:
            x, children = node
            groups: dict = {}  # each distinct subtree, with the piece ids leading to it
            for p, child in enumerate(children):
                for known, ids in groups.values():
                    if known == child:
                        ids.append(p)
                        break
                else:
                    groups[len(groups)] = (child, [p])
            for k, (child, ids) in enumerate(groups.values()):
                if k == len(groups) - 1 and k:
                    body.append(f"{indent}else:")
                else:
                    word = "if" if k == 0 else "elif"
                    body.append(f"{indent}{word} w{x} in {const('G', frozenset(ids))}:")
                write(child, frm, indent + "    ")
        elif node:
            body.append(f"{indent}out += {const('L', node)}")
        else:
            body.append(f"{indent}pass")

    for frm in range(n_sites):
        node = row[frm] if frm < len(row) else None
        if node == ():
            continue  # no move from there whatever the board holds
        body.append(f"    if w{frm} == p:")
        write(node, frm, "        ")
    # the board unpacked at once (see compile.piecescan): no subscript per site read
    head = ["def scan(s, w, out):",
            "    " + ", ".join(f"w{x}" for x in range(n_sites)) + " = w",
            "    p = P"]
    exec(compile("\n".join(head + body), "<ludeme piece tree scan>", "exec"), ns)  # noqa: S102
    return ns["scan"]


def traced_at(at: Callable) -> Callable:
    """``at`` (a piece's ``at(state, site, out)``) read from its table of trees (see the
    module docstring), with ``many(state, sites, out)`` for the sites of all the mover's
    pieces in one call (sites of pieces: none negative), ``every_of(pid)`` for every
    piece of one kind on the board, and ``held`` for a hand site its caller knows to
    hold the piece (the site's tree walked without asking the hand again). The table
    is built the first time it is asked."""
    # the rows of the board's sites (for many) and of every site (for one), per player
    # and dice total: None until built, () when they cannot be
    rows: list = [None, None]
    # the hand sites traced (see hand_sites): their trees hold while they hold pieces
    held: dict[int, tuple[int, int]] = {}

    def build(s) -> bool:
        if s.__class__ is _Traced:
            return False  # inside another rule's trace: this one as it is
        if rows[0] is None:
            table = _build(at, s.game)
            if table is None:
                rows[0] = rows[1] = ()
            else:
                rows[0] = _rows(table, s.game, True)
                rows[1] = _rows(table, s.game, False)
                held.update(hand_sites(s.game))
        return bool(rows[0])

    def many(s, sites, out):
        try:
            dice = s.dice
            row = rows[0][s.who][dice.total if dice is not None else 0]
        except (IndexError, TypeError):  # not built yet, or outside the table
            if rows[0] is None and build(s):
                many(s, sites, out)
                return
            for frm in sites:
                at(s, frm, out)
            return
        w = s.what
        for frm in sites:
            try:
                node = row[frm]
            except IndexError:  # outside the table: the rule itself
                node = None
            while node.__class__ is list:
                node = node[1][w[node[0]]]
            if node:
                out += node
            elif node is None:
                at(s, frm, out)

    def one(s, frm, out):
        node = None
        if frm >= 0:
            try:
                dice = s.dice
                node = rows[1][s.who][dice.total if dice is not None else 0][frm]
            except (IndexError, TypeError):  # not built yet, or outside the table
                if rows[0] is None and build(s):
                    one(s, frm, out)
                    return
            if node is not None:
                kind = held.get(frm)
                if kind is not None and not s.hand[kind[0]][kind[1]]:
                    node = None  # an empty hand site: the rule itself
                else:
                    w = s.what
                    while node.__class__ is list:
                        node = node[1][w[node[0]]]
        if node is None:
            at(s, frm, out)
        elif node:
            out += node

    def every_of(pid: int) -> Callable | None:
        """``every(state, out)``: ``many`` on the board's sites holding ``pid`` (in site
        order) by a scan generated per mover and dice total (``_scan``), its sites'
        trees written out."""
        scans: list = []  # per player, per total: the scan, made when first asked

        def every(s, out):
            w = s.what
            try:
                dice = s.dice
                scan = scans[s.who][dice.total if dice is not None else 0]
            except (IndexError, TypeError):  # not made yet, or outside the table
                scan = None
                if not scans and (rows[0] is not None or build(s)) and rows[0]:
                    n = s.game.board.n_sites
                    if len(w) == n <= MOST_SITES:
                        scans.extend([_scan(pid, row, at, n) for row in by_total]
                                     for by_total in rows[0])
                    else:
                        scans.append(())  # the sites found, then many
                    every(s, out)
                    return
            if scan is None:
                many(s, [x for x, p in enumerate(w) if p == pid], out)
            else:
                scan(s, w, out)

        return every

    def held_one(s, frm, out):
        # one() for a hand site the caller found holding pieces of its bound kind
        try:
            dice = s.dice
            node = rows[1][s.who][dice.total if dice is not None else 0][frm]
        except (IndexError, TypeError):  # not built yet, or outside the table
            one(s, frm, out)
            return
        if node is None or frm not in held:
            at(s, frm, out)
            return
        w = s.what
        while node.__class__ is list:
            node = node[1][w[node[0]]]
        if node:
            out += node

    one.held = held_one
    one.every_of = every_of
    one.many = many
    one.untraced = at
    for name in ("anchored", "possible", "pick", "targets"):
        if hasattr(at, name):
            setattr(one, name, getattr(at, name))
    return one
