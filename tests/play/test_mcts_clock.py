"""The MCTS agent on a clock: time budgets kept by its own accounting, wins and losses
in one seen at once, the tree kept between moves, heuristic cut-offs, progress reports,
and play's default thinking time."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludeme
from ludeme.agents import DEFAULT_SECONDS_PER_MOVE, make_agent, timed_spec
from ludeme.agents.mcts import MCTSAgent, safe_moves, winning_move
from ludeme.play.session import Seat, Session, seat_players
from ludeme.records import agent_move

GOMOKU = Path(__file__).resolve().parents[1] / "front" / "data" / "gomoku.lud"


def gomoku(*moves: str):
    state = ludeme.load(str(GOMOKU), ["Board Size/9x9", "Line/5"]).new_initial_state()
    for text in moves:
        state.apply(state.parse_move(text))
    return state


# P1 has four in a row (b..e on row 1) with f1 open; P2 has three on row 9
P1_FOUR = ["b1", "a9", "c1", "b9", "d1", "c9", "e1", "h5"]


def test_a_win_in_one_is_played_at_once():
    state = gomoku(*P1_FOUR)            # P1 to move: a1 or f1 wins
    assert state.move_to_string(winning_move(state)) in ("a1", "f1")
    agent = make_agent("mcts:iterations=1", 1)
    assert state.move_to_string(agent_move(agent, state)) in ("a1", "f1")
    # plain UCT with one iteration plays the first move it happened to expand
    uct_moves = {state.move_to_string(agent_move(make_agent("uct:iterations=1", s), state))
                 for s in range(8)}
    assert not uct_moves <= {"a1", "f1"}


def test_a_loss_in_one_is_blocked():
    # P2 blocked a1, P1 played elsewhere (h5): P2 to move, P1 threatens f1
    state = gomoku(*P1_FOUR[:-1], "a1", "h5")
    # P2 to move with P1 threatening f1
    assert state.mover == 2
    assert [state.move_to_string(m) for m in safe_moves(state, state.legal_moves())] == ["f1"]
    for seed in range(3):
        agent = make_agent("mcts:iterations=5", seed)
        assert state.move_to_string(agent_move(agent, state)) == "f1"


def test_a_loss_in_one_found_by_trying_every_reply(load):
    # connect four: P1 has a, a, a in column a; P2 to move must play a4
    state = load("connect-four").new_initial_state()
    for text in ["a1", "g1", "a2", "g2", "a3"]:
        state.apply(state.parse_move(text))
    assert [state.move_to_string(m) for m in safe_moves(state, state.legal_moves())] == ["a4"]
    assert state.move_to_string(agent_move(make_agent("mcts:iterations=3", 2), state)) == "a4"


class _TickingClock:
    """A clock that moves on a millisecond each time it is read, so that the budget is
    measured in the search's own steps, not in how busy the machine happens to be."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


def test_budget_is_kept_by_its_own_accounting(load, monkeypatch):
    import ludeme.agents.mcts as mcts

    monkeypatch.setattr(mcts, "time", _TickingClock())
    for name in ("brandubh", "hex"):
        state = load(name).new_initial_state()
        agent = make_agent("mcts:seconds=0.2", 1)
        agent_move(agent, state)
        # tactics and the prior take shares of the budget, the search stops on time,
        # one iteration over at most (a few clock reads)
        assert agent.last_iterations > 0
        assert 0.2 <= agent.last_seconds < 0.25, (name, agent.last_seconds)
        # a draw offer is answered within the same budget
        agent.value_for(state, 2)
        assert agent.last_seconds < 0.25


def test_tree_is_reused_after_the_opponents_move(load):
    state = load("connect-four").new_initial_state()
    agent = make_agent("mcts:iterations=400,reuse=1,prior=0", 3)
    mine = agent_move(agent, state)
    root = agent.last_root
    child = next(ch for ch in root.children if ch.move == mine)
    reply = max(child.children, key=lambda ch: ch.visits)
    kept_visits = reply.visits
    assert kept_visits > 1
    state.apply(mine)
    state.apply(reply.move)
    assert agent._reused_root(state) is reply
    agent_move(agent, state)
    assert agent.last_root is reply
    assert reply.visits == kept_visits + 400
    # a position the tree never saw starts afresh
    other = load("connect-four").new_initial_state()
    other.apply(other.legal_moves()[-1])
    fresh = make_agent("mcts:iterations=50,reuse=1", 3)
    agent_move(fresh, other)
    assert fresh._reused_root(load("connect-four").new_initial_state()) is None
    # without reuse every decision starts from nothing
    plain = make_agent("mcts:iterations=50,prior=0", 3)
    agent_move(plain, state)
    assert plain.last_root.visits == 50


def _a_capture_position(game):
    """A position of a seeded random game where some, not all, moves capture."""
    from ludeme.agents.alphabeta import material
    from ludeme.records import play_game

    for seed in range(50):
        rec = play_game(game, ["random", "random"], seed=seed, max_moves=60)
        state = game.new_initial_state()
        for text in rec.moves:
            before = material(state)
            captures = [m for m in state.legal_moves()
                        if material(state.child(m)) != before and not state.child(m).is_terminal()]
            if captures and len(captures) < len(state.legal_moves()):
                return state, captures
            state.apply(state.parse_move(text))
    raise AssertionError("no capture in 50 random games")


def test_the_root_prior_starts_from_the_evaluation(load):
    state, captures = _a_capture_position(load("brandubh"))
    for seed in range(3):
        # one iteration: the choice is the prior's (tactics off, so only the prior acts)
        agent = make_agent("mcts:iterations=1,tactics=0,prior=3", seed)
        assert agent_move(agent, state) in captures
        root = agent.last_root
        assert len(root.children) == len(state.legal_moves())
        assert root.visits == 3 * len(root.children) + 1
    # without the prior one iteration expands one move, chosen at random
    chosen = {agent_move(make_agent("mcts:iterations=1,tactics=0,prior=0", s), state)
              for s in range(12)}
    assert not chosen <= set(captures)


HEURISTIC_GAME = """
(game "Fill" (players 2)
    (equipment { (board (square 6)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Full) (result Mover Draw)))
        heuristics:{ (heuristic (- (count Pieces Mover) (count Pieces Next)) weight:0.1) }))
"""


def test_playouts_are_cut_short_and_judged_by_the_heuristics():
    game = ludeme.loads(HEURISTIC_GAME)
    state = game.new_initial_state()
    state.apply(state.legal_moves()[0])           # P1 one piece ahead; P2 to move
    agent = make_agent("mcts:iterations=60,cutoff=3,prior=0", 1)
    agent.search(state)
    # playouts of 3 moves leave P1 a piece ahead: P1's mean is positive, P2's negative.
    # To the end they are all draws (0): the heuristic is what gives the values.
    assert agent.last_mean[0] > 0 > agent.last_mean[1]
    full = make_agent("mcts:iterations=60,cutoff=0,prior=0", 1)
    full.search(state)
    assert full.last_mean == [0.0, 0.0]


def test_generic_cutoffs_only_where_the_evaluation_tells_moves_apart(load):
    # in gomoku material and mobility are the same after every move: playouts run on
    state = gomoku("e5", "d4")
    agent = make_agent("mcts:iterations=30", 1)
    agent.search(state)
    assert agent._evaluation_discriminates is False
    # in brandubh the attackers' moves leave them more or fewer moves: cut and judged
    agent = make_agent("mcts:iterations=30", 1)
    agent.search(load("brandubh").new_initial_state())
    assert agent._evaluation_discriminates is True
    assert any(agent.last_mean)          # judged playouts are rarely exact draws


def test_progress_reports_while_thinking(load):
    state = load("hex", "Board Size/7x7").new_initial_state()
    agent = make_agent("mcts:seconds=0.3", 1)
    seen = []
    agent.progress = seen.append
    agent_move(agent, state)
    assert seen and seen[-1].iterations == agent.last_iterations
    assert seen[-1].best in state.legal_moves()
    assert "iterations" in seen[-1].text() and "best " in seen[-1].text()


def test_play_gives_bots_a_default_clock():
    assert DEFAULT_SECONDS_PER_MOVE == pytest.approx(2.0)
    assert timed_spec("mcts") == "mcts:seconds=2.0"
    assert timed_spec("mcts:c=1.0", 0.5) == "mcts:c=1.0,seconds=0.5"
    assert timed_spec("mcts:iterations=300") == "mcts:iterations=300"   # a budget wins
    assert timed_spec("alphabeta") == "alphabeta:seconds=2.0"
    assert timed_spec("random") == "random" and timed_spec("human") == "human"
    seats, _, _ = seat_players(2, {1: "human"}, 1, "mcts", bot_seconds=2.0)
    assert isinstance(seats[1].agent, MCTSAgent) and seats[1].agent.seconds == 2.0
    assert seats[1].agent.reuse
    seats, _, _ = seat_players(2, {1: "human"}, 1, "mcts:iterations=30", bot_seconds=2.0)
    assert seats[1].agent.seconds is None and not seats[1].agent.reuse


class _Status:
    def __init__(self):
        self.lines = []

    def update(self, text):
        self.lines.append(text)


class _Terminal:
    shows_every_position = False

    def __init__(self):
        self.status = _Status()
        self.said = []

    def say(self, text, style=None):
        self.said.append(text)

    def show(self, *args):
        pass

    def read(self, name, until=None):
        return None

    def thinking(self, text):
        from contextlib import nullcontext

        return nullcontext(self.status)


def test_session_shows_what_the_bot_is_thinking(load):
    game = load("hex", "Board Size/7x7")
    terminal = _Terminal()
    seat = Seat(1, "mcts:seconds=0.3", 1, make_agent("mcts:seconds=0.3", 1))
    session = Session(game, [seat, Seat(2, "human")], 1, terminal=terminal)
    session.bot_turn(seat)
    assert terminal.status.lines
    assert all(line.startswith("P1 (mcts) is thinking: ") for line in terminal.status.lines)
    assert seat.agent.progress is None


def test_alphabeta_reports_each_finished_depth(load):
    state = load("brandubh").new_initial_state()
    agent = make_agent("alphabeta:depth=2", 1)
    seen = []
    agent.progress = seen.append
    move = agent_move(agent, state)
    assert [p.work.split(",")[0] for p in seen] == ["depth 1", "depth 2"]
    assert seen[-1].best == move and "positions" in seen[-1].text()
