"""Maps: Ludii's ``(map ...)`` of keys to values (a player to its store, say), read with
``(mapEntry ...)``. Keys and values are numbers known when the game is compiled."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RoleV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.rules.turns import MOVER


def is_coordinate(text: str) -> bool:
    """Whether a string is a site label as Ludii tells one (its ``isCoordinate``): digits
    after at most three letters (``"A1"``, ``"AA10"``), or digits alone."""
    letters = text.rstrip("0123456789")
    if letters == text:
        return False
    if len(letters) > 3 or (len(letters) == 3 and letters[0] != letters[1]):
        return False
    return letters.isalpha() or not letters


def _number(c: CompileContext, value, what: str) -> int | None:
    """A key or value of a map as a number: a player's, a site's, a landmark's, or, for a
    string that is no site label, the id of the piece of that name (None when no piece
    has it: Ludii leaves such a pair out)."""
    if isinstance(value, str) and value in T.Landmark.values:  # FirstSite, LastSite
        board = c.require_board()
        sites = board.sites[c.site_type or board.default_type]
        return sites[0] if value == "FirstSite" else sites[-1]
    if isinstance(value, str):
        if is_coordinate(value):
            return c.site_of(value)
        if what == "key":
            c.fail(f"a map's key is a site label, a player or a number, not \"{value}\"")
        names = c.pieces.names
        return names.index(value) if value in names[1:] else None
    if isinstance(value, RoleV):
        if value.const is None:
            c.fail(f"a map's {what} is a fixed player, not {value.name}")
        return value.const
    if value.const is None:
        c.fail(f"a map's {what} must be known before the game starts")
    return value.const


@ludeme("pair", T.Pair, lazy=True)
def pair(c: CompileContext, key: (T.Role, T.IntFn, T.Str),
         value: (T.Landmark, T.IntFn, T.Role, T.Str)):
    """A key and its value (``(pair P1 LastSite)``: player 1 maps to the board's last
    site), for ``(map ...)``. As in Ludii, a string is a site label (``(pair P1
    "D1")``) or, as a value, the name of a piece (``(pair "A1" "Rook1")``: its id; a
    pair naming no piece is left out), and a player is a number, even one beyond the
    players of this game (a map written for every version of a game)."""
    vars(c)["any_player_number"] = True
    try:
        k = c.compile(key, (T.Role, T.IntFn, T.Str))
        v = c.compile(value, (T.Landmark, T.IntFn, T.Role, T.Str))
    finally:
        vars(c)["any_player_number"] = False
    return (_number(c, k, "key"), _number(c, v, "value"))


@ludeme("map", T.Item)
def map_(c: CompileContext, name: T.Str = None, pairs: T.ListOf(T.Pair) = ()):
    """A map from keys to values, ``(map {(pair P1 LastSite) (pair P2 FirstSite)})``,
    optionally named; ``(mapEntry ...)`` reads it."""
    maps = getattr(c, "maps", {})
    if name in maps:
        c.fail(f"there is already a map {name or 'without a name'}")
    table = {}
    for k, v in pairs:
        if v is not None:
            table.setdefault(k, v)
    maps[name] = table
    c.maps = maps
    return None


@ludeme("map", T.Item)
def map_lists(c: CompileContext, name: T.Str = None, keys: T.ListOf(T.IntFn) = (),
              values: T.ListOf(T.IntFn) = ()):
    """A map written as two lists, ``(map "Next" {0..8} {1..9})``: the i-th key maps to
    the i-th value (as Ludii, the longer list's extra items are left out). Ludii:
    ``(map [<string>] {<intFunction>} {<intFunction>})``."""
    pairs = [(_number(c, k, "key"), _number(c, v, "value"))
             for k, v in zip(keys, values, strict=False)]
    return map_(c, name, pairs)


@ludeme("mapEntry", T.Site)
def map_entry(c: CompileContext, name: T.Str = None, key: (T.Role, T.IntFn) = None):
    """The value a map gives ``key`` (``(mapEntry (mover))``: the mover's store): from
    the map named ``name``, or the first map that has an entry for it. As in Ludii, a
    key with no entry, or whose value is 0 (Ludii's hash map cannot tell 0 from no
    entry), gives the key itself."""
    maps = getattr(c, "maps", {})
    if not maps:
        c.fail("there is no (map ...) in the equipment")
    if name is not None and name not in maps:
        from ludeme.errors import suggest

        c.fail(f"no map named '{name}'", suggest(name, [m for m in maps if m]))
    if key is None:
        c.fail("(mapEntry ...) needs a key")
    tables = [maps[name]] if name is not None else list(maps.values())

    def lookup(k: int) -> int:
        for table in tables:
            v = table.get(k, 0)
            if v not in (0, -1):
                return v
        return k

    if key.const is not None:
        v = lookup(key.const)
        return SiteV(lambda s: v, v)
    top = max([max(t, default=0) for t in tables] + [c.num_players]) + 1
    values = [lookup(k) for k in range(top)]
    fn = key.fn
    if fn is MOVER or (isinstance(key, RoleV) and key.name == "Mover" and key.many is None):
        # (mapEntry (mover)), as mancalas name the mover's store: read without a call
        # (every player's number is below top)
        return SiteV(lambda s: values[s.who])

    def entry(s):
        k = fn(s)
        return values[k] if 0 <= k < top else lookup(k)

    return SiteV(entry)
