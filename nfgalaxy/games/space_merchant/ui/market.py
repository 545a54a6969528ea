"""The market of a culture: what it sells and buys, at what price, and what it demands.

It shows the culture of the system under the map's cursor, else the one the viewer's ship is
at: prices come from the goods markers lying there, what it buys from the viewer's holds from
their buyer lists, and demand bonuses and fares from the markers drawn there. A culture nobody
has discovered has no market to show (the viewer may know privately who lives there).
"""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from nfgalaxy.games.space_merchant.board import SystemKind
from nfgalaxy.games.space_merchant.content import BASE
from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.glyphs import culture_words, place_name


def market_of(state: MerchantGame, space_id: str) -> str | None:
    """The culture ID (or ``BASE``) whose market a space's system shows, if it is known."""
    system = state.board.system_of(space_id)
    if system.kind is SystemKind.GALACTIC_BASE:
        return BASE
    if system.id in state.discovered:
        return state.culture_at[system.id]
    return None


def market_lines(state: MerchantGame, culture: str, viewer: int | None) -> list[str]:
    """The market of ``culture`` (Rich markup), with what the viewer could sell there."""
    lines: list[str] = []
    if culture != BASE:
        c = state.content.culture(culture)
        owner = state.factories.get(culture)
        lines.append(
            f"[b]{c.id} {escape(c.name)}[/b] · {c.science.value} ({c.science.letter})"
            f" · IOU ${c.iou} · factory deed ${c.factory_deed}"
            + (f" (built by {escape(state.players[owner].name)})" if owner is not None else "")
        )
        bought = [g for g in state.content.goods if culture in g.buyers]
        if bought:
            lines.append(
                "[u]Buys[/u]: "
                + escape(", ".join(f"{g.name} ${g.sell} (from {g.culture})" for g in bought))
            )
    else:
        lines.append("[b]Galactic Base[/b] · ships and fares")
    lying = state.market.get(culture, [])
    goods: dict[str, int] = {}
    for marker in lying:
        if is_goods(marker):
            goods[good_of(marker)] = goods.get(good_of(marker), 0) + 1
    if goods:
        lines.append("[u]Sells[/u] (buy price → sell price at its buyers)")
        for good_id, count in sorted(goods.items()):
            good = state.content.good(good_id)
            kind = " (factory)" if good.factory else ""
            lines.append(
                f"  {escape(good.name)}{kind} ×{count}: ${good.buy} → ${good.sell}"
                f" at {' '.join(good.buyers)}"
            )
    demands = [state._demands[m] for m in lying if m in state._demands]
    if demands:
        lines.append("[u]Demands[/u] (bonus on a sale here)")
        for d in sorted(demands, key=lambda d: d.id):
            lines.append(f"  {escape(state.content.good(d.good).name)} +${d.bonus}")
    fares = [state._fares[m] for m in lying if m in state._fares]
    if fares:
        lines.append("[u]Fares[/u] to pick up")
        for f in sorted(fares, key=lambda f: f.id):
            lines.append(f"  to {escape(place_name(state, f.destination))} ${f.fare}")
    if viewer is not None:
        wanted = _sales(state, culture, viewer)
        if wanted:
            lines.append("[u]Your holds here[/u]")
            lines += wanted
    if culture != BASE:
        science = state.content.culture(culture).science
        kit = [e for e in state.content.equipment_in_play() if e.sold_by is science]
        ships = [s for s in state.content.ships if science in s.sold_by]
        sold = [f"{e.name} ${e.cost}" for e in kit] + [f"{s.name} ${s.cost}" for s in ships]
        if sold:
            lines.append("Equipment and ships: " + escape(", ".join(sold)))
    else:
        ships = [s for s in state.content.ships if s.sold_at_base]
        lines.append("Ships: " + escape(", ".join(f"{s.name} ${s.cost}" for s in ships)))
    return lines


def _sales(state: MerchantGame, culture: str, seat: int) -> list[str]:
    """What ``seat`` carries that this culture pays for: goods on their buyer list (with the
    demand bonuses lying here) and fares to it."""
    lying = state.market.get(culture, [])
    bonus: dict[str, int] = {}
    for m in lying:
        if m in state._demands:
            demand = state._demands[m]
            bonus[demand.good] = bonus.get(demand.good, 0) + demand.bonus
    lines = []
    for marker in sorted(set(state.players[seat].cargo)):
        if is_goods(marker):
            good = state.content.good(good_of(marker))
            if culture in good.buyers:
                extra = f" + ${bonus[good.id]} demand" if good.id in bonus else ""
                lines.append(f"  sell {escape(good.name)} for ${good.sell}{extra}")
        elif state._fares[marker].destination == culture:
            lines.append(f"  deliver the fare for ${state._fares[marker].fare}")
    return lines


class MerchantMarket(Static, can_focus=True):
    """The market panel; its subtitle says where the content comes from."""

    def show(self, state: MerchantGame, viewer: int | None, space_id: str) -> None:
        culture = market_of(state, space_id)
        self.border_subtitle = state.pack.labels[1].split(" — ")[0]
        system = state.board.system_of(space_id)
        if culture is None:
            self.border_title = f"Market · {system.name or system.id}"
            if system.kind is SystemKind.HABITABLE:
                known = culture_words(state, system.id, viewer)
                text = "Nobody has discovered who lives here: land at a city or spaceport."
                if known not in ("", "?"):
                    text += f"\nYou observed: {escape(known)}."
            else:
                text = "No culture trades here. Move the map cursor to a system to see its market."
            self.update(text)
            return
        self.border_title = f"Market · {place_name(state, culture)}"
        self.update("\n".join(market_lines(state, culture, viewer)))
