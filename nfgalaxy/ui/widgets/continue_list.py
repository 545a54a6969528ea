"""The games in play on the start screen: one line each, the last played first.

Each line says what a player needs to recognise their game (which game, who plays, the round,
when it was last played); a file that cannot be continued says why instead, in words, so a
damaged autosave never simply vanishes from the list. Enter continues the highlighted game and
``d`` (or Delete) asks to delete it; both keys belong to the list, so they act only while the
list has the focus the player sees.
"""

from __future__ import annotations

from datetime import datetime

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList

from nfgalaxy.core.saves import SaveInfo
from nfgalaxy.ui.game_ui import game_title


def played_when(saved_at: str, now: datetime | None = None) -> str:
    """When a save was written, in the player's local time, as briefly as is still clear."""
    try:
        when = datetime.fromisoformat(saved_at).astimezone()
    except ValueError:
        return "at a time not recorded"
    now = now or datetime.now().astimezone()
    days = (now.date() - when.date()).days
    if days == 0:
        return f"today {when:%H:%M}"
    if days == 1:
        return f"yesterday {when:%H:%M}"
    if when.year == now.year:
        return f"{when.day} {when:%b %H:%M}"
    return f"{when.day} {when:%b %Y}"


def describe(entry: SaveInfo, now: datetime | None = None) -> str:
    """One line of the list (plain text: a player's name may hold brackets)."""
    if not entry.readable:
        return f"{entry.path.name}: cannot be continued, {entry.problem}"
    players = ", ".join(entry.players)
    when = played_when(entry.saved_at, now)
    return f"{game_title(entry.game)} · {players} · round {entry.round} · played {when}"


class ContinueList(OptionList):
    """The autosaves of games in play; ``show`` fills it."""

    BINDINGS = [
        Binding("enter", "select", "Continue"),
        Binding("d,delete", "delete", "Delete game"),
    ]

    class Delete(Message):
        """The player asked to delete this entry's file."""

        def __init__(self, entry: SaveInfo) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.entries: list[SaveInfo] = []

    def show(self, entries: list[SaveInfo]) -> None:
        self.entries = list(entries)
        self.set_options(describe(entry) for entry in self.entries)
        self.highlighted = 0 if self.entries else None

    def entry(self, index: int | None) -> SaveInfo | None:
        """The entry of a line (``highlighted``, or an ``OptionSelected``'s index)."""
        if index is None or not 0 <= index < len(self.entries):
            return None
        return self.entries[index]

    def action_delete(self) -> None:
        chosen = self.entry(self.highlighted)
        if chosen is not None:
            self.post_message(self.Delete(chosen))
