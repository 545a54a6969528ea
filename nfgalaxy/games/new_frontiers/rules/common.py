"""What every New Frontiers rules module shares: decision kinds, the action tiles in table
order, and copying plain data."""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.new_frontiers.state import (
    ActionTile,
)

GAME_ID = "new-frontiers"
SAVE_VERSION = 1

# Decision kinds.
SELECT = "select"
HOME = "home"
KEEP_GOAL = "keep_goal"
REVEAL = "reveal"
KEEP_SECRET = "keep_secret"
BUY = "buy"
PASS = "pass"
TAKE = "take"
RETURN = "return"
COLONISTS = "colonists"
SETTLE = "settle"
BOOST = "boost"
UPGRADE = "upgrade"
REPLACE = "replace"
DONE = "done"
DECLARE = "declare"
PRODUCE_ON = "produce_on"
STORE_GOOD = "store_good"
TRADE = "trade"
STORE_CREDITS = "store_credits"
CONSUME = "consume"

Step = list  # [name, player, arg]

# The double-sided tile shows Retreat into Isolation, or Set Galactic Goals with the variant.
# (tile, its value) pairs: reading an enum's value is slow in a hot loop.
_TILES_STANDARD = tuple((t, t.value) for t in (ActionTile.RETREAT, *list(ActionTile)[2:]))
_TILES_GOALS = tuple((t, t.value) for t in (ActionTile.GOALS, *list(ActionTile)[2:]))


def _deep(value: Any) -> Any:
    """Copy JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_deep(v) for v in value]
    return value
