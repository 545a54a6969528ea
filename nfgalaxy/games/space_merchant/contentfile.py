"""Content as data: the sections of a content pack read from decoded JSON or TOML, and written.

Every section is a list of tables (``DATA.md`` lists the fields). A missing, mistyped or unknown
field raises ``ContentError`` naming the entry ("culture '4a'", "demand 'demand-07'") and the
field; whether the content as a whole is playable is ``contentcheck``'s business. The generic
pools of ships, equipment and ?-markers (``data/pools.toml``) use the same sections.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from nfgalaxy.core.tilefiles import TileDataError, read_toml
from nfgalaxy.games.space_merchant.board import Colour
from nfgalaxy.games.space_merchant.boardfile import Item
from nfgalaxy.games.space_merchant.content import (
    Content,
    Culture,
    Demand,
    Equipment,
    EquipmentKind,
    Fare,
    Good,
    MarkerKind,
    QMarker,
    Relic,
    Science,
    ShipType,
    SpaceportDeed,
)

POOLS = "pools.toml"
_MONEY = (0, 1_000_000)


class ContentError(TileDataError):
    """Content that cannot be used: names the entry and the field at fault."""

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems or (message,)


class ContentItem(Item):
    error = ContentError

    def money(self, name: str, default: Any = ...) -> int:
        return self.int_in(name, *_MONEY, default)

    def ids(self, name: str) -> tuple[str, ...]:
        return self.strings(name)


def _values(enum_type: Any) -> dict[str, Any]:
    return {member.value: member for member in enum_type}


_SCIENCES = _values(Science)


def _culture(item: ContentItem) -> Culture:
    item.check_known({"id", "name", "science", "iou", "factory_deed", "buyers"})
    return Culture(
        id=item.get("id", str),
        name=item.get("name", str),
        science=item.choice("science", _SCIENCES),
        iou=item.money("iou"),
        factory_deed=item.money("factory_deed"),
        buyers=item.ids("buyers"),
    )


def _good(item: ContentItem) -> Good:
    item.check_known({"id", "name", "culture", "buy", "sell", "buyers", "count", "factory"})
    return Good(
        id=item.get("id", str),
        name=item.get("name", str),
        culture=item.get("culture", str),
        buy=item.money("buy"),
        sell=item.money("sell"),
        buyers=item.ids("buyers"),
        count=item.int_in("count", 1, 99, 1),
        factory=item.get("factory", bool, False),
    )


def _demand(item: ContentItem) -> Demand:
    item.check_known({"id", "culture", "good", "bonus"})
    return Demand(
        id=item.get("id", str),
        culture=item.get("culture", str),
        good=item.get("good", str),
        bonus=item.money("bonus"),
    )


def _fare(item: ContentItem) -> Fare:
    item.check_known({"id", "origin", "destination", "fare"})
    return Fare(
        id=item.get("id", str),
        origin=item.get("origin", str),
        destination=item.get("destination", str),
        fare=item.money("fare"),
    )


def _ship(item: ContentItem) -> ShipType:
    fields = {"id", "name", "cost", "trade_in", "dice", "holds", "sold_by", "sold_at_base"}
    item.check_known(fields | {"hull", "cards"})
    return ShipType(
        id=item.get("id", str),
        name=item.get("name", str),
        cost=item.money("cost"),
        trade_in=item.money("trade_in"),
        dice=item.int_in("dice", 1, 6),
        holds=item.int_in("holds", 1, 20),
        sold_by=frozenset(_SCIENCES[s] for s in item.strings("sold_by", tuple(_SCIENCES))),
        sold_at_base=item.get("sold_at_base", bool, False),
        hull=item.int_in("hull", 0, 20, None),
        cards=item.int_in("cards", 0, 99, None),
    )


def _equipment(item: ContentItem) -> Equipment:
    item.check_known({"kind", "name", "cost", "sold_by", "markers", "combat_only"})
    return Equipment(
        kind=item.choice("kind", _values(EquipmentKind)),
        name=item.get("name", str),
        cost=item.money("cost"),
        sold_by=item.choice("sold_by", _SCIENCES, None),
        markers=item.int_in("markers", 0, 99),
        combat_only=item.get("combat_only", bool, False),
    )


def _qmarker(item: ContentItem) -> QMarker:
    item.check_known(
        {"id", "kind", "telegate", "colour", "penalty", "relic", "value"} | {"combat_only"}
    )
    kind = item.choice("kind", _values(MarkerKind))
    needs = {
        MarkerKind.TELEGATE: {"telegate"},
        MarkerKind.PENALTY: {"colour", "penalty"},
        MarkerKind.RELIC: {"relic", "value"},
        MarkerKind.OPEN_SPACEPORT: set(),
    }[kind]
    for name in {"telegate", "colour", "penalty", "relic", "value"}:
        if name in needs and name not in item.raw:
            raise item.fail(name, f"missing: a {kind.value} marker needs it")
        if name not in needs and name in item.raw:
            raise item.fail(name, f"not a field of a {kind.value} marker")
    return QMarker(
        id=item.get("id", str),
        kind=kind,
        telegate=item.int_in("telegate", 1, 6, None),
        colour=item.choice("colour", _values(Colour), None),
        penalty=item.money("penalty", 0),
        relic=item.choice("relic", _values(Relic), None),
        value=item.money("value", 0),
        combat_only=item.get("combat_only", bool, False),
    )


def _deed(item: ContentItem) -> SpaceportDeed:
    item.check_known({"site", "cost"})
    return SpaceportDeed(site=item.get("site", str), cost=item.money("cost"))


#: Each section: what one entry is called in errors, its parser, and the field that names it.
_SECTIONS = {
    "cultures": ("culture", _culture, "id"),
    "goods": ("good", _good, "id"),
    "demands": ("demand", _demand, "id"),
    "fares": ("fare", _fare, "id"),
    "ships": ("ship", _ship, "id"),
    "equipment": ("equipment", _equipment, "kind"),
    "qmarkers": ("?-marker", _qmarker, "id"),
    "spaceport_deeds": ("spaceport deed", _deed, "site"),
}


def parse_section(top: ContentItem, section: str) -> tuple[Any, ...]:
    """One section of a content table, each entry read by its parser and named in errors by
    its id (or its position if it has none)."""
    what, parse, key = _SECTIONS[section]
    found = []
    for index, raw in enumerate(top.get(section, list)):
        name = raw.get(key) if isinstance(raw, dict) else None
        label = f"{what} '{name if isinstance(name, str) else f'#{index + 1}'}'"
        found.append(parse(ContentItem(top.source, label, raw)))
    return tuple(found)


def parse_content(raw: Any, source: str) -> Content:
    """Content from decoded JSON; ``ContentError`` names the entry and field at fault. It is
    not checked for playability here (``contentcheck`` does that)."""
    top = ContentItem(source, "content", raw)
    top.check_known(set(_SECTIONS) | {"label", "seed", "species", "deed_discount", "starting_ship"})
    sections = {name: parse_section(top, name) for name in _SECTIONS}
    return Content(
        label=top.get("label", str),
        seed=top.get("seed", int, None),
        species=top.ids("species"),
        deed_discount=top.int_in("deed_discount", 1, 100, 80),
        starting_ship=top.get("starting_ship", str, "scout"),
        **sections,
    )


@cache
def generic_pools() -> tuple[tuple[ShipType, ...], tuple[Equipment, ...], tuple[QMarker, ...]]:
    """The shipped pools of ships, equipment and ?-markers (``data/pools.toml``)."""
    text = resources.files(__package__).joinpath("data", POOLS).read_text(encoding="utf-8")
    source = "built-in " + POOLS
    try:
        raw = read_toml(text, source)
    except TileDataError as exc:
        raise ContentError(str(exc)) from None
    top = ContentItem(source, "pools", raw)
    return (
        parse_section(top, "ships"),
        parse_section(top, "equipment"),
        parse_section(top, "qmarkers"),
    )


# --- writing -------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return getattr(value, "value", value)


def _entry(obj: Any, keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """A dataclass as a table: enum values as words, empty and default fields left out."""
    out: dict[str, Any] = {}
    for name in obj.__dataclass_fields__:
        if name.startswith("_"):
            continue
        value = _plain(getattr(obj, name))
        if value is not None and (name in keep or value not in (False, [], 0, "")):
            out[name] = value
    return out


def content_data(content: Content) -> dict[str, Any]:
    """The content as JSON-ready data."""
    data: dict[str, Any] = {"label": content.label}
    if content.seed is not None:
        data["seed"] = content.seed
    data["species"] = list(content.species)
    data["deed_discount"] = content.deed_discount
    data["starting_ship"] = content.starting_ship
    data["cultures"] = [_entry(c) for c in content.cultures]
    data["goods"] = [_entry(g) for g in content.goods]
    data["demands"] = [_entry(d) for d in content.demands]
    data["fares"] = [_entry(f) for f in content.fares]
    data["ships"] = [_entry(s, keep=("hull", "cards")) for s in content.ships]
    data["equipment"] = [_entry(e, keep=("markers",)) for e in content.equipment]
    data["qmarkers"] = [_entry(m) for m in content.qmarkers]
    data["spaceport_deeds"] = [_entry(d) for d in content.spaceport_deeds]
    return data
