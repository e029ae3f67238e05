"""Stacks per site: several pieces piled on one site, as in Ludii's stacking games.

A game whose rules pile pieces (``(move Add ... stack:True)``) keeps ``state.stack[x]``,
the pieces under the top one (bottom first), beside ``state.what[x]``, the top piece
(``Game.push_piece``/``Game.pop_piece`` keep both and the hash). Other games keep no
stacks and pay nothing: a piece on a site is a stack of one. Levels count from 0 at the
bottom, as Ludii's do.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


def enable_stacks(c: CompileContext) -> None:
    """Sites of this game hold stacks (``state.stack``)."""
    c.uses_stacks = True
    if getattr(c, "game", None) is not None:
        c.game.uses_stacks = True


def stack_height(s, x: int) -> int:
    """How many pieces are piled on board site ``x``."""
    if not s.what[x]:
        return 0
    st = s.stack
    return 1 if st is None else len(st[x]) + 1


def piece_at_level(s, x: int, level: int) -> int:
    """The piece at ``level`` (0 = bottom) of the stack on site ``x``; 0 if none."""
    top = s.what[x]
    if not top or level < 0:
        return 0
    below = s.stack[x] if s.stack is not None else ()
    if level < len(below):
        return below[level]
    return top if level == len(below) else 0


@ludeme("size Stack", T.IntFn,
        ludii="Ludii's optional site type and in: are not supported: the board's "
              "default sites are counted.")
def size_stack(c: CompileContext, *, at: T.Site):
    """How many pieces stand piled on the site ``at`` (0 when it is empty; 1 for a
    piece in a game without stacks): ``(< (size Stack at:(site)) 6)``."""
    site = at.fn
    n = c.require_board().n_sites

    def fn(s):
        x = site(s)
        return stack_height(s, x) if 0 <= x < n else 0

    return IntV(fn)
