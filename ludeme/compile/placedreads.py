"""Questions about where fixed pieces stand, read from the sites of each piece id kept
on the state (``State.placed``, valid while ``State.occ`` is kept: see
``ludeme.runtime.occupancy``) instead of a scan of the board, and offered to the
generated end checks (``compile.endchecks``) as expressions read in place.

- ``(= (count Pieces ...) 0)`` of fixed piece ids (``(count Pieces P1)``, ``(count
  Pieces P2 "King")``): none of the ids has a site, ``not (placed[a] | placed[b])``;
- ``(is In (where <fixed piece>) <fixed region>)``: the lowest site of the piece (the
  one ``where`` names) is in the region, ``placed[p] & -placed[p] & bits``.

Where the occupancy is not kept (or stacks are, whose lower levels ``count`` counts),
each falls back on the function it replaces.
"""

from __future__ import annotations

from collections.abc import Callable


def absent_of(pids: tuple[int, ...], fallback: Callable, stacks: bool = True) -> Callable:
    """``fallback`` (whether none of the pieces ``pids`` is on the board, at any level)
    answered from the kept piece sites when they are kept and the board has no
    stacks. ``stacks``: whether the game's sites may hold stacks (``Game.uses_stacks``,
    known before anything compiles); where they never do, the state's ``stack`` is not
    asked."""
    if not pids:
        return fallback
    if len(pids) == 1:
        p = pids[0]

        def absent(s):
            if s.occ is not None and s.stack is None:
                return not s.placed[p]
            return fallback(s)

        expr = "s.placed[{p0}]"
    else:
        def absent(s):
            if s.occ is not None and s.stack is None:
                placed = s.placed
                for p in pids:
                    if placed[p]:
                        return False
                return True
            return fallback(s)

        expr = " | ".join(f"s.placed[{{p{i}}}]" for i in range(len(pids)))
    values = {f"p{i}": p for i, p in enumerate(pids)}
    values["slow"] = fallback
    guard = "s.occ is not None and s.stack is None" if stacks else "s.occ is not None"
    absent.inline = (f"(not ({expr}) if {guard} else {{slow}}(s))", values)
    return absent


def where_in(pid: int, members: frozenset, fallback: Callable) -> Callable:
    """``fallback`` (whether the lowest site of piece ``pid``, -1 when it has none, is
    one of ``members``) answered from the kept piece sites when they are kept."""
    bits = sum(1 << x for x in members if x >= 0)

    def inside(s):
        if s.occ is not None:
            q = s.placed[pid]
            return bool(q & -q & bits)
        return fallback(s)

    inside.inline = ("(s.placed[{p}] & -s.placed[{p}] & {bits} if s.occ is not None "
                     "else {slow}(s))", {"p": pid, "bits": bits, "slow": fallback})
    return inside
