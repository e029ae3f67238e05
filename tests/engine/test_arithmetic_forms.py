"""Ludii's ``(% a b)`` (Java's remainder: the sign of ``a``), ``(pow a b)`` (an integer,
truncated) and ``(count Players)``, read where a site is wanted."""

from __future__ import annotations

import pytest

import ludeme


def _site(expr: str, players: int = 2) -> list[int]:
    g = ludeme.loads(f"""(game "Sums" (players {players})
      (equipment {{(board (square 5)) (piece "Disc" Each)}})
      (rules (play (move Add (to (sites {{{expr}}}))))
        (end (if (is Line 3) (result Mover Win)))))""")
    return [m.to for m in g.new_initial_state().legal_moves()]


@pytest.mark.parametrize(("expr", "site"), [
    ("(% 17 5)", 2),
    ("(+ 5 (% -7 3))", 4),          # -7 % 3 is -1 in Java, not 2
    ("(pow 2 4)", 16),
    ("(+ 3 (pow 2 -1))", 3),        # 0.5 truncated to 0
    ("(count Players)", 3),
    ("(+ 1 (% (count Players) 2))", 2),
])
def test_integer_forms(expr, site):
    assert _site(expr, players=3) == [site]
