"""Ship (§7.5): Trade a good for credits or Consume it for VP."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.roll import powers as pw
from nfgalaxy.games.roll.components import Timing, World
from nfgalaxy.games.roll.rules.base import RollBase, use_worker
from nfgalaxy.games.roll.rules.common import (
    CONSUME,
    SHIP,
    TRADE,
    TRADE_VP,
    Entry,
    Step,
    TileNames,
    die_name,
    distinct,
    worded,
)
from nfgalaxy.games.roll.state import CREDIT_CAP

# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_SHIP_STEP = Step.SHIP


def ship_steps(g: RollBase) -> list[Entry]:
    return [
        [Step.SHIP_START, -1, 0],
        *[[Step.SHIP, s, 0] for s in g.order],
        [Step.PHASE_END, -1, "ship"],
    ]


def run_ship_start(g: RollBase, _seat: int, _arg: Any, _d: Decision | None) -> None:
    for p in g.players:
        p.virtual = pw.virtual_workers(g.tiles, p, Timing.SHIP)


@worded(SHIP, 5)
def _ship_words(names: TileNames, key: tuple[Any, ...]) -> str:
    """Key: the decision's arguments, then the income (and the Bankers' cost and VP) of a
    trade, or the VP and credits of a consume."""
    colour, virtual, world_id, good, mode, *amounts = key
    who = f"{'virtual ' if virtual else ''}{die_name(colour)} shipper"
    gd = f"the {die_name(good)} good on {names.side_name(world_id)}"
    if mode == TRADE:
        return f"Trade {gd} with a {who}: +${amounts[0]}"
    if mode == TRADE_VP:
        income, cost, vp = amounts
        return f"Trade {gd} with a {who}: +${income}, then pay ${cost} for {vp} VP"
    vp, cr = amounts
    return f"Consume {gd} with a {who}: {vp} VP" + (f" and +${cr}" if cr else "")


def opt_ship(g: RollBase, seat: int, _arg: Any) -> list[Decision]:
    p = g.players[seat]
    shippers = g._shippers(p)
    if not shippers or not p.goods:
        return []
    goods = distinct([(w, c) for w, dice in p.goods.items() for c in dice])
    bankers = pw.trade_for_vp(g.tiles, p)
    made = g.offered[_ship_words]
    out = []
    for colour, virtual in shippers:
        for world_id, good in goods:
            world = g.side(world_id)
            assert isinstance(world, World)
            income = pw.trade_income(g.tiles, p, world)
            out.append(made[colour, virtual, world_id, good, TRADE, income])
            if bankers and min(CREDIT_CAP, p.credits + income) >= bankers[0]:
                out.append(made[colour, virtual, world_id, good, TRADE_VP, income, *bankers])
            vp, cr = pw.consume_reward(g.tiles, p, world, good, colour)
            out.append(made[colour, virtual, world_id, good, CONSUME, vp, cr])
    return out


def run_ship(g: RollBase, seat: int, _arg: Any, d: Decision | None) -> None:
    """§7.5: each shipper ships one good (Trade for $ by world colour, or Consume for VP);
    shipper and good go to the citizenry; shippers with nothing to ship go back to the cup."""
    p = g.players[seat]
    if d is None:
        back = p.column("ship")
        for w in back:
            p.workers.remove(w)
            p.cup[w["colour"]] += 1
        p.virtual = []
        if back:
            g.record("shippers_back", seat, (), (len(back),))
        return
    colour, virtual, world_id, good, mode = d.args
    world = g.side(world_id)
    assert isinstance(world, World)
    use_worker(g, p, "ship", colour, virtual)
    p.goods[world_id].remove(good)
    if not p.goods[world_id]:
        del p.goods[world_id]
    p.citizenry[good] += 1
    if mode == CONSUME:
        vp, credits = pw.consume_reward(g.tiles, p, world, good, colour)
        g.award_vp(p, vp)
        g.gain_credits(p, credits)
        g.record("consume", seat, (good, world_id), (vp, credits))
    else:
        income = pw.trade_income(g.tiles, p, world)
        g.gain_credits(p, income)
        amounts: tuple[int, ...] = (income,)
        if mode == TRADE_VP:
            cost, vp = pw.trade_for_vp(g.tiles, p) or (0, 0)
            p.credits -= cost
            g.award_vp(p, vp)
            amounts = (income, cost, vp)
        g.record("trade", seat, (good, world_id), amounts)
    g.queue.insert(0, [_SHIP_STEP, seat, 0])
