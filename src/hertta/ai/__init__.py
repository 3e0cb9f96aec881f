"""Computer players for Hearts, all behind one protocol (:class:`~hertta.ai.protocol.Player`).

- :mod:`~hertta.ai.easy`: Easy, simple and a little careless;
- :mod:`~hertta.ai.normal`: Normal, the seed's strategy as explicit rules
  (:mod:`~hertta.ai.passing`, :mod:`~hertta.ai.play_rules`, :mod:`~hertta.ai.moon`);
- :mod:`~hertta.ai.hard`: Hard, determinized Monte Carlo search (:mod:`~hertta.ai.knowledge`,
  :mod:`~hertta.ai.sampling`, :mod:`~hertta.ai.search`, :mod:`~hertta.ai.rollout` with
  :mod:`~hertta.ai.rollout_moon` and :mod:`~hertta.ai.rollout_tables`);
- :mod:`~hertta.ai.hint`: the hint button; :mod:`~hertta.ai.registry`: levels by name;
- :mod:`~hertta.ai.driver` and :mod:`~hertta.ai.tournament`: playing rounds, matches and
  duplicate tournaments;
- :mod:`~hertta.ai.table_client` and :mod:`~hertta.ai.table_state`: a player at a shared table
  over the public protocol (``hertta hearts join``).

Players see only an observation and draw only from the generator they are given.
"""

from hertta.ai.easy import EasyPlayer
from hertta.ai.hard import HardPlayer
from hertta.ai.hint import REASON_CODES, Hint, hint
from hertta.ai.normal import NormalPlayer
from hertta.ai.protocol import Player
from hertta.ai.registry import LEVEL_NAMES, make_player

__all__ = [
    "LEVEL_NAMES",
    "REASON_CODES",
    "EasyPlayer",
    "HardPlayer",
    "Hint",
    "NormalPlayer",
    "Player",
    "hint",
    "make_player",
]
