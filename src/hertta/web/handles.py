"""Public handles: the name of a person's page (``/players/{handle}``), never their player id.

The player id is the secret in the person's cookie: whoever knows it can play as them, so it
never appears in a page. A handle is HMAC-SHA256 of the player id under a server key (kept in
the store's ``meta`` as ``handle_key``, never sent), its first 80 bits in lower-case base32:
16 letters and digits, stable for as long as the key is, and no way back to the id without
the key.

Finding the person of a handle means computing the handles of the people who have a page (the
rated ones); they are kept in memory and computed again only when the number of rated people
changed, so guessing handles costs one count query per guess, not a pass over everyone.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import threading
from typing import Final

from hertta.store import Store

HANDLE_KEY: Final = "handle_key"
HANDLE_BYTES: Final = 10
HANDLE_RE: Final = re.compile(r"[a-z2-7]{16}")


def handle_for(key: str, player: str) -> str:
    """The handle of ``player`` under ``key``."""
    digest = hmac.new(key.encode(), player.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:HANDLE_BYTES]).decode("ascii").lower()


class PlayerHandles:
    """Handles of one store's people (thread-safe: pages look them up in worker threads)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._key = store.secret(HANDLE_KEY)
        self._lock = threading.Lock()
        self._people: dict[str, str] = {}
        self._counted = -1

    def handle_of(self, player: str) -> str:
        return handle_for(self._key, player)

    def player_of(self, handle: str, viewer: str | None = None) -> str | None:
        """The rated person (or the viewer themself) whose handle this is, else None."""
        if not HANDLE_RE.fullmatch(handle):
            return None
        if viewer is not None and hmac.compare_digest(self.handle_of(viewer), handle):
            return viewer
        with self._lock:
            found = self._people.get(handle)
            if found is not None:
                return found
            count = self._store.rated_player_count()
            if count != self._counted:
                players = self._store.rated_players()
                self._people = {self.handle_of(player): player for player in players}
                self._counted = count
            return self._people.get(handle)
