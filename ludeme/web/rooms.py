"""Games being played in the page: a ``ludeme.play.Session`` per game (the same seats,
moves, undo, draw offers and records as ``ludeme play``), driven by requests instead of
typed lines. A bot thinks in a thread of its own, so the page shows the human's move
at once and polls for the reply."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from contextlib import nullcontext
from typing import Any

from ludeme.agents.base import DEFAULT_SECONDS_PER_MOVE
from ludeme.errors import LudemeError, UsageError
from ludeme.play.session import Seat, Session, seat_players
from ludeme.records import END_RESIGNED, END_RULES, END_UNFINISHED, agent_move
from ludeme.render.model import move_sites
from ludeme.render.style import game_style
from ludeme.render.svg import render_svg
from ludeme.runtime.game import Game

MAX_ROOMS = 32
MAX_MESSAGES = 50
DEFAULT_BOT = f"mcts:seconds={DEFAULT_SECONDS_PER_MOVE:g}"  # as in ludeme play
AGENTS = ("human", "random", "mcts", "alphabeta")


class WebTerminal:
    """Collects what the session says; answers questions put to people in the page
    (a draw offer) with the answer the request carried."""

    shows_every_position = False

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.answer = "no"

    def say(self, text: str, style: str | None = None) -> None:
        self.messages.append(text)
        del self.messages[:-MAX_MESSAGES]

    def show(self, *args: Any) -> None:
        pass

    def read(self, name: str, until: float | None = None) -> str | None:
        return self.answer

    def thinking(self, text: str):
        return nullcontext()


def seat_spec(kind: str, settings: str = "") -> str:
    """A seat from the page's choice: ``mcts`` and ``iterations=200`` -> ``mcts:iterations=200``;
    a bot without a budget thinks as long as in ``ludeme play`` (2 s)."""
    kind = kind.strip()
    if kind not in AGENTS:
        raise UsageError(f"no player kind '{kind}'", hint="one of " + ", ".join(AGENTS))
    settings = settings.strip()
    if kind == "human":
        return "human"
    if not settings and kind in ("mcts", "alphabeta"):
        settings = f"seconds={DEFAULT_SECONDS_PER_MOVE:g}"
    return f"{kind}:{settings}" if settings else kind


class Room:
    def __init__(self, game: Game, key: str, seats: list[str], seed: int | None):
        given = dict(enumerate(seats, start=1))
        seat_list, seed, _ = seat_players(game.num_players, given, seed, DEFAULT_BOT)
        self.terminal = WebTerminal()
        self.session = Session(game, seat_list, seed, terminal=self.terminal)
        self.key = key
        self.lock = threading.RLock()
        self.version = 0                 # bumped on every change, so a late bot is ignored
        self.thinking: int | None = None  # the player whose bot is thinking
        self.error: str | None = None
        self.touched = time.monotonic()
        self.closed = False              # dropped by the server: its bots stop

    # -- what the page shows ---------------------------------------------------------
    def view(self, selected: tuple[int, ...] = ()) -> dict[str, Any]:
        with self.lock:
            s = self.session.state
            over = s.is_terminal() or self.session.end != END_UNFINISHED
            seat = self.session.seats[s.mover - 1]
            human_turn = not over and seat.human
            moves = []
            if human_turn:
                for m in s.legal_moves():
                    moves.append({"text": s.move_to_string(m), "sites": move_sites(m)})
            record = self.session.record() if over else None
            return {
                "game": s.game.name, "key": self.key, "version": self.version,
                "svg": render_svg(s, last=self.session.last_move),
                "mover": s.mover, "players": s.game.num_players,
                "seats": [x.spec for x in self.session.seats],
                "colours": [game_style(s.game).player_fill(p)
                            for p in range(1, s.game.num_players + 1)],
                "human_turn": human_turn, "thinking": self.thinking, "over": over,
                "result": record.result_text() if record else None,
                "history": [{"ply": i, "player": p, "text": t}
                            for i, (_, t, p) in enumerate(self.session.played, start=1)],
                "moves": moves, "messages": self.terminal.messages[-8:],
                "error": self.error, "can_undo": any(
                    self.session.seats[p - 1].human for _, _, p in self.session.played),
            }

    # -- actions -----------------------------------------------------------------------
    def _human_seat(self) -> Seat:
        s = self.session.state
        if s.is_terminal() or self.session.end != END_UNFINISHED:
            raise UsageError("the game is over")
        seat = self.session.seats[s.mover - 1]
        if not seat.human:
            raise UsageError(f"it is P{seat.player}'s turn (a bot)")
        return seat

    def move(self, text: str) -> None:
        with self.lock:
            seat = self._human_seat()
            move = self.session.state.parse_move(text)
            self.session.play(move, seat)
            self._changed()

    def undo(self) -> None:
        with self.lock:
            if not self.session.undo():
                raise UsageError("nothing to undo")
            self.session.end, self.session.end_by = END_UNFINISHED, None
            self._changed()

    def resign(self, player: int | None = None) -> None:
        with self.lock:
            if self.session.state.is_terminal() or self.session.end != END_UNFINISHED:
                raise UsageError("the game is over")
            humans = [x.player for x in self.session.seats if x.human]
            who = player if player in humans else (
                self.session.state.mover if self.session.state.mover in humans else
                (humans[0] if humans else None))
            if who is None:
                raise UsageError("no person plays in this game")
            self.terminal.say(f"P{who} resigns")
            self.session.end, self.session.end_by = END_RESIGNED, who
            self._changed()

    def offer_draw(self, accept_for_people: bool) -> bool:
        with self.lock:
            seat = self._human_seat()
            self.terminal.answer = "yes" if accept_for_people else "no"
            agreed = self.session.offer_draw(seat.player)
            self._changed()
            return agreed

    def record(self) -> dict[str, Any]:
        with self.lock:
            rec = self.session.record()
            if rec.end == END_UNFINISHED and self.session.state.is_terminal():
                rec.end = END_RULES
            return rec.to_dict()

    # -- bots --------------------------------------------------------------------------
    def _changed(self) -> None:
        self.version += 1
        self.error = None
        self.touched = time.monotonic()
        self.kick()

    def kick(self) -> None:
        """Start the bot whose turn it is, in its own thread, unless one is thinking."""
        s = self.session.state
        if self.closed or self.thinking is not None or s.is_terminal() or \
                self.session.end != END_UNFINISHED:
            return
        seat = self.session.seats[s.mover - 1]
        if seat.human:
            return
        self.thinking = seat.player
        version = self.version
        state = s.clone()
        threading.Thread(target=self._think, args=(seat, state, version), daemon=True).start()

    def _think(self, seat: Seat, state, version: int) -> None:
        try:
            move = agent_move(seat.agent, state)
            error = None
        except LudemeError as err:
            move, error = None, err.diagnostics[0].message
        except Exception as err:  # noqa: BLE001 - shown in the page, never a dead server
            move, error = None, f"{type(err).__name__}: {err}"
        with self.lock:
            self.thinking = None
            if version != self.version:
                self.kick()       # the position changed while it thought (an undo)
                return
            if move is None:
                self.error = f"P{seat.player}'s bot failed: {error}"
                return
            self.session.play(self.session.state.parse_move(state.move_to_string(move)), seat)
            self.version += 1
            self.kick()


class Rooms:
    def __init__(self) -> None:
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self.lock = threading.Lock()

    def new(self, game: Game, key: str, seats: list[str], seed: int | None) -> str:
        room = Room(game, key, seats, seed)
        rid = secrets.token_hex(8)
        with self.lock:
            self.rooms[rid] = room
            while len(self.rooms) > MAX_ROOMS:
                _, old = self.rooms.popitem(last=False)
                old.closed = True
        with room.lock:
            room.kick()
        return rid

    def get(self, rid: str) -> Room:
        room = self.rooms.get(rid)
        if room is None:
            raise UsageError("no such game (the server keeps the latest few)")
        return room
