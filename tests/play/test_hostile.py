"""Issue 17: hostile and broken input for play, verify, records and the results store
(nothing hangs, nothing prints a traceback, nothing lies), and issue 18's records as
players use them (--save appends, refuses to overwrite, is checked first, never loses
the game). Every case the issue lists has a test here; the random inputs are in
``test_fuzz.py``."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludeme.cli.main import cli
from ludeme.errors import LudemeError
from ludeme.play.session import Session, seat_players
from ludeme.play.terminal import MAX_LINE, PlainTerminal
from ludeme.records import (
    DEFAULT_MAX_MOVES,
    MAX_MOVE_CHARS,
    agent_seed,
    load_records,
    play_game,
    save_records,
    verify_record,
)
from ludeme.sim import store as store_module
from ludeme.sim.store import open_store

ROOT = Path(__file__).resolve().parents[2]

# A game that never ends: two rooks slide about an open board that never fills.
ENDLESS = """
(game "Endless"
    (players 2)
    (equipment { (board (square 4)) (piece "Rook" Each (move Slide Orthogonal)) })
    (rules
        (start { (place "Rook1" "a1") (place "Rook2" "d4") })
        (play (forEach Piece))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def run(args, text: str | bytes = ""):
    return CliRunner().invoke(cli, [str(a) for a in args], input=text, catch_exceptions=False)


def outcome(args, text: str | bytes = ""):
    """(exit code, output) of a command; any exception other than an exit fails."""
    result = CliRunner().invoke(cli, [str(a) for a in args], input=text)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


@pytest.fixture
def endless(tmp_path):
    path = tmp_path / "endless.lud"
    path.write_text(ENDLESS)
    return path


@pytest.fixture
def record(tmp_path):
    """A record of tic-tac-toe, P1 a person, P2 random, as ``play`` saves it."""
    path = tmp_path / "base.json"
    run(["play", "tic-tac-toe", "--p1", "human", "--p2", "random", "--seed", "1",
         "--save", path], "a1\nquit\n")
    return json.loads(path.read_text())


def write(tmp_path, name, data) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


# -- 1. nothing hangs ----------------------------------------------------------------
def test_long_lines_in_play_are_refused_at_once():
    text = "a" * 10_000 + "\n" + "-" * 400_000 + "\nquit\n"
    code, out = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "random",
                         "--seed", "1"], text)
    assert code == 0
    assert out.count(f"longer than {MAX_LINE:,} characters") == 2
    assert max(map(len, out.splitlines())) < 200     # the line is not echoed back


def test_reading_a_long_line_keeps_only_its_head():
    lines = io.StringIO("x" * 1_000_000 + "\nb2\n")
    term = PlainTerminal(lines, lambda _: None)
    assert len(term.read("P1")) == MAX_LINE + 1
    assert term.read("P1") == "b2"
    assert term.read("P1") is None


@pytest.mark.parametrize("text", ["a" * 1_999, "-" * 1_999, "a1-" * 600, "Kd4" * 600])
def test_explaining_an_illegal_move_is_short(load, text):
    # the longest line play accepts: before the fix this cost about cubic time (_why)
    # or quadratic (_similar) in its length
    state = load("tic-tac-toe").new_initial_state()
    with pytest.raises(LudemeError) as err:
        state.parse_move(text)
    d = err.value.diagnostics[0]
    assert "not a legal move" in d.message
    assert "characters)" in d.message or "there is no" not in d.message


def test_similar_moves_share_the_longest_prefix(load):
    state = load("tic-tac-toe").new_initial_state()
    with pytest.raises(LudemeError) as err:
        state.parse_move("a9")
    assert err.value.diagnostics[0].hint == "legal moves starting the same way: a1, a2, a3"


def test_record_with_a_5000_character_move_is_refused(tmp_path, record):
    path = write(tmp_path, "long.json", {**record, "moves": ["a" * 5_000]})
    code, out = outcome(["verify", path])
    assert code == 1
    assert f'"moves" should be a list of moves, texts of at most {MAX_MOVE_CHARS:,}' in out


# -- 2. verify catches every change --------------------------------------------------
def test_untouched_record_verifies(tmp_path, record):
    code, out = outcome(["verify", write(tmp_path, "r.json", record)])
    assert code == 0 and ": ok, unfinished; agents re-run: P2" in out


@pytest.mark.parametrize("change, expect", [
    ({"seed": 2}, "is not the one game seed 2 gives"),
    ({"seed": None}, "the record has no game seed"),
    ({"description_hash": ""}, "the record has no description hash"),
    ({"description_hash": "0" * 32}, "has content hash"),
    ({"agents": ["human", "human"]}, "P2 is recorded as a person but with an agent seed"),
    ({"agent_seeds": [None]}, "the record lists 2 agents and 1 agent seeds"),
    ({"max_moves": 1}, "goes on past its move cap (1)"),
])
def test_verify_catches_a_changed_field(tmp_path, record, change, expect):
    code, out = outcome(["verify", write(tmp_path, "r.json", {**record, **change})])
    assert code == 1 and "FAILED" in out and expect in out, out


def test_verify_says_plainly_when_no_agent_was_rerun(tmp_path, record):
    bad = {**record, "agents": ["human", "human"], "agent_seeds": [None, None]}
    code, out = outcome(["verify", write(tmp_path, "r.json", bad)])
    assert ": ok" not in out
    assert "moves and result check out (unfinished), but no agent was re-run" in out
    assert "P2's agent not re-run: a person played this seat" in out
    code, out = outcome(["verify", write(tmp_path, "r.json", bad), "--json"])
    assert code == 0 and json.loads(out)["agents_rerun"] is False


def test_verify_checks_options_as_resolved(tmp_path, load):
    rec = play_game(load("brandubh"), ["random", "random"], seed=3, max_moves=6)
    assert any(o.startswith("Move Limit/") for o in rec.options)
    assert verify_record(rec).ok
    rec.options = [o for o in rec.options if not o.startswith("Move Limit/")]
    report = verify_record(rec)
    assert not report.ok and "resolve to" in report.divergence.message


def test_verify_covers_every_file_of_a_variant_chain(tmp_path):
    (tmp_path / "root.lud").write_text((ROOT / "descriptions/tic-tac-toe.lud").read_text())
    (tmp_path / "v1.lud").write_text('(variant "root" name:"V1")\n')
    (tmp_path / "v2.lud").write_text('(variant "v1" name:"V2")\n')
    saved = tmp_path / "v2.json"
    run(["play", tmp_path / "v2.lud", "--p1", "human", "--p2", "random", "--seed", "1",
         "--save", saved], "a1\nquit\n")
    assert outcome(["verify", saved])[0] == 0
    with (tmp_path / "root.lud").open("a") as fh:
        fh.write("\n// edited after the game was saved\n")
    code, out = outcome(["verify", saved])
    assert code == 1 and "has content hash" in out


# -- 3. a missing path is not a bundled game ------------------------------------------
@pytest.mark.parametrize("ref, expect", [
    ("/nonexistent/brandubh.lud", "no such file"),
    ("brandubh.lud", "no such file"),
    ("http://127.0.0.1:9/tic-tac-toe.lud", "not a file"),
    ("nosuchgame", "no description named"),
])
def test_only_a_bare_name_is_bundled(ref, expect):
    code, out = outcome(["check", ref])
    assert code == 2 and expect in out and "ok" not in out


def test_variant_base_cannot_be_an_arbitrary_file(tmp_path):
    (tmp_path / "passwd.lud").write_text('(variant "/etc/passwd")\n')
    code, out = outcome(["check", tmp_path / "passwd.lud"])
    assert code == 1 and "is not a .lud file" in out and "root:" not in out
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "base.lud").write_text((ROOT / "descriptions/tic-tac-toe.lud").read_text())
    (elsewhere / "abs.lud").write_text(f'(variant "{tmp_path / "base.lud"}")\n')
    code, out = outcome(["check", elsewhere / "abs.lud"])
    assert code == 1 and "absolute path outside the variant's folder" in out
    (elsewhere / "rel.lud").write_text('(variant "../base.lud")\n')
    assert outcome(["check", elsewhere / "rel.lud"])[0] == 0
    (tmp_path / "inside.lud").write_text(f'(variant "{tmp_path / "base.lud"}")\n')
    assert outcome(["check", tmp_path / "inside.lud"])[0] == 0


# -- 4. a move cap everywhere, memory linear in the game's length ----------------------
def test_random_stops_an_endless_game_at_the_default_cap(endless):
    code, out = outcome(["random", endless, "--seed", "1"])
    assert code == 0
    assert out.splitlines()[-1] == f"result: unfinished after {DEFAULT_MAX_MOVES} moves (the move cap)"


def test_simulate_and_play_stop_an_endless_game(endless, tmp_path):
    db = tmp_path / "r.sqlite"
    code, out = outcome(["simulate", endless, "-n", "2", "-w", "1", "--seed", "1", "--db", db,
                         "--max-moves", "30", "--json"])
    assert code == 0
    with open_store(db, create=False) as store:
        rows = store.games(store.latest().id)
    assert [(r["end"], r["length"]) for r in rows] == [("unfinished", 30)] * 2
    code, out = outcome(["play", endless, "--p1", "random", "--p2", "random", "--seed", "1",
                         "--max-moves", "40"])
    assert "the game reached the move cap (40 moves) and stops unfinished" in out
    assert "result: unfinished after 40 moves" in out
    # the default is documented in --help of every command that runs games
    for cmd in ("random", "simulate", "play"):
        assert f"{DEFAULT_MAX_MOVES}" in run([cmd, "--help"]).output


def test_play_memory_grows_linearly_with_the_game(endless):
    """Undo history is kept as moves: twice the moves, about twice the memory (a copy
    of the state per move made it four times)."""
    import ludeme

    game = ludeme.load(endless)

    def peak(moves: int) -> int:
        seats, seed, _ = seat_players(2, {1: "random", 2: "random"}, 1, "random")
        session = Session(game, seats, seed, terminal=PlainTerminal(io.StringIO(), len),
                          max_moves=moves)
        tracemalloc.start()
        session.run()
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(session.played) == moves
        return top

    small, large = peak(1_500), peak(3_000)
    assert large < 3 * small, (small, large)


# -- 5. no tracebacks ---------------------------------------------------------------
def test_undecodable_bytes_on_stdin_under_a_utf8_locale():
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "ludeme.cli.main", "play", "tic-tac-toe",
                           "--p1", "human", "--p2", "random", "--seed", "1"],
                          input=b"a\xff1\n\xfe\xfe\nquit\n", capture_output=True, env=env,
                          timeout=120)
    assert proc.returncode == 0
    assert b"Traceback" not in proc.stderr
    assert "is not a legal move here" in proc.stdout.decode()


def test_undecodable_bytes_in_a_record(tmp_path, record):
    path = tmp_path / "bad.json"
    path.write_bytes(json.dumps(record).encode().replace(b'"a1"', b'"a\xff1"'))
    for cmd in ("verify", "replay"):
        code, out = outcome([cmd, path])
        assert code == 1 and "not UTF-8 text (byte 0xff" in out


@pytest.mark.parametrize("change, expect", [
    ({"returns": "P2"}, '"returns" should be a list of numbers'),
    ({"agents": None}, '"agents" should be a list of agent specs'),
    ({"agents": [1, 2]}, '"agents" should be a list of agent specs'),
    ({"description": 5}, '"description" should be a text'),
    ({"moves": "a1"}, '"moves" should be a list of moves'),
    ({"seed": "1"}, '"seed" should be a whole number'),
    ({"end": ["rules"]}, '"end" should be a text'),
    ({"format": "ludeme-record/1"}, "unknown record format"),
])
def test_wrong_types_in_a_record(tmp_path, record, change, expect):
    path = write(tmp_path, "r.json", {**record, **change})
    for cmd in ("verify", "replay"):
        code, out = outcome([cmd, path])
        assert code == 1 and expect in out, out


def test_record_that_is_not_an_object_or_nests_too_deeply(tmp_path):
    for text in ("[1, 2]", "[" * 100_000 + "]" * 100_000, '"x"'):
        path = tmp_path / "r.json"
        path.write_text(text)
        code, out = outcome(["verify", path])
        assert code == 1 and "error:" in out


def _db(tmp_path, name="r.sqlite") -> Path:
    db = tmp_path / name
    code, _ = outcome(["simulate", "tic-tac-toe", "-n", "3", "--seed", "1", "-w", "1",
                       "--db", db, "--json"])
    assert code == 0
    return db


@pytest.mark.parametrize("sql, expect", [
    ("UPDATE games SET returns='[1,' WHERE idx=0", "returns is not JSON"),
    ("UPDATE games SET moves=CAST(x'ff00fe' AS TEXT) WHERE idx=0", "moves is not JSON"),
    ("UPDATE games SET returns='[1]' WHERE idx=1", "returns should be a list of 2 numbers"),
    ("UPDATE games SET winners='[7]' WHERE idx=1", "winners should be a list of player"),
    ("UPDATE games SET length='many' WHERE idx=2", "length should be a whole number"),
    ("UPDATE batches SET players=5", "players is 5 but it lists 2 agents"),
    ("UPDATE batches SET agents='{}'", "agents should be a list of agent specs"),
    ("UPDATE batches SET first_mover=0", "first_mover is 0"),
])
def test_damaged_rows_in_a_results_database(tmp_path, sql, expect):
    db = _db(tmp_path)
    con = sqlite3.connect(db)
    con.execute(sql)
    con.commit()
    con.close()
    code, out = outcome(["report", db])
    assert code == 1 and "the database is damaged" in out and expect in out, out


def test_garbage_in_a_databases_pages(tmp_path):
    db = _db(tmp_path)
    data = bytearray(db.read_bytes())
    for i in range(1024, len(data), 7):
        data[i] = 0xAB
    db.write_bytes(bytes(data))
    code, out = outcome(["report", db])
    assert code in (1, 2) and "malformed" in out


def test_report_reads_a_read_only_database(tmp_path, monkeypatch):
    db = _db(tmp_path)
    expected = outcome(["report", db, "--json"])[1]
    # as root, file modes do not stop writing: the store is told what a user would see
    monkeypatch.setattr(os, "access", lambda path, mode: mode != os.W_OK)
    for extra in (db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        assert not extra.exists()
    code, out = outcome(["report", db, "--json"])
    assert code == 0 and json.loads(out) == json.loads(expected)
    with open_store(db, create=False) as store:
        assert store.read_only


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="file modes do not bind root")
def test_report_reads_a_database_in_a_read_only_folder(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    db = _db(folder)
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        assert outcome(["report", db])[0] == 0
        code, out = outcome(["simulate", "tic-tac-toe", "-n", "1", "--db", db])
        assert code != 0 and "Traceback" not in out
    finally:
        folder.chmod(0o755)


def test_a_locked_database_is_waited_for_then_named(tmp_path, monkeypatch):
    db = _db(tmp_path)
    monkeypatch.setattr(store_module, "LOCK_TIMEOUT", 0.2)
    other = sqlite3.connect(db)
    other.execute("BEGIN EXCLUSIVE")
    try:
        code, out = outcome(["simulate", "tic-tac-toe", "-n", "1", "-w", "1", "--db", db])
    finally:
        other.rollback()
        other.close()
    assert code == 1 and "the database is locked by another process (waited 0.2 s)" in out


def _create(path: str) -> str:
    try:
        with open_store(path) as store:
            store.new_batch(game="G", ref="g", options=[], chosen=[], ruleset=None,
                            agents=["random"], seed=1, n=1, desc_hash="x", players=1,
                            first_mover=1)
        return "ok"
    except Exception as err:  # noqa: BLE001 - reported to the test
        return f"{type(err).__name__}: {err}"


def test_many_processes_create_one_database_at_once(tmp_path):
    path = str(tmp_path / "new.sqlite")
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        results = pool.map(_create, [path] * 6)
    assert results == ["ok"] * 6
    with open_store(path, create=False) as store:
        assert len(store.batches()) == 6


def test_save_with_a_nul_byte_in_play():
    code, out = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "random", "--seed",
                         "1"], "save a\0b\nquit\n")
    assert code == 0 and "error: a file name cannot hold a NUL character" in out


def test_save_records_reports_a_nul_byte(tmp_path, record):
    from ludeme.records import GameRecord

    with pytest.raises(LudemeError, match="cannot write"):
        save_records("a\0b.json", [GameRecord.from_dict(record)])


# -- 6. bounded cost of verifying --------------------------------------------------------
def test_verify_refuses_a_huge_agent_budget(tmp_path, record):
    rec = {**record, "agents": ["random", "mcts:iterations=1000000000"],
           "agent_seeds": [agent_seed(1, 1), agent_seed(1, 2)]}
    path = write(tmp_path, "r.json", rec)
    code, out = outcome(["verify", path])
    assert code == 1
    assert "cannot be re-run within verify's limits: it asks for iterations=1,000,000,000" in out
    assert "--unlimited" in out
    code, out = outcome(["verify", path, "--no-agents"])
    assert code == 0 and "no agent was re-run" in out


def test_verify_refuses_a_record_file_over_its_size_limit(tmp_path, record):
    path = tmp_path / "big.json"
    with path.open("w") as fh:
        fh.write(json.dumps({**record, "game": ""})[:-1] + ', "pad": "')
        fh.write("x" * (33 * 2**20))
        fh.write('"}')
    code, out = outcome(["verify", path])
    assert code == 1 and "records are read up to 32 MB" in out and "--max-size" in out
    small = write(tmp_path, "small.json", record)
    code, out = outcome(["verify", small, "--max-size", "0.0001"])
    assert code == 1 and "records are read up to" in out


def test_verify_refuses_more_moves_than_it_replays(tmp_path, record):
    from ludeme.records import VERIFY_MAX_MOVES

    rec = {**record, "moves": ["a1"] * (VERIFY_MAX_MOVES + 1), "max_moves": None}
    code, out = outcome(["verify", write(tmp_path, "r.json", rec)])
    assert code == 1 and f"verify replays up to {VERIFY_MAX_MOVES:,}" in out
    code, out = outcome(["verify", write(tmp_path, "r.json", rec), "--unlimited"])
    assert code == 1 and "at ply 2: P2's move 'a1' is not legal" in out


# -- 7. errors keep their place ----------------------------------------------------------
@pytest.mark.parametrize("size, expect", [("100000", "too large"), ("0", "at least 1")])
def test_board_size_errors_have_a_place(tmp_path, size, expect):
    path = tmp_path / "b.lud"
    path.write_text(f'(game "B" (players 2) (equipment {{ (board (square {size})) '
                    f'(piece "Disc" Each) }})\n (rules (play (move Add (to (sites Empty))))))\n')
    code, out = outcome(["check", path])
    assert code == 1
    assert f"{path}:1:" in out and expect in out
    caret = [line for line in out.splitlines() if line.strip().startswith("|") and "^" in line]
    assert caret


def test_a_million_character_name_is_shown_shortened(tmp_path):
    path = tmp_path / "n.lud"
    path.write_text('(game "N" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })'
                    '\n (rules (play (move Add (to (sites ' + "E" * 1_000_000 + '))))))\n')
    code, out = outcome(["check", path])
    assert code == 1 and "(1,000,000 characters)" in out
    assert max(map(len, out.splitlines())) < 300


# -- issue 18: records as players use them -----------------------------------------------
def test_save_appends_to_jsonl(tmp_path):
    path = tmp_path / "games.jsonl"
    for seed in ("1", "2"):
        code, _ = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "random",
                           "--seed", seed, "--save", path], "a1\nquit\n")
        assert code == 0
    assert [r.seed for r in load_records(path)] == [1, 2]


def test_save_refuses_to_overwrite_json_without_force(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("keep me")
    code, out = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "random",
                         "--save", path], "a1\nquit\n")
    assert code == 2 and "exists: it would be overwritten" in out and "plays" not in out
    assert path.read_text() == "keep me"
    code, out = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "random",
                         "--save", path, "--force"], "a1\nquit\n")
    assert code == 0 and load_records(path)[0].moves[0] == "a1"


def test_save_path_is_checked_before_the_game(tmp_path):
    code, out = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "random",
                         "--save", tmp_path / "no" / "such" / "game.json"], "a1\nquit\n")
    assert code == 2 and "cannot write" in out and "plays" not in out
    assert not (tmp_path / "no").exists()


def test_save_after_the_game_ended(tmp_path):
    path = tmp_path / "won.json"
    code, out = outcome(["play", "tic-tac-toe", "--p1", "human", "--p2", "human"],
                        f"a1\na2\nb1\nb2\nc1\nsave {path}\nquit\n")
    assert code == 0 and "result: P1 won" in out
    assert f"saved the game record to {path}" in out
    rec = load_records(path)[0]
    assert rec.end == "rules" and rec.returns == [1.0, -1.0]


def _session(load, save_path, lines):
    out: list[str] = []
    game = load("tic-tac-toe")
    seats, seed, _ = seat_players(2, {1: "human", 2: "human"}, 1, "random")
    term = PlainTerminal(io.StringIO(lines), out.append)
    return Session(game, seats, seed, save_path=str(save_path), terminal=term), out


def test_an_unwritable_save_path_never_loses_the_game(load, tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    session, out = _session(load, folder / "game.json",
                            f"a1\na2\nb1\nb2\nc1\n{tmp_path / 'no' / 'x.json'}\n"
                            f"{tmp_path / 'kept.json'}\nquit\n")
    folder.rmdir()          # the path was fine when the game began
    session.run()
    text = "\n".join(out)
    assert text.count("the record is kept: type a file to save it to") == 2
    assert load_records(tmp_path / "kept.json")[0].returns == [1.0, -1.0]


def test_at_the_end_of_input_the_record_is_printed(load, tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    session, out = _session(load, folder / "game.json", "a1\na2\nb1\nb2\nc1\n")
    folder.rmdir()
    session.run()
    printed = [line for line in out if line.startswith("{")]
    assert printed and json.loads(printed[-1])["moves"] == ["a1", "a2", "b1", "b2", "c1"]
