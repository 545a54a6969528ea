"""Ask before doing something that cannot be taken back (deleting a game in play)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmScreen(ModalScreen[bool]):
    """True for ``y``, False for ``n`` or Escape; other keys do nothing, so a slip of a
    finger never deletes."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Static("y: yes · n or Escape: no", id="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
