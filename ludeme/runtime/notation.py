"""Move notation, generic over move kinds, with parsing that round-trips.

Formats: ``add`` -> ``[symbol]label[dir]`` (``e5``, ``2c3n``); ``move`` ->
``[symbol]from-to[xcaptured...]`` (``Kd4-d6``, ``c4-c7xb7xc6``); ``path`` -> the
points joined by ``-``; ``pass`` -> ``pass``. Parsing accepts the canonical text, the
spellings each kind lists as aliases (a path walked backwards, a move without its
symbol or captures, ``null c4`` for a placement), case-insensitively, when exactly one
legal move matches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludeme.errors import LudemeError

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

DIR_LETTERS = ("", "n", "ne", "e", "se", "s", "sw", "w", "nw")


class Notation:
    def __init__(self, game: Game):
        self.game = game

    # -- formatting ----------------------------------------------------------------------
    def label(self, site: int) -> str:
        return self.game.board.labels[site]

    def captures(self, s: State, m: Move) -> list[int]:
        """Sites that lose their piece when ``m`` is played (other than where it starts)."""
        after = s.clone()
        after.apply(m)
        gone = [x for x, (a, b) in enumerate(zip(s.what, after.what, strict=True))
                if a and not b and x != m.frm]
        coords = self.game.board.coords
        return sorted(gone, key=lambda x: (round(coords[x][0], 6), round(coords[x][1], 6)))

    def format(self, s: State, m: Move) -> str:
        return self.forms(s, m)[0]

    def forms(self, s: State, m: Move) -> list[str]:
        """The canonical text of ``m`` first, then other accepted spellings."""
        g = self.game
        lab = g.board.labels
        sym = g.pieces.symbol[m.piece] if m.piece else ""
        if m.kind == "add":
            d = DIR_LETTERS[m.extra] if m.extra else ""
            text = f"{sym}{lab[m.to]}{d}"
            kind = g.pieces.kinds[m.piece].lower()
            return [text, f"{lab[m.to]}{d}", f"{kind} {lab[m.to]}{d}", f"{kind} {text}"]
        if m.kind == "move":
            core = f"{lab[m.frm]}-{lab[m.to]}"
            caps = "".join(f"x{lab[x]}" for x in self.captures(s, m))
            return [f"{sym}{core}{caps}", f"{sym}{core}", f"{core}{caps}", core]
        if m.kind == "path":
            pts = [lab[x] for x in m.extra]
            return ["-".join(pts), "-".join(reversed(pts))]
        if m.kind == "pass":
            return ["pass"]
        if m.kind == "remove":
            return [f"x{lab[m.to]}"]
        return [f"{m.kind}:{m.frm}:{m.to}"]

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
        prefix = want[:2]
        similar = [t for t in near if t.lower().startswith(prefix)][:12]
        hint = ("legal moves starting the same way: " + ", ".join(similar) if similar
                else f"{len(near)} legal moves, e.g. " + ", ".join(near[:8]))
        raise LudemeError(f"'{text}' is not a legal move here", hint=hint)
