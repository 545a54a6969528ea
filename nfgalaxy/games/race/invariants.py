"""What must hold in every Race for the Galaxy position: cards and VP chips conserved, goods only
where goods may lie, and secret choices kept where they belong.

The property tests check these after every decision of many random games (and a future
descriptor can hand them to the conformance tests). Each check returns the problems found, in
words, so a failure says what broke.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from nfgalaxy.games.race.state import VP_PER_PLAYER


def problems(g: Any) -> list[str]:
    """Every broken invariant of ``g`` (a ``RaceGame``); empty when all hold."""
    found: list[str] = []
    cards = g.cards
    if g.card_count() != cards.copies():
        found.append("cards are not conserved (§15.1: every card is in exactly one place)")
    if g.vp_pool + sum(p.vp for p in g.players) != VP_PER_PLAYER * len(g.players):
        found.append("VP chips are not conserved (§15.3)")
    for p in g.players:
        repeated = [c for c, n in Counter(p.tableau).items() if n > 1]
        if repeated:
            found.append(f"{p.name} has {repeated[0]} twice in their tableau (§8.3)")
        for world_id in p.goods:
            if world_id not in p.tableau or cards[world_id].goods is None:
                found.append(f"{p.name} has a good where none may lie ({world_id}, §3)")
        if not set(p.fresh) <= set(p.tableau):
            found.append(f"{p.name} has a card placed this phase that is not in play")
        if p.placing and p.placing not in p.hand:
            found.append(f"{p.name}'s face-down choice {p.placing} is not in their hand")
        if p.vp < 0 or p.owed < 0 or p.keep < 0:
            found.append(f"{p.name} has a negative count (VP, cards owed or cards to keep)")
        if p.explored and g.phase != "explore":
            found.append(f"{p.name} holds explored cards outside Explore (§7)")
    return found
