"""The New Frontiers rules engine: setup, rounds, the seven actions, game end and scoring.

The game is a queue of *steps*. A step is a small list ``[name, player, arg]``; the handler for
its name either runs on its own (an automatic rule such as a bonus) or asks the player for a
decision. Actions push the steps they need (one per player in execution order), so the flow of a
round is data that serialises with the state, in the spirit of boardgame.io's phases. The state
is in ``game``, each action in its own module, and ``handlers`` joins them in one table. Rule
text references (§n) are to ``shared/rules/new-frontiers.md``.
"""

from __future__ import annotations

from nfgalaxy.games.new_frontiers.rules.common import (
    BOOST,
    BUY,
    COLONISTS,
    CONSUME,
    DECLARE,
    DONE,
    GAME_ID,
    HOME,
    KEEP_GOAL,
    KEEP_SECRET,
    PASS,
    PRODUCE_ON,
    REPLACE,
    RETURN,
    REVEAL,
    SAVE_VERSION,
    SELECT,
    SETTLE,
    STORE_CREDITS,
    STORE_GOOD,
    TAKE,
    TRADE,
    UPGRADE,
)
from nfgalaxy.games.new_frontiers.rules.handlers import NewFrontiers

__all__ = [
    "BOOST",
    "BUY",
    "COLONISTS",
    "CONSUME",
    "DECLARE",
    "DONE",
    "GAME_ID",
    "HOME",
    "KEEP_GOAL",
    "KEEP_SECRET",
    "PASS",
    "PRODUCE_ON",
    "REPLACE",
    "RETURN",
    "REVEAL",
    "SAVE_VERSION",
    "SELECT",
    "SETTLE",
    "STORE_CREDITS",
    "STORE_GOOD",
    "TAKE",
    "TRADE",
    "UPGRADE",
    "NewFrontiers",
]
