"""Hypothesis strategies shared by the random-input tests of the sockets and the HTTP API."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def weighted(*choices: tuple[int, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """One of ``choices``, each drawn about as often as its weight says."""
    branches = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.integers(0, len(branches) - 1).flatmap(lambda i: branches[i])


def json_scalars(
    words: list[str], small: tuple[int, int], text_size: int
) -> st.SearchStrategy[Any]:
    """JSON scalars, mostly ``words`` and integers in ``small``: the values a real key takes."""
    return weighted(
        (3, st.sampled_from(words)),
        (2, st.integers(min_value=small[0], max_value=small[1])),
        (1, st.none()),
        (1, st.booleans()),
        (1, st.integers(min_value=-(2**70), max_value=2**70)),
        (1, st.floats(allow_nan=False, allow_infinity=False)),
        (1, st.text(max_size=text_size)),
    )
