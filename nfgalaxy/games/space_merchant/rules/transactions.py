"""The landing-site step (§7, §7.12): taking a relic, trading with the culture, jettisoning,
and ending the turn; each transaction carried out, with its payments, draws and commissions.

What is allowed is ``trading.py``'s; here it happens. Money moves only between the players and
the bank: a purchase is paid to the bank with this turn's credit first, then cash (§7.2); the
bank pays sales, bonuses, fares and commissions, and when it cannot, the game ends before the
deal (§11). Commissions are paid after the deal (§7.11): 10% of every purchase, sale (bonuses
included) and trade-in with the culture at an owned spaceport, never on IOUs or fares; 50% of
factory goods' price to the factory's owner, the buyer included.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.space_merchant.rules.bank import (
    FACTORY_COMMISSION,
    PORT_COMMISSION,
    bank_pays,
    commission,
    pay_price,
    port_owner,
)
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import (
    BUY,
    BUY_DEED,
    BUY_EQUIPMENT,
    BUY_RELIC,
    BUY_SHIP,
    DELIVER,
    DONE,
    JETTISON,
    PICK_UP,
    PROPOSE,
    PUT_DOWN,
    REDEEM,
    SELL,
    TAKE_RELIC,
    TRADE_IN,
    Step,
)
from nfgalaxy.games.space_merchant.rules.cup import good_of, into_cup
from nfgalaxy.games.space_merchant.rules.events import relic_name
from nfgalaxy.games.space_merchant.rules.holds import ship_type
from nfgalaxy.games.space_merchant.rules.players_trade import proposals
from nfgalaxy.games.space_merchant.rules.trading import (
    deed_price,
    equipment_price,
    first_marker,
    offered,
    port_sites,
    relic_value,
    site,
)
from nfgalaxy.games.space_merchant.state import Player


def opt_landed(g: MerchantBase, seat: int, _arg: Any) -> list[Decision]:
    """At the landing site: take a relic lying there (§5.11, §7.12), each transaction the
    rules allow now (§7), or end the turn."""
    here = g.players[seat].space
    options = [
        Decision(TAKE_RELIC, (relic,), "" if g.quiet else f"Take the relic {relic_name(relic)}")
        for relic in g.lying.get(here, [])
    ]
    options += offered(g, seat)
    options += proposals(g, seat)
    options.append(Decision(DONE, (), "" if g.quiet else "End the turn"))
    return options


def run_landed(g: MerchantBase, seat: int, _arg: Any, d: Decision | None) -> None:
    assert d is not None
    if d.kind == DONE:
        return
    p = g.players[seat]
    if d.kind == PROPOSE:  # the proposal is built, then answered, then back here
        g._push([Step.TRADE_GIVE, seat, {"to": d.args[0]}], [Step.LANDED, seat, None])
        return
    if d.kind == TAKE_RELIC:
        here = p.space
        g.lying[here].remove(d.args[0])
        if not g.lying[here]:
            del g.lying[here]
        p.relics.append(d.args[0])
        assert g.turn is not None
        g.turn.new_relics.append(d.args[0])
        g.record("take_relic", seat, (here, d.args[0]))
    else:
        _RUN[d.kind](g, p, d.args)
    if not g.over:
        g._push([Step.LANDED, seat, None])


def _commission(g: MerchantBase, amount: int) -> bool:
    """The owned spaceport's 10% of a deal with the culture here (§7.11)."""
    return commission(g, port_owner(g, g.active.space), amount, PORT_COMMISSION)


def _buy(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.3: a goods or factory goods marker; 50% of a factory good's price to the owner."""
    s, t = site(g, p.seat), g.turn
    assert s.culture is not None and t is not None
    marker = first_marker(g.market[s.culture], args[0])
    assert marker is not None
    good = g.content.good(good_of(marker))
    cash = pay_price(g, p, good.buy)
    g.market[s.culture].remove(marker)
    p.cargo.append(marker)
    t.new_cargo.append(marker)
    t.purchases += 1
    g.record("buy", p.seat, (marker, s.culture), (good.buy, cash))
    if good.factory:
        owner = g.factories.get(good.culture)
        if not commission(g, owner, good.buy, FACTORY_COMMISSION):
            return
    _commission(g, good.buy)


def _sell(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.4: one unit at its sell price plus every matching demand here; the unit and one of
    those demands into the cup, each with its draw."""
    s, t = site(g, p.seat), g.turn
    assert s.culture is not None and t is not None
    marker = first_marker(p.cargo, args[0])
    assert marker is not None
    good = g.content.good(good_of(marker))
    demands = sorted(
        m for m in g.market.get(s.culture, []) if m in g._demands and g._demands[m].good == good.id
    )
    bonus = sum(g._demands[m].bonus for m in demands)
    if not bank_pays(g, p, good.sell + bonus):
        return
    p.cargo.remove(marker)
    t.sales += 1
    g.record("sell", p.seat, (marker, s.culture), (good.sell, bonus))
    into_cup(g, marker, p.seat)
    if demands:
        # Which matching demand returns is not said; the first by id keeps replays exact.
        g.market[s.culture].remove(demands[0])
        into_cup(g, demands[0], p.seat)
    _commission(g, good.sell + bonus)


def _pick_up(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.5: free, outside the city limits."""
    (fare,) = args
    s, t = site(g, p.seat), g.turn
    assert s.culture is not None and t is not None
    g.market[s.culture].remove(fare)
    p.cargo.append(fare)
    t.new_cargo.append(fare)
    g.record("pick_up", p.seat, (fare, s.culture), (g._fares[fare].fare,))


def _deliver(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.5: the bank pays the fare (no commission, §13 item 6); the marker into the cup."""
    (fare,) = args
    amount = g._fares[fare].fare
    if not bank_pays(g, p, amount):
        return
    p.cargo.remove(fare)
    g.record("deliver", p.seat, (fare,), (amount,))
    into_cup(g, fare, p.seat)


def _buy_equipment(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    (kind,) = args
    t = g.turn
    assert t is not None
    price = equipment_price(g, kind)
    cash = pay_price(g, p, price)
    p.equipment.append(kind)
    t.new_equipment.append(kind)
    t.purchases += 1
    g.record("buy_equipment", p.seat, (kind,), (price, cash))
    _commission(g, price)


def _trade_in(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.6: half the cost (or value) as credit; equipment to the bank, a relic to this
    system's sun."""
    what, item = args
    s, t = site(g, p.seat), g.turn
    assert s.system is not None and t is not None
    if what == "equipment":
        value = equipment_price(g, item) // 2
        p.equipment.remove(item)
        if item in t.new_equipment:
            t.new_equipment.remove(item)
    else:
        value = relic_value(g, item) // 2
        p.relics.remove(item)
        g.suns.setdefault(s.system, []).append(item)
    t.credit += value
    t.sales += 1
    g.record("trade_in", p.seat, (what, item), (value,))
    _commission(g, value)


def _buy_relic(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    (relic,) = args
    s, t = site(g, p.seat), g.turn
    assert s.system is not None and t is not None
    price = relic_value(g, relic)
    cash = pay_price(g, p, price)
    g.suns[s.system].remove(relic)
    if not g.suns[s.system]:
        del g.suns[s.system]
    p.relics.append(relic)
    t.new_relics.append(relic)
    t.purchases += 1
    g.record("buy_relic", p.seat, (relic,), (price, cash))
    _commission(g, price)


def _buy_ship(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.7: the old ship traded in for credit, the new one paid; commission on both (§13
    item 6)."""
    (ship,) = args
    t = g.turn
    assert t is not None
    old, new = ship_type(g, p.ship), ship_type(g, ship)
    t.credit += old.trade_in
    cash = pay_price(g, p, new.cost)
    p.ship = ship
    t.purchases += 1
    t.sales += 1
    g.record("buy_ship", p.seat, (old.id, new.id), (new.cost, old.trade_in, cash))
    if _commission(g, new.cost):
        _commission(g, old.trade_in)


def _redeem(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.8: the IOU's value as credit; the IOU leaves the game (no commission, §13 item 6)."""
    (culture,) = args
    t = g.turn
    assert t is not None
    value = g.content.culture(culture).iou
    p.ious.remove(culture)
    t.credit += value
    t.iou_redeemed = True
    g.record("redeem", p.seat, (culture,), (value,))


def _buy_deed(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.9, §10: the deed, and its ownership marker placed at once: a spaceport on its orbit
    space, or a factory whose goods markers join the culture's."""
    (deed,) = args
    s, t = site(g, p.seat), g.turn
    assert s.culture is not None and t is not None
    price = deed_price(g, p, deed, s.culture)
    cash = pay_price(g, p, price)
    p.deeds.append(deed)
    t.purchases += 1
    kind, _, name = deed.partition(":")
    if kind == "port":
        g.spaceports[port_sites(g, s.system)[name]] = p.seat
    else:
        g.factories[name] = p.seat
        for good in g.content.goods_of(name, factory=True):
            markers = [f"{good.id}#{n}" for n in range(1, good.count + 1)]
            g.market.setdefault(name, []).extend(markers)
    g.record("buy_deed", p.seat, (deed, s.culture), (price, cash))
    _commission(g, price)


def _jettison(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.12: equipment back to the bank; goods and fares into the cup, each with a draw."""
    what, item = args
    g.record("jettison", p.seat, (what, item))
    if what == "equipment":
        p.equipment.remove(item)
    else:
        p.cargo.remove(item)
        into_cup(g, item, p.seat)


def _put_down(g: MerchantBase, p: Player, args: tuple[Any, ...]) -> None:
    """§7.12 [AMBIGUOUS]: the relic stays on the asteroid for anyone to take."""
    (relic,) = args
    p.relics.remove(relic)
    g.lying.setdefault(p.space, []).append(relic)
    g.record("put_down", p.seat, (p.space, relic))


_RUN = {
    BUY: _buy,
    SELL: _sell,
    PICK_UP: _pick_up,
    DELIVER: _deliver,
    BUY_EQUIPMENT: _buy_equipment,
    TRADE_IN: _trade_in,
    BUY_RELIC: _buy_relic,
    BUY_SHIP: _buy_ship,
    REDEEM: _redeem,
    BUY_DEED: _buy_deed,
    JETTISON: _jettison,
    PUT_DOWN: _put_down,
}
