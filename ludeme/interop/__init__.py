"""ludeme games for other tools: OpenSpiel games and PettingZoo environments.

``ludeme.interop.openspiel.load(game, options=...)`` and
``ludeme.interop.pettingzoo.env(game, options=...)`` need the optional extras
(``pip install "ludeme[openspiel,pettingzoo]"``). Both adapters share two things,
defined here once for every description:

**The action space** (``ActionSpace``). Every move a game's generators can ever produce
is interned in tables built when the description compiles (``Game.interned_moves``).
The adapters number those moves once, when the game loads: an action is a move's key
(kind, from-site, to-site, extra such as a rotation or a path's vertices) plus the kind
of piece when the piece does not come from a site (a placement), and actions are
numbered in sorted key order. Every legal move of every position therefore maps to a
fixed integer below ``num_distinct_actions()``; the same move is the same action for
every player (placing on ``b2`` is one action whoever places). Sites that no rule ever
uses still get their actions (they are never legal).

**The observation** (``Observation``). A float32 tensor of shape ``(planes, sites)``
over all the board's sites (cells, vertices and edges, in site order): one plane per
piece kind and owner (the game's piece names, ``Disc1``, ``Disc2``, ``King2``...),
holding 1 where such a piece stands, then one plane per player holding 1 everywhere
for the player to move (for the player who would move next once the game is over).
Pieces in hand, scores and which way a piece points are not in it. ``plane_names``
lists the planes in order.

**Game length**. OpenSpiel needs a bound on the length of a game; the adapters take
``max_game_length`` (default 1000 plies): a game that reaches it without ending is over,
drawn (OpenSpiel) or truncated (PettingZoo).
"""

from ludeme.interop.actions import ActionSpace
from ludeme.interop.observation import Observation

DEFAULT_MAX_GAME_LENGTH = 1000

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "ActionSpace", "Observation"]
