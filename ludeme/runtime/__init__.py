"""The runtime: a compiled Game and its States."""

from ludeme.runtime.game import Game, Phase
from ludeme.runtime.move import Move
from ludeme.runtime.state import State

__all__ = ["Game", "Move", "Phase", "State"]
