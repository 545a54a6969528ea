"""Typed events: what happened in a game, who did it, which components, in numbers.

An engine records events instead of sentences. Each game renders an event to words with its own
table of renderers (the text is made once, when the event is recorded, so a log never changes
meaning when the rules code does); screens show the words, and tests and bots can read the
fields. A quiet copy made for search records nothing at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, SupportsIndex


@dataclass(frozen=True, slots=True)
class Event:
    #: What happened, in the game's own vocabulary (``"settle"``, ``"roll"``, ``"score"``…).
    kind: str
    #: Who did it; None for the game itself (setup, end of round, scoring).
    seat: int | None = None
    #: Ids of the components involved (tiles, cards, goals, dice colours…), in a fixed order.
    components: tuple[str, ...] = ()
    #: Amounts (VP, credits, goods, military…), in a fixed order per kind.
    numbers: tuple[int, ...] = ()
    #: The words a player reads (rendered by the game when the event was recorded).
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.components:
            data["components"] = list(self.components)
        if self.numbers:
            data["numbers"] = list(self.numbers)
        return data

    @staticmethod
    def from_json(data: Any) -> Event:
        """An event from ``to_json``; a plain string (the log of older saves) becomes a note."""
        if isinstance(data, str):
            return Event("note", text=data)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an event: {data!r}")
        seat = data.get("seat")
        return Event(
            kind=data["kind"],
            seat=None if seat is None else int(seat),
            components=tuple(str(c) for c in data.get("components", ())),
            numbers=tuple(int(n) for n in data.get("numbers", ())),
            text=str(data.get("text", "")),
        )


class EventLog(list):
    """The words of the events, kept beside them so screens read plain strings.

    A line added directly (a problem found while loading the tiles, or older code) becomes a
    ``note`` event, so nothing in the log is lost from a save. Every game keeps its log this way.
    """

    __slots__ = ("_events",)

    def __init__(self, events: list[Event]) -> None:
        super().__init__([e.text for e in events])
        self._events = events

    @classmethod
    def of_new(cls, events: list[Event]) -> EventLog:
        """The log of a game with no events yet, made without a call to ``__init__`` (search
        copies make one each: this is a third of the time)."""
        log = list.__new__(cls)
        log._events = events
        return log

    def append(self, text: str) -> None:
        self._events.append(Event("note", text=text))
        super().append(text)

    def insert(self, index: SupportsIndex, text: str) -> None:
        self._events.insert(index, Event("note", text=text))
        super().insert(index, text)

    def add_rendered(self, text: str) -> None:
        """The words of an event the game has already appended to its events."""
        list.append(self, text)

    def copy_for(self, events: list[Event]) -> EventLog:
        """This log's words, kept beside ``events`` (a copy of the game's events)."""
        log = list.__new__(EventLog)
        list.extend(log, self)  # the words copied once (``__init__`` copied them twice)
        log._events = events
        return log
