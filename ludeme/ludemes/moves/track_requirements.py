"""Requirements on moves along a track (Ludii's ``effect.requirement`` package):
``(firstMoveOnTrack ...)``, the moves of the first site along a track that has any, and
``(max Distance ...)``, Ludii's filter for the moves that go furthest along a track."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.containers.tracks import Track, find_tracks, tracks_of


def _track_per_player(c: CompileContext, name: str | None,
                      owner) -> list[Track | None] | Track | None:
    """The track Ludii's requirements pick: with an owner, that player's first track
    whose name contains ``name`` (a list indexed by player when the owner is worked out
    in play); without one, the first track named exactly ``name`` (the first of all when
    no name is given). None where there is no such track."""
    have = tracks_of(c)
    if not have:
        c.fail("the board has no track", "give it one: (board ... (track \"Track\" "
               "\"0,E,End\" P1 directed:True))")
    if name is not None:
        find_tracks(c, name)   # a clear error, with a did-you-mean, for a wrong name
    if owner is None:
        return next((t for t in have if name is None or t.name == name), None)

    def of(p: int) -> Track | None:
        return next((t for t in have if t.owner == p and (name is None or name in t.name)),
                    None)

    if owner.const is not None:
        return of(owner.const)
    return [of(p) for p in range(c.num_players + 1)]


@ludeme("firstMoveOnTrack", T.Moves)
def first_move_on_track(c: CompileContext, name: T.Str = None, owner: T.Role = None,
                        moves: T.Moves = None, *, then: T.Effect = None):
    """The moves of ``moves`` at the first site along a track where it has any: the
    sites of the track are walked in order, ``(site)`` bound to each, and the first that
    gives moves gives them all. The track is ``owner``'s whose name contains ``name``
    (the one named ``name`` without an owner, the first track without either). Ludii:
    ``(firstMoveOnTrack ["Track"] [Mover] <moves> [<then>])``; Backgammon's bearing
    off, where a piece may leave with a die larger than needed only from the furthest
    back point, is ``noMoveYet:(firstMoveOnTrack "Track" Mover ...)``."""
    if moves is None:
        c.fail("(firstMoveOnTrack ...) needs the moves to try at each site")
    if then is not None:
        return with_then(c, first_move_on_track(c, name, owner, moves), then)
    picked = _track_per_player(c, name, owner)
    gen = moves.gen

    def walk(s, sites):
        old = s.site
        try:
            for x in sites:
                s.site = x
                found = gen(s)
                if found:
                    return found
            return []
        finally:
            s.site = old

    if isinstance(picked, list):
        per = [tuple(x for x in t.sites if x >= 0) if t is not None else None
               for t in picked]
        player = owner.fn

        def generate(s):
            sites = per[player(s)]
            # no track: Ludii gives the moves as they are, at the current (site)
            return gen(s) if sites is None else walk(s, sites)

        return MovesV(generate)
    if picked is None:
        return moves
    fixed = tuple(x for x in picked.sites if x >= 0)
    return MovesV(lambda s: walk(s, fixed))


@ludeme("max Distance", T.Moves,
        ludii="Ludii 1.0.8 works out each move's distance along the track and then "
              "returns the moves unfiltered (and drops its own then:); ludeme gives "
              "the same moves, without the search.")
def max_distance(c: CompileContext, name: T.Str = None, owner: T.Role = None,
                 moves: T.Moves = None, *, then: T.Effect = None):
    """The moves of ``moves``: Ludii's ``(max Distance ["Track"] [Mover] <moves>
    [<then>])``, meant to keep the moves that take a player furthest along the track
    over the rest of the turn (Backgammon's rule that both dice must be used when they
    can). Ludii 1.0.8's version computes those distances but returns the moves of
    ``moves`` as they are, without its own ``then:``; ludeme does the same, so that
    descriptions play as they do in Ludii."""
    if moves is None:
        c.fail("(max Distance ...) needs the moves to filter")
    _track_per_player(c, name, owner)   # the same errors as Ludii's for a wrong track
    return moves
