"""Heart to Heart: a Pyramid-family solitaire with 52 hearts laid out as a heart.

Pure rules: no I/O, no clock, no global random. See ``docs/rules.md`` and ``../shared/RULES.md``.
"""
