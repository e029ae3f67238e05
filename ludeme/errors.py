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

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def source_line(self) -> str | None:
        if self.source is None:
            return None
        lines = self.source.splitlines()
        if 1 <= self.line <= len(lines):
            return lines[self.line - 1]
        return None


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
        if line is not None and len(line) <= 400:
            assert self.span is not None
            num = str(self.span.line)
            pad = " " * len(num)
            caret_col = max(self.span.col - 1, 0)
            width = max(1, min(self.span.length, max(len(line) - caret_col, 1)))
            out.append(f" {num} | {line.expandtabs(1)}")
            out.append(f" {pad} | {' ' * caret_col}{'^' * width}")
        if self.hint:
            out.append(f" = {self.hint}")
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
        return "\n".join(d.format() for d in self.diagnostics)


class UsageError(LudemeError):
    """A bad command-line request (missing file, unknown option): exit status 2."""


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a misspelt word, or None when nothing is close."""
    pool = list(dict.fromkeys(choices))
    lowered = {c.lower(): c for c in pool}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return f"did you mean '{lowered[word.lower()]}'?"
    close = difflib.get_close_matches(word, pool, n=3, cutoff=0.6)
    if not close:
        close = [lowered[c] for c in difflib.get_close_matches(word.lower(), list(lowered), n=3, cutoff=0.6)]
    if not close:
        return None
    if len(close) == 1:
        return f"did you mean '{close[0]}'?"
    return "did you mean " + ", ".join(f"'{c}'" for c in close[:-1]) + f" or '{close[-1]}'?"
