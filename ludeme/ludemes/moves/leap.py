"""Leaping along a walk: ``(move Leap ...)``, as in Ludii (the knight's
``{{F F R F} {F F L F}}``).

A walk is a list of steps: ``F`` one site forward, ``R``/``L`` a turn to the next
orthogonal direction clockwise/anticlockwise. Each walk is followed from every
orthogonal direction of the board, so the sites a leap reaches from each site are a
table built at compile time; the landing rule is folded into a table indexed by site
and piece when it reads only the site, its piece and the mover, as for ``(move Step
...)``.
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.moveparts import FROM, TO
from ludeme.lang import types as T
from ludeme.lang.checker import Lit, Seq
from ludeme.lang.registry import ludeme


def _walks(c: CompileContext, walk) -> list[tuple[str, ...]]:
    """The walks of ``{{F F R F} ...}`` (or one walk ``{F F R F}``) as tuples of steps."""
    if not isinstance(walk, Seq) or not walk.items:
        c.fail("a walk is a list of steps: {{F F R F} {F F L F}}")
    rows = walk.items if isinstance(walk.items[0], Seq) else [walk]
    out = []
    for row in rows:
        if not isinstance(row, Seq) or not all(isinstance(i, Lit) and i.value in ("F", "L", "R")
                                               for i in row.items):
            c.fail("each walk is a list of F, L and R: {F F R F}")
        out.append(tuple(i.value for i in row.items))
    return out


def walk_targets(board, walks: list[tuple[str, ...]], all_rotations: bool = True
                 ) -> list[tuple[int, ...]]:
    """Per site, the sites the walks end on (each once, in walk order), starting from
    each orthogonal direction of the board (only the first when not ``all_rotations``),
    as Ludii's ``(sites ... walk:)`` does."""
    ortho = board.directions["Orthogonal"]
    step = board.step["Orthogonal"]
    starts = ortho if all_rotations else ortho[:1]
    k = len(ortho)
    out = []
    for x in range(board.n_sites):
        ends: dict[int, None] = {}
        for first in starts:
            for walk in walks:
                at, d = x, ortho.index(first)
                for st in walk:
                    if st == "F":
                        at = step[ortho[d]][at]
                        if at < 0:
                            break
                    elif st == "R":
                        d = (d + 1) % k
                    else:
                        d = (d - 1) % k
                if at >= 0:
                    ends[at] = None
        out.append(tuple(ends))
    return out


@ludeme("leap", T.Moves, lazy=True, ludii="Ludii's other spelling of (move Leap ...).")
@ludeme("move Leap", T.Moves, lazy=True,
        ludii="forward: and rotations: must be True or False.")
def move_leap(c: CompileContext, from_: FROM = None, walk: T.ListOf(T.Any) = None,
              to: TO = None, *, forward: T.Bool = None, rotations: T.Bool = None,
              then: T.Effect = None):
    """Leap to the site a walk ends on, whatever lies between: ``(move Leap
    {{F F R F} {F F L F}} (to if:(not (is Friend (who at:(to))))))`` is a knight. Each walk
    is followed from every orthogonal direction (from the first only with
    ``rotations:False``). ``(to if:<cond>)`` is where the piece may land (any site
    without it); ``(to ... (apply <effect>))`` acts on the site reached before the piece
    lands; a piece standing there is taken. Inside a ``(piece ...)`` the leap starts from
    that piece; otherwise from every piece of the mover (or those of ``(from ...)``).
    ``then:`` runs after the move. With ``forward:True`` a piece that faces a direction
    (its owner's, ``(players {(player N) (player S)})``, or its own) only leaps to sites
    ahead of it, as Ludii has it: a row further that way for N or S, a column for E or W,
    both for a diagonal direction."""
    from ludeme.ludemes.moves.slide import make_move_act  # see hopping
    from ludeme.ludemes.moves.step import moves_to_targets

    if walk is None or to is None:
        c.fail("(move Leap ...) needs a walk and (to ...)",
               "e.g. (move Leap {{F F R F} {F F L F}} (to if:(is Empty (to))))")
    walks = _walks(c, walk)
    frm_part = c.compile(from_, FROM) if from_ is not None else None
    to = c.compile(to, TO)
    spin = True if rotations is None else c.compile(rotations, T.Cond).const
    if spin is None:
        c.fail("rotations: of (move Leap ...) must be True or False")
    then = c.compile(then, T.Effect) if then is not None else None
    board = c.require_board()
    targets = walk_targets(board, walks, bool(spin))
    rule = to.cond.fn if to.cond is not None else None
    base_act = make_move_act(c)
    act = base_act
    if to.apply is not None and to.apply.effect is not None:
        eff = to.apply.effect.fn
        when = to.apply.cond.fn if to.apply.cond is not None else None

        def act(s, m):  # noqa: F811 - the effect at the site reached, then the move
            s.to = m.to
            if when is None or when(s):
                eff(s)
            base_act(s, m)

    keep = None
    if forward is not None:
        ahead_only = c.compile(forward, T.Cond).const
        if ahead_only is None:
            c.fail("forward: of (move Leap ...) must be True or False")
        if ahead_only:
            keep = _ahead(c, board)
    return moves_to_targets(c, targets, rule, act, then, frm_part, keep)


#: for a facing, the signs a leap ahead must have in (rows, columns); 0: either way
_AHEAD = {"N": (1, 0), "NE": (1, 1), "E": (0, 1), "SE": (-1, 1), "S": (-1, 0),
          "SW": (-1, -1), "W": (0, -1), "NW": (1, -1)}


def _ahead(c: CompileContext, board):
    """``keep(pid, frm, x)``: whether site x is ahead of piece pid standing on frm (any
    site for a piece that faces no direction)."""
    rows, cols = board.row_of, board.col_of
    pieces = c.pieces

    def keep(pid: int, frm: int, x: int) -> bool:
        facing = c.player_facing.get(pieces.owner[pid]) or pieces.facing[pid]
        want = _AHEAD.get(facing)
        if want is None:
            return True
        dr, dc = want
        r, k = rows[x] - rows[frm], cols[x] - cols[frm]
        return (dr == 0 or r * dr > 0) and (dc == 0 or k * dc > 0)

    return keep
