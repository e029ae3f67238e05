"""The web app's API without a browser (Starlette's TestClient): games only from the
catalogue, request limits, edited text checked in a child process with a time limit,
play with bots in threads, records that ``verify`` accepts, and simulations."""

from __future__ import annotations

import json
import time
import warnings  # noqa: E402

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette's note about a future httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from ludeme.agents import make_agent  # noqa: E402
from ludeme.records import GameRecord, verify_record  # noqa: E402
from ludeme.web.app import MAX_BODY, create_app  # noqa: E402
from ludeme.web.sandbox import check_limited  # noqa: E402

BAD = ('(game "X" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})\n'
       '  (rules (play (move Add (to (sites Emty))))\n'
       '         (end (if (is Line 3) (result Mover Win)))))\n')


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    folder = tmp_path_factory.mktemp("served")
    (folder / "mine.lud").write_text(BAD.replace("Emty", "Empty"))
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.lud").write_text(BAD)
    (folder / "link.lud").symlink_to(outside / "secret.lud")
    client = TestClient(create_app([folder], check_seconds=60))
    client.outside = f"../{outside.name}/secret"   # a description beside the served folder
    assert (folder / client.outside).with_suffix(".lud").resolve().is_file()
    return client


def wait(client, rid: str, cond, limit: float = 30.0) -> dict:
    end = time.monotonic() + limit
    while True:
        v = client.get(f"/api/play/{rid}").json()
        if cond(v) or time.monotonic() > end:
            return v
        time.sleep(0.05)


def test_catalogue_has_bundled_and_served_games_only(client):
    games = {g["key"]: g for g in client.get("/api/games").json()["games"]}
    assert "brandubh" in games and "1:mine" in games
    assert "1:link" not in games            # a link out of the folder is not followed
    branches = games["branches"]
    assert any(o["title"] == "Board Size" for o in branches["options"])
    for key in ("../../etc/passwd", "/etc/passwd", "1:" + client.outside, "1:link"):
        r = client.post("/api/play", json={"game": key})
        assert r.status_code == 400 and "no game" in r.json()["error"]
        assert client.get("/api/source", params={"game": key}).status_code == 400


def test_request_size_is_capped(client):
    r = client.post("/api/check", content=b'{"text": "' + b"x" * (MAX_BODY + 10) + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_check_reports_at_the_line_and_draws_the_board(client):
    r = client.post("/api/check", json={"text": BAD}).json()
    assert not r["ok"]
    [d] = r["diagnostics"]
    assert (d["line"], d["message"]) == (2, "unknown kind 'Emty' of (sites ...)")
    r = client.post("/api/check", json={"text": BAD.replace("Emty", "Empty")}).json()
    assert r["ok"] and r["moves"] == 9 and r["svg"].startswith("<svg")
    assert r["game"].startswith("edit:")


def test_an_edited_variant_may_only_name_a_served_game(client):
    r = client.post("/api/check", json={"text": '(variant "/etc/hostname")'}).json()
    assert not r["ok"] and "not served here" in r["diagnostics"][0]["message"]
    assert r["diagnostics"][0]["line"] == 1
    r = client.post("/api/check", json={"text": '(variant "branches" '
                                                'options:{"Board Size/6x6"})'}).json()
    assert r["ok"], r
    r = client.post("/api/check", json={"text": '(variant "mine" name:"Mine again")'}).json()
    assert r["ok"] and r["name"] == "Mine again"        # a game of the served folder
    for base in (client.outside, "link", "/etc/hostname"):
        r = client.post("/api/check", json={"text": f'(variant "{base}")'}).json()
        assert "not served here" in r["diagnostics"][0]["message"], base


def test_a_check_that_takes_too_long_is_stopped():
    from ludeme.library import bundled

    text = bundled()["hex"].read_text().replace('"11x11" <11>', '"11x11" <40>')
    start = time.monotonic()
    r = check_limited(text, "hex.lud", seconds=0.05)
    assert time.monotonic() - start < 5
    assert not r["ok"] and r["diagnostics"][0]["message"].startswith("stopped:")


def test_play_against_a_bot_undo_and_a_verifiable_record(client):
    v = client.post("/api/play", json={"game": "tic-tac-toe", "seed": 3, "seats": [
        {"kind": "human"}, {"kind": "mcts", "settings": "iterations=50"}]}).json()
    rid = v["id"]
    assert v["human_turn"] and len(v["moves"]) == 9
    v = client.post(f"/api/play/{rid}/move", json={"move": "b2"}).json()
    assert v["history"][0]["text"] == "b2"
    v = wait(client, rid, lambda v: v["human_turn"])
    assert len(v["history"]) == 2 and v["history"][1]["player"] == 2
    v = client.post(f"/api/play/{rid}/undo", json={}).json()
    assert v["history"] == [] and v["human_turn"]
    r = client.post(f"/api/play/{rid}/move", json={"move": "z9"})
    assert r.status_code == 422
    while True:
        v = wait(client, rid, lambda v: v["human_turn"] or v["over"])
        if v["over"]:
            break
        client.post(f"/api/play/{rid}/move", json={"move": v["moves"][0]["text"]})
    r = client.get(f"/api/play/{rid}/record")
    assert "attachment" in r.headers["content-disposition"]
    rec = GameRecord.from_dict(r.json())
    # the bot's full spec (every parameter, as the agent writes it), so a replay re-runs it
    assert rec.agents == ["human", make_agent("mcts:iterations=50").spec]
    assert "iterations=50" in rec.agents[1]
    report = verify_record(rec)
    assert report.ok and 2 in report.agents_checked   # the bot's moves re-run and matched


def _play_edited(client, text: str, tmp_path, name: str):
    """Check ``text`` in the editor, play it to the end against a seeded bot, download
    the record; returns the record's file."""
    r = client.post("/api/check", json={"text": text}).json()
    assert r["ok"], r
    v = client.post("/api/play", json={"game": r["game"], "seed": 5, "seats": [
        {"kind": "human"}, {"kind": "random"}]}).json()
    rid = v["id"]
    while True:
        v = wait(client, rid, lambda v: v["human_turn"] or v["over"])
        if v["over"]:
            break
        client.post(f"/api/play/{rid}/move", json={"move": v["moves"][-1]["text"]})
    path = tmp_path / f"{name}-record.json"
    path.write_text(client.get(f"/api/play/{rid}/record").text)
    return path


@pytest.mark.parametrize(("name", "text"), [
    ("edited", BAD.replace("Emty", "Empty").replace('"X"', '"Edited X"')),
    ("variant", '(variant "mine" name:"Mine on four" options:{})\n'),
    ("bundled-variant", '(variant "branches" name:"Small branches" '
                        'options:{"Board Size/6x6"})\n'),
])
def test_a_record_of_an_edited_game_carries_its_text_and_verifies(client, tmp_path, name,
                                                                   text):
    """An edited description is no file: the record carries its text (and names the
    file it was expanded as, where a variant's base is found), and ``ludeme verify``
    replays it from the record alone."""
    from click.testing import CliRunner

    from ludeme.cli.main import cli

    path = _play_edited(client, text, tmp_path, name)
    rec = GameRecord.from_json(path.read_text())
    assert rec.description_text == text and rec.description.endswith("<edited>.lud")
    assert rec.moves and rec.end == "rules"
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    # the text is covered by the record's hash: an edit to it is caught
    data = json.loads(path.read_text())
    data["description_text"] += "// changed after the game\n"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code != 0 and "hash" in result.output, result.output


def test_resign_and_draw_offer(client):
    rid = client.post("/api/play", json={"game": "brandubh", "seats": [
        {"kind": "human"}, {"kind": "random"}]}).json()["id"]
    v = client.post(f"/api/play/{rid}/draw", json={}).json()
    assert v["agreed"] is False                 # random has no opinion: declines
    v = client.post(f"/api/play/{rid}/resign", json={}).json()
    assert v["over"] and v["result"] == "P2 won (P1 resigned)"
    assert client.post(f"/api/play/{rid}/move", json={"move": "d1-e1"}).status_code == 400


def test_simulation_report_and_charts(client):
    jid = client.post("/api/simulate", json={"game": "tic-tac-toe", "n": 6,
                                             "agents": ["random"], "seed": 1}).json()["id"]
    end = time.monotonic() + 60
    while True:
        v = client.get(f"/api/simulate/{jid}").json()
        if v["done"] or time.monotonic() > end:
            break
        time.sleep(0.1)
    assert v["error"] is None and v["finished"] == 6
    assert v["report"]["games"] == 6 and len(v["report"]["seats"]) == 2
    assert v["report"]["description"] == "tic-tac-toe"    # no path of the server's
    if v["charts"]:  # matplotlib installed
        assert {c["name"] for c in v["charts"]} == {"length", "wins"}
    r = client.post("/api/simulate", json={"game": "tic-tac-toe", "n": 100000})
    assert r.status_code == 400
    jid = client.post("/api/simulate", json={"game": "hex", "n": 2, "agents": ["random"],
                                             "options": ["Board Size/7x7"]}).json()["id"]
    end = time.monotonic() + 60
    while not (v := client.get(f"/api/simulate/{jid}").json())["done"] and \
            time.monotonic() < end:
        time.sleep(0.1)
    assert v["error"] is None and v["report"]["options"] == ["Board Size/7x7"]


def test_the_move_is_answered_while_the_bot_thinks(client):
    rid = client.post("/api/play", json={"game": "tic-tac-toe", "seats": [
        {"kind": "human"}, {"kind": "mcts", "settings": "seconds=2"}]}).json()["id"]
    v = client.post(f"/api/play/{rid}/move", json={"move": "b2"}).json()
    # the reply shows the person's move with the bot still searching its 2 s budget
    assert [h["text"] for h in v["history"]] == ["b2"] and v["thinking"] == 2
    assert not v["human_turn"] and v["moves"] == []
    v = wait(client, rid, lambda v: v["human_turn"])
    assert len(v["history"]) == 2 and v["thinking"] is None
