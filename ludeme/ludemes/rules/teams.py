"""Ludii's teams: ``(set Team 1 {P1 P3})`` in the start rules makes P1 and P3 one team.
Team members are friends (``(is Friend ...)``), the other players their enemies, and
``(result Team1 Win)`` is a win for every member of team 1.

Teams are fixed at the start in Ludii, so ludeme reads them from the description before
anything compiles (``teams_in``): the conditions compiled with the equipment already
know them."""

from __future__ import annotations

from ludeme.compile.compiler import ROLE_NUMBERS, CompileContext
from ludeme.compile.values import EffectV
from ludeme.lang import types as T
from ludeme.lang.checker import Call, Lit, Seq
from ludeme.lang.registry import ludeme


@ludeme("set Team", T.Effect)
def set_team(c: CompileContext, team: T.Int, roles: T.ListOf(T.Role)):
    """Make the players of ``roles`` team number ``team`` (``TeamN`` in the rules), in
    the start rules, as in Ludii: ``(start { ... (set Team 1 {P1 P3}) (set Team 2 {P2
    P4}) })``. Team members are friends of each other and enemies of everybody else."""
    if not 1 <= team <= 16:
        c.fail(f"a team is numbered 1 to 16, not {team}")
    for r in roles:
        if r.const is None or r.const < 1:
            c.fail(f"a team is made of players (P1, P2, ...), not {r.name}")
        if r.const > c.num_players:
            c.fail(f"{r.name} does not exist in a {c.num_players}-player game")
    return EffectV(lambda s: None)   # the teams are the game's (``teams_in``)


def teams_in(tree) -> dict[int, tuple[int, ...]]:
    """The teams a checked description sets: team number -> its players, from each
    ``(set Team n {P1 ...})`` written with literal players (the others are reported when
    ``(set Team ...)`` compiles)."""
    teams: dict[int, list[int]] = {}
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, Call):
            if node.decl.name == "set Team":
                team, roles = node.args.get("team"), node.args.get("roles")
                if isinstance(team, Lit) and isinstance(roles, Seq):
                    members = teams.setdefault(int(team.value), [])
                    for r in roles.items:
                        p = ROLE_NUMBERS.get(r.value) if isinstance(r, Lit) else None
                        if p is not None and p not in members:
                            members.append(p)
                continue
            for v in node.args.values():
                todo.extend(v if isinstance(v, list) else [v])
        elif hasattr(node, "items"):
            todo.extend(node.items)
    return {k: tuple(sorted(v)) for k, v in teams.items()}


def team_tables(c: CompileContext) -> tuple[list[list[bool]], list[list[bool]]] | None:
    """Per mover and player number, whether the player is a friend and whether an enemy
    of the mover, as Ludii's ``(is Friend ...)``/``(is Enemy ...)`` say in a game with
    teams (a player in no team is in team 0, with the others in none); None when the
    game has no teams."""
    if not c.teams:
        return None
    n = c.num_players
    team_of = [0] * (n + 1)
    for k, members in c.teams.items():
        for p in members:
            if p <= n:
                team_of[p] = k
    friend = [[1 <= p <= n and team_of[p] == team_of[w] for p in range(n + 1)]
              for w in range(n + 1)]
    enemy = [[1 <= p <= n and not friend[w][p] for p in range(n + 1)] for w in range(n + 1)]
    return friend, enemy
