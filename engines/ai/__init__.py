"""Computer players for every engine: pure like the engines.

* ``observation``: what one seat knows (its own view and the record as it may see it); the only
  input a player gets, so it cannot peek at the referee's state.
* ``knowledge``: the per-game hooks (``engines/<slug>/ai.py``): worlds consistent with an
  observation, an evaluation, rollout and ordering preferences.
* ``search``: information-set Monte Carlo tree search over the engine contract.
* ``baselines``: the uniformly random and the one-ply greedy players the bench measures against.
* ``player``: levels (easy, normal, hard) and the one call the bot makes, ``decide``.
"""
