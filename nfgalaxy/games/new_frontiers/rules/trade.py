"""Trade and Consume (rules §5.6): selling goods, consume powers, stockpiling credits."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import (
    KINDS,
    Ability,
    Kind,
    Phase,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    CONSUME,
    DONE,
    PASS,
    STORE_CREDITS,
    TRADE,
    Step,
    Unlabelled,
    offer,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers

_SELL_NOTHING = Decision(PASS, (), "Sell nothing")
_STOP = Decision(DONE, (), "Stop consuming")
_TRADE = Unlabelled(TRADE)
_CONSUME = Unlabelled(CONSUME)
# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_TRADE_PHASE = Phase.TRADE
_CONSUME_PHASE = Phase.CONSUME
_CONSUME_STEP = Step.CONSUME


def _run_trade_bonus(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    g.award_vp(seat, 1)
    g.record("trade_bonus", seat)


def _tradeable(g: NewFrontiers, seat: int) -> list[str]:
    """Colonies whose good may be sold: the Oort refinery's good never can (§7.10)."""
    return [c for c in g.players[seat].goods if not g.world(c).any_kind]


def _opt_trade(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    if not player.goods:
        return []
    if g.quiet:
        return [*(_TRADE[c] for c in _tradeable(g, seat)), _SELL_NOTHING]
    active = g._active(seat, _TRADE_PHASE)
    out = []
    for colony in _tradeable(g, seat):
        kind = Kind(player.goods[colony])
        price = ab.trade_price(active, kind)
        out.append(
            offer(
                g.offers,
                (TRADE, colony, kind, price),
                (colony,),
                lambda c=colony, k=kind, p=price: (
                    f"Sell the {k.label} good on {g.world(c).name} for ${p}"
                ),
            )
        )
    out.append(_SELL_NOTHING)
    return out


def _run_trade(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    if d is None or d.kind == PASS:
        return
    price = _sell(g, seat, d.args[0])
    goal = g._stock_goal("stockpiled_credits")
    if goal is not None and g.players[seat].stock_credits < goal.maximum:
        g.turn = {"sale": price}
        g.queue.insert(0, [Step.STORE_CREDITS, seat, 0])


def _sell(g: NewFrontiers, seat: int, colony: str) -> int:
    kind = KINDS[g.remove_good(seat, colony)]
    price = ab.trade_price(g._active(seat, _TRADE_PHASE), kind)
    g.players[seat].credits += price
    g.record("sell", seat, (colony,), (int(kind), price))
    return price


def _opt_store_credits(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    goal = g._stock_goal("stockpiled_credits")
    player = g.players[seat]
    room = goal.maximum - player.stock_credits if goal else 0
    most = min(g.turn.get("sale", 0), room, player.credits)
    if most <= 0:
        return []
    if g.quiet:
        return [Decision(STORE_CREDITS, (n,)) for n in range(most + 1)]
    return [
        Decision(STORE_CREDITS, (n,), f"Stockpile ${n} of this sale (Trade Taxes)")
        for n in range(most + 1)
    ]


def _run_store_credits(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    if d is None or not d.args[0]:
        return
    player = g.players[seat]
    player.credits -= d.args[0]
    player.stock_credits += d.args[0]
    g.record("stock_credits", seat, (), (d.args[0],))


def _run_consume_start(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Consume abilities that return no good are used once in every action (reconstruction)."""
    player = g.players[seat]
    g.turn = {"used": [], "goods": 0}
    for tile, ability in g._active(seat, _CONSUME_PHASE):
        if ability.effect == "reward":
            player.credits += ability.credits
            g.award_vp(seat, ability.vp)
            g.record("reward", seat, (tile,), (ability.vp, ability.credits))


def _reward(vp: int, credits: int) -> str:
    parts = ([f"{vp} VP"] if vp else []) + ([f"${credits}"] if credits else [])
    return " and ".join(parts) or "nothing"


def _consume_selections(g: NewFrontiers, seat: int, ability: Ability) -> list[tuple[str, ...]]:
    """Goods (by colony) an ability may take now; "up to N" must take as many as it can."""
    player = g.players[seat]
    if ability.effect == "sell":
        return [(c,) for c in _tradeable(g, seat)]
    goods = [
        (c, k) for c, k in player.goods.items() if ability.kind is None or k == int(ability.kind)
    ]
    available = len({k for _c, k in goods}) if ability.distinct else len(goods)
    size = min(ability.count, available) if ability.up_to else ability.count
    if size <= 0 or available < size:
        return []
    out = []
    for combo in itertools.combinations(goods, size):
        if ability.distinct and len({k for _c, k in combo}) < size:
            continue
        out.append(tuple(c for c, _k in combo))
    return out


def _opt_consume(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    if not player.goods:
        return []
    used = g.turn["used"]
    out = []
    all_optional = True
    for tile, ability in g._active(seat, _CONSUME_PHASE):
        if ability.effect not in ("goods", "sell"):
            continue
        index = g.tiles.by_id[tile].abilities.index(ability)
        key = f"{tile}/{index}"
        if key in used:
            continue
        selections = _consume_selections(g, seat, ability)
        if not selections:
            continue
        all_optional = all_optional and ability.optional
        if g.quiet:
            out += [_CONSUME[(tile, index, *combo)] for combo in selections]
            continue
        source = g.tile_name(tile)
        for combo in selections:
            names = ", ".join(
                f"{Kind(player.goods[c]).label} from {g.world(c).name}" for c in combo
            )
            if ability.effect == "sell":
                price = ab.trade_price(g._active(seat, _TRADE_PHASE), Kind(player.goods[combo[0]]))
                label = f"{source}: sell {names} for ${price}"
            else:
                n = len(combo) if ability.per_good else 1
                label = (
                    f"{source}: return {names} for {_reward(ability.vp * n, ability.credits * n)}"
                )
            out.append(Decision(CONSUME, (tile, index, *combo), label))
    if out and all_optional:
        out.append(_STOP)
    return out


def _run_consume(g: NewFrontiers, seat: int, arg: int, d: Decision | None) -> None:
    if d is None or d.kind == DONE:
        return
    player = g.players[seat]
    tile, index, *colonies = d.args
    ability = g.tiles.by_id[tile].abilities[index]
    g.turn["used"].append(f"{tile}/{index}")
    g.turn["goods"] += len(colonies)
    if ability.effect == "sell":
        _sell(g, seat, colonies[0])
    else:
        for colony in colonies:
            g.remove_good(seat, colony)
        n = len(colonies) if ability.per_good else 1
        player.credits += ability.credits * n
        g.award_vp(seat, ability.vp * n)
        g.record(
            "consume", seat, (tile, *colonies), (len(colonies), ability.vp * n, ability.credits * n)
        )
    g.queue.insert(0, [_CONSUME_STEP, seat, arg])


def _run_consume_finish(g: NewFrontiers, seat: int, _arg: int, _d: Decision | None) -> None:
    """Booming Economy: VP for goods the other Consume abilities returned (§5.6)."""
    player = g.players[seat]
    for tile, ability in g._active(seat, _CONSUME_PHASE):
        if ability.effect != "booming":
            continue
        vp = ability.vp * g.turn["goods"]
        if ability.bonus_if_owned and (
            ability.bonus_if_owned in player.developments
            or ability.bonus_if_owned in player.colonies
        ):
            vp += ability.bonus_vp
        g.award_vp(seat, vp)
        if vp:
            g.record("vp", seat, (tile,), (vp,))
    g.turn = {}


def _explain_consume(g: NewFrontiers, seat: int, d: Decision) -> tuple[str, str] | None:
    if len(d.args) < 2:
        return ("§5.6 Consume", "choose the tile whose Consume ability returns the goods")
    tile, index = d.args[0], d.args[1]
    if f"{tile}/{index}" in g.turn.get("used", []):
        return ("§5.6 once per action", "each Consume ability can be used only once per action")
    return (
        "§5.6 Consume",
        "those goods do not fit that ability (kind, count, or 'as many as "
        "possible' for up-to abilities)",
    )
