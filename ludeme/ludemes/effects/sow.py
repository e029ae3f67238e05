"""Sowing: Ludii's ``(sow ...)``, the move of mancala games. The seeds of a pit are
taken and dropped one by one in the following pits of a track; then a capture rule may
take seeds from the last pit reached (and, backtracking, from the pits before it).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext, worked_out_now
from ludeme.compile.fold import site_players_row
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.ludemes.containers.counts import enable_counts, site_counter
from ludeme.ludemes.containers.tracks import find_tracks
from ludeme.runtime.game import COUNT_ROWS


@ludeme("sow", T.Effect,
        ludii="A site type other than the board's is not supported.")
def sow(c: CompileContext, track: T.Str = None, start: T.Site = None, *,
        count: T.IntFn = None, owner: T.IntFn = None, if_: T.Cond = None,
        apply: T.Effect = None, includeSelf: T.Bool = True,  # noqa: N803 - Ludii's names
        origin: T.Cond = None, skipIf: T.Cond = None,  # noqa: N803
        backtracking: T.Cond = None, then: T.Effect = None):
    """Sow the seeds of ``start`` (the last move's destination by default; ``count:`` of
    them, all by default) one by one into the next sites of the track named ``track``
    (of ``owner``'s tracks, when given; the first track otherwise), as Ludii does:

    * ``skipIf:`` passes over the sites where it holds (``(to)`` bound to each);
    * ``includeSelf:False`` passes over the starting pit;
    * ``origin:True`` leaves the first seed in the starting pit.

    The sites are chosen on the position before sowing. Then, with ``(to)`` the last
    site sown and ``(from)`` the start, ``apply:`` is done where ``if:`` holds (always,
    without ``if:``); with ``backtracking:`` it goes on with the site before while
    ``backtracking:`` and ``if:`` hold. ``then:`` follows."""
    enable_counts(c)
    g = c.game
    n_sites = c.require_board().n_sites
    candidates = find_tracks(c, track)
    by_owner = [[t for t in candidates if t.owner == p] for p in range(c.num_players + 1)]
    exact = [t for t in candidates if track is None or t.name == track]
    count_at = site_counter(c)
    start_fn = start.fn if start is not None else \
        (lambda s: s.history[-1].to if s.history else -1)
    count_fn = count.fn if count is not None else None
    owner_fn = owner.fn if owner is not None else None
    skip = skipIf.fn if skipIf is not None else None
    keep_origin = origin.fn if origin is not None else None
    rule = if_.fn if if_ is not None else None
    effect = apply.fn if apply is not None else None
    # as in Ludii, the captures are worked out on the position the sowing leaves, none
    # applied before the last is worked out (a test after a capture in an (and ...)
    # sees the seeds still there); effects that cannot be worked out apart run in turn
    prepare = apply.prepare if apply is not None else None
    # both at once where that cannot differ (compiler.worked_out_now)
    now = worked_out_now(apply) if apply is not None else None
    back = backtracking.fn if backtracking is not None else None
    thenfn = then.fn if then is not None else None
    self_too = bool(getattr(includeSelf, "value", includeSelf))

    def _plan(t, i: int, n: int, skipped: tuple[bool, ...] | None = None):
        """Where ``n`` seeds sown from element ``i`` of track ``t`` go (with the sites
        ``skipIf:`` passes over, when it depends on the site and the players alone): the
        sites with how many each gets, the seeds sown and the index of the last pit sown
        (the same walk as below, on no position)."""
        sites, nxt = t.sites, t.nxt
        x0 = sites[i]
        got: dict[int, int] = {}
        total = passed = 0
        while total < n:
            j = nxt[i]
            if j < 0:
                break
            to = sites[j]
            if skipped is not None and skipped[to]:
                i = j
                passed += 1
                if passed > len(sites):
                    break  # every site is skipped: nowhere to sow
                continue
            passed = 0
            if not self_too and to == x0:
                i = j
                j = nxt[i]
                if j < 0:
                    break
                to = sites[j]
            got[to] = got.get(to, 0) + 1
            total += 1
            i = j
        return tuple(got.items()), total, i

    count_rows, count_hash = g.count_rows, g.count_hash
    rows_of: dict[int, list[list[int]]] = {}  # count_rows, per piece sown
    # per track: the first element on each site (Track.index_of without a search)
    # (-1 for a site off the track)
    firsts: dict[int, list[int]] = {}
    for t in candidates:
        firsts[id(t)] = first = [-1] * n_sites
        for k, x in reversed(list(enumerate(t.sites))):
            if 0 <= x < n_sites:
                first[x] = k

    def _drop(s, x0: int, adds, total: int) -> None:
        """Take ``total`` seeds from ``x0`` and add ``adds`` (site, seeds), keeping the
        hash as ``Game.set_count`` does, in one pass: each change of count is two
        look-ups in the piece's table of keys (``Game.count_rows``)."""
        w, cnt = s.what, s.count
        piece = w[x0]
        if not piece:
            _drop_any(s, x0, adds, total)
            return
        rows = rows_of.get(piece)
        if rows is None:
            rows = rows_of[piece] = count_rows(piece)
        had = cnt[x0] or 1
        left = had - total if had > total else 0
        h = s.hash
        if had < COUNT_ROWS:
            r = rows[x0]
            h ^= r[had] ^ r[left]
        else:
            h ^= count_hash(x0, piece, had) ^ count_hash(x0, piece, left)
        if left:
            cnt[x0] = left
        else:
            w[x0] = cnt[x0] = 0
        s.occ = None  # runtime.occupancy: not kept here
        for x, k in adds:
            old = w[x]
            if old == piece:
                on = cnt[x] or 1
            elif not old:
                on = 0
            else:  # another piece stands there: the seeds join it, as the sown piece
                on = cnt[x] or 1
                h ^= count_hash(x, old, on) ^ count_hash(x, piece, on)
            new = on + k
            if new < COUNT_ROWS:
                r = rows[x]
                h ^= r[on] ^ r[new]
            else:
                h ^= count_hash(x, piece, on) ^ count_hash(x, piece, new)
            w[x] = piece
            cnt[x] = new
        s.hash = h

    def _drop_any(s, x0: int, adds, total: int) -> None:
        """``_drop`` from a site holding no piece (``count:`` more seeds than there are):
        the seeds sown are those standing where they land, or the first piece."""
        w, cnt = s.what, s.count
        for x, k in adds:
            g.set_count(s, x, ((cnt[x] or 1) if w[x] else 0) + k, w[x] or 1)

    # per (mover, next player): the sites skipIf: passes over, when it reads nothing but
    # the site and the players (folded once, by fold.site_players_row), else None; and
    # per track, per start site, the plans of sowing from there by number of seeds
    # (keyed by who * 256 + next: an int, no tuple made per sowing)
    skip_rows: dict[int, tuple[tuple[bool, ...] | None, dict]] = {}
    no_skip: tuple[None, dict] = (None, {})

    def skip_entry(s) -> tuple[tuple[bool, ...] | None, dict]:
        row = site_players_row(skip, "to", n_sites, s.who, s.nxt)
        entry = skip_rows[s.who * 256 + s.nxt] = (row, {})
        return entry

    def site_plans(t, by_track: dict) -> list[dict | None]:
        """Per board site, the plans of sowing from there along ``t`` (None off it)."""
        first = firsts[id(t)]
        at = by_track[id(t)] = [{} if first[x] >= 0 else None for x in range(n_sites)]
        return at

    last_to = start is None  # the default start: the last move's destination

    def run(s):
        frm0, to0 = s.frm, s.to
        if last_to:
            hist = s.history
            x0 = hist[-1].to if hist else -1
        else:
            x0 = start_fn(s)
        if 0 <= x0 < n_sites:
            _sow(s, x0)
        s.frm, s.to = frm0, to0
        if thenfn is not None:
            thenfn(s)

    def _sow(s, x0: int) -> None:
        if count_fn is not None:
            n = count_fn(s)
        else:  # every seed of a board site (count_at, read here)
            n = ((s.count[x0] or 1) if s.what[x0] else 0) if s.count is not None else \
                count_at(s, x0)
        if owner_fn is not None:
            p = owner_fn(s)
            mine = by_owner[p] if 0 <= p < len(by_owner) else []
            if not mine:
                return
            t = mine[0]
        elif exact:
            t = exact[0]
        else:
            return
        i = firsts[id(t)][x0]
        if i < 0:
            return
        sites, nxt = t.sites, t.nxt
        kept = keep_origin is not None and keep_origin(s)
        if kept:
            n -= 1
            s.to = x0
            s.after_frm = s.after_to = x0  # Ludii's first action: a seed left at the start
        if skip is None:
            skipped, by_track = no_skip
        else:
            entry = skip_rows.get(s.who * 256 + s.nxt)
            skipped, by_track = entry if entry is not None else skip_entry(s)
        if skip is None or skipped is not None:
            # where the seeds go depends on the track, the start, the number and the
            # sites skipped alone: worked out once, then the counts change in one pass
            at = by_track.get(id(t))
            if at is None:
                at = site_plans(t, by_track)
            by_n = at[x0]
            plan = by_n.get(n)
            if plan is None:
                plan = by_n[n] = _plan(t, i, n, skipped)
            adds, total, i = plan
            if total:
                _drop(s, x0, adds, total)
                # Ludii's sowing actions each go from the start: the last one's sites
                s.after_frm, s.after_to = x0, sites[i]
            elif not kept:
                return
            # (with origin:True and one seed, the capture is tried at the start, as in
            # Ludii)
            if effect is None:
                return
            s.to = sites[i]
            _capture(s, x0, t, i)
            return
        # where the seeds go, worked out on the position before sowing, as in Ludii
        dropped: list[int] = []
        passed = 0
        while len(dropped) < n:
            j = nxt[i]
            if j < 0:
                break
            to = sites[j]
            s.to = to
            if skip(s):
                i = j
                passed += 1
                if passed > len(sites):
                    break  # every site is skipped: nowhere to sow
                continue
            passed = 0
            if not self_too and to == x0:
                i = j
                j = nxt[i]
                if j < 0:
                    break
                to = sites[j]
            dropped.append(to)
            s.to = to
            i = j
        if not dropped:
            if not kept or effect is None:
                return
            s.to = x0
            _capture(s, x0, t, t.index_of(x0))
            return
        # the counts change in one pass, as without skipIf:
        got: dict[int, int] = {}
        for to in dropped:
            got[to] = got.get(to, 0) + 1
        _drop(s, x0, got.items(), len(dropped))
        s.after_frm, s.after_to = x0, dropped[-1]
        if effect is None:
            return
        s.to = dropped[-1]
        _capture(s, x0, t, i)

    def _capture(s, x0: int, t, i: int) -> None:
        """``apply:`` where ``if:`` holds at the last pit sown (``s.to``, index ``i`` of
        the track), and backwards while ``backtracking:`` holds."""
        if back is None:
            # one pit at most: worked out, then applied (the loop below, once)
            if rule is None or rule(s):
                s.frm = x0
                if now is not None:
                    now(s)
                    return
                apply_it = prepare(s)
                s.frm = x0
                apply_it(s)
            return
        sites, prv = t.sites, t.prv
        if prepare is not None:
            worked_out = []
            while rule is None or rule(s):
                s.frm = x0
                worked_out.append(prepare(s))
                s.frm = x0  # (from) is the start for backtracking:, as in Ludii
                j = prv[i]
                if j < 0 or back is None:
                    break
                i = j
                s.to = sites[i]
                if not back(s) or sites[i] == x0:
                    break
            for apply_it in worked_out:
                apply_it(s)
            return
        while rule is None or rule(s):
            s.frm = x0
            effect(s)
            j = prv[i]
            if j < 0 or back is None:
                break
            i = j
            s.to = sites[i]
            if not back(s) or sites[i] == x0:
                break

    def plain_run(t):
        """``run`` for a sowing of every seed of its start along ``t``: the same steps,
        with the plans kept per (mover, next player) when ``skipIf:`` reads the players
        (one table otherwise), per start site, in a list by number of seeds."""
        sites = t.sites
        first = firsts[id(t)]
        # key -> per start site, the plans by number of seeds (None off the track), or
        # False where skipIf: reads the position; and the sites skipIf: passes over
        tables: dict[int, list | bool] = {}
        skips: dict[int, tuple[bool, ...] | None] = {}
        one_pit = back is None and now is not None  # the capture: (if:) then now

        def table(s, key: int):
            skipped = None
            if skip is not None:
                skipped = site_players_row(skip, "to", n_sites, s.who, s.nxt)
                if skipped is None:
                    tables[key] = False
                    return False
            skips[key] = skipped
            plans = tables[key] = [[] if first[x] >= 0 else None for x in range(n_sites)]
            return plans

        def run_plain(s):
            frm0, to0 = s.frm, s.to
            if last_to:
                hist = s.history
                x0 = hist[-1].to if hist else -1
            else:
                x0 = start_fn(s)
            if 0 <= x0 < n_sites:
                key = s.who * 256 + s.nxt if skip is not None else 0
                plans = tables.get(key)
                if plans is None:
                    plans = table(s, key)
                w = s.what
                piece = w[x0]
                by_n = plans[x0] if plans is not False else None
                if not piece or by_n is None:
                    if plans is False or piece:
                        _sow(s, x0)  # skipIf: reads the position
                    # else no seed to sow, or a start off the track: nothing to do
                else:
                    cnt = s.count
                    n = cnt[x0] or 1
                    if n >= len(by_n):
                        by_n.extend([None] * (n + 1 - len(by_n)))
                    plan = by_n[n]
                    if plan is None:
                        adds, total, i = _plan(t, first[x0], n, skips[key])
                        plan = by_n[n] = (adds, total, sites[i], i)
                    adds, total, last, i = plan
                    if total:
                        _drop(s, x0, adds, total)
                        s.after_frm, s.after_to = x0, last
                        if effect is not None:
                            s.to = last
                            if one_pit:
                                if rule is None or rule(s):
                                    s.frm = x0
                                    now(s)
                            else:
                                _capture(s, x0, t, i)
            s.frm, s.to = frm0, to0
            if thenfn is not None:
                thenfn(s)

        return run_plain

    # a sowing of every seed of its start (the last move's destination, or a site given)
    # along one track, without ``count:``, ``owner:`` or ``origin:``, runs as one
    # function (``plain_run``): the plan of each (start, seeds) read from a list per
    # start site, the counts and the hash changed in the same call, a capture of one pit
    # applied at once; other sowings take the general path (``run``)
    if count_fn is None and owner_fn is None and exact and keep_origin is None:
        return EffectV(plain_run(exact[0]))
    return EffectV(run)
