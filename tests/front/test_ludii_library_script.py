"""benchmarks/ludii_library.py on a folder of small descriptions written here: what
passes each stage, and how the errors that stop the rest are ranked."""

from __future__ import annotations

import json

from benchmarks import ludii_library as lib

GOOD = '''(game "Good" (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))
'''


def write(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def report(tmp_path, capsys, *args) -> dict:
    assert lib.main([str(tmp_path), "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_stages_counts_and_rankings(tmp_path, capsys):
    write(tmp_path, {
        "a/good.lud": GOOD,
        "a/standard.lud": GOOD.replace('(is Line 3)', '("NoPiece" Next)'),
        "b/unknown1.lud": GOOD.replace("(move Add", "(move Glide"),
        "b/unknown2.lud": GOOD.replace("(move Add", "(move Glide").replace("(is Line 3)",
                                                                             "(frobnicate)"),
        "c/syntax.lud": GOOD.replace("(players 2)", "(players 2"),
    })
    r = report(tmp_path, capsys, "--max-moves", "20")
    assert r["files"] == 5
    parse, check = r["stages"]["parse"], r["stages"]["check"]
    assert (parse["passed"], parse["failed"]) == (4, 1)
    assert (check["reached"], check["passed"], check["failed"]) == (4, 2, 2)
    assert r["stages"]["playout"]["passed"] == 2
    assert r["internal_errors"] == [] and r["tracebacks"] == 0
    missing = {m["item"]: m for m in check["missing"]}
    assert missing["(move Glide)"]["files"] == 2
    assert missing["(move Glide)"]["only_missing_in"] == 1
    assert missing["(frobnicate)"]["files"] == 1
    assert check["missing"][0]["item"] == "(move Glide)"  # ranked by files first
    kinds = {k["kind"]: k["files"] for k in check["error_kinds"]}
    assert kinds["unknown kind '…' of (move ...)"] == 2
    assert check["nearest"][0] == {"file": "b/unknown1.lud", "blockers": 1,
                                   "needs": ["(move Glide)"]}


def test_filter_and_last_stage(tmp_path, capsys):
    write(tmp_path, {"a/good.lud": GOOD, "b/other.lud": GOOD})
    r = report(tmp_path, capsys, "--filter", "a/", "--stage", "parse")
    assert r["files"] == 1 and list(r["stages"]) == ["parse"]


def test_an_exception_is_an_internal_error_with_its_traceback(tmp_path, monkeypatch):
    write(tmp_path, {"good.lud": GOOD})

    def broken(result, path, seed, max_moves):
        raise KeyError("boom")

    monkeypatch.setitem(lib._STAGE_WORK, "check", broken)
    r = lib.run_file(str(tmp_path / "good.lud"), "playout", 0, 10, 5.0)
    assert r["failed"] == "check" and r["internal"].startswith("KeyError")
    assert "boom" in r["traceback"]
    summary = lib.summarise([r], lib.STAGES, tmp_path)
    assert summary["tracebacks"] == 1 and summary["internal_errors"][0]["stage"] == "check"


def test_a_file_over_its_time_limit_is_stopped(tmp_path, monkeypatch):
    write(tmp_path, {"good.lud": GOOD})

    def slow(result, path, seed, max_moves):
        while True:
            pass

    monkeypatch.setitem(lib._STAGE_WORK, "compile", slow)
    r = lib.run_file(str(tmp_path / "good.lud"), "playout", 0, 10, 0.3)
    assert r["failed"] == "compile" and r["timeout"]
    assert r["passed"] == ["parse", "check"]


def test_error_kinds_and_missing_items():
    assert lib.error_kind("unknown ludeme 'then'") == "unknown ludeme '…'"
    assert lib.error_kind('define "X" uses #2') == "define '…' uses #N"
    assert lib.missing_item("unknown kind 'Step' of (move ...)") == ("kind", "(move Step)")
    assert lib.missing_item("(sites Occupied ...) has no argument 'by:'") == \
        ("argument", "(sites Occupied by:)")
    assert lib.missing_item("(count ...) needs a kind first") == ("kind", "(count <no kind>)")
    assert lib.missing_item("unexpected '3'") is None


def test_expansions_compared_with_a_dump_of_ludiis(tmp_path, capsys):
    write(tmp_path, {"good.lud": '(define "Where" (sites Empty))\n' + GOOD.replace(
        "(sites Empty)", '"Where"'), "other.lud": GOOD})
    dump = tmp_path / "ludii.txt"
    # Ludii's text for good.lud is laid out differently but is the same tree; for
    # other.lud it differs in one place
    dump.write_text(f"=== {tmp_path / 'good.lud'}\n{' '.join(GOOD.split())}\n=== END\n"
                    f"=== {tmp_path / 'other.lud'}\n{GOOD.replace('Line 3', 'Line 4')}"
                    "\n=== END\n")
    r = report(tmp_path, capsys, "--stage", "parse", "--ludii-dump", str(dump))
    assert (r["ludii_compared"], r["ludii_same"]) == (2, 1)
    (diff,) = r["ludii_different"]
    assert diff["file"] == "other.lud"
    assert "(is Line 3)" in diff["where"] and "(is Line 4)" in diff["where"]
