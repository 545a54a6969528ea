"""The decisions the engine offers the player to move, as a numbered pick list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from nfgalaxy.core.decision import Decision

#: The digit keys that pick a decision by its number (1 is the first).
DIGITS = "123456789"


class DecisionList(OptionList):
    """Only legal decisions are listed, so an illegal choice cannot be made from here. Each is
    numbered, and a digit picks that one at once, as a player reads it off the list; the
    digits belong to the list only while it has the focus, so a board widget (Roll's dice cup)
    keeps its own digit keys."""

    BINDINGS = [
        Binding("1", "pick(1)", "Pick", key_display="1–9"),
        *(Binding(digit, f"pick({digit})", "Pick by number", show=False) for digit in DIGITS[1:]),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.decisions: list[Decision] = []

    def offer(self, title: str, decisions: list[Decision]) -> None:
        self.border_title = title
        self.border_subtitle = ""
        self.decisions = list(decisions)
        self._fill({})
        if decisions:
            self.highlighted = 0

    def wait(self, title: str) -> None:
        self.border_title = title
        self.border_subtitle = ""
        self.decisions = []
        self.clear_options()

    def mark(self, marks: dict[int, str], note: str) -> None:
        """Words after some decisions (by index: a hint's marks) and a line on the border;
        the list is the same, the highlight stays, and the next ``offer`` clears them."""
        highlighted = self.highlighted
        self._fill(marks)
        self.highlighted = highlighted
        self.border_subtitle = note

    def _fill(self, marks: dict[int, str]) -> None:
        self.clear_options()
        self.add_options(
            [
                Option(f"{i + 1:>2}. {d.label or str(d)}" + (f"  {marks[i]}" if i in marks else ""))
                for i, d in enumerate(self.decisions)
            ]
        )

    def action_pick(self, number: int) -> None:
        """Take decision ``number`` (counted from 1), as Enter would on that line."""
        if not self.decisions:
            return
        if number > len(self.decisions):
            count = len(self.decisions)
            self.notify(
                f"There {'is' if count == 1 else 'are'} only {count} "
                f"decision{'s' * (count != 1)} to choose from.",
                severity="warning",
            )
            return
        self.highlighted = number - 1
        self.action_select()


class Decided(Message):
    """A board widget turned a key press or a drag into a decision; the game screen hands it
    to the engine, which judges it like any other (nothing is decided in a widget).

    A choice composed on screen (several cards picked in the hand, a flight to a marked place)
    is confirmed as one message with the engine's own decisions in order (``then``): the screen
    sends them one after another, each judged like any other, and stops early where the player
    must look again: a decision the engine refuses, the turn passing on, or a decision that
    brought something new to light. ``what`` names the whole in the words that say so ("The
    flight to Riomfou Hub")."""

    def __init__(
        self, decision: Decision, then: Sequence[Decision] = (), what: str = "The choice"
    ) -> None:
        super().__init__()
        self.decision = decision
        self.then = tuple(then)
        self.what = what

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return (self.decision, *self.then)
