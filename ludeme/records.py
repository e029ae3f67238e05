"""Game records: what was played, by whom, from which description, so anyone can check it.

A record names the description (a bundled name or a path) with a hash of every file
the game was built from (a description that is no file, a game edited in the web app,
travels inside the record: ``description_text``) and of the options as resolved, the option choices, the game
seed, every seat's agent spec with the seed it played with (derived from the game
seed), the move cap, the moves in notation and the result. Records are JSON (one) or
JSON Lines (many). Reading one bounds everything: the file's size, every field's type,
every text's length, so a hostile record costs little to refuse.

Agents are reseeded before every decision from their seed and the ply
(``agent_move``), so a seeded agent's choice is a function of the position alone:
hints, undos and draw offers in between cannot change what it plays, and ``verify``
can ask it again.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludeme.errors import LudemeError, UsageError, shorten

if TYPE_CHECKING:
    from ludeme.agents.base import Agent
    from ludeme.expand.description import Description
    from ludeme.runtime.game import Game
    from ludeme.runtime.state import State

FORMAT = "ludeme-record/2"

# A game that never ends stops here, unfinished, unless a command is given another cap
# (Ludii's default limit on the moves of a trial).
DEFAULT_MAX_MOVES = 10_000
# Bounds on what a record may hold; a longer text is not a move anyone typed.
MAX_RECORD_BYTES = 32 * 1024 * 1024
MAX_MOVE_CHARS = 2_000
MAX_TEXT_CHARS = 4_096
MAX_DESCRIPTION_CHARS = 1 << 20   # an edited description carried in a record (the parser's limit)
# What ``verify`` re-runs per move at most, by agent parameter (``--unlimited`` lifts it).
VERIFY_BUDGET = {"iterations": 100_000, "nodes": 1_000_000, "playout": 10_000, "depth": 64}
VERIFY_MAX_MOVES = 100_000      # moves ``verify`` replays at most (``--unlimited`` lifts it)

# How a game stopped: by its own end rules, or by something the players did.
END_RULES = "rules"            # the description's end rules (or nobody could move)
END_RESIGNED = "resigned"      # end_by resigned; everybody else wins
END_AGREED = "draw agreed"     # a draw offer was accepted
END_TIME = "time"              # end_by let a move deadline pass; everybody else wins
END_UNFINISHED = "unfinished"  # stopped (quit, move cap) before a result
ENDINGS = (END_RULES, END_RESIGNED, END_AGREED, END_TIME, END_UNFINISHED)


def derive_seed(seed: int, *parts: object) -> int:
    """A 31-bit seed derived deterministically from ``seed`` and labels (stable across
    Python runs, unlike ``hash``)."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") & 0x7FFFFFFF


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed the agent in ``seat`` (1-based) plays with in a game seeded ``game_seed``."""
    return derive_seed(game_seed, "agent", seat)


def agent_move(agent: Agent, state: State):
    """Ask ``agent`` for its move, reseeding it from its seed and the ply first."""
    if agent.seed is not None:
        agent.rng.seed(derive_seed(agent.seed, "ply", state.ply))
    return agent.choose(state)


def is_deterministic(spec: str) -> bool:
    """Whether an agent spec chooses the same move every time for a seed and position
    (a time budget makes the choice depend on the machine's speed)."""
    from ludeme.agents.base import parse_spec

    name, params = parse_spec(spec)
    return name != "human" and "seconds" not in params


def outcome_for(num_players: int, end: str, end_by: int | None) -> list[float]:
    """The returns a resignation, a lost deadline or an agreed draw imply."""
    if end in (END_RESIGNED, END_TIME) and end_by:
        return [-1.0 if p == end_by else 1.0 for p in range(1, num_players + 1)]
    return [0.0] * num_players


@dataclass
class GameRecord:
    """One game. ``agents[i]``/``agent_seeds[i]`` are seat i+1's spec ("human" for a
    person) and seed; ``returns`` is per player (P1 first), 1 win, -1 loss, 0 draw;
    ``players[i]`` the name of the person in seat i+1, when one was given (ratings).

    ``description_text`` is the description's text when it is no file anyone could load
    again (a game edited in the web app, or loaded from a string): ``description`` is
    then the file name the text was expanded as (where a variant's base was found), and
    ``description_hash`` covers this text with every base file, as for any record."""

    description: str
    description_hash: str
    game: str
    options: list[str] = field(default_factory=list)
    ruleset: str | None = None
    seed: int | None = None
    agents: list[str] = field(default_factory=list)
    agent_seeds: list[int | None] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    end: str = END_RULES
    end_by: int | None = None
    max_moves: int | None = None        # the move cap the game was played with
    format: str = FORMAT
    # the people's names by seat ("" where unknown; empty when nobody gave one)
    players: list[str] = field(default_factory=list)
    description_text: str | None = None

    @property
    def winners(self) -> list[int]:
        return [p for p, r in enumerate(self.returns, start=1) if r > 0]

    def result_text(self) -> str:
        w = self.winners
        if self.end == END_UNFINISHED:
            return "unfinished"
        why = {END_RESIGNED: f" (P{self.end_by} resigned)", END_TIME: f" (P{self.end_by} ran out of time)",
               END_AGREED: " (agreed)"}.get(self.end, "")
        return (", ".join(f"P{p}" for p in w) + " won" if w else "draw") + why

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise LudemeError("a game record should be a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            hint = (f"records of an older format hash only part of a variant chain; play "
                    f"the game again to record it as '{FORMAT}'" if fmt == "ludeme-record/1"
                    else f"expected '{FORMAT}'")
            raise LudemeError(f"unknown record format '{shorten(str(fmt))}'", hint=hint)
        missing = [k for k in ("description", "description_hash", "game", "moves")
                   if k not in data]
        if missing:
            raise LudemeError("game record lacks " + ", ".join(missing))
        _check_types(data)
        known = set(cls.__dataclass_fields__)
        rec = cls(**{k: v for k, v in data.items() if k in known})
        if rec.end not in ENDINGS:
            raise LudemeError(f"unknown ending '{shorten(rec.end)}'",
                              hint="one of " + ", ".join(ENDINGS))
        return rec

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise LudemeError(f"not a JSON record: {err}") from None
        return cls.from_dict(data)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: object) -> bool:
    return (_is_int(v) or isinstance(v, float)) and v == v and abs(v) != float("inf")


def _text_ok(v: object, limit: int = MAX_TEXT_CHARS) -> bool:
    return isinstance(v, str) and len(v) <= limit


# field -> (test, what it should be)
_FIELDS: dict[str, tuple[Any, str]] = {
    "description": (_text_ok, f"a text of at most {MAX_TEXT_CHARS:,} characters"),
    "description_hash": (_text_ok, "a text"),
    "game": (_text_ok, f"a text of at most {MAX_TEXT_CHARS:,} characters"),
    "options": (lambda v: isinstance(v, list) and all(_text_ok(x) for x in v),
                "a list of \"Title/Item\" texts"),
    "ruleset": (lambda v: v is None or _text_ok(v), "a text or null"),
    "seed": (lambda v: v is None or _is_int(v), "a whole number"),
    "agents": (lambda v: isinstance(v, list) and all(_text_ok(x) for x in v),
               "a list of agent specs (texts)"),
    "agent_seeds": (lambda v: isinstance(v, list) and all(x is None or _is_int(x) for x in v),
                    "a list of whole numbers (null for a person)"),
    "moves": (lambda v: isinstance(v, list) and all(_text_ok(x, MAX_MOVE_CHARS) for x in v),
              f"a list of moves, texts of at most {MAX_MOVE_CHARS:,} characters"),
    "returns": (lambda v: isinstance(v, list) and all(_is_number(x) for x in v),
                "a list of numbers, one per player"),
    "end": (_text_ok, "a text"),
    "end_by": (lambda v: v is None or _is_int(v), "a player number or null"),
    "max_moves": (lambda v: v is None or _is_int(v) and v >= 0, "a whole number or null"),
    "players": (lambda v: isinstance(v, list) and all(_text_ok(x) for x in v),
                "a list of names (texts), one per seat"),
    "description_text": (lambda v: v is None or _text_ok(v, MAX_DESCRIPTION_CHARS),
                         f"a description's text of at most {MAX_DESCRIPTION_CHARS:,} "
                         "characters, or null"),
}


def _check_types(data: dict[str, Any]) -> None:
    """Every known field has the type a record gives it (a record is untrusted input)."""
    for key, (test, what) in _FIELDS.items():
        if key in data and not test(data[key]):
            raise LudemeError(f"the record's \"{key}\" should be {what}",
                              hint=f"it is {_describe(data[key])}")


def _describe(value: object) -> str:
    if isinstance(value, list):
        bad = next((x for x in value if not isinstance(x, str) or len(x) > MAX_MOVE_CHARS),
                   None)
        if isinstance(bad, str):
            return f"a list holding a text of {len(bad):,} characters"
        return f"a list holding {_describe(bad)}" if value else "an empty list"
    if isinstance(value, str):
        return f"a text of {len(value):,} characters" if len(value) > 60 else f"'{value}'"
    return {type(None): "null", bool: "true/false", dict: "an object"}.get(
        type(value), shorten(json.dumps(value)))


# -- files -----------------------------------------------------------------------------
def save_records(path: str | Path, records: Iterable[GameRecord], append: bool = False) -> None:
    """Write one record as JSON, or several as JSON Lines (``.jsonl`` always JSON Lines;
    with ``append`` a ``.jsonl`` file gains the records at its end)."""
    recs = list(records)
    p = Path(path)
    lines = p.suffix == ".jsonl" or len(recs) != 1
    text = ("".join(r.to_json(indent=None) + "\n" for r in recs) if lines
            else recs[0].to_json() + "\n")
    try:
        with p.open("a" if append and lines else "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as err:
        raise UsageError(f"cannot write {shorten(str(path), 300)}: {err.strerror or err}") from None
    except ValueError as err:    # a NUL byte in the name, say
        raise UsageError(f"cannot write {shorten(repr(str(path)), 300)}: {err}") from None


def check_writable(path: str | Path, force: bool = False) -> None:
    """Refuse, before a game starts, a record path that could not be written: a folder
    that does not exist, a file that may not be changed, or (without ``force``) a
    ``.json`` record that would be overwritten. A ``.jsonl`` file is appended to."""
    p = Path(path)
    name = shorten(str(path), 300)
    try:
        if p.is_dir():
            raise UsageError(f"{name}: is a directory, not a record file")
        if p.exists():
            if p.suffix != ".jsonl" and not force:
                raise UsageError(f"{name} exists: it would be overwritten",
                                 hint="--force overwrites it; a .jsonl file is appended to")
            with p.open("a"):
                pass
        else:
            with p.open("x"):      # create it to be sure, and leave no trace
                pass
            p.unlink()
    except OSError as err:
        raise UsageError(f"cannot write {name}: {err.strerror or err}") from None
    except ValueError as err:
        raise UsageError(f"cannot write {shorten(repr(str(path)), 300)}: {err}") from None


def load_records(path: str | Path, max_bytes: int | None = MAX_RECORD_BYTES) -> list[GameRecord]:
    """Read a JSON record or a JSON Lines file of records (at most ``max_bytes``)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise UsageError(f"{path}: is a directory, not a record file")
        if p.exists() and not p.is_file():
            raise UsageError(f"{path}: is not a regular file")
        size = p.stat().st_size
        if max_bytes is not None and size > max_bytes:
            raise LudemeError(f"{path}: the file is {size / 2**20:,.1f} MB; records are read up "
                              f"to {max_bytes / 2**20:,.0f} MB",
                              hint="--max-size MB raises the limit")
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1 if max_bytes is not None else -1)
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
    if max_bytes is not None and len(data) > max_bytes:
        raise LudemeError(f"{path}: the file grew past {max_bytes / 2**20:,.0f} MB while read")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise LudemeError(f"{path}:{line}: not UTF-8 text (byte {data[err.start]:#04x} at "
                          f"offset {err.start})") from None
    stripped = text.strip()
    if not stripped:
        raise LudemeError(f"{path}: empty record file")
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        pass
    except RecursionError:
        raise LudemeError(f"{path}: the JSON nests too deeply") from None
    else:
        try:
            return [GameRecord.from_dict(whole)]
        except LudemeError as err:
            raise LudemeError(f"{path}: {err.diagnostics[0].message}",
                              hint=err.diagnostics[0].hint) from None
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                out.append(GameRecord.from_dict(json.loads(line)))
            except json.JSONDecodeError as err:
                raise LudemeError(f"{path}:{n}: not a JSON record: {err.msg}") from None
            except RecursionError:
                raise LudemeError(f"{path}:{n}: the JSON nests too deeply") from None
            except LudemeError as err:
                raise LudemeError(f"{path}:{n}: {err.diagnostics[0].message}",
                                  hint=err.diagnostics[0].hint) from None
    return out


# -- making records --------------------------------------------------------------------
def description_files(desc: Description) -> list[str]:
    """The text of every file the game was built from: the description itself, then
    its base, the base's base... for a chain of variants."""
    from ludeme.expand.variants import MAX_VARIANT_DEPTH, _resolve_base, _variant_settings
    from ludeme.syntax.ast import Form
    from ludeme.syntax.parser import parse_text, read_source

    texts = [desc.source]
    file, source = desc.path, desc.source
    for _ in range(MAX_VARIANT_DEPTH + 1):
        form = next((n for n in parse_text(source, file) if isinstance(n, Form)
                     and not n.head_is_string and n.head == "variant"), None)
        if form is None:
            break
        path = _resolve_base(_variant_settings(form)[0], file)
        file, source = str(path), read_source(path)
        texts.append(source)
    return texts


def record_hash(desc: Description) -> str:
    """What a record's ``description_hash`` is: every file the game was built from, the
    options as resolved and the ruleset, so that no edit anywhere in a variant chain
    and no change of a default goes unnoticed."""
    text = json.dumps({"files": description_files(desc), "options": sorted(desc.choice_strings()),
                       "ruleset": desc.ruleset})
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def description_ref(game: Game) -> tuple[str, str]:
    """(how to load the game's description again, its record hash)."""
    desc = getattr(game, "description", None)
    if desc is None:
        return game.source_name, ""
    from ludeme.library import bundled

    path = Path(desc.path).resolve()
    for name, p in bundled().items():
        if p.resolve() == path:
            return name, record_hash(desc)
    return str(path), record_hash(desc)


def description_text(game: Game) -> str | None:
    """The game's description text when no file holds it (a text edited in the web app,
    ``ludeme.loads``): a record must then carry it to be replayed; None otherwise."""
    desc = getattr(game, "description", None)
    if desc is None:
        return None
    try:
        on_disk = Path(desc.path).is_file()
    except (OSError, ValueError):
        on_disk = False
    return None if on_disk else desc.source


def new_record(game: Game, specs: Sequence[str], seeds: Sequence[int | None],
               seed: int | None, max_moves: int | None = None) -> GameRecord:
    ref, digest = description_ref(game)
    desc = getattr(game, "description", None)
    return GameRecord(description=ref, description_hash=digest, game=game.name,
                      options=[f"{t}/{i}" for t, i in game.options.items()],
                      ruleset=getattr(desc, "ruleset", None), seed=seed, agents=list(specs),
                      agent_seeds=list(seeds), max_moves=max_moves,
                      description_text=description_text(game))


def finish_record(rec: GameRecord, state: State, end: str = END_RULES,
                  end_by: int | None = None) -> GameRecord:
    rec.end = end
    rec.end_by = end_by
    if end == END_RULES:
        rec.returns = state.returns()
    else:
        rec.returns = outcome_for(state.game.num_players, end, end_by)
    return rec


def play_game(game: Game, agents: Sequence[str | Agent], seed: int | None = None,
              max_moves: int | None = DEFAULT_MAX_MOVES) -> GameRecord:
    """Play one full game, agent i in seat i+1, and return its record.

    Spec strings are made into agents seeded with ``agent_seed(seed, seat)``; ready-made
    agents keep their own seed. ``max_moves`` stops the game unfinished after that many
    moves (the description's own limits apply first; None plays on without a cap). Without ``seed`` one is drawn
    and recorded.
    """
    from ludeme.agents.base import Agent, make_agent

    n = game.num_players
    if len(agents) != n:
        raise UsageError(f"{game.name} has {n} players but {len(agents)} agents were given")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    seats: list[Agent] = []
    for i, a in enumerate(agents, start=1):
        seats.append(a if isinstance(a, Agent) else make_agent(a, agent_seed(seed, i)))
    rec = new_record(game, [a.spec for a in seats], [a.seed for a in seats], seed, max_moves)
    state = game.new_initial_state()
    while not state.is_terminal():
        if max_moves is not None and len(rec.moves) >= max_moves:
            return finish_record(rec, state, END_UNFINISHED)
        move = agent_move(seats[state.mover - 1], state)
        rec.moves.append(state.move_to_string(move))
        state.apply(move)
    return finish_record(rec, state)


# -- checking records ------------------------------------------------------------------
@dataclass
class Divergence:
    """The first point where a record and a replay disagree. ``ply`` is 0-based (the
    index in ``moves``), -1 for a problem before the first move."""

    ply: int
    message: str
    at_end: bool = False    # about the result, after the last move

    def __str__(self) -> str:
        if self.ply < 0:
            where = "before the first move"
        elif self.at_end:
            where = f"after the last move (ply {self.ply})"
        else:
            where = f"at ply {self.ply + 1}"
        return f"{where}: {self.message}"


@dataclass
class Verification:
    record: GameRecord
    divergence: Divergence | None = None
    agents_checked: list[int] = field(default_factory=list)   # seats whose choices were re-run
    agents_skipped: dict[int, str] = field(default_factory=dict)  # seat -> why not
    final_state: State | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def load_record_game(rec: GameRecord) -> Game:
    """Compile the record's description with its options: the text the record carries
    (expanded as the file it names, so a variant's base resolves as when it was played),
    else the file or bundled name it names (which must still exist)."""
    from ludeme.api import compile_description, guarded, load_description
    from ludeme.expand import expand

    if rec.description_text is not None:
        with guarded("expanding"):
            desc = expand(rec.description, list(rec.options), rec.ruleset,
                          text=rec.description_text)
    else:
        desc = load_description(rec.description, rec.options, rec.ruleset)
    return compile_description(desc)


def over_budget(spec: str) -> str | None:
    """Why ``verify`` will not re-run an agent spec under its default limits, or None."""
    from ludeme.agents.base import parse_spec

    _, params = parse_spec(spec)
    for key, limit in VERIFY_BUDGET.items():
        value = params.get(key)
        if isinstance(value, int | float) and value > limit:
            return (f"it asks for {key}={value:,} per move; verify re-runs agents up to "
                    f"{key}={limit:,}")
    return None


def verify_record(rec: GameRecord, check_agents: bool = True,
                  unlimited: bool = False) -> Verification:
    """Recompile (every file the game was built from must hash as recorded), check the
    record states everything needed to reproduce the game, replay the moves and re-ask
    the seeded agents; report the first divergence. Agents asking for more work per
    move than ``VERIFY_BUDGET`` are refused unless ``unlimited``."""
    from ludeme.agents.base import make_agent

    out = Verification(rec)

    def fail(ply: int, message: str) -> Verification:
        out.divergence = Divergence(ply, message, at_end=ply == len(rec.moves) and ply >= 0)
        return out

    if not rec.description_hash:
        return fail(-1, "the record has no description hash, so it cannot show which "
                        "description it was played with")
    if rec.seed is None:
        return fail(-1, "the record has no game seed, so its agents cannot be reproduced")
    try:
        game = load_record_game(rec)
    except LudemeError as err:
        return fail(-1, "cannot load the description: " + err.diagnostics[0].message)
    desc = game.description
    if desc is not None:
        resolved = sorted(desc.choice_strings())
        if sorted(rec.options) != resolved:
            return fail(-1, f"the record's options {rec.options} resolve to {resolved}: the "
                            f"record or the description's defaults changed")
        try:
            digest = record_hash(desc)
        except LudemeError as err:
            return fail(-1, "cannot read the description's files: "
                            + err.diagnostics[0].message)
        if digest != rec.description_hash:
            return fail(-1, f"description '{shorten(rec.description)}' has content hash "
                            f"{digest} (every file it is built from, with its options), the "
                            f"record says {shorten(rec.description_hash)} (the description or "
                            f"the record changed)")
    if game.name != rec.game:
        return fail(-1, f"the description is the game '{game.name}', the record says "
                        f"'{shorten(rec.game)}'")
    n = game.num_players
    if len(rec.agents) != n or len(rec.agent_seeds) != n:
        return fail(-1, f"{game.name} has {n} players, the record lists {len(rec.agents)} "
                        f"agents and {len(rec.agent_seeds)} agent seeds")
    if len(rec.returns) not in (0, n):
        return fail(-1, f"the record gives {len(rec.returns)} results for {n} players")
    for seat, (spec, seed) in enumerate(zip(rec.agents, rec.agent_seeds, strict=True), start=1):
        if spec == "human":
            if seed is not None:
                return fail(-1, f"P{seat} is recorded as a person but with an agent seed")
        elif seed is not None and seed != agent_seed(rec.seed, seat):
            return fail(-1, f"P{seat}'s agent seed {seed} is not the one game seed {rec.seed} "
                            f"gives ({agent_seed(rec.seed, seat)}): the seed or the record "
                            f"changed")
    if rec.max_moves is not None and len(rec.moves) > rec.max_moves:
        return fail(rec.max_moves, f"the record goes on past its move cap ({rec.max_moves})")
    if len(rec.moves) > VERIFY_MAX_MOVES and not unlimited:
        return fail(-1, f"the record has {len(rec.moves):,} moves; verify replays up to "
                        f"{VERIFY_MAX_MOVES:,} (--unlimited lifts the limit)")
    seats: dict[int, Agent] = {}
    for seat, spec in enumerate(rec.agents, start=1):
        seed = rec.agent_seeds[seat - 1]
        if spec == "human":
            out.agents_skipped[seat] = "a person played this seat"
        elif not check_agents:
            out.agents_skipped[seat] = "--no-agents"
        elif seed is None:
            out.agents_skipped[seat] = "no seed recorded"
        else:
            try:
                deterministic = is_deterministic(spec)
                too_much = None if unlimited else over_budget(spec)
                if too_much:
                    return fail(-1, f"P{seat}'s agent '{shorten(spec)}' cannot be re-run within "
                                    f"verify's limits: {too_much} (--unlimited lifts the "
                                    f"limit, --no-agents checks the moves only)")
                if not deterministic:
                    out.agents_skipped[seat] = "time-limited agent: its choices depend on speed"
                    continue
                seats[seat] = make_agent(spec, seed)
            except LudemeError as err:
                return fail(-1, f"P{seat}'s agent '{shorten(spec)}': "
                                f"{err.diagnostics[0].message}")
    out.agents_checked = sorted(seats)
    state = game.new_initial_state()
    for ply, text in enumerate(rec.moves):
        if state.is_terminal():
            return fail(ply, f"the game was already over ({_result(state)}) but the record "
                             f"goes on with '{text}'")
        mover = state.mover
        try:
            move = state.parse_move(text)
        except LudemeError as err:
            d = err.diagnostics[0]
            return fail(ply, f"P{mover}'s move '{shorten(text)}' is not legal: {d.message}"
                             + (f" ({d.hint})" if d.hint else ""))
        agent = seats.get(mover)
        if agent is not None:
            chosen = agent_move(agent, state)
            if chosen != move:
                return fail(ply, f"P{mover}'s agent '{rec.agents[mover - 1]}' (seed "
                                 f"{agent.seed}) chooses {state.move_to_string(chosen)}, the "
                                 f"record says {shorten(text)}")
        state.apply(move)
    out.final_state = state
    terminal = state.is_terminal()
    last = len(rec.moves)
    if rec.end == END_RULES:
        if not terminal:
            return fail(last, "the record says the game ended by its rules, but after the last "
                              "move it is not over")
        if [float(r) for r in rec.returns] != state.returns():
            return fail(last, f"the record's result is {_returns(rec.returns)}, the game's is "
                              f"{_returns(state.returns())}")
        return out
    if terminal:
        return fail(last, f"the game ended by its rules ({_result(state)}), but the record says "
                          f"'{rec.end}'")
    if rec.end in (END_RESIGNED, END_TIME) and not (rec.end_by and 1 <= rec.end_by <= n):
        return fail(last, f"'{rec.end}' names no player (end_by={rec.end_by})")
    if rec.end != END_UNFINISHED:
        want = outcome_for(n, rec.end, rec.end_by)
        if [float(r) for r in rec.returns] != want:
            return fail(last, f"the record's result is {_returns(rec.returns)}, but '{rec.end}' "
                              f"means {_returns(want)}")
    elif any(rec.returns):
        return fail(last, f"an unfinished game with a result {_returns(rec.returns)}")
    return out


def _returns(values: Sequence[float]) -> str:
    return "[" + ", ".join(f"P{p} {v:+g}" for p, v in enumerate(values, start=1)) + "]"


def _result(state: State) -> str:
    w = state.winners()
    return ", ".join(f"P{p}" for p in w) + " won" if w else "drawn"
