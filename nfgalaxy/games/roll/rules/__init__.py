"""The Roll for the Galaxy rules engine: setup, the five-step round, game end and scoring.

One module per part of the round (``setup``, ``assign``, ``reveal``, ``explore``,
``develop_settle``, ``produce``, ``ship``, ``manage``), the shared state in ``base``, hidden
information in ``view``, refusals in ``explain``, the step table in ``handlers`` and the
protocol class with its saves in ``game``. Rule references (§n) are to
``shared/rules/roll-for-the-galaxy.md``.
"""

from __future__ import annotations

from nfgalaxy.games.roll.rules.common import (
    BOTTOM,
    CONSUME,
    DEVELOP,
    DICTATE,
    DISCARD,
    DONE,
    DRAW,
    GAME_ID,
    MOVE,
    MOVE_PAIR,
    PLACE,
    POWER,
    PRODUCE,
    REARRANGE,
    RECALL,
    RECRUIT,
    REMOVE,
    RETURN_TILE,
    SAVE_VERSION,
    SCOUT,
    SELECT,
    SETTLE,
    SHIP,
    START_TILES,
    STOCK,
    STOP,
    TO_CUP,
    TOP,
    TRADE,
    TRADE_VP,
    USE_DICE,
    WILD,
    Step,
    die_name,
)
from nfgalaxy.games.roll.rules.game import RollGame
from nfgalaxy.games.roll.rules.handlers import HANDLERS
from nfgalaxy.games.roll.rules.reveal import PHASE_STEPS

__all__ = [
    "BOTTOM",
    "CONSUME",
    "DEVELOP",
    "DICTATE",
    "DISCARD",
    "DONE",
    "DRAW",
    "GAME_ID",
    "HANDLERS",
    "MOVE",
    "MOVE_PAIR",
    "PHASE_STEPS",
    "PLACE",
    "POWER",
    "PRODUCE",
    "REARRANGE",
    "RECALL",
    "RECRUIT",
    "REMOVE",
    "RETURN_TILE",
    "SAVE_VERSION",
    "SCOUT",
    "SELECT",
    "SETTLE",
    "SHIP",
    "START_TILES",
    "STOCK",
    "STOP",
    "TOP",
    "TO_CUP",
    "TRADE",
    "TRADE_VP",
    "USE_DICE",
    "WILD",
    "RollGame",
    "Step",
    "die_name",
]
