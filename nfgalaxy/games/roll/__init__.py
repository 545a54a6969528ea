"""Roll for the Galaxy (Wei-Hwa Huang, Tom Lehmann): component data so far.

``components.py`` defines dice, tiles and the power vocabulary, ``tileset.py`` loads them from
``data/roll.toml`` and ``statistics.py`` checks them against the counts the rulebook gives. The
rules engine is not written yet, so the game is not registered.
"""
