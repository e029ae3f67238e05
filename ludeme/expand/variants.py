"""Variant files: ``(variant "base" options:{...} ruleset:"..." name:"...")`` on top of a
base description, which may itself be a variant.

Loading a chain gives the innermost base's parts with each variant's defines and
metadata laid over them, and each variant's choices kept as a layer to apply later.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ludeme.errors import Diagnostic, LudemeError, shorten, suggest
from ludeme.expand.options import Choice, str_value
from ludeme.syntax.ast import Array, Form, Str
from ludeme.syntax.parser import read_source

if TYPE_CHECKING:
    from ludeme.expand.description import Parts

MAX_VARIANT_DEPTH = 8


def _variant_settings(form: Form) -> tuple[Str, list[Choice], Choice | None, str | None]:
    pos = form.positional
    base = pos[0] if pos and isinstance(pos[0], Str) else None
    if base is None:
        raise LudemeError(Diagnostic("(variant ...) names its base description first",
                                     form.span, "(variant \"base\" options:{\"Title/Item\"} "
                                     "name:\"...\")"))
    if len(pos) > 1:
        raise LudemeError(Diagnostic("(variant ...) takes its base, then options:, ruleset: "
                                     "and name:", pos[1].span))
    named = form.named
    choices: list[Choice] = []
    for key in named:
        if key not in ("options", "ruleset", "name"):
            raise LudemeError(Diagnostic(f"(variant ...) has no argument '{key}:'",
                                         named[key].span,
                                         suggest(key, ["options", "ruleset", "name"])
                                         or "it takes options:, ruleset: and name:"))
    if "options" in named:
        v = named["options"].value
        for c in (v.items if isinstance(v, Array) else (v,)):
            if str_value(c) is None:
                raise LudemeError(Diagnostic("options: lists \"Title/Item\" strings", c.span))
            choices.append((c.value, c.span))
    ruleset = None
    for key in ("ruleset", "name"):
        if key in named and str_value(named[key].value) is None:
            raise LudemeError(Diagnostic(f"{key}: takes a string", named[key].value.span))
    if "ruleset" in named:
        ruleset = (named["ruleset"].value.value, named["ruleset"].value.span)
    name = named["name"].value.value if "name" in named else None
    return base, choices, ruleset, name


def _resolve_base(ref: Str, file: str) -> Path:
    """A variant's base: a path relative to the variant file, or a bundled name.

    The base is a ``.lud`` file, and an absolute path must lie in the variant's folder
    (or below it) or among the bundled descriptions: a variant cannot make ludeme read
    an arbitrary file of the machine (and echo its first line in an error)."""
    from ludeme.library import bundled, descriptions_dir

    here = Path(file).resolve().parent
    p = Path(ref.value)
    candidates = [p] if p.is_absolute() else [here / p]
    if p.suffix != ".lud":
        candidates.append(candidates[0].with_name(candidates[0].name + ".lud"))
    allowed = (here, descriptions_dir().resolve())
    for c in candidates:
        try:
            found = c.is_file()
            real = c.resolve()
        except (OSError, ValueError):
            continue
        if found:
            if real.suffix != ".lud":
                raise LudemeError(Diagnostic(
                    f"base description \"{shorten(ref.value, 200)}\" is not a .lud file",
                    ref.span, "a variant's base is a description: a .lud file or a bundled name"))
            if p.is_absolute() and not any(real.is_relative_to(root) for root in allowed):
                raise LudemeError(Diagnostic(
                    f"base description \"{shorten(ref.value, 200)}\" is an absolute path "
                    "outside the variant's folder and the bundled descriptions", ref.span,
                    "name the base by a path relative to the variant file, or by a bundled "
                    "name"))
            return _shortest(real)
    names = bundled()
    key = p.stem if p.suffix == ".lud" else ref.value
    if "/" not in ref.value and key in names:
        return names[key]
    local = [q.stem for q in here.glob("*.lud")] if here.is_dir() else []
    raise LudemeError(Diagnostic(f"base description \"{shorten(ref.value, 200)}\" not found",
                                 ref.span, suggest(key, list(names) + local)
                                 or f"a path relative to {here}, or a bundled name "
                                 "(see 'ludeme list')"))


def _shortest(path: Path) -> Path:
    """The path as messages should show it: relative to the working folder when it is
    inside it, absolute otherwise."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def load(file: str, source: str, read: Callable[[str, str], Parts], depth: int = 0,
         seen: tuple[Path, ...] = ()) -> Parts:
    """A description file, and every base below it when it is a variant.

    ``read(file, source)`` splits one file's top level; it is passed in because that is
    the description module's work, and that module uses this one.
    """
    parts = read(file, source)
    if parts.variant is None:
        return parts
    vform = parts.variant
    if depth >= MAX_VARIANT_DEPTH:
        raise LudemeError(Diagnostic(f"variants based on variants more than "
                                     f"{MAX_VARIANT_DEPTH} deep", vform.span))
    base_ref, vchoices, vruleset, vname = _variant_settings(vform)
    base_path = _resolve_base(base_ref, file)
    resolved = base_path.resolve()
    if resolved in seen:
        raise LudemeError(Diagnostic(f"variant base \"{base_ref.value}\" leads back to this "
                                     "file: variants form a cycle", base_ref.span))
    base_text = read_source(base_path)
    base = load(str(base_path), base_text, read, depth + 1, seen + (resolved,))
    errors = []
    for name, d in parts.defines.items():
        if name not in base.defines:
            errors.append(Diagnostic(f"define \"{name}\" is not in the base description",
                                     d.span, suggest(name, base.defines)
                                     or "a variant replaces its base's defines"))
        base.defines[name] = d
    if errors:
        raise LudemeError(errors)
    base.metadata.extend(parts.metadata)
    base.layers = base.layers + [(vruleset, vchoices)]
    base.name = vname or base.name
    base.base, base.base_source = str(base_path), base_text
    base.file, base.source = file, source
    return base
