"""``hertta h2h solve`` and ``hertta h2h survey`` (registered on the ``h2h`` sub-app)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the solver commands to ``app``."""
