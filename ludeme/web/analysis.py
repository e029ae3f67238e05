"""A small simulation from the page: ``ludeme.sim`` plays the games (in memory: the
results database is SQLite's ``:memory:``), its report is the same plain data
``ludeme simulate --json`` prints, and its charts are ``ludeme report --plot``'s."""

from __future__ import annotations

import secrets
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ludeme.errors import LudemeError, UsageError

MAX_GAMES = 500
MAX_JOBS = 8


class Job:
    def __init__(self, game_path: str, n: int, agents: list[str], options: list[str],
                 seed: int | None, max_moves: int | None, key: str = ""):
        if not 1 <= n <= MAX_GAMES:
            raise UsageError(f"the page runs 1 to {MAX_GAMES} games; use 'ludeme simulate' "
                             "for more")
        self.args = (game_path, n, agents, options, seed, max_moves)
        self.key = key or game_path
        self.total = n
        self.finished = 0
        self.report: dict[str, Any] | None = None
        self.charts: list[dict[str, str]] = []
        self.error: str | None = None
        self.done = False

    def run(self) -> None:
        from ludeme.sim.batch import plan_batch, run_plan
        from ludeme.sim.report import summarize
        from ludeme.sim.store import Store

        game_path, n, agents, options, seed, max_moves = self.args
        try:
            store = Store(":memory:")
            plan = plan_batch(store, game_path, n, agents, options, None, seed,
                              max_moves=max_moves)

            def tick(_row: dict) -> None:
                self.finished += 1

            run_plan(store, plan, "local", workers=1, on_game=tick)
            rows = list(store.games(plan.batch.id))
            self.report = summarize(store.batch(plan.batch.id), rows)
            self.report["description"] = self.key
            self.charts = charts(self.report, rows)
        except LudemeError as err:
            self.error = err.diagnostics[0].message
        except Exception as err:  # noqa: BLE001 - reported in the page
            self.error = f"{type(err).__name__}: {err}"
        finally:
            self.done = True

    def view(self) -> dict[str, Any]:
        return {"total": self.total, "finished": self.finished, "done": self.done,
                "report": self.report, "charts": self.charts, "error": self.error}


def charts(report: dict[str, Any], rows: list[dict]) -> list[dict[str, str]]:
    """The report's charts as SVG text (written by ``ludeme.sim.plots`` into a scratch
    folder that is removed at once); none when matplotlib is missing."""
    try:
        from ludeme.sim.plots import write_plots

        with tempfile.TemporaryDirectory(prefix="ludeme-plots-") as tmp:
            paths = write_plots(tmp, [report], [[r["length"] for r in rows]], "svg")
            return [{"name": Path(p).stem.split("-")[-1], "svg": Path(p).read_text()}
                    for p in paths]
    except (LudemeError, ImportError):
        return []


class Jobs:
    def __init__(self) -> None:
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()

    def start(self, job: Job) -> str:
        jid = secrets.token_hex(8)
        with self.lock:
            running = sum(1 for j in self.jobs.values() if not j.done)
            if running >= 2:
                raise UsageError("two simulations are running already; wait for one to end")
            self.jobs[jid] = job
            while len(self.jobs) > MAX_JOBS:
                self.jobs.popitem(last=False)
        threading.Thread(target=job.run, daemon=True).start()
        return jid

    def get(self, jid: str) -> Job:
        job = self.jobs.get(jid)
        if job is None:
            raise UsageError("no such simulation")
        return job
