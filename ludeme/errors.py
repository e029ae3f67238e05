"""Diagnostics: every problem a user can cause is a LudemeError with a source span.

The CLI prints these and exits non-zero; nothing else should ever escape to the
user as a Python traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    """A place in a source text: 1-based line and column, plus the length to underline."""

    file: str
    line: int
    col: int
    length: int = 1
    source: str | None = field(default=None, compare=False, repr=False)
    #: for text that came out of a define: where that define was used
    via: Span | None = field(default=None, compare=False, repr=False)
    via_define: str | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def source_line(self) -> str | None:
        if self.source is None or self.line < 1:
            return None
        # lines as the parser counts them: split on newlines only
        start = 0
        for _ in range(self.line - 1):
            start = self.source.find("\n", start) + 1
            if start == 0:
                return None
        end = self.source.find("\n", start)
        return self.source[start:end if end >= 0 else len(self.source)].rstrip("\r")


_WIDTH = 100  # the widest source excerpt shown under a message
MAX_SHOWN = 25  # diagnostics printed at once; the rest are counted


@dataclass(frozen=True, slots=True)
class Diagnostic:
    message: str
    span: Span | None = None
    hint: str | None = None
    severity: str = "error"

    def format(self) -> str:
        head = f"{self.span}: " if self.span else ""
        out = [f"{head}{self.severity}: {self.message}"]
        line = self.span.source_line() if self.span else None
        if line is not None:
            assert self.span is not None
            num = str(self.span.line)
            pad = " " * len(num)
            line = line.expandtabs(1)
            caret_col = min(max(self.span.col - 1, 0), len(line))
            width = max(1, min(self.span.length, max(len(line) - caret_col, 1)))
            if len(line) > _WIDTH:  # show a window of a long line around the caret
                start = max(0, min(caret_col - _WIDTH // 3, len(line) - _WIDTH))
                shown = line[start:start + _WIDTH]
                prefix = "..." if start else ""
                suffix = "..." if start + _WIDTH < len(line) else ""
                line = prefix + shown + suffix
                caret_col = caret_col - start + len(prefix)
                width = max(1, min(width, _WIDTH - (caret_col - len(prefix))))
            out.append(f" {num} | {line}")
            out.append(f" {pad} | {' ' * caret_col}{'^' * width}")
        if self.hint:
            out.append(f" = {self.hint}")
        via, seen = self.span.via if self.span else None, 0
        name = self.span.via_define if self.span else None
        while via is not None and seen < 3:
            out.append(f" = in define \"{name}\", used at {via}")
            via, name, seen = via.via, via.via_define, seen + 1
        if via is not None:
            out.append(" = ...")
        return "\n".join(out)


class LudemeError(Exception):
    """One or more diagnostics about a user's input (a description, a move, a file)."""

    def __init__(self, diagnostics: Diagnostic | str | Iterable[Diagnostic], span: Span | None = None,
                 hint: str | None = None):
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic(diagnostics, span, hint)]
        elif isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__(self.format())

    def format(self) -> str:
        shown = self.diagnostics[:MAX_SHOWN]
        out = [d.format() for d in shown]
        errors = sum(d.severity == "error" for d in self.diagnostics)
        hidden = len(self.diagnostics) - len(shown)
        if hidden:
            out.append(f"... and {hidden} more")
        if errors > 1:
            out.append(f"{errors} errors")
        return "\n".join(out)


class UsageError(LudemeError):
    """A bad command-line request (missing file, unknown option): exit status 2."""


def suggest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """A 'did you mean' hint for a misspelt word, or None when nothing is close
    (``cutoff``: the least similarity, 0 to 1, of a candidate offered).

    Only the closest few candidates are offered: a clear best match is offered alone.
    """
    pool = list(dict.fromkeys(choices))
    lowered = {c.lower(): c for c in pool}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return f"did you mean '{lowered[word.lower()]}'?"
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(word.lower())
    scored = []
    for c in pool:
        matcher.set_seq1(c.lower())
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            ratio = matcher.ratio()
            if ratio >= cutoff:
                scored.append((ratio, c))
    if not scored:
        return None
    scored.sort(key=lambda rc: -rc[0])
    best = scored[0][0]
    close = [c for r, c in scored if r >= best - 0.08][:3]
    if len(close) == 1:
        return f"did you mean '{close[0]}'?"
    return "did you mean " + ", ".join(f"'{c}'" for c in close[:-1]) + f" or '{close[-1]}'?"


def shorten(text: str, limit: int = 60) -> str:
    """``text`` as a message may quote it: cut in the middle when longer than ``limit``
    characters, saying how long it was (a name a million characters long stays a line)."""
    if len(text) <= limit:
        return text
    keep = max(limit - 20, 8)
    return f"{text[:keep // 2 + keep % 2]}...{text[-(keep // 2):]} ({len(text):,} characters)"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``"1 move"``, ``"2 moves"``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"
