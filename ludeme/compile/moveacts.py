"""The actions of plain moves (a piece moved to an empty site, a piece placed), each
written once as lines of source: the act function is made from them, and the turn
written per game (``runtime.written_turn``) writes the same lines in place of a call.

Moving piece ``p`` from ``frm`` to an empty ``to`` changes the Zobrist hash by
``z[frm][p] ^ z[to][p]``, the kept occupancy (``runtime.occupancy``) by the two sites'
bits and the piece's placed bits by ``1 << frm | 1 << to``: the same three numbers
every time the move is made. The lean action keeps them on the move (``Move.keys``, made
the first time the move is made) and xors each once; any other case (a piece taken at
``to``, pieces with a direction, counts or state values, a board that does not hold the
move's piece at ``frm``) is the general action's.

An act with a writer (``written_act``) carries ``act.write``: ``write(p, facts)``
returns its lines, every name it introduces prefixed by ``p``, reading the state ``s``
and the move ``m``; ``facts`` (a ``Facts``) says what the game can never hold (turned
pieces, counts, state values), so that the turn's copy leaves out those tests (the
function's copy, ``facts`` None, keeps them all). The values the lines read are the
act's ``act.values``, reached through the ``exec`` namespace under the same prefix.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ludeme.runtime import occupancy

#: ``make_move_act``'s action takes the lean path for a move to an empty site
#: (``lean_move_act``); the acts that have a writer (``written_act``: the lean move, a
#: placement, a placement from a hand) are written into the generated turn and playout
#: loop in place of their call (``turn_acts``), with the tests of what the game can
#: never hold left out


@dataclasses.dataclass(frozen=True)
class Facts:
    """What a game's states can hold, for an act written into its turn: turned pieces
    (``turns``), counts per site (``counts``), state values per site (``states``); and
    the local names the turn already holds: ``mover`` (``s.who``'s value), ``frm``
    (``m.frm``'s)."""

    turns: bool = True
    counts: bool = True
    states: bool = True
    mover: str = "s.who"
    frm: str | None = None


#: the facts of the act function: every test kept
ANY = Facts()


def game_facts(g, mover: str, frm: str | None) -> Facts:
    """The facts of game ``g``'s states (read once its rules are compiled)."""
    return Facts(turns=bool(getattr(g, "turns_pieces", False)), counts=g.uses_counts,
                 states=g.uses_site_state, mover=mover, frm=frm)


def written_act(g, write: Callable[[str, Facts], list[str]], values: dict,
                parts: dict | None = None) -> Callable:
    """The act made from ``write``'s lines (with every test: ``ANY``), carrying
    ``write`` and ``values`` for the turn, and listed on ``g.written_acts``. ``parts``:
    the flags that chose its lines, with ``values`` kept as ``act.parts`` (as a
    closure's cells would say, for tests)."""
    source = ["def act(s, m):"] + ["    " + line for line in write("", ANY)]
    space = dict(values)
    exec(compile("\n".join(source), "<ludeme act>", "exec"), space)  # noqa: S102
    act = space["act"]
    act.write = write
    act.values = values
    act.parts = dict(values, **(parts or {}))
    if g is not None:
        acts = g.__dict__.setdefault("written_acts", [])
        acts.append(act)
    return act


def turn_acts(g, mover: str, frm: str | None,
              most: int = 3) -> list[tuple[str, list[str], dict]]:
    """For the turn written for ``g``: per act with a writer (the ``most`` compiled
    last; the others are called), the name it is told by,
    its lines and its values, all under a prefix of their own."""
    facts = game_facts(g, mover, frm)
    out = []
    # the last compiled first (a description's setup phases come before its main one)
    for i, act in enumerate(reversed(g.__dict__.get("written_acts", ())[-most:])):
        p = f"a{i}_"
        values = {p + k: v for k, v in act.values.items()}
        values[p + "act"] = act
        out.append((p + "act", act.write(p, facts), values))
    return out


def lean_move_act(g, general: Callable) -> Callable:
    """``general`` (``slide.make_move_act``'s action for a game without stacks) with the
    plain move to an empty site made from keys kept on the move. One act a game: the
    actions ``general`` stands for are the same in every generator of a game without
    stacks."""
    kept = g.__dict__.get("lean_act")
    if kept is not None:
        return kept
    z = g.zobrist
    bits = occupancy.double_bits(g.board.n_sites)

    def keys_of(m):
        frm, to, p = m.frm, m.to, m.piece
        k = m.keys = (z[frm][p] ^ z[to][p], bits[frm] ^ bits[to], (1 << frm) | (1 << to))
        return k

    def write(p: str, f: Facts) -> list[str]:
        w, to, pc = p + "w", p + "to", p + "pc"
        frm = f.frm or p + "frm"
        lines = [f"{w} = s.what"]
        if f.frm is None:
            lines.append(f"{frm} = m.frm")
        lines += [f"{to} = m.to", f"{pc} = m.piece"]
        test = f"{w}[{to}] or {w}[{frm}] != {pc} or not {pc} or {frm} == {to}"
        if f.turns:
            lines.append(f"{p}rot = s.rot")
            test += f" or {p}rot[{frm}] or {p}rot[{to}]"
        if f.counts:
            test += " or s.count is not None"
        if f.states:
            test += " or s.site_state is not None"
        return lines + [
            f"if {test}:",
            f"    {p}general(s, m)",
            "else:",
            f"    {p}hk, {p}ok, {p}pk = m.keys or {p}keys_of(m)",
            f"    s.hash ^= {p}hk",
            f"    {p}occ = s.occ",
            f"    if {p}occ is not None:",
            f"        s.occ = {p}occ ^ {p}ok",
            f"        s.placed[{pc}] ^= {p}pk",
            f"    {w}[{frm}] = 0",
            f"    {w}[{to}] = {pc}"]

    act = g.lean_act = written_act(g, write, dict(general=general, keys_of=keys_of))
    return act


def add_act(g) -> Callable:
    """The primitive of placing ``m.piece`` on ``m.to`` (``generators.make_add_act``),
    keeping the occupancy and the hash; one act a game (``g`` None: a fragment compiled
    without a game, whose act is never played)."""
    kept = g.__dict__.get("add_act") if g is not None else None
    if kept is not None:
        return kept
    z = g.zobrist if g is not None else None
    bits = occupancy.double_bits(g.board.n_sites) if g is not None else ()

    def write(p: str, f: Facts) -> list[str]:
        to, pc, w, occ = p + "to", p + "pc", p + "w", p + "occ"
        return [
            f"{to} = m.to",
            f"{pc} = m.piece",
            f"{w} = s.what",
            f"{occ} = s.occ",
            f"if {occ} is not None:",
            f"    if {pc}:",
            f"        {p}q = {w}[{to}]",
            f"        {p}placed = s.placed",
            f"        if {p}q:",
            f"            {p}placed[{p}q] ^= 1 << {to}",
            "        else:",
            f"            s.occ = {occ} ^ {p}bits[{to}]",
            f"        {p}placed[{pc}] ^= 1 << {to}",
            "    else:",
            "        s.occ = None",
            f"{w}[{to}] = {pc}",
            f"s.hash ^= {p}z[{to}][{pc}]"]

    act = written_act(g, write, dict(z=z, bits=bits))
    if g is not None:
        g.add_act = act
    return act
