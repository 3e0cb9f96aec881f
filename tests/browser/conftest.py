"""Browser tests: Debian's Chromium through pytest-playwright (see NOTES.md), against a real
``hertta serve`` process on a free port with its own database, or, where a test holds the
computer players mid-thought, the same app served in this process (``gated_server.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.gated_server import GatedServer, gated_servers
from tests.web.server_process import ServerProcess

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Playwright's own locale (en-US), as any browser a checker starts: the pages must come
    in Finnish anyway, the app's default. Service workers are kept out (each new context
    would fill its cache while the test plays); the tests of the worker itself allow them in
    their own context."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("browser-db") / "hertta.db"
    process = ServerProcess(str(db)).start()
    yield process
    process.stop()


@pytest.fixture
def gated(tmp_path: Path) -> Iterator[GatedServer]:
    """The real app whose computer players and hints wait for the test (``runner.release``)."""
    with gated_servers(tmp_path / "hertta.db") as (server,):
        yield server


@pytest.fixture
def gated_pair(tmp_path: Path) -> Iterator[list[GatedServer]]:
    """Two such apps on one database: two server processes' worth of the same games."""
    with gated_servers(tmp_path / "hertta.db", count=2) as servers:
        yield servers


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def no_script_errors(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Fail a test whose page threw an uncaught script error."""
    errors: list[str] = []
    if "page" in request.fixturenames:
        page = request.getfixturevalue("page")
        page.on("pageerror", lambda error: errors.append(str(error)))
    yield errors
    assert errors == [], errors


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone-sized touch page (Finnish locale) that fails its test on an uncaught script
    error, like ``page`` does."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2,
        has_touch=True, is_mobile=True, locale="fi-FI",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], errors
