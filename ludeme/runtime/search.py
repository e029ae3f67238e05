"""Tree walks over the API: perft counts and uniformly random playouts."""

from __future__ import annotations

import random

from ludeme.runtime.state import State


def perft(state: State, depth: int) -> int:
    """Leaf positions at exactly ``depth`` plies (a game over before then counts 0)."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if state.outcome is not None:
        return 0
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        total += perft(state.child(m), depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by first move, keyed by the move's notation."""
    return {state.move_to_string(m): perft(state.child(m), depth - 1)
            for m in state.legal_moves()}


def random_playout(state: State, rng: random.Random, max_moves: int = 100_000) -> int:
    """Play uniformly random moves in place until the game ends; returns the moves played."""
    n = 0
    randrange = rng.randrange
    while n < max_moves:
        moves = state.legal_moves()
        if not moves:
            state.is_terminal()
            break
        state.apply(moves[randrange(len(moves))])
        n += 1
    return n
