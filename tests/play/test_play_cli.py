"""Piped ``ludeme play`` sessions for every bundled game, and replay/verify on the
records they save."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ludeme.agents import make_agent
from ludeme.cli import cmd_play
from ludeme.cli.main import cli
from ludeme.library import bundled
from ludeme.records import load_records, verify_record

# every bundled description, and the games the project is adding, skipped only while
# their description file does not exist
EXPECTED = ["tic-tac-toe", "connect-four", "hex", "brandubh", "tablut", "hnefatafl",
            "branches", "twigs-and-thorns", "branching-coral"]
BUNDLED = sorted(set(bundled()) | set(EXPECTED))


def require(name):
    if name not in bundled():
        pytest.skip(f"descriptions/{name}.lud does not exist yet")


def run(args, text=""):
    return CliRunner().invoke(cli, args, input=text, catch_exceptions=False)


def first_move(game):
    """The first mover's seat and the text of their first legal move."""
    state = game.new_initial_state()
    return state.mover, state.move_to_string(state.legal_moves()[0])


@pytest.mark.parametrize("name", BUNDLED)
def test_session_move_illegal_undo_resign(load, name, tmp_path):
    require(name)
    game = load(name)
    seat, move = first_move(game)
    seats = []
    for p in range(1, game.num_players + 1):
        seats += [f"--p{p}", "human" if p == seat else "random"]
    rec_path = tmp_path / "game.json"
    # the move, the same move again (its site is taken or its piece has gone), undo,
    # the move again, resign
    text = f"{move}\n{move}\nundo\n{move}\nresign\n"
    result = run(["play", name, *seats, "--seed", "4", "--save", str(rec_path)], text)
    out = result.output
    assert result.exit_code == 0, out
    you = f"P{seat} (you)"
    assert out.splitlines()[0].startswith(f"{game.name}: ")
    assert f"P{seat} you" in out.splitlines()[0]
    assert out.count(f"{you} plays {move}") == 2
    assert f"error: '{move}' is not a legal move here" in out
    assert f"took back {you} {move}" in out
    assert f"{you} resigns" in out
    others = [p for p in range(1, game.num_players + 1) if p != seat]
    assert f"result: {', '.join(f'P{p}' for p in others)} won (P{seat} resigned)" in out
    assert "Traceback" not in out
    [rec] = load_records(rec_path)
    assert rec.end == "resigned" and rec.end_by == seat
    assert rec.moves[0] == move or seat != 1
    report = verify_record(rec)
    assert report.ok, report.divergence
    assert report.agents_checked == others


def test_plain_output_is_the_text_diagram(load):
    out = run(["play", "tic-tac-toe", "--p1", "human", "--p2", "human", "--seed", "1"],
              "quit\n").output
    state = load("tic-tac-toe").new_initial_state()
    assert str(state) in out
    assert "\x1b[" not in out          # no colour on a pipe
    assert out.splitlines()[-1].startswith("result: unfinished")


def test_illegal_move_says_why_and_what_is_near():
    out = run(["play", "tic-tac-toe", "--p1", "human", "--p2", "human", "--seed", "1"],
              "b2\nb2\nc\nz9\nquit\n").output
    assert "error: 'b2' is not a legal move here: b2 is occupied by P1's Disc" in out
    assert " = legal moves starting the same way: b1, b3" in out
    assert " = legal moves starting the same way: c1, c2, c3" in out
    assert "there is no site z9 on this board" in out


def test_moves_hint_save_and_eof(tmp_path):
    saved = tmp_path / "sofar.json"
    out = run(["play", "tic-tac-toe", "--p1", "human", "--p2", "mcts:iterations=50",
               "--seed", "2"], f"moves\nhint\nb2\nsave {saved}\n").output
    assert "9 legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3" in out
    assert "hint (mcts): " in out
    assert f"saved the game so far to {saved}" in out
    assert "input ended: the game stops unfinished" in out
    [rec] = load_records(saved)
    assert rec.moves[0] == "b2" and len(rec.moves) == 2 and rec.end == "unfinished"
    assert rec.agents == ["human", "mcts:c=1.4,cutoff=8,iterations=50,playout=1000,prior=3,"
                                   "reuse=0,tactics=1"]
    assert verify_record(rec).ok


def test_the_seed_chooses_the_seat_and_says_so():
    firsts = set()
    for seed in range(6):
        out = run(["play", "tic-tac-toe", "--seed", str(seed), "--bot", "random"], "quit\n")
        line = out.output.splitlines()[0]
        assert "seat chosen by the seed" in line
        firsts.add("P1 you" in line)
        again = run(["play", "tic-tac-toe", "--seed", str(seed), "--bot", "random"], "quit\n")
        assert again.output.splitlines()[0] == line
    assert firsts == {True, False}
    # without a seed the human sits first; choosing a seat overrides the seed
    assert "P1 you, P2 random" in run(["play", "tic-tac-toe", "--bot", "random"],
                                      "quit\n").output
    out = run(["play", "tic-tac-toe", "--p2", "human", "--seed", "0"], "quit\n").output
    assert out.splitlines()[0].startswith("Tic-Tac-Toe: P1 mcts") and "chosen" not in out


def test_hot_seat_draw_offer():
    out = run(["play", "connect-four", "--p1", "human", "--p2", "human", "--seed", "1"],
              "d1\ndraw\nno\nd2\ndraw\nyes\n").output
    # P2 offers after d1, P1 declines; P1 offers after d2, P2 accepts
    assert "P2 offers a draw" in out and "P1 declines" in out and "draw agreed" in out
    assert "result: draw (agreed) after 2 moves" in out


def test_bot_answers_a_draw_offer_from_its_evaluation(load):
    # alphabeta solves tic-tac-toe: after b2 and its reply the game is an even draw
    out = run(["play", "tic-tac-toe", "--p1", "human", "--p2", "alphabeta", "--seed", "1"],
              "b2\ndraw\n").output
    assert "P2 (alphabeta) accepts (it values its position +0.00)" in out
    assert "result: draw (agreed) after 2 moves" in out
    # a bot that is winning plays on: P2 to move with two in a row and P1 no threat
    game = load("tic-tac-toe")
    seats = [cmd_play.Seat(1, "human"), cmd_play.Seat(2, "alphabeta", 3)]
    seats[1].agent = make_agent("alphabeta", 3)
    session = cmd_play.Session(game, seats, 1, plain=True)
    for text in ["a1", "b1", "c3", "b2"]:
        session.state.apply(session.state.parse_move(text))
    session.state.apply(session.state.parse_move("a3"))   # P1 misses the block at b3
    assert session.bot_value(seats[1]) == 1.0
    assert session.offer_draw(1) is False
    assert session.end == "unfinished"


def test_a_late_human_move_loses_on_time(monkeypatch):
    clock = iter(range(0, 1000, 50))
    monkeypatch.setattr(cmd_play.time, "perf_counter", lambda: float(next(clock)))
    out = run(["play", "tic-tac-toe", "--p1", "human", "--p2", "random", "--seed", "1",
               "--time-per-move", "10"], "b2\n").output
    assert "P1 (you) let the 10 s deadline pass and loses on time" in out
    assert "result: P2 won (P1 ran out of time)" in out


def test_deadline_becomes_a_bot_budget():
    assert cmd_play.with_deadline("mcts", 2.0) == "mcts:seconds=1.6"
    assert cmd_play.with_deadline("mcts:iterations=50", 2.0) == "mcts:iterations=50"
    assert cmd_play.with_deadline("random", 2.0) == "random"
    assert cmd_play.with_deadline("human", 2.0) == "human"


def test_bots_only_game_matches_play_game(load, tmp_path):
    from ludeme.records import play_game

    path = tmp_path / "bots.json"
    result = run(["play", "connect-four", "--p1", "random", "--p2", "mcts:iterations=20",
                  "--seed", "9", "--save", str(path)])
    assert result.exit_code == 0
    [rec] = load_records(path)
    assert rec == play_game(load("connect-four"), ["random", "mcts:iterations=20"], seed=9)


def test_bad_seats_are_usage_errors():
    r = CliRunner().invoke(cli, ["play", "tic-tac-toe", "--p3", "human"])
    assert r.exit_code == 2 and "this game has 2 players" in r.output
    r = CliRunner().invoke(cli, ["play", "tic-tac-toe", "--p2", "mcst"])
    assert r.exit_code == 2 and "no agent 'mcst'" in r.output


# -- replay and verify -----------------------------------------------------------------
@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "g.json"
    run(["play", "tic-tac-toe", "--p1", "random", "--p2", "mcts:iterations=40", "--seed", "5",
         "--save", str(path)])
    return path


def test_replay_prints_every_position(saved):
    rec = load_records(saved)[0]
    out = run(["replay", str(saved)]).output
    assert out.count("Tic-Tac-Toe: ") == len(rec.moves) + 2   # header + each position
    for i, move in enumerate(rec.moves, start=1):
        assert f"{i}. P{1 + (i - 1) % 2} {move}" in out
    assert out.splitlines()[-1].startswith("result: ")
    stepped = run(["replay", str(saved), "--step"], "\n\nb\nq\n").output
    assert "[0/" in stepped and "[2/" in stepped and stepped.count("[1/") == 2


def test_verify_ok_and_tampered(saved, tmp_path):
    ok = run(["verify", str(saved)])
    assert ok.exit_code == 0 and ": ok, " in ok.output and "agents re-run: P1, P2" in ok.output
    data = json.loads(saved.read_text())
    cases = {
        "moves": lambda d: d["moves"].__setitem__(1, next(
            m for m in ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
            if m not in d["moves"][:2])),
        "returns": lambda d: d.__setitem__("returns", [-r for r in d["returns"]] if any(
            d["returns"]) else [1.0, -1.0]),
        "description_hash": lambda d: d.__setitem__("description_hash", "f" * 16),
    }
    expect = {"moves": "at ply 2: P2's agent", "returns": "the record's result is",
              "description_hash": "content hash"}
    for key, change in cases.items():
        bad = json.loads(json.dumps(data))
        change(bad)
        path = tmp_path / f"bad-{key}.json"
        path.write_text(json.dumps(bad))
        r = run(["verify", str(path)])
        assert r.exit_code == 1, key
        assert "FAILED" in r.output and expect[key] in r.output, (key, r.output)


def test_verify_json_lines_reports_each(saved, tmp_path):
    data = json.loads(saved.read_text())
    bad = dict(data, moves=data["moves"][:-1])
    path = tmp_path / "two.jsonl"
    path.write_text(json.dumps(data) + "\n" + json.dumps(bad) + "\n")
    r = run(["verify", str(path)])
    assert r.exit_code == 1
    assert "record 1 (" in r.output and "record 2 (" in r.output
    assert "1 of 2 records verified" in r.output
    r = run(["verify", str(path), "-n", "1", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["ok"] is True


SHUFFLING = """
(game "Shuffling" (players 2)
    (equipment { (board (rectangle 1 4))
                 (piece "Stone" Each (move Step (to if:(is Empty (to))))) })
    (rules (start { (place "Stone1" "a1") (place "Stone2" "d1") })
           (play (forEach Piece))
           (end (if (is Repeat 3) (result Mover Draw)))))
"""


def test_warning_when_a_position_comes_round_twice(tmp_path):
    path = tmp_path / "shuffling.lud"
    path.write_text(SHUFFLING)
    out = run(["play", str(path), "--p1", "human", "--p2", "human", "--seed", "1"],
              "a1-b1\nd1-c1\nb1-a1\nc1-d1\n" * 2).output
    warning = "warning: this position has occurred twice"
    # the four positions of the round come round a second time after moves 4 to 7
    assert out.count(warning) == 4
    assert out.index(warning) > out.index("P2 plays c1-d1")
    assert "result: draw after 8 moves" in out


def test_colour_diagram(load):
    out = run(["play", "hex", "-o", "Board Size/7x7", "--p1", "human", "--p2", "human",
               "--seed", "1", "--color"], "d4\nquit\n").output
    # the count of moves played, as the plain diagram says it
    assert "Hex · move 1" in out and "Hex · move 2" not in out
    plain = run(["play", "hex", "-o", "Board Size/7x7", "--p1", "human", "--p2", "human",
                 "--seed", "1", "--plain"], "d4\nquit\n").output
    # the plain status names the move about to be made (tests/render/test_text.py)
    assert "P2 to move (move 2)" in plain
    assert "P2 to move" in out and "last move: P1 d4" in out
    # the diagram lays out Ludii's rows (7 lines of cells, the rows leaning), so the
    # columns are named above the top row and below the bottom row
    assert "      a   b   c   d   e   f   g" in out
