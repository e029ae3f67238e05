"""Simulation results in SQLite: a table of batches and one row per finished game.

Every finished game is written in its own transaction, so a killed run keeps every game
it finished; ``(batch, idx)`` is the primary key, so a resumed run cannot store a game
twice. The file is marked with an application id and a format version, and anything
else (a corrupt file, another program's database) is refused with a clear error rather
than modified.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ludeme.errors import LudemeError, UsageError

APPLICATION_ID = 0x4C55444D  # "LUDM"
FORMAT_VERSION = 1

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


class Store:
    """An open results database."""

    def __init__(self, path: str | Path, create: bool = True):
        self.path = str(path)
        p = Path(path)
        if p.is_dir():
            raise UsageError(f"{path}: is a directory, not a database file")
        if not p.exists() and not create:
            raise UsageError(f"{path}: no such results database")
        try:
            self.conn = sqlite3.connect(self.path, timeout=30)
        except sqlite3.Error as err:
            raise UsageError(f"{path}: cannot open: {err}") from None
        try:
            self._check_or_init(create)
        except sqlite3.DatabaseError as err:
            self.conn.close()
            raise _foreign(self.path, str(err)) from None
        except LudemeError:
            self.conn.close()
            raise

    def _check_or_init(self, create: bool) -> None:
        c = self.conn
        app_id = c.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app_id != APPLICATION_ID:
            if tables or app_id:
                raise _foreign(self.path, "it has other tables" if tables else
                               f"application id {app_id:#x}")
            if not create:
                raise _foreign(self.path, "it is empty")
            # A new (or empty) file: make it ours.
            c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            c.executescript(_SCHEMA)
            with c:
                c.execute("INSERT INTO meta VALUES ('format', ?)", (str(FORMAT_VERSION),))
        row = c.execute("SELECT value FROM meta WHERE key='format'").fetchone()
        if row is None or row[0] != str(FORMAT_VERSION):
            raise _foreign(self.path, f"format {row[0] if row else 'unknown'}, "
                                      f"expected {FORMAT_VERSION}")
        if create:
            # WAL with synchronous=NORMAL: a commit survives the process being killed (what
            # --resume relies on) without an fsync per game.
            c.execute("PRAGMA journal_mode=WAL")
            c.execute("PRAGMA synchronous=NORMAL")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- batches -------------------------------------------------------------------------
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

    def set_n(self, batch_id: int, n: int) -> None:
        with self.conn:
            self.conn.execute("UPDATE batches SET n=? WHERE id=?", (n, batch_id))

    def _batch(self, row: tuple) -> Batch:
        (bid, game, ref, options, chosen, ruleset, agents, seed, n, desc_hash, players,
         first_mover, max_moves, label, created) = row
        return Batch(bid, game, ref, json.loads(options), json.loads(chosen), ruleset,
                     json.loads(agents), seed, n, desc_hash, players, first_mover, max_moves,
                     label, created)

    _BATCH_SELECT = ("SELECT id, game, ref, options, chosen, ruleset, agents, seed, n, desc_hash, "
                     "players, first_mover, max_moves, label, created FROM batches")

    def batch(self, batch_id: int) -> Batch:
        row = self.conn.execute(self._BATCH_SELECT + " WHERE id=?", (batch_id,)).fetchone()
        if row is None:
            ids = [b.id for b in self.batches()]
            raise UsageError(f"{self.path}: no batch {batch_id}",
                             hint=("batches: " + ", ".join(map(str, ids))) if ids
                             else "the database has no batches")
        return self._batch(row)

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

    def done_indices(self, batch_id: int) -> set[int]:
        return {r[0] for r in self.conn.execute("SELECT idx FROM games WHERE batch=?",
                                                (batch_id,))}

    def count(self, batch_id: int) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games WHERE batch=?",
                                 (batch_id,)).fetchone()[0]

    def games(self, batch_id: int) -> Iterator[dict[str, Any]]:
        """The batch's games in index order, as dicts shaped like the runner's rows."""
        cur = self.conn.execute(f"SELECT {', '.join(_GAME_COLUMNS)} FROM games WHERE batch=? "
                                "ORDER BY idx", (batch_id,))
        for r in cur:
            d = dict(zip(_GAME_COLUMNS, r, strict=True))
            for key in ("agents", "options", "returns", "winners", "moves"):
                d[key] = json.loads(d[key])
            d["end"] = d.pop("end_reason")
            yield d


def open_store(path: str | Path, create: bool = True) -> Store:
    """Open (or with ``create``, make) a results database; clear errors for anything else."""
    try:
        return Store(path, create)
    except sqlite3.Error as err:  # pragma: no cover - defensive: sqlite errors outside checks
        raise _foreign(str(path), str(err)) from None


def rows_equal_ignoring_time(a: Iterable[dict[str, Any]], b: Iterable[dict[str, Any]]) -> bool:
    """Whether two sequences of game rows are the same games (timing aside)."""
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "batch")} for r in a]
    other = [{k: v for k, v in r.items() if k not in ("seconds", "batch")} for r in b]
    return strip == other
