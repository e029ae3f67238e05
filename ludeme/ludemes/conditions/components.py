"""Conditions on where pieces stand: ``(is Within ...)``."""

from __future__ import annotations

from operator import itemgetter

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("is Within", T.Cond,
        ludii="at:/in: as Ludii names them; site_type: is not supported.")
def is_within(c: CompileContext, piece: T.IntFn, *, at: T.Site = None, in_: T.Region = None):
    """Whether a piece of the given id (``(id "King2")``) stands on a site of the region
    ``in:`` (or on the site ``at:``; by default the destination of the last move). Ludii:
    ``(is Within <int> [<siteType>] (at:<int> | in:<region>))``:
    ``(is Within (id "Jarl2") in:(sites Outer))``."""
    if at is not None and in_ is not None:
        c.fail("(is Within ...) takes at:<site> or in:<region>, not both")
    pid = piece.fn
    if in_ is not None:
        if in_.static is not None:
            sites = tuple(in_.static)
            if not sites:
                return CondV(lambda s: False)
            # the pieces on the region's sites, read in C (a tuple, even for one site)
            pieces_on = itemgetter(*sites) if len(sites) > 1 else \
                (lambda w, x=sites[0]: (w[x],))

            def within(s):
                p = pid(s)
                return p in pieces_on(s.what) if p else False

            p = piece.const
            if p is not None:
                # a fixed piece id: read from the piece's sites kept on the state
                # (``State.placed``, see ``ludeme.runtime.occupancy``) and the region
                # as a bit set, when they are kept
                if not p:
                    return CondV(lambda s: False)
                region_bits = sum(1 << x for x in set(sites))

                def within(s):  # noqa: F811 - the piece's kept sites, when kept
                    if s.occ is not None:  # State.placed is valid
                        placed = s.placed
                        return p < len(placed) and bool(placed[p] & region_bits)
                    return p in pieces_on(s.what)

                if p < len(c.pieces.names):  # State.placed always has its entry
                    # read in place by generated end checks (``compile.endchecks``)
                    within.inline = ("(s.placed[{p}] & {bits} if s.occ is not None "
                                     "else {p} in {on}(s.what))",
                                     {"p": p, "bits": region_bits, "on": pieces_on})

            return CondV(within)
        region = in_.fn
        return CondV(lambda s: bool(pid(s)) and any(s.what[x] == pid(s) for x in region(s)))
    if at is not None:
        site = at.fn
        n = c.require_board().n_sites

        def on(s):
            x = site(s)
            return 0 <= x < n and s.what[x] == pid(s) != 0

        return CondV(on)

    def last(s):
        x = s.history[-1].to if s.history else -1
        return x >= 0 and s.what[x] == pid(s) != 0

    return CondV(last)
