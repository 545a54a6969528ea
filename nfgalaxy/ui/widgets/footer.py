"""The footer of the game screen: Textual's, redrawn only when the keys it shows change.

Textual's footer rebuilds all its keys whenever the screen's bindings are refreshed, whether or
not anything it shows changed; the game screen refreshes them after every decision and every
change of focus, and each rebuild restyled some fifteen keys: in a game against bots it was the
largest single cost of drawing a decision (a quarter of the time of a hot-seat test). This one
compares what it would show with what it shows, and rebuilds only on a difference. Most
differences are a key offered or not (Undo after one's own decision, gone once another acts: at
an online table, at every decision of the others) or lit or dimmed: the keys already built are
then shown, hidden, lit or dimmed in place. A rebuild made some fifteen widgets anew and laid
the screen out once more after each decision, the largest part of drawing one.
"""

from __future__ import annotations

import math
from typing import Any

from textual import events
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: Where a key's enabled state is in what ``KeysFooter._keys`` reads of it.
_ENABLED = 5


class KeysFooter(Footer):
    """A ``Footer`` that rebuilds only when its keys, their words or their states change,
    and takes two rows where one cannot hold every key (at 80 columns, when a hand of cards
    or a map adds its own keys to the screen's)."""

    DEFAULT_CSS = """
    KeysFooter.-two-rows { layout: grid; grid-columns: auto; grid-rows: 1; height: 2; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: What the keys shown were built from, or None before they first were.
        self._shown: tuple[Any, ...] | None = None
        #: The terminal's size at which the footer took two rows: it keeps them while the
        #: size stays, whatever the keys. Going back to one row when the focus moved to a part
        #: with fewer keys resized the board at every move of the focus, and a hand laid out
        #: for one of those sizes could be left drawn for the other.
        self._two_rows_at: Size | None = None

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
        shown, self._shown = self._shown, keys
        if shown is not None and self._in_place(shown, keys):
            return
        super().bindings_changed(screen)

    def _in_place(self, shown: tuple[Any, ...], keys: tuple[Any, ...]) -> bool:
        """Show the keys ``keys`` names with the keys already built, if it can: each is
        built already (same key, action and words, in the same order), and nothing is
        grouped; those not named are hidden. False when a rebuild is needed."""
        palette, now = keys
        if palette != shown[0] or any(key[4] is not None for key in now):
            return False
        tooltips = {(key[0], key[1]): key[6] for key in shown[1]}
        wanted: dict[tuple[str, str], Any] = {}
        for key in now:  # as ``Footer.compose``: the first binding of each action
            if key[0] == self.app.COMMAND_PALETTE_BINDING and not palette:
                continue
            if all(key[1] != action for _, action in wanted):
                wanted[key[0], key[1]] = key
        built = {(w.key, w.action): w for w in self.query(FooterKey)}
        order = [name for name in built if name in wanted]
        if order != list(wanted):
            return False
        for name, key in wanted.items():
            if built[name].description != key[2] or tooltips.get(name, key[6]) != key[6]:
                return False
        self.styles.grid_size_columns = len(wanted)  # as ``compose`` sets it
        for name, widget in built.items():
            key = wanted.get(name)
            widget.display = key is not None
            if key is not None:
                # FooterKey keeps its state in ``_disabled`` (read when clicked) and a class.
                widget._disabled = not key[_ENABLED]
                widget.set_class(not key[_ENABLED], "-disabled")
        self._fit_rows()
        return True

    async def recompose(self) -> None:
        await super().recompose()
        self._fit_rows()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Two rows when the keys shown are wider than the footer beside the palette's key
        (and so would be cut), each column as wide as its wider key."""
        keys, palette = [], 0
        for key in self.query(FooterKey):
            if not key.display:
                continue
            if key.has_class("-command-palette"):
                palette = _width(key)
            else:
                keys.append(key)
        width = (self.size.width or self.app.size.width) - palette
        two = bool(keys) and sum(_width(key) for key in keys) > width
        if two:
            self._two_rows_at = self.app.size
        elif self._two_rows_at == self.app.size:
            two = bool(keys)
        if two:
            columns = math.ceil(len(keys) / 2)
            widths = [_width(key) for key in keys] + [0]
            self.styles.grid_size_columns = columns
            self.styles.grid_columns = " ".join(
                str(max(widths[c], widths[c + columns] if c + columns < len(keys) else 0))
                for c in range(columns)
            )
        self.set_class(two, "-two-rows")
        if self.is_attached:
            # The screen may give the row back elsewhere (a short game screen: its bottom).
            self.screen.set_class(two, "-footer-two-rows")

    def fit(self, narrow: bool) -> None:
        """Compact, without the palette's key, on a narrow screen, so that every key shown
        fits at 80 columns (ctrl+p still opens the palette; every game's help lists it)."""
        self.compact = narrow
        if self.show_command_palette == narrow:
            self.show_command_palette = not narrow
            self._shown = None
            if self.is_attached:
                self.screen.refresh_bindings()  # rebuilt the way a change of keys is


def _width(key: FooterKey) -> int:
    """The columns ``key`` takes in a row of the footer: its text, padding and margin."""
    content = key.get_content_width(Size(0, 0), Size(0, 0))
    return content + key.styles.padding.width + key.styles.margin.width
