"""The step table: each step name's options and run functions, and refusal explainers."""

from __future__ import annotations

from collections.abc import Callable

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.rules.bonus_actions import (
    _opt_keep_goal,
    _opt_reveal,
    _run_ambassador,
    _run_goals,
    _run_keep_goal,
    _run_retreat,
    _run_reveal,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    BUY,
    CONSUME,
    SETTLE,
    Step,
)
from nfgalaxy.games.new_frontiers.rules.develop import (
    _explain_buy,
    _opt_develop,
    _run_develop,
    _run_develop_end,
)
from nfgalaxy.games.new_frontiers.rules.explore import (
    _opt_explore_pick,
    _opt_limit,
    _run_explore_draw,
    _run_explore_extra,
    _run_explore_pick,
    _run_explore_return,
    _run_limit,
    _run_limits,
)
from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers
from nfgalaxy.games.new_frontiers.rules.produce import (
    _opt_produce,
    _opt_store_goods,
    _run_produce,
    _run_produce_bonus,
    _run_produce_end,
    _run_produce_finish,
    _run_produce_start,
    _run_store_goods,
)
from nfgalaxy.games.new_frontiers.rules.round import (
    _opt_home,
    _opt_select,
    _run_end_action,
    _run_end_round,
    _run_home,
    _run_select,
    _run_start_round,
)
from nfgalaxy.games.new_frontiers.rules.settle import (
    _explain_settle,
    _opt_settle,
    _run_settle,
    _run_settle_bonus,
    _run_settle_end,
    _run_settle_start,
)
from nfgalaxy.games.new_frontiers.rules.trade import (
    _explain_consume,
    _opt_consume,
    _opt_store_credits,
    _opt_trade,
    _run_consume,
    _run_consume_finish,
    _run_consume_start,
    _run_store_credits,
    _run_trade,
    _run_trade_bonus,
)

Handler = tuple[Callable[..., list[Decision]] | None, Callable[..., None]]

HANDLERS: dict[Step, Handler] = {
    Step.HOME: (_opt_home, _run_home),
    Step.START_ROUND: (None, _run_start_round),
    Step.SELECT: (_opt_select, _run_select),
    Step.END_ACTION: (None, _run_end_action),
    Step.END_ROUND: (None, _run_end_round),
    Step.RETREAT: (None, _run_retreat),
    Step.AMBASSADOR: (None, _run_ambassador),
    Step.GOALS: (None, _run_goals),
    Step.KEEP_GOAL: (_opt_keep_goal, _run_keep_goal),
    Step.REVEAL: (_opt_reveal, _run_reveal),
    Step.DEVELOP: (_opt_develop, _run_develop),
    Step.DEVELOP_END: (None, _run_develop_end),
    Step.EXPLORE_DRAW: (None, _run_explore_draw),
    Step.EXPLORE_PICK: (_opt_explore_pick, _run_explore_pick),
    Step.EXPLORE_EXTRA: (None, _run_explore_extra),
    Step.EXPLORE_RETURN: (None, _run_explore_return),
    Step.LIMIT: (_opt_limit, _run_limit),
    Step.LIMITS: (None, _run_limits),
    Step.SETTLE_BONUS: (None, _run_settle_bonus),
    Step.SETTLE_START: (None, _run_settle_start),
    Step.SETTLE: (_opt_settle, _run_settle),
    Step.SETTLE_END: (None, _run_settle_end),
    Step.PRODUCE_BONUS: (None, _run_produce_bonus),
    Step.PRODUCE_START: (None, _run_produce_start),
    Step.PRODUCE: (_opt_produce, _run_produce),
    Step.PRODUCE_FINISH: (None, _run_produce_finish),
    Step.PRODUCE_END: (None, _run_produce_end),
    Step.STORE_GOODS: (_opt_store_goods, _run_store_goods),
    Step.TRADE_BONUS: (None, _run_trade_bonus),
    Step.TRADE: (_opt_trade, _run_trade),
    Step.STORE_CREDITS: (_opt_store_credits, _run_store_credits),
    Step.CONSUME_START: (None, _run_consume_start),
    Step.CONSUME: (_opt_consume, _run_consume),
    Step.CONSUME_FINISH: (None, _run_consume_finish),
}

STEP_OF = {BUY: Step.DEVELOP, SETTLE: Step.SETTLE, CONSUME: Step.CONSUME}

EXPLAIN: dict[str, Callable[[NewFrontiers, int, Decision], tuple[str, str] | None]] = {
    BUY: _explain_buy,
    SETTLE: _explain_settle,
    CONSUME: _explain_consume,
}

NewFrontiers.HANDLERS = HANDLERS
NewFrontiers.EXPLAIN = EXPLAIN
NewFrontiers.STEP_OF = STEP_OF
