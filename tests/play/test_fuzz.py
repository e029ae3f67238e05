"""Fuzzing the front ends that read what people and files give them (issue 17): random
lines, bytes and long lines typed into ``play`` and ``replay --step``; broken records
given to ``verify`` and ``replay``; damaged databases given to ``report``.

Each run must end with an exit status and a message, never a traceback; a hang is
caught by a generous alarm (a guard, not a timing assertion: the runs are bounded by
the commands' own limits: line length, record size, field lengths, move caps).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludeme.cli.main import cli

HANG_GUARD = 60      # seconds; far above any run's cost, only to turn a hang into a failure
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@contextmanager
def hang_guard(what: str):
    def alarm(signum, frame):
        raise AssertionError(f"{what} ran for more than {HANG_GUARD} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_GUARD)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def invoke(args, data: str | bytes = "") -> int:
    """Run a command; it must exit with a status (0, 1 or 2), not raise. With
    LUDEME_FUZZ_TIMES=FILE set, each run's command and seconds are appended to FILE
    (how the issue's "every run under 2 s" is measured, outside the assertions)."""
    start = time.perf_counter()
    with hang_guard(" ".join(map(str, args))):
        result = CliRunner().invoke(cli, [str(a) for a in args], input=data)
    if os.environ.get("LUDEME_FUZZ_TIMES"):
        with open(os.environ["LUDEME_FUZZ_TIMES"], "a") as fh:
            fh.write(f"{time.perf_counter() - start:.3f}\t{args[0]}\n")
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        raise AssertionError(f"{args}: {type(exc).__name__}: {exc}") from exc
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output[-500:])
    assert "Traceback" not in result.output
    return result.exit_code


# -- what people type ----------------------------------------------------------------------
COMMANDS = ["moves", "undo", "hint", "help", "save", "draw", "resign", "a1", "b2", "c3",
            "pass", "x", "-", "a1-b2", "1", "yes", "no"]
words = st.one_of(st.sampled_from(COMMANDS), st.text(max_size=40),
                  st.builds(lambda c, n: c * n, st.sampled_from("a-1x \t"),
                            st.integers(0, 6_000)))
line = st.builds(lambda ws: " ".join(ws), st.lists(words, min_size=1, max_size=3))
raw = st.binary(max_size=300)


@SETTINGS
@given(lines=st.lists(line, max_size=12))
def test_play_survives_random_lines(lines):
    text = "\n".join(lines) + "\nquit\n"
    invoke(["play", "tic-tac-toe", "--p1", "human", "--p2", "random", "--seed", "1",
            "--hint-agent", "random"], text)


@SETTINGS
@given(data=raw)
def test_play_survives_random_bytes(data):
    invoke(["play", "connect-four", "--p1", "human", "--p2", "human", "--seed", "1",
            "--max-moves", "50"], data)


def test_play_survives_seeded_long_lines_and_bytes():
    """A seeded generator beside hypothesis: long lines of every sort, NUL and invalid
    UTF-8, over a game with several move kinds (placement with direction, slides)."""
    rng = random.Random(17)
    alphabet = "abcdefg1234567-x KkNnSsEeWw\t\x00"
    for _ in range(30):
        chunks = []
        for _ in range(rng.randrange(1, 6)):
            n = rng.choice([1, 3, 10, 500, 2_001, 20_000])
            chunks.append("".join(rng.choice(alphabet) for _ in range(n)).encode())
            if rng.random() < 0.3:
                chunks.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20))))
        invoke(["play", "brandubh", "--p1", "human", "--p2", "human", "--seed", "1"],
               b"\n".join(chunks) + b"\nquit\n")


@SETTINGS
@given(lines=st.lists(st.one_of(st.sampled_from(["", "b", "q", "3", "99999999999999"]),
                                st.text(max_size=20)), max_size=10))
def test_replay_step_survives_random_lines(lines, tmp_path_factory):
    path = _record_file(tmp_path_factory)
    invoke(["replay", path, "--step"], "\n".join(lines) + "\n")


# -- broken records ----------------------------------------------------------------------
_RECORD: dict | None = None


def _record(tmp_path_factory) -> dict:
    global _RECORD
    if _RECORD is None:
        path = tmp_path_factory.mktemp("rec") / "r.json"
        CliRunner().invoke(cli, ["play", "tic-tac-toe", "--p1", "random", "--p2", "random",
                                 "--seed", "5", "--save", str(path)], catch_exceptions=False)
        _RECORD = json.loads(path.read_text())
    return _RECORD


def _record_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "r.json"
    path.write_text(json.dumps(_record(tmp_path_factory)))
    return path


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=20) | st.builds(lambda n: "a" * n, st.integers(0, 5_000)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8)
FIELDS = ["description", "description_hash", "game", "options", "ruleset", "seed", "agents",
          "agent_seeds", "moves", "returns", "end", "end_by", "max_moves", "format"]
edits = st.lists(st.tuples(st.sampled_from(FIELDS),
                           st.one_of(json_values, st.just("DELETE"))), min_size=1, max_size=3)
move_edits = st.lists(st.tuples(st.integers(0, 8), st.text(max_size=8)), max_size=3)


@SETTINGS
@given(changes=edits, moves=move_edits, cut=st.one_of(st.none(), st.integers(0, 400)),
       noise=st.one_of(st.none(), st.binary(min_size=1, max_size=8)))
def test_verify_and_replay_survive_broken_records(changes, moves, cut, noise, tmp_path_factory):
    rec = json.loads(json.dumps(_record(tmp_path_factory)))
    for key, value in changes:
        if value == "DELETE":
            rec.pop(key, None)
        else:
            rec[key] = value
    if isinstance(rec.get("moves"), list):
        for i, text in moves:
            if i < len(rec["moves"]):
                rec["moves"][i] = text
    data = json.dumps(rec).encode()
    if cut is not None:
        data = data[:cut]
    if noise is not None:
        at = len(data) // 2
        data = data[:at] + noise + data[at:]
    path = tmp_path_factory.mktemp("bad") / "r.jsonl"
    path.write_bytes(data)
    invoke(["verify", path])
    invoke(["verify", path, "--json", "--no-agents"])
    invoke(["replay", path])


# -- damaged databases -------------------------------------------------------------------
_DB: bytes | None = None


def _database(tmp_path_factory) -> bytes:
    global _DB
    if _DB is None:
        path = tmp_path_factory.mktemp("db") / "r.sqlite"
        result = CliRunner().invoke(cli, ["simulate", "tic-tac-toe", "-n", "4", "--seed", "1",
                                          "-w", "1", "--db", str(path), "--json"])
        assert result.exit_code == 0, result.output
        con = sqlite3.connect(path)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("PRAGMA journal_mode=DELETE")
        con.close()
        _DB = path.read_bytes()
    return _DB


GAME_COLUMNS = ["seed", "agents", "options", "desc_hash", "returns", "winners", "end_reason",
                "length", "seconds", "moves", "branching_sum", "branching_max", "decisions"]
BATCH_COLUMNS = ["game", "ref", "options", "chosen", "ruleset", "agents", "seed", "n",
                 "desc_hash", "players", "first_mover", "max_moves", "label", "created"]
cells = st.one_of(st.none(), st.integers(-10, 10), st.floats(allow_nan=True), st.text(max_size=30),
                  st.binary(max_size=20),
                  json_values.map(json.dumps))


@SETTINGS
@given(games=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(GAME_COLUMNS), cells),
                      max_size=3),
       batches=st.lists(st.tuples(st.sampled_from(BATCH_COLUMNS), cells), max_size=2))
def test_report_survives_damaged_rows(games, batches, tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "r.sqlite"
    path.write_bytes(_database(tmp_path_factory))
    con = sqlite3.connect(path)
    updates = [(f"UPDATE games SET {column}=? WHERE idx=?", (value, idx))
               for idx, column, value in games]
    updates += [(f"UPDATE batches SET {column}=?", (value,)) for column, value in batches]
    for sql, values in updates:
        try:
            con.execute(sql, values)
        except sqlite3.IntegrityError:
            pass        # NOT NULL: the schema itself refuses it
    con.commit()
    con.close()
    invoke(["report", path])
    invoke(["report", path, "--json"])
    invoke(["report", path, "--list"])


@SETTINGS
@given(spots=st.lists(st.tuples(st.integers(0, 2**20), st.binary(min_size=1, max_size=64)),
                      min_size=1, max_size=6))
def test_report_survives_garbage_pages(spots, tmp_path_factory):
    data = bytearray(_database(tmp_path_factory))
    for at, junk in spots:
        at %= len(data)
        data[at:at + len(junk)] = junk
    path = tmp_path_factory.mktemp("db") / "r.sqlite"
    path.write_bytes(bytes(data))
    invoke(["report", path])
    invoke(["report", path, "--list"])


@pytest.mark.parametrize("data", [b"", b"SQLite format 3\x00" + b"\xff" * 5000, b"\x00" * 4096,
                                  b"not a database at all"])
def test_report_survives_files_that_are_not_databases(tmp_path, data):
    path = tmp_path / "x.sqlite"
    path.write_bytes(data)
    assert invoke(["report", path]) != 0
