"""What a merchant knows and what its holdings are worth, for the Space Merchant bots.

The route planner (``heuristics.Planner``) reads the cultures a seat knows and the demands
lying with them; the search's position value (``heuristics.position_value``) counts the
holdings. Everything is read from the state the bot was given, which is its seat's view.
"""

from __future__ import annotations

from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.holds import ship_type
from nfgalaxy.games.space_merchant.rules.trading import relic_value


def known_cultures(g: MerchantBase, seat: int) -> dict[str, str]:
    """Habitable system -> culture, for the systems this seat knows: discovered or observed."""
    found = {s: g.culture_at[s] for s in g.discovered}
    found.update(g.players[seat].known_cultures)
    return found


def demand_bonus(g: MerchantBase, culture: str, good: str) -> int:
    return sum(
        g._demands[m].bonus
        for m in g.market.get(culture, [])
        if m in g._demands and g._demands[m].good == good
    )


def holdings_value(g: MerchantBase, seat: int) -> float:
    """Net worth plus the ship at its price, what it carries at its known worth and credit for
    this turn. The ship counts although net worth leaves it out: the planner buys a better one
    only when it carries more a roll (``Planner._better_ship``), and a search judging the
    round's end sees the price paid but not the rounds saved, so it steered clear of landings
    where the planner would buy one."""
    p = g.players[seat]
    worth = float(g.net_worth(p) + ship_type(g, p.ship).cost)
    worth += sum(cargo_worth(g, m) for m in p.cargo)
    worth += sum(0.5 * g.content.culture(c).iou for c in p.ious)
    worth += sum(0.5 * _equipment_cost(g, e) for e in p.equipment)
    worth += sum(0.5 * relic_value(g, r) for r in p.relics)
    if g.turn is not None and g.turn.seat == seat:
        worth += 0.5 * g.turn.credit
    return worth


def cargo_worth(g: MerchantBase, marker: str) -> float:
    """A good in the hold at its price or most of its sale, a fare at most of its fare: cargo
    is not yet money."""
    if is_goods(marker):
        good = g.content.good(good_of(marker))
        return max(good.buy, 0.7 * good.sell)
    return 0.6 * g._fares[marker].fare


def _equipment_cost(g: MerchantBase, kind: str) -> int:
    return next(e.cost for e in g.content.equipment if e.id == kind)
