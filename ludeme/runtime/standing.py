"""Results in games of three or more players, as Ludii applies them.

In a game of two players the first end rule that applies ends the game. With more
players Ludii goes on: a player who wins or loses gets a rank and leaves the game
(it becomes *inactive*: the turn passes over it), and the others play on until one
active player is left, or none. ``(result Mover Win)`` in a four-player game makes
the mover first; the next winner is second; the last player left is ranked after
them. Ludii evaluates *every* end rule after a move (not only the first that
applies), applying each result whose player is still active (``All`` always).

A state keeps this as ``inactive`` (a bit per player out of the game, bit p-1 for
player p) and ``standing``: None until a result applies, then a ``Standing`` (the
ranks so far and how many players won). Both are immutable values, replaced when
they change, so cloning a state copies nothing. The ranks become returns as Ludii's
utilities do: rank 1 is 1, the last rank -1, linearly between; a player without a
rank when the game ends gets the rank of a draw among the players still in it.

(Ludii's ``End.applyResult`` and ``Context.computeNext{Win,Loss,Draw}Rank`` hold the
meaning; this module follows them, including their ties: two players who lose on
the same move share the ranks they take.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludeme.runtime.state import State


@dataclass(frozen=True, slots=True)
class Standing:
    """The ranks given so far (index 0 unused, 0.0 for a player without a rank),
    how many players won, and whether the game is over."""

    rank: tuple[float, ...]
    winners: int = 0
    over: bool = False


def _standing(s: State) -> Standing:
    st = s.standing
    if st is None:
        st = Standing((0.0,) * (s.game.num_players + 1))
    return st


def _active(s: State, p: int) -> bool:
    return 1 <= p <= s.game.num_players and not s.inactive >> (p - 1) & 1


def _num_active(s: State) -> int:
    n = s.game.num_players
    return n - bin(s.inactive & ((1 << n) - 1)).count("1")


def _only_one_active(s: State) -> int:
    """The one player still active, or 0 when there are none or several."""
    n = s.game.num_players
    left = [p for p in range(1, n + 1) if not s.inactive >> (p - 1) & 1]
    return left[0] if len(left) == 1 else 0


def _all_inactive(s: State) -> None:
    s.inactive = (1 << s.game.num_players) - 1


def next_win_rank(rank: tuple[float, ...]) -> float:
    """The best rank not yet taken (Ludii's ``computeNextWinRank``): shared ranks
    (two players at 1.5) occupy the ranks they share."""
    lower = 0.0
    while True:
        given = [r for r in rank[1:] if r > lower]
        if not given:
            return lower + 1.0
        least = min(given)
        times = rank[1:].count(least)
        if int(least - (times - 1) * 0.5) > lower + 1.0:
            return lower + 1.0
        lower += times


def next_loss_rank(rank: tuple[float, ...]) -> float:
    """The worst rank not yet taken (Ludii's ``computeNextLossRank``)."""
    n = len(rank) - 1
    taken = 0.0
    r = float(n)
    while r > 0:
        if r in rank[1:]:
            taken += r
        elif r - 0.5 in rank[1:]:
            taken += (r - 0.5) * rank[1:].count(r - 0.5)
        else:
            break
        r -= 1.0
    total = 0
    r2 = n
    while r2 > 1:  # (Ludii's loop has no floor; ranks below 1 never occur in a game)
        total += r2
        if total > taken:
            break
        r2 -= 1
    return float(r2)


#: a result applied to a two-player game that has none yet does the same every time: its
#: players out of the game and its standing are kept, by (who, kind, decided), with the
#: returns they give
_FIRST: dict[tuple[int, str, int], tuple[int, Standing]] = {}
#: id of a standing in ``_FIRST`` -> (that standing, its players out, its returns)
_FIRST_RETURNS: dict[int, tuple[Standing, int, tuple[float, ...]]] = {}


def apply_result(s: State, who: int, kind: str, decided: int) -> None:
    """Apply one result of an end rule to ``s``: ``who`` is a player number, or
    ``num_players + 1`` for ``All``; ``kind`` is Win, Loss, Draw or Tie; ``decided``
    is how many results the same set of end rules applied before this one."""
    if s.standing is None and not s.inactive and s.game.num_players == 2:
        # with two players the first result ends the game and touches nothing else
        # (no turn passed on): the same (players out, standing) whatever the position
        known = _FIRST.get((who, kind, decided))
        if known is None:
            _apply_result(s, who, kind, decided)
            known = _FIRST[who, kind, decided] = (s.inactive, s.standing)
            _FIRST_RETURNS[id(s.standing)] = (s.standing, s.inactive, _returns(s))
        s.inactive, s.standing = known
        return
    _apply_result(s, who, kind, decided)


def _apply_result(s: State, who: int, kind: str, decided: int) -> None:
    """``apply_result`` worked out."""
    n = s.game.num_players
    st = _standing(s)
    rank = list(st.rank)
    winners, over = st.winners, st.over
    if kind == "Win":
        if who == n + 1:
            for p in range(1, n + 1):
                if rank[p] == 0.0:
                    winners += 1
                    rank[p] = 1.0
            _all_inactive(s)
            over = True
        else:
            s.inactive |= 1 << (who - 1)
            winners += 1
            r = next_win_rank(tuple(rank))
            rank[who] = r
            last = _only_one_active(s)
            if last:
                rank[last] = r + 1  # the last player in the game is ranked after
                over = True
            elif _num_active(s) == 0:
                over = True
    elif kind == "Loss":
        if who == n + 1:
            for p in range(1, n + 1):
                if rank[p] == 0.0:
                    rank[p] = float(n)
            _all_inactive(s)
            over = True
        elif _active(s, who) and not over:
            # (once every player has a rank, Ludii's search for a free losing rank never
            # ends: a loss after the game is over is not applied here)
            s.inactive |= 1 << (who - 1)
            r = next_loss_rank(tuple(rank))
            rank[who] = r + decided / 2.0
            if decided:
                # players losing on the same move share the ranks they take
                for p in range(1, n + 1):
                    if rank[p] == r + decided:
                        rank[p] = r + decided / 2.0
            if _num_active(s) == 0:
                over = True
            else:
                last = _only_one_active(s)
                if last:
                    rank[last] = r - 1
                    winners += 1
                    s.inactive |= 1 << (last - 1)
                    over = True
            if s.nxt == who and not over:
                # (once the game is over Ludii keeps the mover: nobody is active)
                _pass_turn_on(s, who)
    elif kind == "Draw":
        share = (_num_active(s) + 1) / 2.0 + winners
        for p in range(1, n + 1):
            if rank[p] == 0.0:
                rank[p] = share
        _all_inactive(s)
        over = True
    else:  # Tie: over, ranks as they stand
        _all_inactive(s)
        over = True
    s.standing = Standing(tuple(rank), winners, over)


def _pass_turn_on(s: State, loser: int) -> None:
    """The player to move has just lost: the turn goes to the next active player after
    it (in end rules ludeme's mover is already that player, as Ludii's next is)."""
    n = s.game.num_players
    p = loser
    for _ in range(n):
        if _active(s, p):
            break
        p = p % n + 1
    else:
        return  # nobody is left: the game is over
    old = s.mover
    s.nxt = p
    if old != p:
        zm = s.game.zobrist_mover
        s.hash ^= zm[old] ^ zm[p]
        s.mover = p
        s._moves = None
        if s.player_phase is not None:
            s.phase = s.player_phase[p]


def returns_of(s: State) -> tuple[float, ...]:
    """The returns vector (index 0 unused) of the ranks: Ludii's utilities, a player
    without a rank getting the rank of a draw among those still in the game."""
    known = _FIRST_RETURNS.get(id(s.standing))
    if known is not None and known[0] is s.standing and known[1] == s.inactive:
        return known[2]
    return _returns(s)


def _returns(s: State) -> tuple[float, ...]:
    """``returns_of`` worked out."""
    n = s.game.num_players
    st = _standing(s)
    share = (_num_active(s) + 1) / 2.0 + st.winners
    out = [0.0] * (n + 1)
    for p in range(1, n + 1):
        r = st.rank[p] or share
        out[p] = 1.0 - (r - 1.0) * (2.0 / (n - 1))  # as Ludii rounds it
    return tuple(out)


def draw(s: State) -> tuple[float, ...]:
    """Every player passed in a row: Ludii's ``(result All Draw)``, with the ranks
    already given kept."""
    apply_result(s, s.game.num_players + 1, "Draw", 0)
    return returns_of(s)


def next_active(s: State, p: int) -> int:
    """The player after ``p`` in turn, passing over those out of the game, as Ludii
    picks its next player (it looks at most ``n - 2`` players further)."""
    n = s.game.num_players
    q = p % n + 1
    for _ in range(n - 2):
        if not s.inactive >> (q - 1) & 1:
            break
        q = q % n + 1
    return q
