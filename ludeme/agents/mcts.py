"""Monte Carlo tree search (UCT) for any number of players, playing to a clock or to an
iteration budget.

Each node keeps the summed returns of the player who made the move leading to it, so
selection at a node maximises the value for whoever is to move there; that is all it
takes to handle 1 to n players and turn orders that do not simply alternate.

On top of plain UCT with random playouts (still available as the ``uct`` agent, the
baseline ``benchmarks/agent_strength.py --vs uct`` measures against):

* **tactics** at the root: a move that wins at once is played at once, and when an
  opponent could win with their next move, only moves after which they cannot are
  searched (when some exist);
* **tree reuse**: the subtree under the moves actually played since the last decision
  is kept, so the visits spent on the expected reply are not thrown away;
* **cut-offs**: a playout stops after ``cutoff`` moves and the position is judged by
  the heuristics the description declares (``heuristics:{...}``), or where it declares
  none, by material, mobility and score when those tell the root's moves apart (in a
  game where they cannot, playouts run to the end);
* **a prior at the root**: every move starts with a few visits worth the evaluation
  of the position it leads to (those heuristics, else material, mobility and score),
  so a short budget starts from a judged order rather than from chance.

Dice: chance nodes are in the tree. Where a move leads to a roll, the node splits
on the roll: each iteration samples one with the search's seeded generator (with the
dice's probabilities) and goes on below that roll's own node, so the moves tried
under a roll are the moves that roll allows. Playouts sample the rolls too. In a game
with dice the tree is not kept between moves and the root tactics are off (a win or
a loss in one depends on rolls still to come).

``progress`` (a callable taking a ``SearchProgress``) is called about ten times a
second while it thinks, for front ends to show what it is doing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludeme.agents.base import Agent, register_agent
from ludeme.errors import UsageError
from ludeme.runtime.move import Move
from ludeme.runtime.state import State

PROGRESS_EVERY = 0.1          # seconds between progress reports
FULL_CHECK_WORK = 2000        # replies tried in full for a loss in one, at most
TACTICS_SHARE = 0.25          # of a time budget, the most the root tactics may take
EVAL_STRETCH = 4.0            # how far the generic evaluation is stretched towards +-1
PRIOR_SHARE = 0.3             # of a time budget, the most judging the root's moves may take


class _Node:
    __slots__ = ("move", "player", "children", "untried", "visits", "value", "rolls")

    def __init__(self, move: Move | None, player: int):
        self.move = move
        self.player = player            # who played ``move`` (whose value ``value`` sums)
        self.children: list[_Node] = []
        self.untried: list[Move] | None = None
        self.visits = 0
        self.value = 0.0
        # at a chance node (a roll is due after ``move``): roll -> the node below it
        self.rolls: dict[tuple[int, ...], _Node] | None = None


@dataclass
class SearchProgress:
    """What a search has found so far, for a status line."""

    iterations: int              # iterations in this decision
    visits: int                  # visits of the root (more than iterations with reuse)
    seconds: float
    best: Move | None            # the most visited move so far
    value: float                 # its mean return for the mover, in [-1, 1]
    state: State
    work: str = ""               # what the search has done, when not iterations

    def text(self) -> str:
        best = self.state.move_to_string(self.best) if self.best is not None else "-"
        work = self.work or f"{self.iterations} iterations"
        return f"{work}, {self.seconds:.1f} s, best {best} ({self.value:+.2f})"


def wins_for(state: State, player: int) -> bool:
    return state.is_terminal() and state.returns()[player - 1] > 0


def _late(until: float | None, i: int) -> bool:
    return until is not None and i & 7 == 0 and time.perf_counter() >= until


def winning_move(state: State, until: float | None = None) -> Move | None:
    """A legal move after which the mover has won, if there is one (among the moves
    tried before ``until``, a ``time.perf_counter`` value)."""
    me = state.mover
    for i, m in enumerate(state.legal_moves()):
        if _late(until, i):
            return None
        if wins_for(state.child(m), me):
            return m
    return None


def _threats(state: State, until: float | None = None) -> dict[int, list[Move]]:
    """Per opponent, the moves that would win at once if it were their turn now (those
    found before ``until``)."""
    out: dict[int, list[Move]] = {}
    for p in range(1, state.game.num_players + 1):
        if p == state.mover:
            continue
        # the position with ``p`` to move (as alpha-beta's mobility asks it)
        turn = state.clone()
        turn.mover, turn.who, turn.nxt = p, p, state.game.next_of[p]
        turn._moves = None
        try:
            wins = [m for i, m in enumerate(turn.legal_moves())
                    if not _late(until, i) and wins_for(turn.child(m), p)]
        except Exception:       # a rule that cannot be asked out of turn: no threats known
            wins = []
        if wins:
            out[p] = wins
    return out


def safe_moves(state: State, moves: list[Move], deadline: float | None = None,
               work: int = FULL_CHECK_WORK) -> list[Move]:
    """The moves after which the next player cannot win with their next move, as far as
    the check got. First the opponents' threats (the moves that would win for them if
    it were their turn now) are tried after each move; then, while time (``deadline``)
    and ``work`` (replies tried) last, every reply of the moves still in, so a move
    that opens a new threat is also found. Empty when no move is safe."""
    me = state.mover
    threats = _threats(state, deadline)
    children: list[tuple[Move, State]] = []
    for i, m in enumerate(moves):
        if _late(deadline, i):
            return [mv for mv, _ in children] + list(moves[i:])    # the rest unchecked
        c = state.child(m)
        if c.is_terminal():
            if c.returns()[me - 1] >= 0:
                children.append((m, c))
            continue
        them = c.mover
        if them != me and any(r in c.legal_moves() and wins_for(c.child(r), them)
                              for r in threats.get(them, ())):
            continue
        children.append((m, c))
    safe = []
    for i, (m, c) in enumerate(children):
        them = c.mover
        if work <= 0 or (deadline is not None and time.perf_counter() >= deadline):
            safe.extend(mv for mv, _ in children[i:])     # out of budget: unchecked
            break
        if c.is_terminal() or them == me:
            safe.append(m)
            continue
        replies = c.legal_moves()
        work -= len(replies)
        if not any(wins_for(c.child(r), them) for r in replies):
            safe.append(m)
    return safe


@register_agent
class MCTSAgent(Agent):
    """UCT with root tactics, tree reuse and heuristic cut-offs. Parameters:
    ``iterations`` (default 1000) or ``seconds`` (a time budget, which wins when both are
    given), ``c`` the exploration constant (1.4), ``playout`` the most moves a playout
    may last before it counts as a draw (1000), ``tactics`` (1: play a win in one, avoid
    a loss in one), ``reuse`` (keep the tree between moves; default 1 with ``seconds``,
    0 with an iteration budget so that a record replays whatever was asked in between),
    ``cutoff`` (stop a playout after this many moves and judge it by the description's
    heuristics when it declares any, else by material, mobility and score when those
    told the root's moves apart; default 8, 0 for never), ``prior`` (the visits
    each root move starts with, worth the evaluation of where it leads: the
    description's heuristics, else material, mobility and score; default 3, 0 for
    none). Returns in [-1, 1] per player, as ``State.returns``."""

    name = "mcts"
    defaults: dict[str, int] = {"tactics": 1, "cutoff": 8, "prior": 3}

    def __init__(self, seed: int | None = None, iterations: int = 1000,
                 seconds: float | None = None, c: float = 1.4, playout: int = 1000,
                 tactics: int | None = None, reuse: int | None = None,
                 cutoff: int | None = None, prior: int | None = None, **params: Any):
        extra = {"tactics": tactics, "reuse": reuse, "cutoff": cutoff, "prior": prior}
        known = ["iterations", "seconds", "c", "playout", *self.defaults]
        if self.name == "mcts":
            known.append("reuse")
        for key, value in list(extra.items()):
            if value is not None and key not in known:
                params[key] = value
        if params:
            raise UsageError(f"{self.name} has no parameter '{next(iter(params))}'",
                             hint="parameters: " + ", ".join(known))
        if reuse is None:
            reuse = int(seconds is not None) if self.name == "mcts" else 0
        tactics = self.defaults.get("tactics", 0) if tactics is None else tactics
        cutoff = self.defaults.get("cutoff", 0) if cutoff is None else cutoff
        prior = self.defaults.get("prior", 0) if prior is None else prior
        # every parameter goes into the spec, so a record stays exact if defaults change
        given: dict[str, Any] = {"iterations": iterations, "c": c, "playout": playout}
        if seconds is not None:
            given["seconds"] = seconds
        if self.name == "mcts":
            given.update(tactics=tactics, reuse=reuse, cutoff=cutoff, prior=prior)
        super().__init__(seed, **given)
        if not isinstance(iterations, int) or iterations < 1:
            raise UsageError(f"{self.name}: iterations should be a whole number >= 1")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise UsageError(f"{self.name}: seconds should be a positive number")
        if not isinstance(c, int | float) or c < 0:
            raise UsageError(f"{self.name}: c should be a number >= 0")
        for key, value in (("tactics", tactics), ("reuse", reuse), ("cutoff", cutoff),
                           ("prior", prior), ("playout", playout)):
            if not isinstance(value, int) or value < 0:
                raise UsageError(f"{self.name}: {key} should be a whole number >= 0")
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.playout = int(playout)
        self.tactics = bool(tactics)
        self.reuse = bool(reuse)
        self.cutoff = int(cutoff)
        self.prior = int(prior)
        self.progress: Callable[[SearchProgress], None] | None = None
        self.last_root: _Node | None = None
        self.last_mean: list[float] = []
        self.last_iterations = 0         # iterations of the last search
        self.last_seconds = 0.0          # its own measure of the time it took
        # the tree kept for the next decision and the moves that led to its root
        self._kept: _Node | None = None
        self._kept_history: list[Move] = []
        # whether the generic evaluation has told moves apart in this game (it judges
        # cut-off playouts from then on)
        self._evaluation_discriminates = False

    # -- the tree kept between moves ---------------------------------------------------
    def _reused_root(self, state: State) -> _Node | None:
        """The kept subtree for ``state``, when ``state`` follows the kept root's position
        by moves the tree has seen."""
        node, seen = self._kept, self._kept_history
        if state.dice is not None:
            return None         # the rolls since are not in the history: start afresh
        if node is None or len(state.history) < len(seen) or state.history[:len(seen)] != seen:
            return None
        for move in state.history[len(seen):]:
            node = next((ch for ch in node.children if ch.move == move), None)
            if node is None:
                return None
        return node

    def forget(self) -> None:
        """Drop the kept tree."""
        self._kept = None
        self._kept_history = []

    # -- the search --------------------------------------------------------------------
    def search(self, state: State, keep: bool = False) -> _Node:
        """Grow a tree from ``state`` within the budget and return its root; with
        ``keep`` (and ``reuse``) it starts from the kept tree and is kept for the next
        decision."""
        started = time.perf_counter()
        deadline = started + self.seconds if self.seconds is not None else None
        root = self._reused_root(state) if keep and self.reuse else None
        if root is None:
            root = _Node(None, 0)
        root.move = None
        if self.tactics and not state.is_terminal() and state.dice is None:
            self._root_tactics(state, root, deadline)
        if self.prior and not state.is_terminal():
            self._root_prior(state, root, started, deadline)
        self._grow(state, root, started, deadline)
        if keep and self.reuse:
            self._kept, self._kept_history = root, list(state.history)
        self.last_seconds = time.perf_counter() - started
        return root

    def _root_tactics(self, state: State, root: _Node, deadline: float | None) -> None:
        """Restrict the root to a win in one, else to the moves that do not lose in one."""
        moves = list(state.legal_moves())
        if len(moves) < 2:
            return
        # a share of the budget from now: what is not checked by then is left to search
        until = time.perf_counter() + TACTICS_SHARE * self.seconds if deadline is not None \
            else None
        win = winning_move(state, until)
        keep = [win] if win is not None else safe_moves(state, moves, until)
        if not keep or len(keep) == len(moves):
            return
        allowed = set(keep)
        root.children = [ch for ch in root.children if ch.move in allowed]
        tried = {ch.move for ch in root.children}
        root.untried = [m for m in keep if m not in tried]
        # the root's statistics described the whole tree; start them from the kept part
        root.visits = sum(ch.visits for ch in root.children)

    def _root_prior(self, state: State, root: _Node, started: float,
                    deadline: float | None) -> None:
        """Expand every untried root move at once, each with ``prior`` visits worth the
        evaluation of the position it leads to (the description's heuristics, else
        material, mobility and score): with few iterations per move the search then
        starts from the evaluation's order instead of from chance."""
        from ludeme.agents.alphabeta import generic_evaluation

        if root.untried is None:
            root.untried = list(state.legal_moves())
        if not root.untried:
            return
        # its own share of the budget, from now (the tactics may have taken theirs)
        until = time.perf_counter() + PRIOR_SHARE * self.seconds if deadline is not None \
            else None
        me = state.mover
        k = self.prior
        left: list[Move] = []
        judged: list[tuple[Move, float]] = []
        for i, move in enumerate(root.untried):
            if until is not None and time.perf_counter() >= until:
                left = root.untried[i:]
                break
            after = state.child(move)
            judged.append((move, after.returns()[me - 1] if after.is_terminal()
                           else generic_evaluation(after, me)))
        # the evaluation orders the moves; its scale says little (a small material or
        # mobility edge can decide a game), so the values are spread over [-0.5, 0.5]
        values = [v for _, v in judged]
        low, high = (min(values), max(values)) if values else (0.0, 0.0)
        if judged:
            self._evaluation_discriminates = high > low
        if high <= low:
            return          # the evaluation cannot tell these moves apart: no prior
        for move, value in judged:
            child = _Node(move, me)
            spread = (value - (low + high) / 2) / (high - low) if high > low else 0.0
            child.visits = k
            child.value = k * spread
            root.children.append(child)
            root.visits += k
        root.untried = left

    def _grow(self, state: State, root: _Node, started: float, deadline: float | None) -> None:
        game = state.game
        n_players = game.num_players
        totals = [0.0] * n_players
        rng = self.rng
        randrange = rng.randrange
        c = self.c
        log = math.log
        sqrt = math.sqrt
        limit = self.playout
        # playouts are cut short and judged where there is something to judge them by:
        # the description's heuristics, else the generic evaluation when it told the
        # root's moves apart (in a game where it cannot, random playouts to the end)
        judge = None
        if self.cutoff and game.heuristics:
            judge = _heuristic_judge(game.heuristics)
        elif self.cutoff and self._evaluation_discriminates:
            judge = _generic_judge
        if judge is not None:
            limit = min(limit, self.cutoff)
        budget = self.iterations if deadline is None else 1 << 62
        progress = self.progress
        perf_counter = time.perf_counter
        next_report = started + PROGRESS_EVERY
        done = 0
        while done < budget:
            # the clock is read every iteration: a playout costs far more than reading it,
            # and a budget is then overrun by one iteration at most
            if done and (deadline is not None or progress is not None):
                now = perf_counter()
                if deadline is not None and now >= deadline:
                    break
                if progress is not None and now >= next_report:
                    next_report = now + PROGRESS_EVERY
                    progress(self._progress(state, root, done, now - started))
            done += 1
            s = state.clone()
            node = root
            path = [root]
            # selection: descend while every move here has been tried
            while True:
                if s.dice is not None and s.is_chance_node():
                    # a roll: sampled, then on below that roll's own node
                    roll = s.sample_chance(rng)
                    if node.rolls is None:
                        node.rolls = {}
                    below = node.rolls.get(roll)
                    if below is None:
                        below = node.rolls[roll] = _Node(None, 0)
                    node = below
                    path.append(node)
                    continue
                if node.untried is None:
                    node.untried = [] if s.is_terminal() else list(s.legal_moves())
                if node.untried or not node.children:
                    break
                lnv = log(node.visits)
                best = None
                best_u = -1e300
                for ch in node.children:
                    u = ch.value / ch.visits + c * sqrt(lnv / ch.visits)
                    if u > best_u:
                        best_u = u
                        best = ch
                node = best
                s.apply(node.move)
                path.append(node)
            # expansion: one untried move, chosen at random
            if node.untried:
                i = randrange(len(node.untried))
                move = node.untried[i]
                node.untried[i] = node.untried[-1]
                node.untried.pop()
                child = _Node(move, s.mover)
                node.children.append(child)
                s.apply(move)
                node = child
                path.append(node)
            # playout
            n = 0
            while n < limit:
                moves = s.legal_moves()
                if not moves:
                    if s.dice is not None and s.is_chance_node():
                        s.sample_chance(rng)
                        continue
                    break
                s.apply(moves[randrange(len(moves))])
                n += 1
            if s.is_terminal():
                r = s.returns()
            elif judge is not None:
                r = [judge(s, p) for p in range(1, n_players + 1)]
            else:
                r = [0.0] * n_players
            for p in range(n_players):
                totals[p] += r[p]
            for nd in path:
                nd.visits += 1
                if nd.player:
                    nd.value += r[nd.player - 1]
        self.last_root = root
        self.last_iterations = done
        self.last_mean = [t / max(done, 1) for t in totals]
        if progress is not None:
            progress(self._progress(state, root, done, perf_counter() - started))

    @staticmethod
    def _progress(state: State, root: _Node, done: int, seconds: float) -> SearchProgress:
        best = max(root.children, key=lambda ch: ch.visits, default=None)
        value = best.value / best.visits if best is not None and best.visits else 0.0
        return SearchProgress(done, root.visits, seconds, best.move if best else None, value,
                              state)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = self.search(state, keep=True)
        if not root.children:          # no time for a single iteration
            return root.untried[0] if root.untried else moves[0]
        # the most visited move; among equals (a short budget), the best valued
        best = max(root.children, key=lambda ch: (ch.visits, ch.value / max(ch.visits, 1)))
        return best.move

    def evaluate(self, state: State) -> float | None:
        return self.value_for(state, state.mover)

    def value_for(self, state: State, player: int) -> float:
        """The estimated return of ``player`` in ``state``: the best move's mean value when
        ``player`` is to move, else the mean over the search. It searches a tree of its
        own, within the same budget as a move, and leaves the kept tree alone."""
        if state.is_terminal():
            return state.returns()[player - 1]
        root = self.search(state)
        if player == state.mover and root.children:
            best = max(root.children, key=lambda ch: ch.visits)
            return best.value / max(best.visits, 1)
        return self.last_mean[player - 1]


def _heuristic_judge(heuristics: list) -> Callable[[State, int], float]:
    def judge(state: State, player: int) -> float:
        total = sum(w * fn(state, player) for fn, w in heuristics)
        return max(-0.99, min(0.99, total))

    return judge


def _generic_judge(state: State, player: int) -> float:
    from ludeme.agents.alphabeta import generic_evaluation

    # the generic evaluation is small (a few hundredths for a small edge in mobility);
    # stretched, an edge counts for about what a playout's result would
    return math.tanh(EVAL_STRETCH * generic_evaluation(state, player))


@register_agent
class UCTAgent(MCTSAgent):
    """Plain UCT with uniformly random playouts and a fresh tree every move (no tactics,
    no reuse, no cut-offs): the baseline the ``mcts`` agent is measured against.
    Parameters: ``iterations``, ``seconds``, ``c``, ``playout`` (as ``mcts``)."""

    name = "uct"
    defaults: dict[str, int] = {}
