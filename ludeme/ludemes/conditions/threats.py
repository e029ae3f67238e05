"""Threats: whether an enemy could move onto a piece (Ludii's ``(is Threatened ...)``).

Ludii answers by playing the enemy's side: the piece is put on the site asked about,
each enemy in turn becomes the mover, with the piece's owner as the previous mover,
and the site is threatened when one of the moves of that enemy's current phase (or of
the moves given) goes to it. While that is being worked out, every other
``(is Threatened ...)`` fails at once, so that the enemy's own check rules neither
recurse nor cost anything: a ``(do ... ifAfterwards:(not (is Threatened ...)))`` among
the enemy's moves keeps all its moves without trying them.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.piecemoves import reach_of
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme

_LUDII = ("Ludii's form without a piece (threats of removal of any piece) and its "
          "<siteType> are not supported; every other player is an enemy (no teams).")


@ludeme("is Threatened", T.Cond, ludii=_LUDII)
def is_threatened(c: CompileContext, what: T.IntFn, moves: T.Moves = None, *, at: T.Site = None, in_: T.Region = None):
    """Whether the piece ``what`` (an id: ``(id "King" Mover)``) would be threatened: on
    its site, or, with ``at:``, on that site, or, with ``in:``, on some site of the
    region, whether a move of an enemy of its owner could go there. The piece is put on
    the site (over whatever is there, the rest of the board unchanged) and each enemy,
    as the mover with the piece's owner as the previous mover, generates the moves of
    its current phase, or ``moves`` when given (``(is Threatened (id "King" Next)
    (forEach Piece))``). A piece not on the board is not threatened. While one threat is
    worked out, any ``(is Threatened ...)`` the enemy's moves ask fails, as in Ludii.
    Ludii: ``(is Threatened [<int>] [<siteType>] [at:<int> | in:<sites>] [<moves>])``."""
    g = c.game
    n_sites = c.require_board().n_sites
    if at is not None and in_ is not None:
        c.fail("(is Threatened ...) takes at: or in:, not both")
    owners = c.pieces.owner
    n_players = c.num_players
    # per player, the players whose moves threaten its pieces (Ludii's enemies)
    enemies = [()] + [tuple(q for q in range(1, n_players + 1) if q != p)
                      for p in range(1, n_players + 1)]
    zobrist = g.zobrist
    piece_of = what.fn
    specific = reach_of(moves) if moves is not None else None
    # a threat is being worked out: every (is Threatened ...) of the game fails (Ludii's
    # recursiveCalled and autoFail)
    busy = vars(c).setdefault("threat_busy", [False])

    if at is not None:
        site_fn = at.fn

        def sites(s, pid):
            return (site_fn(s),)
    elif in_ is not None:
        region_fn = in_.fn

        def sites(s, pid):
            return region_fn(s)
    else:
        def sites(s, pid):
            # Ludii's (where <piece>): the site the piece is on, if it is on the board
            w = s.what
            try:
                return (w.index(pid),)
            except ValueError:
                return ()

    def reaches(t, site: int) -> bool:
        for enemy in enemies[t.prev_mover]:
            t.who = t.mover = enemy
            if t.player_phase is not None:
                t.phase = t.player_phase[enemy]
            t.frm = t.to = t.between = -1
            reach = specific
            if reach is None:
                phase = g.phases[t.phase]
                reach = phase.reaches or _listing(phase.generate)
            if reach(t, site):
                return True
        return False

    def threatened(s) -> bool:
        if busy[0]:
            return False
        pid = piece_of(s)
        if pid < 1 or pid >= len(owners):
            return False
        owner = owners[pid]
        if not owner:
            return False  # a neutral piece has no enemies
        for site in sites(s, pid):
            if not 0 <= site < n_sites:
                continue
            # the question is asked of this state, put back as it was afterwards: the
            # piece placed (the hash follows, as caches on the state check it) and the
            # enemy made the mover
            w = s.what
            old = w[site]
            delta = 0
            if old != pid:
                w[site] = pid
                s.occ = None  # runtime.occupancy: a trial
                delta = zobrist[site][pid] ^ (zobrist[site][old] if old else 0)
                s.hash ^= delta
            context = (s.who, s.mover, s.nxt, s.prev_mover, s.phase, s.frm, s.to,
                       s.between, s._moves)
            s._moves = None
            s.prev_mover = owner
            busy[0] = True
            try:
                hit = reaches(s, site)
            finally:
                busy[0] = False
                (s.who, s.mover, s.nxt, s.prev_mover, s.phase, s.frm, s.to, s.between,
                 s._moves) = context
                if delta:
                    w[site] = old
                    s.occ = None  # runtime.occupancy: a trial
                    s.hash ^= delta
            if hit:
                return True
        return False

    return CondV(threatened, auto_fails=lambda: busy[0])


def _listing(gen):
    """``reaches`` by listing every move of ``gen``."""
    def reaches(s, site):
        return any(m.to == site for m in gen(s))

    return reaches
