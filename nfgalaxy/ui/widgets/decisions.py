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
        Binding("1", "pick(1)", "Pick by number", key_display="1–9"),
        *(Binding(digit, f"pick({digit})", "Pick by number", show=False) for digit in DIGITS[1:]),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.decisions: list[Decision] = []

    def offer(self, title: str, decisions: list[Decision]) -> None:
        self.border_title = title
        self.decisions = list(decisions)
        self.clear_options()
        self.add_options(
            [Option(f"{i + 1:>2}. {d.label or str(d)}") for i, d in enumerate(decisions)]
        )
        if decisions:
            self.highlighted = 0

    def wait(self, title: str) -> None:
        self.border_title = title
        self.decisions = []
        self.clear_options()

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
    to the engine, which judges it like any other (nothing is decided in a widget)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision


class Composed(Message):
    """A board widget built several decisions of one player up and the player confirmed them
    together (a flight to a marked place). The game screen sends them to the engine one after
    another, each judged like any other, and stops early where the player must look again: a
    decision the engine refuses, or one that brought something new to light. ``what`` names
    the whole in the words that say so ("The flight to Riomfou Hub")."""

    def __init__(self, decisions: Sequence[Decision], what: str) -> None:
        super().__init__()
        self.decisions = tuple(decisions)
        self.what = what
