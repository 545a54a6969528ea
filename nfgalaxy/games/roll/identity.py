"""What the game's descriptor needs without loading the engine: its id and the words of its
options. Listing the games (the new-game screen, the first screen of the app) imports only
these; the rules, the tile data and the cards load when a game is made or loaded.
"""

from __future__ import annotations

GAME_ID = "roll-for-the-galaxy"
