"""The worlds Explore draws, laid out on the table while players take them, one per line.

The decision list names each world with its numbers ("Take Designer Species, Ultd. (Genes
production, cost $5, 2 colonists, 3 VP)"), which wraps to three lines at 80x24, so only two of
the seven drawn worlds were in sight at once. Here every drawn world has one short line, with
the number the decision list gives it when the player at the keyboard is to take one: the
digits pick it from anywhere on the table.
"""

from __future__ import annotations

from rich.text import Text

from nfgalaxy.games.new_frontiers.rules import TAKE, NewFrontiers
from nfgalaxy.games.new_frontiers.ui.glyphs import world_mark, world_number
from nfgalaxy.ui.widgets.panel import DrawnStatic


def display_text(state: NewFrontiers, viewer: int | None) -> Text:
    """One line per drawn world: its number to take it (for the viewer to move), kind,
    name, cost or defence, colonists and VP."""
    tiles = state.tiles
    numbers: dict[str, int] = {}
    if viewer is not None and state.to_move() == viewer:
        for index, decision in enumerate(state.legal_decisions()):
            if decision.kind == TAKE:
                numbers.setdefault(decision.args[0], index + 1)
    lines = []
    for world_id in state.display:
        world = tiles.world(world_id)
        number = numbers.get(world_id)
        line = Text(f"{number}. " if number is not None else "   ", style="bold")
        line.append_text(world_mark(world))
        vp = "?" if world.vp is None else world.vp
        colonists = f"{world.colonists} colonist{'s' * (world.colonists != 1)}"
        line.append(f" {world.name}  {world_number(world)} · {colonists} · {vp} VP")
        lines.append(line)
    return Text("\n").join(lines)


class ExploreDisplay(DrawnStatic):
    """Shown only while Explore's worlds lie on the table; on a compact screen the board
    scrolls it into view, above the action tiles."""

    def show(self, state: NewFrontiers, viewer: int | None) -> None:
        drawn = bool(state.display)
        appeared = drawn and not self.display
        self.display = drawn
        if not drawn:
            return
        count = len(state.display)
        taking = viewer is not None and state.to_move() == viewer
        self.border_title = f"Explore: {count} world{'s' * (count != 1)} drawn" + (
            " — take one (its number)" if taking else ""
        )
        self.draw_content(display_text(state, viewer))
        if appeared or taking:
            self.call_after_refresh(self.scroll_visible, animate=False, top=True)
