"""benchmarks/ludii_compare.py without Java: Ludii's move keys of ludeme moves, the
reference's trace text (written here by hand), the comparison of two traces, and the
whole script against a stand-in reference that prints a hand-written trace."""

from __future__ import annotations

import json

import pytest

import ludeme
from benchmarks import ludii_compare as lc

TWO = '''(game "Two" (players 2)
    (equipment { (board (square 2)) (piece "Disc" Each) })
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 2) (result Mover Win)))))
'''

# P1 a1, P2 b2, P1 b1: a row of two, P1 wins (as Ludii would print it)
TRACE_TWO = """# game Two seed 7 defaultSite Cell
ply 0 mover 1 n 4
  Add:0->0/1
  Add:1->1/1
  Add:2->2/1
  Add:3->3/1
play 0 Add:0->0/1
state over false next 2
ply 1 mover 2 n 3
  Add:1->1/2
  Add:2->2/2
  Add:3->3/2
play 2 Add:3->3/2
state over false next 1
ply 2 mover 1 n 2
  Add:1->1/1
  Add:2->2/1
play 0 Add:1->1/1
state over true winner 1
end plies 3 over true winner 1 ranking 1.0,2.0
result over true winner 1 returns 1.0,-1.0
"""


# -- keys --------------------------------------------------------------------------------

def test_keys_of_the_move_kinds():
    cells = ("Cell",) * 9
    off = {"Cell": 0}
    assert lc.ludii_key("add", -1, 4, 1, cells, off, "Cell") == "Add:4->4/1"
    assert lc.ludii_key("move", 3, 7, 2, cells, off, "Cell") == "Move:3->7"
    assert lc.ludii_key("remove", -1, 5, 2, cells, off, "Cell") == "Remove:-1->5"
    assert lc.ludii_key("promote", 8, 8, 3, cells, off, "Cell") == "Promote:8->8/3"
    assert lc.ludii_key("pass", -1, -1, 0, cells, off, "Cell") == "Pass:-1->-1"
    assert lc.ludii_key("swap", -1, -1, 0, cells, off, "Cell") == "Swap:-1->-1"
    # Ludii's (move Swap Pieces a b) is a move from a to b (its decision an ActionMove)
    assert lc.ludii_key("swap", 2, 6, 0, cells, off, "Cell") == "Move:2->6"


def test_keys_number_the_pieces_after_the_dice():
    # Ludii's equipment makes its dice components (Die1, Die2) before the pieces
    cells = ("Cell",) * 9
    off = {"Cell": 0}
    assert lc.ludii_key("promote", 3, 3, 20, cells, off, "Cell", dice=1) == "Promote:3->3/21"
    assert lc.ludii_key("add", -1, 4, 1, cells, off, "Cell", dice=2) == "Add:4->4/3"
    assert lc.ludii_key("move", 3, 7, 2, cells, off, "Cell", dice=2) == "Move:3->7"


def test_keys_number_each_site_type_from_zero_and_tag_the_other_types():
    # ludeme numbers cells 0-3 then vertices 4-12; Ludii numbers each type from 0
    types = ("Cell",) * 4 + ("Vertex",) * 9
    off = {"Cell": 0, "Vertex": 4}
    assert lc.ludii_key("add", -1, 6, 1, types, off, "Cell") == "Add:2->2@Vertex/1"
    assert lc.ludii_key("move", 4, 5, 1, types, off, "Cell") == "Move:0->1@Vertex"
    assert lc.ludii_key("add", -1, 3, 2, types, off, "Cell") == "Add:3->3/2"
    # on a vertex board Ludii tags the site-less Pass with Cell
    verts = ("Vertex",) * 9
    assert lc.ludii_key("pass", -1, -1, 0, verts, {"Vertex": 0}, "Vertex") == "Pass:-1->-1@Cell"
    assert lc.ludii_key("add", -1, 8, 1, verts, {"Vertex": 0}, "Vertex") == "Add:8->8/1"


def test_move_key_of_a_loaded_game():
    game = ludeme.loads(TWO)
    keys = [lc.move_key(m, game.board) for m in game.new_initial_state().legal_moves()]
    assert sorted(keys) == ["Add:0->0/1", "Add:1->1/1", "Add:2->2/1", "Add:3->3/1"]


def test_hand_sites_follow_the_vertices_of_a_board_played_on_vertices():
    # a 3x3 grid of vertices has 4 cells: Ludii's first hand site is 9 (the vertices,
    # more than the cells), as in a morris game that moves pieces from the hands
    game = ludeme.loads("""(game "H" (players 2)
        (equipment {(board (square 3) use:Vertex) (hand Each) (piece "Disc" Each)})
        (rules (start {(place "Disc1" (handSite P1) count:2)
                       (place "Disc2" (handSite P2) count:2)})
               (play (move (from (handSite Mover)) (to (sites Empty))))
               (end (if (is Line 3) (result Mover Win)))))""")
    keys = {lc.move_key(m, game.board) for m in game.new_initial_state().legal_moves()}
    assert keys == {f"Move:9->{x}" for x in range(9)}


# -- parsing -----------------------------------------------------------------------------

def test_parse_a_trace():
    (tr,) = lc.parse_traces(TRACE_TWO)
    assert (tr.game, tr.seed, tr.default_site) == ("Two", 7, "Cell")
    assert [p.mover for p in tr.plies] == [1, 2, 1]
    assert tr.plies[1].keys == ["Add:1->1/2", "Add:2->2/2", "Add:3->3/2"]
    assert [p.play for p in tr.plies] == ["Add:0->0/1", "Add:3->3/2", "Add:1->1/1"]
    assert [p.over for p in tr.plies] == [False, False, True]
    assert [p.after for p in tr.plies] == [2, 1, 1]
    assert (tr.over, tr.winner, tr.returns) == (True, 1, (1.0, -1.0))


def test_parse_several_seeds_names_with_spaces_and_unfinished_games():
    text = """# game Fox and Geese seed 3 defaultSite Vertex
ply 0 mover 1 n 1
  Pass:-1->-1@Cell
play 0 Pass:-1->-1@Cell
state over false next 2
end plies 1 over false winner none ranking 0.0,0.0
result over false winner none returns -
# game Fox and Geese seed 4 defaultSite Vertex
end plies 0 over false winner none ranking 0.0,0.0
"""
    a, b = lc.parse_traces(text)
    assert (a.game, a.seed, a.default_site, b.seed) == ("Fox and Geese", 3, "Vertex", 4)
    assert a.plies[0].keys == ["Pass:-1->-1@Cell"]
    assert (a.over, a.winner, a.returns) == (False, None, None)
    assert b.plies == []


def test_parse_rejects_text_that_is_not_a_trace():
    with pytest.raises(ValueError, match="line 1"):
        lc.parse_traces("Exception in thread main\n")
    with pytest.raises(ValueError, match="line 2: not a trace line"):
        lc.parse_traces("# game X seed 1 defaultSite Cell\nfoo bar\n")


# -- comparing two traces ----------------------------------------------------------------

def _edit(text: str, old: str, new: str) -> lc.Trace:
    assert old in text
    return lc.parse_traces(text.replace(old, new, 1))[0]


def test_same_traces_do_not_diverge():
    (a,) = lc.parse_traces(TRACE_TWO)
    (b,) = lc.parse_traces(TRACE_TWO)
    assert lc.diff_traces(a, b) is None


def test_first_ply_whose_move_sets_differ():
    (ref,) = lc.parse_traces(TRACE_TWO)
    ours = _edit(TRACE_TWO, "  Add:2->2/2\n", "  Add:2->2/2\n  Move:0->2\n  Add:7->7/2\n")
    ours.plies[1].keys.remove("Add:1->1/2")
    d = lc.diff_traces(ref, ours)
    assert (d.seed, d.ply, d.what) == (7, 1, "moves")
    assert d.only_ludii == ["Add:1->1/2"]
    assert d.only_ludeme == ["Add:7->7/2", "Move:0->2"]


def test_a_different_mover_or_result_is_a_divergence():
    (ref,) = lc.parse_traces(TRACE_TWO)
    d = lc.diff_traces(ref, _edit(TRACE_TWO, "ply 1 mover 2", "ply 1 mover 1"))
    assert (d.ply, d.what) == (1, "mover")
    d = lc.diff_traces(ref, _edit(TRACE_TWO, "returns 1.0,-1.0", "returns 0.0,0.0"))
    assert (d.ply, d.what) == (3, "end") and "returns" in d.detail
    d = lc.diff_traces(ref, _edit(TRACE_TWO, "end plies 3 over true", "end plies 3 over false"))
    assert (d.ply, d.what) == (3, "end") and "over" in d.detail


def test_a_game_that_ends_early_or_goes_on_diverges_where_the_other_goes_on():
    (ref,) = lc.parse_traces(TRACE_TWO)
    short = lc.parse_traces(TRACE_TWO)[0]
    short.plies = short.plies[:2]
    short.over = True
    d = lc.diff_traces(ref, short)
    assert (d.ply, d.what, d.only_ludii) == (2, "moves", ["Add:1->1/1", "Add:2->2/1"])
    assert "over" in d.detail
    d = lc.diff_traces(short, ref)
    assert (d.ply, d.only_ludeme) == (2, ["Add:1->1/1", "Add:2->2/1"])


# -- ludeme following Ludii's trajectory -------------------------------------------------

def test_follow_plays_ludiis_moves_in_ludeme():
    game = ludeme.loads(TWO)
    (ref,) = lc.parse_traces(TRACE_TWO)
    ours = lc.follow(game, ref)
    assert [p.keys for p in ours.plies] == [p.keys for p in ref.plies]
    assert (ours.over, ours.winner, ours.returns) == (True, 1, (1.0, -1.0))
    assert lc.diff_traces(ref, ours) is None


def test_follow_stops_where_ludeme_differs():
    game = ludeme.loads(TWO)
    # Ludii (as written here) could not play on b2 at ply 1: ludeme can
    ref = _edit(TRACE_TWO, "ply 1 mover 2 n 3\n  Add:1->1/2\n  Add:2->2/2\n  Add:3->3/2\n"
                           "play 2 Add:3->3/2", "ply 1 mover 2 n 2\n  Add:1->1/2\n"
                                                "  Add:2->2/2\nplay 0 Add:1->1/2")
    ours = lc.follow(game, ref)
    assert len(ours.plies) == 2 and ours.plies[1].play is None
    d = lc.diff_traces(ref, ours)
    assert (d.ply, d.what, d.only_ludii, d.only_ludeme) == (1, "moves", [], ["Add:3->3/2"])


def test_follow_respects_the_time_limit():
    (ref,) = lc.parse_traces(TRACE_TWO)
    with pytest.raises(lc.OutOfTime):
        lc.follow(ludeme.loads(TWO), ref, deadline=0.0)


# -- the script, with a stand-in for the reference ---------------------------------------

def _reference(tmp_path, trace: str, fail: str = ""):
    ref = tmp_path / "reference"
    ref.mkdir(parents=True)
    (ref / "trace.txt").write_text(trace)
    (ref / "calls").write_text("")
    body = f'echo "{fail}" >&2; exit 1' if fail else 'cat "$(dirname "$0")/trace.txt"'
    (ref / "run.sh").write_text(f'echo "$@" >> "$(dirname "$0")/calls"\n{body}\n')
    return ref


def _main(capsys, *args) -> dict:
    assert lc.main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_script_reports_identical_files_and_caches_ludiis_traces(tmp_path, capsys,
                                                                 monkeypatch):
    monkeypatch.setenv("LUDEME_LUDII_TRACES", str(tmp_path / "cache"))
    ref = _reference(tmp_path, TRACE_TWO)
    game = tmp_path / "Two.lud"
    game.write_text(TWO)
    args = (str(game), "--reference", str(ref), "--trajectories", "1", "--seed", "7")
    out = _main(capsys, *args)
    assert out["totals"] == {"identical": 1}
    assert out["stages"]["identical"] == 1
    (f,) = out["files"]
    assert (f["status"], f["trajectories"], f["identical"], f["plies"]) == ("identical", 1, 1, 3)
    calls = (ref / "calls").read_text().split("\n")
    assert calls[0].startswith(f"trace {game} --seed 7 --nseeds 1 --state --maxply")
    _main(capsys, *args)  # the second run reads the cache: no new call
    assert (ref / "calls").read_text().count("trace") == 1


def test_script_reports_divergences_load_errors_and_reference_errors(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("LUDEME_LUDII_TRACES", str(tmp_path / "cache"))
    ref = _reference(tmp_path, TRACE_TWO.replace("returns 1.0,-1.0", "returns -1.0,1.0"))
    folder = tmp_path / "lud"
    folder.mkdir()
    (folder / "Two.lud").write_text(TWO)
    (folder / "Bad.lud").write_text(TWO.replace("(move Add", "(move Teleport"))
    out = _main(capsys, "--folder", str(folder), "--reference", str(ref), "--trajectories", "1")
    by = {f["file"].rsplit("/", 1)[1]: f for f in out["files"]}
    assert out["totals"] == {"diverged": 1, "cannot load": 1}
    assert out["stages"] == {"files": 2, "load": 1, "Ludii traced": 1, "play": 1, "identical": 0}
    assert by["Two.lud"]["divergence"]["what"] == "end"
    assert by["Two.lud"]["divergences"] == {"end": 1}
    assert "Teleport" in by["Bad.lud"]["message"]
    broken = _reference(tmp_path / "b", "", fail="Exception: could not load game")
    out = _main(capsys, str(folder / "Two.lud"), "--reference", str(broken))
    assert out["files"][0]["status"] == "Ludii error"
    assert "could not load game" in out["files"][0]["message"]


def test_script_prints_a_table(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LUDEME_LUDII_TRACES", str(tmp_path / "cache"))
    ref = _reference(tmp_path, TRACE_TWO.replace("  Add:3->3/1\n", "", 1))
    game = tmp_path / "Two.lud"
    game.write_text(TWO)
    assert lc.main([str(game), "--reference", str(ref), "--trajectories", "1"]) == 0
    out = capsys.readouterr().out
    assert "diverged" in out and "only ludeme (1): Add:3->3/1" in out


# -- benchmarks/ludii_speed.py with a stand-in reference ---------------------------------

def test_speed_script_puts_both_rates_side_by_side(tmp_path, capsys):
    from benchmarks import ludii_speed

    ref = tmp_path / "reference"
    ref.mkdir()
    (ref / "run.sh").write_text(
        'echo "run 1: 10 playouts, 40 moves in 1.0s -> 10.0 playouts/s, 40 moves/s, '
        '4.0 moves/playout"\necho "RESULT Two mode=loop median_moves_per_s=40"\n')
    game = tmp_path / "Two.lud"
    game.write_text(TWO)
    bad = tmp_path / "Bad.lud"
    bad.write_text(TWO.replace("(move Add", "(move Teleport"))
    assert ludii_speed.main(["--games", str(game), str(bad), "--reference", str(ref),
                             "--secs", "0.2", "--json"]) == 0
    two, worse = json.loads(capsys.readouterr().out)
    assert two["ludii"] == {"moves_per_s": 40.0, "mean_length": 4.0}
    assert two["ludeme"]["moves_per_s"] > 0 and 2 <= two["ludeme"]["mean_length"] <= 4
    assert two["ratio"] == pytest.approx(two["ludeme"]["moves_per_s"] / 40.0)
    assert worse["ludeme"]["error"].startswith("cannot load: Bad.lud:")
    assert worse["ratio"] is None


def test_speed_script_times_the_reference_in_cpu_time(tmp_path, capsys):
    # the stand-in burns CPU between its two reports, as the JVM does in its second run
    from benchmarks import ludii_speed

    ref = tmp_path / "reference"
    ref.mkdir()
    (ref / "run.sh").write_text(
        'echo "run 1: 10 playouts, 40 moves in 1.0s -> 10.0 playouts/s, 40 moves/s, '
        '4.0 moves/playout"\n'
        "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done\n"
        'echo "run 2: 10 playouts, 40 moves in 1.0s -> 10.0 playouts/s, 40 moves/s, '
        '4.0 moves/playout"\necho "RESULT Two mode=loop median_moves_per_s=40"\n')
    game = tmp_path / "Two.lud"
    game.write_text(TWO)
    assert ludii_speed.main(["--games", str(game), "--reference", str(ref), "--secs", "0.2",
                             "--json"]) == 0
    (two,) = json.loads(capsys.readouterr().out)
    cpu = two["ludii"]["cpu_moves_per_s"]
    assert 0 < cpu < 40 * 100
    assert two["ratio"] == pytest.approx(two["ludeme"]["moves_per_s"] / cpu)


def test_an_exception_in_ludeme_during_play_is_reported_not_raised(tmp_path, capsys,
                                                                   monkeypatch):
    monkeypatch.setenv("LUDEME_LUDII_TRACES", str(tmp_path / "cache"))

    def broken(game, trace, deadline):
        raise IndexError("list index out of range")

    monkeypatch.setattr(lc, "follow", broken)
    ref = _reference(tmp_path, TRACE_TWO)
    game = tmp_path / "Two.lud"
    game.write_text(TWO)
    out = _main(capsys, str(game), "--reference", str(ref), "--trajectories", "1")
    (f,) = out["files"]
    assert f["status"] == "play error"
    assert f["divergence"]["detail"] == "IndexError: list index out of range"
    assert out["stages"]["play"] == 0


# discs step (pips) cells east with one three-sided die; a1 is P1's, b1 P2's
DICE_LINE = '''(game "Dice Line" (players 2)
    (equipment { (board (rectangle 1 8)) (dice d:3 num:1)
        (piece "Disc" Each (if (!= (ahead (from) steps:(pips) E) -1)
            (move (from) (to (ahead (from) steps:(pips) E) if:(is Empty (to)))))) })
    (rules (start { (place "Disc1" {"A1"}) (place "Disc2" {"B1"}) })
        (play (do (roll) next:(forEach Die (forEach Piece))))
        (end (if (is In (last To) (sites Right)) (result Mover Win)))))
'''


def dice_trace(first_roll: str, pass_key: str) -> str:
    # P1 rolls 2 (a1-c1), P2 rolls 3 (b1-e1); then Ludii's moves carry no roll: the
    # roll left P1 only its pass (a 2 runs into e1)
    return f"""# game Dice Line seed 3 defaultSite Cell
ply 0 mover 1 n 1
dice {first_roll}
  Move:0->2
play 0 Move:0->2
state over false next 2
ply 1 mover 2 n 1
dice 3
  Move:1->4
play 0 Move:1->4
state over false next 1
ply 2 mover 1 n 1
dice -
  {pass_key}
play 0 {pass_key}
state over false next 2
end plies 3 over false winner none ranking 0.0,0.0
result over false winner none returns -
"""


def test_dice_games_are_followed_given_ludiis_rolls():
    game = ludeme.loads(DICE_LINE)
    pass_key = lc.move_key(game.auto_pass_move, game.board)
    (ref,) = lc.parse_traces(dice_trace("2", pass_key))
    assert [p.dice for p in ref.plies] == [(2,), (3,), None]
    ours = lc.follow(game, ref)
    assert lc.diff_traces(ref, ours) is None
    assert [p.play for p in ours.plies] == ["Move:0->2", "Move:1->4", pass_key]
    # with another first roll ludeme's moves differ from Ludii's at once
    (other,) = lc.parse_traces(dice_trace("3", pass_key))
    d = lc.diff_traces(other, lc.follow(game, other))
    assert d is not None and d.what == "moves" and d.only_ludeme == ["Move:0->3"]
    # a roll the dice cannot show is a divergence of its own kind
    (bad,) = lc.parse_traces(dice_trace("2 2", pass_key))
    d = lc.diff_traces(bad, lc.follow(game, bad))
    assert d is not None and d.what == "dice" and d.ply == 0


# a pile of P1, P2, P1 discs (bottom first): P1 may move either of its discs to the
# next site, Move:0->1 both; a player moves only from a pile it tops
PILE = '''(game "Pile" (players 2)
    (equipment { (board (rectangle 1 3))
                 (piece "Disc" Each (if (= (who at:(from)) (mover))
                     (move (from (from) level:(level)) (to (ahead (from) E))))) })
    (rules (start (place Stack items:{"Disc1" "Disc2" "Disc1"} 0))
           (play (forEach Piece)) (end (if (is Full) (result Mover Win)))))
'''


def test_moves_of_one_key_are_told_apart_by_ludiis_next_ply():
    game = ludeme.loads(PILE)
    s = game.new_initial_state()
    moves = sorted(s.legal_moves(), key=lambda m: m.extra)
    assert [lc.move_key(m, game.board) for m in moves] == ["Move:0->1"] * 2
    for m in moves:  # each leads to a different next ply (P2 tops the pile or not)
        after = s.clone()
        after.apply(m)
        nxt = lc.Ply(1, 2, sorted(lc.move_key(x, game.board) for x in after.legal_moves()),
                     play=None)
        nxt.play = nxt.keys[0]
        assert lc._same_key_choice(s, moves, [nxt], game.board) is m
    assert lc._same_key_choice(s, moves, [], game.board) is moves[0]
