"""Every merchant at a glance: money, net worth, ship and holds, equipment, relics and deeds.

All of it is public (§2.11), so every seat sees every player's line; only what a player
privately observed stays off this panel (the map shows it to that player alone).
"""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from nfgalaxy.games.space_merchant.rules.cup import good_of, is_goods
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.rules.holds import half_holds, ship_type
from nfgalaxy.games.space_merchant.state import Player
from nfgalaxy.games.space_merchant.ui.glyphs import place_name, place_words, ship_style


def _halves(count: int) -> str:
    whole, half = divmod(count, 2)
    return f"{whole}½" if half and whole else "½" if half else str(whole)


def cargo_words(state: MerchantGame, marker: str) -> str:
    if is_goods(marker):
        return state.content.good(good_of(marker)).name
    fare = state._fares[marker]
    return f"fare to {place_name(state, fare.destination)} (${fare.fare})"


def player_lines(state: MerchantGame, p: Player) -> list[str]:
    """A player's lines (Rich markup): money first, then ship and holds, then the rest."""
    mover = state.to_move()
    species = state.content.culture(p.species).name if p.species else "no species yet"
    worth = state.net_worth(p)
    deeds = state.deed_value(p)
    head = (
        f"[{ship_style(p.seat)}] {p.seat + 1} [/] [b]{escape(p.name)}[/b] ({escape(species)})"
        + (" [reverse] to move [/]" if mover == p.seat else "")
    )
    money = f"  ${p.cash} cash" + (f" + ${deeds} deeds" if deeds else "")
    ship = ship_type(state, p.ship)
    used = half_holds(p.cargo, p.equipment, ship)
    cargo = ", ".join(cargo_words(state, m) for m in sorted(p.cargo)) or "empty"
    lines = [
        head,
        f"{money} · [b]net worth ${worth}[/b]",
        f"  {ship.name} ({ship.dice} dice) · holds {_halves(used)}/{ship.holds}: {escape(cargo)}",
        f"  at {escape(place_words(state, p.space))}",
    ]
    extras = []
    if p.equipment:
        extras.append(", ".join(e.replace("_", " ") for e in sorted(p.equipment)))
    if p.relics:
        extras.append("relics: " + ", ".join(r.replace("_", " ") for r in sorted(p.relics)))
    if p.ious:
        extras.append("IOUs: " + ", ".join(sorted(p.ious)))
    if p.deeds:
        extras.append("deeds: " + ", ".join(d.replace(":", " ") for d in sorted(p.deeds)))
    if extras:
        lines.append("  " + escape(" · ".join(extras)))
    return lines


class MerchantPlayers(Static, can_focus=True):
    """One block per player in turn order (from the player who rolled highest, §3.1), the
    player to move marked."""

    def show(self, state: MerchantGame) -> None:
        target = state.options.get("victory", 2000)
        self.border_title = f"Merchants · first to ${target} net worth"
        lines: list[str] = []
        for seat in state.order:
            lines += player_lines(state, state.players[seat])
        self.update("\n".join(lines))
