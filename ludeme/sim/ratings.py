"""Ratings: who is stronger, from the games stored in a results database.

Results come from round-robin tournaments (batches of agent games, seats swapped) and
from game records of people's games added by name. Every game between two entrants
is a comparison: a win counts 1, a draw a half for each (a draw is entered as one win
each way, so it weighs as two half games); unfinished games are left out. Games of
more than two players give a comparison for every pair of seats.

Strengths are fitted with the Bradley-Terry model (``choix``, maximum likelihood with a
little regularisation so an entrant who won or lost everything still has a finite
rating) and shown on the Elo scale: 1500 + 400 log10(strength), the mean entrant at
1500, so a 200-point gap means about a 76% expected score. The 95% intervals come from
a bootstrap over games (seeded, so the same results give the same table).
"""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from ludeme.errors import UsageError

ELO_BASE = 1500.0
ELO_SCALE = 400.0 / math.log(10.0)      # Bradley-Terry log-strength -> Elo points
REGULARISATION = 0.01
BOOTSTRAP = 200

# Tables this module adds to a results database (sim.store keeps batches and games).
SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game      TEXT NOT NULL,     -- the game's name
    ref       TEXT NOT NULL,     -- how to load it again
    options   TEXT NOT NULL,     -- JSON: explicit option choices
    entrants  TEXT NOT NULL,     -- JSON: [[name as given, canonical spec], ...]
    n         INTEGER NOT NULL,  -- games per pairing and seat order
    seed      INTEGER NOT NULL,
    created   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_batches (
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    batch      INTEGER NOT NULL REFERENCES batches(id),
    PRIMARY KEY (tournament, batch)
);
CREATE TABLE IF NOT EXISTS rated_records (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT NOT NULL,   -- the game's name
    players     TEXT NOT NULL,   -- JSON: the name of every seat, P1 first
    returns     TEXT NOT NULL,   -- JSON: per seat
    end_reason  TEXT NOT NULL,
    record      TEXT NOT NULL,   -- the whole record, JSON
    digest      TEXT NOT NULL UNIQUE,   -- a record is added once
    added       TEXT NOT NULL
);
"""


def ensure_schema(conn: sqlite3.Connection) -> None:
    """Add the ratings tables to an open results database (nothing if they are there)."""
    with conn:
        conn.executescript(SCHEMA)


# -- the model --------------------------------------------------------------------------
@dataclass(frozen=True)
class Result:
    """One game between ``a`` and ``b``: ``score`` is a's, 1 win, 0.5 draw, 0 loss."""

    a: str
    b: str
    score: float


@dataclass
class Rating:
    name: str
    rating: float
    low: float          # 95% interval
    high: float
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["score"] = round(self.score, 4)
        for k in ("rating", "low", "high"):
            d[k] = round(d[k], 1)
        return d


def _fit(n: int, pairs: list[tuple[int, int]]) -> list[float]:
    try:
        import choix
    except ImportError:
        raise UsageError("ratings need the 'choix' package",
                         hint="pip install 'ludeme[ratings]' (or pip install choix)") from None
    import numpy as np

    if not pairs:
        return [0.0] * n
    params = choix.ilsr_pairwise(n, pairs, alpha=REGULARISATION)
    params = np.asarray(params) - np.mean(params)
    return [float(p) for p in params]


def _pairs(results: Sequence[Result], index: dict[str, int]) -> list[tuple[int, int]]:
    pairs = []
    for r in results:
        a, b = index[r.a], index[r.b]
        if r.score > 0.5:
            pairs.append((a, b))
        elif r.score < 0.5:
            pairs.append((b, a))
        else:
            pairs += [(a, b), (b, a)]
    return pairs


def fit_ratings(results: Sequence[Result], bootstrap: int = BOOTSTRAP,
                seed: int = 0) -> list[Rating]:
    """The entrants of ``results`` with their Elo-scale ratings and 95% intervals, best
    first."""
    import numpy as np

    names = sorted({r.a for r in results} | {r.b for r in results})
    index = {name: i for i, name in enumerate(names)}
    theta = _fit(len(names), _pairs(results, index))
    samples = []
    if bootstrap and results:
        rng = np.random.default_rng(seed)
        for _ in range(bootstrap):
            pick = rng.integers(0, len(results), len(results))
            samples.append(_fit(len(names), _pairs([results[i] for i in pick], index)))
    tally = {name: [0, 0, 0] for name in names}
    for r in results:
        for who, s in ((r.a, r.score), (r.b, 1.0 - r.score)):
            tally[who][0 if s > 0.5 else 1 if s == 0.5 else 2] += 1
    out = []
    for i, name in enumerate(names):
        rating = ELO_BASE + ELO_SCALE * theta[i]
        if samples:
            column = np.array([s[i] for s in samples])
            low, high = (ELO_BASE + ELO_SCALE * float(q)
                         for q in np.percentile(column, [2.5, 97.5]))
        else:
            low = high = rating
        w, d, losses = tally[name]
        out.append(Rating(name, rating, min(low, rating), max(high, rating), w + d + losses,
                          w, d, losses))
    out.sort(key=lambda r: (-r.rating, r.name))
    return out


def pairwise(names: Sequence[str], returns: Sequence[float]) -> list[Result]:
    """The comparisons one game gives: every pair of seats, by their returns."""
    out = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            if names[i] == names[j]:
                continue             # an entrant against itself says nothing
            ri, rj = returns[i], returns[j]
            out.append(Result(names[i], names[j], 1.0 if ri > rj else 0.0 if ri < rj else 0.5))
    return out


# -- results from a database -------------------------------------------------------------
@dataclass
class Tournament:
    id: int
    game: str
    ref: str
    options: list[str]
    entrants: list[tuple[str, str]]      # (name as given, canonical spec)
    n: int
    seed: int
    created: str


def new_tournament(conn: sqlite3.Connection, *, game: str, ref: str, options: list[str],
                   entrants: list[tuple[str, str]], n: int, seed: int) -> Tournament:
    ensure_schema(conn)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    with conn:
        cur = conn.execute("INSERT INTO tournaments (game, ref, options, entrants, n, seed, "
                           "created) VALUES (?,?,?,?,?,?,?)",
                           (game, ref, json.dumps(options), json.dumps(entrants), n, seed,
                            created))
    return Tournament(cur.lastrowid, game, ref, options, entrants, n, seed, created)


def link_batch(conn: sqlite3.Connection, tournament: int, batch: int) -> None:
    with conn:
        conn.execute("INSERT OR IGNORE INTO tournament_batches VALUES (?, ?)",
                     (tournament, batch))


def tournaments(conn: sqlite3.Connection) -> list[Tournament]:
    ensure_schema(conn)
    rows = conn.execute("SELECT id, game, ref, options, entrants, n, seed, created "
                        "FROM tournaments ORDER BY id")
    return [Tournament(i, g, ref, json.loads(o), [tuple(e) for e in json.loads(e_)], n, s, c)
            for i, g, ref, o, e_, n, s, c in rows]


def add_record(conn: sqlite3.Connection, record: Any, names: Sequence[str]) -> bool:
    """Store a game record for the ratings under the seats' ``names``; False when it was
    added before."""
    ensure_schema(conn)
    text = record.to_json(indent=None)
    digest = hashlib.sha256(text.encode()).hexdigest()
    added = datetime.now(UTC).isoformat(timespec="seconds")
    with conn:
        cur = conn.execute(
            "INSERT OR IGNORE INTO rated_records (game, players, returns, end_reason, record, "
            "digest, added) VALUES (?,?,?,?,?,?,?)",
            (record.game, json.dumps(list(names)), json.dumps(list(record.returns)),
             record.end, text, digest, added))
    return cur.rowcount == 1


def games_in(conn: sqlite3.Connection) -> list[str]:
    """The games that have rated results, tournaments first (newest first)."""
    ensure_schema(conn)
    out: list[str] = []
    for (g,) in conn.execute("SELECT game FROM tournaments ORDER BY id DESC"):
        if g not in out:
            out.append(g)
    for (g,) in conn.execute("SELECT game FROM rated_records ORDER BY id DESC"):
        if g not in out:
            out.append(g)
    return out


def collect_results(conn: sqlite3.Connection, game: str,
                    tournament: int | None = None) -> list[Result]:
    """Every rated game of ``game``: its tournaments' games (or one tournament's), and,
    without ``tournament``, the records added by name. Agents are named as the
    tournament that entered them named them."""
    ensure_schema(conn)
    names: dict[str, str] = {}                  # canonical spec -> name as given
    chosen = [t for t in tournaments(conn) if t.game == game
              and (tournament is None or t.id == tournament)]
    if tournament is not None and not chosen:
        raise UsageError(f"no tournament {tournament} of {game}")
    for t in chosen:
        for given, canonical in t.entrants:
            names[canonical] = given
    results: list[Result] = []
    for t in chosen:
        rows = conn.execute(
            "SELECT g.agents, g.returns, g.end_reason FROM games g JOIN tournament_batches tb "
            "ON g.batch = tb.batch WHERE tb.tournament = ? ORDER BY g.batch, g.idx", (t.id,))
        for agents, returns, end in rows:
            if end == "unfinished":
                continue
            seats = [names.get(a, a) for a in json.loads(agents)]
            results += pairwise(seats, json.loads(returns))
    if tournament is None:
        for players, returns, end in conn.execute(
                "SELECT players, returns, end_reason FROM rated_records WHERE game = ? "
                "ORDER BY id", (game,)):
            if end == "unfinished":
                continue
            seats = [names.get(p, p) for p in json.loads(players)]
            results += pairwise(seats, json.loads(returns))
    return results


def record_names(record: Any, default: str | None = None) -> list[str | None]:
    """The name of every seat of a record: the player's name it holds, else for an agent
    its spec; a person without a name gets ``default`` (None: not rated)."""
    given = list(getattr(record, "players", None) or [])
    out: list[str | None] = []
    for i, spec in enumerate(record.agents):
        name = given[i] if i < len(given) and given[i] else None
        if name is None:
            name = default if spec == "human" else _canonical(spec)
        out.append(name)
    return out


def _canonical(spec: str) -> str:
    from ludeme.agents.base import make_agent
    from ludeme.errors import LudemeError

    try:
        return make_agent(spec, 0).spec
    except LudemeError:
        return spec


def leaderboard_rows(ratings: Iterable[Rating]) -> list[dict[str, Any]]:
    return [{"rank": i, **r.as_dict()} for i, r in enumerate(ratings, start=1)]
