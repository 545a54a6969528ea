"""Is a content set playable, on its own and with a board? Every problem names its entry.

The checks are the rules' own constraints on the components: every reference names a culture
(or Galactic Base) that exists, a culture never buys its own goods, every demand sits at a
culture that buys its good (§15.2), prices leave a margin, each culture has a main good and a
factory good to sell, the starting ship exists and a ship seller exists for every ship, the
?-marker pool holds each telegate number once and each relic once. With a board: one culture per
habitable system (one IOU each, §3.1), one spaceport deed per orbit site (§2.8, §13 item 7), and
enough basic ?-markers for the ?-boxes (§3.1 step 3).
"""

from __future__ import annotations

from collections import Counter

from nfgalaxy.games.space_merchant.board import Board, SpaceKind, SystemKind
from nfgalaxy.games.space_merchant.boardcheck import ID_PATTERN
from nfgalaxy.games.space_merchant.content import (
    BASE,
    CULTURE_ID,
    Content,
    MarkerKind,
)
from nfgalaxy.games.space_merchant.contentfile import ContentError


def check_content(content: Content, board: Board | None = None) -> list[str]:
    """Every problem of the content (and of its fit to ``board``); empty if playable."""
    problems: list[str] = []
    if not content.label.strip():
        problems.append("the content has no label (say where it comes from)")
    problems += _check_ids(content)
    problems += _check_cultures(content)
    problems += _check_goods(content)
    problems += _check_bonus(content)
    problems += _check_bank(content)
    problems += _check_qmarkers(content)
    if board is not None:
        problems += _check_fit(content, board)
    return problems


def validate_content(
    content: Content, board: Board | None = None, source: str = "content"
) -> Content:
    """The content itself if playable; else ``ContentError`` listing every problem."""
    problems = check_content(content, board)
    if problems:
        raise ContentError(f"{source}: " + "; ".join(problems), tuple(problems))
    return content


def _check_ids(content: Content) -> list[str]:
    problems = []
    sections = {
        "culture": [c.id for c in content.cultures],
        "good": [g.id for g in content.goods],
        "bonus marker": [d.id for d in content.demands] + [f.id for f in content.fares],
        "ship": [s.id for s in content.ships],
        "equipment": [e.id for e in content.equipment],
        "?-marker": [m.id for m in content.qmarkers],
        "spaceport deed for site": [d.site for d in content.spaceport_deeds],
        "species": list(content.species),
    }
    for what, ids in sections.items():
        problems += [f"{what} '{i}' is listed {n} times" for i, n in Counter(ids).items() if n > 1]
        if what != "spaceport deed for site":
            problems += [
                f"{what} id {i!r} is not a plain id" for i in ids if not ID_PATTERN.fullmatch(i)
            ]
    problems += [
        f"culture '{c.id}': a culture ID is a number 1–99 with an optional letter ('4a')"
        for c in content.cultures
        if not CULTURE_ID.fullmatch(c.id)
    ]
    return problems


def _culture_ref(
    content: Content, where: str, field: str, value: str, base: bool = False
) -> list[str]:
    if content.has_culture(value) or (base and value == BASE):
        return []
    known = "a culture" + (" or 'base'" if base else "")
    return [f"{where}: field '{field}': '{value}' is not {known}"]


def _check_cultures(content: Content) -> list[str]:
    problems = []
    if not content.cultures:
        problems.append("the content has no cultures")
    for culture in content.cultures:
        where = f"culture '{culture.id}'"
        if culture.iou <= 0 or culture.factory_deed <= 0:
            problems.append(f"{where}: its IOU and factory deed are worth something")
        if not culture.buyers:
            problems.append(f"{where}: field 'buyers': nobody buys its goods")
        for buyer in culture.buyers:
            problems += _culture_ref(content, where, "buyers", buyer)
        if culture.id in culture.buyers:
            problems.append(f"{where}: field 'buyers': a culture does not buy its own goods")
        for factory in (False, True):
            if not content.goods_of(culture.id, factory=factory):
                what = "factory good" if factory else "main good"
                problems.append(f"{where}: has no {what} to sell")
    for species in content.species:
        problems += _culture_ref(content, "species", "species", species)
    if not content.species:
        problems.append("field 'species': no culture is playable")
    if not 1 <= content.deed_discount <= 100:
        problems.append("field 'deed_discount': a percentage 1–100 of the price")
    return problems


def _check_goods(content: Content) -> list[str]:
    problems = []
    for good in content.goods:
        where = f"good '{good.id}'"
        problems += _culture_ref(content, where, "culture", good.culture)
        for buyer in good.buyers:
            problems += _culture_ref(content, where, "buyers", buyer)
        if not good.buyers:
            problems.append(f"{where}: field 'buyers': nobody buys it")
        if good.culture in good.buyers:
            problems.append(f"{where}: field 'buyers': its own culture does not buy it back")
        if not 0 < good.buy < good.sell:
            problems.append(f"{where}: field 'sell': it sells for more than its buy price")
    return problems


def _check_bonus(content: Content) -> list[str]:
    problems = []
    if not content.bonus_markers:
        problems.append("the content has no bonus markers for the cup")
    for demand in content.demands:
        where = f"demand '{demand.id}'"
        problems += _culture_ref(content, where, "culture", demand.culture)
        if not content.has_good(demand.good):
            problems.append(f"{where}: field 'good': '{demand.good}' is not a good")
        elif demand.culture not in content.good(demand.good).buyers:
            problems.append(
                f"{where}: field 'culture': '{demand.culture}' does not buy '{demand.good}'"
            )
        if demand.bonus <= 0:
            problems.append(f"{where}: field 'bonus': a bonus is worth something")
    for fare in content.fares:
        where = f"fare '{fare.id}'"
        problems += _culture_ref(content, where, "origin", fare.origin, base=True)
        problems += _culture_ref(content, where, "destination", fare.destination, base=True)
        if fare.origin == fare.destination:
            problems.append(f"{where}: field 'destination': the passenger goes somewhere else")
        if fare.fare <= 0:
            problems.append(f"{where}: field 'fare': a fare is worth something")
    return problems


def _check_bank(content: Content) -> list[str]:
    problems = []
    ship_ids = {s.id for s in content.ships}
    if content.starting_ship not in ship_ids:
        problems.append(f"field 'starting_ship': '{content.starting_ship}' is not a ship")
    sciences = {c.science for c in content.cultures}
    for ship in content.ships:
        where = f"ship '{ship.id}'"
        if ship.trade_in > ship.cost:
            problems.append(f"{where}: field 'trade_in': more than the ship costs")
        if not ship.sold_at_base and not ship.sold_by & sciences:
            problems.append(f"{where}: field 'sold_by': no culture or Galactic Base sells it")
    for item in content.equipment:
        if item.cost <= 0:
            problems.append(f"equipment '{item.id}': field 'cost': equipment costs something")
    return problems


def _check_qmarkers(content: Content) -> list[str]:
    problems = []
    telegates = Counter(m.telegate for m in content.qmarkers if m.kind is MarkerKind.TELEGATE)
    problems += [f"?-marker telegate {n} exists {c} times" for n, c in telegates.items() if c > 1]
    relics = Counter(m.relic for m in content.qmarkers if m.kind is MarkerKind.RELIC)
    problems += [
        f"relic {r.value} exists {c} times; relics are unique" for r, c in relics.items() if c > 1
    ]
    for marker in content.qmarkers:
        where = f"?-marker '{marker.id}'"
        if marker.kind is MarkerKind.PENALTY and marker.penalty <= 0:
            problems.append(f"{where}: field 'penalty': a penalty marker costs something")
        if marker.kind is MarkerKind.RELIC and marker.value <= 0:
            problems.append(f"{where}: field 'value': a relic is worth something")
    return problems


def _check_fit(content: Content, board: Board) -> list[str]:
    problems = []
    systems = len(board.systems_of_kind(SystemKind.HABITABLE))
    if len(content.cultures) != systems:
        problems.append(
            f"{len(content.cultures)} cultures for {systems} habitable systems: each system "
            "hides exactly one culture"
        )
    sites = {s.orbit_site for s in board.spaces if s.orbit_site is not None}
    deeds = {d.site for d in content.spaceport_deeds}
    problems += [f"orbit site '{site}' has no spaceport deed" for site in sorted(sites - deeds)]
    problems += [
        f"spaceport deed for site '{site}': the board has no such orbit site"
        for site in sorted(deeds - sites)
    ]
    boxes = len(board.spaces_of_kind(SpaceKind.QBOX))
    pool = len(content.qmarkers_in_play())
    if pool < boxes:
        problems.append(f"{pool} ?-markers for {boxes} ?-boxes: each box needs one")
    return problems
