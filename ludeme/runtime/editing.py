"""Editing a state beyond its pieces (see ``ludeme.runtime.position`` for those): which way
a piece points, what the hands hold, the scores, whose turn and which phase it is.

Each function edits in place, keeps the Zobrist hash consistent and drops the cached
legal moves and outcome, so that the state plays on from the edited position.

    set_piece(s, "c3", "Medium1")
    set_facing(s, "c3", "N")
    set_hand(s, 1, "Medium", 4)
    set_count(s, "c1", 5)
    set_score(s, 2, 0)
    set_turn(s, 2, phase="Grow")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludeme.board.graph import DIRECTIONS
from ludeme.errors import LudemeError, suggest

if TYPE_CHECKING:
    from ludeme.runtime.state import State


def _edited(s: State) -> None:
    g = s.game
    s.who = s.mover
    s.nxt = g.next_of[s.mover]
    s.hash = g._full_hash(s)
    if g.track_repetition:
        s.hashes = [s.hash]
    g.reset_positions(s)
    s.outcome = None
    s._moves = None


def _player(s: State, player: int, shared: bool = False) -> None:
    if not (0 if shared else 1) <= player <= s.game.num_players:
        raise LudemeError(f"player {player} does not exist in {s.game.name}")


def set_facing(s: State, label: str, direction: str | None) -> None:
    """Turn the piece on ``label`` towards ``direction`` (``"N"``, ``"SE"``...; None: not
    turned), as an oriented placement (``rotations:``) leaves it."""
    x = s.game.board.site(label)
    if direction is not None and not getattr(s.game, "turns_pieces", False):
        # (the turn written for such a game never reads directions: compile.moveacts)
        raise LudemeError(f"the pieces of {s.game.name} do not turn",
                          hint="only pieces placed with rotations: point somewhere")
    if direction is None:
        s.rot[x] = 0
    else:
        d = direction.upper()
        if d not in DIRECTIONS:
            raise LudemeError(f"'{direction}' is not a direction",
                              hint="one of " + " ".join(DIRECTIONS))
        if not s.what[x]:
            raise LudemeError(f"there is no piece on {label} to turn")
        s.rot[x] = DIRECTIONS.index(d) + 1
    _edited(s)


def set_hand(s: State, player: int, kind: str, count: int) -> None:
    """Set how many pieces of ``kind`` player ``player`` holds in hand (0: the shared
    hand)."""
    _player(s, player, shared=True)
    kinds = s.game.pieces.kind_names
    if kind not in kinds:
        raise LudemeError(f"no kind of piece '{kind}'", hint=suggest(kind, kinds))
    if count < 0:
        raise LudemeError("a hand cannot hold fewer than 0 pieces")
    s.hand[player][kinds.index(kind)] = count
    _edited(s)


def set_count(s: State, label: str, count: int, piece: str | None = None) -> None:
    """Make the site ``label`` hold ``count`` pieces (mancala seeds) of ``piece`` (by
    default what stands there, else the first piece of the equipment), in a game whose
    sites hold counts; 0 empties it."""
    from ludeme.runtime.position import piece_id

    g = s.game
    if s.count is None:
        raise LudemeError(f"the sites of {g.name} hold one piece each, not counts")
    if count < 0:
        raise LudemeError("a site cannot hold fewer than 0 pieces")
    x = g.board.site(label)
    g.set_count(s, x, count, piece_id(g, piece))
    _edited(s)


def set_score(s: State, player: int, value: int) -> None:
    """Set a player's score."""
    _player(s, player)
    s.score[player] = value
    _edited(s)


def set_turn(s: State, player: int, phase: str | None = None) -> None:
    """Make it ``player``'s turn, in the phase named ``phase`` when given (at the start of
    its order, for a phase with a fixed order)."""
    _player(s, player)
    g = s.game
    if phase is not None:
        names = [p.name for p in g.phases]
        if phase not in names:
            raise LudemeError(f"no phase '{phase}'", hint=suggest(phase, names))
        s.phase = names.index(phase)
        s.order_pos = 0
        if s.player_phase is not None:  # phases per player: this player's
            s.player_phase[player] = s.phase
    elif s.player_phase is not None:
        s.phase = s.player_phase[player]
    s.mover = player
    _edited(s)
