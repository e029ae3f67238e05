"""The Python API: load a description into a Game."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ludeme.compile.compiler import CompileContext, compile_game
from ludeme.errors import Diagnostic, LudemeError
from ludeme.expand import Description, expand
from ludeme.lang.checker import check
from ludeme.library import resolve
from ludeme.runtime.game import Game


def load_description(path_or_name: str | Path, options: list[str] | tuple[str, ...] = (),
                     ruleset: str | None = None) -> Description:
    """Parse and expand a description (a path or a bundled name) with option choices."""
    with guarded("expanding"):
        path = resolve(path_or_name)
        return expand(path, list(options), ruleset)


@contextmanager
def guarded(stage: str) -> Iterator[None]:
    """Whatever goes wrong inside becomes a LudemeError: input that nests too deeply
    for Python, or a bug in a compile function (reported with the span of the form
    being compiled, so the user knows which form triggered it)."""
    try:
        yield
    except LudemeError:
        raise
    except RecursionError as err:
        span = _compiling(err)
        if span is not None:
            raise LudemeError(Diagnostic(
                f"recursion without end while {stage} this form", span,
                "does a ludeme end up containing itself?")) from None
        raise LudemeError(f"error {stage}: the description nests too deeply") from None
    except MemoryError:
        raise LudemeError(f"error {stage}: out of memory") from None
    except Exception as err:  # noqa: BLE001 - the last line of defence against tracebacks
        raise LudemeError(Diagnostic(
            f"internal error {stage}: {type(err).__name__}: {err}", _compiling(err),
            "this is a bug in ludeme, not in the description; please report it")) from err


def _compiling(err: BaseException):
    """The span of the innermost ludeme that was being compiled when ``err`` was raised."""
    span = None
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is _CALL_CODE:
            call = tb.tb_frame.f_locals.get("call")
            span = getattr(getattr(call, "node", None), "span", span)
        tb = tb.tb_next
    return span


_CALL_CODE = CompileContext.call.__code__
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
    with guarded("checking"):
        checked = check(desc.game)
    with guarded("compiling"):
        game = compile_game(checked, desc.chosen)
    game.metadata = desc.metadata
    game.source_name = Path(desc.path).stem
    game.description = desc
    game.name = desc.name
    return game


def loads(text: str, options: list[str] | tuple[str, ...] = (), ruleset: str | None = None,
          file: str = "<string>") -> Game:
    """Load a game from description text: ``ludeme.loads('(game "X" ...)')``."""
    with guarded("expanding"):
        desc = expand(file, list(options), ruleset, text=text)
    return compile_description(desc)


def load(path_or_name: str | Path, options: list[str] | tuple[str, ...] = (),
         ruleset: str | None = None) -> Game:
    """Load a game: ``ludeme.load("brandubh", options=["Move Limit/None"])``."""
    return compile_description(load_description(path_or_name, options, ruleset))
