"""Reinforcement-learning interfaces (the rl extra: `pip install 'gangland[rl]'`): every game as a PettingZoo
AEC environment (`gangland.rl.pettingzoo`), a Gymnasium single-seat environment (`gangland.rl.gym`) and an
OpenSpiel game (`gangland.rl.openspiel`), built on each game's view encoding (`gangland.rl.table`), and a
small learned policy (`gangland.rl.policy`). docs/rl/README.md says how to use them.

Importing this package imports none of those libraries; each module imports its own.
"""
