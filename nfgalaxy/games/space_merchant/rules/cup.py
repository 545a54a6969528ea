"""The cup (§7.10): always 48 markers; each marker put in is followed by a draw at random.

A drawn marker goes to the culture on its back: a goods marker to the culture that sells it, a
demand to the culture that pays it, a fare to where it starts (Galactic Base is ``BASE``). It
lies there in the open, on the board or on the overview display, and takes effect at once.
"""

from __future__ import annotations

from nfgalaxy.games.space_merchant.rules.base import MerchantBase


def good_of(marker: str) -> str:
    """The good of a goods marker ``"<good>#<n>"``."""
    return marker.partition("#")[0]


def is_goods(marker: str) -> bool:
    return "#" in marker


def home_of(g: MerchantBase, marker: str) -> str:
    """The culture (or Galactic Base) on a marker's back: where it lies when drawn."""
    if is_goods(marker):
        return g.content.good(good_of(marker)).culture
    demand = g._demands.get(marker)
    if demand is not None:
        return demand.culture
    return g._fares[marker].origin


def into_cup(g: MerchantBase, marker: str, seat: int) -> None:
    """Put ``marker`` into the cup and draw one to its home (it may be the same one)."""
    g.cup.append(marker)
    g.cup.sort()  # a set: its order carries nothing
    drawn = g.cup.pop(g.rng.below(len(g.cup)))
    home = home_of(g, drawn)
    g.market.setdefault(home, []).append(drawn)
    g.record("draw", seat, (marker, drawn, home))
