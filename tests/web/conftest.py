"""A live server for the browser tests, and the browser (headless Chromium)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("LUDEME_CHROMIUM") or shutil.which("chromium") or \
    shutil.which("chromium-browser") or "/usr/bin/chromium"
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync"]


def _missing(reason: str):
    """Skip where no browser exists; in CI a missing browser is a failure."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(f"browser tests need headless Chromium and playwright: {reason} "
                "(apt-get install chromium; pip install 'ludeme[web]')")


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    try:
        import uvicorn

        from ludeme.web.app import create_app
    except ImportError as err:
        _missing(f"{err.name} is not installed")

    from ludeme.library import bundled

    folder = tmp_path_factory.mktemp("served")   # a folder of the user's own games
    (folder / "three.lud").write_text(bundled()["tic-tac-toe"].read_text())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app([folder]), host="127.0.0.1", port=port,
                            log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser, server_url, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server_url)
    pg.shots = tmp_path  # screenshots go to the test's temporary folder
    yield pg
    context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
