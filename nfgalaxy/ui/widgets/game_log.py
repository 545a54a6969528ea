"""The game's log: every line whole, whatever the width of the terminal.

A ``RichLog`` renders a line once, at the width it has when written (and at least 78 columns by
default), so a narrow terminal or a scrollbar appearing later cut the end off lines already
written. This log keeps its lines, always leaves room for the scrollbar, and writes them all
again at the new width when its width changes.

It follows the game while its end is in view. A player who scrolled back to read is left where
they are, and the border says how many lines came since and how to follow again (a log that
stopped following without a word looked as if nothing had happened).
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
        #: Lines written since the player scrolled back (not following the game).
        self.unread = 0

    @property
    def following(self) -> bool:
        """The end of the log is in view (or there is nothing to scroll)."""
        return self.max_scroll_y == 0 or self.scroll_offset.y >= self.max_scroll_y

    def show(self, lines: list[str]) -> None:
        """Bring the log up to ``lines`` (the table's log). Lines that changed (an undo took
        them back, or a bot's run that grew now reads as one line) are written again, and a
        player reading further back stays where they read."""
        following = self.following
        added = len(lines) - len(self.entries)
        rewritten = lines[: len(self.entries)] != self.entries
        top = self.scroll_offset.y
        if rewritten:
            self.clear()
            self.entries = []
        for line in lines[len(self.entries) :]:
            self.write(line, scroll_end=following)
        self.entries = list(lines)
        if rewritten and not following:
            self.scroll_to(y=top, animate=False, immediate=True)
        if not following and added > 0:
            self.unread += added
            self.border_subtitle = (
                f"▼ {self.unread} new line{'s' * (self.unread != 1)} below · End to follow"
            )

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.unread and new_value >= self.max_scroll_y:
            self.unread = 0
            self.border_subtitle = ""

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
