"""Ask which round to go to (the replay viewer's ``g``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class RoundPrompt(ModalScreen[int | None]):
    DEFAULT_CSS = """
    RoundPrompt { align: center middle; }
    RoundPrompt Vertical { width: 50; height: auto; padding: 1 2; border: thick $accent; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, first: int, last: int) -> None:
        super().__init__()
        self.first, self.last = first, last

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Go to round ({self.first} to {self.last}; Escape to cancel):")
            yield Input(placeholder="round", id="round", type="integer")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if value.lstrip("-").isdigit():
            self.dismiss(int(value))

    def action_cancel(self) -> None:
        self.dismiss(None)
