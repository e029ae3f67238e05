"""What is on a site: its owner, its piece's value, the site it points at; and who
counts as an enemy or a friend of the mover."""

from __future__ import annotations

from ludeme.board.graph import DIRECTIONS
from ludeme.compile.compiler import CompileContext, reads_to
from ludeme.compile.inlined import LOCAL, expression
from ludeme.compile.values import CondV, IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.rules.teams import team_tables


@ludeme("who", T.IntFn)
def who_at(c: CompileContext, *, at: T.Site, level: T.IntFn = None):
    """The owner of the piece on a site: a player number, 0 for a shared piece or an
    empty site (or a site off the board); on a hand site, the owner of the pieces it
    holds. As in Ludii: ``(who at:(to))``. In a game
    with stacks it is the top piece's owner, or with ``level:`` the owner of the piece
    at that level (0 at the bottom): ``(who at:(to) level:0)``."""
    owner = c.pieces.owner
    fn = at.fn
    if level is not None:
        from ludeme.ludemes.containers.stacks import piece_at_level

        lvl = level.fn
        n = c.require_board().n_sites
        return IntV(lambda s: owner[piece_at_level(s, x, lvl(s))]
                    if 0 <= (x := fn(s)) < n else 0)
    n = c.require_board().n_sites
    from ludeme.ludemes.moves.from_to import hand_origins

    _, hand_piece, hands = hand_origins(c)
    if hands is None:
        def who(s):
            return owner[s.what[x]] if 0 <= (x := fn(s)) < n else 0
    else:
        def who(s):
            x = fn(s)
            if 0 <= x < n:
                return owner[s.what[x]]
            # a hand site: the owner of the pieces it holds (0 when it holds none)
            if n <= x < hands.stop and hands.count(s, x):
                return owner[hand_piece(x)]
            return 0

    # the owner of what stands on board site fn(s) is owner[s.what[x]]: (is Friend ...)
    # and (is Enemy ...) of it read that themselves (one call less per test)
    who.owner_at = (fn, n, owner)
    # read in place (compile.inlined): off the board, the function itself
    expression(who, "{owner}[s.what[{x}]] if 0 <= ({x} := {at}) < {n} else "
               + ("{who}(s)" if hands is not None else "0"),
               {"owner": owner, "x": LOCAL, "n": n, "who": who}, at=at)
    return IntV(who)


@ludeme("value Piece", T.IntFn,
        ludii="The value belongs to the kind of piece (piece ... value:), not to the site.")
def value_piece(c: CompileContext, *, at: T.Site):
    """The ``value:`` of the piece on a site (declared with ``(piece "Large" Each
    value:3)``); 0 for an empty site or a site off the board."""
    value = c.pieces.value
    template = "{value}[s.what[{x}]] if ({x} := {at}) >= 0 else 0"
    if reads_to(at):
        return IntV(expression(lambda s: value[s.what[x]] if (x := s.to) >= 0 else 0,
                               template, {"value": value, "x": LOCAL}, at=at))
    fn = at.fn
    return IntV(expression(lambda s: value[s.what[x]] if (x := fn(s)) >= 0 else 0,
                           template, {"value": value, "x": LOCAL}, at=at))


@ludeme("ahead", T.Site,
        ludii="Without a direction: the way the piece points (Ludii's Forward).")
def ahead(c: CompileContext, site: T.Site, direction: T.Direction = None, *,
          steps: T.IntFn = None):
    """The site ``steps`` (1 by default) steps from ``site`` along the line in
    ``direction``; as in Ludii, ``site`` itself when the line ends before (off the
    board) or for 0 steps, and -1 only for a site off the board. A direction that
    stands for several (``Forwards``, a relation) takes the first of them, as Ludii's
    does. Without a direction: the site the piece on ``site`` points at (its rotation,
    set when it was placed turned), -1 when it is not turned. ``(ahead (to))`` after an
    oriented placement is the site the new piece points at."""
    board = c.require_board()
    fn = site.fn
    if direction is not None:
        if not direction or direction[0] not in board.ray:
            c.fail("(ahead ...) takes a direction (N, Forward, ...) the board has")
        ray = board.rays_of(direction)[direction[0]]
        if steps is not None and steps.const is None:
            count = steps.fn

            def walk(s):
                x = fn(s)
                if x < 0:
                    return -1
                k = count(s)
                line = ray[x]
                return line[k - 1] if 0 < k <= len(line) else x

            return SiteV(walk)
        k = steps.const if steps is not None else 1
        # per site, the one k steps ahead (itself when the line is shorter)
        table = tuple(line[k - 1] if 0 < k <= len(line) else x for x, line in enumerate(ray))
        if site.const is not None:
            y = table[site.const] if site.const >= 0 else -1
            return SiteV(lambda s: y, y)
        return SiteV(lambda s: table[x] if (x := fn(s)) >= 0 else -1)
    if steps is not None:
        c.fail("(ahead ... steps:) needs a direction")
    # by_rot[r][x]: the neighbour of x in rotation r (index 0: not turned)
    steps = board.step["Adjacent"]
    by_rot = [(-1,) * board.n_sites] + [steps[d] for d in DIRECTIONS]
    template = "{by_rot}[s.rot[{x}]][{x}] if ({x} := {site}) >= 0 else -1"
    if reads_to(site):
        def fwd_to(s):
            x = s.to
            return by_rot[s.rot[x]][x] if x >= 0 else -1

        # it reads the move's destination and the pieces' directions, which no effect
        # written out (compile.inlined) writes: worked out once per consequence
        fwd_to.inline_once = True
        return SiteV(expression(fwd_to, template, {"by_rot": by_rot, "x": LOCAL}, site=site))

    def fwd(s):
        x = fn(s)
        return by_rot[s.rot[x]][x] if x >= 0 else -1

    return SiteV(expression(fwd, template, {"by_rot": by_rot, "x": LOCAL}, site=site))


@ludeme("is Enemy", T.Cond)
def is_enemy(c: CompileContext, player: T.IntFn):
    """Whether a player number (``(who at:(to))``) is another player than the mover
    (0, nobody, is nobody's enemy); in a game with teams (``(set Team ...)``), whether
    it is a player of another team than the mover's, as in Ludii."""
    fn = player.fn
    tables = team_tables(c)
    if tables is not None:
        enemy, top = tables[1], c.num_players
        return CondV(lambda s: enemy[s.who][p] if 0 <= (p := fn(s)) <= top else p != 0)
    at = getattr(fn, "owner_at", None)
    if at is not None:  # (is Enemy (who at:<site>))
        site, n, owner = at

        def enemy_at(s):
            x = site(s)
            if 0 <= x < n:
                p = owner[s.what[x]]
                return p != 0 and p != s.who
            return (p := fn(s)) != 0 and p != s.who

        return CondV(expression(enemy_at, "({p} := {player}) != 0 and {p} != s.who",
                                {"p": LOCAL}, player=fn))
    return CondV(expression(lambda s: (p := fn(s)) != 0 and p != s.who,
                            "({p} := {player}) != 0 and {p} != s.who", {"p": LOCAL},
                            player=fn))


@ludeme("is Friend", T.Cond)
def is_friend(c: CompileContext, player: T.IntFn):
    """Whether a player number (``(who at:(to))``) is the mover; in a game with teams
    (``(set Team ...)``), whether it is a player of the mover's team, as in Ludii."""
    fn = player.fn
    tables = team_tables(c)
    if tables is not None:
        friend, top = tables[0], c.num_players
        return CondV(lambda s: 0 <= (p := fn(s)) <= top and friend[s.who][p])
    at = getattr(fn, "owner_at", None)
    if at is not None:  # (is Friend (who at:<site>))
        site, n, owner = at

        def friend_at(s):
            x = site(s)
            if 0 <= x < n:
                return owner[s.what[x]] == s.who
            return fn(s) == s.who

        return CondV(expression(friend_at, "{player} == s.who", player=fn))
    return CondV(expression(lambda s: fn(s) == s.who, "{player} == s.who", player=fn))
