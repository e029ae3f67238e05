"""The types of the ludeme language.

Each ludeme parameter and result has one of these types; the checker matches
arguments against them and ``ludeme doc`` prints them. Subtyping is small and
explicit: an integer literal is an integer expression, a boolean literal is a
condition, a single move generator is also an effect (it can follow ``then:``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LType:
    name: str
    doc: str
    supertypes: tuple[str, ...] = ()
    #: for name types: the bare names that are values of this type
    values: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ListOf:
    item: LType

    @property
    def name(self) -> str:
        return f"{{{self.item.name}}}"

    def __str__(self) -> str:
        return self.name


ROLES = tuple(f"P{i}" for i in range(1, 17)) + (
    "Mover", "Next", "Prev", "Enemy", "Each", "Shared", "All", "Neutral") + \
    tuple(f"Team{i}" for i in range(1, 17))  # Ludii's teams, set by (set Team n {...})
DIRECTION_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW", "Orthogonal", "Diagonal",
                   "Adjacent", "All",
                   # the other eight of Ludii's sixteen compass points (hex and tri tilings)
                   "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW",
                   # Ludii's relative directions, from the facing of the piece's owner
                   "Forward", "Backward", "Rightward", "Leftward", "Forwards", "Backwards",
                   "Rightwards", "Leftwards", "FL", "FLL", "FLLL", "BL", "BLL", "BLLL", "FR",
                   "FRR", "FRRR", "BR", "BRR", "BRRR",
                   # the direction of the last move, or its opposite ((move Hop ...) only)
                   "SameDirection", "OppositeDirection")

Int = LType("Int", "an integer literal", ("IntFn",))
IntFn = LType("IntFn", "an integer expression, evaluated on the current state")
Float = LType("Float", "a number literal")
Bool = LType("Bool", "True or False", ("Cond",))
Cond = LType("Cond", "a condition, evaluated on the current state")
Str = LType("Str", "a string")
Region = LType("Region", "a set of sites, evaluated on the current state")
Site = LType("Site", "one site (a label such as \"d4\", or a site expression)", ("IntFn",))
Moves = LType("Moves", "a move generator", ("Effect",))
Effect = LType("Effect", "a state change applied after a move")
Role = LType("Role", "a player or a set of players", values=ROLES)
Direction = LType("Direction", "a direction or a set of directions", values=DIRECTION_NAMES)
SiteType = LType("SiteType", "a kind of site", values=("Cell", "Vertex", "Edge"))
Outcome = LType("Outcome", "a result for a player", values=("Win", "Loss", "Draw"))
StepType = LType("StepType", "a step of a walk: F (one site forward), L or R (turn left or "
                 "right)", values=("F", "L", "R"))
SwapType = LType("SwapType", "what (move Swap ...) exchanges: Pieces or Players",
                 values=("Pieces", "Players"))
When = LType("When", "when an effect applies: EndOfTurn (when the mover's turn ends) or "
             "StartOfTurn", values=("StartOfTurn", "EndOfTurn"))
Shape = LType("Shape", "a board shape (a tiling of cells)")
Diagonals = LType("Diagonals", "which diagonal lines a square grid has",
                  values=("Alternating", "Solid", "Concentric", "Radiating"))
StoreType = LType("StoreType", "where a mancala board has its stores",
                  values=("Outer", "Inner", "None"))
RegionTypeDynamic = LType("RegionTypeDynamic", "what a site holds, seen by the mover",
                          values=("Empty", "NotEmpty", "Own", "NotOwn", "Enemy", "NotEnemy",
                                  "AllPlayers"))
Poly = LType("Poly", "a polygon given by its corners, (poly {{x y} ...})")
TilingType = LType("TilingType", "the tiling of a board without edges",
                   values=("Square", "Hexagonal", "Triangular"))
Item = LType("Item", "a piece of equipment")
Result = LType("Result", "an outcome of the game")
EndRule = LType("EndRule", "an end condition with its result")
Rules = LType("Rules", "the rules of a game")
Phase = LType("Phase", "a phase of play")
Game = LType("Game", "a whole game")
Players = LType("Players", "the players")
Equipment = LType("Equipment", "the equipment of a game")
IntList = LType("IntList", "a list of integers, evaluated on the current state")
Heuristic = LType("Heuristic", "a term of an evaluation function for agents")
Hand = LType("Hand", "a player's hand: pieces held off the board, counted by kind; also its "
             "site, numbered after the board's", ("Site",))
Score = LType("Score", "a player's final score: (score P1 <int>) in (byScore {...})")
Then = LType("Then", "the consequences of a move or effect: (then <effect>), its last "
             "argument")
NextPhase = LType("NextPhase", "a phase change: (nextPhase [<role>] [<cond>] [\"Name\"])")
RegionType = LType("RegionType", "a family of board regions (Ludii's RegionTypeStatic): "
                   "Corners (each corner alone), Sides, SidesNoCorners (each side without "
                   "its corners), AllSites, Rows, Columns, Diagonals, SubGrids, "
                   "AllDirections (a site and its lines), HintRegions",
                   values=("Corners", "Sides", "SidesNoCorners", "AllSites", "Rows",
                           "Columns", "Diagonals", "SubGrids", "AllDirections",
                           "HintRegions"))
PlayerDef = LType("Player", "one player of (players {...}): (player N) faces north")
MetaRule = LType("MetaRule", "a rule about the whole game, in (meta ...): (noRepeat), (swap)")
Meta = LType("Meta", "the game's meta rules: (meta <rule or {rules}>), first in (rules ...)")
RepetitionType = LType("RepetitionType", "which earlier positions (noRepeat ...) forbids",
                       values=("InGame", "InTurn", "Situational"))
Track = LType("Track", "a track: a named sequence of sites pieces move or sow along")
Pair = LType("Pair", "a key and its value in a (map ...)")
Landmark = LType("Landmark", "a site the board singles out", values=("FirstSite", "LastSite"))
Mode = LType("Mode", "how the players take turns: (mode [Alternating])")
ModeType = LType("ModeType", "a way of taking turns: Alternating, Simultaneous or Simulation",
                 values=("Alternating", "Simultaneous", "Simulation"))
Any = LType("Any", "anything")

#: a name that is both a set of players and a set of directions (``All``): it is
#: accepted wherever either is, and means the one the parameter asks for
RoleOrDirection = LType("Role|Direction", "a set of players or of directions (All)",
                        ("Role", "Direction"))

#: name -> type, for names that stand alone (P1, Orthogonal, Cell, Win, ...)
NAME_TYPES: dict[str, LType] = {}
for _t in (Role, Direction, SiteType, Outcome, Diagonals, StoreType, StepType, SwapType,
           RegionType, TilingType, RegionTypeDynamic, RepetitionType, Landmark, When,
           ModeType):
    for _v in _t.values:
        NAME_TYPES.setdefault(_v, _t)
for _v in set(Role.values) & set(Direction.values):
    NAME_TYPES[_v] = RoleOrDirection

#: Ludii's global integer constants, written as bare names: ``(= (trackSite ...) End)``
INT_NAMES: dict[str, int] = {"Off": -1, "End": -2, "Undefined": -1}

ALL_TYPES = {t.name: t for t in (Int, IntFn, Float, Bool, Cond, Str, Region, Site, Moves, Effect,
                                 Role, Direction, SiteType, Outcome, Shape, Diagonals,
                                 StoreType, TilingType, Poly, RegionTypeDynamic, Item,
                                 Result, EndRule,
                                 Rules, Phase, Game, Players, Equipment, IntList, Heuristic, Hand,
                                 Score, Then, NextPhase, StepType, SwapType, MetaRule,
                                 Meta, RepetitionType, PlayerDef, RegionType, Track, Landmark,
                                 Pair, When, Mode, ModeType, Any)}


def is_subtype(have: LType | ListOf, want: LType | ListOf) -> bool:
    """Whether a value of type ``have`` can be passed where ``want`` is expected."""
    if isinstance(want, LType) and want.name == "Any":
        return True
    if isinstance(have, ListOf) or isinstance(want, ListOf):
        return (isinstance(have, ListOf) and isinstance(want, ListOf)
                and is_subtype(have.item, want.item))
    if have.name == want.name:
        return True
    return any(is_subtype(ALL_TYPES[s], want) for s in have.supertypes)
