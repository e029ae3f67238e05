"""Sets of directions: ``(directions {...})``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("directions", T.Direction,
        ludii="Ludii's of: (relation) and bySite: are not supported; its forms with a "
              "site type, from: and to: are not either.")
def directions(c: CompileContext, dirs: T.Direction):
    """A set of directions, absolute or relative: ``(directions {N S})``,
    ``(directions {FR FL})`` (forward-right and forward-left of the piece's owner, see
    ``(player ...)``). Ludii: ``(directions <direction> | {<direction>})``."""
    return tuple(dirs)


@ludeme("sites Direction", T.Region,
        ludii="Ludii's site-type argument is not supported; from: is one site.")
def sites_direction(c: CompileContext, directions: T.Direction = None, *, from_: T.Site,
                    included: T.Cond = None, stop: T.Cond = None,
                    stopIncluded: T.Cond = None, distance: T.IntFn = None):
    """The sites along the lines from a site in ``directions`` (every adjacent one by
    default), as far as the board goes, or ``distance:`` sites, or up to the first site
    where ``stop:`` holds (with ``(to)`` bound to it; that site counts with
    ``stopIncluded:True``). ``included:True`` adds the site itself.
    ``(sites Direction from:(from) (directions {NE SW}) included:true)``. Ludii:
    ``(sites Direction from:<int> [<directions>] [included:] [stop:] [stopIncluded:]
    [distance:])``."""
    board = c.require_board()
    dirs = tuple(directions) if directions else board.directions["Adjacent"]
    rays = [tuple(board.ray[d][x] for d in dirs) for x in range(board.n_sites)]
    n = board.n_sites
    at = from_.fn
    keep = included.fn if included is not None else (lambda s: False)
    stop_fn = stop.fn if stop is not None else None
    stop_in = stopIncluded.fn if stopIncluded is not None else (lambda s: False)
    far = distance.fn if distance is not None else None

    def sites(s):
        x = at(s)
        if not 0 <= x < n:
            return ()
        out = [x] if keep(s) else []
        limit = far(s) if far is not None else n
        if stop_fn is None:
            for ray in rays[x]:
                out.extend(ray[:limit])
            return tuple(dict.fromkeys(out))
        to = s.to
        try:
            for ray in rays[x]:
                for y in ray[:limit]:
                    s.to = y
                    if stop_fn(s):
                        if stop_in(s):
                            out.append(y)
                        break
                    out.append(y)
        finally:
            s.to = to
        return tuple(dict.fromkeys(out))

    return RegionV(sites)
