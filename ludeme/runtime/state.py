"""A game position: flat lists, cheap to clone, with an incremental Zobrist hash."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludeme.runtime.chance import set_dice
from ludeme.runtime.move import Move
from ludeme.runtime.standing import next_active

if TYPE_CHECKING:
    from ludeme.runtime.game import Game


#: xor-ed into ``State.hash`` while a condition tries a change on the board without
#: making it (a piece put on a site to test something): caches keyed by the hash
#: (the sites of the mover's pieces, say) then miss, and what they learn meanwhile is
#: kept under a key that no real position has
TRIAL_HASH = 0x5DEECE66D9E3779B


def listed_in_context(s: State) -> list[Move]:
    """``State.legal_moves`` of a position without dice whose game is not over, leaving
    the mover's context (``who``, ``nxt``) as the listing set it: for a caller that sets
    its own next (the ordered turn's pass over stuck players, the playout loop, whose
    next move sets it). The moves are kept in ``_moves``."""
    game = s.game
    s.who = mover = s.mover
    s.nxt = game.next_of[mover] if not s.inactive else next_active(s, mover)
    moves = game.phases[s.phase].generate(s)
    if s.ply == game.swap_ply:
        moves = [*moves, game.swap_move]  # the swap rule's move, as in Ludii
    if not moves:
        moves = [game.auto_pass_move]  # as in Ludii, a stuck player passes
    if s.positions is not None:
        moves = [m for m in moves if not game.repeats(s, m)]
    s._moves = moves
    return moves


#: what a ``found_in_context`` function gives for a mover found to have moves of its
#: own, not listed
FOUND_NOT_LISTED: list = [None]


def found_in_context(game: Game) -> Callable[[State], list[Move]]:
    """``listed_in_context`` for a caller that only asks whether the mover has a move of
    its own (the ordered turn's pass over stuck players): when the phase's generator
    offers ``has_moves(s)`` and it holds, ``FOUND_NOT_LISTED`` (``_moves`` left as it
    was: the next listing, or a playout's draw, works the moves out); else the listing."""
    has_of = [getattr(ph.generate, "has_moves", None) for ph in game.phases]
    next_of = game.next_of

    def found(s: State) -> list[Move]:
        has = has_of[s.phase]
        if has is not None and s.positions is None:
            s.who = mover = s.mover
            s.nxt = next_of[mover] if not s.inactive else next_active(s, mover)
            if has(s):
                return FOUND_NOT_LISTED
        return listed_in_context(s)

    return found


class State:
    """The position and whose turn it is.

    Its API is made of methods, as OpenSpiel's is (``current_player()``,
    ``legal_moves()``, ``is_terminal()``, ``returns()``, ``move_to_string(m)``, ...);
    the attributes below are the representation compiled rules read.

    ``what[s]`` is the piece id on site s (0 = empty), ``count[s]`` how many of it stand
    there in a game with counts per site (mancala seeds; None in other games: a piece
    on a site is then one piece), ``stack[s]`` the pieces under ``what[s]``, bottom
    first, in a game with stacks (None in others), ``rot[s]`` its direction index
    (0 = none), ``hand[p][k]`` how many pieces of kind k player p holds, ``score[p]``
    and ``tally[t][p]`` per-player numbers (players are 1-based; index 0 is unused).
    ``who``/``nxt``/``frm``/``to`` are the evaluation context compiled rules read:
    the player whose view "Mover" means, the "Next" player, and the current move's sites;
    ``between`` is the site a capture or slide rule is examining (``(between)``), ``site``
    the one ``(forEach Site ...)`` is at (``(site)``), ``level`` the level in its stack
    of the piece whose moves are made (``(level)``, in a game with stacks).
    ``dice`` is the dice's state (``ludeme.runtime.chance``; None in a game without
    dice) and ``pips`` the die value ``(forEach Die ...)`` is trying (``(pips)``).

    A position may be a *chance node* (``is_chance_node()``): the dice must be rolled
    before the mover chooses. It has no legal moves; ``chance_outcomes()`` lists the
    rolls with their probabilities and ``apply_chance(roll)`` applies one.
    """

    __slots__ = ("game", "what", "rot", "hand", "score", "tally", "mover", "phase", "order_pos",
                 "ply", "hash", "hashes", "history", "outcome", "who", "nxt", "frm", "to",
                 "prev_mover", "_moves", "aux", "between", "site", "player_phase", "positions",
                 "counter", "temp", "triggered", "pending", "player_value", "dice", "pips",
                 "count", "stack", "site_state", "stalemated", "level", "after_frm", "after_to",
                 "inactive", "standing", "occ", "placed", "__weakref__")

    def __init__(self, game: Game):
        self.game = game
        self.history: list[Move] = []
        self.outcome: tuple[float, ...] | None = None
        self.prev_mover = 0
        self.frm = self.to = self.between = self.site = -1
        self.level = 0
        self._moves: list[Move] | None = None
        self.player_phase: list[int] | None = None  # per player, with (nextPhase ...)
        # with (meta (noRepeat)): the positions a move may not recreate (see Game)
        self.positions: set[int] | None = None
        # Ludii's state values: (counter), (var), (is Triggered ...) (a bit per player),
        # (set Pending ...) (cleared when the next move starts), (value Player ...)
        self.counter = -1
        self.temp = -1
        self.triggered = 0
        self.pending: tuple[int, ...] = ()
        self.player_value: list[int] = [0] * (game.num_players + 1)
        # Ludii's per-player "stalemated" flags, a bit per player (bit p-1 for player p):
        # a player's flag is set when it passes with no legal move of its own and
        # cleared when it makes any other move; ``(no Moves Next)`` sets the next
        # player's from its moves; ``(no Moves <role>)`` reads them
        self.stalemated = 0
        self.dice = None
        self.pips = -1
        self.count: list[int] | None = None  # per site, in games with counts
        # per site, the pieces under the top one (bottom first), in games with stacks
        self.stack: list[tuple[int, ...]] | None = None
        # per site, the state value of the piece there, in games whose pieces have one
        self.site_state: list[int] | None = None
        # the origin and destination of the last action of the last move, its
        # consequences included (Ludii's (last From/To afterConsequence:True)): the
        # move's own sites, then those of each effect that moves, sows, sets or takes
        self.after_frm = self.after_to = -1
        # in a game of 3+ players, who has left it (a bit per player: it won or lost and
        # the turn passes over it) and the ranks given so far (``runtime.standing``)
        self.inactive = 0
        self.standing = None
        # the board's occupancy as integers, kept for the listings that read it so
        # (None until one asks, and whenever a writer of ``what`` does not keep it up to
        # date: see ``ludeme.runtime.occupancy``)
        self.occ: int | None = None
        self.placed: list[int] | None = None

    # -- the API -----------------------------------------------------------------------
    def current_player(self) -> int:
        """The player to move, 1-based (P1 is 1). Like every query of the State API it is a
        method, as in OpenSpiel: `state.current_player()`, `state.legal_moves()`."""
        return self.mover

    def legal_moves(self) -> list[Move]:
        """The moves the player to move may make (empty when the game is over, and at a
        chance node, where the dice are rolled first)."""
        if self._moves is None:
            dice = self.dice
            if self.outcome is not None:
                self._moves = []
            elif dice is not None:
                self._moves = self._dice_moves(dice)
            else:
                # end rules ask for the next player's moves from their own context: keep it
                who, nxt = self.who, self.nxt
                moves = listed_in_context(self)
                self.who = who
                self.nxt = nxt
                return moves
        return self._moves

    def _dice_moves(self, dice) -> list[Move]:
        """The legal moves in a game with dice: none while a roll is due, and the rules
        may find, while generating, that one is (``(do (roll) next:...)``)."""
        if dice.pending:
            return []
        who, nxt = self.who, self.nxt
        self.who = self.mover
        self.nxt = self.game.next_of[self.mover] if not self.inactive \
            else next_active(self, self.mover)
        dice.live = True
        try:
            moves = self.game.phases[self.phase].generate(self)
        finally:
            dice.live = False
            self.who, self.nxt = who, nxt
        if dice.pending:
            return []
        return moves if moves else [self.game.auto_pass_move]

    # -- chance ------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        """Whether the dice must be rolled before the player to move chooses."""
        dice = self.dice
        if dice is None or self.outcome is not None:
            return False
        if self._moves is None:
            self.legal_moves()
        return dice.pending

    def chance_outcomes(self) -> list[tuple[tuple[int, ...], float]]:
        """At a chance node, every roll (the face of each die, in Ludii's order of the
        dice) with its probability; empty elsewhere."""
        if not self.is_chance_node():
            return []
        return self.game.dice.outcomes()

    def apply_chance(self, roll: tuple[int, ...] | list[int]) -> None:
        """Roll the dice to show ``roll`` (one face per die) at a chance node."""
        from ludeme.errors import LudemeError

        if not self.is_chance_node():
            raise LudemeError("no roll is due here: the position is not a chance node")
        spec = self.game.dice
        roll = tuple(roll)
        if len(roll) != spec.count or any(v not in f for v, f in zip(roll, spec.faces, strict=True)):
            raise LudemeError(f"{list(roll)} is not a roll of these dice",
                              hint="one face per die: " + "; ".join(
                                  "{" + " ".join(map(str, f)) + "}" for f in spec.faces))
        self._roll(roll)

    def _roll(self, roll: tuple[int, ...]) -> None:
        """``apply_chance`` of a roll known to be one of these dice's, at a chance node."""
        dice = self.dice
        after = dice.after
        set_dice(self, roll)
        dice.after = ()
        dice.log = (self.ply, roll, dice.log)
        dice.count += 1
        if after:
            dice.live = True
            try:
                for effect, who, nxt in after:
                    self.who, self.nxt = who, nxt
                    effect(self)
            finally:
                dice.live = False
                self.who = self.mover
                self.nxt = self.game.next_of[self.mover] if not self.inactive \
                    else next_active(self, self.mover)
        self._moves = None

    def sample_chance(self, rng) -> tuple[int, ...]:
        """At a chance node, roll the dice with ``rng`` (a ``random.Random``); returns
        the roll."""
        from ludeme.errors import LudemeError

        if not self.is_chance_node():
            raise LudemeError("no roll is due here: the position is not a chance node")
        roll = self.game.dice.sample(rng)  # a roll of these dice: no need to check it
        self._roll(roll)
        return roll

    def settle(self, rng) -> None:
        """Roll the dice with ``rng`` as long as the position is a chance node, so that
        the player to move can choose (or the game is over)."""
        while self.is_chance_node():
            self.sample_chance(rng)

    def rolls(self) -> list[tuple[int, tuple[int, ...]]]:
        """Every roll of the game so far, oldest first: (ply, the faces)."""
        return self.dice.rolls() if self.dice is not None else []

    def apply(self, move: Move) -> None:
        """Play ``move`` (which must be legal) in place."""
        self.game.play(self, move)

    def clone(self) -> State:
        c = self._copy()
        c.history = self.history[:]
        c.hashes = self.hashes[:]
        c.positions = self.positions.copy() if self.positions is not None else None
        return c

    def probe(self) -> State:
        """A copy of the position for trying a move out (its action and consequences,
        not the turn): it shares this state's history and records, so whoever uses it
        must take off what it appends and drop it before this state changes."""
        c = self._copy()
        c.history = self.history
        c.hashes = self.hashes
        c.positions = self.positions
        return c

    def _copy(self) -> State:
        c = State.__new__(State)
        c.game = self.game
        c.what = self.what[:]
        c.occ = occ = self.occ
        c.placed = self.placed[:] if occ is not None else None
        c.rot = self.rot[:]
        c.count = self.count[:] if self.count is not None else None
        c.stack = self.stack[:] if self.stack is not None else None
        c.site_state = self.site_state[:] if self.site_state is not None else None
        c.hand = list(map(list.copy, self.hand))
        c.score = self.score[:]
        c.tally = list(map(list.copy, self.tally)) if self.tally else []
        c.mover = self.mover
        c.phase = self.phase
        c.player_phase = self.player_phase[:] if self.player_phase is not None else None
        c.order_pos = self.order_pos
        c.ply = self.ply
        c.hash = self.hash
        c.outcome = self.outcome
        c.who = self.who
        c.nxt = self.nxt
        c.frm = c.to = c.between = c.site = -1
        c.level = 0
        c.prev_mover = self.prev_mover
        c.counter = self.counter
        c.temp = self.temp
        c.triggered = self.triggered
        c.pending = self.pending
        c.player_value = self.player_value[:]
        c.stalemated = self.stalemated
        c.after_frm, c.after_to = self.after_frm, self.after_to
        c.inactive, c.standing = self.inactive, self.standing
        c._moves = self._moves
        c.dice = self.dice.copy() if self.dice is not None else None
        c.pips = -1
        aux = self.aux
        c.aux = self.game.copy_aux(aux) if aux else aux
        return c

    def child(self, move: Move) -> State:
        """A copy of this state with ``move`` played."""
        c = self.clone()
        c.apply(move)
        return c

    def is_terminal(self) -> bool:
        if self.outcome is None and not self.legal_moves() and not self.is_chance_node():
            self.outcome = self.game.draw  # never reached: a stuck player passes
        return self.outcome is not None

    def returns(self) -> list[float]:
        """Per player (P1 first): 1 for a win, -1 for a loss, 0 for a draw or a game not over."""
        if not self.is_terminal():
            return [0.0] * self.game.num_players
        return list(self.outcome[1:])

    def scores(self) -> list[int]:
        """Per-player scores (P1 first)."""
        return self.game.final_scores(self)

    def winners(self) -> list[int]:
        """The players ranked first once the game is over: those with the best return,
        when it is positive (with 3+ players a second rank has a positive return too)."""
        returns = self.returns()
        best = max(returns, default=0.0)
        return [p for p, r in enumerate(returns, start=1) if r == best] if best > 0 else []

    def repetitions(self) -> int:
        """How many times the current position (pieces, hands and side to move) has
        occurred, the starting position counting as the first occurrence of its own
        (``ludeme play`` warns when it is 2). The record is kept for games with a
        repetition rule (``is Repeat``); for the others this is 0."""
        return self.hashes.count(self.hash)

    def board(self) -> dict[str, str]:
        """Occupied sites by label -> piece name with owner (``"King2"``)."""
        g = self.game
        return {g.board.labels[s]: g.pieces.names[p] for s, p in enumerate(self.what) if p}

    def move_to_string(self, move: Move) -> str:
        return self.game.notation.format(self, move)

    def parse_move(self, text: str) -> Move:
        return self.game.notation.parse(self, text)

    def __str__(self) -> str:
        from ludeme.render.text import render_text

        return render_text(self)
