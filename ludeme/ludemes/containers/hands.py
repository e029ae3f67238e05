"""Hands: pieces a player holds off the board (a stash, a reserve), counted by kind.

A hand is not a site: ``state.hand[p][k]`` is how many pieces of kind ``k`` player
``p`` holds (``p`` 0 is the shared hand). ``(place "Disc" (handSite Each) count:5)``
fills hands at the start; ``(move Add (handSite Mover) ...)`` places from them.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import EffectV, RoleV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def declared_hands(c: CompileContext) -> set[int]:
    """The players (0 = shared) that ``(hand ...)`` gave a hand."""
    return getattr(c, "hands", set())


@ludeme("hand", T.Item)
def hand(c: CompileContext, owner: T.Role = None):
    """Hands for ``owner``: ``Each`` player (the default and usual case), one player (``P2``) or a
    ``Shared`` pool. Pieces in a hand are counted by kind; ``(place ... (handSite ...)
    count:n)`` puts pieces there and ``(move Add (handSite Mover) ...)`` plays them."""
    if owner is None or owner.name in ("Each", "All"):
        got = set(range(1, c.num_players + 1))
    elif owner.const is not None:
        got = {owner.const}
    else:
        c.fail(f"hands belong to Each, Shared or a player, not {owner.name}")
        raise AssertionError
    c.hands = declared_hands(c) | got
    return None


@ludeme("handSite", T.Hand,
        ludii="A hand, not a site: no index into the board; Each is allowed in (place ...).")
def hand_site(c: CompileContext, who: T.Role):
    """The hand of ``who`` (``Mover``, ``P1``, ``Shared``; ``Each`` for every player's hand
    in ``(place ...)``). The hand must be declared with ``(hand ...)`` in the equipment."""
    have = declared_hands(c)
    if not have:
        c.fail("there are no hands", "declare them in the equipment: (hand Each)")
    if who.const is not None and who.const not in have:
        c.fail(f"{who.name} has no hand", "declare it in the equipment: (hand Each)")
    return who


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

