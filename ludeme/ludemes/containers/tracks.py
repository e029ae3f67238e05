"""Tracks: named sequences of sites that pieces move or seeds are sown along, written as
Ludii writes them (``(track "Track" "1,E,N,W" loop:True)``: from site 1, east as far as
the board goes, then north, then west; ``N1`` is one step north, a number a site), with
an owner for tracks per player and ``directed:`` for one-way tracks.

A track is built once the board exists, into ``Track``: its elements' sites and each
element's next and previous element (Ludii's ``Track.Elem``), which ``(sow ...)`` and
``(sites Track)`` read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludeme.compile.compiler import CompileContext
from ludeme.compile.pure import FROM, TOTAL, WHO, mark, reads_of
from ludeme.compile.values import RegionV, SiteV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.chance import pips_total


@dataclass(frozen=True)
class TrackSpec:
    """A ``(track ...)`` as written, before the board it runs on exists."""

    name: str
    steps: str | tuple[int, ...]
    loop: bool
    owner: int
    directed: bool


@dataclass(frozen=True)
class Track:
    """A built track: ``sites[i]`` is element i's site, ``nxt[i]``/``prv[i]`` the index
    of the next/previous element (-1 where the track ends, or backwards on a directed
    track)."""

    name: str
    owner: int
    sites: tuple[int, ...]
    nxt: tuple[int, ...]
    prv: tuple[int, ...]
    loop: bool

    def index_of(self, site: int) -> int:
        """The first element on ``site`` (-1 when the track does not pass there)."""
        try:
            return self.sites.index(site)
        except ValueError:
            return -1


@ludeme("track", T.Track)
def track(c: CompileContext, name: T.Str, steps: (T.Str, T.ListOf(T.Int)),
          owner: (T.Role, T.Int) = None, *, loop: T.Bool = False, directed: T.Bool = False):
    """A track named ``name``: a string of Ludii's steps (``"0,ESE,E,ENE,WNW,N,W"``:
    a start site, then directions walked as far as the board goes, or a given number of
    steps with ``N1``, or site numbers) or a list of sites. ``loop:True`` joins its end to
    its start; ``owner`` (``P1``, or a player number) makes it that player's track;
    ``directed:True`` makes it one-way."""
    if owner is None:
        who = 0
    elif isinstance(owner, int):
        who = owner
    elif owner.const is not None:
        who = owner.const
    else:
        c.fail(f"a track belongs to a player, not to {owner.name}")
        raise AssertionError
    if isinstance(steps, str):
        parts = [p.strip() for p in steps.split(",") if p.strip()]
        if not parts or not parts[0].isdigit():
            c.fail(f"the track {name} must start with a site number")
        spec: str | tuple[int, ...] = steps
    else:
        spec = tuple(getattr(v, "value", v) for v in steps)
        if not spec:
            c.fail(f"the track {name} has no site")
    return TrackSpec(name, spec, bool(loop), who, bool(directed))


def build_tracks(c: CompileContext, specs: list[TrackSpec]) -> list[Track]:
    """Build ``specs`` on the board just made, and keep them for the rules."""
    board = c.require_board()
    site_type = c.site_type or board.default_type
    sites = board.sites[site_type]
    first, stop = sites[0], sites[-1] + 1
    step = board.step["Adjacent"]
    built: list[Track] = []
    for spec in specs:
        seq: list[int] = []
        if isinstance(spec.steps, tuple):
            seq = [first + x for x in spec.steps]
        else:
            current = -1
            for part in [p.strip() for p in spec.steps.split(",") if p.strip()]:
                if part.isdigit():
                    current = first + int(part)
                    seq.append(current)
                    continue
                if part == "End":
                    seq.append(-2)
                    continue
                direction = "".join(ch for ch in part if not ch.isdigit())
                count = part[len(direction):]
                if direction not in step:
                    c.fail(f"'{part}' in the track {spec.name} is not a direction of this "
                           "board", "one of " + " ".join(sorted(step)))
                if not first <= current < stop:
                    c.fail(f"the step {part} of the track {spec.name} needs a site of the "
                           "board before it")
                limit = int(count) if count else board.n_sites
                ahead = step[direction]
                for _ in range(limit):
                    nxt = ahead[current]
                    if nxt < 0:
                        break
                    current = nxt
                    seq.append(current)
        for x in seq:
            # a site past the board's is a hand's (numbered after the board's, as in
            # Ludii), where pieces enter the track from
            if x != -2 and x < first:
                c.fail(f"the track {spec.name} leaves the board (site {x - first})")
        # as in Ludii, a site repeated in a row counts once (a "bump")
        flat = [x for i, x in enumerate(seq) if i == len(seq) - 1 or seq[i + 1] != x]
        n = len(flat)
        if n < 2:
            c.fail(f"the track {spec.name} has fewer than two sites")
        nxt = tuple((k + 1) if k + 1 < n else (0 if spec.loop else -1) for k in range(n))
        prv = tuple((k - 1 if k > 0 else (n - 1 if spec.loop else -1))
                    if not spec.directed or k in (0, n - 1) else -1 for k in range(n))
        built.append(Track(spec.name, spec.owner, tuple(flat), nxt, prv, spec.loop))
    c.tracks = getattr(c, "tracks", []) + built
    return built


def tracks_of(c: CompileContext) -> list[Track]:
    return getattr(c, "tracks", [])


def find_tracks(c: CompileContext, name: str | None) -> list[Track]:
    """The tracks a ludeme naming ``name`` may use (all when None), as Ludii's ``(sow)``
    keeps the tracks whose name contains it; a clear error when there is none."""
    have = tracks_of(c)
    if not have:
        c.fail("the board has no track", "give it one: (mancalaBoard 2 6 (track \"Track\" "
               "\"1,E,N,W\" loop:True))")
    got = [t for t in have if name is None or name in t.name]
    if not got:
        from ludeme.errors import suggest

        c.fail(f"no track named '{name}'", suggest(name, [t.name for t in have]))
    return got


@ludeme("sites Track", T.Region)
def sites_track(c: CompileContext, who: T.Role = None, name: T.Str = None):
    """The sites of a track, in its order (the first track when no name is given; with a
    player, that player's track of that name)."""
    tracks = find_tracks(c, name)
    if who is not None and who.const is not None:
        tracks = [t for t in tracks if t.owner == who.const] or tracks
    elif who is not None:
        per = []
        for p in range(c.num_players + 1):
            mine = [t for t in tracks if t.owner == p] or tracks
            per.append(tuple(dict.fromkeys(x for x in mine[0].sites if x >= 0)))
        fn = who.fn
        return RegionV(lambda s: per[fn(s)])
    return RegionV.of([x for x in tracks[0].sites if x >= 0])


def _ahead(table: tuple[tuple[int, ...], dict[int, int], bool], x: int, k: int) -> int:
    """``(trackSite Move steps:k)`` from site ``x`` on a track's table (its sites, the
    first element on each site, whether it loops): the rule ``track_site_move`` reads."""
    sites, first, loop = table
    n = len(sites)
    i = first.get(x, n) + k
    if 0 <= i < n:
        return sites[i]
    if not loop or i < 0:
        return -1
    return sites[i % n]


@ludeme("trackSite Move", T.Site,
        ludii="A track passing twice over a site is searched from its start (Ludii tells "
              "the passes apart by the pieces on them).")
def track_site_move(c: CompileContext, who: T.Role = None, name: T.Str = None, *,
                    from_: T.IntFn = None, steps: T.IntFn):
    """The site ``steps`` elements along a track from ``from:`` (``(from)`` by default),
    as Ludii's ``(trackSite Move steps:n)``: the track of ``who`` (the mover by
    default) named ``name`` (the player's first track when no name is given). A site not
    on the track counts as just before its end; past the end of a track that does not
    loop it is ``Off`` (-1); a track written with ``End`` reaches ``End`` (-2) there."""
    have = tracks_of(c)
    if not have:
        c.fail("the board has no track", "give it one: (board ... (track \"Track\" "
               "\"0,E,End\" P1 directed:True))")
    if name is not None:
        find_tracks(c, name)
    per: list[Track | None] = []
    for p in range(c.num_players + 1):
        got = None
        if name is not None:
            got = next((t for t in have if name in t.name and t.owner == p), None) or \
                next((t for t in have if name in t.name), None)
        if got is None:
            got = next((t for t in have if t.owner == p), None) or \
                next((t for t in have if t.owner == 0), None)
        per.append(got)
    # per player: the track's sites, where each site first appears, whether it loops
    tables = []
    for t in per:
        if t is None:
            tables.append(None)
            continue
        first: dict[int, int] = {}
        for i, x in enumerate(t.sites):
            first.setdefault(x, i)
        tables.append((t.sites, first, t.loop))
    player = who.fn if who is not None else (lambda s: s.who)
    at = from_.fn if from_ is not None else (lambda s: s.frm)
    ahead = steps.fn

    def site(s):
        table = tables[player(s)]
        if table is None:
            return -1
        return _ahead(table, at(s), ahead(s))

    if who is None and from_ is None and ahead is pips_total:
        # (trackSite Move steps:(count Pips)), as race games write it: per player and
        # site of its track, the sites ahead of it in order, indexed by the dice's total
        # (read without a call); beyond them (a loop, Off, a site off the track) the
        # rule as written
        # per player, per site (the board's and the hands'), per total the dice can
        # show: the answer, built when first asked (rules ask it several times per piece)
        grid: list = []
        n_board = c.require_board().n_sites

        def build(s) -> None:
            faces = s.game.dice.faces if s.game.dice is not None else ()
            if not faces or any(not f or min(f) < 0 for f in faces):
                grid.append(None)  # dice that can show less than 0: the rule as written
                return
            top = sum(max(f) for f in faces)
            hands = s.game.hands
            n_all = max(n_board, hands.stop if hands is not None else 0)
            grid.append([None if t is None else
                         [tuple(_ahead(t, x, k) for k in range(top + 1)) for x in range(n_all)]
                         for t in tables])

        def site_pips(s):
            x = s.frm
            if x >= 0:
                if not grid:
                    build(s)
                rows = grid[0]
                if rows is not None:
                    try:
                        return rows[s.who][x][s.dice.total]
                    except (IndexError, TypeError):
                        pass  # a site or total out of the grid, a player without a track
            return site(s)

        # context-pure (compile.pure): the rule's tests of it are tables too
        return SiteV(mark(site_pips, (WHO, FROM, TOTAL)))
    if who is None and from_ is None:
        # the usual form, (trackSite Move steps:...): the mover's track from (from),
        # read without two calls per site (race games ask it for every piece and die)
        def site_here(s):
            table = tables[s.who]
            if table is None:
                return -1
            sites, first, loop = table
            n = len(sites)
            i = first.get(s.frm, n) + ahead(s)
            if 0 <= i < n:
                return sites[i]
            if not loop or i < 0:
                return -1
            return sites[i % n]

        steps_read = reads_of(steps)
        if steps_read is not None:
            mark(site_here, {WHO, FROM} | steps_read)
        return SiteV(site_here)
    parts = [steps, who if who is not None else WHO, from_ if from_ is not None else FROM]
    read = [reads_of(v) if not isinstance(v, str) else frozenset({v}) for v in parts]
    if all(r is not None for r in read):
        mark(site, frozenset().union(*read))
    return SiteV(site)


@ludeme("trackSite EndSite", T.Site)
def track_site_end(c: CompileContext, who: T.Role = None, name: T.Str = None):
    """The site of the last element of a track (``End``, -2, when the track is written
    to end there), as Ludii's ``(trackSite EndSite [<player>] [name])``: the player's
    track whose name contains ``name``; without a player, the first track of that name,
    or the first track nobody owns; the board's first track when none fits."""
    have = tracks_of(c)
    if not have:
        c.fail("the board has no track", "give it one: (board ... (track \"Track\" "
               "\"0,E,End\" P1 directed:True))")
    if name is not None:
        find_tracks(c, name)

    def last_of(p: int) -> int:
        for t in have:
            if (name is not None and name in t.name and (p == 0 or t.owner == p)) or \
                    (name is None and t.owner in (p, 0)):
                return t.sites[-1]
        return have[0].sites[-1]

    if who is None or who.const is not None:
        end = last_of(who.const if who is not None else 0)
        return SiteV(lambda s: end, end)
    per = [last_of(p) for p in range(c.num_players + 1)]
    player = who.fn
    return SiteV(lambda s: per[player(s)])
