"""Below the hand: the whole text of the card under the hand's cursor, or what an action card
would do (the advanced game's action cards lie in the hand grid while two are chosen)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nfgalaxy.core.decision import Decision
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.rules.common import ACTION
from nfgalaxy.games.race.ui.actions import explain_action
from nfgalaxy.games.race.ui.compose import ACTION_CELL, action_of
from nfgalaxy.games.race.ui.faces import card_full


def cell_text(state: RaceGame, cell: str) -> Text:
    """A hand cell's whole text: a card's, or an action card's phase and bonus in numbers for
    the player to move (``explain_action``)."""
    if cell.startswith(ACTION_CELL):
        words = explain_action(state, Decision(ACTION, (action_of(cell).value,)))
        return Text.from_markup(words or "")
    return card_full(state.cards[cell])


class CardPreview(Static):
    """The whole text of the hand card being looked at (the shared screen's own preview
    describes the card a focused decision names)."""

    def preview(self, state: RaceGame | None, cell: str | None) -> None:
        self.border_title = "Card"
        if state is None or cell is None:
            self.update(Text("Move through your hand to read a card's whole text.", "dim"))
            return
        self.update(cell_text(state, cell))
