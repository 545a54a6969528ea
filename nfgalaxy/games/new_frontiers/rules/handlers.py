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

HANDLERS: dict[str, Handler] = {
    "home": (_opt_home, _run_home),
    "start_round": (None, _run_start_round),
    "select": (_opt_select, _run_select),
    "end_action": (None, _run_end_action),
    "end_round": (None, _run_end_round),
    "retreat": (None, _run_retreat),
    "ambassador": (None, _run_ambassador),
    "goals": (None, _run_goals),
    "keep_goal": (_opt_keep_goal, _run_keep_goal),
    "reveal": (_opt_reveal, _run_reveal),
    "develop": (_opt_develop, _run_develop),
    "develop_end": (None, _run_develop_end),
    "explore_draw": (None, _run_explore_draw),
    "explore_pick": (_opt_explore_pick, _run_explore_pick),
    "explore_extra": (None, _run_explore_extra),
    "explore_return": (None, _run_explore_return),
    "limit": (_opt_limit, _run_limit),
    "settle_bonus": (None, _run_settle_bonus),
    "settle_start": (None, _run_settle_start),
    "settle": (_opt_settle, _run_settle),
    "settle_end": (None, _run_settle_end),
    "produce_bonus": (None, _run_produce_bonus),
    "produce_start": (None, _run_produce_start),
    "produce": (_opt_produce, _run_produce),
    "produce_finish": (None, _run_produce_finish),
    "produce_end": (None, _run_produce_end),
    "store_goods": (_opt_store_goods, _run_store_goods),
    "trade_bonus": (None, _run_trade_bonus),
    "trade": (_opt_trade, _run_trade),
    "store_credits": (_opt_store_credits, _run_store_credits),
    "consume_start": (None, _run_consume_start),
    "consume": (_opt_consume, _run_consume),
    "consume_finish": (None, _run_consume_finish),
}

STEP_OF = {BUY: "develop", SETTLE: "settle", CONSUME: "consume"}

EXPLAIN: dict[str, Callable[[NewFrontiers, int, Decision], tuple[str, str] | None]] = {
    BUY: _explain_buy,
    SETTLE: _explain_settle,
    CONSUME: _explain_consume,
}

NewFrontiers.HANDLERS = HANDLERS
NewFrontiers.EXPLAIN = EXPLAIN
NewFrontiers.STEP_OF = STEP_OF
