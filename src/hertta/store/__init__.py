"""Persistence for the web platform: SQLite (WAL) behind one data-access layer."""

from hertta.store.database import SCHEMA_VERSION, Database
from hertta.store.stats import SolitaireStats, solitaire_stats
from hertta.store.store import GameResult, SavedGame, Store

__all__ = [
    "SCHEMA_VERSION",
    "Database",
    "GameResult",
    "SavedGame",
    "SolitaireStats",
    "Store",
    "solitaire_stats",
]
