"""The vocabulary every Space Merchant rules module shares: steps, decision kinds, options.

This module imports no other rules module, so every one of them may use it. Rule references
(§n) are to ``shared/rules/space-merchant.md``.
"""

from __future__ import annotations

import enum
from typing import Any

from nfgalaxy.games.space_merchant.identity import DEFAULT_OPTIONS as DEFAULT_OPTIONS
from nfgalaxy.games.space_merchant.identity import GAME_ID as GAME_ID
from nfgalaxy.games.space_merchant.identity import ROUND_LIMIT as ROUND_LIMIT

SAVE_VERSION = 3


class Step(enum.StrEnum):
    """The steps of the queue ``[step, seat, argument]``."""

    SPECIES = "species"  # each player chooses a species, in turn order (§3.1 step 8)
    TURN_START = "turn_start"
    BEGIN = "begin"  # stay and trade, or move (§4)
    DRIVES = "drives"  # drive deactivations (§5.1 item 1)
    GATE_LOCK = "gate_lock"  # §5.1 item 2
    AUTO_PILOT = "auto_pilot"  # §5.1 item 3
    JUMP_START = "jump_start"  # §5.1 item 4
    DECLARE = "declare"  # the first space of the path (§5.1 item 5)
    ROLL = "roll"  # §5.2
    MULLIGAN = "mulligan"  # §9
    MOVE = "move"  # one step of the move, or how it ends (§5.3–§5.11)
    MOVE_END = "move_end"
    LANDED = "landed"  # trading and the other actions at the landing site (§7, §7.12)
    TRADE_GIVE = "trade_give"  # a proposal to another player: what to give (§7.12)
    TRADE_ASK = "trade_ask"  # ...and what to ask for it
    TRADE_ANSWER = "trade_answer"  # the other player accepts or declines
    TURN_END = "turn_end"  # §4 end of turn


# Decision kinds.
SPECIES = "species"
MOVE = "move"
STAY = "stay"
DRIVES = "drives"
GATE_LOCK = "gate_lock"
AUTO_PILOT = "auto_pilot"
JUMP_START = "jump_start"
FIRST = "first"
KEEP = "keep"
REROLL = "reroll"
STEP = "step"
JUMP = "jump"
LAND = "land"
PAY = "pay"
STOP = "stop"
TAKE_RELIC = "take_relic"
DONE = "done"
# Trading (§7): one decision per transaction, the landing-site step asked again after each.
BUY = "buy"  # a goods or factory goods marker (§7.3)
SELL = "sell"  # a goods marker from the hold (§7.4)
PICK_UP = "pick_up"  # a fare (§7.5)
DELIVER = "deliver"  # a fare (§7.5)
BUY_EQUIPMENT = "buy_equipment"  # §7.6
TRADE_IN = "trade_in"  # ("equipment", kind) or ("relic", relic), for credit (§7.6)
BUY_RELIC = "buy_relic"  # from this system's sun (§7.6)
BUY_SHIP = "buy_ship"  # the old ship traded in (§7.7)
REDEEM = "redeem"  # an IOU, for credit (§7.8)
BUY_DEED = "buy_deed"  # "port:<orbit site>" or "factory:<culture ID>" (§7.9)
JETTISON = "jettison"  # ("cargo", marker) or ("equipment", kind) (§7.12)
PUT_DOWN = "put_down"  # a relic, on an asteroid, for anyone to take (§7.12)
# Trading with another player at the landing site (§7.12): propose, give, ask; the other answers.
PROPOSE = "propose"  # (the other seat,)
GIVE = "give"  # an item (kind, what) of ``players_trade.py``
ASK = "ask"  # an item of the other player
WITHDRAW = "withdraw"  # no proposal after all
ACCEPT = "accept"
DECLINE = "decline"

MIN_PLAYERS = 1
MAX_PLAYERS = 6


def options_with_defaults(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options of a game: the defaults, overridden by ``options``; ``ValueError`` names an
    unknown option or a player count out of range."""
    merged = dict(DEFAULT_OPTIONS)
    for key, value in (options or {}).items():
        if key not in DEFAULT_OPTIONS and key != "names":
            raise ValueError(f"unknown option {key!r}")
        merged[key] = value
    for key, low in (("round_limit", 0), ("bank", 0), ("victory", 1)):
        value = merged[key]
        if value is not None and (not _whole(value) or value < low):
            raise ValueError(f"{key} must be a whole number of at least {low}, not {value!r}")
    if merged["victory"] is None:
        raise ValueError("victory must be a whole number of at least 1, not None")
    if merged["telegate_cost"] not in (0, 1) or not _whole(merged["telegate_cost"]):
        raise ValueError(f"telegate_cost must be 0 or 1, not {merged['telegate_cost']!r}")
    players = merged["players"]
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}–{MAX_PLAYERS}, not {players!r}")
    return merged


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_NESTED = (dict, list, tuple)


def deep(value: Any) -> Any:
    """Plain data copied at every level, tuples as lists (as JSON would give them back)."""
    if type(value) is dict:
        return {k: deep(v) if type(v) in _NESTED else v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [deep(v) if type(v) in _NESTED else v for v in value]
    return value
