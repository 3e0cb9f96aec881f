"""The command line's exit code for bad input (shared by every command group)."""

from __future__ import annotations

from typing import Final

EXIT_BAD_INPUT: Final = 2
