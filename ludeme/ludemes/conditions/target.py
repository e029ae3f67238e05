"""``(is Target {...})``: whether the board shows a given configuration of pieces (the
planning puzzles' goal)."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import CondV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("is Target", T.Cond,
        ludii="Ludii 1.0.8's IsTarget class is missing from its published sources; this "
              "follows the reconstruction the reference build uses (containers other "
              "than the board are not supported).")
def is_target(c: CompileContext, configuration: T.ListOf(T.Int),
              sites: (T.Int, T.ListOf(T.Int)) = None):
    """Whether the board holds ``configuration``: the piece on each site of the
    board's type in order (0 for none), or on each of ``sites`` when given. In a game
    with stacks: whether one of the sites (every site when none is given) holds
    exactly that stack, bottom first. As in Ludii: ``(is Target {2 2 0 1 1})``,
    ``(is Target {3 2 1} 2)``."""
    config = tuple(configuration)
    board = c.require_board()
    t = board.default_type
    if sites is None:
        where = board.sites[t]
    else:
        where = tuple(c.site_of(x, t) for x in ([sites] if isinstance(sites, int) else sites))
    if getattr(c, "uses_stacks", False):
        size = len(config)

        def stacked(s) -> bool:
            what, stack = s.what, s.stack
            for x in where:
                top = what[x]
                if top and len(stack[x]) + 1 == size and stack[x] + (top,) == config:
                    return True
                if not top and size == 0:
                    return True
            return False

        return CondV(stacked)
    if len(where) != len(config):
        return CondV.of(False)
    pairs = tuple(zip(where, config, strict=True))

    def flat(s) -> bool:
        what = s.what
        return all(what[x] == v for x, v in pairs)

    return CondV(flat)
