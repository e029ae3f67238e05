"""The shape of a description: game, players, equipment, rules, phases, start, play, end."""

from __future__ import annotations

from collections.abc import Callable

from ludeme.compile.compiler import CompileContext, sequence_effects
from ludeme.compile.inlined import Code
from ludeme.compile.values import CondV, ResultV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Lit
from ludeme.lang.registry import ludeme
from ludeme.runtime.game import Game, Phase
from ludeme.runtime.standing import Standing, apply_result, next_active, next_win_rank, returns_of


@ludeme("game", T.Game, lazy=True)
def game(c: CompileContext, name: T.Str, players: T.Players, equipment: T.Equipment,
         rules: T.Rules):
    """A whole game: its name, players, equipment and rules.

    Equipment compiles before the rules, so rules can refer to the board, pieces and
    named regions.
    """
    c.num_players = c.compile(players, T.Players)
    from ludeme.ludemes.rules.teams import teams_in

    c.teams = teams_in(rules)   # friends and enemies in the equipment's moves follow them
    # as in Ludii, a board has every kind of site: those the rules name are built too
    c.named_site_types = _site_types_named(rules)
    # as Ludii's game flags: a game whose description stacks pieces anywhere keeps
    # stacks on every site, and its moves take and put the top piece (known before
    # anything compiles, so that the moves compile for it)
    if _stacks_pieces(equipment) or _stacks_pieces(rules):
        c.uses_stacks = True
    c.compile(equipment, T.Equipment)
    if c.board is None:
        c.fail("the equipment has no (board ...)")
    g = Game(name.value, c.num_players, c.board, c.pieces)
    c.game = g
    g.dice = c.dice
    g.uses_counts = getattr(c, "uses_counts", False)
    g.uses_stacks = getattr(c, "uses_stacks", False)
    from ludeme.ludemes.containers.hands import build_hand_layout

    g.hands = build_hand_layout(c)  # the hands' sites, numbered after the board's
    c.compile(rules, T.Rules)
    g.tally_names = list(c.tallies)
    g.track_repetition = c.track_repetition
    g.reads_counter = c.reads_counter
    return g


@ludeme("game", T.Game, lazy=True)
def game_with_mode(c: CompileContext, name: T.Str, players: T.Players, mode: T.Mode,
                   equipment: T.Equipment, rules: T.Rules):
    """A whole game with the way its players take turns: ``(game "Name" (players 2)
    (mode) (equipment {...}) (rules ...))``. Ludii: ``(game <string> <players> [<mode>]
    <equipment> <rules>)``."""
    c.compile(mode, T.Mode)
    return game(c, name, players, equipment, rules)


def _site_types_named(tree) -> list[str]:
    """The site types (Cell, Vertex, Edge) written anywhere in a checked tree."""
    found: list[str] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Lit):
            if node.type.name == "SiteType" and node.value not in found:
                found.append(node.value)
        elif isinstance(node, Call):
            for v in node.args.values():
                stack.extend(v if isinstance(v, list) else [v])
        elif hasattr(node, "items"):
            stack.extend(node.items)
    return found


# (no Moves Next) asked once the turn has passed, in a game without dice, swap rule or
# barred positions, reads the next player's moves kept or lists them itself, without
# the calls of Game.stuck and State.legal_moves (False: through them; tests compare)
LEAN_NO_MOVES = True

# ... and when the phase's generator reads nothing but the board and the mover (marked
# ``mover_only``: ``compile.slidelists``' listings), it is called with the next player
# made the mover alone, without the rest of its context (the player after it, the
# previous mover, the flag that stops a (no Moves Next) asked within) set and put back
# (False: the whole context; tests compare the two)
MOVER_ONLY = True

#: ``(no Moves Next)``'s lean path with a ``mover_only`` generator offers its lines to
#: a generated function that asks it in place (``compile.endchecks.WRITTEN_TESTS``;
#: False: it is called; tests compare)
WRITTEN_NO_MOVES = True

#: ... and where the test is called (a lone end rule the turn asks itself) in a game with
#: a phase whose listing is marked ``mover_only``, the call is of a generated function
#: made of those lines (the fixed tests of dice, barred positions
#: and the swap rule left out where the game has none) instead of the closure (False:
#: the closure; tests compare)
WRITTEN_NO_MOVES_CALLED = True

#: the ludemes that make a game a stacking one, as their game flags do in Ludii
_STACKING = frozenset({"place Stack", "size Stack", "topLevel", "level"})


def _stacks_pieces(tree) -> bool:
    """Whether a checked tree stacks pieces: a ludeme of ``_STACKING`` or a move with
    ``stack:True`` anywhere in it."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, Call):
            if node.decl.name in _STACKING:
                return True
            flag = node.args.get("stack")
            if isinstance(flag, Lit) and flag.value is True:
                return True
            for v in node.args.values():
                todo.extend(v if isinstance(v, list) else [v])
        elif hasattr(node, "items"):
            todo.extend(node.items)
    return False


@ludeme("mode", T.Mode, ludii="Only Alternating: simultaneous moves are not supported.")
def mode(c: CompileContext, kind: (T.ModeType, T.Diagonals) = None):
    """How the players take turns: ``(mode)`` or ``(mode Alternating)``, one after the
    other, which is also what a game without ``(mode ...)`` does. Ludii: ``(mode
    [Alternating | Simultaneous | Simulation])``."""
    # (Alternating is also a kind of diagonals: the name is read as either)
    if kind is not None and kind != "Alternating":
        c.fail(f"(mode {kind}) is not supported: players take turns one at a time",
               "(mode Alternating), or no (mode ...)")
    return None


@ludeme("players", T.Players)
def players(c: CompileContext, count: T.Int):
    """The number of players, 1 to 6. They are P1, P2, ... in turn order."""
    if not 1 <= count <= 6:
        c.fail(f"a game has 1 to 6 players, not {count}")
    return count


@ludeme("equipment", T.Equipment, lazy=True)
def equipment(c: CompileContext, items: T.ListOf(T.Item)):
    """The board, pieces, hands and named regions. The board is set up first, then the
    hands (as Ludii makes its containers first, so items may name hand sites declared
    later). As in Ludii, when no piece is declared each player has one, ``"Ball"``."""
    def is_board(item) -> bool:
        return isinstance(item, Call) and item.decl.head == "board"

    def is_hand(item) -> bool:
        return isinstance(item, Call) and item.decl.head == "hand"

    every = list(getattr(items, "items", [items]))
    boards = [i for i in every if is_board(i)]
    if len(boards) > 1:
        c.fail("the equipment has more than one (board ...)", node=boards[1])
    # Ludii builds every container before the other items, so a (handSite ...) in a
    # map or region may come before the (hand ...) it names; hands keep their order
    hands = [i for i in every if is_hand(i)]
    ordered = boards + hands + [i for i in every if not is_board(i) and not is_hand(i)]
    for item in ordered:
        c.compile(item, T.Item)
    if len(c.pieces.names) == 1:
        # as in Ludii, a game that declares no piece has a "Ball" for each player
        for p in range(1, c.num_players + 1):
            c.pieces.add("Ball", p)


@ludeme("rules", T.Rules, lazy=True)
def rules(c: CompileContext, meta: T.Meta = None, start: T.Effect = None,
          play: (T.Phase, T.ListOf(T.Phase)) = None, end: T.ListOf(T.EndRule) = None, *, phases: T.ListOf(T.Phase) = None,
          heuristics: T.ListOf(T.Heuristic) = None):
    """The rules: optional meta rules (``(meta (noRepeat))``), an optional start
    position, the play (one ``(play ...)`` or a list of ``(phase ...)``), and the end
    rules, checked in order after every move.
    ``heuristics:{(heuristic ...) ...}`` tells search agents how to judge a position."""
    g = c.game
    if meta is not None:
        for rule in c.compile(meta, T.Meta):
            rule(g)
    if start is not None:
        g.start.append(c.compile(start, T.Effect).fn)
    plays = phases if phases is not None else play
    if plays is None:
        c.fail("the rules have no (play ...) and no phases")
    compiled = c.compile(plays, T.ListOf(T.Phase))
    ends = getattr(c, "phase_ends", {})
    phase_ends = [ends.get(id(ph)) for ph in compiled]
    g.phases.extend(_resolve_next_phases(c, compiled, plays))
    g.uses_next_phase = any(ph.next_phase or ph.owner is not None for ph in g.phases)
    if any(phase_ends):
        g.end_rules.append(_phase_end_rules(phase_ends))
    if end is not None:
        for rule in c.compile(end, T.ListOf(T.EndRule)):
            g.end_rules.append(rule)
    if end is not None or any(phase_ends):
        # (a description without any end rule, which Ludii does not take, still ends in
        # a draw when everybody passed)
        g.ends_in_phase = tuple(end is not None or e is not None for e in phase_ends)
    if heuristics is not None:
        g.heuristics.extend(c.compile(heuristics, T.ListOf(T.Heuristic)))


def _phase_end_rules(ends: list):
    """One end rule for the end rules of phases: those of the phase of the player who
    just moved (Ludii's ``currentPhase(mover)``), checked before the game's own."""
    def rule(s):
        phases = s.player_phase
        current = ends[phases[s.who] if phases is not None else s.phase]
        return current(s) if current is not None else None

    return rule


def _resolve_next_phases(c: CompileContext, phases: list[Phase], node) -> list[Phase]:
    """The phases with the names their ``(nextPhase ...)`` rules go to made indices."""
    from dataclasses import replace

    from ludeme.errors import suggest

    names = [ph.name for ph in phases]
    out = []
    for ph in phases:
        rules = []
        for who, cond, target in ph.next_phase:
            if target is not None:
                if target not in names:
                    c.fail(f"(nextPhase ...) goes to phase '{target}', which is not declared",
                           suggest(target, names), node=node)
                target = names.index(target)
            rules.append((who, cond, target))
        out.append(replace(ph, next_phase=tuple(rules)))
    return out


@ludeme("start", T.Effect)
def start(c: CompileContext, *effects: T.Effect):
    """Effects applied once to the empty board to make the starting position."""
    return sequence_effects(effects)


@ludeme("play", T.Phase)
def play(c: CompileContext, moves: T.Moves, *, skipStuck: T.Bool = False):
    """The moves of the game when it has one phase. As in Ludii, a player with no legal
    move passes (ludeme inserts the pass), and once every player has passed in a row the
    game ends in a draw, unless an end rule (``(no Moves Next)``) decides first. With
    ``skipStuck:True`` (this engine's) a player with no legal move is passed over
    without a move."""
    from ludeme.compile.piecemoves import reach_of

    return Phase("Play", moves.gen, None, skipStuck, reaches=reach_of(moves))


@ludeme("phase", T.Phase, lazy=True,
        ludii="order: and skipStuck: are this engine's; Ludii's mode argument is not "
              "supported.")
def phase(c: CompileContext, name: T.Str, role: T.Role = None, play: T.Phase = None,
          end: T.EndRule = None,
          nextPhase: (T.NextPhase, T.ListOf(T.NextPhase)) = None, *,
          order: T.ListOf(T.Role) = None, skipStuck: T.Bool = False):
    """A phase of play. As in Ludii, it lasts until one of its ``(nextPhase ...)`` rules
    (one, or a list ``{...}``) moves a player on: ``(phase "Placement" (play ...)
    (nextPhase Mover (<cond>) "Movement"))``. Phases are then per player, as in Ludii:
    each player plays the moves of its own current phase.

    With ``order:{P1 P2 P2 P1}`` (this engine's) it lasts exactly that many moves, made
    by those players in that order, and every player goes on to the next phase; without,
    players take turns in cycle (starting with the player after the previous phase's
    last mover) until the game ends or a ``(nextPhase ...)`` applies.

    A role after the name makes it one player's phase (``(phase "Placement" P1 ...)``,
    Ludii's owner): each player starts in the first phase that is its own or every
    player's (``Shared``, or no role).

    An ``(end ...)`` after the play holds end rules of this phase alone: as in Ludii,
    after each move they are checked first, when the player who moved is in this phase,
    then the game's own.
    """
    if play is None:
        c.fail(f"(phase {name.value!r} ...) needs its (play ...)")
    owner = None
    if role is not None:
        r = c.compile(role, T.Role)
        if r.name != "Shared":
            if r.const is None:
                c.fail("a phase belongs to one player (P1, P2, ...) or to every player "
                       "(Shared)", node=role)
            owner = r.const
    ph = c.compile(play, T.Phase)
    rules = c.compile(nextPhase, T.ListOf(T.NextPhase)) if nextPhase is not None else []
    seq = None
    if order is not None:
        roles = c.compile(order, T.ListOf(T.Role))
        if any(r.const is None for r in roles):
            c.fail("a phase order names players: P1, P2, ...", node=order)
        seq = tuple(r.const for r in roles)
    skip = skipStuck.value if isinstance(skipStuck, Lit) else bool(skipStuck)
    made = Phase(name.value, ph.generate, seq, skip or ph.skip_stuck, tuple(rules), owner,
                 reaches=ph.reaches)
    if end is not None:
        # kept beside the phase (by identity) until (rules ...) joins the end rules
        c.phase_ends = getattr(c, "phase_ends", {})
        c.phase_ends[id(made)] = c.compile(end, T.EndRule)
    return made


@ludeme("end", T.EndRule)
def end(c: CompileContext, *rules: T.EndRule):
    """End rules, checked in order after every move.

    As in Ludii, every rule is checked and each result applies to its player while
    that player is still in the game: a player who wins or loses takes the next rank
    and leaves the game; with three or more players the others play on until one (or
    none) is left (``ludeme.runtime.standing``). In a one-player game the first rule
    that applies decides."""
    fns = [r for r in rules]
    if c.num_players > 1:
        return _end_ranking(fns)
    parts = [getattr(f, "parts", None) for f in fns]
    if all(p is not None for p in parts):
        pairs = tuple(parts)  # (condition, result) of each (if ...): one call less per rule

        def check_pairs(s):
            for test, res in pairs:
                if test(s):
                    return res(s)
            return None

        if len(pairs) == 1:
            # the one rule's test and result (see ``_end_ranking``'s ``check_one``)
            check_pairs.test_then = pairs[0]
        return check_pairs

    def check(s):
        for f in fns:
            out = f(s)
            if out is not None:
                return out
        return None

    return check


@ludeme("if", T.EndRule)
def end_if(c: CompileContext, cond: T.Cond, result: T.Result):
    """An end rule: when ``cond`` holds after a move, the game ends with ``result``.

    In end rules ``Mover`` is the player who just moved and ``Next`` the player to move.
    """
    test, res = cond.fn, result.fn

    def rule(s):
        return res(s) if test(s) else None

    rule.parts = (test, res)  # lets (end ...) test the condition itself
    return rule


def _end_ranking(fns: list):
    """Ludii's end rules in a game of two or more players: every rule is checked and
    each result (an ``apply(state, decided)`` there) is applied in turn; the returns
    once the game is over. (With two players the first result ends the game, but a
    second one still applies: when both players make a line on the same move, Ludii
    ranks the second winner third.)"""
    parts = [getattr(f, "parts", None) for f in fns]
    if all(p is not None for p in parts):
        pairs = tuple(parts)  # (condition, result) of each (if ...): one call less per rule

        def check_pairs(s, first=0):
            # every rule in turn (from the rule ``first`` on, when the ones before it
            # are known to fail: see ``endchecks``)
            decided = 0
            for test, res in pairs[first:] if first else pairs:
                if test(s):
                    apply = res(s)
                    if apply is not None and apply(s, decided):
                        decided += 1
            if decided or s.standing is not None:
                st = s.standing
                return returns_of(s) if st is not None and st.over else None
            return None

        if len(pairs) == 1:
            (test, res), = pairs

            def decided(s):
                # the rule's test holds: its result applies; the game is over when the
                # standing says so
                apply = res(s)
                if apply is not None:
                    apply(s, 0)
                st = s.standing
                return returns_of(s) if st is not None and st.over else None

            def check_one(s):
                # check_pairs with one rule (with or without this rule's result, the game
                # is over when the standing says so)
                if test(s):
                    return decided(s)
                st = s.standing
                return returns_of(s) if st is not None and st.over else None

            # ``(test, decided)``: the result is ``decided(s)`` when ``test(s)`` holds,
            # else None (the standing is over only once the game is over), so that a
            # turn may ask the test itself (``Game.plain_turns``)
            check_one.test_then = (test, decided)
            return check_one

        from ludeme.compile.endchecks import inlined_checks

        return inlined_checks(pairs, check_pairs, returns_of) or check_pairs

    def check_all(s):
        decided = 0
        for f in fns:
            apply = f(s)
            if apply is not None and apply(s, decided):
                decided += 1
        st = s.standing
        return returns_of(s) if st is not None and st.over else None

    return check_all


@ludeme("if", T.EndRule)
def end_if_nested(c: CompileContext, cond: T.Cond,
                  rules: (T.EndRule, T.ListOf(T.EndRule)), result: T.Result = None):
    """End rules asked only when ``cond`` holds: the first of ``rules`` that applies
    decides; when none does, ``result`` (if given) does. As in Ludii: ``(if (no Moves
    Mover) {(if (no Moves Next) (result Mover Draw)) (if (is Mover P1) (byScore
    ...))})``."""
    test = cond.fn
    subs = [rules] if callable(rules) else list(rules)
    res = result.fn if result is not None else None

    def rule(s):
        if not test(s):
            return None
        for sub in subs:
            out = sub(s)
            if out is not None:
                return out
        return res(s) if res is not None else None

    return rule


@ludeme("result", T.Result)
def result(c: CompileContext, who: T.Role, outcome: T.Outcome):
    """The game ends with ``outcome`` (Win, Loss or Draw) for ``who`` (every player of
    a team for ``Team1``, ...); with two players the other gets the opposite.

    With three or more players the game goes on, as in Ludii: the player takes the
    next free rank (the best for a win, the worst for a loss) and leaves the game; it
    is over once one player is left (ranked after the winners, before the losers) or
    none. ``(result All Win)`` ranks every player without a rank first; a draw ranks
    them all equal. A team's win ranks its players together."""
    if c.num_players > 1:
        return _ranked_result(c, who, outcome)
    # one player (a puzzle): a win is 1; a loss, or a draw, -1 (as Ludii rates rank 0)
    vec = (0.0, 1.0 if outcome == "Win" else -1.0)

    def out(s):
        return vec

    return ResultV(out)


def _ranked_result(c: CompileContext, who, outcome: str) -> ResultV:
    """``(result ...)`` in a game of 3+ players: ``apply(state, decided)`` applies it to
    the state's standing when its player is still in the game (``All`` always), and
    says whether it did."""
    n = c.num_players
    if who.name.startswith("Team"):
        return _team_result(c, who, outcome)
    if who.name == "All":
        def apply_all(s, decided):
            apply_result(s, n + 1, outcome, decided)
            return True

        return ResultV(lambda s: apply_all)
    if who.name == "Enemy":
        # Ludii's result names one player: Enemy names none, so it never applies
        return ResultV(lambda s: None)
    fn = who.fn

    def apply(s, decided):
        p = fn(s)
        if not 1 <= p <= n or s.inactive >> (p - 1) & 1:
            return False
        apply_result(s, p, outcome, decided)
        return True

    return ResultV(lambda s: apply)


def _team_result(c: CompileContext, who, outcome: str) -> ResultV:
    """A team's result in a game of 3+ players, as Ludii's: a win ranks the team's
    players together at the best free rank and takes them out; when one team is left
    it is ranked after them and the game is over. A team's loss or draw does nothing
    in Ludii."""
    n = c.num_players
    members = who.many
    team_of = [0] * (n + 1)
    for t, players in c.teams.items():
        for p in players:
            team_of[p] = t

    def apply(s, decided):
        if outcome != "Win":
            return True
        team = members(s)
        st = s.standing or Standing((0.0,) * (n + 1))
        rank = list(st.rank)
        for p in team:
            s.inactive |= 1 << (p - 1)
        r = next(r for r in range(1, n + 1) if float(r) not in rank[1:])
        for p in team:
            rank[p] = float(r)
        left = [p for p in range(1, n + 1) if not s.inactive >> (p - 1) & 1]
        over = not left
        if left and len({team_of[p] for p in left}) == 1:
            for p in left:
                rank[p] = float(r + len(team))
            over = True
        s.standing = Standing(tuple(rank), st.winners + len(team), over)
        return True

    return ResultV(lambda s: apply)


@ludeme("score", T.Score)
def score_entry(c: CompileContext, who: T.Role, value: T.IntFn):
    """A player's final score, for ``(byScore {(score P1 <int>) (score P2 <int>)})``."""
    if who.const is None or who.const < 1:
        c.fail("(score <player> <int>) scores one player: P1, P2, ...")
    return (who.const, value.fn)


@ludeme("byScore", T.Result)
def by_score(c: CompileContext, scores: T.ListOf(T.Score) = None, *, tieBreak: T.Result = None):
    """The players with the highest score win (they share the win); everybody else loses.
    With a tie, ``tieBreak:`` decides instead when given; a tie without one is shared
    by the tied players (with two players, an equal score is a draw).

    The scores are the players' ``score`` counters, or, as in Ludii, worked out when
    the game ends from a list with one entry per player:
    ``(byScore {(score P1 (count Pieces P1)) (score P2 (count Pieces P2))})``. A
    ``tieBreak:`` may itself be a ``byScore`` with its own list (a second score)."""
    g = c.game
    n = c.num_players
    tb = tieBreak.fn if tieBreak is not None else None
    final = g.final_scores
    if scores is not None:
        fns = [None] * (n + 1)
        for p, fn in scores:
            if p > n:
                c.fail(f"P{p} does not exist in a {n}-player game")
            if fns[p] is not None:
                c.fail(f"P{p} is scored twice")
            fns[p] = fn
        missing = [f"P{p}" for p in range(1, n + 1) if fns[p] is None]
        if missing:
            c.fail(f"(byScore {{...}}) gives no score for {', '.join(missing)}")
        table = tuple(fns[1:])

        def final(s):
            return [f(s) for f in table]

        # the outermost byScore is compiled last (arguments first), so the game's scores
        # are its own, not a tie-breaker's
        g.score_fn = lambda s, p: table[p - 1](s)

    if n > 1:
        def rank_all(s, decided):
            scores = final(s)
            best = max(scores)
            if tb is not None and scores.count(best) > 1:
                return tb(s)(s, decided)
            _rank_by_score(s, scores)
            return False  # as in Ludii, a ranking by score is not a player's result

        return ResultV(lambda s: rank_all)

    def out(s):
        scores = final(s)
        best = max(scores)
        winners = [p for p, v in enumerate(scores, start=1) if v == best]
        if len(winners) > 1 and tb is not None:
            return tb(s)
        if len(winners) == n == 2:
            return g.draw
        return g.outcome_from_ranking(winners)

    return ResultV(out)


def _rank_by_score(s, scores: list[int]) -> None:
    """Ludii's ``(byScore)`` with 3+ players: everyone leaves the game, ranked by score
    from the best free rank down; players with equal scores share their ranks."""
    n = s.game.num_players
    st = s.standing or Standing((0.0,) * (n + 1))
    rank = list(st.rank)
    s.inactive = (1 << n) - 1
    left = dict(enumerate(scores, start=1))
    while left:
        best = max(left.values())
        tied = [p for p, v in left.items() if v == best]
        first = next_win_rank(tuple(rank))
        for p in tied:
            rank[p] = (first * 2.0 + len(tied) - 1.0) / 2.0
            del left[p]
    s.standing = Standing(tuple(rank), st.winners, True)


@ludeme("no Moves", T.Cond)
def no_moves(c: CompileContext, who: T.Role):
    """Whether a player is stalemated: Ludii's per-player flag, which the state keeps.
    ``(no Moves Next)`` works it out for the player to move: set when that player has
    no legal move of its own (the only move it would get is the pass Ludii inserts for
    a stuck player), asked with the player who has just moved as the previous one.
    ``(no Moves Mover)``, ``(no Moves P2)``, ... read the flag as it stands: a player's
    flag is set when it passes having no legal move, cleared when it makes any other
    move, and set or cleared whenever ``(no Moves Next)`` asks about it (a later end
    rule sees what an earlier one found). Ludii: ``(no Moves <roleType>)``."""
    g = c.game
    if who.many is not None:
        c.fail("(no Moves ...) asks about one player: Mover, Next, Prev, P1, P2, ...")
    if who.name != "Next":
        player = who.fn

        def flag(s):
            p = player(s)  # 0 for Prev before the first move: nobody
            return p > 0 and bool(s.stalemated >> (p - 1) & 1)

        return CondV(flag)
    stuck = g.stuck
    zm = g.zobrist_mover
    computing = [False]  # as in Ludii, a (no Moves Next) asked while one is worked out fails

    auto_pass = g.auto_pass_move
    next_of = g.next_of
    # the phase's generator when it is marked ``mover_only`` (``MOVER_ONLY``), found at
    # its first general listing (a game with such a generator in more than one phase
    # takes the general path for the others)
    mover_only = [None]

    def no_moves_next(s):
        if computing[0]:
            return False
        p = s.nxt
        if LEAN_NO_MOVES and s.mover == p and s.dice is None and s.outcome is None and \
                s.positions is None and g.swap_ply < 0:
            # asked once the turn has passed (as end rules ask), no dice, no swap rule, no
            # positions barred: the moves kept, or State.legal_moves' listing in the next
            # player's context written out, without Game.stuck's and their calls
            moves = s._moves
            if moves is None and MOVER_ONLY and \
                    (gen := g.phases[s.phase].generate) is mover_only[0]:
                who = s.who
                s.who = p
                moves = s._moves = gen(s) or [auto_pass]
                s.who = who
            if moves is None:
                gen = g.phases[s.phase].generate
                if mover_only[0] is None and MOVER_ONLY and getattr(gen, "mover_only", False):
                    mover_only[0] = gen  # the generator found marked, once
                who = s.who
                old = s.prev_mover
                s.prev_mover = who
                computing[0] = True
                try:
                    s.who = p
                    s.nxt = next_of[p] if not s.inactive else next_active(s, p)
                    moves = s._moves = gen(s) or [auto_pass]
                finally:
                    computing[0] = False
                    s.prev_mover = old
                    s.who = who
                    s.nxt = p
            if moves and moves[0] is not auto_pass:
                if s.stalemated:
                    s.stalemated &= ~(1 << (p - 1))
                return False
            s.stalemated |= 1 << (p - 1)
            return True
        # as Ludii's (no Moves Next): the player to move is asked with the player who
        # has just moved as the previous one (so (is Prev Mover) means a move again)
        old = s.prev_mover
        s.prev_mover = s.who
        mover = s.mover
        if mover != p:
            # asked before the turn passes (in (do ... ifAfterwards:)): that player is
            # made the mover for the question, in its own phase, as Ludii does (once
            # the turn has passed, as end rules ask, there is nothing to swap)
            moves, phase = s._moves, s.phase
            s.mover, s._moves = p, None
            s.hash ^= zm[mover] ^ zm[p]
            if s.player_phase is not None:
                s.phase = s.player_phase[p]
        computing[0] = True
        try:
            none = stuck(s)
        finally:
            computing[0] = False
            s.prev_mover = old
            if mover != p:
                s.hash ^= zm[mover] ^ zm[p]
                s.mover, s._moves, s.phase = mover, moves, phase
        bit = 1 << (p - 1)
        s.stalemated = s.stalemated | bit if none else s.stalemated & ~bit
        return none

    # ``Game.plain_turns`` lists the next player's moves in the turn, as this test
    # would, and asks the test only when they are none (it then reads the moves kept):
    # it sets this flag while it lists, as the test does
    no_moves_next.lists_next = computing
    if not WRITTEN_NO_MOVES:
        return CondV(no_moves_next)
    write = no_moves_next.inline_test = _no_moves_written(g, computing, mover_only,
                                                          no_moves_next)
    # (only where a phase's listing is marked: elsewhere the lines would only call the
    # closure, one frame more; the phases are compiled before the top-level end rules)
    if WRITTEN_NO_MOVES_CALLED and any(getattr(ph.generate, "mover_only", False)
                                       for ph in g.phases):
        return CondV(_written_function(write, no_moves_next))
    return CondV(no_moves_next)


def _written_function(write: Callable, general: Callable) -> Callable:
    """A generated function made of a written test's lines (``write(code, indent,
    name)``, e.g. ``_no_moves_written``'s), for callers that call the test: it keeps
    ``general``'s marks (``lists_next``) and offers the same lines (``inline_test``)."""
    code = Code()
    name = code.fresh("t")
    lines = ["def test(s):", *write(code, "    ", name), f"    return {name}"]
    exec(compile("\n".join(lines), "<ludeme written test>", "exec"), code.ns)  # noqa: S102
    fn = code.ns["test"]
    fn.lists_next = general.lists_next
    fn.inline_test = write
    return fn


def _no_moves_written(g, computing: list, mover_only: list, general) -> Callable:
    """``write(code, indent, name, known=frozenset())``: the lines of ``no_moves_next``'s
    lean path with a generator marked ``mover_only`` (found, only then, by its first
    general listing), setting ``name``; any other case calls it
    (``compile.endchecks.WRITTEN_TESTS``). ``known`` (``endchecks.TURN_KNOWS``): where
    ``s.nxt`` is known to be the mover and ``s.who`` the local ``who``, those are not
    read; and where the game has one phase whose generator is marked, that generator is
    called as it stands while the phase has it (not the marked one found by a first
    general listing: a listing of the mover alone, the same moves; the turn is written
    once every phase is compiled)."""
    auto_pass = g.auto_pass_move

    def write(code, indent: str, name: str, known: frozenset = frozenset()) -> list[str]:
        p, gen, who, moves = (code.fresh(x) for x in ("p", "gen", "who", "moves"))
        g_, comp, mo = code.value(g), code.value(computing), code.value(mover_only)
        ap, fn = code.value(auto_pass), code.value(general)
        i2, i3 = indent + "    ", indent + "        "
        # a game without dice, barred positions or swap rule (all known once the meta
        # rules and the equipment are compiled, before the end rules) never has them on
        # a state: those tests left out
        fixed = "" if g.dice is None and not g.no_repeat and g.swap_ply < 0 else \
            f"s.dice is None and s.positions is None and {g_}.swap_ply < 0 and "
        head = "" if "moves_none" in known else "s._moves is None and "
        if "nxt_mover" not in known:
            lines = [f"{indent}{p} = s.nxt"]
            head += f"s.mover == {p} and "
        else:
            lines, p = [], "s.mover"   # (read on the rare paths only)
        phases = g.phases
        if known and len(phases) == 1 and getattr(phases[0].generate, "mover_only", False):
            # (the phase's generator as it stands when the turn is written, while the
            # phase still has it)
            call = code.value(phases[0].generate)
            look = f" and {code.value(phases[0])}.generate is {call}"
        else:
            call = gen
            look = f" and ({gen} := {g_}.phases[s.phase].generate) is {mo}[0]"
        if "who" in known:
            save, back = [], f"{i2}s.who = who"
        else:
            save, back = [f"{i2}{who} = s.who"], f"{i2}s.who = {who}"
        return [
            *lines,
            f"{indent}if {head}not {comp}[0]{'' if 'outcome_none' in known else ' and s.outcome is None'}"
            f"{' and ' if fixed else ''}{fixed.removesuffix(' and ')}{look}:",
            *save,
            f"{i2}s.who = {p}",
            f"{i2}{moves} = s._moves = {call}(s) or [{ap}]",
            back,
            f"{i2}if {moves}[0] is not {ap}:",
            f"{i3}if s.stalemated:",
            f"{i3}    s.stalemated &= ~(1 << ({p} - 1))",
            f"{i3}{name} = False",
            f"{i2}else:",
            f"{i3}s.stalemated |= 1 << ({p} - 1)",
            f"{i3}{name} = True",
            f"{indent}else:",
            f"{i2}{name} = {fn}(s)",
        ]

    return write
