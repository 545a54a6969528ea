"""Hot-seat privacy: the next human takes the keyboard before anything private is shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


class PrivacyScreen(ModalScreen[None]):
    BINDINGS = [Binding("enter,space", "dismiss_screen", "I am ready", priority=True)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass the keyboard to [b]{self.player_name}[/b].\n\n"
                "Press Enter when you are ready; the others should look away."
            )

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)
