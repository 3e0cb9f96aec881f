"""Hearts for reinforcement learning: a PettingZoo AEC environment (optional extra ``rl``).

``hertta.rl.hearts_env(players=4, preset="standard", **options)`` builds the environment
(:mod:`hertta.rl.hearts_env`); :mod:`hertta.rl.encoding` defines the actions and the
observation vector; :class:`PlayerPolicy` plays Hertta's own levels in it. ``docs/rl.md``
documents all of it. NumPy, Gymnasium and PettingZoo are imported only inside this package.
"""

from hertta.rl.encoding import ACTION_COUNT, BLOCKS, MOON_ACTIONS, OBSERVATION_SIZE, OFFSETS
from hertta.rl.hearts_env import HeartsEnv, IllegalActionError, agent_name, hearts_env
from hertta.rl.policies import PlayerPolicy

__all__ = [
    "ACTION_COUNT",
    "BLOCKS",
    "MOON_ACTIONS",
    "OBSERVATION_SIZE",
    "OFFSETS",
    "HeartsEnv",
    "IllegalActionError",
    "PlayerPolicy",
    "agent_name",
    "hearts_env",
]
