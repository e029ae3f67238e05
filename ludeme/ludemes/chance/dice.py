"""Dice: the equipment, the roll, and what rules read of the dice.

As in Ludii, ``(dice d:6 num:2)`` declares dice; ``(play (do (roll) next:...))`` rolls
them before the mover chooses, and the moves read the faces: ``(count Pips)`` their
sum, ``(forEach Die ...)`` one die at a time (``(pips)`` its value; the die is then used).
A roll makes the position a chance node (see ``ludeme.runtime.chance``).
"""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.piecemoves import describe, memo, per_piece
from ludeme.compile.pure import per_total
from ludeme.compile.values import CondV, EffectV, IntV, MovesV, PieceMovesV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Seq
from ludeme.lang.registry import ludeme
from ludeme.runtime.chance import (
    MAX_OUTCOMES,
    DiceSpec,
    pips_total,
    request_roll,
    show_face,
    use_die,
)
from ludeme.runtime.move import Move

MAX_DICE = 16
MAX_FACES = 64


def dice_of(c: CompileContext) -> DiceSpec:
    """The game's dice; an error at the form being compiled when it has none."""
    spec = c.dice
    if spec is None:
        c.fail("the game has no dice", "declare them in the equipment: (dice d:6 num:2)")
    return spec


@ludeme("dice", T.Item)
def dice(c: CompileContext, role: T.Role = None, *, d: T.Int = None,
         faces: T.ListOf(T.Int) = None, facesByDie: T.ListOf(T.ListOf(T.Int)) = None,
         from_: T.Int = None, num: T.Int):
    """``num`` dice, shared (the default) or a player's (``P1``). Each die has ``d``
    faces (6 by default) numbered from ``from`` (1 by default), or the faces ``faces``
    lists, or its own faces: ``facesByDie:{{0 4} {0 6}}``. Each face is equally likely.
    ``(dice d:2 from:0 num:4)`` are four two-sided dice showing 0 or 1."""
    if not 1 <= num <= MAX_DICE:
        c.fail(f"num:{num}: a container holds 1 to {MAX_DICE} dice")
    given = [k for k, v in (("faces:", faces), ("facesByDie:", facesByDie), ("from:", from_))
             if v is not None]
    if len(given) > 1:
        c.fail(f"give one of faces:, facesByDie: and from:, not {' and '.join(given)}")
    if d is not None and not 1 <= d <= MAX_FACES:
        c.fail(f"d:{d}: a die has 1 to {MAX_FACES} faces")
    if facesByDie is not None:
        if len(facesByDie) != num:
            c.fail(f"facesByDie: lists the faces of {len(facesByDie)} dice, but num:{num}")
        by_die = [list(f) for f in facesByDie]
    elif faces is not None:
        by_die = [list(faces)] * num
    else:
        start = 1 if from_ is None else from_
        by_die = [list(range(start, start + (6 if d is None else d)))] * num
    if any(not 1 <= len(f) <= MAX_FACES for f in by_die):
        c.fail(f"a die has 1 to {MAX_FACES} faces")
    if role is None or role.name in ("Shared", "Neutral"):
        owner = 0
    elif role.const is not None:
        owner = role.const
    else:
        c.fail(f"dice belong to Shared or to one player, not {role.name}")
        raise AssertionError
    if c.dice is None:
        c.dice = DiceSpec()
    c.dice.add(owner, by_die)
    total = 1
    for f in c.dice.faces:
        total *= len(f)
    if total > MAX_OUTCOMES:
        c.fail(f"the dice have {total:,} rolls; ludeme lists up to {MAX_OUTCOMES:,}",
               "fewer dice or fewer faces")
    return None


@ludeme("roll", T.Effect)
def roll(c: CompileContext, *, then: T.Effect = None):
    """Roll every die. The position becomes a chance node: the dice show their faces
    before anything else happens, then ``then:`` runs. In ``(do (roll) next:...)`` the
    mover chooses among the moves ``next:`` makes of the roll."""
    dice_of(c)
    after = then.fn if then is not None else None
    return EffectV(lambda s: request_roll(s, after))


def rolls_only(arg) -> bool:
    """Whether a checked effect does nothing but roll, maybe under conditions:
    ``(roll)``, ``(if <cond> (roll))``, ``(and ...)`` of such."""
    if not isinstance(arg, Call):
        return False
    head = arg.decl.head
    if head == "roll":
        return True
    if head not in ("if", "and") or arg.decl.returns.name != "Effect":
        return False
    for p in arg.decl.params:
        value = arg.args.get(p.name)
        if value is None or p.type is not T.Effect:
            continue
        items = value if isinstance(value, list) else (
            value.items if isinstance(value, Seq) else [value])
        if not all(rolls_only(v) for v in items):
            return False
    return True


def _pass_action(s, m) -> None:
    """A pass changes nothing on the board."""


@ludeme("do", T.Moves, lazy=True)
def do_next(c: CompileContext, prior: T.Effect, *, next: T.Moves, then: T.Effect = None):
    """The moves ``next`` makes after ``prior``: Ludii's ``(do (roll) next:...)``, which
    rolls the dice (a chance node) before the mover chooses. The roll may be
    conditional, ``(do (if (not "SameTurn") (roll)) next:...)``: the dice are rolled
    only when the condition holds, else the moves use the dice as they are. Any other
    prior (``(do (set Value Mover (count Pips)) next:...)``) is worked out on a copy of
    the position, ``next``'s moves found there, and each move makes the prior first,
    as Ludii prepends it."""
    if not rolls_only(prior):
        out = _after_prior(c, c.compile(prior, T.Effect), c.compile(next, T.Moves))
        return with_then(c, out, c.compile(then, T.Effect)) if then is not None else out
    request = c.compile(prior, T.Effect).fn
    inner = c.compile(next, T.Moves)
    gen = inner.gen
    # as Ludii's Do in a game with dice: when ``next`` makes no move, a pass carrying the
    # roll is the move, and the consequences (``then:``) follow it as any other's
    stuck = Move("pass", -1, -1, 0, 0, _pass_action)
    c.game.intern_moves(lambda: [stuck])

    def moves(s):
        request(s)
        d = s.dice
        if d.pending:
            return []  # a chance node: the dice are rolled first
        return gen(s) or [stuck]

    if isinstance(prior, Call) and prior.decl.head == "roll" and not prior.args.get("then"):
        # a plain (roll), the race games' rule: what request_roll does, read here (the
        # position is a chance node until the dice are rolled for this decision)
        def moves(s):  # noqa: F811 - the same as above, without two calls per listing
            d = s.dice
            if not d.rolled and d.live:
                d.pending = True
                return []
            if d.pending:
                return []
            return gen(s) or [stuck]

        # as the phase's moves: once a move is played, a roll is due before the next
        # mover chooses, whatever the position (random playouts roll without listing)
        moves.rolls_first = True
        # once the dice are rolled for the decision: ``next``'s moves, or the pass
        # (what ``moves`` returns then, for playouts that rolled themselves)
        moves.after_roll = (gen, stuck)
        moves.after_roll_picks = _picks_by_total(gen)

    out = MovesV(moves)
    return with_then(c, out, c.compile(then, T.Effect)) if then is not None else out


def _picks_by_total(gen) -> Callable:
    """``picks(game)``: per total the dice can show, the generator ``gen`` amounts to
    (``gen`` an ``(if <test> <moves> [<moves>])`` whose test reads the total alone: the
    side the test takes, ``if_parts``), made once; None when ``gen`` is not such an
    ``if``. Random playouts choose the moves once rolled by it (``after_roll_picks``:
    the side's generator, without the test's call)."""
    made: list = []

    def picks(game) -> list | None:
        if not made:
            made.append(None)
            parts = getattr(gen, "if_parts", None)
            if parts is not None:
                test, then_, else_ = parts
                tests = per_total(test, game)
                if tests is not None:
                    none = else_.gen if else_ is not None else _no_moves
                    made[0] = [then_.gen if t else none for t in tests]
        return made[0]

    return picks


def _no_moves(s) -> list:
    return []


def _after_prior(c: CompileContext, prior, inner) -> MovesV:
    """The moves of ``inner`` on the position ``prior`` leaves, each made with the prior
    first (Ludii's ``(do <prior> next:<moves>)`` without dice)."""
    effect, gen = prior.fn, inner.gen
    made: dict[int, tuple[Move, Move]] = {}
    c.game.intern_moves(lambda: [w for _, w in made.values()])
    # the wrapped moves' keys tell this prior from the game's others by its number in
    # compile order, not by an object's id: keys, and digests of games, are then the
    # same from one process to the next
    tag = c.game.__dict__.get("priors_wrapped", 0)
    c.game.priors_wrapped = tag + 1

    def wrap(m: Move) -> Move:
        entry = made.get(id(m))
        if entry is not None and entry[0] is m:
            return entry[1]
        inner_act = m.act

        def act(s, w, inner=m):
            effect(s)
            inner_act(s, inner)

        w = Move(m.kind, m.frm, m.to, m.piece, m.extra, act, m.then, m.takes)
        w._key = m._key + (("after", tag),)
        w._hash = hash(w._key)
        made[id(m)] = (m, w)
        return w

    def moves(s):
        t = s.probe()      # the prior is made on a copy; the moves are found there
        effect(t)
        return [wrap(m) for m in gen(t)]

    return MovesV(moves)


@ludeme("pips", T.IntFn)
def pips(c: CompileContext):
    """The value of the die ``(forEach Die ...)`` is trying (-1 elsewhere, as in Ludii)."""
    dice_of(c)
    return IntV(lambda s: s.pips)


def _group(c: CompileContext, owner_fn):
    spec = dice_of(c)
    groups = spec.groups

    def total(s):
        who = owner_fn(s)
        for owner, first, count in groups:
            if owner == who:
                return sum(s.dice.values[first:first + count])
        return 0

    return total


@ludeme("count Pips", T.IntFn)
def count_pips(c: CompileContext, role: T.Role = None, *, of: T.IntFn = None):
    """The sum of the faces the dice show (the shared dice, or those of ``role`` or of
    player ``of:``), as rolled: using a die does not change it."""
    if of is not None:
        return IntV(_group(c, of.fn))
    if role is None:
        spec = dice_of(c)
        if len(spec.groups) == 1 and spec.groups[0][0] == 0:
            return IntV(pips_total)  # one set of shared dice
        return IntV(_group(c, lambda s: 0))
    return IntV(_group(c, role.fn))


def first_die_site(c: CompileContext) -> int:
    """The site of the first die in Ludii's numbering: the board's sites, then the
    hands' sites (``size:`` of them per hand), then the dice, whatever order the
    equipment lists them in (Ludii sorts containers by kind)."""
    from ludeme.ludemes.containers.hands import hand_layout

    return hand_layout(c).stop


@ludeme("face", T.IntFn)
def face(c: CompileContext, site: T.IntFn):
    """The face shown by the die on ``site`` (Ludii numbers dice after the board and the
    hands), or -1 when no die is there."""
    spec = dice_of(c)
    first = first_die_site(c)
    n = spec.count
    fn = site.fn

    def value(s):
        i = fn(s) - first
        return s.dice.values[i] if 0 <= i < n else -1

    return IntV(value)


@ludeme("is AnyDie", T.Cond)
def is_any_die(c: CompileContext, value: T.IntFn):
    """Whether one of the unused dice (of the first dice container) shows ``value``."""
    spec = dice_of(c)
    _, first, count = spec.groups[0]
    stop = first + count
    fn = value.fn
    return CondV(lambda s: fn(s) in s.dice.left[first:stop])


@ludeme("all DiceUsed", T.Cond)
def all_dice_used(c: CompileContext):
    """Whether every die has been used since the roll (as in Ludii, a die showing 0 counts
    as used)."""
    dice_of(c)
    return CondV(lambda s: not any(s.dice.left))


@ludeme("all DiceEqual", T.Cond)
def all_dice_equal(c: CompileContext):
    """Whether the dice all showed the same face when last rolled (false before the
    first roll)."""
    dice_of(c)
    return CondV(lambda s: s.dice.equal)


@ludeme("forEach Die", T.Moves)
def for_each_die(c: CompileContext, handDiceIndex: T.IntFn = None, moves: T.Moves = None, *,
                 combined: T.Cond = None, replayDouble: T.Cond = None, if_: T.Cond = None,
                 then: T.Effect = None):
    """The moves made with each unused die in turn: ``moves`` with ``(pips)`` the die's
    value, where ``if:`` holds; each move uses its die. ``combined:True`` also tries the
    sum of two (or three) dice, using them all. ``replayDouble:True``: a double is
    played twice (Ludii's rule). ``handDiceIndex`` picks the
    dice container (the first by default). Moves equal but for the die they use are
    kept once per die value."""
    if moves is None:
        c.fail("(forEach Die ...) needs the moves to make with each die")
    if then is not None:
        return with_then(c, for_each_die(c, handDiceIndex, moves, combined=combined,
                                         replayDouble=replayDouble, if_=if_), then)
    spec = dice_of(c)
    groups = spec.groups
    index_fn = handDiceIndex.fn if handDiceIndex is not None else (lambda s: 0)
    rule = if_.fn if if_ is not None else None
    combine = combined.fn if combined is not None else None
    replay_fn = replayDouble.fn if replayDouble is not None else None
    faces = spec.faces
    made: dict[tuple, tuple[Move, Move]] = {}
    c.game.intern_moves(lambda: [w for _, w in made.values()])

    def wrap(m: Move, used: tuple[int, ...], temp: tuple | None) -> Move:
        key = (id(m), used, temp)
        entry = made.get(key)
        if entry is not None and entry[0] is m:
            return entry[1]
        inner_act = m.act

        def act(s, w, inner=m):
            inner_act(s, inner)
            for i in used:
                use_die(s, i)
            if temp is not None:
                if temp[0] == "temp":
                    s.dice.temp = temp[1]
                else:
                    # the double is played again: every die shows it anew (Ludii's die
                    # update to the face index temp - 1)
                    k = temp[1] - 1
                    for i, f in enumerate(faces):
                        if 0 <= k < len(f):
                            show_face(s, i, k)

        w = Move(m.kind, m.frm, m.to, m.piece, m.extra, act, m.then, m.takes)
        w._key = m._key + (("die",) + used + (temp,),)
        w._hash = hash(w._key)
        made[key] = (m, w)
        return w

    def run(s, produce) -> list[Move]:
        d = s.dice
        k = index_fn(s)
        if not 0 <= k < len(groups):
            return []
        _, first, count = groups[k]
        values = d.left[first:first + count]
        replay = replay_fn is not None and replay_fn(s) and values.count(values[0]) == count
        saved = s.pips
        out: list[Move] = []
        seen: set = set()
        try:
            for i, v in enumerate(values):
                s.pips = v
                if rule is not None and not rule(s):
                    continue
                if replay:
                    temp = ("temp", v) if d.temp == -1 else ("temp", -1)
                elif d.temp != -1:
                    temp = ("show", d.temp)
                else:
                    temp = None
                for m in produce(s):
                    if (m, v) not in seen:
                        seen.add((m, v))
                        out.append(wrap(m, (first + i,), temp))
            if combine is not None and combine(s) and count in (2, 3):
                groups_of = [tuple(range(count))] + ([(0, 1), (0, 2), (1, 2)] if count == 3 else [])
                for dice_used in groups_of:
                    vs = [values[i] for i in dice_used]
                    if 0 in vs:
                        continue
                    s.pips = sum(vs)
                    if rule is not None and not rule(s):
                        continue
                    used = tuple(first + i for i in dice_used)
                    for m in produce(s):
                        if (m, used) not in seen:
                            seen.add((m, used))
                            out.append(wrap(m, used, None))
        finally:
            s.pips = saved
        return out

    gen = moves.gen
    inner_for = per_piece(moves)

    def for_piece(pid: int):
        at = inner_for(pid)

        def each(s, frm, out):
            # the piece's site is (from) for if: as well as for the moves (Ludii binds
            # it before the piece's moves are worked out)
            s.frm = frm

            def produce(s):
                mine: list[Move] = []
                at(s, frm, mine)
                return mine

            out.extend(run(s, produce))

        return describe(each, anchored=False)

    return PieceMovesV(lambda s: run(s, gen), for_piece=memo(for_piece))
