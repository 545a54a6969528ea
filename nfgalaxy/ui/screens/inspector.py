"""Tile inspector: any tile's full text and numbers, and whether it is the printed tile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from nfgalaxy.ui.widgets.header import TitleHeader


class InspectorScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("down", "move(1)", "Next tile", show=False),
        Binding("up", "move(-1)", "Previous tile", show=False),
    ]

    def __init__(
        self,
        tiles: Any,
        describe: Callable[[Any], str],
        focus_id: str | None = None,
    ) -> None:
        super().__init__()
        self.tiles = tiles
        self.describe = describe
        self.focus_id = focus_id
        self.ids: list[str] = []

    def compose(self) -> ComposeResult:
        yield TitleHeader()
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
