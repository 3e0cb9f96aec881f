"""The command line's exit code for bad input and the range of seeds (shared by every
command group)."""

from __future__ import annotations

from typing import Final

EXIT_BAD_INPUT: Final = 2
MAX_SEED: Final = (1 << 64) - 1
"""Seeds are 64-bit (SplitMix64): a larger or negative one is refused, not wrapped around."""
