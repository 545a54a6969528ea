"""The title bar at the top of every screen."""

from __future__ import annotations

from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header


class TitleHeader(Header):
    """Textual's ``Header``, following the app's and the screen's title and subtitle as it
    does, except that an update arriving while the header is being taken down is dropped.

    The stock header looks its title widget up unguarded when a title changes; a bot's move
    changes the subtitle, and on a busy machine that update could land as a screen closed or
    the app quit, after the title widget was gone, and end the app with an error (seen in the
    test suite beside two bot tournaments)."""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # the stock header's watchers: ours below stand in for them
        Widget._on_mount(self, event)
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._show_title)
            self.watch(owner, "sub_title", self._show_title)

    async def _show_title(self) -> None:
        """The title's words, redrawn in place: the title fills the header's one line
        whatever it says (nowrap, cut with an ellipsis), so no layout of the screen is needed;
        with one (``Static.update``'s default) the whole screen was laid out and drawn again
        at each change: every second at a live table, whose clock the subtitle counts down."""
        try:
            for title in self.query("HeaderTitle"):
                title.update(self.format_title(), layout=False)
        except NoScreen:
            pass  # taken down already
