"""Chance: the dice of a game and their state in a position.

As in Ludii, dice are equipment (``(dice d:6 num:2)``); each die shows one of its faces.
A roll is a chance event: where Ludii rolls inside move generation, with its own random
generator, a ludeme position stops at a *chance node* (OpenSpiel's convention) until an
outcome, the faces of every die, is applied (``State.apply_chance``). Whoever plays the
game decides how the outcome is chosen: sampled from a seeded generator (playouts,
simulation, MCTS), taken from a record (``verify``) or from another engine's trace
(comparison with Ludii), or enumerated with its probability (expectimax, OpenSpiel).

Games without dice carry ``None`` in ``state.dice`` and pay nothing else.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludeme.runtime.state import State

#: a game's dice may not have more outcomes than this (every die's faces multiplied)
MAX_OUTCOMES = 1 << 16


class DiceSpec:
    """The dice of a game, compiled: every die's faces, in Ludii's order (the dice
    containers in equipment order, each die of a container in turn).

    ``groups[k]`` is the k-th container of dice (Ludii's "hand dice"): (owner, index of
    its first die, number of dice); ``(forEach Die k ...)`` and ``(count Pips)`` read it.
    """

    def __init__(self) -> None:
        self.faces: list[tuple[int, ...]] = []
        self.groups: list[tuple[int, int, int]] = []
        self._outcomes: list[tuple[tuple[int, ...], float]] | None = None
        rng = random.Random(0xD1CE)
        self._rng = rng
        self.zobrist_value: list[dict[int, int]] = []
        self.zobrist_left: list[dict[int, int]] = []
        # a position whose dice were rolled for the coming decision differs from the
        # same one before the roll (whether a roll is due is found while generating
        # moves, so it is not hashed: asking for the moves must not change the hash)
        self.zobrist_rolled = rng.getrandbits(64)
        # the key of dice showing a roll, none of them used (the usual case), by roll
        self._unused_keys: dict[tuple[int, ...], int] = {}
        # by roll: that key, the faces' total and whether they are all equal (``showing``)
        self._shown: dict[tuple[int, ...], tuple[int, int, bool]] = {}
        self._draw: tuple | None = None  # see _draws

    def add(self, owner: int, faces_by_die: Sequence[Sequence[int]]) -> None:
        """A container of dice for ``owner`` (0 = shared), one face list per die. As in
        Ludii, a second container of the same owner adds its dice to the first."""
        for k, (who, first, count) in enumerate(self.groups):
            if who == owner:
                if first + count != len(self.faces):
                    break  # not contiguous: keep them apart
                self.groups[k] = (who, first, count + len(faces_by_die))
                self._extend(faces_by_die)
                return
        self.groups.append((owner, len(self.faces), len(faces_by_die)))
        self._extend(faces_by_die)

    def _extend(self, faces_by_die: Sequence[Sequence[int]]) -> None:
        for faces in faces_by_die:
            self.faces.append(tuple(faces))
            values = set(faces) | {0}
            self.zobrist_value.append({v: self._rng.getrandbits(64) for v in values})
            self.zobrist_left.append({v: self._rng.getrandbits(64) for v in values})
        self._outcomes = None
        self._unused_keys = {}
        self._shown = {}
        self._draw = None

    @property
    def count(self) -> int:
        return len(self.faces)

    def outcomes(self) -> list[tuple[tuple[int, ...], float]]:
        """Every roll of all the dice, (the face of each die, its probability): each die
        shows each of its faces with equal probability, independently. Rolls showing the
        same values are one outcome (a die with a face written twice)."""
        if self._outcomes is None:
            n = 1
            for f in self.faces:
                n *= len(f)
            if n > MAX_OUTCOMES:
                raise ValueError(f"{n:,} outcomes")
            counts = Counter(itertools.product(*self.faces))
            self._outcomes = [(o, float(Fraction(c, n))) for o, c in counts.items()]
        return self._outcomes

    def uses(self) -> list[tuple[int, ...]]:
        """Every set of dice one move may use (Ludii's ``(forEach Die ...)``): each die
        alone, and with ``combined:`` two or three dice of one container together."""
        out: list[tuple[int, ...]] = []
        for _, first, count in self.groups:
            out += [(first + i,) for i in range(count)]
            if count in (2, 3):
                out.append(tuple(range(first, first + count)))
            if count == 3:
                out += [(first, first + 1), (first, first + 2), (first + 1, first + 2)]
        return out

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """A roll drawn with ``rng``, by one draw of the generator (the definition seeded
        games replay): with ``n`` the number of rolls (every die's faces multiplied),
        ``r = rng.getrandbits(m)`` when ``n`` is ``2 ** m`` (so no bits are drawn and
        thrown away: ``randrange`` asks for ``m + 1`` bits and rejects half of them),
        else ``r = rng.randrange(n)``, picks the ``r``-th roll of ``itertools.product``
        of the dice's faces (the first die's face the most significant digit, the last
        die's the least). Each die thus shows each of its faces with equal probability,
        independently of the others."""
        draw = self._draw
        if draw is None:
            draw = self._draws()
        rolls, n, k, _ = draw
        if n == 1 << k:  # n is 2 ** k: k bits, all of them used
            r = rng.getrandbits(k)
        elif type(rng) is random.Random and _RANDBELOW_BITS:
            # randrange(n), as CPython draws it (getrandbits of n's bit length until
            # below n; checked on this interpreter: _RANDBELOW_BITS), without its checks
            bits = rng.getrandbits
            r = bits(k)
            while r >= n:
                r = bits(k)
        else:
            r = rng.randrange(n)
        if rolls is not None:
            return rolls[r]
        return self.roll_at(r)

    def roll_at(self, r: int) -> tuple[int, ...]:
        """The ``r``-th roll of ``itertools.product`` of the dice's faces (see ``sample``)."""
        out = []
        for f in reversed(self.faces):
            r, i = divmod(r, len(f))
            out.append(f[i])
        out.reverse()
        return tuple(out)

    def draws(self) -> tuple:
        """``_draws``, made once."""
        draw = self._draw
        if draw is None:
            draw = self._draws()
        return draw

    def _draws(self) -> tuple:
        """What ``sample`` draws from: every roll in order (None when they are more than
        ``MAX_OUTCOMES``: then worked out per draw), how many (``n``), the bits a draw
        asks for (``m`` when ``n`` is ``2 ** m``, else ``n``'s bit length, drawn until
        below ``n``), and per roll in that order what ``showing`` says of it (for
        ``set_dice``; None without the table)."""
        n = 1
        for f in self.faces:
            n *= len(f)
        if n == 0:
            raise ValueError("a die without faces cannot be rolled")
        rolls = shown = None
        if n <= MAX_OUTCOMES:
            rolls = tuple(itertools.product(*self.faces))
            shown = tuple(map(self.showing, rolls))
        k = n.bit_length()
        if n == 1 << (k - 1):
            k -= 1  # n is 2 ** (k - 1): that many bits are a draw, never rejected
        self._draw = (rolls, n, k, shown)
        return self._draw

    def initial(self) -> DiceState:
        """The dice before any roll: each shows its first face (Ludii's die state 0)."""
        values = [f[0] for f in self.faces]
        return DiceState(values, values[:])

    def key(self, d: DiceState) -> int:
        """The dice's part of a position's Zobrist hash."""
        h = self.zobrist_rolled if d.rolled else 0
        if d.left == d.values:  # no die used since the roll: one look-up
            return h ^ self.unused_key(tuple(d.values))
        zv, zl = self.zobrist_value, self.zobrist_left
        for i, v in enumerate(d.values):
            h ^= zv[i].get(v, 0) ^ zl[i].get(d.left[i], 0)
        return h

    def unused_key(self, roll: tuple[int, ...]) -> int:
        """The key of the dice showing ``roll``, none used (without the rolled flag)."""
        h = self._unused_keys.get(roll)
        if h is None:
            h = 0
            zv, zl = self.zobrist_value, self.zobrist_left
            for i, v in enumerate(roll):
                h ^= zv[i].get(v, 0) ^ zl[i].get(v, 0)
            if len(self._unused_keys) < MAX_OUTCOMES:
                self._unused_keys[roll] = h
        return h


    def showing(self, roll: tuple[int, ...]) -> tuple[int, int, bool]:
        """What ``set_dice`` writes for the dice showing ``roll``: their key, none used
        (``unused_key``), the faces' total, and whether all are equal."""
        known = self._shown.get(roll)
        if known is None:
            known = (self.unused_key(roll), sum(roll), len(set(roll)) <= 1)
            if len(self._shown) < MAX_OUTCOMES:
                self._shown[roll] = known
        return known


def _randbelow_by_bits() -> bool:
    """Whether ``Random.randrange(n)`` draws ``getrandbits(n.bit_length())`` until below
    n, as CPython's does (checked on this interpreter, so that ``DiceSpec.sample`` and
    the playouts may draw the same bits themselves)."""
    for n in (1, 2, 3, 5, 16, 17, 81, 1000):
        a, b = random.Random(n), random.Random(n)
        k = n.bit_length()
        for _ in range(64):
            r = b.getrandbits(k)
            while r >= n:
                r = b.getrandbits(k)
            if a.randrange(n) != r:
                return False
    return True


_RANDBELOW_BITS = _randbelow_by_bits()



class DiceState:
    """The dice in a position.

    ``values[i]`` is the face die ``i`` shows (what ``(count Pips)`` adds up);
    ``left[i]`` the same until the die is used by a move of ``(forEach Die ...)``,
    then 0 (what ``(forEach Die ...)``, ``(is AnyDie ...)`` and ``(all DiceUsed)`` read,
    as Ludii's "current dice"). ``equal`` is Ludii's "all dice equal" of the last roll;
    ``temp`` Ludii's state value ``(forEach Die ... replayDouble:True)`` keeps.

    ``pending`` makes the position a chance node: a roll is due before anyone moves,
    and ``after`` holds the consequences of that roll (``(roll (then ...))``), run once
    the dice show their faces, with the mover and next player of the rule that asked for
    the roll. ``rolled`` says the dice were rolled since the last move,
    so that the rules asking for a roll before the mover's choice (``(do (roll)
    next:...)``) do not ask again. ``live`` is set while the position's own moves are
    generated or a move is played: only then does a ``(roll)`` call for the dice (a
    question such as ``(can Move ...)`` uses the dice as they are). ``log`` is every
    roll of the game so far, newest first, as a shared chain ``(ply, roll, older)``, and
    ``count`` how many there are.
    """

    __slots__ = ("values", "left", "equal", "temp", "pending", "after", "rolled", "live",
                 "log", "count", "total", "unused")

    def __init__(self, values: list[int], left: list[int]):
        self.values = values
        self.total = sum(values)  # what the dice show, added up: kept with ``values``
        self.left = left
        self.equal = False
        self.temp = -1
        self.pending = False
        self.after: tuple[tuple[Callable[[State], None], int, int], ...] = ()
        self.rolled = False
        self.live = False
        self.log: tuple | None = None
        self.count = 0
        # while no die has been used since the last roll, ``DiceSpec.showing`` of the
        # roll (its key, total and equality, which set_dice reads); None otherwise
        self.unused: tuple[int, int, bool] | None = None

    def copy(self) -> DiceState:
        c = DiceState.__new__(DiceState)
        c.values = self.values[:]
        c.total = self.total
        c.left = self.left[:]
        c.equal = self.equal
        c.temp = self.temp
        c.pending = self.pending
        c.after = self.after
        c.rolled = self.rolled
        c.live = False
        c.log = self.log
        c.count = self.count
        c.unused = self.unused
        return c

    def rolls(self) -> list[tuple[int, tuple[int, ...]]]:
        """Every roll of the game so far, oldest first: (ply, the faces)."""
        out = []
        node = self.log
        while node is not None:
            out.append((node[0], node[1]))
            node = node[2]
        out.reverse()
        return out


def pips_total(s: State) -> int:
    """The sum of the faces all the dice show (``(count Pips)`` of a game's one set of
    shared dice): one function object, so that rules reading it can tell it."""
    return s.dice.total


# context-pure: a rule's expressions of it are worked out once per total (compile.pure)
pips_total.pure_reads = frozenset({"total"})


def request_roll(s: State, after: Callable[[State], None] | None = None) -> None:
    """What ``(roll)`` does: the position becomes a chance node, unless the dice were
    already rolled for this decision or nobody is asking for moves or playing one."""
    d = s.dice
    if d is None or d.rolled or not d.live:
        return
    d.pending = True
    if after is not None:
        # the consequences run once the dice show, for whoever asked for the roll
        d.after = d.after + ((after, s.who, s.nxt),)


def set_dice(s: State, roll: Sequence[int], known: tuple[int, int, bool] | None = None) -> None:
    """Every die shows the face ``roll`` gives it, unused (the hash follows); ``known``
    is ``DiceSpec.showing`` of the roll when the caller has it."""
    d = s.dice
    spec = s.game.dice
    values = d.values
    before = d.unused
    if before is not None:  # no die used since the last roll: its key is known
        old = before[0] ^ spec.zobrist_rolled if d.rolled else before[0]
    elif d.left == values:  # the same (DiceSpec.key, read here)
        old = spec.showing(tuple(values))[0]
        if d.rolled:
            old ^= spec.zobrist_rolled
    else:
        old = spec.key(d)
    if type(roll) is not tuple:
        roll = tuple(roll)
    if known is None:
        known = spec._shown.get(roll)
        if known is None:
            known = spec.showing(roll)
    values[:] = roll
    d.left[:] = roll
    d.total = known[1]
    d.equal = known[2]
    d.unused = known
    d.pending = False
    d.rolled = True
    s.hash ^= old ^ spec.zobrist_rolled ^ known[0]


def use_die(s: State, i: int) -> None:
    """Die ``i`` has been used by a move: it counts as 0 until the next roll."""
    d = s.dice
    old = d.left[i]
    if old:
        d.unused = None
        zl = s.game.dice.zobrist_left[i]
        s.hash ^= zl.get(old, 0) ^ zl[0]
        d.left[i] = 0


def show_face(s: State, i: int, face_index: int) -> None:
    """Die ``i`` is turned to its face ``face_index``, unused (Ludii's die update)."""
    d = s.dice
    spec = s.game.dice
    value = spec.faces[i][face_index]
    d.unused = None
    zv, zl = spec.zobrist_value[i], spec.zobrist_left[i]
    s.hash ^= zv.get(d.values[i], 0) ^ zv.get(value, 0) ^ zl.get(d.left[i], 0) ^ zl.get(value, 0)
    d.total += value - d.values[i]
    d.values[i] = value
    d.left[i] = value


def dice_used(move) -> tuple[int, ...] | None:
    """The dice a move of ``(forEach Die ...)`` uses (indices), or None for a move that
    uses none. Such a move is the move it was made from with its die attached: its key
    has one more part, ``("die", *dice, temp)``."""
    key = move.key
    if len(key) > 5 and isinstance(key[5], tuple) and key[5][:1] == ("die",):
        return key[5][1:-1]
    return None
