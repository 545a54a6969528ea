"""The handler table: for each step, the function offering its decisions (None for a step that
runs on its own) and the function carrying it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll.rules import assign, develop_settle, explore, manage, produce, setup, ship
from nfgalaxy.games.roll.rules.base import RollBase
from nfgalaxy.games.roll.rules.common import Step
from nfgalaxy.games.roll.rules.reveal import run_phase_end, run_reveal

Decide = Callable[[RollBase, int, Any], list[Decision]]
Run = Callable[[RollBase, int, Any, Decision | None], None]

HANDLERS: dict[str, tuple[Decide | None, Run]] = {
    Step.START_TILES: (setup.opt_start_tiles, setup.run_start_tiles),
    Step.ROUND_START: (None, assign.run_round_start),
    Step.ASSIGN: (assign.opt_assign, assign.run_assign),
    Step.REASSIGN: (assign.opt_reassign, assign.run_reassign),
    Step.REVEAL: (None, run_reveal),
    Step.EXPLORE_START: (None, explore.run_explore_start),
    Step.EXPLORE: (explore.opt_explore, explore.run_explore),
    Step.SCOUT: (explore.opt_scout, explore.run_scout),
    Step.PLACE_TILES: (explore.opt_place, explore.run_place),
    Step.RETURN_TILE: (explore.opt_return_tile, explore.run_return_tile),
    Step.DRAW_OWED: (None, explore.run_draw_owed),
    Step.EXPLORE_END: (None, explore.run_explore_end),
    Step.BUILD_CHECK: (develop_settle.opt_build_check, develop_settle.run_build_check),
    Step.BUILD: (develop_settle.opt_build, develop_settle.run_build),
    Step.TO_CUP: (develop_settle.opt_to_cup, develop_settle.run_to_cup),
    Step.IMMEDIATE: (None, develop_settle.run_immediate),
    Step.REMOVE_DIE: (develop_settle.opt_remove_die, develop_settle.run_remove_die),
    Step.PRODUCE: (produce.opt_produce, produce.run_produce),
    Step.SHIP_START: (None, ship.run_ship_start),
    Step.SHIP: (ship.opt_ship, ship.run_ship),
    Step.PHASE_END: (None, run_phase_end),
    Step.MANAGE: (manage.opt_manage, manage.run_manage),
    Step.RECALL: (manage.opt_recall, manage.run_recall),
    Step.ROUND_END: (None, manage.run_round_end),
}
assert set(HANDLERS) == set(Step), "every step has its handlers"
