"""The prelude: standard defines every description may use without declaring them.

They have the names and meanings of Ludii's standard defines ("HandEmpty", "NoPiece",
"HopCapture", "AlquerqueBoard", ...), written for ludeme in ``grammar/prelude.lud``.
A description's own define of the same name takes precedence (as in Ludii, where the
standard defines are expanded only after the description's own).

Each define's documentation is the comment block just above it: the first line says
what it stands for, lines ``#n ...`` describe its parameters, a line ``e.g. ...``
shows a use. ``ludeme doc defines`` prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ludeme.syntax.ast import Form, Param, Str, children


@dataclass(frozen=True)
class PreludeDefine:
    name: str
    summary: str
    params: tuple[tuple[str, str], ...]   # ("#1", "the hand's owner ...")
    example: str | None
    form: Form

    @property
    def arity(self) -> int:
        """The highest parameter its body uses (#3: 3)."""
        stack, top = list(self.form.args[1:]), 0
        while stack:
            node = stack.pop()
            if isinstance(node, Param):
                top = max(top, node.index)
            if isinstance(node, Form) and isinstance(node.head_node, Param):
                top = max(top, node.head_node.index)
            stack.extend(children(node))
        return top


def _path():
    from ludeme.library import data_dir

    return data_dir("grammar") / "prelude.lud"


_DEFINE = re.compile(r'^\(define "([^"]+)"')


@lru_cache(maxsize=1)
def prelude() -> dict[str, PreludeDefine]:
    """The prelude's defines by name, in the order the file declares them."""
    from ludeme.syntax.parser import parse_text

    path = _path()
    text = path.read_text(encoding="utf-8")
    forms = {str(f.args[0].value): f for f in parse_text(text, str(path))
             if isinstance(f, Form) and f.head == "define" and f.args
             and isinstance(f.args[0], Str)}
    out: dict[str, PreludeDefine] = {}
    comments: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("//"):
            comments.append(stripped[2:].strip())
            continue
        m = _DEFINE.match(stripped)
        if m and m[1] in forms:
            out[m[1]] = _doc(m[1], comments, forms[m[1]])
        if stripped or m:
            comments = []
        elif comments and not stripped:
            comments = []  # a blank line ends a comment block that documents nothing
    return out


def _doc(name: str, comments: list[str], form: Form) -> PreludeDefine:
    summary: list[str] = []
    params: list[tuple[str, str]] = []
    example = None
    for c in comments:
        if re.match(r"#\d+ ", c):
            p, _, text = c.partition(" ")
            params.append((p, text))
        elif c.startswith("e.g. "):
            example = c[5:]
        elif params:
            params[-1] = (params[-1][0], params[-1][1] + " " + c)
        else:
            summary.append(c)
    return PreludeDefine(name, " ".join(summary), tuple(params), example, form)


def prelude_defines() -> dict[str, Form]:
    """The prelude's ``(define ...)`` forms by name."""
    return {name: d.form for name, d in prelude().items()}
