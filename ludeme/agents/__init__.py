"""Agents: anything that picks a move for a state. ``make_agent("mcts:iterations=200", seed)``."""

from ludeme.agents.base import AGENTS, Agent, RandomAgent, make_agent, parse_spec, register_agent

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent", "parse_spec", "register_agent"]
