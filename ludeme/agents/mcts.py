"""Monte Carlo tree search (UCT) with uniformly random playouts, for any number of players.

Each node keeps the summed returns of the player who made the move leading to it, so
selection at a node maximises the value for whoever is to move there; that is all it
takes to handle 1 to n players and turn orders that do not simply alternate.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ludeme.agents.base import Agent, register_agent
from ludeme.errors import UsageError
from ludeme.runtime.move import Move
from ludeme.runtime.state import State


class _Node:
    __slots__ = ("move", "player", "children", "untried", "visits", "value")

    def __init__(self, move: Move | None, player: int):
        self.move = move
        self.player = player            # who played ``move`` (whose value ``value`` sums)
        self.children: list[_Node] = []
        self.untried: list[Move] | None = None
        self.visits = 0
        self.value = 0.0


@register_agent
class MCTSAgent(Agent):
    """UCT. Parameters: ``iterations`` (default 1000) or ``seconds`` (a time budget,
    which wins when both are given), ``c`` the exploration constant (default 1.4),
    ``playout`` the most moves a playout may last before it counts as a draw (1000).
    Returns in [-1, 1] per player, as ``State.returns``."""

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 1000,
                 seconds: float | None = None, c: float = 1.4, playout: int = 1000,
                 **params: Any):
        if params:
            raise UsageError(f"mcts has no parameter '{next(iter(params))}'",
                             hint="parameters: iterations, seconds, c, playout")
        # every parameter goes into the spec, so a record stays exact if defaults change
        given: dict[str, Any] = {"iterations": iterations, "c": c, "playout": playout}
        if seconds is not None:
            given["seconds"] = seconds
        super().__init__(seed, **given)
        if not isinstance(iterations, int) or iterations < 1:
            raise UsageError("mcts: iterations should be a whole number >= 1")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise UsageError("mcts: seconds should be a positive number")
        if not isinstance(c, int | float) or c < 0:
            raise UsageError("mcts: c should be a number >= 0")
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.playout = int(playout)
        self.last_root: _Node | None = None
        self.last_mean: list[float] = []

    # -- the search --------------------------------------------------------------------
    def search(self, state: State) -> _Node:
        """Grow a tree from ``state`` within the budget and return its root."""
        n_players = state.game.num_players
        root = _Node(None, 0)
        totals = [0.0] * n_players
        rng = self.rng
        randrange = rng.randrange
        c = self.c
        log = math.log
        sqrt = math.sqrt
        limit = self.playout
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        budget = self.iterations if deadline is None else 1 << 62
        done = 0
        while done < budget:
            if deadline is not None and done & 15 == 0 and done and time.perf_counter() >= deadline:
                break
            done += 1
            s = state.clone()
            node = root
            path = [root]
            # selection: descend while every move here has been tried
            while True:
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
                    break
                s.apply(moves[randrange(len(moves))])
                n += 1
            r = s.returns() if s.is_terminal() else [0.0] * n_players
            for p in range(n_players):
                totals[p] += r[p]
            for nd in path:
                nd.visits += 1
                if nd.player:
                    nd.value += r[nd.player - 1]
        self.last_root = root
        self.last_mean = [t / max(root.visits, 1) for t in totals]
        return root

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = self.search(state)
        best = max(root.children, key=lambda ch: ch.visits)
        return best.move

    def evaluate(self, state: State) -> float | None:
        return self.value_for(state, state.mover)

    def value_for(self, state: State, player: int) -> float:
        """The estimated return of ``player`` in ``state``: the best move's mean value when
        ``player`` is to move, else the mean over the search."""
        if state.is_terminal():
            return state.returns()[player - 1]
        root = self.search(state)
        if player == state.mover and root.children:
            best = max(root.children, key=lambda ch: ch.visits)
            return best.value / best.visits
        return self.last_mean[player - 1]
