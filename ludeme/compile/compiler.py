"""Compile a checked tree into a ``Game``.

Ludemes compile bottom-up: the compiler compiles a call's arguments to the types
its parameters declare (applying the implicit conversions the checker allowed) and
hands them to the ludeme's compile function. Lazy ludemes (``game``, ``phase``)
receive their checked arguments and compile them in the order they need.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludeme.board import Board
from ludeme.compile import inlined, sharedregions
from ludeme.compile.directions import LAST_MOVE, RELATIVE, per_facing, relative
from ludeme.compile.values import CondV, EffectV, IntListV, IntV, MovesV, RegionV, RoleV, SiteV
from ludeme.errors import Diagnostic, LudemeError, Span, suggest
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Checked, Lit, Seq
from ludeme.runtime.game import Game, Pieces

ROLE_NUMBERS = {f"P{i}": i for i in range(1, 17)}

def reads_mover(who: object) -> bool:
    """Whether ``who`` is the role ``Mover`` and may be read as ``s.who`` directly (by
    forms that read the mover off the state, without calling the role's function)."""
    return isinstance(who, RoleV) and who.name == "Mover" and \
        who.many is None and who.const is None


def reads_to(site: object) -> bool:
    """Whether ``site`` is ``(to)`` and may be read as ``s.to`` directly (without
    calling the site's function)."""
    return getattr(getattr(site, "fn", None), "reads_to", False)


def looks_like_label(name: str) -> bool:
    """Whether Ludii reads ``name`` as a coordinate (its ``isCoordinate``): digits, after
    at most two letters (``"A1"``, ``"AA12"``, ``"7"``)."""
    head = name.rstrip("0123456789")
    return head != name and (head == "" or (len(head) <= 2 and head.isalpha()))


class CompileContext:
    """What compile functions may use: the board, the pieces, and helpers to compile
    their arguments. Also collects what the game needs to track (tallies, repetition)."""

    def __init__(self) -> None:
        self.num_players = 2
        self.board: Board | None = None
        self.pieces = Pieces()
        self.regions: dict[str, tuple[Any, RegionV]] = {}   # name -> (owner role name, region)
        self.player_regions: dict[int, list[RegionV]] = {}
        self.game: Game | None = None
        self.site_type: str | None = None   # the site type in scope (set by `use:`)
        self.named_site_types: list[str] = []  # the site types the rules name
        self.tallies: list[str] = []
        self.track_repetition = False
        self.reads_counter = False  # a rule reads or sets (counter): the turn counts
        # relative directions (Forward, FR, ...) are made absolute at compile time from
        # a facing: each player's, from (players {(player N) ...}); the moves a piece
        # declares are compiled once per facing its owners have (see (forEach Piece))
        self.player_facing: dict[int, str] = {}
        self.facing: str | None = None
        self._spans: list[Span] = []
        # whether the ludeme being compiled reads the direction of the last move
        # (SameDirection, OppositeDirection): it says so with ``last_move_directions =
        # True`` on its compile function
        self.last_move_ok = False
        self.warnings: list[Diagnostic] = []
        self.dice = None   # the dice the equipment declares (a runtime.chance.DiceSpec)
        # Ludii's teams: team number -> its players, from the (set Team n {...}) of the
        # start rules (read before anything compiles: friends and enemies follow them)
        self.teams: dict[int, tuple[int, ...]] = {}

    def warn(self, msg: str, hint: str | None = None) -> None:
        """A warning at the form being compiled: the description compiles, but says
        something that cannot be meant (a condition that can never hold)."""
        span = self._spans[-1] if self._spans else None
        self.warnings.append(Diagnostic(msg, span, hint, severity="warning"))

    # -- errors ------------------------------------------------------------------------
    def fail(self, msg: str, hint: str | None = None, node: Any = None) -> None:
        span = getattr(getattr(node, "node", None), "span", None) or (
            self._spans[-1] if self._spans else None)
        raise LudemeError(Diagnostic(msg, span, hint))

    # -- compiling arguments -----------------------------------------------------------
    def compile(self, arg: Checked | list | None, want: Any) -> Any:
        if arg is None:
            return None
        if isinstance(arg, list):
            return [self.compile(a, want) for a in arg]
        if isinstance(want, tuple):
            from ludeme.lang.checker import accepts

            for w in want:
                if accepts(w, arg.type):
                    return self.compile(arg, w)
            self.fail(f"cannot use {arg.type} as {' or '.join(map(str, want))}", node=arg)
        self._spans.append(arg.node.span)
        try:
            return self._compile(arg, want)
        finally:
            self._spans.pop()

    def _compile(self, arg: Checked, want: Any) -> Any:
        if isinstance(want, T.ListOf):
            items = arg.items if isinstance(arg, Seq) else [arg]
            return [self.compile(i, want.item) for i in items]
        wn = want.name
        if isinstance(arg, Call):
            value = self._convert(self.call(arg), arg.type, want, arg)
            if self.shared_regions and wn == "Region":
                value = sharedregions.shared(self.shared_regions, arg, value)
            return value
        if isinstance(arg, Seq):
            if wn == "Region":
                regions = [self.compile(i, T.Region) for i in arg.items]
                return union_regions(regions)
            if wn == "Direction":
                dirs: list[str] = []
                for i in arg.items:
                    for d in self.compile(i, T.Direction):
                        if d not in dirs:
                            dirs.append(d)
                return tuple(dirs)
            if wn == "IntList":
                fns = [self.compile(i, T.IntFn).fn for i in arg.items]
                return IntListV(lambda s: [f(s) for f in fns])
            return [self.compile(i, T.Any) for i in arg.items]
        assert isinstance(arg, Lit)
        v = arg.value
        if wn in ("Int", "Str", "Bool", "Float", "Outcome", "SiteType", "Any"):
            if wn == "Any" and "Role" in (arg.type.name, *arg.type.supertypes):
                return self.role(v)
            return v
        if wn == "IntFn":
            if arg.type.name == "Str":
                return IntV.of(self.site_of(v))
            return IntV.of(v)
        if wn == "Cond":
            return CondV.of(v)
        if wn == "Site":
            site = self.site_of(v)
            return SiteV(lambda s: site, site)
        if wn == "Region":
            if isinstance(v, str) and v in self.regions:  # a named region: (sites "Castle")
                return self.regions[v][1]
            if isinstance(v, str) and not looks_like_label(v):
                return self.no_region(v)
            return RegionV.of((self.site_of(v),), self.site_type)
        if wn == "Role":
            return self.role(v)
        if wn == "Direction":
            return self.directions(v)
        return v

    def _convert(self, value: Any, have: T.LType, want: T.LType, arg: Checked) -> Any:
        if want.name == "Region" and have.name in ("Site", "Int", "IntFn"):
            if value.const is not None:
                return RegionV.of((value.const,))
            fn = value.fn
            return RegionV(lambda s: (fn(s),), None, lambda s, x: fn(s) == x, one_site=fn)
        if want.name == "Site" and isinstance(value, IntV):
            return SiteV(value.fn, value.const)
        if want.name == "IntFn" and isinstance(value, SiteV):
            return IntV(value.fn, value.const)
        if want.name == "Effect" and isinstance(value, MovesV):
            return moves_as_effect(value)
        return value

    def call(self, call: Call) -> Any:
        if call.decl.returns.name == "Moves":
            lifted = self._directions_chosen(call)
            if lifted is not None:
                return lifted
        outer = self.last_move_ok
        # (directions {...}) passes the permission on to its arguments
        self.last_move_ok = getattr(call.decl.fn, "last_move_directions", False) or (
            outer and call.decl.head == "directions")
        try:
            if self.facing is None and getattr(call.decl.fn, "per_facing", False):
                # relative directions outside a piece's moves: per piece facing
                value = per_facing(self, call, self._call)
                if value is not None:
                    return value
            return self._call(call)
        finally:
            self.last_move_ok = outer

    def _directions_chosen(self, call: Call) -> Any:
        """A move generator whose directions are chosen by a condition, ``(move Step (if
        (is Mover P1) N S) ...)``, as the choice between the generator with each: Ludii
        evaluates the directions when the generator runs, which is when ``(if ...)``
        between moves evaluates its condition. None when no argument is such a choice."""
        from ludeme.lang.registry import REGISTRY

        for name, arg in call.args.items():
            if isinstance(arg, Call) and arg.decl.head == "difference" and \
                    arg.decl.returns.name == "Direction":
                from ludeme.compile.directions import difference_chosen

                return difference_chosen(self, call, name, arg)
            if isinstance(arg, Call) and arg.decl.head == "if" and \
                    arg.decl.returns.name == "Direction":
                ok, other = arg.args["ok"], arg.args.get("else")
                choice_args = {"cond": arg.args["cond"],
                               "moves": Call(call.decl, {**call.args, name: ok}, call.node)}
                if other is not None:
                    choice_args["else"] = Call(call.decl, {**call.args, name: other}, call.node)
                choose = next(d for d in REGISTRY[("if", None)] if d.returns.name == "Moves")
                return self.call(Call(choose, choice_args, arg.node))
        return None

    #: the regions a ``then:`` being compiled repeats (compile.sharedregions)
    shared_regions: dict = {}

    def _compile_then(self, raw: Checked, want: Any) -> Any:
        """A ``then:``, its repeated regions worked out once (compile.sharedregions)."""
        outer = self.shared_regions
        self.shared_regions = {**outer, **sharedregions.repeated(raw)}
        try:
            return self.compile(raw, want)
        finally:
            self.shared_regions = outer

    def _call(self, call: Call) -> Any:
        decl = call.decl
        if decl.lazy:
            return decl.fn(self, **{self._pyname(decl, k): v for k, v in call.args.items()})
        kwargs = {}
        positional_var = None
        for p in decl.params:
            if p.name not in call.args:
                if isinstance(p.default, str) and isinstance(p.type, T.LType) and \
                        p.type.name in ("Role", "Direction"):
                    # a default written as a name ("Each") compiles like the literal
                    kwargs[self._pyname(decl, p.name)] = self._compile(
                        Lit(p.default, p.type, call.node), p.type)
                continue
            raw = call.args[p.name]
            if p.variadic:
                positional_var = [self.compile(a, p.type) for a in raw]
            elif p.name == "then":
                value = self._compile_then(raw, p.type)
                if decl.returns.name == "Moves" and isinstance(value, EffectV):
                    # one generated function (compile.inlined), listed on the game
                    value = inlined.fused(value, self.game)
                kwargs[self._pyname(decl, p.name)] = value
            else:
                kwargs[self._pyname(decl, p.name)] = self.compile(raw, p.type)
        self._spans.append(call.node.span)
        try:
            if positional_var is not None:
                # everything before *args goes by position, defaults filling the gaps
                pos = [kwargs.pop(self._pyname(decl, p.name), p.default) for p in decl.params
                       if not p.named and not p.variadic]
                return decl.fn(self, *pos, *positional_var, **kwargs)
            return decl.fn(self, **kwargs)
        except LudemeError as err:
            if all(d.span is not None for d in err.diagnostics):
                raise
            # an error from below the language (a board builder's size limit, say) keeps
            # the place of the form being compiled, like every other error
            raise LudemeError([d if d.span is not None else
                               Diagnostic(d.message, call.node.span, d.hint, d.severity)
                               for d in err.diagnostics]) from None
        finally:
            self._spans.pop()

    @staticmethod
    def _pyname(decl, name: str) -> str:
        import inspect

        params = inspect.signature(decl.fn).parameters
        return name if name in params else name + "_"

    # -- names -------------------------------------------------------------------------
    def site_of(self, label: Any, site_type: str | None = None) -> int:
        board = self.require_board()
        t = site_type or self.site_type or board.default_type
        if isinstance(label, int):
            if not 0 <= label < board.count[t]:
                noun = {"Vertex": "vertices"}.get(t, f"{t.lower()}s")
                self.fail(f"site {label} is not on the board (it has {board.count[t]} "
                          f"{noun})")
            return board.offset[t] + label
        idx = board.index[t].get(label)
        if idx is None:
            self.fail(f"no {t.lower()} '{label}' on this board",
                      suggest(label, board.index[t]))
        return idx

    def no_region(self, name: str) -> RegionV:
        """``(sites "name")`` where ``name`` is neither a region's name nor a label: an
        empty region, as in Ludii (whose region names must match exactly); a warning."""
        self.warn(f"no region named '{name}': (sites \"{name}\") is empty, as in Ludii",
                  suggest(name, list(self.regions)))
        return RegionV.of(())

    def role(self, name: str) -> RoleV:
        n = self.num_players
        if name in ROLE_NUMBERS:
            p = ROLE_NUMBERS[name]
            if p > n and not vars(self).get("any_player_number"):
                self.fail(f"{name} does not exist in a {n}-player game")
            return RoleV(name, lambda s: p, p)
        if name == "Mover":
            return RoleV(name, lambda s: s.who)
        if name == "Next":
            return RoleV(name, lambda s: s.nxt)
        if name == "Prev":
            # as in Ludii: the player who made the last move (0 before the first)
            return RoleV(name, lambda s: s.prev_mover)
        if name == "Enemy":
            others = tuple([()] + [tuple(q for q in range(1, n + 1) if q != p)
                                   for p in range(1, n + 1)])
            if n == 2:
                return RoleV(name, lambda s: 3 - s.who, None, lambda s: others[s.who])
            return RoleV(name, lambda s: s.nxt, None, lambda s: others[s.who])
        if name in ("Each", "All"):
            everyone = tuple(range(1, n + 1))
            return RoleV(name, lambda s: s.who, None, lambda s: everyone)
        if name in ("Shared", "Neutral"):
            return RoleV(name, lambda s: 0, 0)
        if name.startswith("Team") and name[4:].isdigit():
            members = self.teams.get(int(name[4:]))
            if not members:
                self.fail(f"{name} has no players", f"set them at the start: (set Team "
                          f"{name[4:]} {{P1 P3}})")
            first = members[0]
            return RoleV(name, lambda s: first, None, lambda s: members)
        self.fail(f"unknown role '{name}'")
        raise AssertionError

    def directions(self, name: str) -> tuple[str, ...]:
        board = self.require_board()
        if name in RELATIVE:
            # among the adjacent directions, or those of (directions ... of:<relation>)
            of = vars(self).get("relative_of") or "Adjacent"
            return relative(name, self.current_facing(),
                            board.directions.get(of) or board.directions["Adjacent"])
        if name in ("Orthogonal", "Diagonal", "Adjacent"):
            return board.directions[name]
        if name == "All":
            # Ludii's All is every direction of the site type: on a square grid of
            # vertices that adds the diagonals to the (orthogonal) Adjacent ones
            return board.directions.get("All") or board.directions["Adjacent"]
        if name in LAST_MOVE and not self.last_move_ok:
            self.fail(f"'{name}' (the direction of the last move) is supported in "
                      "(move Hop ...) only")
        return (name,)

    def facing_of(self, pid: int) -> str:
        """The facing of piece ``pid``: its owner's direction when the player has one
        (``(players {(player N) ...})``, over the piece's own, as in Ludii), else the
        piece's own (``(piece "Counter" P1 N)``), else N."""
        return (self.player_facing.get(self.pieces.owner[pid])
                or self.pieces.facing[pid] or "N")

    def current_facing(self) -> str:
        """The facing relative directions are taken from here: the one the piece moves
        being compiled have, or, outside them, the only one the pieces have."""
        if self.facing is not None:
            return self.facing
        facings = {self.facing_of(pid) for pid in range(1, len(self.pieces.names))} or {"N"}
        if len(facings) > 1:
            self.fail("a relative direction (Forward, FR, ...) outside the moves of a "
                      "(piece ...) or (forEach Piece ...) is not supported when pieces face "
                      "different ways",
                      "declare the moves in the (piece ...) and play them with (forEach Piece)")
        return facings.pop()

    def require_board(self) -> Board:
        if self.board is None:
            self.fail("this needs the board, which is declared in (equipment ...)")
        return self.board

    def tally(self, name: str) -> int:
        """The index of a per-player tally (a named counter), declared on first use."""
        if name not in self.tallies:
            self.tallies.append(name)
        return self.tallies.index(name)


def prepared(effect: EffectV) -> Callable:
    """The effect as Ludii evaluates it before applying it: a function that, given a
    position, works the effect out on it and returns what applies that later. Effects
    without their own ``prepare`` run later, in the context (from, to) of now."""
    if effect.prepare is not None:
        return effect.prepare
    fn = effect.fn

    def later(s):
        frm, to = s.frm, s.to

        def run(t):
            t.frm, t.to = frm, to
            fn(t)

        return run

    return later


def worked_out_now(effect: EffectV) -> Callable | None:
    """``effect.prepare(s)`` applied to ``s`` at once, in one call, as the effect's
    preparation says (its ``now``); an effect without preparation runs as is. None for
    a preparation without a ``now``: then the caller prepares, then applies.

    What a ``now`` does is what the preparation and its application do one after the
    other, without the closure between (an ``(if ...)`` whose branch lists no move
    makes nothing): a ``now`` is given only where the two cannot differ."""
    if effect.prepare is None:
        return effect.fn
    return getattr(effect.prepare, "now", None)


def now_or_later(effect: EffectV) -> Callable:
    """``worked_out_now``, else the preparation followed by its application."""
    now = worked_out_now(effect)
    if now is not None:
        return now
    prepare = effect.prepare

    def prepare_then_apply(s):
        prepare(s)(s)

    return prepare_then_apply


def sequence_effects(effects: Sequence[EffectV]) -> EffectV:
    """One effect applying several in order. Worked out apart from its application
    (``prepare``, as Ludii evaluates consequences), every part is worked out on the
    same position before any applies."""
    fns = tuple(e.fn for e in effects)
    if len(fns) == 1:
        return effects[0]

    def in_turn(s):
        for f in fns:
            f(s)

    run = inlined.effect(in_turn, inlined.sequence_writer(fns))
    prepare = None
    if any(e.prepare is not None for e in effects):
        parts = tuple(prepared(e) for e in effects)

        def prepare(s):
            thunks = [p(s) for p in parts]

            def apply_all(t):
                for th in thunks:
                    th(t)

            return apply_all

        if any(e.prepare is not None for e in effects[1:]):
            # as in Ludii, which works out every effect of an (and ...) before applying
            # any: an (if ...) after another effect reads the position before it
            def worked_out_first(s):
                for th in [p(s) for p in parts]:
                    th(s)

            run = worked_out_first
            early = [i for i, e in enumerate(effects)
                     if e.prepare is not None and e.victims is not None]
            if early:
                return EffectV(run, _victims_decided_first(effects, early), prepare=prepare)

    return EffectV(run, victims_in_turn([e.victims for e in effects]), prepare=prepare)


def _victims_decided_first(effects: Sequence[EffectV], early: list[int]) -> Any:
    """The victims of effects whose ``early`` ones (an ``(if ...)``) are decided on the
    position before any applies, as their conditions are; the others' in turn, as they
    apply."""
    parts = [e.victims for e in effects]

    def victims(s):
        known = {i: list(parts[i](s)) for i in early}
        got = [(lambda _s, xs=known[i]: xs) if i in known else v for i, v in enumerate(parts)]
        return victims_in_turn(got)(s)

    return victims


def victims_in_turn(parts: Sequence) -> Any:
    """The victims of effects run one after another: each sees the board as the ones
    before it leave it (their victims are lifted off for the time of the question and
    put back). None when none of them takes anything."""
    parts = tuple(v for v in parts if v is not None)
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]

    def victims(s):
        # the hash follows the board, since caches on the state are validated by it
        w, z = s.what, s.game.zobrist
        lifted: list[tuple[int, int]] = []
        found: list[int] = []
        try:
            for v in parts:
                for x in v(s):
                    p = w[x]
                    if p:
                        lifted.append((x, p))
                        w[x] = 0
                        s.occ = None  # runtime.occupancy: a trial
                        s.hash ^= z[x][p]
                    found.append(x)
        finally:
            for x, p in reversed(lifted):
                w[x] = p
                s.occ = None  # runtime.occupancy: a trial
                s.hash ^= z[x][p]
        return found

    return victims


def note_action(s, frm: int, to: int) -> None:
    """Note the sites of an action a consequence made, as Ludii's move keeps its
    actions: ``(last To afterConsequence:True)`` is the destination of the last one
    that has a site (``(last From ...)`` its origin; a site of its own for an action on
    one site, as Ludii's add, remove and set count have)."""
    if to >= 0:
        s.after_to = to
        s.after_frm = frm if frm >= 0 else to
    elif frm >= 0:
        s.after_frm = frm


def _apply_none(s) -> None:
    """What a prepared effect that found nothing to do applies."""


def moves_as_effect(moves: MovesV) -> EffectV:
    """A move generator used where an effect is expected (``then:``, ``(start ...)``):
    the moves it generates are all applied, in order, as in Ludii."""
    gen = moves.gen
    parts = getattr(gen, "if_parts", None)
    if parts is not None:
        # an (if ...) of moves: it tests, then runs the then or else moves as an effect, with
        # no list made for a side that has no moves
        return if_effect_of(*parts)

    def run(s):
        for m in gen(s):
            m.act(s, m)
            note_action(s, m.frm, m.to)
            if m.then is not None:
                m.then(s)

    def prepare(s):
        frm, to = s.frm, s.to
        made = list(gen(s))  # the moves as the position gives them now
        s.frm, s.to = frm, to  # as Ludii's generators leave the context as they found it
        if not made:
            return _apply_none  # nothing to apply: no closure to make

        def apply_them(t):
            for m in made:
                t.frm, t.to = m.frm, m.to
                m.act(t, m)
                note_action(t, m.frm, m.to)
                if m.then is not None:
                    m.then(t)

        return apply_them

    def now(s):
        # prepare and apply_them in one go: the moves as the position gives them, then
        # each applied in its own context
        frm, to = s.frm, s.to
        made = gen(s)
        s.frm, s.to = frm, to
        if not made:
            return
        if type(made) is not list:
            made = list(made)
        for m in made:
            s.frm, s.to = m.frm, m.to
            m.act(s, m)
            note_action(s, m.frm, m.to)
            if m.then is not None:
                m.then(s)

    prepare.now = now
    return EffectV(run, prepare=prepare)


def if_effect_of(test: Callable, then_: MovesV, else_: MovesV | None) -> EffectV:
    """``moves_as_effect`` of ``(if <test> <then> <else>)``: the test, then the moves of
    one branch applied as that branch's effect does (the same moves in the same
    contexts: the branch is listed right after the test, as the ``(if ...)`` lists it)."""
    return branch_effect(test, moves_as_effect(then_),
                         moves_as_effect(else_) if else_ is not None else None)


def branch_effect(test: Callable, then_: EffectV, else_: EffectV | None) -> EffectV:
    """``then_`` where ``test`` holds, else ``else_`` (or nothing): applied, worked out
    apart from its application (``prepared``: the test now), worked out and applied at
    once (``worked_out_now``), and its victims, each by the branch the test picks."""
    a, b = then_.fn, (else_.fn if else_ is not None else None)

    def run(s):
        if test(s):
            a(s)
        elif b is not None:
            b(s)

    inlined.effect(run, inlined.branch_writer(test, a, b))
    pa, pb = prepared(then_), (prepared(else_) if else_ is not None else None)

    def prepare(s):
        if test(s):
            return pa(s)
        return pb(s) if pb is not None else _apply_none

    na, nb = now_or_later(then_), (now_or_later(else_) if else_ is not None else None)

    def now(s):
        if test(s):
            na(s)
        elif nb is not None:
            nb(s)

    prepare.now = now
    va, vb = then_.victims, (else_.victims if else_ is not None else None)
    if va is None and vb is None:
        return EffectV(run, prepare=prepare)

    def victims(s):
        v = va if test(s) else vb
        return v(s) if v is not None else []

    return EffectV(run, victims, prepare=prepare)


def union_regions(regions: Sequence[RegionV]) -> RegionV:
    if all(r.static is not None for r in regions):
        return RegionV.of([x for r in regions for x in r.static])
    fns = [r.fn for r in regions]
    tests = [r.member() for r in regions]

    def fn(s):
        out: dict[int, None] = {}
        for f in fns:
            for x in f(s):
                out[x] = None
        return tuple(out)

    return RegionV(fn, None, lambda s, x: any(t(s, x) for t in tests))


def compile_game(checked: Call, options: dict[str, str] | None = None) -> Game:
    ctx = CompileContext()
    game = ctx.call(checked)
    if not isinstance(game, Game):
        raise LudemeError("a description must contain a (game ...)")
    game.options = dict(options or {})
    game.intern_moves(lambda: (game.auto_pass_move,))  # the pass of a stuck player
    # named regions, for diagrams that mark them: name -> (owner name or None, RegionV)
    game.named_regions = {name: (owner, r) for name, (owner, r) in ctx.regions.items()}
    # players' own regions (the sides a player connects), for diagrams that shade them
    game.player_regions = {p: union_regions(list(rs)) for p, rs in ctx.player_regions.items()}
    game.warnings = list(ctx.warnings)
    plain = game.plain_turns()
    if plain is not None:
        game.play = plain  # the turn without the steps this game never takes
    return game
