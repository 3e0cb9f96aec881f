"""The game-session layer, with no HTTP: tables, their seats, decision logs, views per seat,
computer players off the event loop, clocks.

- :mod:`~hertta.tables.model`: tables, seats, stored decisions, the table errors;
- :mod:`~hertta.tables.game`: what a game supplies (:class:`~hertta.tables.game.TableGame`);
  :mod:`~hertta.tables.h2h` and :mod:`~hertta.tables.hearts` supply it;
- :mod:`~hertta.tables.service`: create, resume and move tables through the store;
- :mod:`~hertta.tables.live`: tables in play: one decision at a time, watchers, computer players;
- :mod:`~hertta.tables.bots`: the worker pool; :mod:`~hertta.tables.clock`: the game timer;
- :mod:`~hertta.tables.h2h_view`, :mod:`~hertta.tables.hearts_view`: what each seat may see.

It never imports FastAPI, Starlette or the store (``tests/tables/test_layering.py``).
"""
