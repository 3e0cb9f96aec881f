"""Fixtures for every test folder: the throwaway PostgreSQL cluster and the two engines."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.postgres_cluster import Cluster

ENGINES = ("sqlite", "postgresql")
BROWSER_FIXTURES = frozenset({"page", "context", "browser", "playwright"})

# No per-example deadline for any property test: speed is measured in bench/, and on a loaded
# machine (two test workers beside browser tests) one example of a fast property took 428 ms
# against Hypothesis's default 200 ms, failing a test whose property held.
settings.register_profile("hertta", deadline=None)
settings.load_profile("hertta")


@pytest.fixture(autouse=True)
def no_playwright_loop_marked_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's sync API marks its event loop as running in the main thread between its
    calls (``playwright/_impl/_greenlets.py``), and its session-scoped instance lives on
    after the browser tests that started it: a later test of the same worker process that
    calls ``asyncio.run()`` would be refused ("cannot be called from a running event loop").
    Outside the browser tests the mark is lifted for the test's duration and put back after,
    where Playwright's next call expects it."""
    loop = asyncio._get_running_loop()
    if loop is None or BROWSER_FIXTURES & set(request.fixturenames):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One cluster per test process, started the first time a test needs it and stopped at the
    end of the run, whatever happened."""
    cluster = Cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def new_postgres_database(postgres: Cluster) -> Callable[[], str]:
    return postgres.new_database


@pytest.fixture(params=ENGINES)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each engine: an SQLite file's path or a PostgreSQL URL. Tests and
    fixtures that take it run once per engine."""
    if request.param == "sqlite":
        return str(tmp_path / "hertta.db")
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()
