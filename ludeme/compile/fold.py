"""Partial evaluation: fold a condition that reads only one site variable into a table.

A landing rule such as ``(to (apply if:(not (is In (to) (sites Corners)))))`` reads
nothing but ``(to)`` and fixed regions, so its value for every site is known at compile
time. ``site_table`` finds that out by running the compiled closure on a probe object
that carries only the one site variable: any other read of the state (the pieces, the
mover, the history) raises, and the condition stays dynamic. Generators then use the
table instead of calling the closure for every candidate site.
"""

from __future__ import annotations

from collections.abc import Callable

SITE_VARIABLES = ("frm", "to", "between")


class _Probe:
    """Stands in for a State with one site variable set; every other attribute is unset,
    so reading it raises AttributeError."""

    __slots__ = SITE_VARIABLES


def site_table(fn: Callable, variable: str, n_sites: int) -> tuple[bool, ...] | None:
    """``fn``'s value for each site bound to ``variable`` (``"to"``, ``"between"`` or
    ``"frm"``), or None when ``fn`` depends on anything else."""
    if variable not in SITE_VARIABLES:
        raise ValueError(f"not a site variable: {variable}")
    out = []
    probe = _Probe()
    for x in range(n_sites):
        for v in SITE_VARIABLES:
            if hasattr(probe, v):
                delattr(probe, v)
        setattr(probe, variable, x)
        try:
            out.append(bool(fn(probe)))
        except Exception:  # noqa: BLE001 - any read beyond the site means "not foldable"
            return None
    return tuple(out)


def constant(fn: Callable) -> object | None:
    """``fn``'s value when it reads nothing of the state (a number built from literals,
    say ``(max 1)``), else None."""
    try:
        return fn(_Probe())
    except Exception:  # noqa: BLE001 - it reads the state: not a constant
        return None


class _PlayersProbe:
    __slots__ = SITE_VARIABLES + ("who", "nxt")


def site_players_row(fn: Callable, variable: str, n_sites: int, who: int,
                     nxt: int) -> tuple[bool, ...] | None:
    """When ``fn`` reads only the site bound to ``variable`` and the players (``who``,
    the mover, and ``nxt``, the next player): its value for each site with these
    players, else None. A sowing rule's "pass over the opponent's store",
    ``skipIf:(= (to) (mapEntry (next)))``, folds this way."""
    if variable not in SITE_VARIABLES:
        raise ValueError(f"not a site variable: {variable}")
    probe = _PlayersProbe()
    probe.who = who
    probe.nxt = nxt
    out = []
    for x in range(n_sites):
        setattr(probe, variable, x)
        try:
            out.append(bool(fn(probe)))
        except Exception:  # noqa: BLE001 - it reads more: not foldable
            return None
    return tuple(out)


class _MoverProbe:
    __slots__ = SITE_VARIABLES + ("who",)


def mover_rows(fn: Callable, n_players: int) -> list | None:
    """When ``fn`` reads only the mover (``who``): its value for each mover (index 0,
    no player, is None), else None. The region a player chooses from, ``(sites
    Mover)``, folds this way (not ``(sites Next)``: the next player may be another than
    the one after the mover, once a player has left the game)."""
    probe = _MoverProbe()
    out: list = [None]
    for who in range(1, n_players + 1):
        probe.who = who
        try:
            out.append(fn(probe))
        except Exception:  # noqa: BLE001 - it reads more: not foldable
            return None
    return out


class _OneSite:
    """Stands in for ``state.what`` when only one site may be read."""

    __slots__ = ("site", "piece")

    def __getitem__(self, i: int) -> int:
        if i == self.site:
            return self.piece
        raise LookupError(i)


class _PieceProbe:
    __slots__ = SITE_VARIABLES + ("what", "who", "nxt")


def site_piece_table(fn: Callable, variable: str, n_sites: int, n_pieces: int,
                     next_of: tuple[int, ...]) -> list[list[bool]] | None:
    """When ``fn`` reads only the site bound to ``variable``, the piece on that site and
    the mover (``who``/``nxt``): its value as ``table[who][site * n_pieces + piece]``
    (piece 0: empty), else None. Capture rules such as "an enemy piece that is not the
    king" or "a friend, a corner or the empty throne" fold this way."""
    return _one_site_table(fn, variable, n_sites, n_pieces, next_of, _PieceProbe(), "what")


class _StateProbe:
    __slots__ = SITE_VARIABLES + ("site_state", "who", "nxt")


# state values a folded table covers: 0 (none) to STATE_VALUES - 1; a site holding a
# larger value is asked of the condition itself
STATE_VALUES = 8


def site_state_table(fn: Callable, variable: str, n_sites: int,
                     next_of: tuple[int, ...]) -> list[list[bool]] | None:
    """When ``fn`` reads only the site bound to ``variable``, that site's state value
    (``state.site_state``, not the piece on it) and the mover: its value as
    ``table[who][site * STATE_VALUES + value]`` for values below ``STATE_VALUES``, else
    None. A flanking capture's "a piece showing an enemy's side", ``(is Enemy (state
    at:(between)))``, folds this way."""
    return _one_site_table(fn, variable, n_sites, STATE_VALUES, next_of, _StateProbe(),
                           "site_state")


def _one_site_table(fn: Callable, variable: str, n_sites: int, n_values: int,
                    next_of: tuple[int, ...], probe, array: str) -> list[list[bool]] | None:
    """``fn`` asked of every mover, site and value of that site's entry in the state's
    ``array`` (``what`` or ``site_state``); None when it reads anything else."""
    if variable not in SITE_VARIABLES:
        raise ValueError(f"not a site variable: {variable}")
    one = _OneSite()
    setattr(probe, array, one)
    tables: list[list[bool]] = [[]]
    for who in range(1, len(next_of)):
        probe.who = who
        probe.nxt = next_of[who]
        row = []
        for x in range(n_sites):
            for v in SITE_VARIABLES:
                if hasattr(probe, v):
                    delattr(probe, v)
            setattr(probe, variable, x)
            one.site = x
            for value in range(n_values):
                one.piece = value
                try:
                    row.append(bool(fn(probe)))
                except Exception:  # noqa: BLE001 - it reads more: not foldable
                    return None
        tables.append(row)
    return tables
