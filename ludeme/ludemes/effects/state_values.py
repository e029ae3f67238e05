"""Effects on Ludii's state values: ``(set Counter)``, ``(set Var ...)``, ``(set Pending
...)``, ``(set Value <player> ...)`` and ``(trigger ...)``. The values are read by
``(counter)``, ``(var)``, ``(is Pending)``/``(value Pending)``/``(sites Pending)``,
``(value Player ...)`` and ``(is Triggered ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import effect_then as _then
from ludeme.compile.values import EffectV, RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("set Counter", T.Effect)
def set_counter(c: CompileContext, value: T.IntFn = None, *, then: T.Effect = None):
    """Set Ludii's move counter, ``(counter)``, to ``value`` (-1 by default: the move
    counter is 0 once this move is over). As in Ludii: ``(then (set Counter))`` after a
    capture, with ``(if (= (counter) 100) (result Mover Draw))``."""
    fn = value.fn if value is not None else (lambda s: -1)
    c.reads_counter = True  # a game that sets it keeps it too (Game.reads_counter)

    def effect(s):
        s.counter = fn(s)

    return _then(effect, then)


@ludeme("set Var", T.Effect,
        ludii="As in Ludii 1.0.8 there is one variable, without a name.")
def set_var(c: CompileContext, value: T.IntFn = None, *, then: T.Effect = None):
    """Set the game's variable, ``(var)``, to ``value`` (-1 by default). It keeps its
    value from move to move. As in Ludii: ``(set Var (last To))``."""
    fn = value.fn if value is not None else (lambda s: -1)

    def effect(s):
        s.temp = fn(s)

    return _then(effect, then)


@ludeme("set Pending", T.Effect)
def set_pending(c: CompileContext, value: (T.IntFn, T.Region) = None, *,
                then: T.Effect = None):
    """Mark a value, or every site of a region, as pending until the next move starts
    (1 when none is given, as in Ludii). The next player's moves can ask ``(is
    Pending)``, ``(value Pending)`` and ``(sites Pending)``: a pawn's double step sets
    the site it passed over, which an en passant capture reads. As in Ludii: ``(set
    Pending (ahead (last To) Backward))``."""
    if c.game is not None:
        c.game.sets_pending = True  # the turn clears it (runtime.written_turn)
    if value is None:
        def effect(s):
            if 1 not in s.pending:
                s.pending = (*s.pending, 1)
    elif isinstance(value, RegionV):
        sites = value.fn

        def effect(s):
            add = [x for x in sites(s) if x not in s.pending]
            if add:
                s.pending = (*s.pending, *dict.fromkeys(add))
    else:
        fn = value.fn

        def effect(s):
            v = fn(s)
            v = 1 if v == -1 else v
            if v not in s.pending:
                s.pending = (*s.pending, v)

    return _then(effect, then)


@ludeme("set Value", T.Effect)
def set_value(c: CompileContext, who: (T.Role, T.IntFn), value: T.IntFn, *,
              then: T.Effect = None):
    """Set a player's value, ``(value Player <player>)``. As in Ludii: ``(set Value
    Mover 1)``."""
    player, fn = who.fn, value.fn

    def effect(s):
        s.player_value[player(s)] = fn(s)

    if then is not None:
        return _then(effect, then)

    def prepare(s):
        # as Ludii evaluates an effect before applying it: in (and (fromTo (from (to))
        # ...) (set Value (player (who at:(to))) Off)) the player is the one whose piece
        # stood at (to) before the move
        p, v = player(s), fn(s)

        def apply(t):
            t.player_value[p] = v

        return apply

    return EffectV(effect, prepare=prepare)


@ludeme("trigger", T.Effect,
        ludii="As in Ludii 1.0.8, the event's name is not kept: a player is triggered or "
              "not, whatever the event.")
def trigger(c: CompileContext, event: T.Str, who: (T.Role, T.IntFn), *,
            then: T.Effect = None):
    """Trigger an event for a player, for the rest of the game: ``(is Triggered <event>
    <player>)`` then holds. As in Ludii: ``(trigger "CaptureMade" Next)`` with ``(end
    (if (is Triggered "CaptureMade" Next) (result Next Loss)))``."""
    player = who.fn

    def effect(s):
        p = player(s)
        if p > 0:
            s.triggered |= 1 << (p - 1)

    return _then(effect, then)




@ludeme("set NextPlayer", T.Effect)
def set_next_player(c: CompileContext, who: (T.IntFn, T.Role), *, then: T.Effect = None):
    """Make ``who`` the next player to move (``Next`` for the rest of the move's
    consequences), whoever would have been. As in Ludii: ``(set NextPlayer (player
    1))``; ``(moveAgain)`` is ``(set NextPlayer Mover)``."""
    player = who.fn
    n = c.num_players

    def effect(s):
        p = player(s)
        if 1 <= p <= n:          # Ludii refuses another number (it reports it)
            s.nxt = p

    return _then(effect, then)


@ludeme("swap Players", T.Effect,
        ludii="Ludii exchanges which agent plays each of the two players; ludeme has no "
              "agents in its states: as with the swap meta rule, players, pieces and "
              "results stay those of the sides.")
def swap_players(c: CompileContext, first: (T.IntFn, T.Role), second: (T.IntFn, T.Role), *,
                 then: T.Effect = None):
    """Exchange the sides two players play, as Ludii's ``(swap Players P1 P2)``: the
    player who moved moves again (Ludii sets the next player to the mover), now played
    by the other side's agent. Sides, pieces and results are those of the sides, as in
    Ludii's records."""

    def effect(s):
        s.nxt = s.who

    return _then(effect, then)
