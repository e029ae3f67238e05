"""Ending by agreement: ``(propose ...)`` and ``(vote ...)``, Ludii's moves that put a
proposition to the players and vote on it. ``(is Proposed ...)`` and ``(is Decided ...)``
(``conditions.agreement``) read what they leave on the state.

A state keeps, as Ludii's does, the propositions made since the last vote, the votes
cast so far and the decision the last complete vote reached (one string, "" for none).
"""

from __future__ import annotations

from ludeme.compile.compiler import CompileContext
from ludeme.compile.consequences import with_then
from ludeme.compile.movetable import MoveTable
from ludeme.compile.values import MovesV
from ludeme.lang import types as T
from ludeme.lang.registry import ludeme
from ludeme.runtime.move import Move

#: indices in the state's agreement record (a list in ``state.aux``)
PROPOSITIONS, VOTES, DECIDED = 0, 1, 2


def agreement_slot(c: CompileContext) -> int:
    """The index in ``state.aux`` of the game's agreement record ``[propositions,
    votes, decided]`` (tuples of strings and a string), declared on first use."""
    slot = vars(c).get("agreement_slot")
    if slot is None:
        slot = c.game.add_aux(lambda: [(), (), ""], list)
        vars(c)["agreement_slot"] = slot
    return slot


def _strings(what) -> tuple[str, ...]:
    return (what,) if isinstance(what, str) else tuple(what)


def _one_move_each(c: CompileContext, kind: str, texts: tuple[str, ...], act) -> MovesV:
    """One move per string, made once: ``kind`` with the string as its ``extra``."""
    table = MoveTable(c.game, lambda text: Move(kind, -1, -1, 0, text, act),
                      lambda: ((t,) for t in texts))
    moves = [table[(t,)] for t in texts]
    return MovesV(lambda s: list(moves))


@ludeme("propose", T.Moves)
def propose(c: CompileContext, proposition: (T.Str, T.ListOf(T.Str)), *,
            then: T.Effect = None):
    """A move for each proposition: making it records the proposition on the state
    until the next complete vote, where ``(is Proposed "<text>")`` sees it. As in
    Ludii: ``(if (is Cycle) (propose "End"))``."""
    slot = agreement_slot(c)

    def act(s, m):
        record = s.aux[slot]
        if m.extra not in record[PROPOSITIONS]:
            record[PROPOSITIONS] = (*record[PROPOSITIONS], m.extra)

    return with_then(c, _one_move_each(c, "propose", _strings(proposition), act), then)


@ludeme("vote", T.Moves)
def vote(c: CompileContext, choice: (T.Str, T.ListOf(T.Str)), *, then: T.Effect = None):
    """A move for each choice: casting that vote. Once every player has voted, the
    choice more than half of them made becomes the decision (``(is Decided
    "<text>")``), and the propositions and votes are cleared, as in Ludii:
    ``(if (is Proposed "End") (or (vote "End") (vote "No")))``."""
    slot = agreement_slot(c)
    players = c.game.num_players

    def act(s, m):
        record = s.aux[slot]
        votes = (*record[VOTES], m.extra)
        if len(votes) < players:
            record[VOTES] = votes
            return
        # the first choice with the most votes, as Ludii counts them
        best, best_n = "", 0
        for v in dict.fromkeys(votes):
            n = votes.count(v)
            if n > best_n:
                best, best_n = v, n
        if best_n > players // 2:
            record[DECIDED] = best
        record[PROPOSITIONS] = record[VOTES] = ()

    return with_then(c, _one_move_each(c, "vote", _strings(choice), act), then)
