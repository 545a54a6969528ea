"""The New Frontiers rules engine: setup, rounds, the seven actions, game end and scoring.

The game is a queue of *steps*. A step is a small list ``[step, player, arg]`` (``Step`` is a
``StrEnum``, so a saved queue is plain words); the handler for a step either runs on its own (an
automatic rule such as a bonus) or asks the player for a decision. Actions push the steps they
need (one per player in execution order), so the flow of a round is data that serialises with
the state, in the spirit of boardgame.io's phases.

Modules: ``common`` (step names, decision kinds), ``setup`` (§3), ``round`` (choosing actions,
the end of an action and of a round, final scoring), one module per action (``bonus_actions``
with the goals variant, ``develop``, ``explore``, ``settle``, ``produce``, ``trade``), each with
the refusal reasons of its decisions; ``events`` (the words of the log), ``game`` (the state,
copies, views and saves) and ``handlers``, which joins them in one table. No module imports one
that imports it back: the action modules are handed the game and import ``game`` only for type
checking. Rule text references (§n) are to ``shared/rules/new-frontiers.md``.
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
    Step,
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
    "Step",
]
