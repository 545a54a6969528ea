"""Race for the Galaxy (Tom Lehmann): the card game of the Galaxy family.

The base game's cards are data (``data/cards.toml``, explained in ``DATA.md``), loaded into the
immutable definitions of ``components.py`` by ``cards.py`` and cross-checked against the sources
by ``statistics.py``. ``state.py`` holds the mutable game state, ``scoring.py`` the end-game VP,
and ``rules/`` the engine: setup, the round of secretly chosen phases, Explore, Develop, Settle,
Consume and Produce, views for hidden information, and the advanced 2-player game. The game has
no descriptor yet, so it is not registered as a playable game.
"""
