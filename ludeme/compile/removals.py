"""Removals put off to the end of the turn (Ludii's ``(remove ... at:EndOfTurn)``), and
the sites waiting for them, ``(sites ToClear)``.

A piece captured this way stays on the board, marked to clear, until the move that is
not followed by another of the same player (no ``(moveAgain)``) ends: then every marked
piece is taken off at once. Ludii does this at the end of each decision move that does
not make the mover play again (``Move.apply``), which is what lets a jumping capture
sequence hop over pieces already taken without taking them twice.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext


def to_clear_slot(c: CompileContext, deferred: bool = False) -> int:
    """The index in ``state.aux`` of the sites marked to clear (a list, in the order they
    were marked), declared on first use; ``deferred`` (a removal put off) also declares
    the removal at the end of the turn, once (without one the list stays empty)."""
    game = c.game
    slot = vars(c).get("to_clear_slot")
    if slot is None:
        slot = game.add_aux(list, list)
        vars(c)["to_clear_slot"] = slot
    if not deferred or vars(c).get("to_clear_at_turn_end"):
        return slot
    vars(c)["to_clear_at_turn_end"] = True
    clear = game.clear_site

    def at_turn_end(s, who: int) -> None:
        marked = s.aux[slot]
        if marked and not (s.nxt == who != game.next_of[who]):  # no (moveAgain)
            for x in marked:
                clear(s, x)
            marked.clear()

    game.after_move.append(at_turn_end)
    return slot
