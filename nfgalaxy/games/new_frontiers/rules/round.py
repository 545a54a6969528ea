"""Setup steps, choosing actions, the end of an action and of a round, and final scoring
(rules §3, §4, §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.components import (
    GoodsType,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    HOME,
    SELECT,
    Step,
)
from nfgalaxy.games.new_frontiers.scoring import score_player, winners
from nfgalaxy.games.new_frontiers.state import (
    ACTION_BONUS,
    ActionTile,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers


def _opt_home(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    mat = g.action["mats"][str(seat)]
    sides = g.tiles.mats()[mat]
    if g.options["first_game"]:
        sides = [h for h in sides if h.home and h.home.first_game]
    return [Decision(HOME, (h.id,), f"Play {h.describe()}") for h in sides]


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
    g.log_line(
        f"{player.name} plays home colony {home.name} (mat {home.home.mat if home.home else '?'})."
    )


def _run_start_round(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    g.selections = 0
    g.chosen = {}
    g.log_line(f"— Round {g.round} —")
    g.queue.insert(0, ["select", g.order[0][0], 0])


_SELECT = {
    t: Decision(SELECT, (t.value,), f"Choose {t.label} (bonus: {ACTION_BONUS[t]})")
    for t in ActionTile
}


def _opt_select(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    return [_SELECT[t] for t in g.available_tiles()]


def _run_select(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    tile = ActionTile(d.args[0])
    disc = g.order[g.selections]
    g.selections += 1
    g.chosen[tile.value] = seat
    g.action = {"tile": tile.value, "chooser": seat, "disc": list(disc), "placed": {}}
    g.log_line(f"{g.name(seat)} chooses {tile.label}.")
    order = g.exec_order(disc)
    steps: list[Step] = []
    # A hidden stockpile goal may be revealed right after any action is chosen (§11.3).
    for holder, goal_id in g.goals_hidden:
        if g.tiles.goals[goal_id].type == "stockpile":
            steps.append(["reveal", holder, 0])
    steps += _action_steps(tile, seat, order, g)
    steps.append(["end_action", seat, 0])
    g.queue[0:0] = steps


def _action_steps(tile: ActionTile, chooser: int, order: list[int], g: NewFrontiers) -> list[Step]:
    if tile is ActionTile.RETREAT:
        return [["retreat", chooser, 0]]
    if tile is ActionTile.GOALS:
        return [["goals", chooser, 0]]
    if tile is ActionTile.AMBASSADOR:
        return [["ambassador", chooser, 0]]
    if tile is ActionTile.DEVELOP:
        return [["develop", p, 0] for p in order] + [["develop_end", -1, 0]]
    if tile is ActionTile.EXPLORE:
        steps: list[Step] = [["explore_draw", -1, 0]]
        for p in order:
            steps.append(["explore_pick", p, 0])
            if p != chooser:
                steps.append(["explore_extra", p, 0])
        steps += [
            ["explore_pick", chooser, 1],
            ["explore_extra", chooser, 0],
            ["explore_return", -1, 0],
        ]
        return steps + [["limit", p, 0] for p in order]
    if tile is ActionTile.SETTLE:
        steps = [["settle_bonus", chooser, 0]]
        for p in order:
            steps += [["settle_start", p, 0], ["settle", p, 0]]
        return steps + [["limit", p, 0] for p in order] + [["settle_end", -1, 0]]
    if tile is ActionTile.PRODUCE:
        steps = [["produce_bonus", chooser, 0]]
        for p in order:
            steps += [["produce_start", p, 0], ["produce", p, 0], ["produce_finish", p, 0]]
        steps.append(["produce_end", -1, 0])
        if g._stock_goal("stockpiled_goods"):
            steps += [["store_goods", p, 0] for p in order]
        return steps
    # Trade/Consume
    steps = [["trade_bonus", chooser, 0]]
    for p in order:
        steps += [
            ["trade", p, 0],
            ["consume_start", p, 0],
            ["consume", p, 0],
            ["consume_finish", p, 0],
        ]
    return steps


def _run_end_action(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    for player in g.players:
        player.oort_kind = -1
    g.action = {}
    g.turn = {}
    if g.selections < len(g.order):
        g.queue.insert(0, ["select", g.order[g.selections][0], 0])
    else:
        g.queue.insert(0, ["end_round", -1, 0])


def _run_end_round(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """Round end (§4.4): game over if an end condition was met, else credits on Produce."""
    if g.end_reasons:
        _final_scoring(g)
        return
    if ActionTile.PRODUCE.value not in g.chosen:
        g.produce_credits += 1
        g.log_line(f"Produce was not chosen: ${g.produce_credits} now lies on it.")
    g.round += 1
    g.queue.insert(0, ["start_round", -1, 0])


def _final_scoring(g: NewFrontiers) -> None:
    """§9: explored worlds back to the bag, hidden goals revealed, then every player scores."""
    for player in g.players:
        g.bag.extend(player.explored)
        player.explored = []
    for _holder, goal_id in g.goals_hidden:
        g.goals_revealed.append(goal_id)
        g.log_line(f"Hidden goal revealed: {g.tiles.goals[goal_id].name}.")
    g.goals_hidden = []
    g.final = [score_player(g.tiles, p, g._goals_in_play()) for p in g.players]
    g.over = True
    g.queue = []
    g.log_line(f"Game over after round {g.round} ({', '.join(g.end_reasons)}).")
    for player, score in zip(g.players, g.final, strict=True):
        g.log_line(
            f"{player.name}: {score.total} VP (chips {score.chips}, tiles {score.tiles}, "
            f"? bonuses {score.bonus}, goals {score.goals}; goods+credits {score.tiebreak})"
        )
    names = [g.players[w].name for w in winners(g.final)]
    g.log_line(("Winner: " if len(names) == 1 else "Shared victory: ") + ", ".join(names))
