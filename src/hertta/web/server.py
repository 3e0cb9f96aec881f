"""``hertta serve``: run the web app under uvicorn."""

from __future__ import annotations

import uvicorn

from hertta.web.app import create_app
from hertta.web.settings import Settings


def run(host: str, port: int, db_path: str | None) -> None:
    """Serve on ``host:port`` with the database at ``db_path`` (None: settings/env default)."""
    settings = Settings.from_env(db_path=db_path)
    app = create_app(settings)
    shown = f"[{host}]" if ":" in host else host
    print(f"Hertta is running at http://{shown}:{port}/ (database: {settings.db_path})",
          flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_ping_interval=20.0)
