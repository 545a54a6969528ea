"""A bordered panel that draws one part of the table from the engine state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static


class StatePanel(Static):
    """Subclasses name their ``TITLE`` and the function that ``draw``s their text."""

    TITLE: ClassVar[str] = ""
    draw: ClassVar[Callable[[Any], Text]]

    def show(self, state: Any) -> None:
        self.border_title = self.TITLE
        self.update(type(self).draw(state))


def arrange(container: Widget, children: list[Widget]) -> None:
    """Put ``children`` first in ``container``, in this order (the player to move on top)."""
    previous: Widget | None = None
    for child in children:
        if previous is None:
            container.move_child(child, before=0)
        else:
            container.move_child(child, after=previous)
        previous = child
