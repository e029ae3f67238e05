"""What a person at the board is told about their turn: the phase and what it asks for,
how a move is written in this game's notation (with examples from the position), and
the moves played lately. Generic: everything is read from the legal moves, the phase
names and the notation, never from a game's name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

RECENT = 6          # moves in the recent-moves line

_VERBS = {"add": "placing", "move": "moving", "path": "drawing", "pass": "passing"}


def _one_of(names: Sequence[str]) -> str:
    if len(names) == 1:
        return _article(names[0])
    return _article(", ".join(names[:-1]) + " or " + names[-1])


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _piece_kinds(state: State, moves: Sequence[Move]) -> list[str]:
    kinds = state.game.pieces.kinds
    return list(dict.fromkeys(kinds[m.piece] for m in moves if m.piece))


def what_to_do(state: State) -> str:
    """``"phase Nulls: placing a Null"``, ``"moving an Attacker or King"``: the phase
    (when the game has more than one) and what its moves do."""
    moves = state.legal_moves()
    parts = []
    game = state.game
    if len(game.phases) > 1:
        parts.append(f"phase {game.phases[state.phase].name}")
    doing = []
    for kind in dict.fromkeys(m.kind for m in moves):
        of_kind = [m for m in moves if m.kind == kind]
        verb = _VERBS.get(kind, kind)
        if kind == "path":
            doing.append(f"{verb} a path")
        elif kind == "pass":
            doing.append(verb)
        else:
            pieces = _piece_kinds(state, of_kind)
            doing.append(f"{verb} {_one_of(pieces)}" if pieces else verb)
    text = ", or ".join(doing)
    return f"{parts[0]}: {text}" if parts else text


def example(state: State) -> str | None:
    """The notation of one legal move (the first, so it does not change between calls)."""
    moves = state.legal_moves()
    return state.move_to_string(moves[0]) if moves else None


def turn_line(state: State, who: str) -> str:
    """One line for a person whose turn it is: what the turn asks and a move's spelling."""
    ex = example(state)
    how = f"; a move is written like {ex}" if ex else ""
    return f"{who}: {what_to_do(state)}{how} ('moves' lists them, 'help' explains)"


def notation_help(state: State) -> list[str]:
    """How moves are written here, one line per kind of move, each with an example from
    the current position."""
    g = state.game
    moves = state.legal_moves()
    labels = g.board.labels
    out = [f"now: {what_to_do(state)} ({len(moves)} legal move{'s' * (len(moves) != 1)})"]
    for kind in dict.fromkeys(m.kind for m in moves):
        of_kind = [m for m in moves if m.kind == kind]
        first = of_kind[0]
        ex = state.move_to_string(first)
        if kind == "add":
            text = (f"a placement is the site's label as the diagram shows it "
                    f"({labels[first.to]})")
            symbols = {g.pieces.symbol[m.piece] for m in of_kind if m.piece}
            if symbols - {""}:
                shown = ", ".join(f"{g.pieces.symbol[p]} for {g.pieces.kinds[p]}" for p in
                                  dict.fromkeys(m.piece for m in of_kind) if g.pieces.symbol[p])
                text += f" after the piece's symbol ({shown})"
            if any(m.extra for m in of_kind):
                text += ", then the direction it points (n, e, s, w, ne, ...)"
            out.append(f"{text}: {ex}")
        elif kind == "move":
            out.append(f"a move is from-to, the squares it leaves and reaches: {ex}")
            symbols = {g.pieces.symbol[m.piece] for m in of_kind if m.piece} - {""}
            if symbols:
                out.append("  a piece with a symbol starts with it ("
                           + ", ".join(sorted(symbols)) + "); it may be left out")
            with_capture = next((m for m in of_kind[:200]
                                 if "x" in state.move_to_string(m).split("-")[-1]), None)
            if with_capture is not None:
                out.append(f"  captures follow as x and the square (optional when typing): "
                           f"{state.move_to_string(with_capture)}")
        elif kind == "path":
            out.append(f"a path is its points joined by '-', from either end: {ex}")
        elif kind == "pass":
            out.append("pass: pass")
        else:
            out.append(f"{kind}: {ex}")
    return out


def recent_moves(played: Sequence[tuple[str, int]], first_number: int = 1,
                 n: int = RECENT) -> str | None:
    """``"recent moves: 7. P1 e1  8. P2 a1  9. P1 h5"`` from (move text, player) pairs,
    numbered from ``first_number``; None before two moves were played."""
    if len(played) < 2:
        return None
    start = max(0, len(played) - n)
    items = [f"{first_number + i}. P{p} {text}"
             for i, (text, p) in enumerate(played[start:], start=start)]
    return "recent moves: " + "  ".join(items)


def dice_line(state: State) -> str | None:
    """``"dice: 3 5 (5 used)"``: the faces the dice show in a game with dice, the used
    ones said; None in a game without dice."""
    d = state.dice
    if d is None:
        return None
    shown = " ".join(map(str, d.values))
    used = [str(v) for v, left in zip(d.values, d.left, strict=True) if v and not left]
    return f"dice: {shown}" + (f" ({' '.join(used)} used)" if used else "")
