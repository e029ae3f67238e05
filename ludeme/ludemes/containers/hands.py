"""Hands: pieces a player holds off the board (a stash, a reserve), counted by kind.

``state.hand[p][k]`` is how many pieces of kind ``k`` player ``p`` holds (``p`` 0 is
the shared hand). As in Ludii, each hand is also a container whose sites are numbered
after the board's, hand after hand in the order the equipment declares them
(``(hand Each size:n)``: n sites per player, 1 by default): ``(handSite P1 n)`` is such a
site and ``(sites Hand P1)`` all of one hand's. A hand site stands for one kind of piece
(the kind first placed there, else the n-th kind its owner can hold), and its count is
how many of that kind the hand holds (see ``HandLayout``). ``(place "Disc" (handSite
Each) count:5)`` fills hands at the start; ``(move (from (handSite Mover)) (to ...))`` and
``(move Add (handSite Mover) ...)`` play from them.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV, HandSiteV, RegionV, RoleV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


class HandLayout:
    """Where the hands' sites are: after the board's ``base`` sites, each hand's in turn.

    ``owner[i]`` and ``kind[i]`` are the player and kind index that hand site
    ``base + i`` stands for; ``first[p]``/``size[p]`` the sites of player p's hand.
    ``kind`` is filled when the game is compiled (``(place ...)`` binds a site to the
    kind it puts there); compiled rules read it when they run."""

    def __init__(self, base: int, hands: list[tuple[int, int]], kinds_of: dict[int, list[int]]):
        self.base = base
        self.owner: list[int] = []
        self.kind: list[int] = []
        self.first: dict[int, int] = {}
        self.size: dict[int, int] = {}
        self.bound: set[int] = set()
        self.kinds_of = kinds_of
        for p, size in hands:
            self.first[p] = base + len(self.owner)
            self.size[p] = size
            self.owner.extend([p] * size)
            self.kind.extend([-1] * size)
        self.stop = base + len(self.owner)
        for p in self.first:
            self._defaults(p)

    def _defaults(self, p: int) -> None:
        """The sites of p's hand that nothing was placed on stand for the kinds its owner
        can hold that no other site of the hand stands for, in order."""
        slots = range(self.first[p] - self.base, self.first[p] - self.base + self.size[p])
        taken = {self.kind[i] for i in slots if i in self.bound}
        free = iter([k for k in self.kinds_of.get(p, []) if k not in taken])
        for i in slots:
            if i not in self.bound:
                self.kind[i] = next(free, -1)

    def sites(self, p: int) -> tuple[int, ...]:
        f = self.first.get(p)
        return tuple(range(f, f + self.size[p])) if f is not None else ()

    def count(self, s, x: int) -> int:
        """How many pieces hand site ``x`` holds."""
        k = self.kind[x - self.base]
        return s.hand[self.owner[x - self.base]][k] if k >= 0 else 0

    def bind(self, x: int, k: int) -> None:
        """Hand site ``x`` holds pieces of kind index ``k`` (the first kind put there)."""
        i = x - self.base
        if i not in self.bound:
            self.bound.add(i)
            self.kind[i] = k
            self._defaults(self.owner[i])


def declared_hands(c: CompileContext) -> set[int]:
    """The players (0 = shared) that ``(hand ...)`` gave a hand."""
    return getattr(c, "hands", set())


def build_hand_layout(c: CompileContext) -> HandLayout:
    """The hands' sites, once the equipment is known (called by ``(game ...)``)."""
    pieces = c.pieces
    kinds_of: dict[int, list[int]] = {}
    for p in range(c.num_players + 1):
        kinds_of[p] = [k for k, name in enumerate(pieces.kind_names)
                       if pieces.find(name, p) or pieces.find(name, 0)]
    base, order = c.require_board().n_sites, getattr(c, "hand_order", [])
    layout = getattr(c, "hand_layout", None)
    if layout is None:
        layout = HandLayout(base, order, kinds_of)
    else:
        # built early for an item of the equipment: rebuilt in place, now that every
        # piece is known, so the rules compiled before read the same layout
        bound = [(layout.base + i, layout.kind[i]) for i in sorted(layout.bound)]
        layout.__init__(base, order, kinds_of)
        for x, k in bound:
            layout.bind(x, k)
    c.hand_layout = layout
    return layout


def hand_layout(c: CompileContext) -> HandLayout:
    layout = getattr(c, "hand_layout", None)
    if layout is None:
        layout = build_hand_layout(c)
    return layout


@ludeme("hand", T.Item)
def hand(c: CompileContext, owner: T.Role = None, *, size: T.Int = 1):
    """Hands for ``owner``: ``Each`` player (the default and usual case), one player (``P2``) or a
    ``Shared`` pool, each with ``size`` sites (1 by default), numbered after the board's.
    Pieces in a hand are counted by kind; ``(place ... (handSite ...) count:n)`` puts
    pieces there and ``(move (from (handSite Mover)) ...)`` plays them."""
    if owner is None or owner.name in ("Each", "All"):
        got = list(range(1, c.num_players + 1))
    elif owner.const is not None:
        got = [owner.const]
    else:
        c.fail(f"hands belong to Each, Shared or a player, not {owner.name}")
        raise AssertionError
    if not 1 <= size <= 64:
        c.fail(f"a hand has 1 to 64 sites, not {size}")
    have = declared_hands(c)
    for p in got:
        if p in have:
            c.fail(f"{'the shared hand' if p == 0 else f'P{p}'} already has a hand")
    c.hands = have | set(got)
    c.hand_order = getattr(c, "hand_order", []) + [(p, size) for p in got]
    return None


@ludeme("handSite", T.Hand,
        ludii="Each is allowed in (place ...) (every player's hand).")
def hand_site(c: CompileContext, who: (T.Role, T.IntFn), index: T.IntFn = None):
    """Site ``index`` (0 by default) of the hand of ``who`` (``Mover``, ``P1``,
    ``Shared``; ``Each`` for every player's hand in ``(place ...)``; or a player's number,
    ``(handSite (mover))``, as Ludii also takes), numbered after the board's sites as in
    Ludii. The hand must be declared with ``(hand ...)`` in the equipment."""
    if not isinstance(who, RoleV):  # a player's number
        who = RoleV("(player)", who.fn, who.const)
    have = declared_hands(c)
    if not have:
        c.fail("there are no hands", "declare them in the equipment: (hand Each)")
    if who.const is not None and who.const not in have:
        c.fail(f"{who.name} has no hand", "declare it in the equipment: (hand Each)")
    layout = hand_layout(c)
    if index is not None and index.const is not None and \
            not 0 <= index.const < max(layout.size.values()):
        c.fail(f"a hand has no site {index.const}")
    first = [layout.first.get(p, -1) for p in range(c.num_players + 1)]
    size = [layout.size.get(p, 0) for p in range(c.num_players + 1)]
    player = who.fn
    j = 0 if index is None else index.const
    if who.const is not None and j is not None:
        x = first[who.const] + j if j < size[who.const] else -1
        return HandSiteV(lambda s: x, x, who, j)
    at = index.fn if index is not None else (lambda s: 0)

    def site(s):
        p = player(s)
        i = at(s)
        return first[p] + i if 0 <= p < len(first) and first[p] >= 0 and 0 <= i < size[p] else -1

    return HandSiteV(site, None, who, j or 0)


@ludeme("sites Hand", T.Region)
def sites_hand(c: CompileContext, who: T.Role = None):
    """The sites of the hand of ``who`` (all hands' with no player), as Ludii numbers them."""
    layout = hand_layout(c)
    if who is None or who.many is not None:
        every = tuple(range(layout.base, layout.stop))
        return RegionV.of(every)
    if who.const is not None:
        return RegionV.of(layout.sites(who.const))
    per = [layout.sites(p) for p in range(c.num_players + 1)]
    fn = who.fn
    return RegionV(lambda s: per[fn(s)])


def hand_players(c: CompileContext, who: RoleV) -> tuple[int, ...]:
    """The players a hand role can stand for (for tables built at compile time)."""
    if who.const is not None:
        return (who.const,)
    return tuple(sorted(p for p in declared_hands(c) if p > 0))


@ludeme("place", T.Effect,
        ludii="Counts by kind: \"Small\" fills each hand with its owner's Small pieces.")
def place_in_hand(c: CompileContext, piece: T.Str, where: T.Hand, *, count: T.IntFn = None):
    """Put ``count`` pieces (1 by default) in hands (a start rule). ``piece`` is a kind (``"Small"``: each
    hand gets its owner's pieces of that kind) or one player's piece (``"Small1"``).
    As in Ludii: ``(place "Small" (handSite Each) count:5)``."""
    return fill_hands(c, piece, where.role, lambda p: where.index, count)


def hand_of_container(c: CompileContext, name: str) -> RoleV | None:
    """The hand a container name of Ludii's names: ``"Hand1"`` is player 1's, ``"Hand0"``
    the shared one, ``"Hand"`` each player's (Ludii names a hand ``Hand`` + its owner's
    number); None when ``name`` names no hand."""
    if name == "Hand":
        return c.role("Each")
    if name.startswith("Hand") and name[4:].isdigit():
        p = int(name[4:])
        return c.role("Shared") if p == 0 else c.role(f"P{p}") if p <= 6 else None
    return None


def first_unbound(c: CompileContext, p: int) -> int:
    """The first site of p's hand that no start rule has put a kind on yet (Ludii puts
    ``(place "Disc" "Hand")`` on the first empty site of each hand), else its first."""
    layout = hand_layout(c)
    if p not in layout.first:
        return 0
    for i in range(layout.size[p]):
        if layout.first[p] - layout.base + i not in layout.bound:
            return i
    return 0


def fill_hands(c: CompileContext, piece: str, role: RoleV, index, count) -> EffectV:
    """The start rule putting ``count`` of ``piece`` (a kind, or one player's piece) in
    the hands of ``role``, on site ``index(p)`` of player p's hand."""
    pieces = c.pieces
    if piece in pieces.kind_names:
        kind = piece
        owner_of_name = None
    elif piece in pieces.names[1:]:
        pid = pieces.names.index(piece)
        kind = pieces.kinds[pid]
        owner_of_name = pieces.owner[pid]
    else:
        from ludeme.errors import suggest

        c.fail(f"no piece '{piece}' in the equipment",
               suggest(piece, pieces.kind_names + pieces.names[1:]))
        raise AssertionError
    k = pieces.kind_index(kind)
    layout = hand_layout(c)
    for p in hand_players(c, role) if role.const is None else (role.const,):
        if p in layout.first:
            layout.bind(layout.first[p] + min(index(p), layout.size[p] - 1), k)
    where = role
    if where.many is not None:
        targets = hand_players(c, where)
    elif where.const is not None:
        targets = (where.const,)
    else:
        targets = None  # a hand known only when the rule runs (Mover, Next)
    if targets is not None:
        for p in targets:
            if owner_of_name is not None and owner_of_name != p:
                c.fail(f"'{piece}' belongs to P{owner_of_name}, not to the hand of P{p}")
            if not pieces.find(kind, p) and not pieces.find(kind, 0):
                c.fail(f"P{p} has no piece '{kind}'" if p else f"'{kind}' is not shared",
                       "declare it with (piece ...) for that player")
    fn = count.fn if count is not None else (lambda s: 1)
    change = c.game.change_hand
    if targets is not None:
        fixed = targets

        def run(s):
            n = fn(s)
            for p in fixed:
                change(s, p, k, n)
    else:
        who = where.fn

        def run(s):
            change(s, who(s), k, fn(s))

    return EffectV(run)
