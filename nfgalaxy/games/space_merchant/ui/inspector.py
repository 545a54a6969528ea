"""The content of a Space Merchant pack in the inspector: cultures, goods, ships, equipment and
relics, as a player looks them up at the table.

Where a culture lives is hidden until it is discovered (§6), so nothing here says it. Every
entry says where the content comes from: a generated pack is labelled as such, with its seed
(§15.5.2), and is never passed off as the published game's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.markup import escape

from nfgalaxy.games.space_merchant.content import Culture, Equipment, Good, QMarker, ShipType
from nfgalaxy.games.space_merchant.pack import Pack, generate_pack

#: The pack the inspector shows before a game: every game generates its own from its seed.
BUILTIN_SEED = 1

RELIC_TEXT = {
    "yellow_drive": "A yellow drive that takes no hold space.",
    "shield": "A shield (−$20 on every penalty) that takes no hold space.",
    "laser": "Combat version only; not in play.",
    "air_foil": (
        "Fly straight between sibling surface cities; entering or leaving a surface city "
        "costs 1 MP instead of 2, and a ship may fly on through a city."
    ),
    "auto_pilot": "Declared before rolling: roll one die fewer, the missing die counts as a 4.",
    "jump_start": (
        "Declared before rolling: name a face-up telegate; if a die shows its number, the "
        "first move is a jump there."
    ),
    "mulligan_gear": "After rolling, re-roll one die, once a turn.",
    "spy_eye": (
        "Look at face-down ?-markers next to the spaces the ship enters or skips, and observe "
        "a culture from any space of its system."
    ),
    "switch_switch": "Change the pilot number at any time, to any die value.",
    "gate_lock": "Declared before rolling: every telegate is a blue dot for this turn.",
}


@dataclass(frozen=True)
class Entry:
    """One thing to look up: ``item`` is a culture, good, ship, equipment or relic marker."""

    id: str
    name: str
    item: Any
    pack: Pack


class Catalogue:
    """A pack's content by id (``by_id``), for the inspector and the decision preview."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        content = pack.content
        entries: list[Entry] = []
        for c in content.cultures:
            entries.append(Entry(c.id, f"{c.name} (culture {c.id})", c, pack))
        for g in content.goods:
            entries.append(Entry(g.id, g.name, g, pack))
        for s in content.ships:
            entries.append(Entry(s.id, s.name, s, pack))
        for e in content.equipment_in_play():
            entries.append(Entry(e.id, e.name, e, pack))
        for m in content.qmarkers_in_play():
            if m.relic is not None:
                name = m.relic.value.replace("_", " ").title()
                entries.append(Entry(f"relic-{m.relic.value}", f"{name} (relic)", m, pack))
        self.by_id = {e.id: e for e in entries}


_CATALOGUES: dict[int, Catalogue] = {}


def catalogue_of_pack(pack: Pack) -> Catalogue:
    """One catalogue per pack (the decision preview asks for it at every highlight)."""
    found = _CATALOGUES.get(id(pack))
    if found is None or found.pack is not pack:
        _CATALOGUES.clear()
        found = _CATALOGUES[id(pack)] = Catalogue(pack)
    return found


def builtin_catalogue() -> Catalogue:
    return catalogue_of_pack(_builtin_pack())


_BUILTIN: list[Pack] = []


def _builtin_pack() -> Pack:
    if not _BUILTIN:
        _BUILTIN.append(generate_pack(BUILTIN_SEED))
    return _BUILTIN[0]


def catalogue_of(state: Any) -> Catalogue:
    return catalogue_of_pack(state.pack)


def _culture_name(pack: Pack, culture: str) -> str:
    if culture == "base":
        return "Galactic Base"
    return f"{pack.content.culture(culture).name} ({culture})"


def _culture(pack: Pack, c: Culture) -> list[str]:
    content = pack.content
    lines = [
        f"Culture {c.id} · science: {c.science.value} ({c.science.letter})",
        f"IOU ${c.iou} · factory deed ${c.factory_deed}",
        "Its goods sell to: " + ", ".join(_culture_name(pack, b) for b in c.buyers),
    ]
    bought = [g for g in content.goods if c.id in g.buyers]
    if bought:
        lines.append("Buys: " + ", ".join(f"{g.name} ${g.sell}" for g in bought))
    lines.append("")
    for good in content.goods_of(c.id) + content.goods_of(c.id, factory=True):
        kind = "factory good" if good.factory else "good"
        lines.append(f"Sells ({kind}) {good.name} ×{good.count}: ${good.buy} → ${good.sell}")
    demands = [d for d in content.demands if d.culture == c.id]
    if demands:
        lines.append("")
        lines.append("Demand markers with it when drawn:")
        lines += [f"  {content.good(d.good).name} +${d.bonus}" for d in demands]
    fares = [f for f in content.fares if f.origin == c.id]
    if fares:
        lines.append(
            "Fares from it: "
            + ", ".join(f"to {_culture_name(pack, f.destination)} ${f.fare}" for f in fares)
        )
    lines.append("")
    lines.append("Where it lives is hidden until a merchant lands there.")
    return lines


def _good(pack: Pack, g: Good) -> list[str]:
    kind = "Factory good (once a factory is built)" if g.factory else "Good"
    lines = [
        f"{kind} of {_culture_name(pack, g.culture)} · {g.count} marker(s)",
        f"Buy for ${g.buy}; sell for ${g.sell} to: "
        + ", ".join(_culture_name(pack, b) for b in g.buyers),
    ]
    demands = [d for d in pack.content.demands if d.good == g.id]
    if demands:
        lines.append(
            "Demand bonuses: "
            + ", ".join(f"{_culture_name(pack, d.culture)} +${d.bonus}" for d in demands)
        )
    return lines


def _ship(s: ShipType) -> list[str]:
    where = sorted(x.value for x in s.sold_by) + (["Galactic Base"] if s.sold_at_base else [])
    return [
        f"Ship · ${s.cost} (trade-in ${s.trade_in}) · {s.dice} dice · {s.holds} holds",
        "Sold by: " + ", ".join(where),
    ]


def _equipment(e: Equipment) -> list[str]:
    seller = e.sold_by.value if e.sold_by else "nobody"
    skips = sorted(c.value for c in e.kind.skips)
    what = f"skips {' and '.join(skips)} spaces" if skips else "−$20 on every penalty"
    return [
        f"Equipment · ${e.cost} (trade-in ${e.cost // 2}) · {e.markers} in the bank",
        f"Sold by {seller} cultures · {what}",
    ]


def _relic(m: QMarker) -> list[str]:
    assert m.relic is not None
    return [
        f"Relic · value ${m.value} (trade-in ${m.value // 2}) · found under a ?-marker",
        RELIC_TEXT.get(m.relic.value, ""),
    ]


def describe(entry: Entry) -> str:
    """An entry in full (Rich markup), with where the content comes from."""
    item = entry.item
    if isinstance(item, Culture):
        lines = _culture(entry.pack, item)
    elif isinstance(item, Good):
        lines = _good(entry.pack, item)
    elif isinstance(item, ShipType):
        lines = _ship(item)
    elif isinstance(item, Equipment):
        lines = _equipment(item)
    else:
        lines = _relic(item)
    label = entry.pack.labels[1]
    body = "\n".join(escape(line) for line in lines)
    return f"[b]{escape(entry.name)}[/b]\n{body}\n\n[b]Status:[/b] {escape(label)}"
