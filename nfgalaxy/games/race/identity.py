"""What the game's descriptor needs without loading the engine: its id and the words of its
options. Listing the games (the new-game screen, the first screen of the app) imports only
these; the rules, the tile data and the cards load when a game is made or loaded.
"""

from __future__ import annotations

GAME_ID = "race-for-the-galaxy"
#: The card sets, which are also the game's levels, in order: each level plays its own set and
#: every set before it (rules §B1: RvI assumes TGS; the facts file's "Deck total with earlier
#: sets").
LEVELS: tuple[str, ...] = ("base", "tgs", "rvi")
#: The word for "the smallest level the player count needs" (the default of a new game).
AUTO = "auto"
#: The words of an on/off option whose default depends on the level.
SWITCH = ("auto", "on", "off")
