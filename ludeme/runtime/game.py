"""A compiled game: board tables, pieces, phases, end rules, and the turn logic."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ludeme.board import Board
from ludeme.runtime import occupancy
from ludeme.runtime.chance import DiceSpec
from ludeme.runtime.move import Move, move_again, no_action
from ludeme.runtime.standing import draw as standing_draw
from ludeme.runtime.standing import next_active
from ludeme.runtime.state import State, found_in_context, listed_in_context
from ludeme.runtime.written_turn import written_turn

#: counts below this have their hash keys tabled per site and piece (``count_rows``)
COUNT_ROWS = 256

#: ``Game.plain_turns`` writes the turn out as one generated function per game with only
#: the steps its rules can take (``written_turn``: the tests of what is fixed at compile
#: time, such as dice, an order of movers, the kind of end rule or ``(counter)``, asked
#: once, when the game is compiled); tests compare it with the method ``Game.play``.


@dataclass
class Phase:
    """A stage of play with its move generator and turn order.

    ``order``: the exact sequence of movers, played once, after which the next phase
    starts; ``None`` means players take turns in cycle until the game ends.
    ``skip_stuck``: a player with no legal move is passed over (the game ends only
    when nobody can move).
    """

    name: str
    generate: Callable[[State], list[Move]]
    order: tuple[int, ...] | None = None
    skip_stuck: bool = False
    #: Ludii's ``(nextPhase ...)`` rules, checked in order after each move: (player whose
    #: phase changes, or None for every player; condition; index of the phase to go to,
    #: or None for the one after this)
    next_phase: tuple[tuple[Callable | None, Callable, int | None], ...] = ()
    #: the player whose phase it is (Ludii's role of a phase); None: every player's
    owner: int | None = None
    #: ``reaches(state, site)``: whether one of the phase's moves goes to the site
    #: (Ludii's canMoveTo, which ``(is Threatened ...)`` asks); None: list the moves
    reaches: Callable[[State, int], bool] | None = None


@dataclass
class Pieces:
    """Piece ids (1-based) with their names, kinds and owners."""

    names: list[str] = field(default_factory=lambda: [""])       # "King2"
    kinds: list[str] = field(default_factory=lambda: [""])       # "King"
    owner: list[int] = field(default_factory=lambda: [0])
    symbol: list[str] = field(default_factory=lambda: [""])      # notation prefix
    kind_names: list[str] = field(default_factory=list)          # distinct kinds, in order
    value: list[int] = field(default_factory=lambda: [0])        # (value Piece at:...)
    facing: list[str] = field(default_factory=lambda: [""])      # "N", or "" for none

    def add(self, kind: str, owner: int, symbol: str = "", value: int = 0,
            facing: str = "") -> int:
        if kind not in self.kind_names:
            self.kind_names.append(kind)
        self.names.append(f"{kind}{owner}" if owner else kind)
        self.kinds.append(kind)
        self.owner.append(owner)
        self.symbol.append(symbol)
        self.value.append(value)
        self.facing.append(facing)
        return len(self.names) - 1

    def find(self, kind: str, owner: int) -> int:
        for pid in range(1, len(self.names)):
            if self.kinds[pid] == kind and self.owner[pid] == owner:
                return pid
        return 0

    def named(self, name: str) -> int:
        """The id of the piece named ``name`` ("King2"; a neutral piece also by Ludii's
        name for it, "Disc0"), else 0."""
        if name in self.names[1:]:
            return self.names.index(name)
        if name.endswith("0"):
            return self.find(name[:-1], 0)
        return 0

    def ids_of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(p for p in range(1, len(self.names)) if self.kinds[p] == kind)

    def kind_index(self, kind: str) -> int:
        return self.kind_names.index(kind)


class Game:
    """Everything compiled from one description with one choice of options."""

    def __init__(self, name: str, num_players: int, board: Board, pieces: Pieces):
        self.name = name
        self.num_players = num_players
        self.board = board
        self.pieces = pieces
        self.phases: list[Phase] = []
        self.start: list[Callable[[State], None]] = []
        self.end_rules: list[Callable[[State], tuple[float, ...] | None]] = []
        #: per phase, whether end rules are checked after a move in it (the game's or the
        #: phase's own): Ludii's draw when every player passed is one of them, so a
        #: phase without any never ends that way (None: every phase has them)
        self.ends_in_phase: tuple[bool, ...] | None = None
        self.score_fn: Callable[[State, int], int] | None = None
        self.tally_names: list[str] = []
        self.track_repetition = False
        # (meta (noRepeat)): a move may not recreate an earlier position (see ``repeats``)
        self.no_repeat = False
        #: the hands' sites, numbered after the board's (a ``HandLayout``; None before
        #: the equipment is compiled)
        self.hands = None
        #: whether sites hold counts of pieces (``state.count``), as mancala pits do
        self.uses_counts = False
        self._count_keys: list[list[int]] | None = None
        self._count_rows: dict[int, list[list[int]]] = {}  # see ``count_rows``
        #: whether sites hold stacks of pieces (``state.stack``), as Ludii's stacking games
        self.uses_stacks = False
        self._stack_keys: list[list[list[int]]] | None = None
        #: whether pieces on sites carry a state value (``state.site_state``), as
        #: Ludii's (piece ... state:) and (flip ...) use
        self.uses_site_state = False
        self._site_state_keys: list[list[int]] | None = None
        self.uses_next_phase = False  # some phase has (nextPhase ...): phases are per player
        self.next_of = tuple([0] + [p % num_players + 1 for p in range(1, num_players + 1)])
        # a draw is worth 0 to each player; a one-player game that ends undecided (stuck,
        # or out of moves) is lost, as Ludii's utilities rate it (rank 0: -1)
        self.draw = tuple([0.0] * (num_players + 1)) if num_players > 1 else (0.0, -1.0)
        self.options: dict[str, str] = {}
        self.metadata: dict = {}
        self.source_name = name
        self.heuristics: list[tuple[Callable[[State, int], float], float]] = []
        self.dice: DiceSpec | None = None  # the dice, in a game of chance
        self._first_state: State | None = None  # see new_initial_state
        # set by occupancy.read: new states start with it (see new_initial_state)
        self.reads_occupancy = False
        # (counter) or (set Counter) compiled: the turn counts moves only then
        self.reads_counter = False
        # what the compiler found legal but suspect (Diagnostics of severity "warning")
        self.warnings: list = []
        # incremental structures some ludemes keep on each state (see ``add_aux``)
        self.aux_init: list[Callable[[], object]] = []
        self.aux_copy: list[Callable[[object], object]] = []
        #: ``copy_aux(state.aux)``: a copy of a state's structures, each by its own copy
        self.copy_aux: Callable[[list], list] = list
        # what runs once a move's consequences are done, before the turn passes:
        # ``fn(state, player who moved)`` (removals put off to the end of the turn)
        self.after_move: list[Callable[[State, int], None]] = []
        # what runs once a move is over, end rules and phase changes included, with the
        # next mover chosen: ``fn(state, player who moved)`` (Ludii's turn bookkeeping)
        self.after_turn: list[Callable[[State, int], None]] = []
        # every generator's interned moves, for numbering them once (see ``interned_moves``)
        self.move_tables: list[Callable[[], Iterable[Move]]] = []
        rng = random.Random(0x1D0E)
        n_pieces = max(len(pieces.names), 2)
        self.zobrist = [[rng.getrandbits(64) for _ in range(n_pieces)] for _ in range(board.n_sites)]
        self.zobrist_rot = [[rng.getrandbits(64) for _ in range(9)] for _ in range(board.n_sites)]
        self.zobrist_mover = [rng.getrandbits(64) for _ in range(num_players + 1)]
        #: ``mover_change[a][b]``: the hash's change when the turn passes from a to b
        self.mover_change = [[ka ^ kb for kb in self.zobrist_mover] for ka in self.zobrist_mover]
        # hand counts are part of a position: one key per (player, kind, count mod 64)
        self.zobrist_hand = [[[rng.getrandbits(64) for _ in range(64)]
                              for _ in range(max(len(pieces.kind_names), 1))]
                             for _ in range(num_players + 1)]
        # Ludii's rule for a player with no legal move: it passes (the move is inserted);
        # once every player has passed in a row, the game ends in a draw
        # (interned last, by compile_game, so that it does not renumber the others)
        self.auto_pass_move = Move("pass", -1, -1, 0, 0, no_action)
        # the swap rule, (meta (swap)): one more move on the game's ply ``swap_ply``
        self.swap_move: Move | None = None
        self.swap_ply = -1
        from ludeme.runtime.notation import Notation

        self.notation = Notation(self)

    def add_aux(self, init: Callable[[], object], copy: Callable[[object], object]) -> int:
        """Reserve a slot in every state for a ludeme's incremental structure (a cache it
        can always rebuild from the position); returns its index in ``state.aux``."""
        self.aux_init.append(init)
        self.aux_copy.append(copy)
        copies = tuple(self.aux_copy)
        if len(copies) == 1:
            only = copies[0]
            self.copy_aux = lambda aux: [only(aux[0])]
        else:
            self.copy_aux = lambda aux: [f(a) for f, a in zip(copies, aux, strict=True)]
        return len(self.aux_init) - 1

    def intern_moves(self, table: Callable[[], Iterable[Move]]) -> None:
        """Register a generator's interned moves: ``table()`` yields every move it can
        generate (building any table it makes lazily)."""
        self.move_tables.append(table)

    def interned_moves(self) -> list[Move]:
        """Every move object any generator of the game can produce, in a fixed order (the
        generators' order, then their tables'). Equal moves made by different generators
        are distinct objects and all appear. Front ends number these once to get a
        stable action space (``ludeme.interop``)."""
        seen: dict[int, Move] = {}
        for table in self.move_tables:
            for m in table():
                seen.setdefault(id(m), m)
        return list(seen.values())

    # -- states ------------------------------------------------------------------------
    def initial_phases(self) -> list[int]:
        """Each player's first phase, as Ludii starts them: the first phase that is the
        player's own or every player's (index 0 for the unused player 0)."""
        out = [0] * (self.num_players + 1)
        for p in range(1, self.num_players + 1):
            out[p] = next((i for i, ph in enumerate(self.phases) if ph.owner in (None, p)), 0)
        return out

    def new_initial_state(self) -> State:
        """The position the start rules make, the player to move in it (a stuck first
        player passed over where its phase says so). The start rules are deterministic
        (a roll at the start makes a chance node, rolled later): they run once, and each
        new state is a copy of that position. That position has its moves listed, and
        its occupancy made once any rule of the game has read the board as bits
        (``occupancy.read``), so that no new state lists or reads them again."""
        first = self._first_state
        if first is None:
            first = self._first_state = self._fresh_initial_state()
            if first.dice is None:
                first.legal_moves()  # (with dice the start is a roll, not a decision)
        if first.occ is None and self.reads_occupancy:
            occupancy.read(first)
        s = first.clone()
        if s._moves is not None:
            s._moves = list(s._moves)  # each state its own list (an agent may reorder it)
        return s

    def _fresh_initial_state(self) -> State:
        s = self.start_position()
        self._skip_stuck(s)
        return s

    def start_position(self) -> State:
        """The position the start rules make, before anything is asked of it (a stuck
        first player has not passed yet): ``new_initial_state`` without that step, for
        the rules that read where pieces started (``(sites Start ...)``)."""
        s = State(self)
        s.aux = [init() for init in self.aux_init]
        n = self.board.n_sites
        s.what = [0] * n
        s.rot = [0] * n
        s.count = [0] * n if self.uses_counts else None
        s.stack = [()] * n if self.uses_stacks else None
        s.site_state = [0] * n if self.uses_site_state else None
        s.hand = [[0] * len(self.pieces.kind_names) for _ in range(self.num_players + 1)]
        s.score = [0] * (self.num_players + 1)
        s.tally = [[0] * (self.num_players + 1) for _ in self.tally_names]
        s.phase = 0
        s.player_phase = self.initial_phases() if self.uses_next_phase else None
        s.order_pos = 0
        s.ply = 0
        first = self.phases[0].order
        s.mover = first[0] if first else 1
        s.who = s.mover
        s.nxt = self.next_of[s.mover]
        if s.player_phase is not None:
            s.phase = s.player_phase[s.mover]
        s.hash = 0
        if self.dice is not None:
            s.dice = self.dice.initial()
            s.dice.live = True  # a (roll) among the start rules: the game opens with it
        for effect in self.start:
            effect(s)
        if s.dice is not None:
            s.dice.live = False
        s.hash = self._full_hash(s)
        s.hashes = [s.hash] if self.track_repetition else []
        self.reset_positions(s)
        s.who = s.mover
        return s

    # -- (noRepeat) --------------------------------------------------------------------
    def position_hash(self, s: State) -> int:
        """The hash of the pieces on the board and in the hands, without the player to
        move (Ludii's state hash, which ``(noRepeat)`` compares)."""
        return s.hash ^ self.zobrist_mover[s.mover]

    def reset_positions(self, s: State) -> None:
        """Start the record of positions ``(noRepeat)`` forbids from ``s`` alone."""
        s.positions = {self.position_hash(s)} if self.no_repeat else None

    def repeats(self, s: State, m: Move) -> bool:
        """Whether ``m`` would recreate a recorded position (a pass never does, nor the
        swap rule's move: it changes which side each player has, which Ludii's state
        hash records): its action and consequences are tried on a copy, as Ludii does."""
        if m.kind == "pass" or m is self.swap_move:
            return False
        t = s.probe()
        t.who = s.mover
        t.nxt = self.next_of[s.mover]
        t.frm, t.to = m.frm, m.to
        m.act(t, m)
        t.history.append(m)
        t.ply += 1
        try:
            if m.then is not None:
                m.then(t)
        finally:
            t.history.pop()
        return self.position_hash(t) in s.positions

    def _full_hash(self, s: State) -> int:
        h = self.zobrist_mover[s.mover]
        z, zr = self.zobrist, self.zobrist_rot
        for site, p in enumerate(s.what):
            if p:
                h ^= z[site][p]
                if s.rot[site]:
                    h ^= zr[site][s.rot[site]]
        for p, held in enumerate(s.hand):
            for k, count in enumerate(held):
                if count:
                    h ^= self.zobrist_hand[p][k][count & 63]
        if s.dice is not None:
            h ^= self.dice.key(s.dice)
        if s.count is not None:
            zc = self.count_keys
            for site, n in enumerate(s.count):
                if n > 1 and s.what[site]:
                    h ^= zc[site][n & 127]
        if s.stack is not None:
            zs = self.stack_keys
            for site, below in enumerate(s.stack):
                for level, p in enumerate(below):
                    h ^= zs[site][level & 63][p]
        if s.site_state is not None:
            zs = self.site_state_keys
            for site, v in enumerate(s.site_state):
                if v:
                    h ^= zs[site][v & 127]
        return h

    @property
    def stack_keys(self) -> list[list[list[int]]]:
        """Zobrist keys of the pieces under the top of a stack
        (``stack_keys[x][level & 63][piece]``); the top piece is hashed as a piece alone
        on its site, so a stack of one hashes as in games without stacks."""
        if self._stack_keys is None:
            rng = random.Random(0x57AC)
            n_pieces = max(len(self.pieces.names), 2)
            self._stack_keys = [[[rng.getrandbits(64) for _ in range(n_pieces)]
                                 for _ in range(64)] for _ in range(self.board.n_sites)]
        return self._stack_keys

    def push_piece(self, s: State, x: int, p: int) -> None:
        """Put piece ``p`` on top of the stack at site ``x``, keeping the hash."""
        w = s.what
        old = w[x]
        h = s.hash ^ self.zobrist[x][p]
        if old:
            below = s.stack[x]
            h ^= self.zobrist[x][old] ^ self.stack_keys[x][len(below) & 63][old]
            s.stack[x] = (*below, old)
        w[x] = p
        s.hash = h
        s.occ = None  # runtime.occupancy: not kept here

    def pop_piece(self, s: State, x: int) -> None:
        """Take the top piece off the stack at site ``x``, keeping the hash."""
        w = s.what
        old = w[x]
        if not old:
            return
        h = s.hash ^ self.zobrist[x][old]
        below = s.stack[x]
        if below:
            top = below[-1]
            h ^= self.zobrist[x][top] ^ self.stack_keys[x][(len(below) - 1) & 63][top]
            s.stack[x] = below[:-1]
            w[x] = top
        else:
            w[x] = 0
            r = s.rot[x]
            if r:
                h ^= self.zobrist_rot[x][r]
                s.rot[x] = 0
        s.hash = h
        s.occ = None  # runtime.occupancy: not kept here

    def move_top(self, s: State, frm: int, to: int) -> None:
        """Take the top piece of the stack at ``frm`` onto the top of the stack at ``to``
        (Ludii's move of one level in a stacking game: what stands at ``to`` stays
        under it)."""
        p = s.what[frm]
        if p and frm != to:
            self.pop_piece(s, frm)
            self.push_piece(s, to, p)

    def move_level(self, s: State, frm: int, level: int, to: int) -> None:
        """Take the piece at ``level`` of the stack at ``frm`` (0 the bottom) onto the top
        of the stack at ``to``; the pieces above it come down one level (Ludii's move
        with ``(from ... level:)``)."""
        below = s.stack[frm]
        top = len(below)
        if not s.what[frm] or frm == to or not 0 <= level <= top:
            return
        if level == top:
            self.move_top(s, frm, to)
            return
        pieces = (*below, s.what[frm])
        for _ in pieces:
            self.pop_piece(s, frm)
        for i, p in enumerate(pieces):
            if i != level:
                self.push_piece(s, frm, p)
        self.push_piece(s, to, pieces[level])

    def move_stack(self, s: State, frm: int, to: int) -> None:
        """Move the whole stack at ``frm`` onto the top of the stack at ``to``, keeping its
        order (Ludii's ``stack:True`` moves)."""
        if frm == to or not s.what[frm]:
            return
        pieces = (*s.stack[frm], s.what[frm])
        for _ in pieces:
            self.pop_piece(s, frm)
        for p in pieces:
            self.push_piece(s, to, p)

    @property
    def site_state_keys(self) -> list[list[int]]:
        """Zobrist keys of the state values of sites (``[x][v & 127]``); state 0 has
        none, so a game whose pieces never take a state hashes as without states."""
        if self._site_state_keys is None:
            rng = random.Random(0x57A7E)
            self._site_state_keys = [[rng.getrandbits(64) for _ in range(128)]
                                     for _ in range(self.board.n_sites)]
        return self._site_state_keys

    def set_site_state(self, s: State, x: int, v: int) -> None:
        """Give site ``x`` the state value ``v``, keeping the hash."""
        st = s.site_state
        old = st[x]
        if old == v:
            return
        keys = (self._site_state_keys or self.site_state_keys)[x]  # no property call
        s.hash ^= (keys[old & 127] if old else 0) ^ (keys[v & 127] if v else 0)
        st[x] = v

    @property
    def count_keys(self) -> list[list[int]]:
        """Zobrist keys of counts above one per site (``count_keys[x][n & 127]``); a site
        holding one piece is hashed by its piece alone, as in games without counts."""
        if self._count_keys is None:
            rng = random.Random(0xC0C0)
            self._count_keys = [[rng.getrandbits(64) for _ in range(128)]
                                for _ in range(self.board.n_sites)]
        return self._count_keys

    def count_hash(self, x: int, p: int, n: int) -> int:
        """The hash of site ``x`` holding ``n`` pieces ``p`` (0 for none): the piece's
        key, and for more than one the count's (``count_keys``)."""
        if n <= 0 or not p:
            return 0
        return self.zobrist[x][p] ^ self.count_keys[x][n & 127] if n > 1 else self.zobrist[x][p]

    def count_rows(self, p: int) -> list[list[int]]:
        """Per site ``x``, ``count_hash(x, p, n)`` for each ``n`` below ``COUNT_ROWS``,
        tabled once per piece: a change of count is then two look-ups."""
        rows = self._count_rows.get(p)
        if rows is None:
            rows = self._count_rows[p] = [
                [self.count_hash(x, p, n) for n in range(COUNT_ROWS)]
                for x in range(self.board.n_sites)]
        return rows

    def set_count(self, s: State, x: int, n: int, piece: int = 0) -> None:
        """Make site ``x`` hold ``n`` pieces (of ``piece``, or of what stands there, or
        of the first piece of the equipment), keeping the hash; 0 empties it."""
        w, cnt = s.what, s.count
        s.occ = None  # runtime.occupancy: not kept here
        old_p = w[x]
        old_n = (cnt[x] or 1) if old_p else 0
        if n > 0:
            p = piece or old_p or 1
            w[x] = p
            cnt[x] = n
        else:
            p = n = 0
            w[x] = cnt[x] = 0
        if old_n < COUNT_ROWS and n < COUNT_ROWS and (old_p == p or not p or not old_p):
            # one piece's keys (emptied or filled: the other count is 0)
            q = p or old_p
            if q:
                row = self.count_rows(q)[x]
                s.hash ^= row[old_n] ^ row[n]
        else:
            s.hash ^= self.count_hash(x, old_p, old_n) ^ self.count_hash(x, p, n)

    def clear_site(self, s: State, x: int) -> None:
        """Take the piece on site ``x`` off the board (a capture), keeping the hash."""
        w = s.what
        p = w[x]
        if p:
            if s.count is not None:
                self.set_count(s, x, 0)
                return
            if s.stack is not None:
                self.pop_piece(s, x)
                return
            w[x] = 0
            if s.occ is not None:
                occupancy.cleared(s, x, p)
            h = s.hash ^ self.zobrist[x][p]
            r = s.rot[x]
            if r:
                h ^= self.zobrist_rot[x][r]
                s.rot[x] = 0
            s.hash = h
            if s.site_state is not None:
                self.set_site_state(s, x, 0)

    def change_hand(self, s: State, player: int, kind: int, delta: int) -> None:
        """Add ``delta`` pieces of kind index ``kind`` to a hand, keeping the hash."""
        held = s.hand[player]
        old = held[kind]
        held[kind] = old + delta
        keys = self.zobrist_hand[player][kind]
        s.hash ^= (keys[old & 63] if old else 0) ^ (keys[(old + delta) & 63] if old + delta else 0)

    # -- the turn ----------------------------------------------------------------------
    def play(self, s: State, m: Move) -> None:
        who = s.mover
        following = self.next_of[who] if not s.inactive else next_active(s, who)
        s.who = who
        s.nxt = following
        # the consequences may note later sites (after_frm, after_to)
        s.frm = s.after_frm = frm = m.frm
        s.to = s.after_to = m.to
        if s.pending:
            s.pending = ()  # as in Ludii, what was pending lasts until the next move
        # Ludii's stalemate flag of the mover: cleared when its moves are listed, set
        # when it passes having no other move (the pass Ludii inserts)
        if m is self.auto_pass_move:
            s.stalemated |= 1 << (who - 1)
        elif s.stalemated:
            s.stalemated &= ~(1 << (who - 1))
        dice = s.dice
        if dice is not None:
            if dice.rolled:  # a move is played: the next decision needs its own roll
                dice.rolled = False
                s.hash ^= self.dice.zobrist_rolled
            dice.live = True  # a (roll) among the consequences makes a chance node
        act = m.act
        if act is not no_action:
            act(s, m)
        # the move is history before its consequences run: (last To) in a then: effect
        # is this move's destination, and (count Moves) counts it, as in Ludii (its trial
        # stores the move before the consequences)
        s.history.append(m)
        s.ply += 1
        then = m.then
        if then is not None:
            then(s)
        after = self.after_move
        if after:
            for fn in after:
                fn(s, who)
        if dice is not None:
            dice.live = False
        s._moves = None
        nxt = s.nxt
        phase = self.phases[s.phase]
        if nxt == who != following:
            pass  # (moveAgain) made the mover the next player: the same player moves again
        elif phase.order is None and not phase.skip_stuck:
            # players in turn: the common case, without calls
            if nxt == following or nxt <= 0:
                nxt = following
            # else (set NextPlayer ...) named another player
            s.mover = nxt
            if nxt != who:
                s.hash ^= self.mover_change[who][nxt]
        else:
            self._advance(s)
        if self.track_repetition:
            s.hashes.append(s.hash)
        if s.positions is not None and who != s.prev_mover:
            # as in Ludii, the position after a player's first move of a turn is recorded
            s.positions.add(s.hash ^ self.zobrist_mover[s.mover])
        if s.player_phase is not None and s.phase != s.player_phase[s.mover]:
            # the next player's moves (``(no Moves Next)``) are those of its own phase
            s.phase = s.player_phase[s.mover]
            s._moves = None
        rules = self.end_rules
        if rules:
            s.who = who
            s.nxt = s.mover
            for rule in rules:
                out = rule(s)
                if out is not None:
                    s.outcome = out
                    s._moves = []
                    break
            s.who = s.mover
        if self.reads_counter:
            # Ludii's (counter): moves since the last (set Counter), counted only in a
            # game whose rules read or set it; in the others it stays as the start left it
            s.counter += 1
        # (Ludii has no such draw in a game with dice: they are a hand, see requiresAllPass)
        if frm < 0 and m.kind == "pass" and s.outcome is None and s.dice is None and \
                self._ends_checked(s, who) and self._all_passed(s):
            # every player passed in a row: Ludii's draw (with 3+ players, the ranks
            # given so far stand)
            s.outcome = self.draw if self.num_players < 3 else standing_draw(s)
            s._moves = []
        if s.player_phase is not None and s.outcome is None:
            self._next_phases(s, who)
        after = self.after_turn
        if after:
            for fn in after:
                fn(s, who)
        # the previous mover changes once the move is over, end rules included, as in
        # Ludii: during the consequences and end rules it is the one before this move
        s.prev_mover = who

    def plain_turns(self) -> Callable[[State, Move], None] | None:
        """``play`` for a game that needs none of its rarer steps, or None: no steps
        after a move or a turn, no record of positions for ``(noRepeat)``, no
        phase per player, at most one end rule. What it does is ``play`` without those
        steps' tests, written out as one generated function for the game
        (``runtime.written_turn``); ``compile_game`` installs it as the game's ``play``. In a game with dice it takes the dice's
        steps, and never the draw when every player passed (which Ludii has only without
        dice). In a game whose phases have an order of movers or pass over a stuck
        player (without dice) it takes ``Game._advance``'s and ``_skip_stuck``'s steps.

        A lone end rule ``(if <test> <result>)`` has its test asked here; when that test
        is ``(no Moves Next)`` in a game without dice or swap rule, the turn lists the
        next player's moves itself and keeps them for the next decision, and asks the
        rule only when they are none. A move whose consequence is ``(moveAgain)`` alone
        has it made here, without its call."""
        dice_spec = self.dice
        # phases with an order of movers or passing over a stuck player: the turn takes
        # Game._advance's and Game._skip_stuck's steps (not with dice)
        ordered = any(ph.order is not None or ph.skip_stuck for ph in self.phases)
        if ordered and dice_spec is not None or \
                self.after_move or self.after_turn or \
                self.no_repeat or self.uses_next_phase or \
                len(self.end_rules) > 1:
            return None
        next_of, mover_change = self.next_of, self.mover_change
        auto_pass = self.auto_pass_move
        end_rule = self.end_rules[0] if self.end_rules else None
        track = self.track_repetition
        ends_checked, all_passed = self._ends_checked, self._all_passed
        game = self
        # a game with dice takes the dice's two steps (cheap tests of a constant here)
        dice_game = dice_spec is not None
        rolled_key = dice_spec.zobrist_rolled if dice_game else 0
        orders = tuple(ph.order for ph in self.phases)
        skips = tuple(ph.skip_stuck for ph in self.phases)
        n_phases = len(orders)
        passes = range(self.num_players - 1)  # the most players _skip_stuck passes over
        # (no Moves Next) as the one end rule: the turn lists the next player's moves
        # (not where a stuck player is passed over: that lists them already)
        computing = self._next_listing(end_rule) if not ordered else None
        listing = computing is not None
        # a lone end rule's test and what it decides when the test holds: asked here
        # (None: the rule is called)
        end_test, end_decided = getattr(end_rule, "test_then", (None, None))
        # per phase, its generator for an even ply and for an odd one: the then and else
        # moves of an (if (is Even (count Moves)) ...) (``by_ply_parity``)
        by_parity = [getattr(ph.generate, "by_ply_parity", None) or (ph.generate,) * 2
                     for ph in self.phases]
        again = move_again
        # the ordered turn's pass over stuck players lists the next player's moves; when the
        # end rule is (no Moves Next) alone, they settle that test: when they are some, the
        # test (which would read the same kept moves and fail) is not asked, its one
        # effect, clearing the player's stalemate flag, made by the turn
        next_test_known = ordered and any(skips) and not track and \
            end_test is not None and \
            getattr(end_test, "lists_next", None) is not None
        # the pass over stuck players lists without putting the context back: the end
        # rule's test (always asked after it, or skipped with the turn's own context
        # set) sets its own
        # (the game is not over during the pass: its end rules come after)
        # a phase whose generator offers ``has_moves`` (``add_from_hand``'s) is asked
        # whether the next player has a move of its own without listing them
        # (``state.found_in_context``; ``_moves`` stays None)
        list_next = found_in_context(self) if next_test_known else State.legal_moves
        # players in turn, no order of movers: when the consequences left the next player
        # as the turn set it (the common case), the mover and its hash change are made
        # first, without the tests of a (moveAgain) or of a (set NextPlayer ...)
        plain_next = not ordered
        # Ludii's (counter) kept only when a rule reads or sets it (``Game.reads_counter``)
        counts = self.reads_counter
        return written_turn(
            dict(next_of=next_of, mover_change=mover_change, auto_pass=auto_pass,
                 end_rule=end_rule, ends_checked=ends_checked, all_passed=all_passed,
                 game=game, rolled_key=rolled_key, orders=orders, skips=skips,
                 n_phases=n_phases, passes=passes, computing=computing,
                 end_test=end_test, end_decided=end_decided, by_parity=by_parity,
                 again=again, list_next=list_next, listed_in_context=listed_in_context,
                 has_of=[getattr(ph.generate, "has_moves", None) for ph in self.phases]),
            dice_game=dice_game, ordered=ordered, plain_next=plain_next,
            listing=listing, end_test=end_test is not None,
            end_rule=end_rule is not None, counts=counts, track=track,
            next_test_known=next_test_known)

    def _next_listing(self, end_rule: Callable | None) -> list[bool] | None:
        """For ``plain_turns``: when the game's one end rule is ``(if (no Moves Next)
        ...)`` and nothing else changes how the next player's moves are listed (no dice,
        no swap rule; ``plain_turns`` has excluded the rest), the flag that test sets
        while it lists them (``structure.no_moves_next``); else None."""
        if end_rule is None or self.dice is not None or \
                self.swap_ply >= 0:
            return None
        test, _ = getattr(end_rule, "test_then", (None, None))
        return getattr(test, "lists_next", None)

    def stuck(self, s: State) -> bool:
        """Whether the player to move has no legal move of its own (its only move is the
        pass Ludii inserts)."""
        moves = s.legal_moves()
        if not moves and s.is_chance_node():
            return False  # the dice decide first
        return not moves or moves[0] is self.auto_pass_move

    def _ends_checked(self, s: State, who: int) -> bool:
        """Whether end rules are checked after ``who``'s move: the game has its own, or
        the phase ``who`` moved in has (Ludii evaluates that phase's and the game's)."""
        ends = self.ends_in_phase
        if ends is None:
            return True
        return ends[s.player_phase[who] if s.player_phase is not None else s.phase]

    def _all_passed(self, s: State) -> bool:
        """Whether the last move of each player was a pass, in a row (Ludii's "all
        passed", checked after a pass). In a one-player game that can pass by its own
        rules, ``(move Pass)``, only a pass the player was forced to make counts."""
        n = self.num_players
        h = s.history
        if n == 1:
            return h[-1] is self.auto_pass_move
        if len(h) < n:
            return False
        return all(m.kind == "pass" for m in h[-n:])

    def _next_phases(self, s: State, who: int) -> None:
        """Ludii's phase change: after the move (and the end rules), each player's
        current phase checks its ``(nextPhase ...)`` rules in order, in the context of
        the move just made; the first that applies to that player and holds moves that
        player to its phase. Moves are then generated from the mover's phase."""
        phases = s.player_phase
        s.who, s.nxt = who, s.mover
        n = len(self.phases)
        for p in range(1, self.num_players + 1):
            current = phases[p]
            for target_player, cond, target in self.phases[current].next_phase:
                if (target_player is None or target_player(s) == p) and cond(s):
                    phases[p] = (current + 1) % n if target is None else target
                    break
        s.who = s.mover
        if s.phase != phases[s.mover]:
            s.phase = phases[s.mover]
            s._moves = None
            self._skip_stuck(s)

    def _advance(self, s: State) -> None:
        old = s.mover
        phase = self.phases[s.phase]
        if phase.order is not None:
            s.order_pos += 1
            if s.order_pos < len(phase.order):
                s.mover = phase.order[s.order_pos]
            elif s.phase + 1 < len(self.phases):
                s.phase += 1
                if s.player_phase is not None:
                    s.player_phase[:] = [s.phase] * len(s.player_phase)
                s.order_pos = 0
                nxt = self.phases[s.phase].order
                s.mover = nxt[0] if nxt else self.next_of[old]
            else:
                s.order_pos = 0
                s.mover = phase.order[0]
        else:
            s.mover = self.next_of[old] if not s.inactive else next_active(s, old)
        if s.mover != old:
            zm = self.zobrist_mover
            s.hash ^= zm[old] ^ zm[s.mover]
        self._skip_stuck(s)

    def _skip_stuck(self, s: State) -> None:
        if not self.phases[s.phase].skip_stuck:
            return
        for _ in range(self.num_players - 1):
            if not self.stuck(s):
                return
            old = s.mover
            s.mover = self.next_of[old] if not s.inactive else next_active(s, old)
            s.hash ^= self.zobrist_mover[old] ^ self.zobrist_mover[s.mover]
            s._moves = None
        # nobody can move: the end rules, or the pass of each player in turn, decide

    # -- results -----------------------------------------------------------------------
    def final_scores(self, s: State) -> list[int]:
        if self.score_fn is None:
            return s.score[1:]
        return [self.score_fn(s, p) for p in range(1, self.num_players + 1)]

    def outcome_from_ranking(self, winners: list[int], losers: list[int] | None = None
                             ) -> tuple[float, ...]:
        """Winners get 1, everybody else -1 (or only ``losers`` get -1 when given)."""
        out = [0.0] * (self.num_players + 1)
        for p in range(1, self.num_players + 1):
            if p in winners:
                out[p] = 1.0
            elif losers is None or p in losers:
                out[p] = -1.0
        return tuple(out)

    def describe(self) -> str:
        return f"{self.name}: {self.num_players} players, {self.board.describe()}"
