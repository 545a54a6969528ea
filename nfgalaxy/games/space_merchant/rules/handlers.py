"""The handler table: for each step, the function offering its decisions (None for a step that
runs on its own) and the function carrying it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.rules import (
    movement,
    players_trade,
    setup,
    transactions,
    turn,
)
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import Step

Decide = Callable[[MerchantBase, int, Any], list[Decision]]
Run = Callable[[MerchantBase, int, Any, Decision | None], None]

HANDLERS: dict[str, tuple[Decide | None, Run]] = {
    Step.SPECIES: (setup.opt_species, setup.run_species),
    Step.TURN_START: (None, turn.run_turn_start),
    Step.BEGIN: (turn.opt_begin, turn.run_begin),
    Step.DRIVES: (turn.opt_drives, turn.run_drives),
    Step.GATE_LOCK: (turn.opt_gate_lock, turn.run_gate_lock),
    Step.AUTO_PILOT: (turn.opt_auto_pilot, turn.run_auto_pilot),
    Step.JUMP_START: (turn.opt_jump_start, turn.run_jump_start),
    Step.DECLARE: (turn.opt_declare, turn.run_declare),
    Step.ROLL: (None, turn.run_roll),
    Step.MULLIGAN: (turn.opt_mulligan, turn.run_mulligan),
    Step.MOVE: (movement.opt_move, movement.run_move),
    Step.MOVE_END: (None, turn.run_move_end),
    Step.LANDED: (transactions.opt_landed, transactions.run_landed),
    Step.TRADE_GIVE: (players_trade.opt_give, players_trade.run_give),
    Step.TRADE_ASK: (players_trade.opt_ask, players_trade.run_ask),
    Step.TRADE_ANSWER: (players_trade.opt_answer, players_trade.run_answer),
    Step.TURN_END: (None, turn.run_turn_end),
}
assert set(HANDLERS) == set(Step), "every step has its handlers"
