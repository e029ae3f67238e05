"""ludeme games for other tools: OpenSpiel games and PettingZoo environments.

# Interop: OpenSpiel and PettingZoo

Any description (a bundled name or a `.lud` path) is an OpenSpiel game and a
PettingZoo environment. Install the extras: `pip install "ludeme[openspiel,pettingzoo]"`.

    from ludeme.interop import openspiel, pettingzoo
    game = openspiel.load("my-game.lud", options=["Board Size/7x7"])   # a pyspiel.Game
    env = pettingzoo.env("my-game.lud")                                # an AECEnv

## OpenSpiel

`openspiel.load(game, options=[...], ruleset=None, max_game_length=None)` registers the
description with `pyspiel.register_game` (OpenSpiel's Python games) under the short name
`python_ludeme_<name>` (`python_ludeme_tic_tac_toe`) and loads it. Every option category
is a string parameter named after it (`board_size=7x7`; an item that reads as a number
is quoted: `move_limit='400'`), besides `ruleset` and `max_game_length`. Once registered
(`openspiel.load` or `openspiel.register`), `pyspiel.load_game("python_ludeme_hex(board_size=9x9)")`
works too, and games and states pickle and serialize.

The game is sequential, deterministic, with perfect information; zero-sum with two
players (a win and a loss, or a draw), general-sum with more (every winner gets 1, every
other player -1); utilities from -1 to 1. Players are numbered from 0 (ludeme's P1 is
player 0). `action_to_string` is ludeme's move notation (`b2`, `Kd4-d6xd5`) and
`string_to_action` parses it, in any spelling ludeme accepts when called from Python.
Information states are action histories (OpenSpiel's observer for perfect-information
games), which is what CFR needs. No description has chance yet; the chance mode will
follow the runtime when it has chance nodes.

## PettingZoo

`pettingzoo.env(game, options=[...], ruleset=None, max_game_length=1000)` is an AEC
environment with PettingZoo's usual wrappers (an illegal action ends the game, -1 for
the agent that played it); `pettingzoo.raw_env(...)` is the bare one (faster; an
illegal action raises ValueError). Agents are `player_1` .. `player_n`; the agent to act
is the player to move, whatever the turn order. An observation is a dict:
`observation` (the tensor below, the same for every agent) and `action_mask` (int8, 1
for the legal actions of the agent to act, all 0 for the others). Rewards come when
the game ends: each agent's return (1 win, -1 loss, 0 draw). `render()` gives the text
diagram; `action_to_string`/`string_to_action` on the raw environment use the notation.

## Actions

Every move a game's generators can ever produce is interned: each generator keeps its
moves in a table from a key (sites, piece, extra) to the move, which lists every key the
generator can ever ask for (`ludeme.compile.movetable.MoveTable`, registered with the
game), so `Game.interned_moves()` has them all, even those of generators that make their
moves when first generated (a move from any site to any site). A copy of a move carrying
a combinator's consequences (`(or {...} (then ...))`) is the action of the move it
copies. The adapters number those moves once,
when the game loads: an action is a move's kind, from-site, to-site and extra (a
rotation, a path's vertices), with the kind of piece when the piece does not come from
a site (a placement); actions are numbered in that sorted order. So every legal move of
every position maps to a fixed integer below `num_distinct_actions()` (the size of the
`Discrete` action space), and the same move is the same action for every player
(placing on `b2` is one action whoever places; in tic-tac-toe action n is site n).
Sites no rule ever uses still get their actions; they are never legal.

## Observation

A float32 tensor of shape `(planes, sites)` over all the board's sites (cells, vertices
and edges, in site order, as `ludeme info` counts them). Its planes, in order:

- one per piece kind and owner, named as the game names its pieces (`Disc1`, `Disc2`,
  `Attacker1`, `Defender2`, `King2`): 1 on the sites holding such a piece;
- one per player (`to move: P1`, ...): all 1 for the player to move (once the game is
  over, the player who would move next), all 0 for the others;
- in a game with dice, for each die (in Ludii's order of the dice) one per face it can
  show (`die 1: 3`), all 1 for the face it shows now, and one (`die 1: to use`) all 1
  while the die is still to be used this turn (`(forEach Die ...)` uses dice).

Pieces in hand, scores and which way a piece points are not in the tensor.

## Speed

`python -m benchmarks.bench_interop` plays random games through each adapter and
through ludeme's own API, alternating, in CPU time, and prints each adapter's moves per
second as a share of ludeme's (`--breakdown` says where the time goes; `--floor` plays
a game that does nothing through the same loops: what OpenSpiel's and PettingZoo's own
machinery costs a move, and so the most each adapter can reach on each game). What an
adapter adds to a move: reading the number of each legal move, one pass over them (with
OpenSpiel, sorted, as it wants its legal actions increasing; with PettingZoo, written
at their actions into a new bytearray, which gives the action mask through
`bytes.translate` and the move of an action by a look-up); with OpenSpiel, pyspiel's
bridge from C++ to the Python state on every `apply_action` (it asks `current_player`
on the way); with PettingZoo, a new action mask per step (so that an observation kept
stays as it was), PettingZoo's own loop and wrappers (`agent_iter`, `last`, `step`
through three layers), the agent reading the mask. The observation tensor is made only
when read (`observation` of the dict; OpenSpiel's observer when asked), and what
OpenSpiel asks of a position is worked out once per position. In games whose moves
cost ludeme a few microseconds (tic-tac-toe, Hex), the bridge and PettingZoo's loop
alone cost a large share of a move: see `--floor`.

## Game length

OpenSpiel needs a bound on the length of a game: `max_game_length` (default 1000
plies). A game that reaches it without ending is over, drawn (OpenSpiel), or truncated
(PettingZoo). Descriptions with a lower move limit of their own end before.
"""

from ludeme.interop.actions import ActionSpace, action_space
from ludeme.interop.observation import Observation

DEFAULT_MAX_GAME_LENGTH = 1000

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "ActionSpace", "Observation", "action_space", "reference"]


def reference() -> str:
    """The interop documentation (``ludeme doc interop``), as Markdown."""
    return __doc__.split("\n\n", 1)[1].strip() + "\n"
