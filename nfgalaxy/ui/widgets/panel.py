"""A bordered panel that draws one part of the table from the engine state."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from nfgalaxy.games.new_frontiers.rules import NewFrontiers


class StatePanel(Static):
    """Subclasses name their ``TITLE`` and the function that ``draw``s their text."""

    DEFAULT_CSS = "StatePanel { height: auto; padding: 0 1; border: round $secondary; }"
    TITLE: ClassVar[str] = ""
    draw: ClassVar[Callable[[NewFrontiers], Text]]

    def show(self, state: NewFrontiers) -> None:
        self.border_title = self.TITLE
        self.update(type(self).draw(state))
