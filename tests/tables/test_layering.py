"""The table layer knows no HTTP and no storage engine: it never imports FastAPI, Starlette,
uvicorn, the store or the web package (the store implements its storage protocol instead)."""

import ast
from pathlib import Path

import hertta.tables

FORBIDDEN = ("fastapi", "starlette", "uvicorn", "hertta.web", "hertta.store", "hertta.cli",
             "sqlite3", "psycopg")


def test_tables_import_no_http_and_no_store() -> None:
    folder = Path(hertta.tables.__file__).parent
    offenders = []
    files = sorted(folder.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.startswith(FORBIDDEN)]
    assert offenders == []
