"""Effects written out as one generated function: a move's consequences (``then:``)
made of ``(if ...)``, ``(and ...)`` and score effects, over expressions that say how to
read them in place, run as one call instead of a tree of closures.

An expression offers its source as ``fn.inline = (template, values)``, as
``compile.endchecks`` reads it: ``template`` is Python source (written in ludeme, never
taken from a description) reading the state ``s``, with ``{name}`` for each value of
``values``; a value is an object the source reads from the generated function's
namespace, or ``LOCAL``, a name the source assigns (``{x} := ...``) and reads again.
``expression`` builds such a template from the template of a ludeme and the expressions
of its parts: a part that has its own template is written in place, any other is called.

An effect offers its statements as ``fn.inline_effect = write``: ``write(code,
indent)`` returns the lines that apply it, ``code`` (a ``Code``) naming the values
they read. ``fused`` turns an effect that offers them into one generated function.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable

#: a move's consequences made of effects that write themselves out run as one generated
#: function (``fused``), which is written into the generated turn and playout loop in
#: place of its call (``turn_thens``, ``runtime.written_turn``)

#: a value of a template that is a local name of the generated source, not a value of
#: its namespace
LOCAL = "<local>"

#: a part marked ``inline_once`` (it reads only what no effect written out writes, and
#: never fails) read more than once in a move's consequences is worked out once, at the
#: top of the generated function (``_written``; read in place each time where an effect
#: is called)


class Once:
    """A value of a template standing for a part marked ``inline_once``: its own
    template and values, written in place, or read from a local name worked out once
    at the top of a generated function."""

    __slots__ = ("template", "values", "key")

    def __init__(self, template: str, values: dict):
        self.template = template
        self.values = values
        self.key = (template, tuple((k, _frozen(v)) for k, v in sorted(values.items())))


def _frozen(v):
    """``v`` as part of a key: two equal tables give the same key."""
    if isinstance(v, Once):
        return v.key
    if isinstance(v, list):
        v = tuple(v)
    try:
        hash(v)
    except TypeError:
        return ("id", id(v))
    return (type(v).__name__, v)


def _source(part) -> tuple[str, dict]:
    """The template and values of a part: an expression's own (``fn.inline``), a
    constant's (a value with ``const``), else a call of the function."""
    const = getattr(part, "const", None)
    if const is not None:
        return "{k}", {"k": const}
    fn = getattr(part, "fn", part)
    inline = getattr(fn, "inline", None)
    if inline is not None:
        return inline
    return "{f}(s)", {"f": fn}


def expression(fn: Callable, template: str, values: dict | None = None,
               **parts) -> Callable:
    """Mark ``fn`` as read in place by ``template``: ``{name}`` for each of ``values``
    and for each of ``parts`` (a compiled value or function, written in place when it
    has a template, else called). Returns ``fn``."""
    out = dict(values or {})
    subs = {k: "{" + k + "}" for k in out}
    for name, part in parts.items():
        t, v = _source(part)
        if getattr(getattr(part, "fn", part), "inline_once", False):
            out[name] = Once(t, v)  # written by the generated function's Code
            subs[name] = "{" + name + "}"
            continue
        renamed = {k: f"{name}_{k}" for k in v}
        for k, val in v.items():
            out[renamed[k]] = val
        subs[name] = "(" + t.format(**{k: "{" + r + "}" for k, r in renamed.items()}) + ")"
    fn.inline = (template.format(**subs), out)
    return fn


class Code:
    """Generated source being put together: the namespace it reads, fresh names."""

    def __init__(self, once: frozenset = frozenset(), prefix: str = "") -> None:
        self.ns: dict = {}
        #: put before every name made (``fresh``): the same lines written into another
        #: function's source beside others (``turn_thens``)
        self.prefix = prefix
        self.count = 0
        #: the keys of the parts worked out once, and the lines doing so
        self.once = once
        self.top: list[str] = []
        self.named: dict = {}
        #: how many times each part marked ``inline_once`` was written
        self.seen: dict = {}
        #: whether an effect that does not write itself out is called
        self.called = False

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{self.prefix}{stem}_{self.count}"

    def value(self, v) -> str:
        """A name of the namespace holding ``v``."""
        name = self.fresh("v")
        self.ns[name] = v
        return name

    def expr(self, part) -> str:
        """Source reading the value of ``part`` (a compiled value or a function)."""
        t, v = _source(part)
        return "(" + self._written(t, v) + ")"

    def _written(self, t: str, v: dict) -> str:
        names = {}
        for k, val in v.items():
            if isinstance(val, Once):
                names[k] = self._once(val)
                continue
            names[k] = self.fresh(k.replace("_", "")[:8] or "v")
            if val is not LOCAL:
                self.ns[names[k]] = val
        return t.format(**names)

    def _once(self, o: Once) -> str:
        """A part marked ``inline_once``: a local worked out at the top when its key is
        among ``once``, else the part in place."""
        self.seen[o.key] = self.seen.get(o.key, 0) + 1
        if o.key not in self.once:
            return "(" + self._written(o.template, o.values) + ")"
        name = self.named.get(o.key)
        if name is None:
            name = self.named[o.key] = self.fresh("once")
            self.top.append(f"    {name} = {self._written(o.template, o.values)}")
        return name

    def stmts(self, fn: Callable, indent: str) -> list[str]:
        """Lines applying the effect ``fn``: its own, else a call of it."""
        write = getattr(fn, "inline_effect", None)
        if write is None:
            self.called = True
            return [f"{indent}{self.value(fn)}(s)"]
        return write(self, indent)


def effect(fn: Callable, write: Callable) -> Callable:
    """Mark the effect ``fn`` as written out by ``write(code, indent)``; returns it."""
    fn.inline_effect = write
    return fn


def _written(fn: Callable, prefix: str = "") -> Code:
    """The lines of the effect ``fn`` (``code.top`` then ``code.body``, indented by
    four spaces), its names made with ``prefix``."""
    code = Code(prefix=prefix)
    body = code.stmts(fn, "    ")
    twice = frozenset(k for k, n in code.seen.items() if n > 1)
    if twice and not code.called:
        # written again, those parts worked out once at the top (the effects written out
        # write scores alone; one that is called might write what they read)
        code = Code(twice, prefix)
        body = code.stmts(fn, "    ")
    code.body = body
    return code


def fused(value, game=None):
    """A compiled effect (``EffectV``) applied by one generated function when its
    function writes itself out (``inline_effect``; its parts that do not are called
    from it); else itself. The compiler asks it for the ``then:`` of a move generator;
    the function is listed on ``game.written_thens`` (for ``turn_thens``)."""
    fn = getattr(value, "fn", None)
    if getattr(fn, "turn_lines", None) is not None and game is not None:
        # a function that offers the turn its lines itself (the fused captures)
        game.__dict__.setdefault("written_thens", []).append(fn)
        return value
    if getattr(fn, "inline_effect", None) is None or getattr(fn, "fused", False):
        return value
    code = _written(fn)
    src = "\n".join(["def consequence(s):", *code.top, *code.body])
    exec(compile(src, "<ludeme consequence>", "exec"), code.ns)  # noqa: S102
    run = code.ns["consequence"]
    run.inline_effect = fn.inline_effect
    run.fused = True
    run.source = src  # for tests and for reading
    if game is not None:
        game.__dict__.setdefault("written_thens", []).append(run)
    return dataclasses.replace(value, fn=run)


def turn_thens(g, most: int = 3) -> list[tuple[str, list[str], dict]]:
    """For the turn written for ``g`` (``runtime.written_turn``): per consequence made
    by ``fused`` (the ``most`` compiled last), the name it is told by, its lines (those
    of its function, from the same writer) and their values, under a prefix of their
    own."""
    out = []
    for i, run in enumerate(reversed(g.__dict__.get("written_thens", ())[-most:])):
        offered = getattr(run, "turn_lines", None)
        if offered is not None:
            # its own lines (``captures._turn_writer``)
            lines, values = offered(f"c{i}_")
            out.append((f"c{i}_then", lines, dict(values, **{f"c{i}_then": run})))
            continue
        code = _written(run, f"c{i}_")
        values = dict(code.ns)
        values[f"c{i}_then"] = run
        out.append((f"c{i}_then", [line[4:] for line in code.top + code.body], values))
    return out


_OPERATORS = {operator.eq: "==", operator.ne: "!=", operator.lt: "<", operator.le: "<=",
              operator.gt: ">", operator.ge: ">="}


def compared(fn: Callable, op: Callable, a, b) -> Callable:
    """Mark ``fn``, the comparison ``op`` of the values ``a`` and ``b``, as read in place."""
    sym = _OPERATORS.get(op)
    if sym is None:
        return fn
    return expression(fn, "{a} " + sym + " {b}", a=a, b=b)


def branch_writer(test: Callable, then_: Callable, else_: Callable | None) -> Callable:
    """``inline_effect`` of ``(if <test> <then> <else>)`` applied: the test read in
    place, then one branch's statements."""
    def write(code: Code, indent: str) -> list[str]:
        inner = indent + "    "
        lines = [f"{indent}if {code.expr(test)}:", *code.stmts(then_, inner)]
        if else_ is not None:
            lines += [f"{indent}else:", *code.stmts(else_, inner)]
        return lines

    return write


def sequence_writer(fns: tuple[Callable, ...]) -> Callable:
    """``inline_effect`` of effects applied one after another."""
    def write(code: Code, indent: str) -> list[str]:
        return [line for f in fns for line in code.stmts(f, indent)]

    return write
