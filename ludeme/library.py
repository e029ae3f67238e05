"""Finding descriptions: a path, or the name of a bundled description."""

from __future__ import annotations

import re
from pathlib import Path

from ludeme.errors import UsageError, shorten, suggest


def data_dir(name: str) -> Path:
    """A folder shipped with the package (``descriptions``, ``grammar``): inside the
    installed package, or at the top of the source tree for an editable install."""
    package = Path(__file__).resolve().parent
    for candidate in (package / name, package.parent / name):
        if candidate.is_dir():
            return candidate
    raise UsageError(f"ludeme's {name}/ folder is missing from this installation")


def descriptions_dir() -> Path:
    """The folder of bundled descriptions."""
    return data_dir("descriptions")


def bundled() -> dict[str, Path]:
    """Bundled description names -> paths (the file names without ``.lud``)."""
    root = descriptions_dir()
    return {p.stem: p for p in sorted(root.rglob("*.lud"))}


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def is_bare_name(ref: str) -> bool:
    """Whether ``ref`` can name a bundled description: no folder, no scheme, no suffix."""
    return bool(ref) and not any(c in ref for c in "/\\:") and not ref.endswith(".lud")


def resolve(ref: str | Path) -> Path:
    """A path to an existing file, or a bundled description's name.

    Only a bare name (no folder, no suffix) is looked up among the bundled descriptions;
    anything with a folder, a scheme or a ``.lud`` suffix is a file, or an error, so a
    missing path never quietly becomes a bundled game of the same name."""
    text = str(ref)
    if _SCHEME.match(text) and not Path(text).exists():
        raise UsageError(f"{shorten(text, 300)}: not a file",
                         hint="ludeme reads descriptions from files and bundled names only, "
                              "not from URLs")
    p = Path(text)
    try:
        if p.is_file():
            return p
        if p.is_dir():
            raise UsageError(f"{shorten(text, 300)}: is a directory, not a description")
        if p.exists():  # a device or a pipe: reading it might never end
            raise UsageError(f"{shorten(text, 300)}: is not a regular file")
    except (OSError, ValueError) as err:   # a name too long, a NUL byte
        raise UsageError(f"{shorten(repr(text), 300)}: cannot be read as a file: {err}") from None
    names = bundled()
    if is_bare_name(text):
        if text in names:
            return names[text]
        raise UsageError(f"no description named '{shorten(text)}'",
                         hint=suggest(text, names) or "see 'ludeme list' for the bundled games")
    hint = None
    if p.suffix == ".lud" and p.stem in names:
        hint = f"the bundled description is named '{p.stem}' (without a folder or .lud)"
    raise UsageError(f"{shorten(text, 300)}: no such file", hint=hint)
