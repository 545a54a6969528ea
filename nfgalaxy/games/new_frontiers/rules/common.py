"""What every New Frontiers rules module shares: step names, decision kinds, the action tiles
in table order, and copying plain data. It imports no other rules module."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.identity import GAME_ID as GAME_ID
from nfgalaxy.games.new_frontiers.state import (
    ActionTile,
)

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


class Step(enum.StrEnum):
    """The steps of the queue. A ``StrEnum``: a queue entry's name is still its word in JSON,
    so saves written when steps were plain strings load unchanged."""

    HOME = "home"
    START_ROUND = "start_round"
    SELECT = "select"
    END_ACTION = "end_action"
    END_ROUND = "end_round"
    RETREAT = "retreat"
    AMBASSADOR = "ambassador"
    GOALS = "goals"
    KEEP_GOAL = "keep_goal"
    REVEAL = "reveal"
    DEVELOP = "develop"
    DEVELOP_END = "develop_end"
    EXPLORE_DRAW = "explore_draw"
    EXPLORE_PICK = "explore_pick"
    EXPLORE_EXTRA = "explore_extra"
    EXPLORE_RETURN = "explore_return"
    LIMIT = "limit"
    LIMITS = "limits"
    SETTLE_BONUS = "settle_bonus"
    SETTLE_START = "settle_start"
    SETTLE = "settle"
    SETTLE_END = "settle_end"
    PRODUCE_BONUS = "produce_bonus"
    PRODUCE_START = "produce_start"
    PRODUCE = "produce"
    PRODUCE_FINISH = "produce_finish"
    PRODUCE_END = "produce_end"
    STORE_GOODS = "store_goods"
    TRADE_BONUS = "trade_bonus"
    TRADE = "trade"
    STORE_CREDITS = "store_credits"
    CONSUME_START = "consume_start"
    CONSUME = "consume"
    CONSUME_FINISH = "consume_finish"


#: A queue entry: ``[step, player (-1: nobody), argument]``.
Entry = list

# The double-sided tile shows Retreat into Isolation, or Set Galactic Goals with the variant.
# (tile, its value) pairs: reading an enum's value is slow in a hot loop.
_TILES_STANDARD = tuple((t, t.value) for t in (ActionTile.RETREAT, *list(ActionTile)[2:]))
_TILES_GOALS = tuple((t, t.value) for t in (ActionTile.GOALS, *list(ActionTile)[2:]))


class Unlabelled(dict):
    """The unlabelled decisions of one kind, by their arguments, each made once: a quiet copy
    (search) offers these instead of building a decision, and its words, every time. Decisions
    are immutable, so sharing them is safe; there are only as many as the game's components."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, key: Any) -> Decision:
        """``key``: the arguments, or the only argument when it is not a tuple."""
        decision = self[key] = Decision(self.kind, key if type(key) is tuple else (key,))
        return decision


def offer(
    offers: dict[tuple[Any, ...], Decision],
    key: tuple[Any, ...],
    args: tuple[Any, ...],
    words: Callable[[], str],
) -> Decision:
    """The labelled decision ``(key[0], args)`` from the tile set's ``offers``, made (with
    ``words()``) the first time: ``key`` holds the kind and everything the words depend on."""
    decision = offers.get(key)
    if decision is None:
        decision = offers[key] = Decision(key[0], args, words())
    return decision


#: Action tile by its word (``ActionTile(word)`` is slow in a hot loop).
TILE_OF = {t.value: t for t in ActionTile}


def _deep(value: Any) -> Any:
    """Copy JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_deep(v) for v in value]
    return value
