"""Does a Ludii library file play identically in ludeme and in the real Ludii?

    python -m benchmarks.ludii_compare Tic-Tac-Toe.lud Cross.lud
    python -m benchmarks.ludii_compare Hex.lud --opt "Swap Rules/Off" --opt "Board Size/5x5"
    python -m benchmarks.ludii_compare --folder board/war --trajectories 30 --json

For each file, N seeded random trajectories (seeds ``--seed`` .. ``--seed``+N-1) are
played by the reference Ludii 1.0.8 (``benchmarks/ludii_reference/run.sh trace``, which picks
each move with ``SplittableRandom(seed)`` among its legal moves sorted by key). ludeme
loads the same file, unchanged, with the same options and follows each trajectory: at
every ply its legal moves, written as Ludii's move keys (``<Type>:<from>-><to>
[@SiteType][/<what>]``, see ``ludii_key``), must be the same set as Ludii's and the mover
the same; then it plays the move whose key is Ludii's ``play`` key. At the end both must
agree on whether the game is over and on the returns. A file is *identical* when every
trajectory is.

Ludii's traces are cached on disk (``$LUDEME_LUDII_TRACES``, default
``~/.cache/ludeme-ludii-traces``), keyed by the file's content, the options, the seeds and
the ply limit, since a JVM costs seconds per load. The reference is found through
``--reference`` / ``$LUDII_REFERENCE`` (the folder holding ``run.sh``), else ludeme's
own copy of the driver, ``benchmarks/ludii_reference`` (which prints the dice), else a
``shared/ludii-reference`` folder beside or above the repository; it needs Java and
``$LUDII_MIRROR`` (see its README). Library files are given by path, or by a name or
relative path looked up under ``--library`` / ``$LUDII_LUD``.

Dice: games of chance are compared given the same rolls. The trace is asked for with
``--dice``: after each ``ply`` line, ``dice v1 v2 ...`` gives the faces of the roll
Ludii made that ply's moves with (``dice -`` when its moves carry no roll). Where
ludeme's position is a chance node it applies that roll; where Ludii's moves carry no
roll although ludeme rolls (Ludii left the mover only its inserted pass, and the roll
with it), ludeme takes the first roll under which its legal moves are Ludii's, if any.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------- keys

# ludeme's move kinds and the Ludii decision action each one is (its ``getDescription``)
LUDII_TYPE = {
    "add": "Add",
    "copy": "Copy",
    "move": "Move",
    "path": "Move",
    "pass": "Pass",
    "remove": "Remove",
    "swap": "Swap",
    "promote": "Promote",
    "select": "Select",
    "set": "Set",          # a deduction puzzle's site resolved to a value
    "toggle": "Toggle",    # a deduction puzzle's candidate value switched
}
# Ludii actions whose key names the component (``/what``)
WITH_WHAT = frozenset({"Add", "Promote", "Insert"})
# Ludii gives site-less actions (Pass, Swap) the Cell site type: tagged on other boards
SITELESS_TYPE = "Cell"


def ludii_key(kind: str, frm: int, to: int, piece: int, site_type: tuple[str, ...],
              offset: dict[str, int], default_type: str, dice: int = 0) -> str:
    """A ludeme move as Ludii's trace key: ``<Type>:<from>-><to>[@SiteType][/<what>]``.

    ``frm``/``to`` are ludeme sites (-1 for none); ``site_type[s]`` and ``offset[t]`` say
    which kind of element s is and where that kind starts in ludeme's numbering (Ludii
    numbers cells, vertices and edges each from 0). An Add has from == to in Ludii.
    ``dice`` is the number of dice: Ludii's equipment numbers its dice as components
    (Die1, Die2...) before the pieces, which come after them."""
    typ = LUDII_TYPE.get(kind, kind)
    if typ == "Swap" and frm >= 0:
        typ = "Move"  # Ludii's (move Swap Pieces ...) is an ActionMove with an add
    if typ == "Add" and frm < 0:
        frm = to
    # a hand site (after the board's) is one of a hand container's cells, as in Ludii
    t = SITELESS_TYPE if to < 0 else site_type[to] if to < len(site_type) else "Cell"
    key = f"{typ}:{_local(frm, site_type, offset)}->{_local(to, site_type, offset)}"
    if t != default_type:
        key += f"@{t}"
    if typ in WITH_WHAT:
        key += f"/{piece + dice if piece > 0 else piece}"
    return key


def _local(site: int, site_type: tuple[str, ...], offset: dict[str, int]) -> int:
    if site >= len(site_type):  # a hand site: Ludii's containers follow the board's cells
        return site - len(site_type) + offset.get("Hand", 0)
    return site - offset[site_type[site]] if site >= 0 else -1


def move_key(move, board, dice: int = 0) -> str:
    """``ludii_key`` of a ludeme ``Move`` on its game's ``Board``. Hand sites come after
    the board's as in Ludii, whose first hand site is the number of the board's cells or
    of its sites of the default type, whichever is larger (Ludii's ``Equipment``
    numbers the board's container that wide)."""
    offset = board.offset
    if max(move.frm, move.to) >= board.n_sites:
        # the cells even when the game plays on vertices only (its graph's faces)
        cells = board.sites.get("Cell")
        n_cells = len(cells) if cells else len(board.graph.faces)
        n_default = len(board.sites.get(board.default_type) or ())
        offset = {**offset, "Hand": max(n_cells, n_default)}
    return ludii_key(move.kind, move.frm, move.to, move.piece, board.site_type, offset,
                     board.default_type, dice)


# -------------------------------------------------------------------------- traces

@dataclass
class Ply:
    """One ply of a trace: who moved, the sorted legal move keys, what was played and,
    with ``--state``, the state after it (over, and the next mover or the winner)."""
    index: int
    mover: int
    keys: list[str]
    play: str | None = None
    over: bool | None = None
    after: int | None = None  # next mover, or the winner (0 = draw) when over
    dice: tuple[int, ...] | None = None  # with --dice: the roll the moves were made with
    #: the played move's index in Ludii's sorted list of moves (keys with duplicates)
    play_index: int | None = None

    def preferred(self, moves: list) -> object | None:
        """Among ludeme's moves of the played key (in Ludii's order within a key, see
        ``ludii_tie_order``), the one at the played move's rank within its key, when
        both sides have as many moves of that key: a first guess at Ludii's move,
        which the look-ahead still checks."""
        if self.play_index is None or self.play not in self.keys:
            return None
        rank = self.play_index - self.keys.index(self.play)
        if len(moves) != self.keys.count(self.play) or not 0 <= rank < len(moves):
            return None
        return moves[rank]


@dataclass
class Trace:
    """One seeded trajectory, as the reference's ``trace --state`` prints it."""
    game: str
    seed: int
    default_site: str = "Cell"
    plies: list[Ply] = field(default_factory=list)
    over: bool | None = None
    winner: int | None = None
    returns: tuple[float, ...] | None = None
    problem: str = ""  # why ludeme could not follow (the dice), when it could not


def parse_traces(text: str) -> list[Trace]:
    """The trajectories of a ``run.sh trace ... --state [--nseeds K]`` output."""
    traces: list[Trace] = []
    cur: Trace | None = None
    ply: Ply | None = None
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line.startswith("# game "):
            head = line[len("# game "):]
            name, _, rest = head.rpartition(" seed ")
            words = rest.split()
            cur = Trace(name, int(words[0]))
            if "defaultSite" in words:
                cur.default_site = words[words.index("defaultSite") + 1]
            traces.append(cur)
            ply = None
            continue
        if cur is None:
            raise ValueError(f"line {n}: trace text before any '# game' line: {line!r}")
        words = line.split()
        if line.startswith("  "):
            if ply is None:
                raise ValueError(f"line {n}: a move key outside a ply: {line!r}")
            ply.keys.append(line.strip())
        elif words[0] == "ply":
            ply = Ply(int(words[1]), int(words[3]), [])
            cur.plies.append(ply)
        elif words[0] == "play":
            ply.play = " ".join(words[2:])
            ply.play_index = int(words[1]) if words[1].isdigit() else None
        elif words[0] == "dice":
            if ply is None:
                raise ValueError(f"line {n}: dice outside a ply: {line!r}")
            ply.dice = None if words[1:] == ["-"] else tuple(int(x) for x in words[1:])
        elif words[0] == "state":
            ply.over = words[2] == "true"
            ply.after = int(words[4]) if words[4].lstrip("-").isdigit() else None
        elif words[0] == "end":
            cur.over = words[4] == "true"
            cur.winner = int(words[6]) if words[6].lstrip("-").isdigit() else None
        elif words[0] == "result":
            i = words.index("returns")
            if words[i + 1] != "-":
                cur.returns = tuple(float(x) for x in words[i + 1].split(","))
        elif words[0] == "board":
            continue
        else:
            raise ValueError(f"line {n}: not a trace line: {line!r}")
    return traces


# ---------------------------------------------------------------------- comparison

@dataclass
class Divergence:
    """Where a ludeme trajectory first leaves Ludii's."""
    seed: int
    ply: int
    what: str  # "moves", "mover", "end", "play", "dice", "error"
    only_ludii: list[str] = field(default_factory=list)
    only_ludeme: list[str] = field(default_factory=list)
    detail: str = ""


def diff_traces(ludii: Trace, ours: Trace) -> Divergence | None:
    """The first difference between Ludii's trace and ludeme's of the same trajectory
    (``ours`` as ``follow`` makes it: it stops where it could not go on), or None."""
    if ours.problem:
        return Divergence(ludii.seed, ours.plies[-1].index, "dice", detail=ours.problem)
    for ref, got in zip(ludii.plies, ours.plies, strict=False):
        if ref.mover != got.mover:
            return Divergence(ludii.seed, ref.index, "mover",
                              detail=f"Ludii: P{ref.mover} to move, ludeme: P{got.mover}")
        a, b = set(ref.keys), set(got.keys)
        if a != b:
            return Divergence(ludii.seed, ref.index, "moves", sorted(a - b, key=_order),
                              sorted(b - a, key=_order))
        if ref.play is not None and ref.play not in b:
            return Divergence(ludii.seed, ref.index, "play", detail=f"no move {ref.play}")
    if len(ours.plies) < len(ludii.plies):
        ref = ludii.plies[len(ours.plies)]
        return Divergence(ludii.seed, ref.index, "moves", sorted(set(ref.keys), key=_order), [],
                          "ludeme's game is over" if ours.over else "ludeme stopped")
    if len(ours.plies) > len(ludii.plies):
        got = ours.plies[len(ludii.plies)]
        return Divergence(ludii.seed, got.index, "moves", [], sorted(set(got.keys), key=_order),
                          "Ludii's trace ends here")
    if bool(ludii.over) != bool(ours.over):
        return Divergence(ludii.seed, len(ludii.plies), "end",
                          detail=f"over: Ludii {ludii.over}, ludeme {ours.over}")
    if ludii.over and ludii.returns is not None and ours.returns is not None \
            and tuple(ludii.returns) != tuple(ours.returns):
        return Divergence(ludii.seed, len(ludii.plies), "end",
                          detail=f"returns: Ludii {_fmt(ludii.returns)} (winner {ludii.winner}), "
                                 f"ludeme {_fmt(ours.returns)} (winner {ours.winner})")
    return None


def _fmt(r: Iterable[float]) -> str:
    return ",".join(f"{x:g}" for x in r)


def _order(key: str) -> tuple:
    """Ludii's sort of keys: type, from, to (numerically), then the key."""
    typ, _, rest = key.partition(":")
    frm, _, rest = rest.partition("->")
    to = "".join(c for c in rest.split("@")[0].split("/")[0] if c in "-0123456789")
    try:
        return (typ, int(frm), int(to or 0), key)
    except ValueError:
        return (typ, 0, 0, key)


class OutOfTime(Exception):
    pass


def follow(game, ludii: Trace, deadline: float = float("inf")) -> Trace:
    """ludeme's trace along Ludii's trajectory: at each ply its mover and legal move
    keys; it plays Ludii's move while the sets agree and stops at the first ply where
    they do not (or where ludeme's game is over). Raises ``OutOfTime`` past ``deadline``."""
    board = game.board
    state = game.new_initial_state()
    ours = Trace(ludii.game, ludii.seed, board.default_type)
    plies = ludii.plies
    for i, ref in enumerate(plies):
        if time.monotonic() > deadline:
            raise OutOfTime(f"seed {ludii.seed}, ply {ref.index}")
        if state.dice is not None and state.is_chance_node():
            problem = roll_as_ludii(state, ref, board)
            if problem:
                ply = Ply(ref.index, state.current_player(), [])
                ply.dice = ref.dice
                ours.plies.append(ply)
                ours.problem = problem
                return ours
        if state.is_terminal():
            break
        by_key = moves_by_key(state, board)
        ply = Ply(ref.index, state.current_player(), sorted(by_key, key=_order))
        ours.plies.append(ply)
        if set(by_key) != set(ref.keys) or ply.mover != ref.mover or ref.play not in by_key:
            return ours
        # moves with equal keys differ in what the key does not say (the die a piece
        # moves by, the level it leaves): the one that leads to Ludii's next ply is played
        ply.play = ref.play
        state.apply(_same_key_choice(state, by_key[ref.play], plies[i + 1:], board,
                                     ref.preferred(by_key[ref.play])))
        ply.over = state.is_terminal()
    ours.over = state.is_terminal()
    if ours.over:
        ours.returns = tuple(float(x) for x in state.returns())
        winners = state.winners()
        ours.winner = winners[0] if len(winners) == 1 else 0
    return ours


#: how many of Ludii's next plies a choice among moves of one key is checked against
LOOKAHEAD = 8


#: move kinds whose moves of one key ludeme lists in Ludii's order (``ludii_tie_order``)
EXACT_TIE_KINDS = frozenset({"set", "toggle"})


def ludii_tie_order(moves: list) -> list:
    """ludeme's moves of one key in the order Ludii's trace lists them: by its full
    action text, which for a deduction puzzle's moves differs only in the value (so the
    values' decimal strings in order: 1, 10, 2, ...); other moves as generated."""
    if moves and moves[0].kind in EXACT_TIE_KINDS:
        return sorted(moves, key=lambda m: str(m.extra))
    return moves


def n_dice(game) -> int:
    """How many dice the game has (numbered before its pieces in Ludii)."""
    return len(game.dice.faces) if game.dice is not None else 0


def moves_by_key(state, board) -> dict[str, list]:
    """The legal moves by Ludii key, each key's in Ludii's order (``ludii_tie_order``)."""
    by_key: dict[str, list] = {}
    dice = n_dice(state.game)
    for m in state.legal_moves():
        by_key.setdefault(move_key(m, board, dice), []).append(m)
    return {k: ludii_tie_order(v) for k, v in by_key.items()}


def _same_key_choice(state, moves: list, after: list[Ply], board, preferred=None):
    """Among ``moves`` (one key), the first after which ludeme can follow Ludii's next
    plies (up to ``LOOKAHEAD``, choosing again among equal keys on the way), trying
    ``preferred`` (the move at Ludii's index) first; the first move when none can.
    Moves that lead to the same position count once."""
    if len(moves) == 1 or not after:
        return moves[0]
    if preferred is not None and preferred.kind in EXACT_TIE_KINDS:
        return preferred  # ludeme lists these moves in Ludii's order: the index is exact
    if preferred is not None:
        moves = [preferred] + [m for m in moves if m is not preferred]
    for m, _ in _distinct_outcomes(state, moves):
        if _can_follow(_, after[:LOOKAHEAD], board):
            return m
    return moves[0]


def _distinct_outcomes(state, moves: list):
    """``(move, state after it)`` for the moves that lead to different positions, made
    one at a time (a search that succeeds with the first makes no other)."""
    seen = set()
    for m in moves:
        trial = state.clone()
        trial.apply(m)
        key = (trial.hash, trial.mover)
        if key not in seen:
            seen.add(key)
            yield m, trial


def _can_follow(state, plies: list[Ply], board) -> bool:
    """Whether ludeme, from ``state``, has Ludii's mover, legal keys and played move at
    each of ``plies`` (given its rolls) for some choice among moves of equal keys."""
    if not plies:
        return True
    ref = plies[0]
    if state.dice is not None and state.is_chance_node():
        state = state.clone()
        if roll_as_ludii(state, ref, board):
            return False
    if state.is_terminal():
        return True  # the main loop judges the end
    by_key = moves_by_key(state, board)
    if state.current_player() != ref.mover or set(by_key) != set(ref.keys) \
            or ref.play not in by_key:
        return False
    moves = by_key[ref.play]
    first = ref.preferred(moves)
    if first is not None:
        moves = [first] + [m for m in moves if m is not first]
    return any(_can_follow(after, plies[1:], board)
               for _, after in _distinct_outcomes(state, moves))


def roll_as_ludii(state, ref: Ply, board) -> str | None:
    """Roll ludeme's dice as Ludii's were at this ply (see the module's docstring);
    what went wrong, if anything."""
    if ref.dice is not None:
        try:
            state.apply_chance(ref.dice)
        except Exception as err:  # noqa: BLE001 - reported as a divergence
            return f"Ludii rolled {list(ref.dice)}, which ludeme's dice cannot show: {err}"
        return None
    want = set(ref.keys)
    for roll, _ in state.chance_outcomes():
        trial = state.clone()
        trial.apply_chance(roll)
        if {move_key(m, board, n_dice(state.game)) for m in trial.legal_moves()} == want:
            state.apply_chance(roll)
            return None
    return "Ludii's moves carry no roll here, and no roll gives ludeme the same moves"


# ----------------------------------------------------------------------- reference

class ReferenceError_(Exception):
    """The reference could not produce a trace (message: its error's first line)."""


def find_reference(given: str | None) -> Path | None:
    cands = [given, os.environ.get("LUDII_REFERENCE")]
    here = Path(__file__).resolve().parent
    cands.append(str(here / "ludii_reference"))    # ludeme's copy: it prints the dice
    cands += [str(p / "shared" / "ludii-reference") for p in [here, *here.parents]]
    for c in cands:
        if c and (Path(c) / "run.sh").is_file():
            return Path(c)
    return None


def cache_dir() -> Path:
    return Path(os.environ.get("LUDEME_LUDII_TRACES",
                               Path.home() / ".cache" / "ludeme-ludii-traces"))


#: set by --cached-only: a file whose trace is not cached is reported, not traced
CACHED_ONLY = False


def ludii_traces(reference: Path, path: Path, options: list[str], seed: int, n: int,
                 max_plies: int, timeout: float) -> str:
    """Ludii's trace text for seeds seed..seed+n-1, from the cache or the reference."""
    h = hashlib.sha256()
    h.update(path.read_bytes())
    driver = reference / "LudiiDriver.java"
    if driver.is_file():
        h.update(driver.read_bytes())
    h.update(json.dumps([str(path.resolve()), options, seed, n, max_plies]).encode())
    cached = cache_dir() / f"{path.stem}-{h.hexdigest()[:20]}.trace"
    if cached.is_file():
        return cached.read_text()
    if CACHED_ONLY:
        raise ReferenceError_("no cached trace (--cached-only)")
    cmd = ["bash", str(reference / "run.sh"), "trace", str(path), "--seed", str(seed),
           "--nseeds", str(n), "--state", "--maxply", str(max_plies)]
    if "--dice" in driver.read_text() if driver.is_file() else False:
        cmd.append("--dice")     # a driver that prints the rolls (ludeme's copy)
    for o in options:
        cmd += ["--opt", o]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ReferenceError_(f"Ludii took more than {timeout:g} s") from None
    if proc.returncode != 0 or "# game " not in proc.stdout:
        raise ReferenceError_(_java_error(proc.stderr) or f"exit status {proc.returncode}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(proc.stdout)
    return proc.stdout


def _java_error(stderr: str) -> str:
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    for ln in lines:
        if "Exception" in ln or "rror" in ln and "metadata" not in ln:
            return ln[:200]
    return lines[-1][:200] if lines else ""


# ---------------------------------------------------------------------------- files

@dataclass
class FileResult:
    file: str
    status: str  # identical, diverged, cannot load, play error, Ludii error, time limit
    trajectories: int = 0
    identical: int = 0
    plies: int = 0
    seconds: float = 0.0
    message: str = ""
    divergence: dict | None = None
    divergences: dict[str, int] = field(default_factory=dict)  # what -> trajectories


def compare_file(path: Path, options: list[str], reference: Path, seed: int, n: int,
                 max_plies: int, time_limit: float, on_trajectory=None) -> FileResult:
    """Compare one file over ``n`` trajectories; never raises for a bad file."""
    import ludeme
    from ludeme.errors import LudemeError

    t0 = time.monotonic()
    deadline = t0 + time_limit
    res = FileResult(str(path), "identical")
    try:
        game = ludeme.load(path, options=options)
    except LudemeError as err:
        res.status = "cannot load"
        res.message = _first_line(str(err)).replace(f"{path.parent}/", "")
        return _done(res, t0)
    except Exception as err:  # noqa: BLE001 - a bug in ludeme is a result here, not a crash
        res.status, res.message = "cannot load", f"internal error: {type(err).__name__}: {err}"
        return _done(res, t0)
    try:
        text = ludii_traces(reference, path, options, seed, n, max_plies,
                            max(deadline - time.monotonic(), 1.0))
        traces = parse_traces(text)
    except (ReferenceError_, ValueError) as err:
        res.status, res.message = "Ludii error", _first_line(str(err))
        return _done(res, t0)
    first: Divergence | None = None
    for tr in traces:
        try:
            ours = follow(game, tr, deadline)
            div = diff_traces(tr, ours)
        except OutOfTime as err:
            res.status, res.message = "time limit", f"after {time_limit:g} s at {err}"
            break
        except Exception as err:  # noqa: BLE001 - reported per file, not a crash
            div = Divergence(tr.seed, -1, "error", detail=f"{type(err).__name__}: {err}")
        res.trajectories += 1
        res.plies += len(tr.plies)
        if div is None:
            res.identical += 1
        else:
            res.divergences[div.what] = res.divergences.get(div.what, 0) + 1
            if first is None or (div.what == "error") > (first.what == "error"):
                first = div
        if on_trajectory is not None:
            on_trajectory()
    if first is not None:
        res.divergence = asdict(first)
        if res.status == "identical":
            res.status = "play error" if first.what == "error" else "diverged"
    return _done(res, t0)


def _done(res: FileResult, t0: float) -> FileResult:
    res.seconds = round(time.monotonic() - t0, 2)
    return res


def _first_line(text: str) -> str:
    return (text.strip().splitlines() or [""])[0][:300]


def resolve_file(name: str, library: Path | None) -> Path:
    p = Path(name)
    if p.is_file():
        return p.resolve()
    if library is not None:
        q = library / name
        if q.is_file():
            return q.resolve()
        hits = sorted(library.rglob(Path(name).name))
        if not hits and not name.endswith(".lud"):
            hits = sorted(library.rglob(Path(name).name + ".lud"))  # "Hex" for "Hex.lud"
        if hits:
            return hits[0].resolve()
    raise SystemExit(f"no such file: {name} (give a path, or set --library / LUDII_LUD)")


# ----------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.ludii_compare",
        description="Play Ludii library files in ludeme and in the real Ludii 1.0.8 along "
                    "the same seeded random trajectories; report the first divergence.")
    ap.add_argument("files", nargs="*", help="library files: paths, or names under --library")
    ap.add_argument("--folder", help="every .lud file under this folder (or library subfolder)")
    ap.add_argument("--opt", action="append", default=[],
                    help='an option "Category/Item", as Ludii writes it (repeatable)')
    ap.add_argument("--trajectories", type=int, default=None,
                    help="seeded trajectories per file (default 100; 30 with --folder)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--max-plies", type=int, default=2000,
                    help="stop each trajectory after this many plies (default 2000)")
    ap.add_argument("--time-limit", type=float, default=300.0,
                    help="seconds per file, Ludii's run included (default 300)")
    ap.add_argument("--library", default=os.environ.get("LUDII_LUD"),
                    help="Ludii's lud/ folder, for names (default: $LUDII_LUD)")
    ap.add_argument("--reference", default=None,
                    help="folder of the reference's run.sh (default: $LUDII_REFERENCE, "
                         "else shared/ludii-reference above this repository)")
    ap.add_argument("--show", type=int, default=6, help="moves listed per side of a divergence")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--cached-only", action="store_true",
                    help="use only Ludii traces already cached: a file without one is "
                         "reported as a Ludii error, not traced (quick reruns)")
    args = ap.parse_args(argv)
    global CACHED_ONLY
    CACHED_ONLY = args.cached_only

    library = Path(args.library) if args.library else None
    files = [resolve_file(f, library) for f in args.files]
    if args.folder:
        folder = Path(args.folder)
        if not folder.is_dir() and library is not None:
            folder = library / args.folder
        if not folder.is_dir():
            ap.error(f"no such folder: {args.folder}")
        files += sorted(folder.rglob("*.lud"))
    if not files:
        ap.error("give library files or --folder")
    n = args.trajectories or (30 if args.folder else 100)
    reference = find_reference(args.reference)
    if reference is None:
        ap.error("cannot find the reference's run.sh: give --reference or set LUDII_REFERENCE")

    results = _run(files, args, reference, n)
    totals = Counter(r.status for r in results)
    if args.json:
        print(json.dumps({"trajectories": n, "options": args.opt, "seed": args.seed,
                          "totals": dict(totals), "stages": stages(results),
                          "files": [asdict(r) for r in results]}, indent=2))
    else:
        _print(results, totals, args.show, library)
    return 0


def stages(results: list[FileResult]) -> dict[str, int]:
    """Issue 14's counts: files ludeme loads (checks and compiles), files it plays along
    every trajectory without an internal error (those Ludii could trace), and files that
    play identically."""
    loaded = [r for r in results if r.status != "cannot load"]
    traced = [r for r in loaded if r.status not in ("Ludii error", "time limit")]
    return {"files": len(results), "load": len(loaded), "Ludii traced": len(traced),
            "play": sum(r.status != "play error" for r in traced),
            "identical": sum(r.status == "identical" for r in traced)}


def _run(files: list[Path], args, reference: Path, n: int) -> list[FileResult]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    results = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("{task.fields[now]}"),
                  console=Console(stderr=True), transient=True, disable=args.json) as prog:
        bar = prog.add_task("trajectories", total=len(files) * n, now="")
        for i, f in enumerate(files):
            prog.update(bar, now=f.name)
            r = compare_file(f, args.opt, reference, args.seed, n, args.max_plies,
                             args.time_limit, on_trajectory=lambda: prog.advance(bar))
            prog.update(bar, completed=(i + 1) * n)
            results.append(r)
    return results


def _print(results: list[FileResult], totals: Counter, show: int, library: Path | None) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console()
    if not con.is_terminal:
        con = Console(width=160)  # piped: do not fold the divergences into 80 columns
    table = Table(title="ludeme against Ludii 1.0.8")
    for col in ("file", "result", "identical", "plies", "s", "first divergence / error"):
        table.add_column(col, overflow="fold")
    for r in results:
        name = _rel(r.file, library)
        where = r.message
        d = r.divergence
        if d:
            where = f"seed {d['seed']} ply {d['ply']}: {d['what']}"
            if d["detail"]:
                where += f" ({d['detail']})"
            if d["only_ludii"] or d["only_ludeme"]:
                where += (f"\n  only Ludii ({len(d['only_ludii'])}): "
                          f"{' '.join(d['only_ludii'][:show])}"
                          f"\n  only ludeme ({len(d['only_ludeme'])}): "
                          f"{' '.join(d['only_ludeme'][:show])}")
        colour = {"identical": "green", "diverged": "yellow"}.get(r.status, "red")
        table.add_row(name, f"[{colour}]{r.status}[/]",
                      f"{r.identical}/{r.trajectories}" if r.trajectories else "-",
                      str(r.plies), f"{r.seconds:g}", where)
    con.print(table)
    con.print("totals: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items()))
              + f" (of {len(results)} files)")
    con.print("files: " + ", ".join(f"{k} {v}" for k, v in stages(results).items()))


def _rel(file: str, library: Path | None) -> str:
    if library is not None:
        try:
            return str(Path(file).relative_to(library.resolve()))
        except ValueError:
            pass
    return file


if __name__ == "__main__":
    sys.exit(main())
