"""Running a command so that file permissions apply to it, even when the tests run as root:
root keeps its uid but loses the capabilities that override file permissions (``setpriv``,
util-linux), and files are handed to another owner."""

from __future__ import annotations

import os
from pathlib import Path

SOMEONE_ELSE = 12345


def prefix() -> list[str]:
    if os.geteuid() != 0:
        return []
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--"]


def hand_over(path: Path, mode: int) -> None:
    """Give ``path`` to another user with ``mode`` (as a normal user: only the mode)."""
    if os.geteuid() == 0:
        os.chown(path, SOMEONE_ELSE, SOMEONE_ELSE)
    os.chmod(path, mode)
