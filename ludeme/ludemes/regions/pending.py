"""The sites marked pending by the last move: ``(sites Pending)``."""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import RegionV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme


@ludeme("sites Pending", T.Region)
def sites_pending(c: CompileContext):
    """The sites ``(set Pending ...)`` marked during the last move. As in Ludii: ``(sites
    Pending)``."""
    return RegionV(lambda s: s.pending, None, lambda s, x: x in s.pending)
