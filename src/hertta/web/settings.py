"""Server settings, read from the environment (``HERTTA_*``) with sensible defaults.

``HERTTA_DATABASE_URL`` a PostgreSQL database (``postgresql://user:password@host/name``;
needed by several server processes, see docs/deploy.md); otherwise ``HERTTA_DB`` the SQLite
file (default: ``$XDG_DATA_HOME/hertta/hertta.db``, else ``~/.local/share/hertta/hertta.db``);
``HERTTA_SECRET`` the cookie-signing key (default: made once
and kept in the database); ``HERTTA_COOKIE_SECURE=1`` sets the cookie's Secure flag (behind
HTTPS); ``HERTTA_ALLOWED_ORIGINS`` more page origins whose WebSockets are accepted, comma
separated (e.g. ``https://cards.example``; the app's own origin is always allowed);
``HERTTA_WORKERS`` worker processes for computer players (default: one per core);
``HERTTA_AWAY_GRACE_S`` how many seconds a person away from a shared table keeps the seat before
a computer player plays it for them (default 60);
``HERTTA_BENCH_ECHO=1`` adds the bare ``/ws/echo`` endpoint that ``bench/web_bench.py``
measures against.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hertta.errors import ConfigError

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"", "0", "false", "no", "off"})


def default_db_path(env: Mapping[str, str] | None = None) -> Path:
    """The database under the user's data directory (XDG base directory rules)."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME") or Path.home()) / ".local/share")
    return Path(base) / "hertta" / "hertta.db"


@dataclass(frozen=True, slots=True)
class Settings:
    db_path: str
    """The database: an SQLite file's path or a ``postgresql://`` URL."""
    secret_key: str | None = None
    """None: use the key stored in the database (generated on first start)."""
    bench_echo: bool = False
    cookie_secure: bool = False
    """Set the cookie's Secure flag (behind HTTPS)."""
    allowed_origins: tuple[str, ...] = ()
    workers: int | None = None
    """Worker processes for computer players (None: one per core)."""
    away_grace_s: int | None = None
    """Seconds an away person keeps a shared table's seat (None: the default, 60)."""

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, *, db_path: str | None = None
    ) -> Settings:
        """Settings from ``env`` (default ``os.environ``); an explicit ``db_path`` wins."""
        env = os.environ if env is None else env
        path = (
            db_path
            or env.get("HERTTA_DATABASE_URL")
            or env.get("HERTTA_DB")
            or str(default_db_path(env))
        )
        origins = tuple(
            origin.strip().rstrip("/")
            for origin in env.get("HERTTA_ALLOWED_ORIGINS", "").split(",")
            if origin.strip()
        )
        return cls(
            db_path=path,
            secret_key=env.get("HERTTA_SECRET") or None,
            bench_echo=_flag(env, "HERTTA_BENCH_ECHO"),
            cookie_secure=_flag(env, "HERTTA_COOKIE_SECURE"),
            allowed_origins=origins,
            workers=_count(env, "HERTTA_WORKERS"),
            away_grace_s=_count(env, "HERTTA_AWAY_GRACE_S", most=3600),
        )


def _flag(env: Mapping[str, str], name: str) -> bool:
    value = env.get(name, "").strip().lower()
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ConfigError(f"{name}={value!r}: expected 1/0, true/false, yes/no or on/off")


def _count(env: Mapping[str, str], name: str, most: int = 64) -> int | None:
    value = env.get(name, "").strip()
    if not value:
        return None
    # ASCII digits only: str.isdigit() also takes "¹", which int() refuses, and "٣", which it
    # reads as 3. Leading zeros aside, more digits than ``most`` has are too many without
    # int(), which refuses 4,301 of them.
    digits = value.lstrip("0")
    wrong = ConfigError(f"{name}={value!r}: expected a whole number 1..{most}")
    if not (value.isascii() and value.isdigit()) or len(digits) > len(str(most)):
        raise wrong
    count = int(digits or "0")
    if not 1 <= count <= most:
        raise wrong
    return count
