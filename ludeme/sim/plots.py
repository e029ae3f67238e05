"""Charts of batch reports with matplotlib (optional dependency, Agg backend: no display)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludeme.errors import UsageError

FORMATS = ("png", "svg")


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise UsageError("--plot needs matplotlib, which is not installed",
                         hint="pip install 'ludeme[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _name(rep: dict[str, Any]) -> str:
    return f"{rep['game']} (batch {rep['batch']})"


def write_plots(directory: str | Path, reports: Sequence[dict[str, Any]],
                lengths: Sequence[Sequence[int]], fmt: str = "png") -> list[Path]:
    """Write a game-length histogram and a per-seat win-rate chart (with 95% intervals)
    for one report, or both of a comparison overlaid; returns the files written."""
    if fmt not in FORMATS:
        raise UsageError(f"no plot format '{fmt}'", hint="formats: " + ", ".join(FORMATS))
    plt = _pyplot()
    out_dir = Path(directory)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UsageError(f"cannot create {directory}: {err.strerror}") from None
    stem = "-vs-".join(f"batch{r['batch']}" for r in reports)
    written = []

    fig, ax = plt.subplots(figsize=(7, 4))
    all_lengths = [x for ls in lengths for x in ls]
    if all_lengths:
        lo, hi = min(all_lengths), max(all_lengths)
        bins = min(50, hi - lo + 1) or 1
        for rep, ls in zip(reports, lengths, strict=True):
            ax.hist(ls, bins=bins, range=(lo - 0.5, hi + 0.5), alpha=0.6 if len(reports) > 1 else 1,
                    label=_name(rep))
    ax.set_xlabel("game length (moves)")
    ax.set_ylabel("games")
    ax.set_title("Game length" + (f": {_name(reports[0])}" if len(reports) == 1 else ""))
    if len(reports) > 1:
        ax.legend()
    fig.tight_layout()
    path = out_dir / f"{stem}-length.{fmt}"
    fig.savefig(path)
    plt.close(fig)
    written.append(path)

    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(reports)
    for k, rep in enumerate(reports):
        xs, ys, errs = [], [], [[], []]
        for s in rep["seats"]:
            rate = s["win"]["rate"] or 0.0
            lo, hi = s["win"]["ci95"]
            xs.append(s["seat"] - 0.4 + width * (k + 0.5))
            ys.append(rate)
            errs[0].append(max(rate - lo, 0))
            errs[1].append(max(hi - rate, 0))
        ax.bar(xs, ys, width=width, yerr=errs, capsize=4, label=_name(rep))
    seats = [s["seat"] for s in reports[0]["seats"]]
    ax.set_xticks(seats, [f"P{p}\n{reports[0]['seats'][p - 1]['agent']}" for p in seats])
    ax.set_ylim(0, 1)
    ax.axhline(1 / len(seats), color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("Wins per seat" + (f": {_name(reports[0])}" if len(reports) == 1 else ""))
    if len(reports) > 1:
        ax.legend()
    fig.tight_layout()
    path = out_dir / f"{stem}-wins.{fmt}"
    fig.savefig(path)
    plt.close(fig)
    written.append(path)
    return written
