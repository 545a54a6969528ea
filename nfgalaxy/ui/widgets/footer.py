"""The footer of the game screen: Textual's, redrawn only when the keys it shows change.

Textual's footer rebuilds all its keys whenever the screen's bindings are refreshed, whether or
not anything it shows changed; the game screen refreshes them after every decision and every
change of focus, and each rebuild restyled some fifteen keys: in a game against bots it was the
largest single cost of drawing a decision (a quarter of the time of a hot-seat test). This one
compares what it would show with what it shows, and rebuilds only on a difference.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """A ``Footer`` that rebuilds only when its keys, their words or their states change."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: What the keys shown were built from, or None before they first were.
        self._shown: tuple[Any, ...] | None = None

    def _keys(self, screen: Screen[Any]) -> tuple[Any, ...]:
        """Everything ``Footer.compose`` reads: the shown bindings with their states, and
        whether the palette's key is shown."""
        keys = tuple(
            (
                binding.key,
                binding.action,
                binding.description,
                binding.key_display,
                binding.group,
                enabled,
                tooltip,
            )
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show or binding.key == self.app.COMMAND_PALETTE_BINDING
        )
        return (self.show_command_palette, keys)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            super().bindings_changed(screen)  # marks the keys ready; rebuilds nothing
            return
        keys = self._keys(screen)
        if keys == self._shown:
            return
        self._shown = keys
        super().bindings_changed(screen)

    def fit(self, narrow: bool) -> None:
        """Compact, without the palette's key, on a narrow screen, so that every key shown
        fits at 80 columns (ctrl+p still opens the palette; every game's help lists it)."""
        self.compact = narrow
        if self.show_command_palette == narrow:
            self.show_command_palette = not narrow
            self._shown = None
            if self.is_attached:
                self.screen.refresh_bindings()  # rebuilt the way a change of keys is
