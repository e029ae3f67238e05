"""Random-playout moves/s of ludeme and of the real Ludii 1.0.8 on Ludii's own files.

    python -m benchmarks.ludii_speed                       # issue 14's games, 5 s each side
    python -m benchmarks.ludii_speed --games Hex Reversi --secs 10 --json
    python -m benchmarks.ludii_speed --games "path/to/Some Game.lud" --opt "Board Size/5x5"
    python -m benchmarks.ludii_speed --set sow             # issue 15's mancalas

Both sides play uniformly random moves from the start to the end, one thread: ludeme
with ``random_playout`` (legal moves, then apply), Ludii with the reference's ``speed
--mode loop`` (``game.moves(context)`` then ``game.apply``, not its special playout
path). Each game is loaded unchanged from Ludii's library (``--library`` / ``$LUDII_LUD``)
by both; a game ludeme cannot load yet is listed as such, with the error's first line.
The table gives moves/s of each, the ratio ludeme/Ludii and issue 14's target.

Both sides are timed in CPU time, so that other work on a shared machine slows neither
side's figure: ludeme by this process's CPU time (``benchmarks.compare.measure``), Ludii
by the CPU time of its JVM (all its threads, from ``/proc``) over its second timed run,
read when the driver reports the first and the second run; the driver's own wall-clock
rate is shown beside it. Per game the two alternate: half of ludeme's time, then Ludii
(its own JVM, after a warm-up), then ludeme's other half. The ratio is of CPU rates
(of wall-clock rates where Ludii's CPU time cannot be read).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from benchmarks.ludii_compare import find_reference, resolve_file

# (library file, options, target ratio ludeme/Ludii from issue 14; None = no target)
GAMES: list[tuple[str, tuple[str, ...], float | None]] = [
    ("Hex.lud", ("Swap Rules/Off",), 0.3),
    ("Reversi.lud", (), 0.5),
    ("Breakthrough.lud", (), 0.5),
    ("Amazons.lud", (), 0.5),
    ("Tablut.lud", (), 0.5),
    ("English Draughts.lud", (), 0.5),
    ("Tic-Tac-Toe.lud", (), None),
    ("Connect Four.lud", (), None),
]

# issue 15's mancala games (counts, tracks and sowing) and a race game with dice; target
# ratio 0.5
SOW_GAMES: list[tuple[str, tuple[str, ...], float | None]] = [
    ("board/sow/two_rows/Kalah.lud", (), 0.5),
    ("board/sow/two_rows/Oware.lud", (), 0.5),
    ("board/sow/two_rows/Waurie.lud", (), None),
    ("board/sow/two_rows/Mangala (Turkey).lud", (), None),
    ("board/race/escape/Royal Game of Ur.lud", (), 0.5),
]
GAME_SETS = {"14": GAMES, "sow": SOW_GAMES}

RESULT = re.compile(r"^RESULT .* median_moves_per_s=([0-9.]+)", re.M)


def ludeme_speed(path: Path, options: list[str], secs: float, seed: int = 0) -> dict:
    """ludeme's random-playout rate on ``path``, or why it cannot load it."""
    import ludeme
    from benchmarks.compare import measure
    from ludeme.errors import LudemeError
    from ludeme.runtime.search import random_playout

    try:
        game = ludeme.load(path, options=options)
    except LudemeError as err:
        first = (str(err).strip().splitlines() or [""])[0]
        return {"error": "cannot load: " + first.replace(f"{path.parent}/", "")}
    except Exception as err:  # noqa: BLE001 - a bug in ludeme is a result here
        return {"error": f"internal error: {type(err).__name__}: {err}"}
    run = lambda rng: random_playout(game.new_initial_state(), rng)  # noqa: E731
    try:
        t = measure({"ludeme": run}, secs, rounds=3, seed=seed)["ludeme"]
    except Exception as err:  # noqa: BLE001
        return {"error": f"error during play: {type(err).__name__}: {err}"}
    return {"moves_per_s": t["moves_per_s"], "mean_length": t["mean_length"],
            "moves": t["moves"], "playouts": t["playouts"], "seconds": t["seconds"]}


def combined(parts: list[dict]) -> dict:
    """ludeme's rate over several timed parts (an error in any part is the result)."""
    for p in parts:
        if "error" in p:
            return p
    moves = sum(p["moves"] for p in parts)
    seconds = sum(p["seconds"] for p in parts)
    playouts = sum(p["playouts"] for p in parts)
    return {"moves_per_s": moves / seconds, "mean_length": moves / playouts}


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system, all threads) of a running process, or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


RUN = re.compile(r"^run (\d+): \d+ playouts, (\d+) moves in")


def ludii_speed(reference: Path, path: Path, options: list[str], secs: float,
                warmup: float) -> dict:
    """Ludii's ``speed --mode loop`` after a warm-up: the driver's median wall-clock
    moves/s over two timed runs, and the moves/s of the second run in the JVM's CPU time
    (``cpu_moves_per_s``, when it can be read)."""
    cmd = ["bash", str(reference / "run.sh"), "speed", str(path), "--mode", "loop",
           "--warmup", f"{warmup:g}", "--secs", f"{secs / 2:g}", "--runs", "2"]
    for o in options:
        cmd += ["--opt", o]
    import tempfile
    import threading

    cpu_at: dict[int, float | None] = {}
    moves_in: dict[int, int] = {}
    out_lines: list[str] = []
    with tempfile.TemporaryFile("w+") as err:
        # run.sh ends by exec-ing java: the process's CPU time is the JVM's
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True)
        timer = threading.Timer(secs + warmup + 120, proc.kill)
        timer.start()
        try:
            for line in proc.stdout:
                m = RUN.match(line)
                if m:
                    cpu_at[int(m.group(1))] = cpu_seconds(proc.pid)
                    moves_in[int(m.group(1))] = int(m.group(2))
                out_lines.append(line)
            proc.wait()
        finally:
            timed_out = not timer.is_alive()
            timer.cancel()
        err.seek(0)
        stderr = err.read()
    if timed_out:
        return {"error": "Ludii timed out"}
    stdout = "".join(out_lines)
    m = RESULT.search(stdout)
    if m is None:
        lines = [ln for ln in stderr.splitlines() if "Exception" in ln] or \
            stderr.strip().splitlines() or [f"exit status {proc.returncode}"]
        return {"error": "Ludii: " + lines[0][:200]}
    length = re.search(r"([0-9.]+) moves/playout", stdout)
    out = {"moves_per_s": float(m.group(1)),
           "mean_length": float(length.group(1)) if length else None}
    first, second = cpu_at.get(1), cpu_at.get(2)
    if first is not None and second is not None and second > first:
        out["cpu_moves_per_s"] = moves_in[2] / (second - first)
    return out


def rate_ratio(ours: dict, theirs: dict) -> float | None:
    """ludeme's CPU rate over Ludii's (CPU when read, else its wall-clock rate)."""
    theirs_rate = theirs.get("cpu_moves_per_s") or theirs.get("moves_per_s")
    if "moves_per_s" not in ours or not theirs_rate:
        return None
    return ours["moves_per_s"] / theirs_rate


def _named(name: str, options: tuple[str, ...]) -> tuple[str, tuple[str, ...], float | None]:
    """A game of ``--games``: one of the sets' games by its name ("Hex", "Hex.lud") keeps
    the set's options (unless ``--opt`` gives others) and target; any other file has
    ``options`` and no target."""
    stem = Path(name).name.removesuffix(".lud")
    for file, opts, target in (g for games in GAME_SETS.values() for g in games):
        if Path(file).name.removesuffix(".lud") == stem:
            return name, options or opts, target
    return name, options, None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.ludii_speed",
        description="Random-playout moves/s of ludeme and of the real Ludii 1.0.8, side by "
                    "side, on Ludii's library files.")
    ap.add_argument("--games", nargs="*", default=None,
                    help="library files (names or paths; default: issue 14's games)")
    ap.add_argument("--set", choices=sorted(GAME_SETS), default="14",
                    help="which issue's games to run without --games (default 14)")
    ap.add_argument("--opt", action="append", default=[],
                    help='an option "Category/Item" for the --games given (repeatable)')
    ap.add_argument("--secs", type=float, default=5.0, help="timed seconds per side (default 5)")
    # a short warm-up leaves Ludii's JIT unfinished on a busy machine: with 5 s Ludii's
    # Breakthrough ran at 884 moves/s, with 30 s at 11.6k (load average 10 on 2 cores)
    ap.add_argument("--warmup", type=float, default=20.0,
                    help="Ludii's warm-up seconds (its JIT needs them on a busy machine)")
    ap.add_argument("--library", default=os.environ.get("LUDII_LUD"),
                    help="Ludii's lud/ folder (default: $LUDII_LUD)")
    ap.add_argument("--reference", default=None,
                    help="folder of the reference's run.sh (default: $LUDII_REFERENCE, "
                         "else shared/ludii-reference above this repository)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)

    library = Path(args.library) if args.library else None
    reference = find_reference(args.reference)
    if reference is None:
        ap.error("cannot find the reference's run.sh: give --reference or set LUDII_REFERENCE")
    games = GAME_SETS[args.set] if args.games is None else [_named(g, tuple(args.opt)) for g in args.games]

    from rich.console import Console
    from rich.progress import Progress

    rows = []
    with Progress(console=Console(stderr=True), transient=True, disable=args.json) as prog:
        bar = prog.add_task("games", total=len(games))
        for name, options, target in games:
            path = resolve_file(name, library)
            # the two sides alternate: half of ludeme's time, Ludii, the other half
            prog.update(bar, description=f"{path.stem}: ludeme")
            before = ludeme_speed(path, list(options), args.secs / 2)
            prog.update(bar, description=f"{path.stem}: Ludii")
            theirs = ludii_speed(reference, path, list(options), args.secs, args.warmup)
            prog.update(bar, description=f"{path.stem}: ludeme")
            after = ludeme_speed(path, list(options), args.secs / 2, seed=1) \
                if "error" not in before else before
            ours = combined([before, after])
            ratio = rate_ratio(ours, theirs)
            rows.append({"game": path.stem, "options": list(options), "ludeme": ours,
                         "ludii": theirs, "ratio": ratio, "target": target})
            prog.advance(bar)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        _print(rows)
    return 0


def _print(rows: list[dict]) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console()
    if not con.is_terminal:
        con = Console(width=140)
    table = Table(title="random playouts, moves/s (one thread; ludeme in CPU time, Ludii "
                        "in its JVM's CPU time and by the wall clock; ratio of CPU rates)")
    right = ("ludeme", "Ludii (loop, CPU)", "Ludii (loop, wall)", "ratio")
    for col in ("game", "options", "ludeme", "Ludii (loop, CPU)", "Ludii (loop, wall)",
                "ratio", "target"):
        table.add_column(col, justify="right" if col in right else "left")
    for r in rows:
        ours, theirs = r["ludeme"], r["ludii"]
        ratio = r["ratio"]
        mark = ""
        if ratio is not None and r["target"] is not None:
            mark = " [green]ok[/]" if ratio >= r["target"] else " [red]below[/]"
        table.add_row(
            r["game"], ", ".join(r["options"]) or "-",
            f"{ours['moves_per_s']:,.0f}" if "moves_per_s" in ours else f"[red]{ours['error']}[/]",
            f"{theirs['cpu_moves_per_s']:,.0f}" if "cpu_moves_per_s" in theirs else "-",
            f"{theirs['moves_per_s']:,.0f}" if "moves_per_s" in theirs
            else f"[red]{theirs['error']}[/]",
            f"{ratio:.2f}x" if ratio is not None else "-",
            (f">= {r['target']:g}x" if r["target"] is not None else "-") + mark)
    con.print(table)


if __name__ == "__main__":
    sys.exit(main())
