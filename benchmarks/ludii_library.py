"""How much of a folder of Ludii descriptions ludeme reads, stage by stage.

    LUDII_LUD=/path/to/lud python -m benchmarks.ludii_library
    python -m benchmarks.ludii_library /path/to/lud --stage check --jobs 2
    python -m benchmarks.ludii_library /path/to/lud --filter board/war --show-failures 20
    python -m benchmarks.ludii_library /path/to/lud --json > library.json

Every ``.lud`` file under the folder goes through the stages in order, each file in a
worker process with a time limit:

1. ``parse``   parse and expand (syntax, options, rulesets, defines);
2. ``check``   resolve every form against the ludeme registry;
3. ``compile`` compile the checked game;
4. ``playout`` one uniformly random game from ``--seed`` with at most ``--max-moves`` moves.

A file stops at the first stage that fails. For each stage the report gives how many
files pass it, and ranks the errors that stop the others: by error kind (the message
with its particulars taken out) and, for the checker, by the missing ludeme, kind,
name or argument, counting the files each one appears in and the files where it is
the only thing missing (the files that adding it alone would let through).

With ``--ludii-dump FILE``, each file's expansion is also compared with Ludii's own:
FILE holds, for each description, a line ``=== <path>``, the text Ludii's expander
makes of it (default options), and a line ``=== END``. The comparison is of syntax
trees (so layout does not count); the report says how many are the same and where
the others first differ.

A Python exception other than ludeme's own ``LudemeError`` is an internal error
(a traceback); so is a ``LudemeError`` that says "internal error". Both are listed
with the file and the exception, as is every file that runs out of time.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import re
import signal
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

STAGES = ("parse", "check", "compile", "playout")


class _Timeout(BaseException):
    """Raised by the alarm in a worker (a BaseException, so no ``except Exception``
    in the code under test swallows it)."""


def _on_alarm(signum, frame):  # noqa: ARG001 - a signal handler's signature
    raise _Timeout


# -- what a failure is ---------------------------------------------------------------------

# "unknown ludeme 'x'", "unknown kind 'K' of (h ...)", "unknown name 'N'",
# "(h ...) has no argument 'k:'", "unknown define \"D\""
_MISSING = (
    (re.compile(r"^unknown kind '([^']*)' of \(([^ )]+) \.\.\.\)"), "kind",
     lambda m: f"({m[2]} {m[1]})"),
    (re.compile(r"^unknown ludeme '([^']*)'"), "ludeme", lambda m: f"({m[1]})"),
    (re.compile(r"^unknown name '([^']*)'"), "name", lambda m: m[1]),
    (re.compile(r"^\(([^)]*?) \.\.\.\) has no argument '([^']*)'"), "argument",
     lambda m: f"({m[1]} {m[2]})"),
    (re.compile(r'^unknown define "([^"]*)"'), "define", lambda m: f'"{m[1]}"'),
    # (move (from) (to)): a head used without a kind, which Ludii reads as a ludeme
    (re.compile(r"^\(([^ )]+) \.\.\.\) needs a kind first"), "kind",
     lambda m: f"({m[1]} <no kind>)"),
)
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|<[A-Za-z_][^>]*>")
_NUMBER = re.compile(r"\b\d+\b")


def error_kind(message: str) -> str:
    """A message with its particulars (names, strings, numbers) taken out, so that the
    same mistake in different places counts as one kind."""
    text = _QUOTED.sub("'…'", message.splitlines()[0] if message else "")
    return _NUMBER.sub("N", text)


def missing_item(message: str) -> tuple[str, str] | None:
    """(category, item) when a message says a ludeme, kind, name, argument or define is
    missing."""
    for pattern, category, item in _MISSING:
        m = pattern.match(message)
        if m:
            return category, item(m)
    return None


def _internal(message: str) -> bool:
    return message.startswith("internal error")


# -- one file ------------------------------------------------------------------------------

def run_file(path: str, last_stage: str, seed: int, max_moves: int, timeout: float,
             ludii_text: str | None = None) -> dict:
    """Every stage up to ``last_stage`` on one file; never raises. ``ludii_text`` is
    Ludii's expansion of the file, to compare ours with."""
    from ludeme.errors import LudemeError

    result: dict = {"file": path, "passed": [], "failed": None, "errors": [],
                    "internal": None, "times": {}}
    use_alarm = timeout > 0 and hasattr(signal, "setitimer")
    if use_alarm:
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    stage = STAGES[0]
    try:
        for stage in STAGES[:STAGES.index(last_stage) + 1]:
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                _STAGE_WORK[stage](result, path, seed, max_moves)
            finally:
                result["times"][stage] = time.perf_counter() - t0
                result.setdefault("cpu", {})[stage] = time.process_time() - c0
            result["passed"].append(stage)
            if stage == "parse" and ludii_text is not None:
                result["ludii"] = _compare(result["_state"]["desc"].game, ludii_text)
    except LudemeError as err:
        result["failed"] = stage
        diags = [d for d in err.diagnostics if d.severity == "error"] or err.diagnostics
        result["errors"] = [{"message": d.message.splitlines()[0] if d.message else "",
                             "at": _where(d.span)} for d in diags]
        internal = [d for d in diags if _internal(d.message)]
        if internal:
            result["internal"] = internal[0].message
    except _Timeout:
        result["failed"] = stage
        result["timeout"] = True
        result["errors"] = [{"message": f"time limit of {timeout:g} s exceeded", "at": None}]
    except RecursionError as err:
        result["failed"] = stage
        result["internal"] = f"RecursionError: {str(err)[:200]}"
        result["traceback"] = _short_traceback()
        result["errors"] = [{"message": "RecursionError", "at": None}]
    except Exception as err:  # noqa: BLE001 - this is what the script is here to catch
        result["failed"] = stage
        result["internal"] = f"{type(err).__name__}: {str(err)[:200]}"
        result["traceback"] = _short_traceback()
        result["errors"] = [{"message": f"{type(err).__name__}", "at": None}]
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
        result.pop("_state", None)
    return result


def _where(span) -> str | None:
    """Where in the description an error is: for text that came out of a define (the
    prelude's too), the place the description uses that define."""
    if span is None:
        return None
    name = None
    while span.via is not None:
        name, span = span.via_define, span.via
    return f"{span} (in define \"{name}\")" if name else str(span)


def _compare(game, ludii_text: str) -> str | None:
    """None when our expanded game is Ludii's (as syntax trees); else where they part."""
    from ludeme.errors import LudemeError
    from ludeme.syntax.parser import parse_text
    from ludeme.syntax.printer import format_node

    try:
        theirs = parse_text(ludii_text, "<ludii>")
    except LudemeError as err:
        return f"cannot read Ludii's expansion: {err.diagnostics[0].message}"
    if len(theirs) == 1 and theirs[0] == game:
        return None
    a = format_node(game, width=1 << 30)
    b = " ".join(format_node(t, width=1 << 30) for t in theirs)
    k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    return f"ours ...{a[max(0, k - 60):k + 60]}... Ludii's ...{b[max(0, k - 60):k + 60]}..."


def read_ludii_dump(path: str) -> dict[str, str]:
    """A dump of Ludii's expansions: file path -> expanded text."""
    text = Path(path).read_text(encoding="utf-8")
    return {str(Path(f).resolve()): body for f, body in
            re.findall(r"^=== (.*?)\n(.*?)^=== END$", text, re.S | re.M)}


def _short_traceback(frames: int = 6) -> str:
    lines = traceback.format_exc().rstrip().splitlines()
    return "\n".join(lines[-2 * frames - 1:])


def _parse(result: dict, path: str, seed: int, max_moves: int) -> None:
    from ludeme.expand import expand

    result["_state"] = {"desc": expand(path)}


def _check(result: dict, path: str, seed: int, max_moves: int) -> None:
    from ludeme.lang.checker import check

    result["_state"]["checked"] = check(result["_state"]["desc"].game)


def _compile(result: dict, path: str, seed: int, max_moves: int) -> None:
    from ludeme.compile.compiler import compile_game

    st = result["_state"]
    st["game"] = compile_game(st["checked"], st["desc"].chosen)


def _playout(result: dict, path: str, seed: int, max_moves: int) -> None:
    import random

    from ludeme.runtime.search import random_playout

    state = result["_state"]["game"].new_initial_state()
    result["moves"] = random_playout(state, random.Random(seed), max_moves)
    result["ended"] = state.outcome is not None


_STAGE_WORK = {"parse": _parse, "check": _check, "compile": _compile, "playout": _playout}


def _warm() -> None:
    """Build what every file shares (the grammar's parser, the prelude) before timing."""
    try:
        from ludeme.expand.prelude import prelude
        from ludeme.syntax.parser import _lark

        _lark()
        prelude()
    except Exception:  # noqa: BLE001 - the files themselves will show what is broken
        pass


def _task(args: tuple) -> dict:
    path = args[0]
    try:
        return run_file(*args)
    except BaseException as err:  # noqa: BLE001 - a worker must always answer
        return {"file": path, "passed": [], "failed": "parse", "internal":
                f"{type(err).__name__}: {err}", "errors": [{"message": type(err).__name__,
                                                           "at": None}], "times": {}}


# -- the report ----------------------------------------------------------------------------

def summarise(results: list[dict], stages: tuple[str, ...], root: Path) -> dict:
    """Counts, rankings and lists, as plain data."""
    def rel(p: str) -> str:
        try:
            return str(Path(p).relative_to(root))
        except ValueError:
            return p

    out: dict = {"folder": str(root), "files": len(results), "stages": {}}
    for stage in stages:
        reached = [r for r in results if stage in r["passed"] or r["failed"] == stage]
        failed = [r for r in reached if r["failed"] == stage]
        kinds: Counter = Counter()
        kind_example: dict[str, str] = {}
        missing_files: dict[tuple[str, str], set[str]] = defaultdict(set)
        missing_uses: Counter = Counter()
        sole: Counter = Counter()
        blockers: list[tuple[int, str, list[str]]] = []
        for r in failed:
            seen_kinds = set()
            items = set()
            for e in r["errors"]:
                k = error_kind(e["message"])
                if k not in seen_kinds:
                    kinds[k] += 1
                    seen_kinds.add(k)
                    kind_example.setdefault(k, f"{e['message']}  [{rel(e['at'] or r['file'])}]")
                m = missing_item(e["message"])
                if m:
                    items.add(m)
                    missing_uses[m] += 1
                    missing_files[m].add(r["file"])
            if len(items) == 1 and len(seen_kinds) == 1:
                sole[next(iter(items))] += 1
            # what stands between this file and the next stage: each missing item, and
            # each other kind of error
            other = {k for k in seen_kinds if not any(
                missing_item(e["message"]) and error_kind(e["message"]) == k
                for e in r["errors"])}
            needs = sorted(i for _, i in items) + sorted(other)
            blockers.append((len(needs), rel(r["file"]), needs))
        times = [r["times"][stage] for r in reached if stage in r["times"]]
        cpu = [r["cpu"][stage] for r in reached if stage in r.get("cpu", {})]
        ranking = sorted(missing_files, key=lambda m: (-len(missing_files[m]), -sole[m], m))
        out["stages"][stage] = {
            "reached": len(reached),
            "passed": len(reached) - len(failed),
            "failed": len(failed),
            "time_max": max(times, default=0.0),
            "time_mean": sum(times) / len(times) if times else 0.0,
            "cpu_max": max(cpu, default=0.0),
            "cpu_mean": sum(cpu) / len(cpu) if cpu else 0.0,
            "slowest": rel(max(reached, key=lambda r: r["times"].get(stage, 0))["file"])
            if times else None,
            "error_kinds": [{"kind": k, "files": n, "example": kind_example[k]}
                            for k, n in kinds.most_common()],
            "missing": [{"category": m[0], "item": m[1], "files": len(missing_files[m]),
                         "uses": missing_uses[m], "only_missing_in": sole[m]}
                        for m in ranking],
            "nearest": [{"file": f, "blockers": n, "needs": needs}
                        for n, f, needs in sorted(blockers)[:50]],
            "failures": [{"file": rel(r["file"]), "errors": r["errors"][:5],
                          "error_count": len(r["errors"])} for r in failed],
        }
    internal = [r for r in results if r.get("internal")]
    out["internal_errors"] = [{"file": rel(r["file"]), "stage": r["failed"],
                               "error": r["internal"], "traceback": r.get("traceback")}
                              for r in internal]
    out["tracebacks"] = sum(1 for r in internal if r.get("traceback"))
    out["timeouts"] = [rel(r["file"]) for r in results if r.get("timeout")]
    played = [r for r in results if "playout" in r["passed"]]
    out["playouts_ended"] = sum(1 for r in played if r.get("ended"))
    compared = [r for r in results if "ludii" in r]
    if compared:
        out["ludii_compared"] = len(compared)
        out["ludii_same"] = sum(1 for r in compared if r["ludii"] is None)
        out["ludii_different"] = [{"file": rel(r["file"]), "where": r["ludii"]}
                                  for r in compared if r["ludii"] is not None]
    total = [sum(r["times"].values()) for r in results]
    out["time_per_file_max"] = max(total, default=0.0)
    out["time_per_file_mean"] = sum(total) / len(total) if total else 0.0
    cpu = [sum(r.get("cpu", {}).values()) for r in results]
    out["cpu_per_file_max"] = max(cpu, default=0.0)
    out["cpu_per_file_mean"] = sum(cpu) / len(cpu) if cpu else 0.0
    slow = max(results, key=lambda r: sum(r["times"].values()), default=None)
    out["slowest_file"] = rel(slow["file"]) if slow else None
    return out


def _print(report: dict, show_failures: int, top: int) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    con = Console()
    n = report["files"]
    con.print(f"[bold]{n} files[/] in {escape(report['folder'])}")
    summary = Table("stage", "reached", "pass", "fail", "mean s", "max s", "max cpu s", "slowest",
                    title="stages (a file stops at the first stage it fails)")
    for stage, s in report["stages"].items():
        summary.add_row(stage, str(s["reached"]), f"[green]{s['passed']}[/]",
                        f"[red]{s['failed']}[/]" if s["failed"] else "0",
                        f"{s['time_mean']:.3f}", f"{s['time_max']:.3f}", f"{s['cpu_max']:.3f}",
                        escape(s["slowest"] or ""))
    con.print(summary)
    con.print(f"time per file (all stages run): max {report['time_per_file_max']:.3f} s "
              f"({escape(str(report['slowest_file']))}), mean {report['time_per_file_mean']:.3f} s; "
              f"CPU time: max {report['cpu_per_file_max']:.3f} s, "
              f"mean {report['cpu_per_file_mean']:.3f} s")
    if "playout" in report["stages"]:
        played = report["stages"]["playout"]["passed"]
        con.print(f"playouts that reached the end of the game: {report['playouts_ended']}"
                  f"/{played}")
    for stage, s in report["stages"].items():
        if not s["failed"]:
            continue
        t = Table("files", "error kind", "example", title=f"{stage}: errors by kind "
                  f"(top {top})", show_lines=False)
        for row in s["error_kinds"][:top]:
            t.add_row(str(row["files"]), escape(row["kind"]), escape(row["example"]))
        con.print(t)
        if s["missing"]:
            t = Table("files", "only missing", "uses", "what", "missing",
                      title=f"{stage}: missing ludemes, kinds, names and arguments (top {top})")
            for row in s["missing"][:top]:
                t.add_row(str(row["files"]), str(row["only_missing_in"]), str(row["uses"]),
                          row["category"], escape(row["item"]))
            con.print(t)
        if s["nearest"]:
            t = Table("blockers", "file", "needs",
                      title=f"{stage}: the failing files nearest to passing (top {top})")
            for row in s["nearest"][:top]:
                t.add_row(str(row["blockers"]), escape(row["file"]),
                          escape(", ".join(row["needs"][:6])
                                 + (" ..." if len(row["needs"]) > 6 else "")))
            con.print(t)
        for f in s["failures"][:show_failures]:
            con.print(f"[red]{stage}[/] {escape(f['file'])}: {f['error_count']} error(s)")
            for e in f["errors"][:3]:
                con.print(f"    {e['at'] or ''}: {e['message']}", markup=False)
    if "ludii_compared" in report:
        con.print(f"expansions the same as Ludii's: {report['ludii_same']}"
                  f"/{report['ludii_compared']}")
        for d in report["ludii_different"][:max(show_failures, 10)]:
            con.print(f"  {d['file']}: {d['where']}", markup=False)
    internal = report["internal_errors"]
    con.print(f"[bold]internal errors: {len(internal)}[/] (tracebacks: {report['tracebacks']}), "
              f"timeouts: {len(report['timeouts'])}")
    for r in internal:
        con.print(f"  {r['stage']} {r['file']}: {r['error']}", markup=False)
        if r.get("traceback") and show_failures:
            con.print("    " + r["traceback"].replace("\n", "\n    "), markup=False)
    for f in report["timeouts"]:
        con.print(f"  timeout {f}", markup=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("folder", nargs="?", default=os.environ.get("LUDII_LUD"),
                    help="folder of .lud files (default: $LUDII_LUD)")
    ap.add_argument("--stage", choices=STAGES, default="playout",
                    help="the last stage to run (default: playout)")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    ap.add_argument("--filter", default=None, help="only files whose path contains this")
    ap.add_argument("--show-failures", type=int, default=0, metavar="N",
                    help="list the errors of the first N failing files of each stage")
    ap.add_argument("--top", type=int, default=30, help="rows of each ranking shown")
    ap.add_argument("--timeout", type=float, default=20.0,
                    help="time limit per file in seconds, all stages together (0: none)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random playout")
    ap.add_argument("--max-moves", type=int, default=300, help="move cap of the playout")
    ap.add_argument("--ludii-dump", metavar="FILE", default=None,
                    help="compare each expansion with Ludii's, from this dump")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    if not args.folder:
        ap.error("give a folder of .lud files, or set LUDII_LUD")
    root = Path(args.folder)
    if not root.is_dir():
        ap.error(f"{root}: not a folder")
    files = sorted(str(p) for p in root.rglob("*.lud")
                   if args.filter is None or args.filter in str(p.relative_to(root)))
    if not files:
        ap.error(f"no .lud files in {root}" + (f" matching {args.filter!r}" if args.filter
                                               else ""))
    dump = read_ludii_dump(args.ludii_dump) if args.ludii_dump else {}
    tasks = [(f, args.stage, args.seed, args.max_moves, args.timeout,
              dump.get(str(Path(f).resolve()))) for f in files]
    results = _run(tasks, args.jobs, show_progress=not args.json)
    stages = STAGES[:STAGES.index(args.stage) + 1]
    report = summarise(results, stages, root)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report, args.show_failures, args.top)
    return 0


def _run(tasks: list[tuple], jobs: int, show_progress: bool) -> list[dict]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    results: list[dict] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("{task.fields[last]}"))
    with Progress(*columns, disable=not show_progress, transient=True,
                  console=_stderr_console()) as progress:
        bar = progress.add_task("files", total=len(tasks), last="")

        def done(r: dict) -> None:
            results.append(r)
            progress.update(bar, advance=1, last=Path(r["file"]).name)

        if jobs <= 1:
            _warm()
            for t in tasks:
                done(_task(t))
        else:
            ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
            # a fresh worker every 20 files bounds what one file's leftovers cost the next
            with ctx.Pool(jobs, initializer=_warm, maxtasksperchild=20) as pool:
                for r in pool.imap_unordered(_task, tasks):
                    done(r)
    results.sort(key=lambda r: r["file"])
    return results


def _stderr_console():
    from rich.console import Console

    return Console(stderr=True)


if __name__ == "__main__":
    sys.exit(main())
