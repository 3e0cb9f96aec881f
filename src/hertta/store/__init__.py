"""Persistence for the web platform: SQLite (WAL) behind one data-access layer."""

from hertta.store.database import SCHEMA_VERSION, Database, StoreOpenError, StoreUnavailableError
from hertta.store.stats import HeartsStats, SolitaireStats, hearts_stats, solitaire_stats
from hertta.store.store import GameResult, Store

__all__ = [
    "SCHEMA_VERSION",
    "Database",
    "GameResult",
    "HeartsStats",
    "SolitaireStats",
    "Store",
    "StoreOpenError",
    "StoreUnavailableError",
    "hearts_stats",
    "solitaire_stats",
]
