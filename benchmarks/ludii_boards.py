"""Compare ludeme's boards with the real Ludii's, for every board of Ludii's library.

    python -m benchmarks.ludii_boards [--lib DIR] [--cache DIR] [--dump-missing]
                                      [--only TEXT] [--show N] [--json]

For each library file (``.lud`` under ``--lib``) the script takes its ``(board ...)``
form (after ludeme's option and define expansion, default options), groups the files
by that form, and compares, per distinct board, ludeme's board built from the form with
Ludii's dump of the first file in the group (``run.sh board FILE --all-types``, cached
in ``--cache``; ``--dump-missing`` runs Ludii for dumps not cached yet, 2-7 s each).

Compared per site type Ludii prints: counts, labels, positions, steps by compass
direction, orthogonal/diagonal/adjacent/off neighbours, and regions (sides, top,
bottom, left, right, corners, major/minor, outer, inner, centre, perimeter, rows,
columns). Ludii 1.0.8 computes ``(sites Side ...)`` with a bug on short perimeter runs
(see ludii-reference/README); where its sides differ from ludeme's (the fixed rule) and
match the 1.0.8 rule, they are counted as the known quirk, not as a difference.

A ``(match ...)`` file (a series of subgames) has no board of its own: each subgame is
a library file of its own, whose board is compared with the others. Such a match is
listed apart, as covered by its subgames, with their statuses; it is not a board.

Boards ludeme cannot build yet (a file whose options or defines ludeme cannot expand,
a board ludeme that does not exist yet) are "not reached"; files Ludii itself cannot
dump are "no reference". The script needs Ludii only for missing dumps; it is not a
test and nothing in the test suite needs it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LIB = Path("/work/ludii-lib/src/main/resources/lud")
CACHE = Path("/work/ludii-cache/dumps")
RUN = Path("/work/shared/ludii-reference/run.sh")
TYPES = ("Cell", "Vertex", "Edge")
TOL = 2e-3


# -- reading Ludii's dump ------------------------------------------------------------------
@dataclass
class Dump:
    default: str = "Cell"
    types: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    sites: dict[str, list[dict]] = field(default_factory=dict)
    regions: dict[str, dict[str, list[int]]] = field(default_factory=dict)


def _ints(text: str) -> list[int]:
    return [] if text == "-" else [int(x) for x in text.split(",")]


def read_dump(path: Path) -> Dump:
    d = Dump()
    for line in path.read_text().splitlines():
        parts = line.split(" ")
        if parts[0] == "defaultSite":
            d.default = parts[1]
        elif parts[0] == "types":
            d.types = parts[1:]
        elif parts[0] == "counts":
            d.counts = {parts[i]: int(parts[i + 1]) for i in range(1, len(parts), 2)}
        elif parts[0] == "site":
            t = parts[1]
            site = {"i": int(parts[2])}
            for kv in parts[3:]:
                k, _, v = kv.partition("=")
                site[k] = v
            steps = {}
            if site.get("steps", "-") not in ("-", ""):
                for item in site["steps"].split(","):
                    dn, _, tos = item.partition(":")
                    steps[dn] = sorted(int(x) for x in tos.split("+"))
            site["steps"] = steps
            for rel in ("orth", "diag", "adj", "off"):
                site[rel] = _ints(site.get(rel, "-"))
            d.sites.setdefault(t, []).append(site)
        elif parts[0] == "region" and len(parts) >= 4:
            d.regions.setdefault(parts[1], {})[parts[2]] = _ints(parts[3])
    return d


def dump_path(cache: Path, rel: str) -> Path:
    return cache / (rel.replace("/", "_") + ".txt")


def make_dump(cache: Path, lib: Path, rel: str) -> Path | None:
    out = dump_path(cache, rel)
    if out.exists():
        return out
    if Path(str(out) + ".fail").exists():
        return None
    cache.mkdir(parents=True, exist_ok=True)
    try:
        res = subprocess.run(["bash", str(RUN), "board", str(lib / rel), "--all-types"],
                             capture_output=True, text=True, timeout=240, env=os.environ)
    except subprocess.TimeoutExpired:
        return None  # a busy machine, not Ludii's failure: try again another time
    if "\ncounts " not in res.stdout:
        Path(str(out) + ".fail").write_text(res.stdout + res.stderr)
        return None
    out.write_text(res.stdout)
    return out


# -- the board form of a library file, in ludeme --------------------------------------------
BOARD_HEADS = ("board", "mancalaBoard", "boardless", "surakartaBoard")


def strip_tracks(form: str) -> str:
    """The form without its ``(track ...)`` and ``(values ...)`` parts (a puzzle's
    cell values): they are not geometry."""
    while True:
        m = re.search(r"\((track|values)\s", form)
        if not m:
            break
        depth = 0
        for j in range(m.start(), len(form)):
            depth += form[j] == "("
            depth -= form[j] == ")"
            if depth == 0:
                form = form[:m.start()] + form[j + 1:]
                break
    form = re.sub(r"\{\s*\}", "", form)
    return " ".join(form.split()).replace(" )", ")")


def raw_board_form(text: str) -> str | None:
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(r"\((board|mancalaBoard|boardless|surakartaBoard)\s", text)
    if not m:
        return None
    depth, i = 0, m.start()
    for j in range(i, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return strip_tracks(" ".join(text[i:j + 1].split()))
    return None


def expanded_board_form(path: Path) -> tuple[str | None, str]:
    """(the board form after ludeme's expansion, why not)."""
    from ludeme.api import load_description
    from ludeme.errors import LudemeError
    from ludeme.syntax.ast import Form, children
    from ludeme.syntax.printer import format_node

    try:
        desc = load_description(str(path))
    except (LudemeError, Exception) as err:  # noqa: BLE001 - reported as not reached
        return None, f"expand: {str(err).splitlines()[0][:100]}"
    stack = [desc.game]
    while stack:
        node = stack.pop()
        if isinstance(node, Form) and node.head in BOARD_HEADS:
            return strip_tracks(" ".join(format_node(node, width=100000).split())), ""
        stack.extend(reversed(children(node)))
    return None, "no (board ...) form"


def build_ludeme(form: str, types: list[str]):
    """ludeme's board for ``form``, measured for every site type in ``types`` (default
    type first)."""
    from ludeme.api import loads
    from ludeme.board import Board

    text = (f'(game "Board" (players 2) (equipment {{ {form} (piece "Disc" Each) }}) '
            f'(rules (play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))')
    game = loads(text)
    return Board(game.board.graph, types, boardless=getattr(game.board, "boardless", False))


# -- comparing ---------------------------------------------------------------------------
def _fmt(xs) -> str:
    xs = list(xs)
    return ",".join(map(str, xs[:12])) + ("..." if len(xs) > 12 else "")


def compare(dump: Dump, board) -> tuple[list[str], bool]:
    """The differences (first ones first), and whether Side regions were left out
    because they show Ludii 1.0.8's side quirk."""
    diffs: list[str] = []
    quirk = False
    for t in dump.types:
        want = dump.counts.get(t, 0)
        have = board.count.get(t, 0)
        if want != have:
            diffs.append(f"{t}: {have} sites, Ludii {want}")
            continue
        if t not in board.offset:
            continue
        o = board.offset[t]
        for site in dump.sites.get(t, []):
            i = site["i"]
            s = o + i
            lab = board.ludii_labels[s]
            if t != "Edge" and lab != site["label"]:
                diffs.append(f"{t} {i}: label {lab}, Ludii {site['label']}")
            x, y = board.coords[s]
            if abs(x - float(site["x"])) > TOL or abs(y - float(site["y"])) > TOL:
                diffs.append(f"{t} {i}: at ({x:.4f},{y:.4f}), Ludii ({site['x']},{site['y']})")
            mine = {d: sorted(v - o for v in vs) for d, vs in board.steps_by_dir[s].items()}
            if mine != site["steps"]:
                diffs.append(f"{t} {i}: steps {mine}, Ludii {site['steps']}")
            for rel, key in (("Orthogonal", "orth"), ("Diagonal", "diag"), ("Adjacent", "adj"),
                             ("OffDiagonal", "off")):
                got = sorted(v - o for v in board.nbrs[rel][s])
                if got != site[key]:
                    diffs.append(f"{t} {i}: {key} {_fmt(got)}, Ludii {_fmt(site[key])}")
        regions = dump.regions.get(t, {})
        side_diffs = []
        for name, want_sites in regions.items():
            got = _region(board, t, name)
            if got is None:
                continue
            if sorted(got) != want_sites:
                line = f"{t} region {name}: {_fmt(sorted(got))}, Ludii {_fmt(want_sites)}"
                (side_diffs if name.startswith("Side.") else diffs).append(line)
        if side_diffs:
            if _sides_108(board, t) == {k: v for k, v in regions.items()
                                          if k.startswith("Side.")}:
                quirk = True
            else:
                diffs.extend(side_diffs)
    return diffs, quirk


def _region(board, t: str, name: str) -> list[int] | None:
    o = board.offset[t]
    if name.startswith("Side."):
        sites = board.sides[t].get(name[5:], ())
    elif name.startswith("Row."):
        k = int(name[4:])
        rows = board.rows[t]
        sites = rows[k] if k < len(rows) else ()
    elif name.startswith("Column."):
        k = int(name[7:])
        cols = board.columns[t]
        sites = cols[k] if k < len(cols) else ()
    elif name in board.regions[t]:
        sites = board.regions[t][name]
    else:
        return None
    return [s - o for s in sites]


def _sides_108(board, t: str) -> dict[str, list[int]]:
    """Side regions as Ludii 1.0.8 computes them (dividing a run's n+1 points by n)."""
    from ludeme.board import measure as M

    g = board.graph
    for kind in TYPES:
        for ge in g.elements(kind):
            ge.props &= ~M.SIDES_MASK
    M.sides(g, board.perimeters, ludii_108=True)
    out = {}
    for d, bit in M.SIDE.items():
        out[f"Side.{d}"] = sorted(ge.id for ge in g.elements(t) if ge.props & bit)
    for kind in TYPES:
        for ge in g.elements(kind):
            ge.props &= ~M.SIDES_MASK
    M.sides(g, board.perimeters)
    return out


def match_subgames(text: str, lib: Path) -> list[str] | None:
    """For a ``(match ...)`` file, the library files of its subgames (by game name);
    None for any other file."""
    text = re.sub(r"//[^\n]*", "", text)
    if not re.match(r"\s*\(match\s", text):
        return None
    names = re.findall(r'\(subgame\s+"([^"]+)"', text)
    by_name = {p.stem: p.relative_to(lib).as_posix() for p in lib.rglob("*.lud")}
    return [by_name.get(n, f"{n}.lud (not in the library)") for n in names]


def _short(why: str) -> str:
    return re.sub(r"\S*\.lud:\d+:\d+: ", "", why)


# -- driving ------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", type=Path, default=LIB, help="Ludii's lud/ folder")
    ap.add_argument("--cache", type=Path, default=CACHE, help="where Ludii's dumps are cached")
    ap.add_argument("--dump-missing", action="store_true",
                    help="run Ludii for boards with no cached dump (slow)")
    ap.add_argument("--only", default="", help="only files whose path contains this text")
    ap.add_argument("--show", type=int, default=3, help="differences shown per board")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args(argv)
    sys.setrecursionlimit(10000)

    files = sorted(p.relative_to(args.lib).as_posix() for p in args.lib.rglob("*.lud"))
    files = [f for f in files if args.only in f]
    # a selected match brings its subgames in: it is judged by their boards
    for rel in list(files):
        for sub in match_subgames((args.lib / rel).read_text(errors="replace"), args.lib) or ():
            if sub not in files and (args.lib / sub).exists():
                files.append(sub)
    groups: dict[str, list[str]] = {}
    not_reached: dict[str, list[str]] = {}
    matches: dict[str, list[str]] = {}
    for rel in files:
        subgames = match_subgames((args.lib / rel).read_text(errors="replace"), args.lib)
        if subgames is not None:
            matches[rel] = subgames
            continue
        form, why = expanded_board_form(args.lib / rel)
        if form is None:
            raw = raw_board_form((args.lib / rel).read_text(errors="replace"))
            if raw and "<" not in raw and '("' not in raw:
                # ludeme cannot expand the file yet (its rules use something missing),
                # but the board form is literal: compare that
                groups.setdefault(raw, []).append(rel)
                continue
            key = raw or "(no board)"
            not_reached.setdefault(key, []).append(f"{rel}: {_short(why)}")
            continue
        groups.setdefault(form, []).append(rel)

    results = []
    t0 = time.time()
    ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    for form, rels in ordered:
        entry = {"board": form, "files": len(rels), "example": rels[0]}
        dump = None
        for rel in rels:
            p = dump_path(args.cache, rel)
            if not p.exists() and args.dump_missing:
                p = make_dump(args.cache, args.lib, rel) or p
            if p.exists():
                dump = read_dump(p)
                entry["example"] = rel
                break
        if dump is None:
            entry["status"] = "no reference"
            results.append(entry)
            continue
        types = [dump.default] + [t for t in dump.types
                                  if t != dump.default and dump.counts.get(t, 0) > 0]
        try:
            board = build_ludeme(form, types)
        except Exception as err:  # noqa: BLE001 - reported as not reached
            entry["status"] = "not reached"
            entry["why"] = _short(f"compile: {str(err).splitlines()[0][:160]}")
            results.append(entry)
            continue
        diffs, quirk = compare(dump, board)
        entry["status"] = "different" if diffs else "identical"
        entry["side_quirk"] = quirk
        entry["differences"] = len(diffs)
        entry["first"] = diffs[:args.show]
        results.append(entry)

    # results[i] is the board of ordered[i]: each file's status, for the matches
    status_of = {rel: r["status"] for (_, rels), r in zip(ordered, results, strict=True)
                 for rel in rels}
    match_rows = []
    for rel, subs in matches.items():
        states = {sub: status_of.get(sub, "not compared") for sub in subs}
        ok = bool(states) and all(v == "identical" for v in states.values())
        match_rows.append({"match": rel, "subgames": states,
                           "status": "covered by identical subgames" if ok
                           else "subgames not all identical"})

    totals = {k: sum(1 for r in results if r["status"] == k)
              for k in ("identical", "different", "not reached", "no reference")}
    totals["not reached"] += len(not_reached)
    totals["distinct boards"] = len(groups) + len(not_reached)
    totals["matches covered by their subgames"] = sum(
        1 for m in match_rows if m["status"] == "covered by identical subgames")
    totals["matches"] = len(match_rows)
    totals["files"] = len(files)
    totals["seconds"] = round(time.time() - t0, 1)
    if args.json:
        print(json.dumps({"totals": totals, "boards": results, "matches": match_rows,
                          "not_expanded": not_reached}, indent=1))
        return 0
    for r in results:
        tag = r["status"] + (" (Ludii 1.0.8 side quirk left out)" if r.get("side_quirk") else "")
        print(f"{tag:<12} {r['files']:>3} file(s)  {r['example']}  {r['board'][:90]}")
        if r.get("why"):
            print(f"    {r['why']}")
        for line in r.get("first", []):
            print(f"    {line[:200]}")
    for m in match_rows:
        subs = ", ".join(f"{Path(k).stem} {v}" for k, v in m["subgames"].items())
        print(f"match        {m['match']}: {m['status']} ({subs})")
    print(f"not expanded by ludeme: {len(not_reached)} distinct board forms "
          f"({sum(len(v) for v in not_reached.values())} files)")
    print("totals: " + ", ".join(f"{k} {v}" for k, v in totals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
