"""Develop (rules §5.2): buying developments, discounts, the end of the action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import (
    Ability,
    Phase,
    TileSet,
)
from nfgalaxy.games.new_frontiers.rules.common import (
    BUY,
    PASS,
    Unlabelled,
)
from nfgalaxy.games.new_frontiers.state import (
    DEVELOP_END_SLOTS,
)

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules.game import NewFrontiers

_PASS = Decision(PASS, (), "Buy nothing")
_BUY = Unlabelled(BUY)


def _ability_discounts(active: list[tuple[str, Ability]]) -> tuple[int, int]:
    """The Develop abilities' discounts (small, 9-cost), without the chooser's bonus."""
    return ab.develop_discounts(active, False)


#: Lists of affordable developments kept per tile set, at most: a game's supply keeps one order
#: for the whole game, so few are in use at a time; when full, all are dropped and made again.
_AFFORDABLE_KEPT = 4096


# Read off the enums once: a member read from an enum class is a slow lookup on Python 3.11,
# and these are read for almost every decision of a playout.
_PHASE = Phase.DEVELOP


def _affordable(
    tiles: TileSet, supply: dict[str, int], small_most: int, large_ok: bool
) -> list[str]:
    """The developments of ``supply`` (in its order, stacks empty or not) costing at most
    ``small_most`` (9-cost ones: if ``large_ok``), kept by the tile set: credits stay small, so
    a game asks for few such lists, again and again."""
    key = (small_most, large_ok, *supply)
    found = tiles.affordable.get(key)
    if found is None:
        costs = tiles.costs
        found = [d for d in supply if (large_ok if costs[d] == 9 else costs[d] <= small_most)]
        kept = tiles.affordable
        if len(kept) >= _AFFORDABLE_KEPT:
            kept.clear()
        kept[key] = found
    return found


def _opt_develop(g: NewFrontiers, seat: int, _arg: int) -> list[Decision]:
    player = g.players[seat]
    chooser = seat == g.action["chooser"]
    # One price per size: the discounts depend only on whether the development costs 9. The
    # Develop bonus adds one to both; the abilities' share is kept with the player.
    small_off, large_off = g.powers(seat, _PHASE, _ability_discounts)
    if chooser:
        small_off += 1
        large_off += 1
    owned = player.developments
    credits = player.credits
    costs = g.tiles.costs
    if g.quiet:
        # The same test as below, with the discounts moved to the credits' side and the
        # developments with such costs looked up at once (most of the supply is too dear).
        supply = g.supply
        affordable = _affordable(g.tiles, supply, credits + small_off, 9 - large_off <= credits)
        out = [_BUY[d] for d in affordable if supply[d] > 0 and d not in owned]
        out.append(_PASS)
        return out
    offers = g.offers
    out = []
    for dev_id, left in g.supply.items():
        if left <= 0 or dev_id in owned:
            continue
        cost = costs[dev_id]
        price = cost - (large_off if cost == 9 else small_off)
        if price <= credits:
            decision = offers.get((BUY, dev_id, price))
            if decision is None:
                name = g.tiles.developments[dev_id].name
                label = f"Buy {name} for ${max(0, price)}"
                decision = offers[BUY, dev_id, price] = Decision(BUY, (dev_id,), label)
            out.append(decision)
    out.append(_PASS)
    return out


def _run_develop(g: NewFrontiers, seat: int, _arg: int, d: Decision | None) -> None:
    assert d is not None
    player = g.players[seat]
    if d.kind == PASS:
        g.record("develop_pass", seat)
        return
    dev = g.tiles.developments[d.args[0]]
    # ``ab.develop_price``, from the discounts kept with the player (as the options were).
    small_off, large_off = g.powers(seat, _PHASE, _ability_discounts)
    bonus = 1 if seat == g.action["chooser"] else 0
    price = max(0, dev.cost - (large_off if dev.cost == 9 else small_off) - bonus)
    player.credits -= price
    g.supply = {**g.supply, dev.id: g.supply[dev.id] - 1}  # shared with copies
    player.develop(dev.id)
    player.tiles_changed(g.tiles, dev.id)
    g._mark_placed(seat, dev.id)
    g.record("develop", seat, (dev.id,), (price,))
    for tile, ability in g._active(seat, _PHASE):
        if ability.effect == "after_develop" and ability.credits:
            player.credits += ability.credits
            g.record("credits", seat, (tile,), (ability.credits,))


def _run_develop_end(g: NewFrontiers, _seat: int, _arg: int, _d: Decision | None) -> None:
    for player in g.players:
        if 2 * len(player.developments) < DEVELOP_END_SLOTS:
            continue  # a development takes at most two slots
        if player.slots_used(g.tiles) >= DEVELOP_END_SLOTS and "developments" not in g.end_reasons:
            g.end_game_because("developments")
            g.record("end_developments", player.seat, (), (player.slots_used(g.tiles),))


def _explain_buy(g: NewFrontiers, seat: int, d: Decision) -> tuple[str, str] | None:
    dev_id = d.args[0] if d.args else None
    if dev_id not in g.tiles.developments:
        return ("§5.2 Develop", "there is no such development")
    dev = g.tiles.developments[dev_id]
    if dev_id in g.players[seat].developments:
        return ("§5.2 no duplicates", f"you already own {dev.name}")
    if g.supply.get(dev_id, 0) <= 0:
        return ("§5.2 limited supply", f"{dev.name} is not available (stack empty or not in play)")
    price = ab.develop_price(g._active(seat, _PHASE), dev, seat == g.action["chooser"])
    return ("§5.2 cost", f"{dev.name} costs ${price} and you have ${g.players[seat].credits}")
