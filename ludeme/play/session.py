"""One game played by people and agents in turn: who sits where, the turn loop, what
a person may type at their turn (a move, or moves/undo/hint/draw/resign/save/quit/
help), deadlines, agents' turns, and the game record at the end.

The session decides what happens and what is said; a ``Terminal`` (plain lines or
rich colour) decides how it is shown and how lines are read::

    seats, seed, by_seed = seat_players(game.num_players, {1: "human"}, None, "mcts")
    Session(game, seats, seed, plain=True, by_seed=by_seed).run()
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludeme.errors import LudemeError, UsageError, plural, shorten
from ludeme.play import guide
from ludeme.play.terminal import MAX_LINE, TIMED_OUT, PlainTerminal, RichTerminal, Terminal
from ludeme.records import (
    DEFAULT_MAX_MOVES,
    END_AGREED,
    END_RESIGNED,
    END_RULES,
    END_TIME,
    END_UNFINISHED,
    GameRecord,
    agent_move,
    agent_seed,
    check_writable,
    derive_seed,
    finish_record,
    new_record,
    roll_dice,
    save_records,
)

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.move import Move
    from ludeme.runtime.state import State

DRAW_MARGIN = 0.2        # a bot accepts a draw when it values its position at most this
COMMANDS_HELP = ("commands: moves (legal moves), undo, hint, draw (offer a draw), resign, "
                 "save FILE, quit, help; anything else is read as a move")


@dataclass
class Seat:
    player: int
    spec: str                   # "human" or an agent spec
    seed: int | None = None
    agent: object | None = None
    name: str | None = None     # a person's name, kept in the record (for ratings)

    @property
    def human(self) -> bool:
        return self.spec == "human"


def assign_seats(n: int, given: dict[int, str], seed: int | None, bot: str
                 ) -> tuple[list[str], bool]:
    """Seat specs for players 1..n, and whether the seed placed the human.

    Seats given explicitly stay. If nobody was seated as ``human``, one free seat gets
    the human (P1, or the seat the seed picks when a seed is given) and the other free
    seats get ``bot``; with a human already seated, free seats get ``bot``.
    """
    for p in given:
        if not 1 <= p <= n:
            raise UsageError(f"--p{p}: this game has {n} player{'s' if n > 1 else ''}")
    specs = [given.get(p) for p in range(1, n + 1)]
    free = [p for p in range(1, n + 1) if specs[p - 1] is None]
    by_seed = False
    if free and "human" not in specs:
        if seed is not None and len(free) > 1:
            human = free[random.Random(derive_seed(seed, "seats")).randrange(len(free))]
            by_seed = True
        else:
            human = free[0]
        specs[human - 1] = "human"
    return [s if s is not None else bot for s in specs], by_seed


def with_deadline(spec: str, seconds: float | None) -> str:
    """A bot spec given the move deadline as its thinking time when it has no budget
    of its own (an explicit budget wins)."""
    from ludeme.agents.base import timed_spec

    if seconds is None:
        return spec
    # leave a margin for the move's own bookkeeping
    return timed_spec(spec, max(seconds * 0.8, 0.05))


def seat_players(n: int, given: dict[int, str], seed: int | None, bot: str,
                 time_per_move: float | None = None,
                 bot_seconds: float | None = None) -> tuple[list[Seat], int, bool]:
    """The seats of players 1..n with their agents made (see ``assign_seats``), the
    game's seed (drawn at random when ``seed`` is None) and whether the seed placed
    the human. Agents get the deadline as their budget (``with_deadline``), else
    ``bot_seconds`` per move when it is given (``play`` gives 2 s), unless their spec
    sets a budget."""
    from ludeme.agents.base import make_agent, timed_spec

    given = {p: "human" if spec.strip() == "human" else spec for p, spec in given.items()}
    specs, by_seed = assign_seats(n, given, seed, bot)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    seats = []
    for p, spec in enumerate(specs, start=1):
        spec = with_deadline(spec, time_per_move)
        if time_per_move is None and bot_seconds is not None:
            spec = timed_spec(spec, bot_seconds)
        if spec == "human":
            seats.append(Seat(p, spec))
            continue
        agent = make_agent(spec, agent_seed(seed, p))
        seats.append(Seat(p, agent.spec, agent.seed, agent))
    return seats, seed, by_seed


class Session:
    """One game from the first move to the record. ``plain`` picks the terminal
    (plain lines on stdin/stdout, or rich colour) unless ``terminal`` is given."""

    def __init__(self, game: Game, seats: list[Seat], seed: int, plain: bool = True,
                 time_per_move: float | None = None, save_path: str | None = None,
                 hint_spec: str | None = None, by_seed: bool = False,
                 terminal: Terminal | None = None, max_moves: int | None = DEFAULT_MAX_MOVES,
                 force: bool = False) -> None:
        from ludeme.agents.base import make_agent

        if hint_spec:
            make_agent(hint_spec)       # a bad spec is reported now, not at the first hint
        if save_path:
            check_writable(save_path, force)    # before the game, not after it
        self.max_moves = max_moves
        # record files this session may overwrite: the --save file, and what it wrote
        self.own_files = {save_path} if save_path else set()
        self.game = game
        self.seats = seats
        self.seed = seed
        self.deadline = time_per_move
        self.save_path = save_path
        self.by_seed = by_seed
        self.state: State = game.new_initial_state()
        # (move, move text, mover) for every move played, to undo and to record: moves,
        # not states, so memory grows with the game's length, not with its square
        self.played: list[tuple[Move, str, int]] = []
        self.last_move: Move | None = None
        self.end = END_UNFINISHED
        self.end_by: int | None = None
        self.humans = [s.player for s in seats if s.human]
        bots = [s.spec for s in seats if not s.human]
        self.hint_spec = hint_spec or (bots[0] if bots else "mcts")
        self._hint_agent = None
        self.make_agent = make_agent
        if terminal is None:
            terminal = PlainTerminal() if plain else RichTerminal()
        self.terminal = terminal
        # the rolls before the first move: made now (a front end that does not call
        # ``run``, the web app, shows the position after them), said by ``roll``
        self._unsaid_rolls = roll_dice(self.state, seed)

    # -- output ------------------------------------------------------------------------
    def say(self, text: str, style: str | None = None) -> None:
        self.terminal.say(text, style)

    def error(self, err: LudemeError) -> None:
        d = err.diagnostics[0]
        self.say(f"error: {d.message}", "bold red")
        if d.hint:
            self.say(f" = {d.hint}", "red")

    def name(self, player: int) -> str:
        seat = self.seats[player - 1]
        if seat.human:
            return f"P{player} (you)" if len(self.humans) == 1 else f"P{player}"
        return f"P{player} ({seat.spec.partition(':')[0]})"

    def announce(self) -> None:
        parts = []
        for seat in self.seats:
            who = "human" if seat.human else seat.spec
            if seat.human and len(self.humans) == 1:
                who = "you"
            parts.append(f"P{seat.player} {who}")
        how = ", seat chosen by the seed" if self.by_seed else ""
        self.say(f"{self.game.name}: {', '.join(parts)} (seed {self.seed}{how})", "bold")

    def show(self) -> None:
        s = self.state
        notes = []
        if self.last_move is not None:
            notes.append(f"last move: {self.name(self.played[-1][2])} {self.played[-1][1]}")
        recent = guide.recent_moves([(text, p) for _, text, p in self.played])
        if recent:
            notes.append(recent)
        dice = guide.dice_line(s)
        if dice:
            notes.append(dice)
        if s.outcome is None and s.repetitions() == 2:
            notes.append("warning: this position has occurred twice")
        if s.outcome is None and self.seats[s.mover - 1].human:
            notes.append(guide.turn_line(s, self.name(s.mover)))
        to_move = self.name(s.mover) if s.outcome is None else None
        self.terminal.show(s, self.last_move, to_move, notes)

    # -- the game ----------------------------------------------------------------------
    def run(self) -> GameRecord:
        """Play until the rules end the game or a person stops it; say the result,
        save the record when asked to, and return it."""
        self.announce()
        shown = False
        self.roll()
        while not self.state.is_terminal():
            if self.max_moves is not None and len(self.played) >= self.max_moves:
                self.say(f"the game reached the move cap ({self.max_moves:,} moves) and stops "
                         f"unfinished")
                break
            seat = self.seats[self.state.mover - 1]
            if seat.human:
                if not shown:
                    self.show()
                    shown = True
                outcome = self.human_turn(seat)
                if outcome == "stop":
                    break
                if outcome == "moved":
                    shown = False
            else:
                if self.terminal.shows_every_position and not shown and not self.humans:
                    self.show()
                self.bot_turn(seat)
                shown = False
        if self.state.is_terminal() and self.end == END_UNFINISHED:
            self.end = END_RULES
        self.finish()
        if self.humans and self.end != END_UNFINISHED:
            self.after_game()
        return self.record()

    def play(self, move: Move, seat: Seat) -> None:
        text = self.state.move_to_string(move)
        self.played.append((move, text, seat.player))
        self.state.apply(move)
        self.last_move = move
        self.say(f"{self.name(seat.player)} plays {text}")
        self.roll()

    def roll(self) -> None:
        """Roll the dice wherever the rules roll them, from the game's seed (so an undo
        rolls the same again), and say what they show."""
        rolls, self._unsaid_rolls = self._unsaid_rolls + roll_dice(self.state, self.seed), []
        for faces in rolls:
            self.say(f"{self.name(self.state.mover)} rolls {' '.join(map(str, faces))}")

    def bot_turn(self, seat: Seat) -> None:
        start = time.perf_counter()
        who = self.name(seat.player)
        with self.terminal.thinking(f"{who} is thinking...") as status:
            if status is not None and hasattr(seat.agent, "progress"):
                # the agent reports what it has found so far; the status line shows it
                seat.agent.progress = lambda p: status.update(f"{who} is thinking: {p.text()}")
            try:
                move = agent_move(seat.agent, self.state)
            finally:
                if hasattr(seat.agent, "progress"):
                    seat.agent.progress = None
        took = time.perf_counter() - start
        if self.deadline is not None and took > self.deadline * 1.5 + 1:
            # a bot's time is its own budget; only say so when it ran far over
            self.say(f"({self.name(seat.player)} took {took:.1f} s)")
        self.play(move, seat)

    def human_turn(self, seat: Seat) -> str:
        """Read and act on lines until a move is made ("moved"), the game is decided or
        stopped ("stop"), or something else happened ("again")."""
        started = time.perf_counter()
        until = started + self.deadline if self.deadline is not None else None
        while True:
            line = self.terminal.read(self.name(seat.player), until)
            if line is None:
                self.say("input ended: the game stops unfinished")
                return "stop"
            if line is TIMED_OUT or (until is not None and time.perf_counter() > until):
                self.say(f"{self.name(seat.player)} let the {self.deadline:g} s deadline pass "
                         f"and loses on time")
                self.end, self.end_by = END_TIME, seat.player
                return "stop"
            if not line:
                continue
            if len(line) > MAX_LINE:
                self.say(f"error: that line is longer than {MAX_LINE:,} characters; a move "
                         f"or a command is shorter", "bold red")
                continue
            word, _, rest = line.partition(" ")
            cmd = word.lower()
            if cmd == "help":
                self.say(COMMANDS_HELP)
                for text in guide.notation_help(self.state):
                    self.say(text)
            elif cmd == "moves":
                legal = [self.state.move_to_string(m) for m in self.state.legal_moves()]
                self.say(f"{len(legal)} legal moves: " + " ".join(legal))
            elif cmd == "undo":
                if self.undo():
                    return "moved"
            elif cmd == "hint":
                self.hint()
            elif cmd == "draw":
                if self.offer_draw(seat.player):
                    return "stop"
            elif cmd == "resign":
                self.say(f"{self.name(seat.player)} resigns")
                self.end, self.end_by = END_RESIGNED, seat.player
                return "stop"
            elif cmd == "quit":
                self.say("game stopped unfinished")
                return "stop"
            elif cmd == "save":
                self.save_command(rest, "the game so far")
            else:
                try:
                    move = self.state.parse_move(line)
                except LudemeError as err:
                    self.error(err)
                    continue
                self.play(move, seat)
                return "moved"

    def undo(self) -> bool:
        """Take back the last move a person made and the bots' moves after it."""
        if not any(self.seats[p - 1].human for _, _, p in self.played):
            self.say("nothing to undo")
            return False
        while self.played:
            _, text, player = self.played.pop()
            self.say(f"took back {self.name(player)} {text}")
            if self.seats[player - 1].human:
                break
        # the position is the moves left played again from the start
        self.state = self.game.new_initial_state()
        for move, _, _ in self.played:
            roll_dice(self.state, self.seed)
            self.state.apply(move)
        roll_dice(self.state, self.seed)
        self.last_move = self.state.history[-1] if self.state.history else None
        return True

    def hint(self) -> None:
        if self._hint_agent is None:
            spec = self.hint_spec if self.hint_spec != "human" else "mcts"
            self._hint_agent = self.make_agent(spec, derive_seed(self.seed, "hint"))
        agent = self._hint_agent
        move = agent_move(agent, self.state)
        text = f"hint ({agent.spec.partition(':')[0]}): {self.state.move_to_string(move)}"
        value = getattr(agent, "last_value", None)
        if value is not None and agent.name == "alphabeta":
            text += f" (evaluation {max(-1.0, min(1.0, value)):+.2f})"
        elif getattr(agent, "last_root", None) is not None and agent.last_root.children:
            best = max(agent.last_root.children, key=lambda ch: ch.visits)
            text += f" (evaluation {best.value / best.visits:+.2f})"
        self.say(text)

    def offer_draw(self, player: int) -> bool:
        """``player`` offers a draw; every other player must accept."""
        self.say(f"{self.name(player)} offers a draw")
        for seat in self.seats:
            if seat.player == player:
                continue
            if seat.human:
                self.say(f"{self.name(seat.player)}: accept the draw? (yes/no)")
                answer = self.terminal.read(self.name(seat.player))
                ok = bool(answer) and answer.lower() in ("y", "yes")
            else:
                value = self.bot_value(seat)
                ok = value is not None and value <= DRAW_MARGIN
                why = "no opinion" if value is None else f"it values its position {value:+.2f}"
                self.say(f"{self.name(seat.player)} {'accepts' if ok else 'declines'} ({why})")
            if not ok:
                if seat.human:
                    self.say(f"{self.name(seat.player)} declines")
                return False
        self.say("draw agreed")
        self.end, self.end_by = END_AGREED, None
        return True

    def bot_value(self, seat: Seat) -> float | None:
        agent = seat.agent
        if seat.seed is not None:
            agent.rng.seed(derive_seed(seat.seed, "draw", self.state.ply))
        if hasattr(agent, "value_for"):
            return agent.value_for(self.state, seat.player)
        if self.state.mover == seat.player:
            return agent.evaluate(self.state)
        return None

    # -- the end -----------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (unfinished unless it has ended)."""
        rec = new_record(self.game, [s.spec for s in self.seats], [s.seed for s in self.seats],
                         self.seed, self.max_moves)
        rec.moves = [text for _, text, _ in self.played]
        rec.rolls = [list(faces) for _, faces in self.state.rolls()]
        if any(s.name for s in self.seats):
            rec.players = [s.name or "" for s in self.seats]
        end = self.end
        if end == END_UNFINISHED and self.state.is_terminal():
            end = END_RULES
        return finish_record(rec, self.state, end, self.end_by)

    def finish(self) -> None:
        rec = self.record()
        if self.state.is_terminal():
            self.last_move = self.state.history[-1] if self.state.history else None
            self.show()
        self.say(f"result: {rec.result_text()} after {plural(len(rec.moves), 'move')} "
                 f"(seed {self.seed})",
                 "bold")
        if self.save_path:
            self.keep(rec, self.save_path)

    # -- saving ------------------------------------------------------------------------
    def save(self, path: str, rec: GameRecord) -> None:
        """Write ``rec`` to ``path``: a ``.jsonl`` file is appended to; another existing
        file is overwritten only when this session wrote it or was told to (--force)."""
        if "\0" in path:
            raise UsageError("a file name cannot hold a NUL character")
        if path not in self.own_files:
            check_writable(path)
        save_records(path, [rec], append=True)
        self.own_files.add(path)

    def save_command(self, rest: str, what: str) -> None:
        path = rest.strip()
        if not path:
            self.say("usage: save FILE")
            return
        try:
            self.save(path, self.record())
            self.say(f"saved {what} to {shorten(path, 300)}")
        except LudemeError as err:
            self.error(err)

    def keep(self, rec: GameRecord, path: str) -> None:
        """Save the record at the end; when ``path`` cannot be written, ask for another
        until one can, and at the end of input print the record so it is never lost."""
        while True:
            try:
                self.save(path, rec)
                self.say(f"saved the game record to {shorten(path, 300)}")
                return
            except LudemeError as err:
                self.error(err)
            self.say("the record is kept: type a file to save it to (Enter prints it here)")
            line = self.terminal.read("save to")
            if not line or line is TIMED_OUT or len(line) > MAX_LINE:
                self.say(rec.to_json(indent=None))
                return
            path = line

    def after_game(self) -> None:
        """Once the game is over, a person may still save its record."""
        self.say("the game is over: 'save FILE' keeps its record; Enter or 'quit' leaves")
        while True:
            line = self.terminal.read("after the game")
            if not line or line is TIMED_OUT or line.lower() in ("quit", "q", "exit"):
                return
            word, _, rest = line.partition(" ")
            if word.lower() == "save" and len(line) <= MAX_LINE:
                self.save_command(rest, "the game record")
            else:
                self.say("the game is over: 'save FILE' or 'quit'")
