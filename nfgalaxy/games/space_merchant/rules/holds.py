"""Hold space (§8), counted in half holds so that fares and drives fit in whole numbers.

A good takes a hold, a fare and a purchased drive half a hold. Shields ride in the hull: the
ship's printed hull load of them, or where that is unknown (§14 item 9) the first one, and each
further shield takes half a hold. Relics, IOUs and deeds take no space.
"""

from __future__ import annotations

from nfgalaxy.games.space_merchant.content import EquipmentKind, ShipType
from nfgalaxy.games.space_merchant.rules.base import MerchantBase
from nfgalaxy.games.space_merchant.rules.cup import is_goods
from nfgalaxy.games.space_merchant.state import Player

GOOD = 2
FARE = 1
DRIVE = 1
SHIELD = 1


def ship_type(g: MerchantBase, ship_id: str) -> ShipType:
    return next(s for s in g.content.ships if s.id == ship_id)


def half_holds(cargo: list[str], equipment: list[str], ship: ShipType) -> int:
    """The half holds ``cargo`` and ``equipment`` take on ``ship``."""
    used = sum(GOOD if is_goods(m) else FARE for m in cargo)
    shields = equipment.count(EquipmentKind.SHIELD.value)
    free = ship.hull if ship.hull is not None else 1
    used += SHIELD * max(0, shields - free)
    return used + DRIVE * sum(1 for e in equipment if EquipmentKind(e).skips)


def fits(
    g: MerchantBase,
    p: Player,
    cargo: tuple[str, ...] = (),
    equipment: tuple[str, ...] = (),
    ship: str | None = None,
) -> bool:
    """Whether ``p``'s load plus ``cargo`` and ``equipment`` fits ``ship`` (its own if None)."""
    kind = ship_type(g, ship or p.ship)
    used = half_holds([*p.cargo, *cargo], [*p.equipment, *equipment], kind)
    return used <= 2 * kind.holds
