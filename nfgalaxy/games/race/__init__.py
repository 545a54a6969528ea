"""Race for the Galaxy (Tom Lehmann): the card game of the Galaxy family.

So far this package holds the base game's cards as data (``data/cards.toml``), the immutable
component definitions they load into (``components.py``), the loader that validates them
(``cards.py``) and the statistics that cross-check them against the sources
(``statistics.py``). The rules engine comes later; until it does, the game has no descriptor and
is not registered as a playable game. ``DATA.md`` explains the power vocabulary.
"""
