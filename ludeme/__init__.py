"""ludeme: a general game system. Game descriptions in Ludii's syntax, compiled to Python.

>>> import ludeme
>>> game = ludeme.load("tic-tac-toe")
>>> state = game.new_initial_state()
>>> len(state.legal_moves())
9
"""

from ludeme.api import compile_description, load, load_description, loads
from ludeme.errors import LudemeError, UsageError
from ludeme.runtime import Game, Move, State

__all__ = ["Game", "LudemeError", "Move", "State", "UsageError", "compile_description", "load",
           "load_description", "loads"]
__version__ = "0.1.0"
