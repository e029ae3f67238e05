"""Finding descriptions: a path, or the name of a bundled description."""

from __future__ import annotations

from pathlib import Path

from ludeme.errors import UsageError, suggest


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
    """Bundled description names -> paths (``brandubh``, ``branches-young``...)."""
    root = descriptions_dir()
    return {p.stem: p for p in sorted(root.rglob("*.lud"))}


def resolve(ref: str | Path, relative_to: Path | None = None) -> Path:
    """A path to an existing file, or a bundled description's name."""
    p = Path(ref)
    candidates = [p]
    if relative_to is not None and not p.is_absolute():
        candidates.insert(0, relative_to / p)
        if p.suffix != ".lud":
            candidates.insert(1, relative_to / (str(p) + ".lud"))
    for c in candidates:
        if c.is_file():
            return c
        if c.is_dir() and c == p:
            raise UsageError(f"{ref}: is a directory, not a description")
        if c == p and c.exists():  # a device or a pipe: reading it might never end
            raise UsageError(f"{ref}: is not a regular file")
    names = bundled()
    key = p.stem if p.suffix == ".lud" and not p.exists() else str(ref)
    if key in names:
        return names[key]
    if p.suffix == ".lud" or "/" in str(ref):
        raise UsageError(f"{ref}: no such file")
    raise UsageError(f"no description named '{ref}'",
                     hint=suggest(str(ref), names) or "see 'ludeme list' for the bundled games")
