"""Move notation, generic over move kinds, with parsing that round-trips.

Formats: ``add`` -> ``[symbol]label[dir]`` (``e5``, ``2c3n``); ``move`` ->
``[symbol]from-to[xcaptured...]`` (``Kd4-d6``, ``c4-c7xb7xc6``); ``path`` -> the
points joined by ``-``; ``pass`` -> ``pass``. Parsing accepts the canonical text, the
spellings each kind lists as aliases (a path walked backwards, a move without its
symbol or captures, ``null c4`` for a placement), case-insensitively, when exactly one
legal move matches.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ludeme.board.graph import DIRECTIONS
from ludeme.errors import LudemeError, shorten
from ludeme.runtime.chance import dice_used

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

DIR_LETTERS = ("", "n", "ne", "e", "se", "s", "sw", "w", "nw")


class Notation:
    """Writes and reads moves. Writing costs the length of the text: the text that
    depends on the move alone is built once per (interned) move and kept; what depends
    on the position, the pieces a move would take, is asked of the move's consequences
    (``Move.takes``), which work it out without playing the move."""

    def __init__(self, game: Game):
        self.game = game
        self._plain: dict[Move, tuple[str, ...]] = {}
        self._lower: dict[Move, tuple[str, ...]] = {}
        self._labels: tuple[str, ...] | None = None

    @property
    def labels(self) -> tuple[str, ...]:
        """Every site's label: the board's, then the hands' (``hand1``: P1's hand, its
        site n > 0 ``hand1.n``; ``hand0`` the shared one)."""
        if self._labels is None:
            g = self.game
            extra: list[str] = []
            hands = g.hands
            if hands is not None:
                for i, p in enumerate(hands.owner):
                    j = hands.base + i - hands.first[p]
                    extra.append(f"hand{p}" + (f".{j}" if j else ""))
            self._labels = tuple(g.board.labels) + tuple(extra)
        return self._labels

    # -- formatting ----------------------------------------------------------------------
    def label(self, site: int) -> str:
        return self.labels[site]

    def captures(self, s: State, m: Move) -> list[int]:
        """Sites that lose their piece when ``m`` is played (other than where it starts),
        in board order. The move is not played: its consequences list what they would
        take (``Move.takes``) while the board shows, for that moment, what the move's
        own action leaves (the piece lifted from ``frm`` and set on ``to``)."""
        takes = m.takes
        if takes is None:
            return []
        g = self.game
        w = s.what
        frm, to, p = m.frm, m.to, m.piece
        on_board = 0 <= frm < len(w)
        before_frm = w[frm] if on_board else 0
        before_to = w[to] if to >= 0 else 0
        z = g.zobrist
        old_hash = s.hash
        context = (s.who, s.nxt, s.frm, s.to, s.between)
        # the hash follows the board, since caches on the state are validated by it
        h = old_hash
        if frm >= 0 and before_frm:
            w[frm] = 0
            h ^= z[frm][before_frm]
        if to >= 0 and p:
            if before_to:
                h ^= z[to][before_to]
            w[to] = p
            h ^= z[to][p]
        s.hash = h
        s.occ = None  # runtime.occupancy: a trial
        s.who = s.mover
        s.nxt = g.next_of[s.mover]
        s.frm, s.to = frm, to
        s.history.append(m)
        try:
            taken = takes(s)
        finally:
            s.history.pop()
            if to >= 0:
                w[to] = before_to
            if on_board:
                w[frm] = before_frm
            s.occ = None  # runtime.occupancy: a trial
            s.hash = old_hash
            s.who, s.nxt, s.frm, s.to, s.between = context
        gone = {x for x in taken if x != frm and 0 <= x < len(w) and w[x]}
        if not gone:
            return []
        coords = g.board.coords
        return sorted(gone, key=lambda x: (round(coords[x][0], 6), round(coords[x][1], 6)))

    def format(self, s: State, m: Move) -> str:
        text = self.plain(m)[0]
        if m.kind == "move" and m.takes is not None:
            lab = self.labels
            text += "".join(f"x{lab[x]}" for x in self.captures(s, m))
        if len(m.key) > 5:
            text += self.suffix(s, m)
        return text

    def suffix(self, s: State, m: Move) -> str:
        """What tells ``m`` from equal moves its key has more parts than (a die,
        ``(or ...)``'s generator number): empty for a move of five parts."""
        if len(m.key) <= 5:
            return ""
        tail = m.key[-1]
        if isinstance(tail, tuple) and tail[:1] == ("or",):
            return self.die_suffix(s, m) + f"/or{tail[1]}"
        return self.die_suffix(s, m)

    def die_suffix(self, s: State, m: Move) -> str:
        """For a move of ``(forEach Die ...)`` that another legal move equals but for the
        die it uses: ``/`` and the value of its die (``/3``, ``/2+5`` for dice used
        together), so that each is written apart; empty otherwise."""
        used = dice_used(m)
        if used is None or s.dice is None:
            return ""
        core = m.key[:5]
        if not any(o is not m and o.key[:5] == core for o in s.legal_moves()):
            return ""
        return "/" + "+".join(str(s.dice.left[i]) for i in used)

    def plain(self, m: Move) -> tuple[str, ...]:
        """The spellings of ``m`` that do not depend on the position, canonical first
        (for a move from one site to another: without its captures). Built once per move."""
        got = self._plain.get(m)
        if got is None:
            got = self._plain[m] = tuple(self._spell(m))
        return got

    def _spell(self, m: Move) -> list[str]:
        g = self.game
        lab = self.labels
        sym = g.pieces.symbol[m.piece] if m.piece else ""
        if m.kind == "add":
            d = DIR_LETTERS[m.extra] if m.extra else ""
            text = f"{sym}{lab[m.to]}{d}"
            kind = g.pieces.kinds[m.piece].lower()
            return [text, f"{lab[m.to]}{d}", f"{kind} {lab[m.to]}{d}", f"{kind} {text}"]
        if m.kind == "move":
            core = f"{lab[m.frm]}-{lab[m.to]}"
            return [f"{sym}{core}", core]
        if m.kind == "path":
            pts = [lab[x] for x in m.extra]
            return ["-".join(pts), "-".join(reversed(pts))]
        if m.kind == "pass":
            return ["pass"]
        if m.kind == "remove":
            return [f"x{lab[m.to]}"]
        if m.kind == "promote":
            kind = g.pieces.kinds[m.piece]
            return [f"{lab[m.to]}={sym or kind}", f"promote {lab[m.to]} {kind.lower()}"]
        if m.kind == "swap" and m.frm < 0:
            return ["swap"]  # the swap rule: the players exchange sides
        if m.kind == "swap":
            return [f"{lab[m.frm]}<>{lab[m.to]}"]
        if m.kind == "select":
            where = lab[m.frm] if m.frm == m.to else f"{lab[m.frm]}-{lab[m.to]}"
            return [f"select {where}"]
        if m.kind in ("propose", "vote"):
            return [f"{m.kind} {m.extra}"]  # (propose "End"): propose End
        return [f"{m.kind}:{m.frm}:{m.to}"]

    def forms(self, s: State, m: Move) -> list[str]:
        """The canonical text of ``m`` first, then other accepted spellings."""
        plain = self.plain(m)
        die = self.suffix(s, m) if len(m.key) > 5 else ""
        if m.kind != "move":
            return [plain[0] + die, *plain] if die else list(plain)
        with_sym, core = plain
        lab = self.labels
        caps = "".join(f"x{lab[x]}" for x in self.captures(s, m))
        if die:
            return [f"{with_sym}{caps}{die}", f"{core}{caps}{die}", f"{with_sym}{caps}",
                    with_sym, f"{core}{caps}", core]
        return [f"{with_sym}{caps}", with_sym, f"{core}{caps}", core]

    # -- parsing -------------------------------------------------------------------------
    def parse(self, s: State, text: str) -> Move:
        want = " ".join(text.strip().split()).lower()
        if not want:
            raise LudemeError("empty move")
        legal = s.legal_moves()
        if not legal:
            raise LudemeError(f"'{text}': there are no legal moves (the game is over)")
        matches = []
        for m in legal:
            # only a move whose plain spelling the text is, or starts (before its
            # captures), can match: the others are passed over without more work
            lower = self._lower.get(m)
            if lower is None:
                lower = self._lower[m] = tuple(f.lower() for f in self.plain(m))
            if not any(want == f or want.startswith((f + "x", f + "/")) for f in lower):
                continue
            forms = [f.lower() for f in self.forms(s, m)]
            if want == forms[0]:
                return m
            if want in forms:
                matches.append(m)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            options = ", ".join(self.format(s, m) for m in matches[:12])
            raise LudemeError(f"'{text}' is ambiguous: it could be {options}")
        near = [self.format(s, m) for m in legal]
        similar = self._similar(s, want, legal)
        hint = ("legal moves starting the same way: " + ", ".join(similar[:12])
                + (f" ({len(similar)} in all)" if len(similar) > 12 else "") if similar
                else f"{len(near)} legal moves, e.g. " + ", ".join(near[:8]))
        why = self._why(s, want)
        raise LudemeError(f"'{text}' is not a legal move here" + (f": {why}" if why else ""),
                          hint=hint)

    def _similar(self, s: State, want: str, legal: list[Move]) -> list[str]:
        """The legal moves sharing the longest prefix with ``want`` (any spelling).

        One pass over the spellings: each is compared with ``want`` only as far as the
        spelling goes, so the cost is bounded by the legal moves, not by ``want``."""
        best, found = 0, []
        for m in legal:
            forms = self.forms(s, m)
            n = max(_common_prefix(f.lower(), want) for f in forms)
            if n and n >= best:
                if n > best:
                    best, found = n, []
                found.append(forms[0])
        return found

    def _why(self, s: State, want: str) -> str | None:
        """Why a move written as a site (a placement) or ``from-to`` is not legal, from
        the sites it names; None when the text names no such thing."""
        g = self.game
        labels = {lab.lower(): x for x, lab in enumerate(self.labels)}
        core = want.split("x", 1)[0] if "-" in want else want
        parts = core.split("-")
        if not all(parts):
            return None
        first = parts[0]
        turn = ""
        if first not in labels:
            # a piece symbol may come first ("Kd4-d6"), a placement's direction last
            # ("2c3n"); the longest label wins ("a10" before "a1")
            # only as far as a symbol and a label can reach, so a long word costs no
            # more than a short one
            found = None
            longest = max(map(len, labels), default=0)
            symbols = max((len(x) for x in g.pieces.symbol if x), default=0)
            for cut in range(min(len(first), symbols + 1)):
                for end in range(min(len(first), cut + longest), cut, -1):
                    if first[cut:end] in labels and (
                            end == len(first) or len(parts) == 1 and first[end:] in DIR_LETTERS):
                        found = (cut, end)
                        break
                if found:
                    break
            if found is None:
                return f"there is no site {shorten(parts[0])} on this board"
            turn = first[found[1]:]
            first = first[found[0]:found[1]]
        for p in parts[1:]:
            if p not in labels:
                return f"there is no site {shorten(p)} on this board"
        sites = [labels[first]] + [labels[p] for p in parts[1:]]
        if any(x >= len(s.what) for x in sites):
            return None  # a hand site: the generic message says it is not legal
        owner = g.pieces.owner
        names = g.pieces.kinds
        if len(sites) == 1:
            x = sites[0]
            if s.what[x]:
                who = owner[s.what[x]]
                return f"{g.board.labels[x]} is occupied" + (
                    f" by P{who}'s {names[s.what[x]]}" if who else "")
            if turn:
                d = DIR_LETTERS.index(turn)
                y = g.board.step["Adjacent"][DIRECTIONS[d - 1]][x]
                at = f"at {g.board.labels[y]}" if y >= 0 else "off the board"
                return f"P{s.mover} cannot place on {g.board.labels[x]} pointing {turn} ({at}) now"
            return f"P{s.mover} cannot place on {g.board.labels[x]} now"
        x, y = sites[0], sites[-1]
        p = s.what[x]
        if not p:
            return f"there is no piece on {g.board.labels[x]}"
        if owner[p] and owner[p] != s.mover:
            return f"the {names[p]} on {g.board.labels[x]} is P{owner[p]}'s, not P{s.mover}'s"
        can = any(m.frm == x for m in s.legal_moves())
        if not can:
            return f"the {names[p]} on {g.board.labels[x]} has no legal move"
        return f"the {names[p]} on {g.board.labels[x]} cannot move to {g.board.labels[y]}"


def _common_prefix(a: str, b: str) -> int:
    """The length of the longest common prefix of ``a`` and ``b``."""
    return len(os.path.commonprefix((a, b)))
