"""The vocabulary every Race rules module shares: step names, decision kinds, small helpers.

This module imports no other rules module, so every phase module may use it. Rule references
(§n) are to Part A of ``shared/rules/race-for-the-galaxy.md``.
"""

from __future__ import annotations

import enum
from typing import Any

# Re-exported: the rules name powers by it; the cards index their powers by it too.
from nfgalaxy.games.race.components import power_key as power_key
from nfgalaxy.games.race.identity import GAME_ID as GAME_ID

SAVE_VERSION = 1


class Step(enum.StrEnum):
    """The steps of the queue ``[step, seat (-1: nobody), argument]``."""

    START_WORLD = "start_world"  # RvI: keep one of the two start worlds dealt (§B4.2, §5.7)
    START_DISCARD = "start_discard"
    START_REVEAL = "start_reveal"  # RvI: the kept start worlds revealed together (§B4.2)
    ROUND_START = "round_start"
    CHOOSE_ACTION = "choose_action"
    REVEAL_ACTIONS = "reveal_actions"
    EXPLORE_DRAW = "explore_draw"
    EXPLORE_KEEP = "explore_keep"
    EXPLORE_DISCARD = "explore_discard"  # Explore mix (§B7)
    DEVELOP_START = "develop_start"
    CHOOSE_PLACEMENT = "choose_placement"
    REVEAL_PLACEMENTS = "reveal_placements"
    DEVELOP_PLACE = "develop_place"
    SETTLE_START = "settle_start"  # the records of a Settle phase begin (§9, §B6)
    SETTLE_PLACE = "settle_place"
    SECOND_WORLD = "second_world"  # Improved Logistics (§9.2, §B6.3)
    PAY = "pay"
    AFTER_PLACING = "after_placing"
    # Takeovers (§B6): secret declarations, their reveal, and each attempt's resolution.
    TAKEOVER_START = "takeover_start"
    TAKEOVER_DECLARE = "takeover_declare"
    TAKEOVER_REVEAL = "takeover_reveal"
    TAKEOVER_RESOLVE = "takeover_resolve"
    TAKEOVER_DEFEND = "takeover_defend"
    TAKEOVER_OUTCOME = "takeover_outcome"
    CONSUME_START = "consume_start"
    SELL = "sell"
    CONSUME = "consume"
    CONSUME_GOOD = "consume_good"
    CONSUME_HAND = "consume_hand"
    GAMBLE = "gamble"
    ANTE = "ante"  # RvI Gambling World (§B7): choose the stake
    ANTE_KEEP = "ante_keep"  # … and, when it wins, one revealed card
    PRODUCE_START = "produce_start"
    WINDFALL = "windfall"
    PRODUCE_DISCARD = "produce_discard"  # Damaged Alien Factory (§B7): the card discarded
    PRODUCE_DRAW = "produce_draw"
    PRODUCE_END = "produce_end"
    PHASE_END = "phase_end"
    HAND_LIMIT = "hand_limit"
    ROUND_END = "round_end"


#: A queue entry: ``[step, seat, argument]``.
Entry = list

# Decision kinds.
DISCARD = "discard"
ACTION = "action"
KEEP = "keep"
PLACE = "place"
PASS = "pass"
PAY = "pay"
SETTLE_BY = "settle_by"
SELL = "sell"
USE = "use"
GOOD = "good"
STOP = "stop"
DONE = "done"
NAME = "name"
WINDFALL = "windfall"
STAKE = "stake"
TAKEOVER = "takeover"
REINFORCE = "reinforce"

# Ways of placing a world (§9.1, §9.4).
BY_PAYING = "pay"
BY_CONQUEST = "conquer"
BY_PAYING_MILITARY = "pay_military"

#: The Produce bonus in a ``windfall`` decision, where a power's key would be (§11).
BONUS = "bonus"


def split_key(key: str) -> tuple[str, int]:
    card_id, _, index = key.partition("#")
    return card_id, int(index)


_NESTED = (dict, list, tuple)


def deep(value: Any) -> Any:
    """Plain data copied at every level, tuples as lists (as JSON would give them back)."""
    if type(value) is dict:
        return {k: deep(v) if type(v) in _NESTED else v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [deep(v) if type(v) in _NESTED else v for v in value]
    return value


def plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"
