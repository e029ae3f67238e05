"""Simulation results in SQLite: a table of batches and one row per finished game.

Every finished game is written in its own transaction, so a killed run keeps every game
it finished; ``(batch, idx)`` is the primary key, so a resumed run cannot store a game
twice. The file is marked with an application id and a format version, and anything
else (a corrupt file, another program's database) is refused with a clear error rather
than modified. What is read back is checked (damaged pages, text that is not UTF-8 or
not JSON, a row that contradicts its batch) and reported as an error, never a traceback.
Several processes may create the same new database at once: the schema is made in one
transaction. A read-only database can still be reported on; a locked one is waited for
``LOCK_TIMEOUT`` seconds.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ludeme.errors import LudemeError, UsageError

APPLICATION_ID = 0x4C55444D  # "LUDM"
FORMAT_VERSION = 1
LOCK_TIMEOUT = 30.0          # seconds to wait for another process's lock
MAX_PLAYERS = 64             # a stored batch claiming more is damaged
ENDS = ("rules", "unfinished")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS batches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT NOT NULL,     -- the game's name
    ref         TEXT NOT NULL,     -- how to load it again (bundled name or path)
    options     TEXT NOT NULL,     -- JSON: explicit option choices given
    chosen      TEXT NOT NULL,     -- JSON: every option's chosen item
    ruleset     TEXT,
    agents      TEXT NOT NULL,     -- JSON: one spec per seat
    seed        INTEGER NOT NULL,  -- batch seed
    n           INTEGER NOT NULL,  -- games asked for
    desc_hash   TEXT NOT NULL,
    players     INTEGER NOT NULL,
    first_mover INTEGER NOT NULL,
    max_moves   INTEGER,
    label       TEXT,              -- e.g. "A" / "B" for a comparison
    created     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    batch         INTEGER NOT NULL REFERENCES batches(id),
    idx           INTEGER NOT NULL,
    seed          INTEGER NOT NULL,
    agents        TEXT NOT NULL,   -- JSON list
    options       TEXT NOT NULL,   -- JSON list
    desc_hash     TEXT NOT NULL,
    returns       TEXT NOT NULL,   -- JSON list, P1 first: 1 win, -1 loss, 0 draw
    winners       TEXT NOT NULL,   -- JSON list of players
    end_reason    TEXT NOT NULL,   -- 'rules' or 'unfinished' (move cap)
    length        INTEGER NOT NULL,
    seconds       REAL NOT NULL,
    moves         TEXT NOT NULL,   -- JSON list of the moves in notation
    branching_sum INTEGER NOT NULL,
    branching_max INTEGER NOT NULL,
    decisions     INTEGER NOT NULL,
    PRIMARY KEY (batch, idx)
);
"""

_GAME_COLUMNS = ("batch", "idx", "seed", "agents", "options", "desc_hash", "returns", "winners",
                 "end_reason", "length", "seconds", "moves", "branching_sum", "branching_max",
                 "decisions")


@dataclass
class Batch:
    id: int
    game: str
    ref: str
    options: list[str]
    chosen: list[str]
    ruleset: str | None
    agents: list[str]
    seed: int
    n: int
    desc_hash: str
    players: int
    first_mover: int
    max_moves: int | None
    label: str | None
    created: str

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _foreign(path: str, why: str) -> LudemeError:
    return UsageError(f"{path}: not a ludeme results database ({why})",
                      hint="give another --db file; ludeme will not modify this one")


def _sqlite_error(path: str, err: sqlite3.Error | UnicodeDecodeError) -> LudemeError:
    """What a sqlite error means to the user (a damaged schema can make even sqlite's
    message undecodable: that is damage too)."""
    if isinstance(err, UnicodeDecodeError):
        return LudemeError(f"{path}: the database is damaged (its schema is not text)",
                           hint="'sqlite3 FILE .recover' may save what is left")
    text = str(err)
    if "locked" in text or "busy" in text:
        return LudemeError(f"{path}: the database is locked by another process (waited "
                           f"{LOCK_TIMEOUT:g} s)", hint="try again when the other run ends")
    if "readonly" in text or "read-only" in text:
        return UsageError(f"{path}: the database is read-only",
                          hint="give a --db file that may be written")
    if isinstance(err, sqlite3.DatabaseError) and not isinstance(err, sqlite3.OperationalError) \
            or "malformed" in text or "decode" in text:
        return LudemeError(f"{path}: the database is damaged ({text})",
                           hint="it cannot be read as it is; 'sqlite3 FILE .recover' may "
                                "save what is left")
    return LudemeError(f"{path}: {text}")


def _damaged(path: str, where: str, why: str) -> LudemeError:
    return LudemeError(f"{path}: the database is damaged: {where}: {why}",
                       hint="'ludeme report --list' shows the batches; another batch may "
                            "still be read")


def _guarded(method: Callable) -> Callable:
    """sqlite errors inside a Store method become LudemeErrors naming the file."""

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.Error, UnicodeDecodeError) as err:
            raise _sqlite_error(self.path, err) from None

    return wrapper


def _json(path: str, where: str, column: str, text: Any, test: Callable[[Any], bool],
          what: str) -> Any:
    """A JSON column's value, checked to be ``what``."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except (json.JSONDecodeError, RecursionError):
        raise _damaged(path, where, f"{column} is not JSON") from None
    if not test(value):
        raise _damaged(path, where, f"{column} should be {what}")
    return value


def _strs(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Store:
    """An open results database."""

    def __init__(self, path: str | Path, create: bool = True):
        self.path = str(path)
        p = Path(path)
        if p.is_dir():
            raise UsageError(f"{path}: is a directory, not a database file")
        if not p.exists() and not create:
            raise UsageError(f"{path}: no such results database")
        self.read_only = False
        try:
            self.conn = self._connect(p, create)
        except sqlite3.Error as err:
            raise UsageError(f"{path}: cannot open: {err}") from None
        # text that is not UTF-8 is read with replacement characters, then refused as JSON
        self.conn.text_factory = lambda b: b.decode("utf-8", "replace")
        try:
            self._check_or_init(create)
        except sqlite3.OperationalError as err:
            self.conn.close()
            if "locked" in str(err) or "busy" in str(err) or "readonly" in str(err):
                raise _sqlite_error(self.path, err) from None
            raise _foreign(self.path, str(err)) from None
        except sqlite3.DatabaseError as err:
            self.conn.close()
            raise _foreign(self.path, str(err)) from None
        except UnicodeDecodeError as err:
            self.conn.close()
            raise _sqlite_error(self.path, err) from None
        except LudemeError:
            self.conn.close()
            raise

    def _connect(self, p: Path, create: bool) -> sqlite3.Connection:
        """A connection; for reading only (``create`` False) a file that may not be
        written (or sits in a folder that may not be) is opened read-only."""
        if create:
            return sqlite3.connect(self.path, timeout=LOCK_TIMEOUT)
        import os

        writable = os.access(p, os.W_OK) and os.access(p.resolve().parent, os.W_OK)
        if writable:
            return sqlite3.connect(self.path, timeout=LOCK_TIMEOUT)
        self.read_only = True
        # immutable: no -wal/-shm files are needed (nor could they be made) to read it
        uri = p.resolve().as_uri() + "?mode=ro&immutable=1"
        return sqlite3.connect(uri, uri=True, timeout=LOCK_TIMEOUT)

    def _check_or_init(self, create: bool) -> None:
        c = self.conn
        app_id = c.execute("PRAGMA application_id").fetchone()[0]
        if app_id != APPLICATION_ID:
            if not create:
                tables = c.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                raise _foreign(self.path, "it has other tables" if tables else
                               f"application id {app_id:#x}" if app_id else "it is empty")
            self._init_schema()
        row = c.execute("SELECT value FROM meta WHERE key='format'").fetchone()
        if row is None or row[0] != str(FORMAT_VERSION):
            raise _foreign(self.path, f"format {row[0] if row else 'unknown'}, "
                                      f"expected {FORMAT_VERSION}")
        if create:
            # WAL with synchronous=NORMAL: a commit survives the process being killed (what
            # --resume relies on) without an fsync per game.
            c.execute("PRAGMA journal_mode=WAL")
            c.execute("PRAGMA synchronous=NORMAL")

    def _init_schema(self) -> None:
        """Make a new (or empty) file ours, in one transaction: when several processes
        create the same database at once, one makes it and the others find it made."""
        c = self.conn
        c.isolation_level = None          # transactions by hand
        try:
            c.execute("BEGIN IMMEDIATE")  # waits (LOCK_TIMEOUT) for another creator
            app_id = c.execute("PRAGMA application_id").fetchone()[0]
            tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master "
                                              "WHERE type='table'")}
            if app_id != APPLICATION_ID:
                if tables or app_id:
                    raise _foreign(self.path, "it has other tables" if tables else
                                   f"application id {app_id:#x}")
                c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        c.execute(statement)
                c.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)",
                          (str(FORMAT_VERSION),))
            c.execute("COMMIT")
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise
        finally:
            c.isolation_level = ""

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- batches -------------------------------------------------------------------------
    @_guarded
    def new_batch(self, *, game: str, ref: str, options: list[str], chosen: list[str],
                  ruleset: str | None, agents: list[str], seed: int, n: int, desc_hash: str,
                  players: int, first_mover: int, max_moves: int | None = None,
                  label: str | None = None) -> Batch:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self.conn:
            cur = self.conn.execute(
                "INSERT INTO batches (game, ref, options, chosen, ruleset, agents, seed, n, "
                "desc_hash, players, first_mover, max_moves, label, created) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (game, ref, json.dumps(options), json.dumps(chosen), ruleset,
                 json.dumps(agents), seed, n, desc_hash, players, first_mover, max_moves,
                 label, created))
        return self.batch(cur.lastrowid)

    @_guarded
    def set_n(self, batch_id: int, n: int) -> None:
        with self.conn:
            self.conn.execute("UPDATE batches SET n=? WHERE id=?", (n, batch_id))

    def _batch(self, row: tuple) -> Batch:
        (bid, game, ref, options, chosen, ruleset, agents, seed, n, desc_hash, players,
         first_mover, max_moves, label, created) = row
        where = f"batch {bid}"
        options = _json(self.path, where, "options", options, _strs, "a list of texts")
        chosen = _json(self.path, where, "chosen", chosen, _strs, "a list of texts")
        agents = _json(self.path, where, "agents", agents, _strs, "a list of agent specs")
        if not (_int(players) and 1 <= players <= MAX_PLAYERS and len(agents) == players):
            raise _damaged(self.path, where, f"players is {players!r} but it lists "
                                             f"{len(agents)} agents")
        if not (_int(first_mover) and 1 <= first_mover <= players):
            raise _damaged(self.path, where, f"first_mover is {first_mover!r}")
        if not (_int(n) and _int(seed) and (max_moves is None or _int(max_moves))):
            raise _damaged(self.path, where, "n, seed and max_moves should be whole numbers")
        texts = {"game": game, "ref": ref, "desc_hash": desc_hash, "created": created}
        for key, value in {**texts, "ruleset": ruleset, "label": label}.items():
            if not isinstance(value, str) and (key in texts or value is not None):
                raise _damaged(self.path, where, f"{key} should be a text")
        return Batch(bid, game, ref, options, chosen, ruleset, agents, seed, n, desc_hash,
                     players, first_mover, max_moves, label, created)

    _BATCH_SELECT = ("SELECT id, game, ref, options, chosen, ruleset, agents, seed, n, desc_hash, "
                     "players, first_mover, max_moves, label, created FROM batches")

    @_guarded
    def batch(self, batch_id: int) -> Batch:
        row = self.conn.execute(self._BATCH_SELECT + " WHERE id=?", (batch_id,)).fetchone()
        if row is None:
            ids = [b.id for b in self.batches()]
            raise UsageError(f"{self.path}: no batch {batch_id}",
                             hint=("batches: " + ", ".join(map(str, ids))) if ids
                             else "the database has no batches")
        return self._batch(row)

    @_guarded
    def batches(self) -> list[Batch]:
        return [self._batch(r) for r in self.conn.execute(self._BATCH_SELECT + " ORDER BY id")]

    def latest(self) -> Batch:
        rows = self.batches()
        if not rows:
            raise UsageError(f"{self.path}: the database has no batches",
                             hint="run 'ludeme simulate GAME -n N --db ...' first")
        return rows[-1]

    def find_resumable(self, *, ref: str, chosen: list[str], ruleset: str | None,
                       agents: list[str], seed: int | None,
                       max_moves: int | None, label: str | None = None) -> list[Batch]:
        """Batches (newest first) of the same game, options, agents, label (a comparison's
        "A" or "B", None for a plain simulation) and seed if given."""
        out = []
        for b in reversed(self.batches()):
            if (b.ref == ref and sorted(b.chosen) == sorted(chosen) and b.ruleset == ruleset
                    and b.agents == agents and (seed is None or b.seed == seed)
                    and b.max_moves == max_moves and b.label == label):
                out.append(b)
        return out

    # -- games ---------------------------------------------------------------------------
    @_guarded
    def add_game(self, batch_id: int, row: dict[str, Any]) -> bool:
        """Store one finished game in its own transaction; False if it was already there."""
        values = (batch_id, row["idx"], row["seed"], json.dumps(row["agents"]),
                  json.dumps(row["options"]), row["desc_hash"], json.dumps(row["returns"]),
                  json.dumps(row["winners"]), row["end"], row["length"], row["seconds"],
                  json.dumps(row["moves"]), row["branching_sum"], row["branching_max"],
                  row["decisions"])
        with self.conn:
            cur = self.conn.execute(
                f"INSERT OR IGNORE INTO games ({', '.join(_GAME_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_GAME_COLUMNS))})", values)
        return cur.rowcount == 1

    @_guarded
    def done_indices(self, batch_id: int) -> set[int]:
        return {r[0] for r in self.conn.execute("SELECT idx FROM games WHERE batch=?",
                                                (batch_id,))}

    @_guarded
    def count(self, batch_id: int) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games WHERE batch=?",
                                 (batch_id,)).fetchone()[0]

    @_guarded
    def games(self, batch_id: int) -> list[dict[str, Any]]:
        """The batch's games in index order, as dicts shaped like the runner's rows,
        each checked against its batch (a damaged row is an error, not a traceback)."""
        players = self.batch(batch_id).players
        cur = self.conn.execute(f"SELECT {', '.join(_GAME_COLUMNS)} FROM games WHERE batch=? "
                                "ORDER BY idx", (batch_id,))
        return [self._game(dict(zip(_GAME_COLUMNS, r, strict=True)), players) for r in cur]

    def _game(self, d: dict[str, Any], players: int) -> dict[str, Any]:
        where = f"batch {d['batch']}, game {d['idx']}"
        path = self.path

        def numbers(v: Any) -> bool:
            return (isinstance(v, list) and len(v) == players
                    and all(isinstance(x, int | float) and not isinstance(x, bool) for x in v))

        d["agents"] = _json(path, where, "agents", d["agents"], _strs, "a list of agent specs")
        d["options"] = _json(path, where, "options", d["options"], _strs, "a list of texts")
        d["returns"] = _json(path, where, "returns", d["returns"], numbers,
                             f"a list of {players} numbers")
        d["winners"] = _json(path, where, "winners", d["winners"],
                             lambda v: isinstance(v, list) and all(
                                 _int(x) and 1 <= x <= players for x in v),
                             "a list of player numbers")
        d["moves"] = _json(path, where, "moves", d["moves"], _strs, "a list of moves")
        if not isinstance(d["desc_hash"], str):
            raise _damaged(path, where, "desc_hash should be a text")
        for key in ("seed", "length", "branching_sum", "branching_max", "decisions"):
            if not _int(d[key]) or d[key] < 0:
                raise _damaged(path, where, f"{key} should be a whole number")
        if not isinstance(d["seconds"], int | float):
            raise _damaged(path, where, "seconds should be a number")
        if d["end_reason"] not in ENDS:
            raise _damaged(path, where, f"end_reason should be one of {', '.join(ENDS)}")
        d["end"] = d.pop("end_reason")
        return d


def open_store(path: str | Path, create: bool = True) -> Store:
    """Open (or with ``create``, make) a results database; clear errors for anything else."""
    try:
        return Store(path, create)
    except (sqlite3.Error, UnicodeDecodeError) as err:
        raise _sqlite_error(str(path), err) from None


def rows_equal_ignoring_time(a: Iterable[dict[str, Any]], b: Iterable[dict[str, Any]]) -> bool:
    """Whether two sequences of game rows are the same games (timing aside)."""
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "batch")} for r in a]
    other = [{k: v for k, v in r.items() if k not in ("seconds", "batch")} for r in b]
    return strip == other
