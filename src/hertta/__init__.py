"""Hertta: heart-themed card games (Heart to Heart solitaire and Hearts)."""

__version__ = "0.1.0"
