"""Fixtures for every test folder: the throwaway PostgreSQL cluster and the two engines."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.postgres_cluster import Cluster

ENGINES = ("sqlite", "postgresql")


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
