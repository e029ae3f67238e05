"""The web app in a real browser (headless Chromium driven by playwright): games are
played by clicking the board, a variant is edited with its error shown at its line,
and a simulation shows its chart. Screenshots go to each test's temporary folder."""

from __future__ import annotations

import json

import pytest

from ludeme.records import GameRecord, verify_record


def open_game(page, key: str, seats: dict[int, str]):
    page.click("#tab-games")
    page.locator(f'#game-list li[data-key="{key}"]').click()
    for p, kind in seats.items():
        page.select_option(f'#seats .kind[data-player="{p}"]', kind)
    page.click("#start")
    page.wait_for_selector("#board svg")


def wait_my_turn(page):
    page.wait_for_function("VIEW && (VIEW.human_turn || VIEW.over)")


def click_site(page, site: int):
    page.locator(f'#board .site[data-site="{site}"]').click()


def play_by_clicks(page, choose=lambda moves: moves[0]) -> str:
    """Make one legal move by clicking its sites (and its button when several moves
    share them); returns the move's text."""
    wait_my_turn(page)
    moves = page.evaluate("VIEW.moves")
    move = choose(moves)
    before = page.evaluate("VIEW.history.length")
    for site in move["sites"]:
        click_site(page, site)
    if page.locator("#chooser .choice").count():
        page.locator("#chooser .choice", has_text=move["text"]).first.click()
    page.wait_for_function(f"VIEW.history.length > {before}")
    return move["text"]


def test_home_lists_the_games(page):
    page.wait_for_selector("#game-list li")
    names = page.locator("#game-list li").all_inner_texts()
    assert any("Brandubh" in n for n in names)
    assert sum("Tic-Tac-Toe" in n for n in names) == 2   # bundled, and the served folder's
    page.locator("#game-list li", has_text="Branches").first.click()
    assert page.locator("#setup select.opt").count() >= 1  # its options
    # an option that changes the number of players changes the seats offered
    page.locator("#game-list li", has_text="Twigs and Thorns").click()
    assert page.locator("#seats .seat").count() == 2
    page.select_option('#setup select.opt[data-title="Players"]', "4")
    page.wait_for_function("document.querySelectorAll('#seats .seat').length === 4")
    page.screenshot(path=str(page.shots / "games.png"))


def test_tic_tac_toe_full_game_by_clicks_against_random(page, tmp_path):
    open_game(page, "tic-tac-toe", {1: "human", 2: "random"})
    for _ in range(5):
        wait_my_turn(page)
        if page.evaluate("VIEW.over"):
            break
        # an empty cell, chosen from the board itself: one with no piece drawn on it
        free = page.evaluate("""[...document.querySelectorAll('#board .site')]
            .map(e => Number(e.dataset.site))
            .filter(s => !document.querySelector(`#board .piece[data-site="${s}"]`))""")
        before = page.evaluate("VIEW.history.length")
        click_site(page, free[0])
        page.wait_for_function(f"VIEW.history.length > {before}")
    page.wait_for_function("VIEW.over")
    assert page.locator("#status").inner_text().startswith("Game over")
    page.screenshot(path=str(page.shots / "tic-tac-toe-over.png"))
    with page.expect_download() as dl:
        page.click("#download")
    path = tmp_path / "record.json"
    dl.value.save_as(path)
    rec = GameRecord.from_dict(json.loads(path.read_text()))
    assert rec.agents[0] == "human" and rec.agents[1] == "random"
    assert verify_record(rec).ok
    assert len(rec.moves) == page.evaluate("VIEW.history.length")


def test_brandubh_three_moves_by_clicks(page):
    open_game(page, "brandubh", {1: "human", 2: "random"})
    for n in range(3):
        text = play_by_clicks(page)
        page.wait_for_function(f"VIEW.history.length >= {2 * n + 2} || VIEW.over")
        assert page.evaluate("VIEW.history")[2 * n]["text"] == text
    # clicking a piece marks where it may go
    wait_my_turn(page)
    first = page.evaluate("VIEW.moves[0].sites[0]")
    click_site(page, first)
    targets = page.evaluate("document.querySelector('#board svg').dataset.targets")
    assert targets and len(targets.split()) >= 1
    page.screenshot(path=str(page.shots / "brandubh.png"))


def test_branches_three_moves_by_clicks(page):
    open_game(page, "branches", {1: "human", 2: "random"})
    texts = []
    for _ in range(3):
        # prefer a branch (a path of points) once branches can be drawn
        texts.append(play_by_clicks(page, lambda ms: max(ms, key=lambda m: len(m["sites"]))))
    assert any("-" in t for t in texts), texts   # a branch drawn by clicking its points
    history = [h["text"] for h in page.evaluate("VIEW.history")]
    assert [h for h in history if h in texts] == texts
    page.screenshot(path=str(page.shots / "branches.png"))


def test_edit_a_variant_see_the_error_at_its_line_fix_it_and_play(page):
    page.click("#tab-edit")
    text = ('// my house rule\n(variant "branches"\n'
            '    options:{"Board Size/66x6" "Branch Length/2 edges"}\n'
            '    name:"Tiny Branches"\n)\n')
    page.fill("#source", text)
    page.wait_for_selector("#diagnostics li")
    item = page.locator("#diagnostics li").first.inner_text()
    assert item.startswith("line 3,") and "66x6" in item
    assert page.locator("#gutter .bad").inner_text().strip() == "3"
    page.screenshot(path=str(page.shots / "edit-error.png"))
    page.fill("#source", text.replace("66x6", "6x6"))
    page.wait_for_function("document.querySelector('#edit-state').textContent.startsWith('ok')")
    assert page.locator("#diagnostics li").count() == 0
    assert page.locator("#edit-title").inner_text() == "Tiny Branches"
    assert page.locator("#edit-board svg").count() == 1
    page.click("#play-edited")
    page.wait_for_selector("#board svg")
    assert page.locator("#play-title").inner_text() == "Tiny Branches"
    assert page.locator("#board .site").count() == 7 * 7 + 2 * 6 * 7   # 6x6 squares' lines
    play_by_clicks(page)
    page.screenshot(path=str(page.shots / "edit-play.png"))


def test_simulation_shows_its_chart(page):
    page.click("#tab-analyse")
    page.select_option("#sim-game", "tic-tac-toe")
    page.fill("#sim-n", "20")
    page.click("#sim-run")
    page.wait_for_selector(".chart svg", timeout=120_000)
    assert "20 / 20" in page.locator("#sim-count").inner_text()
    rows = page.locator("table.report tr").all_inner_texts()
    assert any(r.startswith("P1") for r in rows)
    page.screenshot(path=str(page.shots / "analyse.png"), full_page=True)


@pytest.fixture(autouse=True)
def _keep_screenshots(request, tmp_path):
    yield
    # the screenshots stay in tmp_path (pytest keeps the last runs' folders)
