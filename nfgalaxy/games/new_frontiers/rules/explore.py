"""Explore (rules §5.3): the draw, picks, extra worlds, and the world limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers.components import (
    Phase,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    RETURN,
    TAKE,
    Step,
    Unlabelled,
    offer,
)
from nfgalaxy.games.new_frontiers.state import (
    EXPLORE_DRAW,
    WORLD_LIMIT,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers

_TAKE = Unlabelled(TAKE)
_RETURN = Unlabelled(RETURN)


def _run_explore_draw(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    for _ in range(min(EXPLORE_DRAW, len(g.bag))):
        g.display.append(g.draw_world())
    g.record("explore_draw", None, tuple(g.display), (len(g.display),))


def _opt_explore_pick(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    if g.quiet:
        return [_TAKE[w] for w in g.display]
    out = []
    for w in g.display:
        decision = g.offers.get((TAKE, w))
        if decision is None:
            decision = g.offers[TAKE, w] = Decision(TAKE, (w,), f"Take {g.tiles.describe(w)}")
        out.append(decision)
    return out


def _run_explore_pick(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None:
        g.record("explore_none", seat)
        return
    world_id = d.args[0]
    g.display.remove(world_id)
    g.players[seat].explore(world_id)
    g.record("explore", seat, (world_id,), (1 if arg else 0,))


def _run_explore_extra(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Explore abilities: colonists, and extra worlds drawn right after the player's pick(s)."""
    player = g.players[seat]
    for tile, ability in g._active(seat, Phase.EXPLORE):
        if ability.effect == "colonists":
            got = g.gain_colonists(seat, ability.amount)
            if got:
                g.record("colonists", seat, (tile,), (got,))
        elif ability.effect == "draw_worlds":
            for _ in range(ability.amount):
                world_id = g.draw_world()
                if world_id is None:
                    break
                player.explore(world_id)
                g.record("draw_world", seat, (world_id, tile))


def _run_explore_return(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    g.bag.extend(g.display)
    g.display = []


def _can_stock_world(g: NewFrontiers, seat: int) -> bool:
    goal = g._stock_goal("stockpiled_worlds")
    if goal is None:
        return False
    player = g.players[seat]
    done = g.action.get("stocked_world", [])
    return seat not in done and len(player.stock_worlds) < goal.maximum


def _over_limit(g: NewFrontiers, seat: int) -> bool:
    """Over the 9-world limit, with explored worlds to give back (§5.3, §5.4)."""
    player = g.players[seat]
    return bool(player.explored) and len(player.explored) + len(player.colonies) > WORLD_LIMIT


def _run_limits(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    """The world limit after Explore and Settle: a limit step for each player over it, in
    execution order. Giving worlds back changes no other player's count, so all are checked
    at once and the players under the limit (nearly all) cost no step."""
    g.queue[0:0] = [[Step.LIMIT, p, 0] for p in g.exec_order(g.action["disc"]) if _over_limit(g, p)]


def _opt_limit(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    """The 9-world limit: return explored worlds of your choice to the bag (§5.3, §5.4)."""
    if not _over_limit(g, seat):
        return []
    player = g.players[seat]
    if g.quiet:
        out = [_RETURN[w, 0] for w in player.explored]
        if _can_stock_world(g, seat):
            out += [_RETURN[w, 1] for w in player.explored]
        return out
    offers = g.offers
    out = [
        offer(offers, (RETURN, w, 0), (w, 0), lambda w=w: f"Return {g.world(w).name} to the bag")
        for w in player.explored
    ]
    if _can_stock_world(g, seat):
        out += [
            Decision(RETURN, (w, 1), f"Stockpile {g.world(w).name} (Exploration goal)")
            for w in player.explored
        ]
    return out


def _run_limit(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    if d is None:
        return
    world_id, to_stock = d.args
    player = g.players[seat]
    player.unexplore(world_id)
    if to_stock:
        player.stock_worlds = [*player.stock_worlds, world_id]  # shared with copies
        g.action.setdefault("stocked_world", []).append(seat)
        g.record("stock_world", seat, (world_id,))
    else:
        g.bag.append(world_id)
        g.record("return_world", seat, (world_id,))
    g.queue.insert(0, [Step.LIMIT, seat, 0])
