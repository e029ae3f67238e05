"""``Game.plain_turns``: the turn written out per game as one generated function.

``Game.play`` asks, at every move, which of its steps the game takes (dice or not, an
order of movers or not, which end rule, whether ``(counter)`` is read ...), tests of
values fixed when the game is compiled. Here those answers choose the lines of one
generated function instead: a game pays only for the steps its rules can take. The
lines are ``play``'s, in its order; the values they read (tables, the end rule, the
pass move) reach the function through its ``exec`` namespace, never as text."""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.inlined import turn_thens
from ludeme.compile.moveacts import turn_acts
from ludeme.runtime.move import no_action
from ludeme.runtime.standing import draw as standing_draw
from ludeme.runtime.standing import next_active

#: a game without dice has its random playout loop (``search._plain_playout``'s: the
#: mover's context left as the listing set it, moves drawn without listing) written with its turn in it, as one generated
#: function: no call of the turn a move, and the mover's context the loop sets is the
#: turn's (False: the loop calls the turn; tests compare the two)
WRITTEN_PLAYOUT = True

#: in the playout loop, the ordered turn's pass over stuck players that found the next
#: mover's moves by the phase's ``has_moves`` (``FOUND_PASS``) draws the next move there
#: (the phase's ``drawn``, the same bits drawn in the same order) and plays it without
#: the loop's head, when a next move is played (False: the loop's head draws it; tests
#: compare the two)
DRAW_IN_PASS = True

#: the ordered turn's change of mover xors the hash's change without testing that the
#: mover changed (``mover_change[p][p]`` is 0: the same hash; False: tested first, as
#: the closure does; tests compare the two)
SAME_MOVER_XOR = True

#: the ordered turn's pass over stuck players, where it asks the phase's ``has_moves``
#: (``Game.play``'s ``found_in_context``), has ``state.found_in_context``'s function written in it: no
#: call, and no list for the answer (False: the function is called; tests compare)
FOUND_PASS = True


#: in a game of one or two players the next player is read from ``next_of`` alone (no
#: player leaves such a game before it ends: ``next_active`` gives ``next_of``'s player
#: there); the turn's writes of ``State.after_frm``/``after_to`` only in a game that
#: reads them (``(last ... afterConsequence:)``), its clearing of ``State.pending`` only
#: in one that sets it (``(set Pending)``) (False: always; tests compare the two)
UNREAD_LEFT_OUT = True


def _next(x: str, few: bool) -> str:
    """The source of the player after ``x`` in turn (``few``: one or two players)."""
    return f"next_of[{x}]" if few else f"next_of[{x}] if not s.inactive else next_active(s, {x})"


def _playout_lines(turn: list[str], few: bool, init: list[str] = (),
                   kept_first: bool = False) -> list[str]:
    """``search._plain_playout``'s loop (the moves kept by the turn, else drawn by the
    phase's ``drawn`` when there is one, else listed; a uniform draw by ``bits``) with
    the turn's lines ``turn`` written in it where it plays the move; ``init``: lines run
    once before the loop (the end checks' locals kept from move to move); ``kept_first``:
    the moves kept by the last turn tested first (a turn that lists the next moves)."""
    pick = ["k = len(moves)",
            "b = k.bit_length()",
            "r = bits(b)",
            "while r >= k:",
            "    r = bits(b)",
            "m = moves[r]",
            # the turn's own context, as it sets it (a listing may have moved it; a
            # phase's draw, ``drawn``, leaves it as the loop set it)
            "s.who = who",
            "s.nxt = following"]
    listed = [
        "    if s.outcome is not None:",
        "        s._moves = []",
        "        s.is_terminal()",
        "        break",
        "    s.who = who",
        "    s.nxt = following",
        "    if draws is None or (draw := draws[s.phase]) is None or \\",
        "            (m := draw(s, bits)) is None:",
        "        moves = gens[s.phase](s)",
        "        if not moves:",
        "            moves = [auto_pass]",
        "        s._moves = moves",
        *["        " + line for line in pick]]
    # (moves kept by the last turn: that turn left ``s.who`` the mover, as the line
    # before the loop does: only the player after it set)
    kept = ["    " + line for line in pick if line != "s.who = who"]
    head = ["moves = s._moves",
            "who = s.mover",
            "following = " + _next("who", few)]
    if kept_first:
        # the last turn listed the next moves (its end checks asked for them): those
        # first
        head += ["if moves:", *kept, "elif moves is None:", *listed,
                 "else:", "    s.is_terminal()", "    break"]
    else:
        head += ["if moves is None:", *listed, "elif not moves:", "    s.is_terminal()",
                 "    break", "else:", *kept]
    # the turn's early end, inside its pass over stuck players, leaves that pass and
    # goes on to the next move; where it found the next mover's moves by the phase's
    # has_moves, the next move is drawn there (``DRAW_IN_PASS``: when one is played
    # next), and the loop's head is skipped for it (``m`` drawn)
    carry = DRAW_IN_PASS and any(line.strip() == "@carry" for line in turn)
    ends = {"@before": ["left = False"], "@leave": ["left = True", "break"],
            "@after": ["if left:", "    n += 1", "    continue"],
            "@carry": ["if n < last and (m2 := pass_draws[ph](s, bits)) is not None:",
                       "    who = mover",
                       "    following = s.nxt",
                       "    m = m2",
                       "else:",
                       "    s.who = s.nxt = mover",
                       "    m = None"] if carry else ["s.who = s.nxt = mover"]}
    loop = ["def playout(s, bits, max_moves, gens, draws):",
            "    n = 0",
            "    s.who = s.mover",
            *["    " + x for x in init]]
    if carry:
        loop += ["    last = max_moves - 1",
                 # per phase, its draw, or one that draws nothing
                 "    pass_draws = no_draws if draws is None else \\",
                 "        [d or no_draw for d in draws]",
                 "    m = None",
                 "    while n < max_moves:",
                 "        if m is None:",
                 *["            " + line for line in head]]
    else:
        loop += ["    while n < max_moves:", *["        " + line for line in head]]
    for line in turn:
        pad = "    " + line[:len(line) - len(line.lstrip())]
        loop += [pad + text for text in ends.get(line.strip(), [line.strip()])]
    if carry:
        loop.append("        m = None")
    loop += ["        n += 1", "    return n"]
    return loop


def _with_ends(lines: list[str], ends: list[str]) -> list[str]:
    """``lines`` with ``ends`` written where the line ``"@ends"`` stands, at its indent."""
    out = []
    for line in lines:
        if line.strip() == "@ends":
            pad = line[:len(line) - len(line.lstrip())]
            out += [pad + x for x in ends]
        else:
            out.append(line)
    return out


def _no_draw(s, bits) -> None:
    """A phase's draw in a game whose phase has none (``DRAW_IN_PASS``): no move."""
    return None


def written_turn(ns: dict, *, dice_game: bool, ordered: bool, plain_next: bool,
                 listing: bool, end_test: bool, end_rule: bool, counts: bool,
                 track: bool, next_test_known: bool) -> Callable:
    """The turn as one generated function. ``ns`` holds the values its lines read (the
    names of the lines' values); the flags say which steps the game takes.

    With an order of movers or a pass over stuck players (``ordered``), ``ns["orders"]``
    and ``ns["skips"]`` (per phase) also decide, here, whether any phase takes players in
    turn without them (else those lines are left out), and whether any has an order."""
    orders, skips = ns["orders"], ns["skips"]
    # (phases in turn without an order or a pass over stuck players: the plain case)
    any_plain = any(o is None and not k for o, k in zip(orders, skips, strict=True))
    any_order = any(o is not None for o in orders)
    all_skip = all(skips)
    lines: list[str] = []
    written_values: dict = {}
    # the end checks' lines in the turn (written where the line "@ends" stands), and
    # the playout's (none: the same)
    ends: list[str] = []
    loop_ends: list[str] = []
    few = UNREAD_LEFT_OUT and ns["game"].num_players < 3

    def w(depth: int, text: str) -> None:
        lines.append("    " * depth + text)

    def players_in_turn() -> None:
        # the plain next mover: the one who follows, unless a move named another
        w(2, "if nxt == following or nxt <= 0:")
        w(3, "nxt = following")
        w(2, "s.mover = nxt")
        w(2, "if nxt != who:")
        w(3, "s.hash ^= mover_change[who][nxt]")

    # the turn's lines after the mover's context is set (``who``, ``following``,
    # ``s.who``, ``s.nxt``); "@leave" where it ends early
    game = ns["game"]
    if UNREAD_LEFT_OUT and not game.__dict__.get("reads_after", False):
        w(1, "s.frm = frm = m.frm")
        w(1, "s.to = m.to")
    else:
        w(1, "s.frm = s.after_frm = frm = m.frm")
        w(1, "s.to = s.after_to = m.to")
    if not UNREAD_LEFT_OUT or game.__dict__.get("sets_pending", False):
        w(1, "if s.pending:")
        w(2, "s.pending = ()")
    w(1, "if m is auto_pass:")
    w(2, "s.stalemated |= 1 << (who - 1)")
    w(1, "elif s.stalemated:")
    w(2, "s.stalemated &= ~(1 << (who - 1))")
    if dice_game:
        w(1, "dice = s.dice")
        w(1, "if dice.rolled:")
        w(2, "dice.rolled = False")
        w(2, "s.hash ^= rolled_key")
        w(1, "dice.live = True")
    w(1, "act = m.act")
    # the acts with a writer, written here (``moveacts.turn_acts``); any other called
    acts = turn_acts(ns["game"], "who", "frm")
    for i, (name, act_lines, values) in enumerate(acts):
        w(1, f"{'el' if i else ''}if act is {name}:")
        for line in act_lines:
            w(2, line)
        written_values.update(values)
    w(1, f"{'el' if acts else ''}if act is not no_action:")
    w(2, "act(s, m)")
    w(1, "s.history.append(m)")
    w(1, "s.ply += 1")
    w(1, "then = m.then")
    w(1, "if then is not None:")
    # the consequences written out (``inlined.turn_thens``), (moveAgain), else called
    tests = 0
    for name, then_lines, values in turn_thens(game):
        w(2, f"{'el' if tests else ''}if then is {name}:")
        for line in then_lines:
            w(3, line)
        written_values.update(values)
        tests += 1
    # (moveAgain): the same player moves again
    w(2, f"{'el' if tests else ''}if then is again:")
    w(3, "s.nxt = who")
    w(2, "else:")
    w(3, "then(s)")
    if dice_game:
        w(1, "dice.live = False")
    w(1, "s._moves = None")
    w(1, "nxt = s.nxt")
    if not ordered:
        if plain_next:
            w(1, "if nxt == following:")
            w(2, "s.mover = nxt")
            # (with one or two players ``following`` is ``next_of[who]``: the change
            # read by the mover alone)
            w(2, "s.hash ^= to_following[who]" if few else "s.hash ^= mover_change[who][nxt]")
            w(1, "elif nxt != who:")
        else:
            w(1, "if nxt != who or nxt == following:")
        players_in_turn()
    else:
        w(1, "if nxt == who != following:")
        w(2, "pass")
        if any_plain:
            w(1, "elif orders[s.phase] is None and not skips[s.phase]:")
            players_in_turn()
        w(1, "else:")
        # Game._advance: the next in the phase's order, or the next phase
        w(2, "ph = s.phase")
        w(2, "old = s.mover")
        if any_order:
            w(2, "order = orders[ph]")
            w(2, "if order is not None:")
            w(3, "pos = s.order_pos + 1")
            w(3, "if pos < len(order):")
            w(4, "new = order[pos]")
            w(3, "elif ph + 1 < n_phases:")
            w(4, "s.phase = ph = ph + 1")
            w(4, "pos = 0")
            w(4, "first = orders[ph]")
            w(4, "new = first[0] if first else next_of[old]")
            w(3, "else:")
            w(4, "pos = 0")
            w(4, "new = order[0]")
            w(3, "s.order_pos = pos")
            w(2, "else:")
            w(3, "new = " + _next("old", few))
        else:
            w(2, "new = " + _next("old", few))
        w(2, "s.mover = new")
        if SAME_MOVER_XOR:
            w(2, "s.hash ^= mover_change[old][new]")  # (0 when new is old)
        else:
            w(2, "if new != old:")
            w(3, "s.hash ^= mover_change[old][new]")
        if any(skips):
            d = 2
            if not all_skip:
                w(2, "if skips[ph]:")
                d = 3
            # Game._skip_stuck: a player whose only move is the pass is passed over
            if next_test_known:
                w(d, "@before")
            w(d, "for _ in passes:")
            inline_found = next_test_known and FOUND_PASS
            if inline_found:
                # state.found_in_context's function written here (``FOUND_PASS``): the
                # phase's has_moves asked in the mover's context, else the moves listed
                w(d + 1, "mover = s.mover")
                w(d + 1, "s.who = mover")
                w(d + 1, "s.nxt = " + _next("mover", few))
                if all(ns["has_of"][i] is not None for i, k in enumerate(skips) if k):
                    w(d + 1, "if has_of[ph](s) or \\")
                else:
                    w(d + 1, "if (has := has_of[ph]) is not None and has(s) or \\")
                w(d + 3, "listed_in_context(s)[0] is not auto_pass:")
            else:
                w(d + 1, "moves = list_next(s)")
                w(d + 1, "if moves and moves[0] is not auto_pass:")
            if next_test_known:
                w(d + 2, "if frm >= 0 or m.kind != 'pass':")
                if not inline_found:
                    w(d + 3, "mover = s.mover")
                w(d + 3, "if s.stalemated:")
                w(d + 4, "s.stalemated &= ~(1 << (mover - 1))")
                if counts:
                    w(d + 3, "s.counter += 1")
                w(d + 3, "s.prev_mover = who")
                # (the playout may draw the next move here: "@carry", ``DRAW_IN_PASS``)
                w(d + 3, "@carry" if inline_found else "s.who = s.nxt = mover")
                w(d + 3, "@leave")
            w(d + 2, "break")
            w(d + 1, "old = s.mover")
            w(d + 1, "new = " + _next("old", few))
            w(d + 1, "s.mover = new")
            w(d + 1, "s.hash ^= mover_change[old][new]")
            w(d + 1, "s._moves = None")
            if next_test_known:
                w(d, "@after")
    if track:
        w(1, "s.hashes.append(s.hash)")
    if listing:
        # (no Moves Next)'s question, as State.legal_moves lists (see plain_turns)
        w(1, "if s.outcome is None:")
        w(2, "mover = s.mover")
        w(2, "prev = s.prev_mover")
        w(2, "s.prev_mover = who")
        w(2, "s.who = mover")
        w(2, "s.nxt = " + _next("mover", few))
        w(2, "computing[0] = True")
        w(2, "try:")
        parity = ns["by_parity"]
        if len(parity) == 1 and parity[0][0] is parity[0][1]:
            w(3, "moves = only_generator(s)")  # one phase, the same moves at every ply
        else:
            w(3, "moves = by_parity[s.phase][s.ply & 1](s)")
        w(2, "finally:")
        w(3, "computing[0] = False")
        w(2, "if moves and moves[0] is not auto_pass:")
        w(3, "s._moves = moves")
        w(3, "if s.stalemated:")
        w(4, "s.stalemated &= ~(1 << (mover - 1))")
        w(2, "else:")
        w(3, "s._moves = moves or [auto_pass]")
        w(3, "s.prev_mover = prev")
        w(3, "s.who = who")
        w(3, "s.nxt = mover")
        w(3, "out = end_rule(s)")
        w(3, "if out is not None:")
        w(4, "s.outcome = out")
        w(4, "s._moves = []")
        w(2, "s.who = mover")
        w(2, "s.nxt = mover")
    d = 1
    if listing and (end_test or end_rule):
        w(1, "else:")
        d = 2
    if end_test:
        w(d, "s.who = who")
        w(d, "s.nxt = s.mover")
        w(d, "if end_test(s):")
        w(d + 1, "out = end_decided(s)")
        w(d + 1, "if out is not None:")
        w(d + 2, "s.outcome = out")
        w(d + 2, "s._moves = []")
        w(d, "s.who = s.mover")
    elif end_rule:
        w(d, "s.who = who")
        w(d, "s.nxt = s.mover")
        # the generated end checks' own lines (``endchecks.WRITTEN_IN_TURN``), else called
        offered = getattr(ns["end_rule"], "turn_lines", None)
        if offered is not None:
            # what the lines above make true there (``endchecks.TURN_KNOWS``): the
            # moves cleared (unless a pass over stuck players listed them), the mover
            # as the next player, ``who`` as ``s.who``, the position just recorded
            known = {"nxt_mover", "who"}
            if not (ordered and any(skips) and not next_test_known):
                known.add("moves_none")
            if track:
                known.add("hash_last")
            check_lines, values = offered("e_", frozenset(known))
            written_values.update(values)
            if not dice_game and WRITTEN_PLAYOUT and not listing:
                # the playout's own (``_playout_lines``): one pass a move, with what its
                # loop knows (a position recorded before each pass, the locals kept, the
                # game not over), under names of their own
                loop_lines, values = offered("f_", frozenset(known | {"loop", "outcome_none"}))
                written_values.update(values)
                loop_ends[:] = loop_lines
            w(d, "@ends")
            ends[:] = check_lines
        else:
            w(d, "out = end_rule(s)")
        w(d, "if out is not None:")
        w(d + 1, "s.outcome = out")
        w(d + 1, "s._moves = []")
        w(d, "s.who = s.mover")
    if counts:
        w(1, "s.counter += 1")
    if not dice_game:
        # every player passed in a row: Ludii's draw (not with dice)
        w(1, "if m.kind == 'pass' and frm < 0 and s.outcome is None and \\")
        w(3, "ends_checked(s, who) and all_passed(s):")
        w(2, "s.outcome = game.draw if game.num_players < 3 else standing_draw(s)")
        w(2, "s._moves = []")
    w(1, "s.prev_mover = who")
    head = ["def play(s, m):",
            "    who = s.mover",
            "    following = " + _next("who", few),
            "    s.who = who",
            "    s.nxt = following"]
    source = head + [line.replace("@leave", "return").replace("@carry", "s.who = s.nxt = mover")
                     for line in _with_ends(lines, ends) if line.strip() not in ("@before", "@after")]
    if not dice_game and WRITTEN_PLAYOUT:
        init = [x.removeprefix("@init ") for x in loop_ends if x.startswith("@init ")]
        # (a turn that lists the next mover's moves: the folded listing, or end checks
        # that ask (no Moves Next))
        kept_first = listing or getattr(ns["end_rule"], "asks_next_moves", False)
        source += _playout_lines(_with_ends(lines, [x for x in loop_ends if not x.startswith("@init ")]
                                            or ends), few, init, kept_first)
    to_following = [row[nxt] for row, nxt in zip(ns["mover_change"], ns["next_of"], strict=True)]
    space = dict(ns, **written_values, only_generator=ns["by_parity"][0][0], no_action=no_action,
                 to_following=to_following,
                 next_active=next_active, standing_draw=standing_draw,
                 no_draws=[_no_draw] * len(orders), no_draw=_no_draw)
    exec(compile("\n".join(source), "<ludeme turn>", "exec"), space)  # noqa: S102
    play = space["play"]
    # the playout loop with this turn written in it (``WRITTEN_PLAYOUT``), for
    # ``search._plain_playout``
    play.playout = space.get("playout")
    # what the turn was made from, as the closure's cells would say (for tests)
    play.parts = dict(ns, pass_found=next_test_known, dice_game=dice_game, ordered=ordered, plain_next=plain_next,
                      listing=listing, counts=counts, track=track,
                      next_test_known=next_test_known)
    return play
