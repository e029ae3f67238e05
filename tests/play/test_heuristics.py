"""A description's own heuristics steer the search agent."""

from __future__ import annotations

import ludeme
from ludeme.agents import make_agent

# A race on one row: placing on the far right is worth most to the declared heuristic,
# which the generic evaluation (material, mobility) cannot tell apart from any other.
RACE = """
(game "Race" (players 2)
    (equipment {{ (board (rectangle 1 5)) (piece "Stone" Each) }})
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Full) (result Mover Draw)))
        {heuristics}
    )
)
"""


def test_declared_heuristic_is_used_from_the_judged_players_view():
    text = RACE.format(heuristics="heuristics:{(heuristic (count Pieces Mover) weight:0.1)}")
    g = ludeme.loads(text)
    assert len(g.heuristics) == 1
    s = g.new_initial_state()
    judge, weight = g.heuristics[0]
    s.apply(s.parse_move("a1"))
    assert (judge(s, 1), judge(s, 2), weight) == (1, 0, 0.1)
    assert s.who == s.mover  # the evaluation context is restored


def test_alphabeta_follows_the_declared_heuristic():
    # holding e1 is worth half a point; without the heuristic every first move looks alike
    text = RACE.format(heuristics="""heuristics:{
        (heuristic (count Sites in:(intersection (sites Occupied Mover) (sites {"e1"})))
                   weight:0.5)}""")
    g = ludeme.loads(text)
    s = g.new_initial_state()
    agent = make_agent("alphabeta:depth=1", seed=1)
    assert s.move_to_string(agent.choose(s)) == "e1"
