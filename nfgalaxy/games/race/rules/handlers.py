"""The handler table: for each step, the function offering its decisions (None for a step that
runs on its own) and the function carrying it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules import (
    ante,
    consume,
    develop,
    explore,
    placement,
    produce,
    rounds,
    settle,
    setup,
    takeover,
)
from nfgalaxy.games.race.rules.base import RaceBase
from nfgalaxy.games.race.rules.common import Step

Decide = Callable[[RaceBase, int, Any], list[Decision]]
Run = Callable[[RaceBase, int, Any, Decision | None], None]

HANDLERS: dict[str, tuple[Decide | None, Run]] = {
    Step.START_WORLD: (setup.opt_start_world, setup.run_start_world),
    Step.START_DISCARD: (setup.opt_start_discard, setup.run_start_discard),
    Step.START_REVEAL: (None, setup.run_start_reveal),
    Step.ROUND_START: (None, rounds.run_round_start),
    Step.CHOOSE_ACTION: (rounds.opt_choose_action, rounds.run_choose_action),
    Step.REVEAL_ACTIONS: (None, rounds.run_reveal_actions),
    Step.EXPLORE_DRAW: (None, explore.run_explore_draw),
    Step.EXPLORE_KEEP: (explore.opt_explore_keep, explore.run_explore_keep),
    Step.EXPLORE_DISCARD: (explore.opt_explore_discard, explore.run_explore_discard),
    Step.DEVELOP_START: (None, develop.run_develop_start),
    Step.CHOOSE_PLACEMENT: (placement.opt_choose_placement, placement.run_choose_placement),
    Step.REVEAL_PLACEMENTS: (None, placement.run_reveal_placements),
    Step.DEVELOP_PLACE: (develop.opt_develop_place, develop.run_develop_place),
    Step.SETTLE_START: (None, settle.run_settle_start),
    Step.SETTLE_PLACE: (settle.opt_settle_place, settle.run_settle_place),
    Step.SECOND_WORLD: (settle.opt_second_world, settle.run_second_world),
    Step.PAY: (placement.opt_pay, placement.run_pay),
    Step.AFTER_PLACING: (None, placement.run_after_placing),
    Step.TAKEOVER_START: (None, takeover.run_takeover_start),
    Step.TAKEOVER_DECLARE: (takeover.opt_declare, takeover.run_declare),
    Step.TAKEOVER_REVEAL: (None, takeover.run_takeover_reveal),
    Step.TAKEOVER_RESOLVE: (None, takeover.run_resolve),
    Step.TAKEOVER_DEFEND: (takeover.opt_defend, takeover.run_defend),
    Step.TAKEOVER_OUTCOME: (None, takeover.run_outcome),
    Step.CONSUME_START: (None, consume.run_consume_start),
    Step.SELL: (consume.opt_sell, consume.run_sell),
    Step.CONSUME: (consume.opt_consume, consume.run_consume),
    Step.CONSUME_GOOD: (consume.opt_consume_good, consume.run_consume_good),
    Step.CONSUME_HAND: (consume.opt_consume_hand, consume.run_consume_hand),
    Step.GAMBLE: (consume.opt_gamble, consume.run_gamble),
    Step.ANTE: (ante.opt_ante, ante.run_ante),
    Step.ANTE_KEEP: (ante.opt_ante_keep, ante.run_ante_keep),
    Step.PRODUCE_START: (None, produce.run_produce_start),
    Step.WINDFALL: (produce.opt_windfall, produce.run_windfall),
    Step.PRODUCE_DISCARD: (produce.opt_produce_discard, produce.run_produce_discard),
    Step.PRODUCE_DRAW: (None, produce.run_produce_draw),
    Step.PRODUCE_END: (None, produce.run_produce_end),
    Step.PHASE_END: (None, rounds.run_phase_end),
    Step.HAND_LIMIT: (rounds.opt_hand_limit, rounds.run_hand_limit),
    Step.ROUND_END: (None, rounds.run_round_end),
}
assert set(HANDLERS) == set(Step), "every step has its handlers"
