"""What the search's win model looks at in a Space Merchant position (``core.win_model``).

Without a model the search judges a position by the greedy value's margin (``heuristics.
value``): holdings and a share of the best trade ahead, in dollars, through a logistic curve.
That says who is ahead but not what a lead is worth, and the race ends at a fixed net worth: a
$300 lead at $600 is a few trades, at $1,800 it is nearly the game. The model instead weighs
plain counts of each merchant's position (money, what the ship carries at its best known sale,
the trade ahead, the ship, what the seat knows of the map) by how well they predicted who won
games of greedy bots; each count appears as it is and scaled by how much of the race is left
(``race_left``), and (the ``DETAILED`` model) their products two by two, so the fit can say how
counts work together (a big ship matters early, cash late).

Only the detailed model exists: ``expert`` judges by it where it is fitted, while ``hard``
keeps the value margin with which its figures were measured (``nfgalaxy.bots.levels``).
``data/win_model_detailed.toml`` has the fit's figures on held-out games.
"""

from __future__ import annotations

from collections.abc import Sequence

from nfgalaxy.core.win_model import Features
from nfgalaxy.games.space_merchant.heuristics import Planner
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.holds import ship_type
from nfgalaxy.games.space_merchant.rules.trading import equipment_price, relic_value

#: Dollars are counted in hundreds: the counts then have spreads of a few units.
HUNDRED = 100.0
#: Each merchant's counts, in this order (``_counts``).
BASE = (
    "worth",
    "cargo",
    "ahead",
    "ious",
    "equipment",
    "relics",
    "holds",
    "dice",
    "markets",
    "deeds",
    "order",
)
#: Pairs of ``BASE``'s counts (each with itself too) whose product the model weighs.
PAIRS = tuple((i, j) for i in range(len(BASE)) for j in range(i, len(BASE)))
PAIR_NAMES = tuple(f"{BASE[i]} x {BASE[j]}" for i, j in PAIRS)
#: The counts, the counts times the race left, their products, the products times the race left.
NAMES = (
    BASE
    + tuple(f"{name}*left" for name in BASE)
    + PAIR_NAMES
    + tuple(f"{name}*left" for name in PAIR_NAMES)
)


def race_left(g: MerchantBase) -> float:
    """How much of the race to the target net worth is left: 1 at the start, 0 once the
    richest merchant has reached it (the game ends at the end of that merchant's turn)."""
    target = int(g.options["victory"])
    richest = max(g.net_worth(p) for p in g.players)
    return max(0.0, 1.0 - richest / target)


def _counts(g: MerchantBase, seat: int) -> list[float]:
    """``BASE`` for ``seat``: net worth; cargo at its best known sale less the way there (what
    the seat knows, as the greedy bot reckons it); the best trade ahead less the way to it;
    IOUs, equipment and relics at their printed worth; the ship's holds and dice; the markets
    the seat knows; its deeds; and where it plays in the round (0 first, 1 last)."""
    p = g.players[seat]
    planner = Planner(g, seat)
    here = p.space
    cargo = 0.0
    for marker in p.cargo:
        if is_goods(marker):
            cargo += planner.sale_worth(good_of(marker), here)
        else:
            cargo += max(0.0, planner.fare_worth(marker, here))
    ship = ship_type(g, p.ship)
    place = g.order.index(seat) / (len(g.order) - 1) if len(g.order) > 1 else 0.0
    return [
        g.net_worth(p) / HUNDRED,
        cargo / HUNDRED,
        max(0.0, planner.potential(here)) / HUNDRED,
        sum(g.content.culture(c).iou for c in p.ious) / HUNDRED,
        sum(equipment_price(g, e) for e in p.equipment) / HUNDRED,
        sum(relic_value(g, r) for r in p.relics) / HUNDRED,
        float(ship.holds),
        float(ship.dice),
        float(len(planner.known)),
        float(len(p.deeds)),
        place,
    ]


def features(g: MerchantBase, seat: int) -> Sequence[float]:
    """``NAMES``' values for ``seat``."""
    left = race_left(g)
    counts = _counts(g, seat)
    products = [counts[i] * counts[j] for i, j in PAIRS]
    return counts + [x * left for x in counts] + products + [x * left for x in products]


def applies(g: MerchantBase) -> bool:
    """Whether the model knows games like this one: the target of $2,000 and an unlimited
    bank, as in the games it was fitted on (any board)."""
    return g.options.get("victory") == 2000 and g.options.get("bank") is None


DETAILED = Features(
    NAMES, features, "nfgalaxy.games.space_merchant", applies, "win_model_detailed.toml"
)
