"""Setup steps, choosing actions, the end of an action and of a round, and final scoring
(rules §3, §4, §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.components import (
    GoodsType,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    _TILES_GOALS,
    _TILES_STANDARD,
    HOME,
    SELECT,
    Entry,
    Step,
)
from nfgalaxy.games.new_frontiers.scoring import score_player, winners
from nfgalaxy.games.new_frontiers.state import (
    ACTION_BONUS,
    ActionTile,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_SELECT_STEP = Step.SELECT
_END_ROUND_STEP = Step.END_ROUND
_START_ROUND_STEP = Step.START_ROUND


def _opt_home(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    mat = g.action["mats"][str(seat)]
    sides = g.tiles.mats()[mat]
    if g.options["first_game"]:
        sides = [h for h in sides if h.home and h.home.first_game]
    return [Decision(HOME, (h.id,), "" if g.quiet else f"Play {h.describe()}") for h in sides]


def _run_home(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    """Home colony with its colonist from the supply and, if windfall, its good (§3.2 step 10)."""
    assert d is not None
    home = g.world(d.args[0])
    player = g.players[seat]
    player.home = home.id
    player.colonies = [home.id]
    player.tiles_changed()
    g.colonist_supply -= 1
    if home.goods is GoodsType.WINDFALL and home.kind is not None:
        g.put_good(seat, home.id, int(home.kind))
    g.record("home", seat, (home.id,))


def _run_start_round(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    g.selections = 0
    g.chosen = {}
    g.record("round", None, (), (g.round,))
    g.queue.insert(0, [_SELECT_STEP, g.order[0][0], 0])


_DEVELOP = ActionTile.DEVELOP.value
_EXPLORE = ActionTile.EXPLORE.value
_SETTLE = ActionTile.SETTLE.value
_PRODUCE = ActionTile.PRODUCE.value

_SELECT = {
    t: Decision(SELECT, (t.value,), f"Choose {t.label} (bonus: {ACTION_BONUS[t]})")
    for t in ActionTile
}


#: (tile word, its decision) in table order, without and with the goals variant.
_OFFERED = {
    variant: tuple((value, _SELECT[t]) for t, value in tiles)
    for variant, tiles in ((False, _TILES_STANDARD), (True, _TILES_GOALS))
}


#: The select decisions left, by variant and the tiles chosen so far this round (in the order
#: chosen): a few hundred lists at most, asked for before every action of every playout.
_LEFT: dict[tuple[Any, ...], list[Decision]] = {}


def _opt_select(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    """The action tiles not chosen yet this round (decisions made once, labels and all)."""
    key = (g.options["goals"], *g.chosen)
    left = _LEFT.get(key)
    if left is None:
        chosen = g.chosen
        left = _LEFT[key] = [d for value, d in _OFFERED[key[0]] if value not in chosen]
    return left


#: The steps of an action (with its end) by tile, chooser, execution order and whether a
#: stockpiled-goods goal is in play. The same few plans recur in every game and playout, and
#: queue entries are never changed once made (only replaced), so games share them, as they
#: share decisions, instead of building a dozen lists for every action.
_PLANS: dict[tuple[Any, ...], list[Entry]] = {}


def _run_select(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    tile = d.args[0]
    disc = g.order[g.selections]
    g.selections += 1
    g.chosen[tile] = seat
    g.action = {"tile": tile, "chooser": seat, "disc": list(disc), "placed": {}}
    g.record("select", seat, (tile,))
    order = g.exec_order(disc)
    stock = tile == _PRODUCE and g._stock_goal("stockpiled_goods") is not None
    key = (tile, seat, stock, *order)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = [*_action_steps(tile, seat, order, stock), [Step.END_ACTION, seat, 0]]
    if g.goals_hidden:
        # A hidden stockpile goal may be revealed right after any action is chosen (§11.3).
        reveal: list[Entry] = [
            [Step.REVEAL, holder, 0]
            for holder, goal_id in g.goals_hidden
            if g.tiles.goals[goal_id].type == "stockpile"
        ]
        g.queue[0:0] = reveal + plan
    else:
        g.queue[0:0] = plan


#: The action tiles whose only effect is the chooser's bonus, and the step that gives it.
_BONUS_ONLY = {
    ActionTile.RETREAT.value: Step.RETREAT,
    ActionTile.GOALS.value: Step.GOALS,
    ActionTile.AMBASSADOR.value: Step.AMBASSADOR,
}


def _action_steps(tile: str, chooser: int, order: list[int], stock: bool) -> list[Entry]:
    """The steps of the action tile ``tile`` (its word), players in execution ``order``;
    ``stock``: a stockpiled-goods goal is in play (players may store goods after Produce)."""
    bonus = _BONUS_ONLY.get(tile)
    if bonus is not None:
        return [[bonus, chooser, 0]]
    if tile == _DEVELOP:
        return [[Step.DEVELOP, p, 0] for p in order] + [[Step.DEVELOP_END, -1, 0]]
    if tile == _EXPLORE:
        steps: list[Entry] = [[Step.EXPLORE_DRAW, -1, 0]]
        for p in order:
            steps.append([Step.EXPLORE_PICK, p, 0])
            if p != chooser:
                steps.append([Step.EXPLORE_EXTRA, p, 0])
        steps += [
            [Step.EXPLORE_PICK, chooser, 1],
            [Step.EXPLORE_EXTRA, chooser, 0],
            [Step.EXPLORE_RETURN, -1, 0],
        ]
        return [*steps, [Step.LIMITS, -1, 0]]
    if tile == _SETTLE:
        steps = [[Step.SETTLE_BONUS, chooser, 0]]
        for p in order:
            steps += [[Step.SETTLE_START, p, 0], [Step.SETTLE, p, 0]]
        return [*steps, [Step.LIMITS, -1, 0], [Step.SETTLE_END, -1, 0]]
    if tile == _PRODUCE:
        steps = [[Step.PRODUCE_BONUS, chooser, 0]]
        for p in order:
            # Produce_start adds the Produce step when something is left to produce.
            steps += [[Step.PRODUCE_START, p, 0], [Step.PRODUCE_FINISH, p, 0]]
        steps.append([Step.PRODUCE_END, -1, 0])
        if stock:
            steps += [[Step.STORE_GOODS, p, 0] for p in order]
        return steps
    # Trade/Consume
    steps = [[Step.TRADE_BONUS, chooser, 0]]
    for p in order:
        steps += [
            [Step.TRADE, p, 0],
            [Step.CONSUME_START, p, 0],
            [Step.CONSUME, p, 0],
            [Step.CONSUME_FINISH, p, 0],
        ]
    return steps


def _run_end_action(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    for player in g.players:
        player.oort_kind = -1
    g.action = {}
    g.turn = {}
    if g.selections < len(g.order):
        g.queue.insert(0, [_SELECT_STEP, g.order[g.selections][0], 0])
    else:
        g.queue.insert(0, [_END_ROUND_STEP, -1, 0])


def _run_end_round(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Round end (§4.4): game over if an end condition was met, else credits on Produce."""
    if g.end_reasons:
        _final_scoring(g)
        return
    if _PRODUCE not in g.chosen:
        g.produce_credits += 1
        g.record("produce_tile", None, (), (g.produce_credits,))
    g.round += 1
    g.queue.insert(0, [_START_ROUND_STEP, -1, 0])


def _final_scoring(g: NewFrontiers) -> None:
    """§9: explored worlds back to the bag, hidden goals revealed, then every player scores."""
    for player in g.players:
        g.bag.extend(player.explored)
        player.explored = []
    for holder, goal_id in g.goals_hidden:
        g.goals_revealed.append(goal_id)
        g.record("goal_revealed", holder, (goal_id,))
    g.goals_hidden = []
    g.final = [score_player(g.tiles, p, g._goals_in_play()) for p in g.players]
    g.over = True
    g.queue = []
    g.record("game_over", None, tuple(g.end_reasons), (g.round,))
    for player, s in zip(g.players, g.final, strict=True):
        numbers = (s.total, s.chips, s.tiles, s.bonus, s.goals, s.tiebreak)
        g.record("score", player.seat, (), numbers)
    g.record("winner", None, (), tuple(winners(g.final)))
