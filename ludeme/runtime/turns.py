"""A game's turn as generated source: ``Game.plain_turns``' ``play`` with the tests of
what the game fixes once compiled (dice, an order of movers, which end rule is asked
and how, a record of hashes) made here, once, instead of at every move.

The source is put together from the fixed lines below only (nothing of a description
reaches it); the values it reads (the game's tables, its end rule) come through the
``exec`` namespace. A game whose turn needs the rarer steps (dice, an order of movers,
passing over a stuck player: what ``plain_turns`` does for them) keeps
``plain_turns``' closure.
"""

from __future__ import annotations

from collections.abc import Callable

from ludeme.runtime.move import move_again, no_action
from ludeme.runtime.standing import draw as standing_draw
from ludeme.runtime.standing import next_active

#: ``compile_game`` installs the generated turn where ``generated_turn`` makes one
#: (False: ``plain_turns``' closure plays; tests compare the two)
GENERATED = True

_HEAD = """\
def play(s, m):
    who = s.mover
    following = next_of[who] if not s.inactive else next_active(s, who)
    s.who = who
    s.nxt = following
    s.frm = s.after_frm = frm = m.frm
    s.to = s.after_to = m.to
    if s.pending:
        s.pending = ()
    if m is auto_pass:
        s.stalemated |= 1 << (who - 1)
    elif s.stalemated:
        s.stalemated &= ~(1 << (who - 1))
    act = m.act
    if act is not no_action:
        act(s, m)
    s.history.append(m)
    s.ply += 1
    then = m.then
    if then is not None:
"""

_THEN_AGAIN = """\
        if then is again:
            s.nxt = who
        else:
            then(s)
"""

_THEN = """\
        then(s)
"""

_ADVANCE = """\
    s._moves = None
    nxt = s.nxt
    if nxt != who or nxt == following:
        if nxt == following or nxt <= 0:
            nxt = following
        s.mover = nxt
        if nxt != who:
            s.hash ^= mover_change[who][nxt]
"""

_TRACK = """\
    s.hashes.append(s.hash)
"""

_LISTING = """\
    if s.outcome is None:
        mover = s.mover
        prev = s.prev_mover
        s.prev_mover = who
        s.who = mover
        s.nxt = next_of[mover] if not s.inactive else next_active(s, mover)
        computing[0] = True
        try:
            moves = by_parity[s.phase][s.ply & 1](s)
        finally:
            computing[0] = False
        if moves and moves[0] is not auto_pass:
            s._moves = moves
            if s.stalemated:
                s.stalemated &= ~(1 << (mover - 1))
        else:
            s._moves = moves or [auto_pass]
            s.prev_mover = prev
            s.who = who
            s.nxt = mover
            out = end_rule(s)
            if out is not None:
                s.outcome = out
                s._moves = []
        s.who = mover
        s.nxt = mover
"""

# a lone end rule asked, its result the outcome when it has one: ``{ask}`` is the rule
# called, or its test asked and then what it decides
_END = """\
    s.who = who
    s.nxt = s.mover
    out = {ask}
    if out is not None:
        s.outcome = out
        s._moves = []
    s.who = s.mover
"""

_TAIL = """\
    s.counter += 1
    if frm < 0 and m.kind == "pass" and s.outcome is None and ends_checked(s, who) and \\
            all_passed(s):
        s.outcome = game.draw if game.num_players < 3 else standing_draw(s)
        s._moves = []
    s.prev_mover = who
"""


def generated_turn(game) -> Callable | None:
    """The game's ``play`` as generated source, for a game ``plain_turns`` plays
    without dice and without an order of movers or passing over a stuck player (None
    for the others): the same steps in the same order as ``plain_turns``' closure."""
    from ludeme.runtime import game as game_module

    if not GENERATED or game.dice is not None or \
            any(ph.order is not None or ph.skip_stuck for ph in game.phases) or \
            game.plain_turns() is None:
        return None
    end_rule = game.end_rules[0] if game.end_rules else None
    computing = game._next_listing(end_rule)
    end_test, end_decided = getattr(end_rule, "test_then", (None, None)) \
        if game_module.END_TEST_INLINE else (None, None)
    again = move_again if game_module.INLINE_MOVE_AGAIN else None
    parts = [_HEAD, _THEN_AGAIN if again is not None else _THEN, _ADVANCE]
    if game.track_repetition:
        parts.append(_TRACK)
    # as plain_turns: with the listing, an outcome the consequences gave still has the
    # rule asked, as a test or as a rule
    asked = _END.format(ask="end_decided(s) if end_test(s) else None") \
        if end_test is not None else _END.format(ask="end_rule(s)") \
        if end_rule is not None else None
    if computing is not None:
        parts.append(_LISTING)
        if asked is not None:
            parts.append("    else:\n" + "".join("    " + line + "\n"
                                                 for line in asked.splitlines()))
    elif asked is not None:
        parts.append(asked)
    parts.append(_TAIL)
    namespace = {
        "next_of": game.next_of, "next_active": next_active, "auto_pass": game.auto_pass_move,
        "no_action": no_action, "again": again, "mover_change": game.mover_change,
        "computing": computing, "end_rule": end_rule, "end_test": end_test,
        "end_decided": end_decided, "ends_checked": game._ends_checked,
        "all_passed": game._all_passed, "game": game, "standing_draw": standing_draw,
        "by_parity": [getattr(ph.generate, "by_ply_parity", None) or (ph.generate,) * 2
                      for ph in game.phases],
    }
    exec(compile("".join(parts), "<ludeme turn>", "exec"), namespace)
    play = namespace["play"]
    # which of plain_turns' paths it takes, under the names of that closure's values
    play.turn_values = {"listing": computing is not None, "end_test": end_test,
                        "end_rule": end_rule, "again": again,
                        "track": game.track_repetition}
    return play
