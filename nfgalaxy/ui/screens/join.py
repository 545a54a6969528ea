"""A table by its number (and a private table's invitation code): to join it, or to watch it.

Private tables are not listed in the lobby: their players were given the number and the code.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from nfgalaxy.tables.model import INVITATION_MAX


class JoinScreen(ModalScreen[tuple[int, str | None] | None]):
    """Dismissed with ``(table number, code or None)``, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, doing: str) -> None:
        super().__init__()
        self.doing = doing

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"The number of the table to {self.doing} (Enter):")
            yield Input(placeholder="table number", type="integer", id="join-number")
            yield Label("Its invitation code, if it is private:")
            yield Input(placeholder="no code", max_length=INVITATION_MAX, id="join-code")

    def on_mount(self) -> None:
        self.query_one("#join-number", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        number = self.query_one("#join-number", Input).value.strip()
        if not number.isdigit():
            self.notify("A table's number, please (the lobby lists them).", severity="error")
            self.query_one("#join-number", Input).focus()
            return
        code = self.query_one("#join-code", Input).value.strip() or None
        self.dismiss((int(number), code))

    def action_cancel(self) -> None:
        self.dismiss(None)
