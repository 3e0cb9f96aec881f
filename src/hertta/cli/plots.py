"""Where ``--plot`` charts go: checked before the work starts (a long survey must not end in a
traceback because the folder was mistyped), written after the report is printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hertta.errors import ConfigError


def check_plot_path(path: Path) -> Path:
    """``path`` if a PNG can be written there: a ``.png`` name in a folder that exists."""
    if path.suffix.lower() != ".png":
        raise ConfigError(f"--plot: the chart is a PNG, name it *.png, got {str(path)!r}")
    if path.is_dir() or not path.parent.is_dir():
        raise ConfigError(f"--plot: no folder to write {str(path)!r} in")
    return path


def save_png(figure: Any, path: Path, dpi: int = 100) -> None:
    """Write ``figure`` (matplotlib's) to ``path``; ConfigError, not a traceback, if it
    cannot be written (a folder removed meanwhile, no permission, a full disk)."""
    try:
        figure.savefig(path, format="png", dpi=dpi)
    except OSError as err:
        raise ConfigError(f"cannot write {str(path)!r}: {err.strerror or err}") from None
