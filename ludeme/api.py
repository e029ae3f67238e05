"""The Python API: load a description into a Game."""

from __future__ import annotations

from pathlib import Path

from ludeme.compile.compiler import compile_game
from ludeme.expand import Description, expand
from ludeme.lang.checker import check
from ludeme.library import resolve
from ludeme.runtime.game import Game


def load_description(path_or_name: str | Path, options: list[str] | tuple[str, ...] = (),
                     ruleset: str | None = None) -> Description:
    """Parse and expand a description (a path or a bundled name) with option choices."""
    path = resolve(path_or_name)
    return expand(path, list(options), ruleset)


_CACHE: dict[tuple, Game] = {}
_CACHE_SIZE = 64


def compile_description(desc: Description) -> Game:
    """Check and compile an expanded description; compiled games are cached per
    (description text, base text, option choices)."""
    key = (desc.path, desc.content_hash, desc.base, tuple(sorted(desc.choice_strings())),
           desc.name)
    game = _CACHE.get(key)
    if game is None:
        game = _compile(desc)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = game
    return game


def _compile(desc: Description) -> Game:
    checked = check(desc.game)
    game = compile_game(checked, desc.chosen)
    game.metadata = desc.metadata
    game.source_name = Path(desc.path).stem
    game.description = desc
    game.name = desc.name
    return game


def loads(text: str, options: list[str] | tuple[str, ...] = (), ruleset: str | None = None,
          file: str = "<string>") -> Game:
    """Load a game from description text: ``ludeme.loads('(game "X" ...)')``."""
    return compile_description(expand(file, list(options), ruleset, text=text))


def load(path_or_name: str | Path, options: list[str] | tuple[str, ...] = (),
         ruleset: str | None = None) -> Game:
    """Load a game: ``ludeme.load("brandubh", options=["Move Limit/None"])``."""
    return compile_description(load_description(path_or_name, options, ruleset))
