"""Space Merchant's end of game: why it ended, and each player's deeds, ship and cargo."""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.space_merchant.rules.holds import ship_type
from nfgalaxy.games.space_merchant.ui.players import cargo_words


def merchant_details(state: Any) -> list[str]:
    """How the game ended, then per player what makes up the net worth and what was left."""
    lines = [f"The game ended: {reason}." for reason in state.end_reasons]
    for p in (state.players[seat] for seat in state.order):  # in turn order (§3.1)
        deeds = ", ".join(d.replace(":", " ") for d in sorted(p.deeds)) or "no deeds"
        cargo = ", ".join(cargo_words(state, m) for m in sorted(p.cargo)) or "empty holds"
        lines.append(
            f"{p.name}: ${p.cash} cash + ${state.deed_value(p)} deeds ({deeds}); "
            f"{ship_type(state, p.ship).name}, {cargo}"
        )
    return lines
