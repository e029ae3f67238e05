"""Agents: anything that picks a move for a state. ``make_agent("mcts:iterations=200", seed)``."""

from ludeme.agents.base import (
    AGENTS,
    DEFAULT_SECONDS_PER_MOVE,
    Agent,
    RandomAgent,
    make_agent,
    parse_spec,
    register_agent,
    timed_spec,
)

__all__ = ["AGENTS", "DEFAULT_SECONDS_PER_MOVE", "Agent", "RandomAgent", "make_agent",
           "parse_spec", "register_agent", "timed_spec"]
