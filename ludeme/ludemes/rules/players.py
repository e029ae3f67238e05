"""Players with a facing: ``(players {(player N) (player S)})`` and ``(player ...)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.checker import Lit
from ludeme.lang.registry import ludeme

_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
            "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


@ludeme("player", T.PlayerDef, lazy=True,
        ludii="The name is read and kept, not shown; Ludii's move generator argument is "
              "not supported.")
def player(c: CompileContext, name: T.Str = None, direction: T.Direction = None):
    """One player, for ``(players {...})``: ``(player N)`` faces north. The relative
    directions of its pieces' moves (Forward, FR, Backwards, ...) are taken from its
    facing; a player without one faces north, as in Ludii. A name may come first,
    ``(player "White" N)``: it names the player, the rules do not read it. Ludii:
    ``(player [<string>] [<directionFacing>])``."""
    if direction is None:
        return None
    # the players come before the board: the name is read, not made a set of directions
    name = direction.value if isinstance(direction, Lit) else None
    if name not in _COMPASS:
        c.fail("a player faces one compass direction: N, NE, E, ...", node=direction)
    return name


@ludeme("players", T.Players)
def players_facing(c: CompileContext, players: T.ListOf(T.PlayerDef)):
    """The players, each with its facing: ``(players {(player N) (player S)})`` is a
    two-player game where P1's Forward is north and P2's south. Ludii: ``(players
    {<player>})``."""
    if not 1 <= len(players) <= 6:
        c.fail(f"a game has 1 to 6 players, not {len(players)}")
    c.player_facing = {p: d for p, d in enumerate(players, start=1) if d is not None}
    return len(players)


@ludeme("player", T.Role)
def player_numbered(c: CompileContext, index: T.IntFn):
    """The player of a number computed when the rule runs, where a player is wanted:
    ``(sites (player (mapEntry (mover))))``, ``(set Value (player (who at:(to))) 0)``.
    Ludii: ``(player <intFunction>)``."""
    from ludeme.compile.values import RoleV

    return RoleV("(player)", index.fn, index.const)
