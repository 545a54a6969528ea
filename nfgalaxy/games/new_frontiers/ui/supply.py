"""The general supply: colonists, VP chips and goods left, and the development stacks."""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.games.new_frontiers import abilities as ab
from nfgalaxy.games.new_frontiers.components import Kind, Phase
from nfgalaxy.games.new_frontiers.rules import NewFrontiers
from nfgalaxy.games.new_frontiers.ui.glyphs import KIND_STYLE
from nfgalaxy.ui.widgets.panel import StatePanel


def supply_text(state: NewFrontiers) -> Text:
    text = Text(f"Colonists {state.colonist_supply}   VP chips {state.vp_general}")
    if state.vp_reserve:
        text.append(f" (+{state.vp_reserve} from the reserve)")
    text.append("\nGoods ")
    for kind in Kind:
        text.append(f"{kind.letter}:{state.goods_supply[kind]} ", style=KIND_STYLE[kind])
    if state.end_reasons:
        text.append(f"\nLast round: {', '.join(state.end_reasons)}", style="bold red")
    return text


def developments_text(state: NewFrontiers) -> Text:
    """Stacks left with their price for the player to move (bonus not included)."""
    seat = state.to_move()
    text = Text()
    active = state.players[seat].abilities(state.tiles, Phase.DEVELOP) if seat is not None else []
    for dev_id, left in state.supply.items():
        dev = state.tiles.developments[dev_id]
        price = ab.develop_price(active, dev, chooser=False)
        owned = seat is not None and dev_id in state.players[seat].developments
        style = "dim" if left == 0 or owned else ""
        text.append(f"{dev.name} ${price} ×{left}\n", style=style)
    return text


class Supply(StatePanel):
    TITLE = "Supply"
    draw = staticmethod(supply_text)


class DevelopmentSupply(StatePanel):
    TITLE = "Developments (price for the player to move)"
    draw = staticmethod(developments_text)
