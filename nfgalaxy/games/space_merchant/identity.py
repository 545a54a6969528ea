"""What the game's descriptor needs without loading the engine: its id and its options'
defaults. Listing the games (the new-game screen, the first screen of the app) imports only
these; the rules and the generated board load when a game is made or loaded.
"""

from __future__ import annotations

from typing import Any

GAME_ID = "space-merchant"

#: Options of a game and their defaults. The §13 ambiguities are options where cheap.
#: The default round limit: no rule of the game (§11 has none) but a bound, so that a game
#: whose merchants have all gone broke still ends (random play does, and never reaches $2,000).
ROUND_LIMIT = 100

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 2,
    #: The game's seed (setup, dice and draws), kept for replays.
    "seed": 0,
    #: The seed of the generated board and content (§15.5), when no pack file is given.
    "board": 1,
    #: A user's pack file (board and content, ``pack.py``); None: the generated pack.
    "tiles": None,
    #: §11: net worth that wins at the end of one's own turn.
    "victory": 2000,
    #: §2.10, §11: the bank's money; None is unlimited (the rule of an empty bank never fires).
    "bank": None,
    #: Not a rule of the game: end after this round, the richest winning (``ending.py``);
    #: None or 0: no limit.
    "round_limit": ROUND_LIMIT,
    #: §13 item 1: never traverse a link against an earlier traversal this turn.
    "strict_reversal": False,
    #: §13 item 2: the MP of a telegate jump (and of a Jump Start).
    "telegate_cost": 1,
    #: §13 item 3: a free pilot number may be picked to lead back, so as to stop.
    "backward_pilot_stop": True,
}
