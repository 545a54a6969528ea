"""``nfgalaxy tiles --game space-merchant``: the board and content pack as text or JSON.

The pack is the generated one of the default board seed, or an owner's pack file (``--tiles
PATH``, validated; refused, the generated one is shown and the reason printed). Its first lines
say where it comes from: "Generated board — not the published map (seed N)". The JSON is the
pack file itself (``pack.py``, ``DATA.md``), so it can be saved, edited and played with
``--tiles``.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.descriptor import TilesReport
from nfgalaxy.games.space_merchant.board import Board, Link, Space, SpaceKind
from nfgalaxy.games.space_merchant.content import BASE, Content, MarkerKind, QMarker
from nfgalaxy.games.space_merchant.pack import Pack, pack_data, resolve_pack
from nfgalaxy.games.space_merchant.rules.common import DEFAULT_OPTIONS


def resolve(path: str | None) -> tuple[Pack, str | None]:
    """The pack a game would play with ``--tiles path`` and the default board seed."""
    return resolve_pack(path, DEFAULT_OPTIONS["board"])


def _space_words(space: Space) -> str:
    words = [space.id, space.kind.value.replace("_", " ")]
    if space.kind.may_be_coloured and space.colour.value != "blue":
        words.append(space.colour.value)
    if space.penalty:
        words.append(f"${space.penalty}")
    if space.orbit_site:
        words.append(f"site {space.orbit_site}")
    if space.planet:
        words.append(f"planet {space.planet}")
    if space.telegate is not None:
        words.append(f"telegate {space.telegate}")
    if space.name:
        words.append(f'"{space.name}"')
    return " ".join(words)


def _link_words(link: Link, here: str) -> str:
    other = link.other(here)
    marks = []
    pilots = link.pilot_numbers_from(here)
    if pilots:
        marks.append("pilot " + ",".join(map(str, sorted(pilots))))
    if link.flyable:
        marks.append("flyable")
    if link.invisible:
        marks.append("invisible")
    return other + (f" ({'; '.join(marks)})" if marks else "")


def board_lines(board: Board) -> list[str]:
    """Every system with its spaces, each space with the links leaving it."""
    kinds = [space.kind for space in board.spaces]
    counts = ", ".join(
        f"{kinds.count(k)} {k.value.replace('_', ' ')}" for k in SpaceKind if k in kinds
    )
    lines = [
        f"BOARD: {len(board.systems)} regions, {len(board.spaces)} spaces, "
        f"{len(board.links)} links; {counts}"
    ]
    for system in board.systems:
        name = f" {system.name}" if system.name else ""
        lines.append(f"  {system.id}{name} ({system.kind.value.replace('_', ' ')})")
        for space in board.spaces_of(system.id):
            links = ", ".join(_link_words(link, space.id) for link in board.links_of(space.id))
            lines.append(f"    {_space_words(space)} -> {links}")
    return lines


def _place(content: Content, culture: str) -> str:
    return "Galactic Base" if culture == BASE else culture


def _marker_words(marker: QMarker) -> str:
    if marker.kind is MarkerKind.TELEGATE:
        return f"telegate {marker.telegate}"
    if marker.kind is MarkerKind.PENALTY and marker.colour is not None:
        return f"{marker.colour.value} penalty ${marker.penalty}"
    if marker.kind is MarkerKind.RELIC and marker.relic is not None:
        return f"relic {marker.relic.value.replace('_', ' ')} ${marker.value}"
    return marker.kind.value.replace("_", " ")


def content_lines(content: Content) -> list[str]:
    """Cultures with their goods, the species, deeds, bonus markers, ships, equipment and the
    ?-marker pool."""
    lines = [f"CULTURES ({len(content.cultures)})"]
    for c in content.cultures:
        lines.append(
            f"  {c.id} {c.name}: {c.science.value}, IOU ${c.iou}, factory deed "
            f"${c.factory_deed}, its goods bought by {', '.join(c.buyers)}"
        )
        for good in content.goods_of(c.id) + content.goods_of(c.id, factory=True):
            kind = "factory good" if good.factory else f"x{good.count}"
            lines.append(f"    {good.id} {good.name} ({kind}): buy ${good.buy}, sell ${good.sell}")
    lines.append("SPECIES (deeds at " + f"{content.deed_discount}%): " + ", ".join(content.species))
    deeds = ", ".join(f"{d.site} ${d.cost}" for d in content.spaceport_deeds)
    lines.append(f"SPACEPORT DEEDS ({len(content.spaceport_deeds)}): {deeds}")
    lines.append(
        f"BONUS MARKERS ({content.bonus_markers}: {len(content.demands)} demands, "
        f"{len(content.fares)} fares)"
    )
    for d in content.demands:
        lines.append(f"  {d.id}: at {d.culture}, {content.good(d.good).name} +${d.bonus}")
    for f in content.fares:
        lines.append(
            f"  {f.id}: fare from {_place(content, f.origin)} to "
            f"{_place(content, f.destination)} ${f.fare}"
        )
    lines.append("SHIPS")
    for s in content.ships:
        where = sorted(x.value for x in s.sold_by) + (["Galactic Base"] if s.sold_at_base else [])
        lines.append(
            f"  {s.name}: ${s.cost} (trade-in ${s.trade_in}), {s.dice} dice, {s.holds} holds, "
            f"sold by {', '.join(where)}"
        )
    lines.append("EQUIPMENT")
    for e in content.equipment:
        combat = ", combat version only" if e.combat_only else ""
        seller = e.sold_by.value if e.sold_by is not None else "nobody"
        lines.append(f"  {e.name}: ${e.cost}, sold by {seller}, {e.markers} markers{combat}")
    pool = [m for m in content.qmarkers if not m.combat_only]
    lines.append(f"?-MARKERS ({len(pool)} in the basic game)")
    lines.append("  " + "; ".join(_marker_words(m) for m in pool))
    return lines


def pack_text(pack: Pack) -> str:
    """The whole pack for people: where it comes from, the board, then the content."""
    lines = ["Space Merchant board and content", *pack.labels, ""]
    lines += board_lines(pack.board)
    lines.append("")
    lines += content_lines(pack.content)
    return "\n".join(lines)


def pack_json(pack: Pack) -> dict[str, Any]:
    """The pack file (its labels and seeds are in it)."""
    return pack_data(pack)


#: ``nfgalaxy tiles --game space-merchant``: the descriptor's tiles report.
TILES_REPORT = TilesReport(resolve, pack_text, pack_json)
