"""Reports on a batch: outcomes per seat with confidence intervals, balance, lengths,
branching, timing; and the comparison of two batches with significance tests.

Definitions (also in the JSON, so a reader need not guess):
- per seat: a win is a positive return, a loss a negative one, a draw zero;
  intervals are 95% Wilson score intervals.
- draw rate: games nobody won (unfinished games, stopped by a move cap, count here too);
  decisiveness: games somebody won (1 - draw rate).
- first-mover advantage: the share of decisive games won by the player who moved first,
  minus 50% (so 0 is balanced), with a Wilson interval on the share.
- branching factor: legal moves at each decision, averaged over all decisions of the
  batch (and the mean of the per-game averages).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ludeme.sim import stats
from ludeme.sim.store import Batch

ALPHA = 0.05


def _rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = stats.wilson(k, n)
    return {"count": k, "rate": k / n if n else None, "ci95": [lo, hi]}


def _spread(xs: Sequence[float]) -> dict[str, Any]:
    if not xs:
        return {"mean": None, "median": None, "sd": None, "min": None, "max": None,
                "q1": None, "q3": None}
    return {"mean": stats.mean(xs), "median": stats.median(xs),
            "sd": math.sqrt(stats.variance(xs)), "min": min(xs), "max": max(xs),
            "q1": stats.quantile(xs, 0.25), "q3": stats.quantile(xs, 0.75)}


def summarize(batch: Batch, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The report of one batch, as plain data (what ``--json`` prints)."""
    n = len(rows)
    players = batch.players
    seats = []
    for p in range(1, players + 1):
        wins = sum(1 for r in rows if r["returns"][p - 1] > 0)
        losses = sum(1 for r in rows if r["returns"][p - 1] < 0)
        draws = n - wins - losses
        seats.append({"seat": p, "agent": batch.agents[p - 1], "win": _rate(wins, n),
                      "draw": _rate(draws, n), "loss": _rate(losses, n)})
    decisive = [r for r in rows if r["winners"]]
    first = batch.first_mover
    first_wins = sum(1 for r in decisive if first in r["winners"])
    fma = _rate(first_wins, len(decisive))
    fma["advantage"] = fma["rate"] - 0.5 if fma["rate"] is not None else None
    fma["player"] = first
    lengths = [r["length"] for r in rows]
    times = [r["seconds"] for r in rows]
    decisions = sum(r["decisions"] for r in rows)
    per_game_bf = [r["branching_sum"] / r["decisions"] for r in rows if r["decisions"]]
    return {
        "batch": batch.id,
        "label": batch.label,
        "game": batch.game,
        "description": batch.ref,
        "options": batch.chosen,
        "ruleset": batch.ruleset,
        "agents": batch.agents,
        "seed": batch.seed,
        "games": n,
        "planned": batch.n,
        "unfinished": sum(1 for r in rows if r["end"] == "unfinished"),
        "seats": seats,
        "draw_rate": _rate(n - len(decisive), n),
        "decisiveness": _rate(len(decisive), n),
        "first_mover": fma,
        "length": _spread(lengths),
        "branching": {"mean": sum(r["branching_sum"] for r in rows) / decisions
                      if decisions else None,
                      "mean_of_games": stats.mean(per_game_bf) if per_game_bf else None,
                      "max": max((r["branching_max"] for r in rows), default=None)},
        "seconds_per_game": _spread(times),
        "seconds_total": sum(times),
        "definitions": {
            "ci95": "Wilson score interval",
            "draw_rate": "games nobody won (including games stopped unfinished)",
            "decisiveness": "games somebody won",
            "first_mover": "share of decisive games won by the player who moved first; "
                           "advantage = share - 0.5",
            "branching": "legal moves per decision, pooled over the batch",
        },
    }


# -- comparison ---------------------------------------------------------------------------
def compare(a: dict[str, Any], b: dict[str, Any], rows_a: Sequence[dict[str, Any]],
            rows_b: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Side-by-side metrics with a two-sided test for each; ``significant`` at 5%.

    Proportions (win/draw/loss per seat, draw rate, first-mover share) use the pooled
    two-proportion z-test; game length uses Mann-Whitney U (lengths are skewed) with
    Welch's t on the means alongside; time per game uses Welch's t.
    """
    out: list[dict[str, Any]] = []

    def prop(name: str, ra: dict, rb: dict) -> None:
        test = stats.two_proportion_z(ra["count"], a["games"], rb["count"], b["games"])
        out.append({"metric": name, "a": ra["rate"], "b": rb["rate"],
                    "a_ci95": ra["ci95"], "b_ci95": rb["ci95"], **test.as_dict(),
                    "significant": test.significant(ALPHA)})

    players = min(len(a["seats"]), len(b["seats"]))
    for i in range(players):
        sa, sb = a["seats"][i], b["seats"][i]
        prop(f"P{i + 1} win", sa["win"], sb["win"])
        prop(f"P{i + 1} loss", sa["loss"], sb["loss"])
    prop("draw rate", a["draw_rate"], b["draw_rate"])
    fa, fb = a["first_mover"], b["first_mover"]
    test = stats.two_proportion_z(fa["count"], a["decisiveness"]["count"],
                                  fb["count"], b["decisiveness"]["count"])
    out.append({"metric": "first mover share of wins", "a": fa["rate"], "b": fb["rate"],
                "a_ci95": fa["ci95"], "b_ci95": fb["ci95"], **test.as_dict(),
                "significant": test.significant(ALPHA)})
    la = [r["length"] for r in rows_a]
    lb = [r["length"] for r in rows_b]
    mw = stats.mann_whitney_u(la, lb)
    out.append({"metric": "length (distribution)", "a": a["length"]["median"],
                "b": b["length"]["median"], "shown": "median", **mw.as_dict(),
                "significant": mw.significant(ALPHA)})
    wt = stats.welch_t(la, lb)
    out.append({"metric": "length (mean)", "a": a["length"]["mean"], "b": b["length"]["mean"],
                **wt.as_dict(), "significant": wt.significant(ALPHA)})
    ba = [r["branching_sum"] / r["decisions"] for r in rows_a if r["decisions"]]
    bb = [r["branching_sum"] / r["decisions"] for r in rows_b if r["decisions"]]
    bt = stats.welch_t(ba, bb)
    out.append({"metric": "branching (per-game mean)", "a": stats.mean(ba) if ba else None,
                "b": stats.mean(bb) if bb else None, **bt.as_dict(),
                "significant": bt.significant(ALPHA)})
    tt = stats.welch_t([r["seconds"] for r in rows_a], [r["seconds"] for r in rows_b])
    out.append({"metric": "seconds per game", "a": a["seconds_per_game"]["mean"],
                "b": b["seconds_per_game"]["mean"], **tt.as_dict(),
                "significant": tt.significant(ALPHA)})
    return out


# -- rendering ----------------------------------------------------------------------------
def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ci(r: dict) -> str:
    if r["rate"] is None:
        return "-"
    lo, hi = r["ci95"]
    return f"{_pct(r['rate'])} [{100 * lo:.1f}, {100 * hi:.1f}]"


def _num(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:,.{digits}f}"


def report_renderable(rep: dict[str, Any]):
    """A rich renderable of one report."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    title = f"{rep['game']} - batch {rep['batch']}" + (f" ({rep['label']})" if rep["label"] else "")
    head = Text(f"{title}: {rep['games']} games"
                + (f" of {rep['planned']}" if rep["games"] != rep["planned"] else "")
                + f", seed {rep['seed']}"
                + (f"\noptions: {', '.join(rep['options'])}" if rep["options"] else ""))
    seats = Table(title="Outcomes per seat (95% Wilson intervals)", title_justify="left")
    for col in ("seat", "agent", "win", "draw", "loss"):
        seats.add_column(col, justify="left" if col in ("seat", "agent") else "right")
    for s in rep["seats"]:
        seats.add_row(f"P{s['seat']}", s["agent"], _ci(s["win"]), _ci(s["draw"]), _ci(s["loss"]))
    fm = rep["first_mover"]
    ln = rep["length"]
    t = rep["seconds_per_game"]
    bf = rep["branching"]
    summary = Table(show_header=False, title="Balance and shape", title_justify="left")
    summary.add_column("metric")
    summary.add_column("value", justify="right")
    summary.add_row(f"first mover (P{fm['player']}) share of decisive games", _ci(fm))
    summary.add_row("first-mover advantage",
                    "-" if fm["advantage"] is None else f"{100 * fm['advantage']:+.1f} points")
    summary.add_row("decisiveness", _ci(rep["decisiveness"]))
    summary.add_row("draw rate", _ci(rep["draw_rate"]))
    if rep["unfinished"]:
        summary.add_row("unfinished (move cap)", str(rep["unfinished"]))
    summary.add_row("length mean / median", f"{_num(ln['mean'])} / {_num(ln['median'])}")
    summary.add_row("length sd / IQR / range",
                    f"{_num(ln['sd'])} / {_num(ln['q1'])}-{_num(ln['q3'])} / "
                    f"{_num(ln['min'], 0)}-{_num(ln['max'], 0)}")
    summary.add_row("branching factor (mean / max)", f"{_num(bf['mean'])} / {_num(bf['max'], 0)}")
    summary.add_row("time per game mean / median",
                    f"{_num(t['mean'], 3)} s / {_num(t['median'], 3)} s")
    return Group(head, seats, summary)


def compare_renderable(a: dict[str, Any], b: dict[str, Any], rows: list[dict[str, Any]]):
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"A: {a['game']} (batch {a['batch']})   vs   "
                        f"B: {b['game']} (batch {b['batch']})",
                  caption="* significant at 5% (two-sided). Proportions: pooled two-proportion "
                          "z-test; length distribution: Mann-Whitney U; means: Welch's t.",
                  title_justify="left", caption_justify="left")
    for col in ("metric", "A", "B", "test", "p", ""):
        table.add_column(col, justify="left" if col in ("metric", "test") else "right")
    for r in rows:
        is_rate = "a_ci95" in r
        if is_rate:
            fa = _ci({"rate": r["a"], "ci95": r["a_ci95"]})
            fb = _ci({"rate": r["b"], "ci95": r["b_ci95"]})
        else:
            digits = 3 if "seconds" in r["metric"] else 1
            fa, fb = _num(r["a"], digits), _num(r["b"], digits)
            if r.get("shown"):
                fa, fb = f"{fa} ({r['shown']})", f"{fb} ({r['shown']})"
        mark = "[bold red]*[/bold red]" if r["significant"] else ""
        table.add_row(r["metric"], fa, fb, r["test"], f"{r['p']:.3g}", mark)
    head = Text(f"{a['games']} games each, same agents ({', '.join(a['agents'])}) and seeds")
    return Group(head, table)
