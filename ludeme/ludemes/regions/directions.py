"""Sets of directions: ``(directions {...})``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("directions", T.Direction,
        ludii="Ludii's of: (relation) and bySite: are not supported; its forms with a "
              "site type, from: and to: are not either.")
def directions(c: CompileContext, dirs: T.Direction):
    """A set of directions, absolute or relative: ``(directions {N S})``,
    ``(directions {FR FL})`` (forward-right and forward-left of the piece's owner, see
    ``(player ...)``). Ludii: ``(directions <direction> | {<direction>})``."""
    return tuple(dirs)
