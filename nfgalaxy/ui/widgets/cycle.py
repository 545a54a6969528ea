"""A choice among a few words, shown one at a time: ``◂ Bot: normal (search) ▸``.

The new-game form has a kind for every seat. As Textual ``Select``\\ s they were six widgets each
(the current value, its overlay list and their parts), and the form's first screen spent an
eighth of its start-up styling and drawing them. A seat's kind is one of eight words a player
steps through, as game set-up menus do: one widget is enough. ←/→ step back and forth, Space,
Enter and a click step on; the value wraps round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

T = TypeVar("T")


class Cycle(Widget, Generic[T], can_focus=True):
    """One of ``choices`` (label, value), stepped through with the keys or the mouse. Setting
    ``value`` (to one of the values) shows it and posts ``Cycle.Changed``, as ``Select`` does."""

    DEFAULT_CSS = """
    Cycle {
        height: 3;
        width: auto;
        border: tall $border-blurred;
        background: $surface;
        padding: 0 1;
    }
    Cycle:focus { border: tall $border; background-tint: $foreground 5%; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space,enter", "step(1)", "Change", key_display="←/→"),
    ]

    class Changed(Message):
        """The value changed (by a key, a click or the program)."""

        def __init__(self, cycle: Cycle[object], value: object) -> None:
            super().__init__()
            self.cycle, self.value = cycle, value

        @property
        def control(self) -> Cycle[object]:
            return self.cycle

    value: reactive[object] = reactive(None, init=False)

    def __init__(
        self, choices: Sequence[tuple[str, T]], value: T, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        if not choices:
            raise ValueError("a Cycle needs at least one choice")
        self._choices = list(choices)
        values = [v for _label, v in self._choices]
        if value not in values:
            raise ValueError(f"{value!r} is none of the choices {values!r}")
        self.set_reactive(Cycle.value, value)
        self._width = max(len(label) for label, _v in self._choices) + 4

    @property
    def choices(self) -> list[tuple[str, T]]:
        """The (label, value) pairs, in the order they are stepped through."""
        return list(self._choices)

    def _index(self) -> int:
        return [v for _label, v in self._choices].index(self.value)

    def validate_value(self, value: object) -> object:
        if value not in [v for _label, v in self._choices]:
            raise ValueError(f"{value!r} is none of the choices")
        return value

    def watch_value(self, value: object) -> None:
        self.post_message(self.Changed(self, value))

    def action_step(self, by: int) -> None:
        self.value = self._choices[(self._index() + by) % len(self._choices)][1]

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(1)

    def get_content_width(self, container: object, viewport: object) -> int:
        return self._width

    def render(self) -> Text:
        label = self._choices[self._index()][0]
        return Text.assemble(("◂ ", "dim"), label.ljust(self._width - 4), (" ▸", "dim"))
