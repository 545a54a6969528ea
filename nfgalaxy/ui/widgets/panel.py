"""A bordered panel that draws one part of the table from the engine state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static


def same_content(a: object, b: object) -> bool:
    """Whether two renderables draw alike: strings, ``Text`` (words, spans, style and
    layout) and ``Group``s of them; anything else is taken as changed."""
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    if isinstance(a, Text) and isinstance(b, Text):
        return _text_key(a) == _text_key(b)
    if isinstance(a, Group) and isinstance(b, Group):
        return (
            a.fit == b.fit
            and len(a.renderables) == len(b.renderables)
            and all(same_content(x, y) for x, y in zip(a.renderables, b.renderables, strict=True))
        )
    return False


def _text_key(text: Text) -> tuple[object, ...]:
    return (text.plain, text.spans, text.style, text.justify, text.overflow, text.no_wrap, text.end)


class DrawnStatic(Static):
    """A ``Static`` that draws again only what changed. ``Static.update`` marks the screen
    for a new layout whatever it is given, and the game screen draws every part of the table
    at every decision, most of them as they were (at an online table, at each of the
    others' decisions too): each one unchanged cost a layout and a render of the screen."""

    _drawn: object = None

    def draw_content(self, content: object) -> None:
        """``update``, unless ``content`` draws as what is shown."""
        if self._drawn is not None and same_content(self._drawn, content):
            return
        self._drawn = content
        self.update(content)


class StatePanel(DrawnStatic):
    """Subclasses name their ``TITLE`` and the function that ``draw``s their text."""

    TITLE: ClassVar[str] = ""
    draw: ClassVar[Callable[[Any], Text]]

    def show(self, state: Any) -> None:
        self.border_title = self.TITLE
        self.draw_content(type(self).draw(state))


def arrange(container: Widget, children: list[Widget]) -> None:
    """Put ``children`` first in ``container``, in this order (the player to move on top)."""
    if list(container.children[: len(children)]) == children:
        return  # moving a child lays the screen out again, even to where it is
    previous: Widget | None = None
    for child in children:
        if previous is None:
            container.move_child(child, before=0)
        else:
            container.move_child(child, after=previous)
        previous = child
