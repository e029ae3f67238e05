"""Turn queries: who moves, who moved last, who moves next, and whether a player can move.

As in Ludii, the state knows three players: the mover (``(mover)``, ``Mover``), the
next player (``(next)``, ``Next``: the one after the mover in turn order, or the mover
again after ``(moveAgain)``) and the previous mover (``(prev)``, ``Prev``: the player
who made the last move; 0 before the first move). The previous mover changes when a
move is over: while its consequences and the end rules run, it is still the player
who moved before it. So ``(is Prev Mover)`` holds exactly when the mover is moving
again in the same turn (the standard define ``"SameTurn"``).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV, IntV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("mover", T.IntFn)
def mover(c: CompileContext):
    """The number of the player making the move (in end rules: the player who has just
    moved). Ludii: ``(mover)``."""
    return IntV(MOVER)


def MOVER(s) -> int:  # noqa: N802 - one function object, so that rules can tell it
    """``(mover)``: the player making the move, in the evaluation context."""
    return s.who


@ludeme("next", T.IntFn)
def next_player(c: CompileContext):
    """The number of the player to move after the mover (the mover itself after
    ``(moveAgain)``). Ludii: ``(next)``."""
    return IntV(lambda s: s.nxt)


@ludeme("prev", T.IntFn)
def prev_player(c: CompileContext):
    """The number of the player who made the last move (0 before the first move).
    Ludii: ``(prev)``."""
    return IntV(lambda s: s.prev_mover)


def _who(who) -> object:
    return who.fn


@ludeme("is Mover", T.Cond)
def is_mover(c: CompileContext, who: (T.Role, T.IntFn)):
    """Whether ``who`` (a role or a player number) is the mover. Ludii: ``(is Mover
    <int or role>)``."""
    fn = _who(who)
    return CondV(lambda s: fn(s) == s.who)


@ludeme("is Next", T.Cond)
def is_next(c: CompileContext, who: (T.Role, T.IntFn)):
    """Whether ``who`` is the next player (the mover after ``(moveAgain)``). Ludii:
    ``(is Next <int or role>)``."""
    fn = _who(who)
    return CondV(lambda s: fn(s) == s.nxt)


@ludeme("is Prev", T.Cond)
def is_prev(c: CompileContext, who: (T.Role, T.IntFn)):
    """Whether ``who`` made the last move. ``(is Prev Mover)`` holds when the mover
    moves again in the same turn (after ``(moveAgain)``). Ludii: ``(is Prev <int or
    role>)``."""
    fn = _who(who)
    if fn is MOVER or getattr(who, "name", None) == "Mover" and getattr(who, "many", 1) is None:
        # "SameTurn", asked by the play rules of every position: one call, not two
        return CondV(lambda s: s.who == s.prev_mover)
    return CondV(lambda s: fn(s) == s.prev_mover)


@ludeme("can Move", T.Cond)
def can_move(c: CompileContext, moves: T.Moves):
    """Whether ``moves`` generates at least one move in the current position, for the
    mover of the current context. Ludii: ``(can Move <moves>)``."""
    gen = moves.gen
    visited = visited_slot(c)

    def fn(s):
        # generators bind (from)/(to) as they go: the caller's context is kept
        frm, to, between = s.frm, s.to, s.between
        slot = visited[0]
        if slot is not None and s.history:
            # as Ludii's CanMove in a game that reads (is Visited ...): the sites of the
            # last move count as visited while the moves are asked
            record = s.aux[slot]
            before, last = record[2], s.history[-1]
            record[2] = before | {last.frm, last.to}
            try:
                ok = bool(gen(s))
            finally:
                record[2] = before
        else:
            ok = bool(gen(s))
        s.frm, s.to, s.between = frm, to, between
        return ok

    return CondV(fn)


def visited_slot(c: CompileContext) -> list:
    """A one-element list: the ``state.aux`` slot of the turn record once ``(is Visited
    ...)`` has compiled (the game then keeps visited sites, Ludii's ``Visited`` flag),
    None before; read when the rules run, whatever compiled first."""
    return vars(c).setdefault("visited_holder", [None])


@ludeme("can Move", T.Cond)
def can_move_effect(c: CompileContext, effect: T.Effect):
    """Whether a capture rule (``enclose``, ``custodial``, ``surround``), which Ludii
    writes as a move generator, would capture anything in the current position. As in
    Ludii: ``(not (can Move (enclose (from (last To)) Orthogonal)))``."""
    if effect.any_move is None:
        c.fail("(can Move ...) asks a move generator or a capture rule; this effect "
               "makes no moves to count")
    return CondV(effect.any_move)


@ludeme("nextPhase", T.NextPhase,
        ludii="A player given by number ((player n)) is not supported: name a role.")
def next_phase(c: CompileContext, who: T.Role = None, cond: T.Cond = None,
               name: T.Str = None):
    """A phase change, an argument of ``(phase ...)``: after each move, when ``cond``
    holds (always, without one), ``who``'s phase becomes the phase named ``name`` (the
    phase declared after the current one, cycling, without a name). Without a role, or
    with ``Shared``, it applies to every player whose current phase has it; with
    ``Mover``, to the player who has just moved. The condition is evaluated after the
    move and the end rules, with ``Mover`` the player who has just moved. Ludii:
    ``(nextPhase [<roleType>] [<boolean>] [<string>])``."""
    test = cond.fn if cond is not None else (lambda s: True)
    target = None
    if who is not None and who.name not in ("Shared", "All"):
        if who.many is not None:
            c.fail(f"(nextPhase {who.name} ...) names one player: Mover, P1, ...")
        target = who.fn
    return (target, test, name)


@ludeme("all Passed", T.Cond)
def all_passed(c: CompileContext):
    """Whether every player's last move was a pass, in a row: the last moves of the
    game, one per player, are all passes (the pass of ``(move Pass)`` or the one a
    player without a legal move makes). As in Ludii: ``(end (if (all Passed) ...))``."""
    n = c.num_players

    def fn(s):
        h = s.history
        # asked after every move: most of the time the last one alone says no
        if not h or h[-1].kind != "pass" or len(h) < n:
            return False
        return all(m.kind == "pass" for m in h[-n:])

    return CondV(fn)


def turn_record(c: CompileContext) -> int:
    """The index in ``state.aux`` of Ludii's turn bookkeeping, declared on first use: a
    list ``[moves this turn, turns, sites visited this turn]``. As in Ludii, once a move
    is over (its consequences, the end rules and the phase changes done), when the mover
    moves again the count of moves this turn grows by one and the move's origin and
    destination are visited; when the turn passes to another player, the count and the
    visited sites start again and the turns grow by one. The first turn is turn 1."""
    slot = vars(c).get("turn_record_slot")
    if slot is not None:
        return slot
    game = c.game
    slot = game.add_aux(lambda: [0, 1, frozenset()], list)
    vars(c)["turn_record_slot"] = slot

    def after_turn(s, who: int) -> None:
        if s.outcome is not None:
            return  # Ludii keeps no more records once the game is over
        record = s.aux[slot]
        if s.mover == who:  # (moveAgain), or a game of one player: the turn goes on
            record[0] += 1
            m = s.history[-1]
            record[2] = record[2] | {m.frm, m.to}
        else:
            record[0] = 0
            record[1] += 1
            record[2] = frozenset()

    game.after_turn.append(after_turn)
    return slot
