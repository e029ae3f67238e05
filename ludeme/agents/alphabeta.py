"""Alpha-beta search with iterative deepening and a transposition table, for any game.

With more than two players the search is "paranoid": the agent's own turns maximise
its value and everybody else's turns minimise it, so the same code serves 1 to n
players and turn orders that do not alternate.

The evaluation is generic, computed from the description: the heuristics the game
declares (``Game.heuristics``: pairs of a function (state, player) -> value and a
weight) when it has any, otherwise material (pieces on the board and in hand, the
agent's against the strongest opponent's), mobility (legal move counts, likewise) and
score. A deterministic budget (``nodes``, ``depth``) keeps it reproducible for game
records; ``seconds`` makes it play to a clock instead.

Dice: at a chance node the search is expectimax: the value is the mean of every
roll's value weighted by its probability, each searched with a full window (no
pruning across a roll), and a roll does not count as a ply of depth.
"""

from __future__ import annotations

import time
from typing import Any

from ludeme.agents.base import Agent, register_agent
from ludeme.errors import UsageError
from ludeme.runtime.move import Move
from ludeme.runtime.state import State

EXACT, LOWER, UPPER = 0, 1, 2
WIN = 2.0          # a won terminal position is worth more than any evaluation (< 1)


class _OutOfBudget(Exception):
    pass


def moves_for(state: State, player: int) -> list[Move]:
    """The legal moves ``player`` would have if it were their turn in ``state``."""
    if state.mover == player:
        return state.legal_moves()
    s = state.clone()
    s.mover = player
    s.who = player
    s.nxt = state.game.next_of[player]
    s._moves = None
    return s.legal_moves()


def material(state: State) -> list[int]:
    """Pieces each player has on the board and in hand (index 0 unused)."""
    g = state.game
    owner = g.pieces.owner
    count = [0] * (g.num_players + 1)
    for p in state.what:
        if p:
            count[owner[p]] += 1
    for p in range(1, g.num_players + 1):
        count[p] += sum(state.hand[p])
    return count


def generic_evaluation(state: State, player: int) -> float:
    """Material, mobility and score of ``player`` against the best opponent, in (-1, 1)."""
    g = state.game
    n = g.num_players
    if g.heuristics:
        total = sum(w * fn(state, player) for fn, w in g.heuristics)
        return max(-0.99, min(0.99, total))
    if n == 1:
        return 0.0
    others = [p for p in range(1, n + 1) if p != player]
    mat = material(state)
    mine = mat[player]
    theirs = max(mat[p] for p in others)
    value = 0.5 * (mine - theirs) / max(mine + theirs, 1)
    mob_mine = len(moves_for(state, player))
    mob_theirs = max(len(moves_for(state, p)) for p in others)
    value += 0.2 * (mob_mine - mob_theirs) / max(mob_mine + mob_theirs, 1)
    scores = g.final_scores(state) if (g.score_fn is not None or any(state.score)) else None
    if scores:
        a = scores[player - 1]
        b = max(scores[p - 1] for p in others)
        value += 0.29 * (a - b) / max(abs(a) + abs(b), 1)
    return max(-0.99, min(0.99, value))


@register_agent
class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta. Parameters: ``depth`` (the deepest iteration,
    default 64), ``nodes`` (positions to visit before stopping, default 20000; the last
    finished iteration's move is played), ``seconds`` (a time budget instead; the
    choice then depends on the machine's speed)."""

    name = "alphabeta"

    def __init__(self, seed: int | None = None, depth: int = 64, nodes: int = 20000,
                 seconds: float | None = None, **params: Any):
        if params:
            raise UsageError(f"alphabeta has no parameter '{next(iter(params))}'",
                             hint="parameters: depth, nodes, seconds")
        given: dict[str, Any] = {"depth": depth, "nodes": nodes}
        if seconds is not None:
            given["seconds"] = seconds
        super().__init__(seed, **given)
        if not isinstance(depth, int) or depth < 1:
            raise UsageError("alphabeta: depth should be a whole number >= 1")
        if not isinstance(nodes, int) or nodes < 1:
            raise UsageError("alphabeta: nodes should be a whole number >= 1")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise UsageError("alphabeta: seconds should be a positive number")
        self.depth = depth
        self.nodes = nodes
        self.seconds = seconds
        self.tt: dict[tuple, tuple[int, int, float, Move | None, bool]] = {}
        self.visited = 0
        self.reached = 0
        self.last_value = 0.0
        # called with a SearchProgress after every finished iteration (a status line)
        self.progress = None

    # -- the search --------------------------------------------------------------------
    @staticmethod
    def _key(s: State) -> tuple:
        # the Zobrist hash covers pieces and the mover; the rest of the state is small
        return (s.hash, s.phase, s.order_pos, tuple(s.score), tuple(map(tuple, s.hand)),
                tuple(map(tuple, s.tally)))

    def _check_budget(self) -> None:
        if self.deadline is not None:
            if self.visited & 63 == 0 and time.perf_counter() >= self.deadline:
                raise _OutOfBudget
        elif self.visited > self.nodes:
            raise _OutOfBudget

    def _search(self, s: State, depth: int, ply: int, alpha: float, beta: float) -> float:
        self.visited += 1
        if self.limited:
            self._check_budget()
        if s.is_terminal():
            r = s.returns()[self.me - 1]
            return r * (WIN - ply * 1e-3) if r else 0.0
        if depth > 0 and s.dice is not None and s.is_chance_node():
            return self._expect(s, depth, ply)
        if depth == 0:
            self.horizon = True
            return generic_evaluation(s, self.me)
        key = self._key(s)
        entry = self.tt.get(key)
        first = None
        if entry is not None:
            e_depth, flag, value, first, e_horizon = entry
            if e_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                     or (flag == UPPER and value <= alpha)):
                self.horizon = self.horizon or e_horizon
                return value
        moves = s.legal_moves()
        if first is not None and first in moves:
            moves = [first] + [m for m in moves if m != first]
        maximise = s.mover == self.me
        a0, b0 = alpha, beta
        best_move = None
        # whether this subtree met the depth horizon, kept apart from the caller's flag
        outer, self.horizon = self.horizon, False
        if maximise:
            best = -1e9
            for m in moves:
                v = self._search(s.child(m), depth - 1, ply + 1, alpha, beta)
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = 1e9
            for m in moves:
                v = self._search(s.child(m), depth - 1, ply + 1, alpha, beta)
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.tt[key] = (depth, flag, best, best_move, self.horizon)
        self.horizon = outer or self.horizon
        return best

    def _expect(self, s: State, depth: int, ply: int) -> float:
        """The value of a chance node: every roll's value weighted by its probability."""
        total = 0.0
        for roll, p in s.chance_outcomes():
            c = s.clone()
            c.apply_chance(roll)
            total += p * self._search(c, depth, ply, -1e9, 1e9)
        return total

    def _root(self, state: State, depth: int, order: list[Move]) -> tuple[float, Move, list]:
        """One iteration at the root; returns (value, best move, moves by value)."""
        alpha = -1e9
        scored = []
        for m in order:
            v = self._search(state.child(m), depth - 1, 1, alpha, 1e9)
            scored.append((v, m))
            if v > alpha:
                alpha = v
        scored.sort(key=lambda vm: -vm[0])    # stable: earlier moves win ties
        return scored[0][0], scored[0][1], [m for _, m in scored]

    def search(self, state: State, player: int | None = None) -> tuple[float, Move | None]:
        """(value for ``player`` (default: the mover), best move if it is their turn)."""
        self.me = player or state.mover
        started = time.perf_counter()
        self.tt = {}          # fresh per decision: the choice depends on the position only
        self.visited = 0
        self.deadline = (time.perf_counter() + self.seconds) if self.seconds is not None \
            else None
        if state.is_terminal():
            return state.returns()[self.me - 1], None
        moves = list(state.legal_moves())
        if state.mover != self.me or state.is_chance_node():
            # judging someone else's turn (or a roll to come): search the position itself
            value = 0.0
            for d in range(1, self.depth + 1):
                self.limited = d > 1
                self.horizon = False
                try:
                    value = self._search(state, d, 0, -1e9, 1e9)
                except _OutOfBudget:
                    break
                self.reached = d
                if not self.horizon:      # the whole tree was searched
                    break
            self.last_value = value
            return value, None
        order = moves
        self.rng.shuffle(order)   # equal moves are then chosen by the seed, not board order
        value, best = 0.0, moves[0]
        self.reached = 0
        for d in range(1, self.depth + 1):
            self.limited = d > 1      # the first iteration always completes
            self.horizon = False
            try:
                value, best, order = self._root(state, d, order)
            except _OutOfBudget:
                break
            self.reached = d
            if self.progress is not None:
                from ludeme.agents.mcts import SearchProgress

                self.progress(SearchProgress(0, self.visited, time.perf_counter() - started,
                                             best, max(-1.0, min(1.0, value)), state,
                                             f"depth {d}, {self.visited} positions"))
            if abs(value) >= 1.0 or not self.horizon:
                break             # a forced result, or the whole tree was searched
        self.last_value = value
        return value, best

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.search(state)[1]

    def evaluate(self, state: State) -> float | None:
        return self.value_for(state, state.mover)

    def value_for(self, state: State, player: int) -> float:
        value = self.search(state, player)[0]
        return max(-1.0, min(1.0, value))
