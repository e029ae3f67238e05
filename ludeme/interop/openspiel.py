"""Any description as an OpenSpiel game, through OpenSpiel's Python-game support.

    from ludeme.interop import openspiel as lo
    game = lo.load("hex", options=["Board Size/7x7"])      # a pyspiel.Game
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

A description is registered with ``pyspiel.register_game`` under the short name
``python_ludeme_<name>`` (``python_ludeme_tic_tac_toe``); each of its option
categories is a string parameter named after the category (``board_size=7x7``; an item
that reads as a number is quoted, ``move_limit='400'``), with ``ruleset`` and
``max_game_length`` besides. Once registered (``load`` or ``register``),
``pyspiel.load_game("python_ludeme_hex(board_size=9x9)")`` works too.

Players are numbered from 0 as OpenSpiel does (ludeme's P1 is player 0). Actions and
the observation tensor are described in ``ludeme.interop``; ``action_to_string`` is
ludeme's move notation and ``string_to_action`` parses it (any spelling ludeme accepts,
when called from Python). Information states are the action histories (OpenSpiel's
observer for perfect-information games), which is what CFR needs.

A description with dice is an explicitly stochastic game (``chance_mode`` is
``EXPLICIT_STOCHASTIC``): where the dice are rolled the current player is
``pyspiel.PlayerId.CHANCE`` and ``chance_outcomes()`` lists the rolls as (action,
probability), action k being the k-th roll of ``Game.dice.outcomes()``
(``action_to_string`` writes it ``roll 3 5``).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError('ludeme.interop.openspiel needs OpenSpiel: '
                      'pip install "ludeme[openspiel]"') from err

import ludeme
from ludeme.api import compile_description
from ludeme.errors import UsageError, suggest
from ludeme.interop import DEFAULT_MAX_GAME_LENGTH
from ludeme.interop.actions import ActionSpace, Legal, action_space
from ludeme.interop.observation import Observation
from ludeme.library import bundled, resolve
from ludeme.runtime.state import State

PREFIX = "python_ludeme_"
MAX_PLAYERS = 6   # (players n) allows 1 to 6
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)

# short name -> (the description as given, its option titles by parameter name)
_REGISTERED: dict[str, tuple[str, dict[str, str]]] = {}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def short_name(game: str | Path) -> str:
    """The OpenSpiel short name of a description: ``python_ludeme_<name>``."""
    return PREFIX + _slug(Path(str(game)).stem)


def _looks_typed(text: str) -> bool:
    """Whether OpenSpiel would read ``text`` in a game string as a number or a bool."""
    if text in ("True", "False", "true", "false"):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def _encode(item: str) -> str:
    return f"'{item}'" if _looks_typed(item) else item


def _decode(value: object) -> str:
    text = str(value)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def register(game: str | Path) -> str:
    """Register a description (a bundled name or a path) with OpenSpiel; returns its
    short name. Registering the same description again does nothing."""
    source = str(game) if str(game) in bundled() else str(resolve(game))
    name = short_name(game)
    known = _REGISTERED.get(name)
    if known is not None:
        if known[0] != source:
            raise UsageError(f"{name} is already registered for {known[0]}",
                             hint="rename one of the description files")
        return name
    desc = ludeme.load_description(source)
    # dice in the description (with its default options) make it a game of chance
    stochastic = compile_description(desc).dice is not None
    titles = {_slug(o.title): o.title for o in desc.options}
    params: dict[str, object] = {p: _encode(desc.chosen[t]) for p, t in titles.items()}
    params["ruleset"] = desc.ruleset or ""
    params["max_game_length"] = DEFAULT_MAX_GAME_LENGTH
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"ludeme {desc.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if stochastic
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params)
    # a class, not a closure: OpenSpiel keeps the creator until the process ends, and
    # a class (unlike a function) is not freed then, after Python has shut down
    creator = type(f"LudemeGame_{_slug(name)}", (LudemeGame,),
                   {"_source": source, "_game_type": game_type, "_titles": titles})
    pyspiel.register_game(game_type, creator)
    _REGISTERED[name] = (source, titles)
    return name


def load(game: str | Path, options: list[str] | tuple[str, ...] = (),
         ruleset: str | None = None, max_game_length: int | None = None) -> LudemeGame:
    """A description as a ``pyspiel.Game``: ``options`` as ludeme writes them
    (``["Board Size/7x7"]``), a ``ruleset`` by name, and the length at which a game
    that has not ended stops, drawn."""
    name = register(game)
    titles = _REGISTERED[name][1]
    by_title = {t: p for p, t in titles.items()}
    params: dict[str, object] = {}
    for choice in options:
        title, sep, item = choice.partition("/")
        if not sep or title not in by_title:
            raise UsageError(f"'{choice}' is not an option of {game}",
                             hint=suggest(title, list(by_title))
                             or "options are written 'Category/Item'")
        params[by_title[title]] = _encode(item)
    if ruleset is not None:
        params["ruleset"] = ruleset
    if max_game_length is not None:
        params["max_game_length"] = int(max_game_length)
    return pyspiel.load_game(name, params)


def _with_utility(t: pyspiel.GameType, utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=t.short_name, long_name=t.long_name, dynamics=t.dynamics,
        chance_mode=t.chance_mode, information=t.information, utility=utility,
        reward_model=t.reward_model, max_num_players=t.max_num_players,
        min_num_players=t.min_num_players,
        provides_information_state_string=t.provides_information_state_string,
        provides_information_state_tensor=t.provides_information_state_tensor,
        provides_observation_string=t.provides_observation_string,
        provides_observation_tensor=t.provides_observation_tensor,
        parameter_specification=t.parameter_specification)


class LudemeGame(pyspiel.Game):
    """A compiled ludeme game behind OpenSpiel's ``Game`` interface."""

    _source = ""
    _game_type: pyspiel.GameType
    _titles: dict[str, str] = {}

    def __init__(self, params: dict | None = None):
        source, game_type, titles = self._source, self._game_type, self._titles
        params = dict(params or {})
        spec = game_type.parameter_specification
        # only the choices that differ from the description's own, so that a ruleset
        # still applies to the categories it sets
        options = [f"{t}/{_decode(params[p])}" for p, t in titles.items()
                   if p in params and params[p] != spec[p]]
        ruleset = _decode(params.get("ruleset", "")) or None
        self.max_length = int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        if self.max_length < 1:
            raise UsageError("max_game_length must be at least 1")
        self.source = source
        self.ludeme_game = ludeme.load(source, options, ruleset)
        g = self.ludeme_game
        self.actions: ActionSpace = action_space(g)
        self.observation = Observation(g)
        n = g.num_players
        if n != 2:  # every winner gets 1 and everybody else -1: not zero-sum
            game_type = _with_utility(game_type, pyspiel.GameType.Utility.GENERAL_SUM)
        # the rolls of the dice, numbered: chance action k is rolls[k]
        self.rolls = [roll for roll, _ in g.dice.outcomes()] if g.dice is not None else []
        self.roll_index = {roll: k for k, roll in enumerate(self.rolls)}
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size, max_chance_outcomes=len(self.rolls),
            num_players=n,
            min_utility=-1.0, max_utility=1.0,
            # two players: a result is a win and a loss, or a draw
            utility_sum=0.0 if n == 2 else None,
            max_game_length=self.max_length)
        super().__init__(game_type, info, params)
        self._initial = g.new_initial_state()

    def __reduce__(self):
        return (_game_from_string, (self.source, str(self)))

    def new_initial_state(self, state=None) -> LudemeState:
        return LudemeState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return BoardObserver(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Position:
    """The Python side of a ``LudemeState``, the one attribute OpenSpiel copies when it
    clones a state and pickles when it serializes one.

    What OpenSpiel asks of a position on every move (whether it is over, who acts, the
    legal actions) is worked out once, when first asked (``look``), and forgotten when
    a move is made: a random playout through OpenSpiel then costs little more than one
    through ludeme's own API."""

    __slots__ = ("game", "space", "limit", "s", "player", "acts", "moves", "shared")

    def __init__(self, game: LudemeGame, s: State, shared: bool = False):
        self.game = game
        # the game's attributes used on every move, read once (the game is a C++ object)
        self.space = game.actions
        self.limit = game.max_length
        self.s = s
        self.player: int | None = None   # OpenSpiel's current player, once looked at
        # at a decision, once looked at: the legal moves and the action of each (as in
        # ``Legal``, kept here to spare making one on every move)
        self.acts: list[int] | None = None
        self.moves: list | None = None
        # a new state shares the game's initial position until its first move (OpenSpiel
        # clones a state by making a new one and replacing its position)
        self.shared = shared

    def __deepcopy__(self, memo) -> _Position:
        c = _Position.__new__(_Position)
        c.game, c.space, c.limit = self.game, self.space, self.limit
        c.s, c.player, c.shared = self.s.clone(), self.player, False
        c.acts, c.moves = self.acts, self.moves
        return c

    def own(self) -> State:
        """The position, to be changed: a copy of its own first if it is shared."""
        if self.shared:
            self.s = self.s.clone()
            self.shared = False
        return self.s

    def __reduce__(self):
        actions = [self.space.encode(m) for m in self.s.history]
        rolls = [roll for _, roll in self.s.rolls()]
        return (_restore, (self.game.source, str(self.game), actions, rolls))

    def look(self) -> int:
        """Work out who acts here (OpenSpiel's player id) and, at a decision, the legal
        actions; returns the player."""
        s = self.s
        if s.outcome is not None or s.ply >= self.limit:
            player = _TERMINAL
        elif s.dice is not None:
            if s.is_terminal():
                player = _TERMINAL
            elif s.is_chance_node():
                player = _CHANCE
            else:
                player = s.mover - 1
                self.moves = moves = s.legal_moves()
                self.acts = [m.index for m in moves]
        else:
            moves = s.legal_moves()
            if moves:
                player = s.mover - 1
                self.moves = moves
                self.acts = [m.index for m in moves]
            else:  # no move without dice: the game is over (is_terminal records it)
                s.is_terminal()
                player = _TERMINAL
        self.player = player
        return player

    def moved(self) -> None:
        """Forget what was known of the position before a move."""
        self.player = self.acts = self.moves = None

    def actions(self) -> Legal | None:
        """The legal actions at a decision (None elsewhere)."""
        if self.player is None:
            self.look()
        if self.acts is None:
            return None
        legal = Legal(self.space, self.moves, self.acts)
        if -1 in self.acts:
            legal.number()
            self.acts = legal.acts
        return legal


_GAMES: dict[str, LudemeGame] = {}


def _game_from_string(source: str, game_string: str) -> LudemeGame:
    """Unpickle a game: register its description, then load it by its game string."""
    register(source)
    game = _GAMES.get(game_string)
    if game is None:
        game = _GAMES[game_string] = pyspiel.load_game(game_string)
    return game


def _restore(source: str, game_string: str, actions: list[int],
             rolls: list[tuple[int, ...]] = ()) -> _Position:
    """Unpickle a position: load its game (registering the description) and replay,
    with the rolls where the dice were rolled."""
    game = _game_from_string(source, game_string)
    pos = _Position(game, game._initial.clone())
    left = list(rolls)[::-1]

    def roll() -> None:
        while left and pos.s.is_chance_node():
            pos.s.apply_chance(left.pop())

    for a in actions:
        roll()
        pos.s.apply(pos.actions().move(a))
        pos.moved()
    roll()
    return pos


class LudemeState(pyspiel.State):
    """A ludeme ``State`` behind OpenSpiel's ``State`` interface."""

    def __init__(self, game: LudemeGame):
        super().__init__(game)
        self._pos = _Position(game, game._initial, shared=True)

    @property
    def ludeme_state(self) -> State:
        """The ludeme state (read it, do not change it: OpenSpiel would not know, and a
        state that has not moved yet shares the game's initial position)."""
        return self._pos.s

    def current_player(self) -> int:
        pos = self._pos
        player = pos.player
        return player if player is not None else pos.look()

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's, answered in Python for Python callers (C++ callers reach
        ``_legal_actions``)."""
        pos = self._pos
        who = pos.player
        if who is None:
            who = pos.look()
        if player is not None and player != who:
            return []
        if who >= 0:
            ordered = sorted(pos.acts)
            if ordered[0] < 0:  # a move not numbered yet (-1) sorts first
                ordered = pos.actions().sorted_actions()
            return ordered
        if who == _CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a roll of the dice: (chance action, probability) for every roll."""
        pos = self._pos
        if self.current_player() != _CHANCE:
            return []
        index = pos.game.roll_index
        return [(index[roll], p) for roll, p in pos.s.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        pos = self._pos
        who = pos.player
        if who is None:
            who = pos.look()
        if who < 0:
            if who != _CHANCE:
                raise ValueError("the game is over: no action can be applied")
            rolls = pos.game.rolls
            if not 0 <= action < len(rolls):
                raise ValueError(f"chance action {action} is not a roll of these dice")
            pos.own().apply_chance(rolls[action])
            pos.moved()
            return
        try:
            move = pos.moves[pos.acts.index(action)]
        except ValueError:
            move = pos.actions().move(action)
            if move is None:
                raise ValueError(f"action {action} is not legal here") from None
        s = pos.s if not pos.shared else pos.own()
        s.game.play(s, move)   # State.apply's work, without its call
        # what OpenSpiel asks next (whether the game is over, who acts, the legal
        # actions), worked out now in the common case: look()'s work without its call
        if s.outcome is None and s.dice is None and s.ply < pos.limit:
            moves = s.legal_moves()
            if moves:
                pos.player = s.mover - 1
                pos.moves = moves
                pos.acts = [m.index for m in moves]
                return
        pos.player = pos.acts = pos.moves = None

    def _action_to_string(self, player: int, action: int) -> str:
        pos = self._pos
        if player == _CHANCE:
            rolls = pos.game.rolls
            return "roll " + " ".join(map(str, rolls[action])) if 0 <= action < len(rolls) \
                else f"roll #{action}"
        legal = pos.actions()
        move = legal.move(action) if legal is not None else None
        if move is not None:
            return pos.s.move_to_string(move)
        move = pos.space.examples[action]
        if move is None:
            return f"action {action}"   # a move with a die, not seen yet
        try:  # not legal here: its notation without this position's captures
            return pos.s.clone().move_to_string(move)
        except Exception:  # noqa: BLE001 - a move that cannot even be tried here
            return f"{move.kind} {move.frm} {move.to}"

    def string_to_action(self, *args) -> int:
        """A move in ludeme's notation (``string_to_action(text)`` or
        ``string_to_action(player, text)``), any spelling ludeme's parser accepts."""
        text = args[-1]
        return self._pos.space.encode(self._pos.s.parse_move(text))

    def is_terminal(self) -> bool:
        pos = self._pos
        player = pos.player
        return (player if player is not None else pos.look()) == _TERMINAL

    def returns(self) -> list[float]:
        pos = self._pos
        if pos.s.is_terminal():
            return pos.s.returns()
        return [0.0] * pos.s.game.num_players

    def __str__(self) -> str:
        return str(self._pos.s)


class BoardObserver:
    """OpenSpiel's observer protocol over ``ludeme.interop.Observation``."""

    def __init__(self, game: LudemeGame, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._obs = game.observation
        self.tensor = np.zeros(self._obs.shape[0] * self._obs.shape[1], np.float32)
        self.dict = {"observation": self.tensor.reshape(self._obs.shape)}

    def set_from(self, state: LudemeState, player: int) -> None:
        self._obs.write(state._pos.s, self.dict["observation"])

    def string_from(self, state: LudemeState, player: int) -> str:
        return str(state._pos.s)
