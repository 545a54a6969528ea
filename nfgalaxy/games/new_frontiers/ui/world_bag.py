"""The world bag: how many worlds are left, and what they are, as players could count."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from nfgalaxy.core.words import counted
from nfgalaxy.games.new_frontiers.components import Kind
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.ui.glyphs import KIND_STYLE
from nfgalaxy.ui.widgets.panel import StatePanel


def bag_text(state: NewFrontiers) -> Text:
    """Bag contents by kind: every world not visible on the table is in the bag, so any player
    could count this; the order of draws stays secret."""
    worlds = [state.tiles.world(w) for w in state.bag]
    military = sum(1 for w in worlds if w.military)
    kinds = Counter("any" if w.any_kind else w.kind for w in worlds)
    text = Text(
        f"{counted(len(worlds), 'world')}: {military} military, {len(worlds) - military} other\n"
    )
    for kind in Kind:
        text.append(f"{kind.letter} {kinds.get(kind, 0)}  ", style=KIND_STYLE[kind])
    text.append(f"gray {kinds.get(None, 0)}  any {kinds.get('any', 0)}")
    if state.display:
        text.append(f"\nOn the table: {len(state.display)} explored worlds to pick from")
    return text


class WorldBag(StatePanel):
    TITLE = "World bag"
    draw = staticmethod(bag_text)
