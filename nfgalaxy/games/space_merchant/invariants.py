"""What must hold in every Space Merchant position, for the conformance tests (after every
decision of random games): the state's own checks (every goods and bonus marker in one place,
the cup at its 48, cultures, ?-markers, relics, deeds and equipment each where they may be;
``rules/checks.py``) and money conserved with the bank: the players' cash and the bank's always
add up to the bank's starting money (0 for an unlimited bank, which goes below 0 as it pays).
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.games.space_merchant.rules.checks import state_problems


def problems(g: Any) -> list[str]:
    """Every broken invariant of ``g`` (a ``MerchantGame``); empty when all hold."""
    found = state_problems(g)
    start = g.options.get("bank") or 0
    if g.total_money() != start:
        found.append(
            f"money is not conserved: cash and bank add up to ${g.total_money()}, not ${start}"
        )
    return found
