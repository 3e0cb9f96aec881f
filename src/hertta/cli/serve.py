"""``hertta serve``: run the web app."""

from __future__ import annotations

import typer


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to bind."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: str = typer.Option(
        "",
        help="SQLite database path or a postgresql:// URL (default: HERTTA_DATABASE_URL, "
        "else HERTTA_DB, else the user's data directory).",
    ),
    workers: int = typer.Option(
        1, help="Server processes sharing the port (more than one needs PostgreSQL)."
    ),
) -> None:
    """Run the web app (Heart to Heart and Hearts in the browser)."""
    from hertta.web.server import run

    run(host=host, port=port, db_path=db or None, workers=workers)


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the root app."""
    app.command("serve")(serve)
