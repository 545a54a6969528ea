"""The game's log: every line whole, whatever the width of the terminal.

A ``RichLog`` renders a line once, at the width it has when written (and at least 78 columns by
default), so a narrow terminal or a scrollbar appearing later cut the end off lines already
written. This log keeps its lines, always leaves room for the scrollbar, and writes them all
again at the new width when its width changes.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import RichLog


class GameLog(RichLog):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, min_width=1, **kwargs)
        self.entries: list[str] = []
        self.drawn_width = 0

    def show(self, lines: list[str]) -> None:
        """Bring the log up to ``lines`` (the game's log); an undo that took lines back
        redraws it without them."""
        if lines[: len(self.entries)] != self.entries:
            self.entries = []
            self.clear()
        for line in lines[len(self.entries) :]:
            self.write(line)
        self.entries = list(lines)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width and width != self.drawn_width:
            if self.drawn_width:
                self.call_after_refresh(self.reflow)
            self.drawn_width = width

    def reflow(self) -> None:
        """Write every line again at the current width (keeping the view at the end)."""
        self.clear()
        for line in self.entries:
            self.write(line)
