"""Lists of numbers (group sizes, say): their largest and smallest element, length,
and differences, as sets (Ludii's) or as multisets."""

from __future__ import annotations

from collections import Counter

from ludeme.compile.compiler import CompileContext
from ludeme.compile.values import IntListV, IntV, SiteV
from ludeme.lang import types as T
from ludeme.lang.checker import Lit
from ludeme.lang.registry import ludeme


@ludeme("max", T.IntFn, ludii="An empty list gives 0.")
def max_of_list(c: CompileContext, values: T.IntList):
    """The largest number of the list; 0 when the list is empty."""
    fn = values.fn
    return IntV(lambda s: max(fn(s), default=0))


@ludeme("min", T.IntFn, ludii="An empty list gives 0.")
def min_of_list(c: CompileContext, values: T.IntList):
    """The smallest number of the list; 0 when the list is empty."""
    fn = values.fn
    return IntV(lambda s: min(fn(s), default=0))


@ludeme("size Array", T.IntFn)
def size_array(c: CompileContext, values: T.IntList):
    """How many numbers the list holds."""
    fn = values.fn
    return IntV(lambda s: len(fn(s)))


@ludeme("difference", T.IntList,
        ludii="multiset: is this engine's; Ludii's difference removes every occurrence.")
def difference_of_lists(c: CompileContext, values: T.IntList, minus: T.IntList, *,
                        multiset: T.Bool = False):
    """The numbers of ``values`` that are not in ``minus``, in their order. As in Ludii,
    every occurrence of a number found in ``minus`` goes; with ``multiset:True`` each
    number of ``minus`` cancels one equal number only, so pairs cancel one for one:
    ``{3 2 2}`` minus ``{2 1}`` is ``{3 2}``."""
    a, b = values.fn, minus.fn
    one_for_one = multiset.value if isinstance(multiset, Lit) else bool(multiset)
    if not one_for_one:
        def fn(s):
            gone = set(b(s))
            return [v for v in a(s) if v not in gone]

        return IntListV(fn)

    def fn_multiset(s):
        left = Counter(b(s))
        out = []
        for v in a(s):
            if left[v]:
                left[v] -= 1
            else:
                out.append(v)
        return out

    return IntListV(fn_multiset)


@ludeme("results", T.IntList)
def results(c: CompileContext, function: T.IntFn, *, from_: (T.Site, T.Region),
            to: (T.Site, T.Region)):
    """The value of ``function`` for every pair of a site of ``from:`` and a site of
    ``to:`` (a site or a region each), with ``(from)`` and ``(to)`` bound to them, in
    the order of ``from:`` then ``to:``. As in Ludii: ``(min (results from:(last To)
    to:(sites Corners) (count Steps (from) (to))))``."""
    value = function.fn
    froms, tos = (_sites(part) for part in (from_, to))

    def fn(s):
        old = s.frm, s.to
        out = []
        for a in froms(s):
            s.frm = a
            for b in tos(s):
                s.to = b
                out.append(value(s))
        s.frm, s.to = old
        return out

    return IntListV(fn)


def _sites(part):
    """The sites of a compiled site or region, as a function of the state."""
    if isinstance(part, SiteV):
        at = part.fn
        return lambda s: (at(s),)
    return part.fn
