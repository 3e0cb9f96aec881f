"""What the benchmark scripts share at their command line: argument types that refuse nonsense
before any work starts (a count of 0, a negative time) and one line with exit code 2 for bad
input found later (an unknown level, a file that is not there, JSON that is not JSON), as the
``hertta`` command does, never a traceback."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any

USAGE_ERROR = 2


def count(text: str) -> int:
    """A whole number of at least 1 (runs, deals, codes, workers)."""
    return _whole_from(text, 1)


def whole(text: str) -> int:
    """A whole number of at least 0 (a first deal, a seed)."""
    return _whole_from(text, 0)


def _whole_from(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, got {text!r}")
    return value


def seconds(text: str) -> float:
    """A length of time above zero, in seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a time above 0, got {text!r}")
    return value


def json_object(text: str) -> dict[str, Any]:
    """A JSON object (a level's constructor options: ``'{"moon_plan": false}'``)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise argparse.ArgumentTypeError(f"not a JSON object: {text!r}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"not a JSON object: {text!r}")
    return value


def description(doc: str | None) -> str:
    """The first paragraph of a script's docstring, on one line, for ``--help``."""
    return " ".join((doc or "").strip().split("\n\n")[0].split())


def run(main: Callable[[], None]) -> None:
    """Run a script's ``main``: bad input is one line on stderr and exit code 2 (the error
    types of bad input: ValueError, which hertta's errors are, and OSError for files and
    sockets); Ctrl-C ends it with 130 without a traceback."""
    try:
        main()
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(USAGE_ERROR) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None


def interval(low: float, high: float, spec: str = "+.2f") -> str:
    """A 95% interval as ``[low, high]``, or ``[no interval: one sample]`` when a single deal or
    match cannot give one (its bounds are infinite)."""
    if math.isinf(low) or math.isinf(high):
        return "[no interval: one sample]"
    return f"[{low:{spec}}, {high:{spec}}]"
