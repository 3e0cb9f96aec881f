"""The rules core does no I/O: it imports no web, storage, clock, printing or global random."""

import ast
from pathlib import Path

import hertta

SRC = Path(hertta.__file__).parent
PURE = ["cards.py", "errors.py", "rng.py", "solitaire", "hearts"]
FORBIDDEN_MODULES = {
    "random",
    "time",
    "datetime",
    "os",
    "sys",
    "io",
    "socket",
    "sqlite3",
    "subprocess",
    "threading",
    "asyncio",
    "pathlib",
    "fastapi",
    "starlette",
    "uvicorn",
    "typer",
    "rich",
}
FORBIDDEN_PACKAGES = ("hertta.web", "hertta.store", "hertta.cli", "hertta.ai")
FORBIDDEN_CALLS = {"print", "open", "input"}


def pure_files() -> list[Path]:
    files: list[Path] = []
    for name in PURE:
        path = SRC / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def test_the_rules_core_exists() -> None:
    names = {p.name for p in pure_files()}
    assert {"cards.py", "rng.py", "game.py", "taps.py", "layout.py"} <= names


def test_the_rules_core_imports_nothing_impure() -> None:
    offenders = []
    for path in pure_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            else:
                modules = []
            for module in modules:
                if module.split(".")[0] in FORBIDDEN_MODULES or module.startswith(
                    FORBIDDEN_PACKAGES
                ):
                    offenders.append(f"{path.name}: import {module}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in FORBIDDEN_CALLS
            ):
                offenders.append(f"{path.name}: {node.func.id}()")
    assert offenders == []
