"""Load a saved game: every save with date, players and round; unreadable files with why."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from nfgalaxy.core.saves import SaveInfo, SaveStore
from nfgalaxy.ui.game_ui import game_title
from nfgalaxy.ui.widgets.header import TitleHeader


class LoadScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, store: SaveStore) -> None:
        super().__init__()
        self.store = store
        self.saves: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Static(
            "Choose a saved game and press Enter. Unreadable files are listed with the "
            "reason; they are never changed or deleted.",
            id="hint",
        )
        yield DataTable(id="saves", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Name", "Game", "Saved", "Players", "Round", "State")
        self.saves = self.store.list()
        for index, save in enumerate(self.saves):
            if save.readable:
                state = "finished" if save.over else "in play"
                table.add_row(
                    save.name,
                    game_title(save.game),
                    save.saved_at.replace("T", " "),
                    ", ".join(save.players),
                    save.round,
                    state,
                    key=str(index),
                )
            else:
                table.add_row(
                    save.path.name, "", "", "", "", f"unreadable: {save.problem}", key=str(index)
                )
        if not self.saves:
            self.query_one("#hint", Static).update("There are no saved games yet.")
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        save = self.saves[int(str(event.row_key.value))]
        if not save.readable:
            self.notify(f"{save.path.name}: {save.problem}", title="Cannot load", severity="error")
            return
        self.app.load_save(save.path)
