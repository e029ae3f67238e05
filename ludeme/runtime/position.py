"""Putting pieces on the board by hand (for tests, puzzles and analysis), for any game.

``set_piece(state, "c3", "Defender2")`` changes one site of a state in place (None or
``"."`` empties it); ``position(game, {"d4": "King2", "d6": "Attacker1"}, mover=1)``
builds a state holding exactly those pieces; ``from_diagram(game, text, legend)`` reads
a board drawn as rows of symbols. The Zobrist hash stays consistent, cached moves and
outcome are dropped, and the repetition record starts again at the new position, which
counts as its first occurrence. ``ludeme.runtime.editing`` changes the rest of a state
(facing, hands, scores, turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludeme.errors import LudemeError, suggest

if TYPE_CHECKING:
    from ludeme.runtime.game import Game
    from ludeme.runtime.state import State


def piece_id(game: Game, name: str | None) -> int:
    """The id of a piece by its name (``"King2"``, or a shared piece's kind); 0 for None
    or ``"."`` (no piece)."""
    if name is None or name in ("", "."):
        return 0
    names = game.pieces.names
    if name in names[1:]:
        return names.index(name)
    raise LudemeError(f"no piece '{name}' in {game.name}",
                      hint=suggest(name, names[1:]) or "pieces: " + ", ".join(names[1:]))


def _restart(s: State) -> None:
    g = s.game
    s.occ = None  # the board was written: see runtime.occupancy
    s.who = s.mover
    s.nxt = g.next_of[s.mover]
    s.hash = g._full_hash(s)
    s.hashes = [s.hash] if g.track_repetition else []
    g.reset_positions(s)
    s.outcome = None
    s._moves = None


def set_piece(state: State, label: str, piece: str | None) -> None:
    """Put ``piece`` on the site labelled ``label``, replacing what stood there (not
    turned); None or ``"."`` empties the site."""
    x = _site(state.game, label)
    state.what[x] = piece_id(state.game, piece)
    state.rot[x] = 0
    if state.count is not None:
        state.count[x] = 1 if state.what[x] else 0
    if state.stack is not None:
        state.stack[x] = ()  # the piece replaces the whole pile
    if state.site_state is not None:
        state.site_state[x] = 0
    _restart(state)


def _site(game: Game, label: str) -> int:
    """The site labelled ``label``: a site of the board's main type, else of another
    type in use (an edge "b3-c3" on a board of cells)."""
    board = game.board
    for t in (board.default_type, *board.use):
        x = board.index[t].get(label.lower())
        if x is not None:
            return x
    return board.site(label)  # the error, with the main type


def position(game: Game, pieces: dict[str, str], mover: int = 1, ply: int = 0) -> State:
    """A state of ``game`` with exactly ``pieces`` (label -> piece name; a label of any
    site type in use) on the board,
    ``mover`` to play, ``ply`` moves counted as already played and no history."""
    if not 1 <= mover <= game.num_players:
        raise LudemeError(f"player {mover} does not exist in {game.name}")
    s = game.new_initial_state()
    n = game.board.n_sites
    s.what = [0] * n
    s.rot = [0] * n
    s.count = [0] * n if game.uses_counts else None
    s.stack = [()] * n if game.uses_stacks else None
    s.site_state = [0] * n if game.uses_site_state else None
    for label, name in pieces.items():
        x = _site(game, label)
        s.what[x] = piece_id(game, name)
        if s.count is not None and s.what[x]:
            s.count[x] = 1
    s.mover = mover
    s.ply = ply
    s.history = []
    _restart(s)
    return s


def from_diagram(game: Game, text: str, legend: dict[str, str], mover: int = 1,
                 ply: int = 0) -> State:
    """A state from a drawing of the board: one line per row, the top row first, one
    symbol per site separated by spaces (``.`` for an empty site); ``legend`` maps the
    other symbols to piece names. Blank lines and text after ``|`` are ignored."""
    board = game.board
    rows = board.rows[board.default_type]
    lines = [ln.split("|")[0].split() for ln in text.strip("\n").splitlines()]
    lines = [ln for ln in lines if ln]
    if len(lines) != len(rows):
        raise LudemeError(f"the diagram has {len(lines)} rows; the board has {len(rows)}")
    pieces: dict[str, str] = {}
    for symbols, row in zip(lines, reversed(rows), strict=True):
        sites = sorted(row, key=lambda x: board.coords[x][0])
        if len(symbols) != len(sites):
            raise LudemeError(f"diagram row '{' '.join(symbols)}' has {len(symbols)} "
                              f"sites; the board's row has {len(sites)}")
        for sym, x in zip(symbols, sites, strict=True):
            if sym == ".":
                continue
            if sym not in legend:
                raise LudemeError(f"symbol '{sym}' is not in the legend",
                                  hint="legend: " + ", ".join(legend))
            pieces[board.labels[x]] = legend[sym]
    return position(game, pieces, mover, ply)
