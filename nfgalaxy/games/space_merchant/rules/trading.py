"""What may be traded at the landing site (§7, §7.12), and why not: one rule, one place.

The landing-site step offers every transaction the rules allow now, one decision each, and is
asked again after each until the player ends the turn. ``candidates`` lists what the site could
ever offer; ``refusal`` says which rule forbids one now (None: allowed). The offered decisions
are the candidates without a refusal, and a refused decision is explained by the same function,
so the offer and the explanation never disagree. ``transactions.py`` carries them out.

Markers of one good are alike, so goods are bought and sold by their good's id: the marker that
changes hands is the first of that good there (``first_marker``).
"""

from __future__ import annotations

from dataclasses import dataclass

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.space_merchant.board import SpaceKind
from nfgalaxy.games.space_merchant.content import BASE
from nfgalaxy.games.space_merchant.rules.bank import purchase_power
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.common import (
    BUY,
    BUY_DEED,
    BUY_EQUIPMENT,
    BUY_RELIC,
    BUY_SHIP,
    DELIVER,
    JETTISON,
    PICK_UP,
    PUT_DOWN,
    REDEEM,
    SELL,
    TRADE_IN,
)
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.holds import fits, ship_type
from nfgalaxy.games.space_merchant.state import Player

#: Each player's ownership markers: spaceports plus factories (§2.2, §10, §13 item 11).
OWNERSHIP_MARKERS = 12
TRADING_KINDS = (
    BUY,
    SELL,
    PICK_UP,
    DELIVER,
    BUY_EQUIPMENT,
    TRADE_IN,
    BUY_RELIC,
    BUY_SHIP,
    REDEEM,
    BUY_DEED,
    JETTISON,
    PUT_DOWN,
)


@dataclass(frozen=True)
class Site:
    """Where the active ship trades. ``culture`` is the culture ID traded with (``BASE`` at
    Galactic Base), None where no culture trades now; ``system`` the habitable system;
    ``limited``: a city (or Galactic Base, §13 item 10) on a landing turn (§7.1)."""

    space: str
    culture: str | None
    system: str | None
    limited: bool
    landing: bool


def site(g: MerchantBase, seat: int) -> Site:
    """The site of the active ship, as trading sees it (§7.1)."""
    t, here = g.turn, g.players[seat].space
    assert t is not None
    here_now = t.landed or t.stayed
    system = g.habitable(here)
    culture: str | None = None
    if here_now and g.is_trading_site(here):
        if g.space(here).kind is SpaceKind.GALACTIC_BASE:
            culture = BASE
        elif system is not None and system in g.discovered:
            culture = g.culture_at[system]
    limited = t.landed and not g.is_spaceport(here)
    landing = here_now and g.is_landing_site(here)
    return Site(here, culture, system, limited, landing)


def deed_price(g: MerchantBase, p: Player, deed: str, culture: str) -> int:
    """A deed's price: printed, or the own-species price of the reference card (§7.9)."""
    kind, _, name = deed.partition(":")
    if kind == "port":
        cost = next(d.cost for d in g.content.spaceport_deeds if d.site == name)
    else:
        cost = g.content.culture(name).factory_deed
    return cost * g.content.deed_discount // 100 if p.species == culture else cost


def relic_value(g: MerchantBase, relic: str) -> int:
    """A relic's printed value (§9): on its ?-marker."""
    return next(m.value for m in g.content.qmarkers if m.relic and m.relic.value == relic)


def equipment_price(g: MerchantBase, kind: str) -> int:
    return next(e.cost for e in g.content.equipment if e.id == kind)


def port_sites(g: MerchantBase, system: str | None) -> dict[str, str]:
    """Orbit site -> orbit space, for the orbit spaces of ``system`` that have a deed."""
    if system is None:
        return {}
    deeds = {d.site for d in g.content.spaceport_deeds}
    return {s.orbit_site: s.id for s in g.board.spaces_of(system) if s.orbit_site in deeds}


def owned(g: MerchantBase, deed: str) -> bool:
    return any(deed in q.deeds for q in g.players)


def sells_ships(g: MerchantBase, culture: str) -> bool:
    """Whether this culture (or Galactic Base) sells some ship (§7.7, §13 item 15)."""
    return any(ship_sold_here(g, s.id, culture) for s in g.content.ships)


def ship_sold_here(g: MerchantBase, ship: str, culture: str) -> bool:
    kind = ship_type(g, ship)
    if culture == BASE:
        return kind.sold_at_base
    return g.content.culture(culture).science in kind.sold_by


def _label(g: MerchantBase, words: str) -> str:
    return "" if g.quiet else words


def _place(g: MerchantBase, culture: str) -> str:
    return "Galactic Base" if culture == BASE else g.content.culture(culture).name


def first_marker(markers: list[str], good: str) -> str | None:
    """The first marker of ``good`` among ``markers`` (the one bought or sold), or None."""
    found = [m for m in markers if is_goods(m) and good_of(m) == good]
    return min(found) if found else None


def _cargo(g: MerchantBase, marker: str) -> str:
    if is_goods(marker):
        return g.content.good(good_of(marker)).name
    return f"the fare to {_place(g, g._fares[marker].destination)}"


def candidates(g: MerchantBase, seat: int) -> list[Decision]:
    """Every transaction this site could offer, before the rules of the moment."""
    p, s = g.players[seat], site(g, seat)
    found: list[Decision] = []
    if s.culture is not None:
        lying = g.market.get(s.culture, [])
        for marker in sorted({min(m for m in lying if good_of(m) == good_of(x)) for x in lying}):
            if is_goods(marker):
                good = g.content.good(good_of(marker))
                words = f"Buy {good.name} for ${good.buy}"
            else:
                fare = g._fares.get(marker)
                if fare is None:
                    continue
                words = f"Pick up a fare to {_place(g, fare.destination)} (${fare.fare})"
            kind, what = (BUY, good_of(marker)) if is_goods(marker) else (PICK_UP, marker)
            found.append(Decision(kind, (what,), _label(g, words)))
        sold = sorted({min(m for m in p.cargo if good_of(m) == good_of(x)) for x in p.cargo})
        for marker in sold:
            if is_goods(marker):
                good = g.content.good(good_of(marker))
                words = f"Sell {good.name} for ${good.sell}"
                found.append(Decision(SELL, (good.id,), _label(g, words)))
            else:
                words = f"Deliver {_cargo(g, marker)} (${g._fares[marker].fare})"
                found.append(Decision(DELIVER, (marker,), _label(g, words)))
        for ship in g.content.ships:
            words = f"Buy a {ship.name} for ${ship.cost}, trading in the ship"
            found.append(Decision(BUY_SHIP, (ship.id,), _label(g, words)))
    if s.culture not in (None, BASE):
        assert s.culture is not None and s.system is not None
        for item in g.content.equipment_in_play():
            words = f"Buy a {item.name} for ${item.cost}"
            found.append(Decision(BUY_EQUIPMENT, (item.id,), _label(g, words)))
        for kind in sorted(set(p.equipment)):
            words = f"Trade in a {kind.replace('_', ' ')}"
            found.append(Decision(TRADE_IN, ("equipment", kind), _label(g, words)))
        for relic in sorted(p.relics):
            words = f"Trade in the relic {relic.replace('_', ' ')}"
            found.append(Decision(TRADE_IN, ("relic", relic), _label(g, words)))
        for relic in sorted(g.suns.get(s.system, [])):
            words = f"Buy the relic {relic.replace('_', ' ')} for ${relic_value(g, relic)}"
            found.append(Decision(BUY_RELIC, (relic,), _label(g, words)))
        if s.culture in p.ious:
            words = f"Redeem the IOU for ${g.content.culture(s.culture).iou} credit"
            found.append(Decision(REDEEM, (s.culture,), _label(g, words)))
        deeds = [f"port:{name}" for name in sorted(port_sites(g, s.system))]
        for deed in [*deeds, f"factory:{s.culture}"]:
            kind, _, name = deed.partition(":")
            what = f"spaceport deed of {name}" if kind == "port" else "factory deed"
            words = f"Buy the {what} for ${deed_price(g, p, deed, s.culture)}"
            found.append(Decision(BUY_DEED, (deed,), _label(g, words)))
    if s.landing:
        for marker in sorted(set(p.cargo)):
            words = f"Jettison {_cargo(g, marker)}"
            found.append(Decision(JETTISON, ("cargo", marker), _label(g, words)))
        for kind in sorted(set(p.equipment)):
            words = f"Jettison a {kind.replace('_', ' ')}"
            found.append(Decision(JETTISON, ("equipment", kind), _label(g, words)))
        for relic in sorted(p.relics):
            words = f"Put down the relic {relic.replace('_', ' ')} here"
            found.append(Decision(PUT_DOWN, (relic,), _label(g, words)))
    return found


def refusal(g: MerchantBase, seat: int, d: Decision) -> IllegalDecision | None:
    """The rule that forbids ``d`` now, or None if it is allowed; ``d`` may be anything a
    player or a save sent (the offer asks ``_refusal`` of its own candidates directly, so a
    slip in the rules raises instead of hiding a choice)."""
    try:
        return _refusal(g, seat, d)
    except (AttributeError, KeyError, StopIteration, TypeError, ValueError, IndexError):
        return IllegalDecision("§7", f"{d} names nothing that can be traded here")


def _refusal(g: MerchantBase, seat: int, d: Decision) -> IllegalDecision | None:
    p, t, s = g.players[seat], g.turn, site(g, seat)
    assert t is not None
    power = purchase_power(g, p)
    if d.kind == JETTISON:
        return _jettison_refusal(g, p, s, d)
    if d.kind == PUT_DOWN:
        if not s.landing or g.is_trading_site(s.space):
            return IllegalDecision("§7.12", "a relic is put down only on an asteroid")
        if d.args[0] not in p.relics:
            return IllegalDecision("§7.12", "only a relic on board is put down")
        if d.args[0] in t.new_relics:
            return IllegalDecision("§7.12", "nothing acquired this turn is put down this turn")
        return None
    if s.culture is None:
        return IllegalDecision(
            "§7.1", "trading with a culture only at its city or spaceport, after landing or staying"
        )
    buys_one = s.limited and t.purchases >= 1
    sold_one = s.limited and t.sales >= 1
    if d.kind == BUY:
        marker = first_marker(g.market.get(s.culture, []), d.args[0])
        if marker is None or len(d.args) != 1:
            return IllegalDecision("§7.3", "only goods lying with the local culture are bought")
        if buys_one:
            return IllegalDecision("§7.1", "one purchase on a landing turn at a city")
        if not fits(g, p, cargo=(marker,)):
            return IllegalDecision("§8", "the goods do not fit in the holds")
        if g.content.good(good_of(marker)).buy > power:
            return IllegalDecision("§7.2", f"the price is more than the ${power} to pay with")
        return None
    if d.kind == SELL:
        marker = first_marker(p.cargo, d.args[0])
        if marker is None or len(d.args) != 1:
            return IllegalDecision("§7.4", "only goods in the hold are sold")
        if s.culture not in g.content.good(good_of(marker)).buyers:
            return IllegalDecision("§7.4", "goods are sold only to a culture on their buyer list")
        if sold_one:
            return IllegalDecision("§7.1", "one sale or trade-in on a landing turn at a city")
        return None
    if d.kind == PICK_UP:
        (marker,) = d.args
        if marker not in g._fares or marker not in g.market.get(s.culture, []):
            return IllegalDecision("§7.5", "only fares lying with the local culture are picked up")
        if not fits(g, p, cargo=(marker,)):
            return IllegalDecision("§8", "the fare does not fit in the holds")
        return None
    if d.kind == DELIVER:
        (marker,) = d.args
        if marker not in g._fares or marker not in p.cargo:
            return IllegalDecision("§7.5", "only fares in the hold are delivered")
        if g._fares[marker].destination != s.culture:
            return IllegalDecision("§7.5", "a fare is delivered only at its destination")
        return None
    if d.kind == BUY_SHIP:
        return _ship_refusal(g, p, s, d.args[0], power)
    if s.culture == BASE or s.system is None:
        return IllegalDecision("§7.6", "Galactic Base trades only ships and fares (§14 item 11)")
    culture = g.content.culture(s.culture)
    if d.kind == BUY_EQUIPMENT:
        (kind,) = d.args
        item = next(e for e in g.content.equipment_in_play() if e.id == kind)
        if item.sold_by is not culture.science:
            return IllegalDecision("§7.6", "equipment is sold only by cultures of its science")
        if sum(q.equipment.count(kind) for q in g.players) >= item.markers:
            return IllegalDecision("§7.6", f"the bank has no {item.name} left")
        if buys_one:
            return IllegalDecision("§7.1", "one purchase on a landing turn at a city")
        if not fits(g, p, equipment=(kind,)):
            return IllegalDecision("§8", "the equipment does not fit in the holds")
        if item.cost > power:
            return IllegalDecision("§7.2", f"the price is more than the ${power} to pay with")
        return None
    if d.kind == TRADE_IN:
        what, item_id = d.args
        held = p.equipment if what == "equipment" else p.relics if what == "relic" else []
        if item_id not in held:
            return IllegalDecision("§7.6", "only equipment or a relic on board is traded in")
        if sold_one:
            return IllegalDecision("§7.1", "one sale or trade-in on a landing turn at a city")
        return None
    if d.kind == BUY_RELIC:
        (relic,) = d.args
        if relic not in g.suns.get(s.system, []):
            return IllegalDecision("§7.6", "a relic is bought back only at the system of its sun")
        if buys_one:
            return IllegalDecision("§7.1", "one purchase on a landing turn at a city")
        if relic_value(g, relic) > power:
            return IllegalDecision("§7.2", f"the price is more than the ${power} to pay with")
        return None
    if d.kind == REDEEM:
        (iou,) = d.args
        if iou != s.culture or iou not in p.ious:
            return IllegalDecision("§7.8", "an IOU is redeemed only at the culture named on it")
        if s.limited and t.iou_redeemed:
            return IllegalDecision("§7.1", "one IOU on a landing turn at a city")
        return None
    if d.kind == BUY_DEED:
        return _deed_refusal(g, p, s, d.args[0], power)
    return IllegalDecision("§7", f"{d} is not a transaction")


def _jettison_refusal(g: MerchantBase, p: Player, s: Site, d: Decision) -> IllegalDecision | None:
    t = g.turn
    assert t is not None
    what, item = d.args
    if not s.landing:
        return IllegalDecision("§7.12", "jettisoning only at a landing site after the move")
    if what == "cargo":
        if item not in p.cargo:
            return IllegalDecision("§7.12", "only cargo on board is jettisoned")
        if item in t.new_cargo:
            return IllegalDecision("§7.12", "nothing acquired this turn is jettisoned this turn")
        return None
    if what == "equipment":
        if item not in p.equipment:
            return IllegalDecision("§7.12", "only equipment on board is jettisoned")
        if p.equipment.count(item) <= t.new_equipment.count(item):
            return IllegalDecision("§7.12", "nothing acquired this turn is jettisoned this turn")
        return None
    return IllegalDecision("§7.12", "ships, deeds, IOUs and relics are never jettisoned")


def _ship_refusal(
    g: MerchantBase, p: Player, s: Site, ship: str, power: int
) -> IllegalDecision | None:
    t = g.turn
    assert t is not None and s.culture is not None
    kind = ship_type(g, ship)
    if ship == p.ship:
        return IllegalDecision("§7.7", "that is the ship already owned")
    if not ship_sold_here(g, ship, s.culture):
        return IllegalDecision("§7.7", "a ship is bought only where its science is sold")
    if kind.cards is not None and sum(q.ship == ship for q in g.players) >= kind.cards:
        return IllegalDecision("§7.7", f"the bank has no {kind.name} card left")
    if s.limited and (t.purchases or t.sales):
        return IllegalDecision("§7.1", "a ship swap takes the one purchase and the one trade-in")
    if not fits(g, p, ship=ship):
        return IllegalDecision("§7.7", "the cargo and equipment must fit the new ship")
    if kind.cost > power + ship_type(g, p.ship).trade_in:
        return IllegalDecision("§7.2", "the price is more than cash, credit and the trade-in")
    return None


def _deed_refusal(
    g: MerchantBase, p: Player, s: Site, deed: str, power: int
) -> IllegalDecision | None:
    t = g.turn
    assert t is not None and s.culture is not None
    kind, _, name = deed.partition(":")
    if kind == "port" and name not in port_sites(g, s.system):
        return IllegalDecision("§7.9", "a spaceport deed is sold only in its own system")
    if kind == "factory" and name != s.culture:
        return IllegalDecision("§7.9", "a factory deed is sold only by its culture")
    if kind not in ("port", "factory"):
        return IllegalDecision("§7.9", f"there is no deed {deed!r}")
    if owned(g, deed):
        return IllegalDecision("§2.8", "that spaceport or factory is built already")
    if len(p.deeds) >= OWNERSHIP_MARKERS:
        return IllegalDecision("§10", f"a player has {OWNERSHIP_MARKERS} ownership markers")
    if s.limited and t.purchases >= 1:
        return IllegalDecision("§7.1", "one purchase on a landing turn at a city")
    if deed_price(g, p, deed, s.culture) > power:
        return IllegalDecision("§7.2", f"the price is more than the ${power} to pay with")
    return None


def offered(g: MerchantBase, seat: int) -> list[Decision]:
    """The transactions allowed now (§7)."""
    return [d for d in candidates(g, seat) if _refusal(g, seat, d) is None]
