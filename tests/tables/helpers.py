"""A table service on a fresh SQLite store, for the table-layer tests."""

from __future__ import annotations

from pathlib import Path

from hertta.store import Store
from hertta.tables.h2h import HeartToHeartTables
from hertta.tables.hearts import HeartsTables
from hertta.tables.service import TableService


def service_at(path: Path | str) -> tuple[Store, TableService]:
    store = Store(path)
    return store, TableService(store, [HeartToHeartTables(), HeartsTables()])
