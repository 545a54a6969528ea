"""The decisions the engine offers the player to move, as a pick list."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from nfgalaxy.core.decision import Decision


class DecisionList(OptionList):
    """Only legal decisions are listed, so an illegal choice cannot be made from here."""

    def __init__(self, **kwargs) -> None:
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


class Decided(Message):
    """A board widget turned a key press or a drag into a decision; the game screen hands it
    to the engine, which judges it like any other (nothing is decided in a widget)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision
