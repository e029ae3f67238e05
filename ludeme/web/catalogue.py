"""Which descriptions the server may read: the bundled ones, the ``.lud`` files of the
folders given on the command line, and texts edited in the page (kept in memory).
A client names a game by its key, never by a path, so nothing else can be read."""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from ludeme.errors import Diagnostic, LudemeError, Span, UsageError
from ludeme.library import bundled, descriptions_dir

MAX_EDITED = 64          # edited texts kept in memory (the oldest are dropped)
VARIANT_BASE = re.compile(r'\(\s*variant\s+"([^"]*)"')


@dataclass(frozen=True)
class Entry:
    key: str             # what the client sends
    path: Path           # where it is read from (never shown to the client)
    origin: str          # "bundled" or the folder's name


class Catalogue:
    def __init__(self, folders: list[Path] | tuple[Path, ...] = ()):
        self.folders = [Path(f).resolve() for f in folders]
        for f in self.folders:
            if not f.is_dir():
                raise UsageError(f"{f}: not a folder")
        self.edited: OrderedDict[str, str] = OrderedDict()

    def entries(self) -> dict[str, Entry]:
        out = {name: Entry(name, path, "bundled") for name, path in bundled().items()}
        for i, folder in enumerate(self.folders, start=1):
            for path in sorted(folder.rglob("*.lud")):
                real = path.resolve()
                if not real.is_file() or folder not in real.parents:
                    continue  # a link out of the folder is not followed
                rel = real.relative_to(folder).with_suffix("").as_posix()
                out[f"{i}:{rel}"] = Entry(f"{i}:{rel}", real, folder.name)
        return out

    def path(self, key: str) -> Path:
        entry = self.entries().get(key)
        if entry is None:
            raise UsageError(f"no game '{key}' here")
        return entry.path

    # -- edited texts ----------------------------------------------------------------
    def add_edited(self, text: str) -> str:
        key = "edit:" + hashlib.sha256(text.encode()).hexdigest()[:12]
        self.edited[key] = text
        self.edited.move_to_end(key)
        while len(self.edited) > MAX_EDITED:
            self.edited.popitem(last=False)
        return key

    def edited_text(self, key: str) -> str:
        if key not in self.edited:
            raise UsageError("that edited game is no longer kept; open it in the editor again")
        return self.edited[key]

    def edit_file(self, text: str) -> str:
        """The file name an edited text is expanded as: inside a served folder when its
        variant names one of that folder's games (``mine`` for ``FOLDER/mine.lud``), so
        the base resolves there; else inside the bundled folder, when it names a bundled
        description. Any other base (a path elsewhere) is refused."""
        m = VARIANT_BASE.search(text)
        if not m:
            return str(descriptions_dir() / "<edited>.lud")
        base = m.group(1)
        names = self.entries()
        line = text.count("\n", 0, m.start(1)) + 1
        col = m.start(1) - (text.rfind("\n", 0, m.start(1)) + 1) + 1
        for folder in self.folders:
            # a game of a served folder, named by its path in the folder
            for candidate in (folder / base, folder / (base + ".lud")):
                real = candidate.resolve()
                if real.is_file() and real.suffix == ".lud" and folder in real.parents:
                    return str(folder / "<edited>.lud")
        if base in names and names[base].origin == "bundled":
            return str(descriptions_dir() / "<edited>.lud")
        raise LudemeError(Diagnostic(
            f'base description "{base}" is not served here',
            Span("<edited>", line, col, max(len(base), 1), text),
            "a variant edited in the page names a bundled game or a game of a served "
            "folder by its path in that folder"))
