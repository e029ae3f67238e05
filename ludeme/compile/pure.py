"""Values of the rule's context alone, worked out once per context as a table.

Many expressions of a piece's rule read nothing of the position: only the player to
move (``s.who``), the origin (``s.frm``, the piece's site) and the total the dice show
(``s.dice.total``). A race game's ``(trackSite Move steps:(count Pips))`` is one; so
are ``(= <it> End)``, ``(!= <it> Off)`` and ``(is In <it> (sites "Replay"))``, and a
rule may ask each several times per piece. Such a function is *context-pure*: the
ludeme that compiles it marks it with what it reads (``mark``), and the combinators
(comparisons, ``not``/``and``/``or``, ``is In`` a fixed region, a piece's ``if``) mark
their result when all their parts are marked. ``tabulate`` then replaces a marked
function by a table over every value of what it reads (every player, every site of the
board and hands, every total the dice can show), built the first time it is asked: one
look-up instead of a tree of calls, however often the rule asks it.

The table is built by evaluating the function on a stand-in for the state that has only
the marked attributes (and the game): a function that reads anything else fails there,
and is then kept as it is. A look-up outside the table (a site off the board, a total
out of range) asks the function itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

#: what a context-pure function may read of the state
WHO, FROM, TOTAL = "who", "frm", "total"
#: tables larger than this many entries are not built (the function is kept)
MAX_ENTRIES = 1 << 17


def mark(fn: Callable, reads: Iterable[str]) -> Callable:
    """Mark ``fn`` context-pure, reading only ``reads`` (of WHO, FROM, TOTAL); returns it."""
    fn.pure_reads = frozenset(reads)
    return fn


def reads_of(value) -> frozenset[str] | None:
    """What a compiled value (an ``IntV``, ``SiteV``, ``CondV``, or a bare function)
    reads when it is context-pure (empty for a constant), else None."""
    if getattr(value, "const", None) is not None:
        return frozenset()
    fn = getattr(value, "fn", value)
    return getattr(fn, "pure_reads", None)


def reads_all(values: Iterable) -> frozenset[str] | None:
    """What all of ``values`` read together, when every one is context-pure, else None."""
    out: frozenset[str] = frozenset()
    for v in values:
        r = reads_of(v)
        if r is None:
            return None
        out |= r
    return out


class _Dice:
    __slots__ = ("total",)


class _Context:
    """The stand-in for a state a table is built on: the context and the game, nothing
    of the position."""

    __slots__ = ("who", "frm", "dice", "game")


def _axes(game, reads: frozenset[str]) -> list[tuple[str, range]] | None:
    """The values of each attribute read, in the order WHO, FROM, TOTAL; None when one
    cannot be bounded (dice that can show less than 0)."""
    axes = []
    if WHO in reads:
        axes.append((WHO, range(game.num_players + 1)))
    if FROM in reads:
        hands = game.hands
        n = max(game.board.n_sites, hands.stop if hands is not None else 0)
        axes.append((FROM, range(n)))
    if TOTAL in reads:
        spec = game.dice
        if spec is None or not spec.faces or any(not f or min(f) < 0 for f in spec.faces):
            return None
        axes.append((TOTAL, range(sum(max(f) for f in spec.faces) + 1)))
    return axes


def _build(fn: Callable, game, reads: frozenset[str]):
    """The nested lists of ``fn``'s values over the axes of ``reads``, or None when they
    are too many or ``fn`` reads more than it was marked with."""
    axes = _axes(game, reads)
    if axes is None:
        return None
    size = 1
    for _, values in axes:
        size *= len(values)
    if size > MAX_ENTRIES:
        return None
    ctx = _Context()
    ctx.game = game
    ctx.who = ctx.frm = -1
    ctx.dice = _Dice()
    ctx.dice.total = -1
    if TOTAL not in reads:
        ctx.dice = None

    def fill(k: int):
        if k == len(axes):
            return fn(ctx)
        name, values = axes[k]
        row = []
        for v in values:
            if name == TOTAL:
                ctx.dice.total = v
            else:
                setattr(ctx, name, v)
            row.append(fill(k + 1))
        return row

    try:
        return fill(0)
    except Exception:  # noqa: BLE001 - it reads more than the context: keep it as it is
        return None


def per_total(fn: Callable, game) -> list | None:
    """``fn``'s value for each total the dice can show (0 up), when it is context-pure
    reading the total alone; else None."""
    if getattr(fn, "pure_reads", None) != {TOTAL}:
        return None
    return _build(fn, game, frozenset({TOTAL}))


def tabulate(fn: Callable, reads: frozenset[str] | None = None) -> Callable:
    """``fn`` as a look-up in its table when it is context-pure, reading ``reads`` (by
    default what it is marked with; see the module docstring), else ``fn`` itself. The
    look-up is marked with ``reads``."""
    if reads is None:
        reads = getattr(fn, "pure_reads", None)
    if reads is None or getattr(fn, "tabulated", False):
        return fn
    # grid[0]: the table, built when first asked (from the state's game); until then, and
    # for good when it cannot be built, None: indexing it fails with TypeError
    grid: list = [None]
    tried = [False]

    def built(s) -> bool:
        if tried[0]:
            return False
        tried[0] = True
        grid[0] = _build(fn, s.game, reads)
        return grid[0] is not None

    key = tuple(r for r in (WHO, FROM, TOTAL) if r in reads)
    if key == (WHO, FROM, TOTAL):
        def look(s):
            x = s.frm
            if x >= 0:
                try:
                    return grid[0][s.who][x][s.dice.total]
                except IndexError:
                    pass
                except TypeError:
                    if built(s):
                        return look(s)
            return fn(s)
    elif key == (WHO, FROM):
        def look(s):
            x = s.frm
            if x >= 0:
                try:
                    return grid[0][s.who][x]
                except IndexError:
                    pass
                except TypeError:
                    if built(s):
                        return look(s)
            return fn(s)
    elif key == (FROM,):
        def look(s):
            x = s.frm
            if x >= 0:
                try:
                    return grid[0][x]
                except IndexError:
                    pass
                except TypeError:
                    if built(s):
                        return look(s)
            return fn(s)
    elif key == (TOTAL,):
        def look(s):
            try:
                return grid[0][s.dice.total]
            except IndexError:
                pass
            except TypeError:
                if built(s):
                    return look(s)
            return fn(s)
    else:
        return fn  # the other combinations are rare: the function as it is
    look.pure_reads = reads
    look.tabulated = True
    look.grid = grid  # for callers that read the table inline (``choice_at``)
    return look


def tabulated_cond(out, parts: Iterable):
    """A compiled condition (``CondV``) made of ``parts``: the same, its function a
    look-up in a table when every part is context-pure and it is not a constant."""
    from dataclasses import replace

    reads = reads_all(parts)
    if not reads or out.const is not None:
        return out
    return replace(out, fn=tabulate(out.fn, reads))


def choice_at(test: Callable, then_at: Callable, else_at: Callable | None) -> Callable | None:
    """A piece's ``(if <test> <moves> [<moves>])`` (``piecemoves.if_at``) when ``test``
    is context-pure: which moves the piece makes (``then_at``, ``else_at`` or none) is a
    function of the context, and so is that of a nested ``if`` of such tests, so that the
    whole nest is one look-up per piece (``at.pick``, the table of the chosen ``at``)
    followed by the chosen moves. None when ``test`` is not context-pure."""
    reads = getattr(test, "pure_reads", None)
    if reads is None:
        return None
    then_pick = _pick_of(then_at)
    else_pick = _pick_of(else_at)
    reads = reads | then_pick.pure_reads | else_pick.pure_reads
    pick = tabulate(lambda s: then_pick(s) if test(s) else else_pick(s), reads)

    grid = getattr(pick, "grid", None)
    if grid is not None and reads == {WHO, FROM, TOTAL}:
        # the table read here (the race games' case), without a call per piece
        def at(s, frm, out):
            s.frm = frm
            try:
                chosen = grid[0][s.who][frm][s.dice.total] if frm >= 0 else pick(s)
            except (IndexError, TypeError):  # outside the table, or not built yet
                chosen = pick(s)
            if chosen is not None:
                chosen(s, frm, out)
    else:
        def at(s, frm, out):
            s.frm = frm
            chosen = pick(s)
            if chosen is not None:
                chosen(s, frm, out)

    at.pick = pick
    from ludeme.compile.piecetables import traced_at

    return traced_at(at)  # the chosen moves too, as far as they read the context


def _pick_of(at: Callable | None) -> Callable:
    """The context-pure choice of ``at``'s moves: its own table when it is a choice, else
    ``at`` itself whatever the context."""
    pick = getattr(at, "pick", None)
    if pick is None:
        pick = mark(lambda s: at, ())
    return pick
