"""Space Merchant read line by line (``nfgalaxy play --game space-merchant``), as one seat sees it.

Everything on the table is public (§2.11) except the cultures behind face-down IOUs and the
face-down ?-markers: a seat is told only the cultures and markers it observed or spied on
itself. The table shows the pack's label, the turn (dice, MP, pilot number), the market where
the seat's ship is, the cultures discovered, and a line per player; a player's ship shows its
cargo, equipment, relics, IOUs and deeds.
"""

from __future__ import annotations

from nfgalaxy.core.descriptor import TextAdapter
from nfgalaxy.games.space_merchant.content import BASE
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.events import relic_name, trade_item_words
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.rules.holds import half_holds, ship_type
from nfgalaxy.games.space_merchant.state import Player


def _culture(g: MerchantGame, culture: str) -> str:
    return "Galactic Base" if culture == BASE else f"{g.content.culture(culture).name} ({culture})"


def culture_here(g: MerchantGame, space: str) -> str | None:
    """The culture (or Galactic Base) trading at a space, when it is known to everyone."""
    if g.space(space).kind.value == "galactic_base":
        return BASE
    system = g.habitable(space)
    if system is None or system not in g.discovered or not g.is_trading_site(space):
        return None
    return g.culture_at[system]


def market_words(g: MerchantGame, culture: str) -> list[str]:
    """What a culture offers and pays (§7.3–§7.5): its goods lying there with their price and
    count, the goods it buys, its demands and its fares."""
    lying = g.market.get(culture, [])
    goods = sorted({good_of(m) for m in lying if is_goods(m)})
    sells = [
        f"{g.content.good(x).name} ${g.content.good(x).buy}"
        f" x{sum(1 for m in lying if is_goods(m) and good_of(m) == x)}"
        for x in goods
    ]
    buys = [f"{x.name} ${x.sell}" for x in g.content.goods if culture in x.buyers]
    demands = [
        f"{g.content.good(g._demands[m].good).name} +${g._demands[m].bonus}"
        for m in sorted(lying)
        if m in g._demands
    ]
    fares = [
        f"to {_culture(g, g._fares[m].destination)} ${g._fares[m].fare}"
        for m in sorted(lying)
        if m in g._fares
    ]
    return [
        f"   sells: {', '.join(sells) or '-'}",
        f"   buys: {', '.join(buys) or '-'}",
        f"   demands: {', '.join(demands) or '-'}",
        f"   fares: {', '.join(fares) or '-'}",
    ]


def _turn_words(g: MerchantGame) -> str:
    t = g.turn
    if t is None:
        return "Setup" if not g.round else f"Round {g.round}"
    words = f"Round {g.round} | {g.name(t.seat)}'s turn"
    if t.dice:
        words += f" | dice {', '.join(map(str, t.dice))}, {t.mp} MP left"
    if t.pilot:
        words += f", pilot {t.pilot}"
    if t.credit:
        words += f" | credit ${t.credit}"
    return words


def holds_words(g: MerchantGame, p: Player) -> str:
    kind = ship_type(g, p.ship)
    used = half_holds(p.cargo, p.equipment, kind)
    return f"{used / 2:g}/{kind.holds} holds"


def describe_table(g: MerchantGame, viewer: int) -> str:
    """The pack, the turn, the market at the viewer's ship, the cultures found, the players."""
    me = g.players[viewer]
    lines = [" | ".join(g.pack.labels), _turn_words(g)]
    culture = culture_here(g, me.space)
    if culture == BASE:
        lines.append("At Galactic Base: ships, and fares from here")
        lines += market_words(g, culture)[3:]
    elif culture is not None:
        lines.append(f"At {g.place(me.space)}: {_culture(g, culture)}")
        lines += market_words(g, culture)
    found = [
        f"{_culture(g, g.culture_at[s])} in {g.board.system(s).name or s}"
        for s in sorted(g.discovered)
    ]
    lines.append(f"Cultures found: {', '.join(found) or '-'}")
    for seat in g.order:
        p = g.players[seat]
        you = " (you)" if seat == viewer else ""
        lines.append(
            f"  {p.name}{you}: ${p.cash}, net worth ${g.net_worth(p)}, "
            f"{ship_type(g, p.ship).name} at {g.place(p.space)}, {holds_words(g, p)}"
        )
    return "\n".join(lines)


def describe_ship(g: MerchantGame, seat: int, viewer: int) -> str:
    """One player's ship and possessions; what that player privately knows only to itself."""
    p = g.players[seat]
    kind = ship_type(g, p.ship)
    cargo = ", ".join(
        trade_item_words(g, "goods" if is_goods(m) else "fare", good_of(m) if is_goods(m) else m)
        for m in p.cargo
    )
    species = g.content.culture(p.species).name if p.species else "-"
    lines = [
        f"{p.name}: species {species}, {kind.name} ({kind.dice} dice, {holds_words(g, p)}), "
        f"${p.cash} cash, net worth ${g.net_worth(p)}",
        f"   cargo: {cargo or '-'}",
        f"   equipment: {', '.join(e.replace('_', ' ') for e in p.equipment) or '-'}"
        f" | relics: {', '.join(relic_name(r) for r in p.relics) or '-'}",
        f"   IOUs: {', '.join(_culture(g, c) for c in p.ious) or '-'}"
        f" | deeds: {', '.join(d.replace(':', ' ') for d in p.deeds) or '-'}",
    ]
    if seat == viewer and p.known_cultures:
        seen = ", ".join(
            f"{_culture(g, c)} in {g.board.system(s).name or s}"
            for s, c in sorted(p.known_cultures.items())
        )
        lines.append(f"   observed (only you know): {seen}")
    return "\n".join(lines)


#: ``nfgalaxy play --game space-merchant``: the descriptor's text adapter.
TEXT = TextAdapter(describe_table, describe_ship)
