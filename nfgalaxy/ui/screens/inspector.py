"""Tile inspector: any tile's full text, numbers and where its data comes from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from nfgalaxy.games.new_frontiers.components import Development, World
from nfgalaxy.games.roll import components as roll
from nfgalaxy.tiles_report import SOURCE_NOTE


def tile_details(tile: World | Development) -> str:
    lines = [f"[b]{tile.name}[/b]  ({tile.id})"]
    if isinstance(tile, World):
        lines.append(tile.describe())
        if tile.home:
            lines.append(
                f"Home colony on empire mat {tile.home.mat}, side {tile.home.side}"
                + (" (first-game side)" if tile.home.first_game else "")
            )
    else:
        vp = "?" if tile.vp is None else tile.vp
        lines.append(
            f"Development: cost ${tile.cost}, {vp} VP, {tile.slots} slot(s), "
            f"{tile.group} stack {tile.stack} face {tile.face}"
            + (" (first-game face)" if tile.first_game else "")
        )
    if tile.keywords:
        lines.append("Keywords: " + ", ".join(sorted(tile.keywords)))
    lines.append("")
    lines.append(tile.text or "No ability.")
    lines.append("")
    lines.append(f"[b]Source:[/b] {tile.status.value} — {SOURCE_NOTE[tile.status]}")
    if tile.adapts:
        lines.append(f"Adapts the Race for the Galaxy card: {tile.adapts}")
    if tile.german:
        lines.append(f"German name: {tile.german}")
    if tile.notes:
        lines.append(f"Notes: {tile.notes}")
    return "\n".join(lines)


def roll_tile_details(side: roll.Development | roll.World) -> str:
    """A Roll for the Galaxy tile side: cost (= VP), colour or kind, text, and its sources."""
    lines = [f"[b]{side.name}[/b]  ({side.id})"]
    if isinstance(side, roll.World):
        lines.append(side.describe())
    else:
        lines.append(f"Development ({side.category}): cost {side.cost} = {side.vp} VP")
    lines.append("")
    lines.append(side.text or "No power.")
    if isinstance(side, roll.Development) and side.bonus_text:
        lines.append(f"End of game: {side.bonus_text}")
    lines.append("")
    lines.append(
        "[b]Sources:[/b] "
        + (", ".join(side.sources) or "none recorded")
        + " (see shared/data/roll-for-the-galaxy-tiles.md)"
    )
    german = side.german + (f" ({side.german_source})" if side.german_source else "")
    if side.german:
        lines.append(f"German name: {german}")
    if side.notes:
        lines.append(f"Notes: {side.notes}")
    return "\n".join(lines)


class InspectorScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("down", "move(1)", "Next tile", show=False),
        Binding("up", "move(-1)", "Previous tile", show=False),
    ]
    DEFAULT_CSS = """
    InspectorScreen #tiles { width: 44; }
    InspectorScreen #details { width: 1fr; padding: 1 2; border: round $accent; }
    """

    def __init__(
        self,
        tiles: Any,
        describe: Callable[[Any], str] = tile_details,
        focus_id: str | None = None,
    ) -> None:
        super().__init__()
        self.tiles = tiles
        self.describe = describe
        self.focus_id = focus_id
        self.ids: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder="Type to filter by name", id="filter")
        with Horizontal():
            yield OptionList(id="tiles")
            yield Static(id="details")
        yield Footer()

    def on_mount(self) -> None:
        self.fill("")
        self.query_one("#filter", Input).focus()  # type to filter; up/down move in the list

    def fill(self, text: str) -> None:
        tiles = self.query_one("#tiles", OptionList)
        tiles.clear_options()
        self.ids = [t.id for t in self.tiles.by_id.values() if text.lower() in t.name.lower()]
        tiles.add_options([Option(f"{self.tiles.by_id[i].name} [{i}]") for i in self.ids])
        if self.ids:
            start = self.ids.index(self.focus_id) if self.focus_id in self.ids else 0
            tiles.highlighted = start
            self.show(self.ids[start])

    def show(self, tile_id: str) -> None:
        self.query_one("#details", Static).update(self.describe(self.tiles.by_id[tile_id]))

    def action_move(self, step: int) -> None:
        tiles = self.query_one("#tiles", OptionList)
        if self.ids:
            current = tiles.highlighted or 0
            tiles.highlighted = max(0, min(len(self.ids) - 1, current + step))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None and event.option_index < len(self.ids):
            self.show(self.ids[event.option_index])
