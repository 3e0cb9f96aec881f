"""One exception hierarchy for every kind of bad input.

Everything derives from :class:`HerttaError`, itself a :class:`ValueError`, so callers can catch
one type. Messages always quote the offending input. The web layer maps these to HTTP 4xx and the
CLI to exit code 2, each in exactly one place.
"""


def quoted(value: object, limit: int = 120) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters: a message quotes the bad
    input, and a megabyte of it would make a megabyte of message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class HerttaError(ValueError):
    """Base class of every error caused by bad input or an illegal request."""


class NotationError(HerttaError):
    """A card or move written in a form we cannot read (e.g. ``"QX"``)."""


class DealCodeError(HerttaError):
    """A deal or match code that is malformed."""


class IllegalMoveError(HerttaError):
    """A well-formed move that the rules do not allow in the current state."""


class ConfigError(HerttaError):
    """An unknown rule preset or an invalid rule option."""


class RecordError(HerttaError):
    """A malformed game record (bad JSON, wrong shape, inconsistent cards)."""
