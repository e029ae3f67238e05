"""Game records: seeded play is reproducible, records round-trip, tampering is caught."""

from __future__ import annotations

import dataclasses

import pytest

from ludeme.errors import LudemeError
from ludeme.records import (
    END_RESIGNED,
    GameRecord,
    load_records,
    play_game,
    save_records,
    verify_record,
)

GAMES = ["tic-tac-toe", "connect-four", "hex"]


@pytest.fixture(scope="module")
def records(load):
    return {g: play_game(load(g), ["random", "random"], seed=11) for g in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(load, records, name):
    again = play_game(load(name), ["random", "random"], seed=11)
    assert again == records[name]
    other = play_game(load(name), ["random", "random"], seed=12)
    assert other.moves != again.moves


@pytest.mark.parametrize("name", GAMES)
def test_record_verifies_and_round_trips(records, name, tmp_path):
    rec = records[name]
    assert rec.end == "rules" and len(rec.returns) == 2
    assert GameRecord.from_json(rec.to_json()) == rec
    report = verify_record(rec)
    assert report.ok, report.divergence
    assert report.agents_checked == [1, 2]
    path = tmp_path / "one.json"
    save_records(path, [rec])
    assert load_records(path) == [rec]


def test_json_lines(records, tmp_path):
    path = tmp_path / "many.jsonl"
    save_records(path, records.values())
    assert load_records(path) == list(records.values())
    assert len(path.read_text().splitlines()) == len(GAMES)


def test_changed_move_is_reported_at_its_ply(records):
    rec = records["connect-four"]
    moves = list(rec.moves)
    # a legal alternative the seeded agent would not have chosen
    replacement = next(c for c in "abcdefg" if f"{c}1" != moves[2] and f"{c}1" not in moves[:2])
    moves[2] = f"{replacement}1"
    report = verify_record(dataclasses.replace(rec, moves=moves))
    assert not report.ok
    assert report.divergence.ply == 2
    assert "P1's agent 'random'" in report.divergence.message
    # the move itself is legal: only re-running the agent catches it there
    unchecked = verify_record(dataclasses.replace(rec, moves=moves), check_agents=False)
    assert unchecked.divergence is None or unchecked.divergence.ply != 2


def test_illegal_move_is_reported(records):
    rec = records["tic-tac-toe"]
    moves = list(rec.moves)
    moves[3] = moves[1]  # an occupied cell
    report = verify_record(dataclasses.replace(rec, moves=moves))
    assert report.divergence.ply == 3
    assert "not legal" in report.divergence.message


def test_changed_result_hash_and_length_fail(records):
    rec = records["hex"]
    flipped = [-r for r in rec.returns]
    assert "result" in verify_record(dataclasses.replace(rec, returns=flipped)).divergence.message
    bad_hash = verify_record(dataclasses.replace(rec, description_hash="0" * 16)).divergence
    assert bad_hash.ply == -1 and "content hash" in bad_hash.message
    short = verify_record(dataclasses.replace(rec, moves=rec.moves[:-1])).divergence
    assert short.at_end and "not over" in short.message
    longer = verify_record(dataclasses.replace(rec, moves=rec.moves + ["a1"])).divergence
    assert longer.ply == len(rec.moves) and "already over" in longer.message


def test_resignation_record(load):
    rec = play_game(load("hex"), ["random", "random"], seed=5, max_moves=4)
    assert rec.end == "unfinished" and rec.returns == [0.0, 0.0]
    assert verify_record(rec).ok
    resigned = dataclasses.replace(rec, end=END_RESIGNED, end_by=2, returns=[1.0, -1.0])
    assert verify_record(resigned).ok
    wrong = dataclasses.replace(resigned, returns=[-1.0, 1.0])
    assert not verify_record(wrong).ok


def test_bad_json_is_a_ludeme_error(tmp_path):
    with pytest.raises(LudemeError):
        GameRecord.from_json("{not json")
    with pytest.raises(LudemeError, match="lacks"):
        GameRecord.from_json('{"game": "x"}')
    p = tmp_path / "bad.jsonl"
    p.write_text('{"description": "hex"}\nnot json\n')
    with pytest.raises(LudemeError):
        load_records(p)


def test_options_are_recorded_and_checked(load):
    rec = play_game(load("hex", "Board Size/7x7"), ["random", "mcts:iterations=10"], seed=3)
    assert rec.options == ["Board Size/7x7"]
    assert verify_record(rec).ok
    # the same moves under other options: the seeded agent no longer agrees (or a move
    # or the result fails first); either way the record does not verify
    other = dataclasses.replace(rec, options=["Board Size/9x9"])
    assert not verify_record(other).ok
    missing = dataclasses.replace(rec, options=["Board Size/8x8"])
    report = verify_record(missing)
    assert report.divergence.ply == -1 and "cannot load the description" in \
        report.divergence.message


def test_a_game_from_text_carries_its_text_and_verifies(load, tmp_path):
    """A description that is no file (``ludeme.loads``, a text edited in the web app):
    the record carries the text, and verifies from the record alone."""
    import ludeme

    text = load("tic-tac-toe").description.source.replace('"Tic-Tac-Toe"', '"From Text"')
    game = ludeme.loads(text, file=str(tmp_path / "nowhere.lud"))
    rec = play_game(game, ["random", "random"], seed=4)
    assert rec.description_text == text and rec.game == "From Text"
    save_records(tmp_path / "r.json", [rec])
    [again] = load_records(tmp_path / "r.json")
    assert again == rec and verify_record(again).ok
    changed = dataclasses.replace(rec, description_text=text.replace("(players 2)",
                                                                     "(players  2)"))
    assert "hash" in str(verify_record(changed).divergence)
    # a file the game was loaded from is named, not copied
    assert play_game(load("hex"), ["random", "random"], seed=4).description_text is None


def test_a_record_refuses_a_description_text_too_long():
    from ludeme.records import MAX_DESCRIPTION_CHARS

    with pytest.raises(LudemeError, match="description_text"):
        GameRecord.from_dict({"description": "x.lud", "description_hash": "h", "game": "X",
                              "moves": [], "description_text": "x" * (MAX_DESCRIPTION_CHARS + 1)})
