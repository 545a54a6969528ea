"""Finished games: every game kept (``nfgalaxy records``), to choose one and replay it.

The files are read in a thread: hundreds of kept games take a while to read and check, and the
screen answers keys (Escape goes back) while they are read."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
from textual.worker import Worker, WorkerState

from nfgalaxy.records import RecordEntry, RecordStore
from nfgalaxy.ui.game_ui import game_title
from nfgalaxy.ui.widgets.header import TitleHeader


class FinishedGamesScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, store: RecordStore) -> None:
        super().__init__()
        self.store = store
        self.entries: list[RecordEntry] = []
        #: Whether the files have been read (the list is filled in a thread; see the module).
        self.loaded = False

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Static(
            "Choose a finished game and press Enter to replay it. Unreadable files are listed "
            "with the reason; they are never changed or deleted.",
            id="hint",
        )
        yield DataTable(id="records", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Finished games"
        table = self.query_one(DataTable)
        table.add_columns("Finished", "Game", "Rounds", "Players (VP, * won)", "Id")
        table.loading = True
        table.focus()
        self.run_worker(self.store.entries, thread=True, name="records", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "records":
            return
        if event.state is WorkerState.ERROR:
            self.query_one(DataTable).loading = False
            self.query_one("#hint", Static).update(
                f"The finished games could not be read: {event.worker.error}"
            )
            self.loaded = True
        elif event.state is WorkerState.SUCCESS:
            self.show_entries(event.worker.result or [])

    def show_entries(self, entries: list[RecordEntry]) -> None:
        self.entries = entries
        table = self.query_one(DataTable)
        table.loading = False
        for index, entry in enumerate(self.entries):
            record = entry.record
            if record is None:
                table.add_row("", "", "", f"unreadable: {entry.problem}", entry.id, key=str(index))
                continue
            when = record.date.strftime("%Y-%m-%d %H:%M")
            table.add_row(
                when,
                game_title(record.game),
                record.rounds,
                record.seats_text(),
                record.id,
                key=str(index),
            )
        if not self.entries:
            self.query_one("#hint", Static).update(
                "No finished games yet: every game played to its end is kept here."
            )
        self.loaded = True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        entry = self.entries[int(str(event.row_key.value))]
        if entry.record is None:
            self.notify(
                f"{entry.path.name}: {entry.problem}", title="Cannot replay", severity="error"
            )
            return
        self.app.show_replay(entry.record)
