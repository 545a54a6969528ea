"""The display name a player is known by on the server: picked the first time, changed later.

A key the store does not know yet gets this screen before the lobby; a known player opens it
from the lobby to rename. The store decides (unique on the server, whatever the case or the
width of the letters; printable; at most ``NAME_MAX`` characters) and says why it refuses: the
reason is shown under the field, which keeps what was typed, so one character can be fixed.
"""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from nfgalaxy.tables.errors import Refused
from nfgalaxy.tables.model import NAME_MAX, Player
from nfgalaxy.ui.online import OnlineSession


class PlayerNameScreen(ModalScreen[Player | None]):
    """Dismissed with the player as stored; Escape (renaming only) keeps the old name."""

    BINDINGS = [Binding("escape", "cancel", "Keep my name")]

    def __init__(self, session: OnlineSession, current: Player | None = None) -> None:
        super().__init__()
        self.session = session
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.current is None:
                yield Label(
                    "Welcome! Pick the name other players will know you by on this server "
                    f"(at most {NAME_MAX} characters), then press Enter."
                )
            else:
                yield Label(f"You are {escape(self.current.name)}. Your new name (Enter):")
            yield Input(
                self.current.name if self.current else "",
                placeholder="your name",
                max_length=NAME_MAX,
                id="player-name",
            )
            yield Static("", id="name-problem")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        key = self.session.key
        assert key is not None  # a guest is never asked for a name
        name = event.value
        try:
            if self.current is None:
                player = self.session.store.register(key, name)
            else:
                player = self.session.store.rename(key, name)
        except Refused as refused:
            reason = refused.reason[:1].upper() + refused.reason[1:] + "."
            self.query_one("#name-problem", Static).update(escape(reason))
            self.notify(escape(reason), title="Name refused", severity="error")
            return
        self.dismiss(player)

    def action_cancel(self) -> None:
        if self.current is not None:
            self.dismiss(None)
