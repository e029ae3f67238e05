"""Game records: what was played, by whom, from which description, so anyone can check it.

A record names the description (a bundled name or a path) with its content hash, the
option choices, the game seed, every seat's agent spec with the seed it played with,
the moves in notation and the result. Records are JSON (one) or JSON Lines (many).

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

from ludeme.errors import LudemeError, UsageError

if TYPE_CHECKING:
    from ludeme.agents.base import Agent
    from ludeme.runtime.game import Game
    from ludeme.runtime.state import State

FORMAT = "ludeme-record/1"

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
    ``players[i]`` the name of the person in seat i+1, when one was given (ratings)."""

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
    format: str = FORMAT
    # the people's names by seat ("" where unknown; empty when nobody gave one)
    players: list[str] = field(default_factory=list)

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
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        if not isinstance(data, dict):
            raise LudemeError("a game record should be a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise LudemeError(f"unknown record format '{fmt}'", hint=f"expected '{FORMAT}'")
        known = set(cls.__dataclass_fields__)
        missing = [k for k in ("description", "description_hash", "game", "moves")
                   if k not in data]
        if missing:
            raise LudemeError("game record lacks " + ", ".join(missing))
        rec = cls(**{k: v for k, v in data.items() if k in known})
        if not isinstance(rec.moves, list) or not all(isinstance(m, str) for m in rec.moves):
            raise LudemeError("a record's moves should be a list of strings")
        if not isinstance(rec.players, list) or not all(isinstance(p, str) for p in rec.players):
            raise LudemeError("a record's players should be a list of names (strings)")
        if rec.end not in ENDINGS:
            raise LudemeError(f"unknown ending '{rec.end}'", hint="one of " + ", ".join(ENDINGS))
        return rec

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise LudemeError(f"not a JSON record: {err}") from None
        return cls.from_dict(data)


# -- files -----------------------------------------------------------------------------
def save_records(path: str | Path, records: Iterable[GameRecord]) -> None:
    """Write one record as JSON, or several as JSON Lines (``.jsonl`` always JSON Lines)."""
    recs = list(records)
    p = Path(path)
    try:
        if p.suffix == ".jsonl" or len(recs) != 1:
            p.write_text("".join(r.to_json(indent=None) + "\n" for r in recs))
        else:
            p.write_text(recs[0].to_json() + "\n")
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None


def load_records(path: str | Path) -> list[GameRecord]:
    """Read a JSON record or a JSON Lines file of records."""
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None
    stripped = text.strip()
    if not stripped:
        raise LudemeError(f"{path}: empty record file")
    try:
        return [GameRecord.from_dict(json.loads(stripped))]
    except json.JSONDecodeError:
        pass
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                out.append(GameRecord.from_dict(json.loads(line)))
            except json.JSONDecodeError as err:
                raise LudemeError(f"{path}:{n}: not a JSON record: {err.msg}") from None
            except LudemeError as err:
                raise LudemeError(f"{path}:{n}: {err.diagnostics[0].message}",
                                  hint=err.diagnostics[0].hint) from None
    return out


# -- making records --------------------------------------------------------------------
def description_ref(game: Game) -> tuple[str, str]:
    """(how to load the game's description again, its content hash)."""
    desc = getattr(game, "description", None)
    if desc is None:
        return game.source_name, ""
    from ludeme.library import bundled

    path = Path(desc.path).resolve()
    for name, p in bundled().items():
        if p.resolve() == path:
            return name, desc.content_hash
    return str(path), desc.content_hash


def new_record(game: Game, specs: Sequence[str], seeds: Sequence[int | None],
               seed: int | None) -> GameRecord:
    ref, digest = description_ref(game)
    desc = getattr(game, "description", None)
    return GameRecord(description=ref, description_hash=digest, game=game.name,
                      options=[f"{t}/{i}" for t, i in game.options.items()],
                      ruleset=getattr(desc, "ruleset", None), seed=seed, agents=list(specs),
                      agent_seeds=list(seeds))


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
              max_moves: int | None = None) -> GameRecord:
    """Play one full game, agent i in seat i+1, and return its record.

    Spec strings are made into agents seeded with ``agent_seed(seed, seat)``; ready-made
    agents keep their own seed. ``max_moves`` stops the game unfinished after that many
    moves (the description's own limits apply anyway). Without ``seed`` one is drawn
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
    rec = new_record(game, [a.spec for a in seats], [a.seed for a in seats], seed)
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
    """Compile the record's description with its options (it must still exist)."""
    from ludeme.api import compile_description, load_description

    desc = load_description(rec.description, rec.options, rec.ruleset)
    game = compile_description(desc)
    return game


def verify_record(rec: GameRecord, check_agents: bool = True) -> Verification:
    """Recompile, replay and re-ask the seeded agents; report the first divergence."""
    from ludeme.agents.base import make_agent

    out = Verification(rec)

    def fail(ply: int, message: str) -> Verification:
        out.divergence = Divergence(ply, message, at_end=ply == len(rec.moves) and ply >= 0)
        return out

    try:
        game = load_record_game(rec)
    except LudemeError as err:
        return fail(-1, "cannot load the description: " + err.diagnostics[0].message)
    desc = game.description
    if rec.description_hash and desc is not None and desc.content_hash != rec.description_hash:
        return fail(-1, f"description '{rec.description}' has content hash {desc.content_hash}, "
                        f"the record says {rec.description_hash} (the description or the "
                        f"record changed)")
    if game.name != rec.game:
        return fail(-1, f"the description is the game '{game.name}', the record says '{rec.game}'")
    n = game.num_players
    if rec.agents and len(rec.agents) != n:
        return fail(-1, f"{game.name} has {n} players, the record lists {len(rec.agents)} agents")
    seats: dict[int, Agent] = {}
    if check_agents:
        for seat, spec in enumerate(rec.agents, start=1):
            seed = rec.agent_seeds[seat - 1] if seat - 1 < len(rec.agent_seeds) else None
            if spec == "human":
                continue
            if seed is None:
                out.agents_skipped[seat] = "no seed recorded"
            elif not is_deterministic(spec):
                out.agents_skipped[seat] = "time-limited agent: its choices depend on speed"
            else:
                try:
                    seats[seat] = make_agent(spec, seed)
                except LudemeError as err:
                    return fail(-1, f"P{seat}'s agent '{spec}': {err.diagnostics[0].message}")
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
            return fail(ply, f"P{mover}'s move '{text}' is not legal: {d.message}"
                             + (f" ({d.hint})" if d.hint else ""))
        agent = seats.get(mover)
        if agent is not None:
            chosen = agent_move(agent, state)
            if chosen != move:
                return fail(ply, f"P{mover}'s agent '{rec.agents[mover - 1]}' (seed "
                                 f"{agent.seed}) chooses {state.move_to_string(chosen)}, the "
                                 f"record says {text}")
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
